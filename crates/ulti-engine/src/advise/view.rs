//! What one seat can see: its own cards, the talon when it is the soloist's, every card
//! played so far (and so who played it), the bid, and what the duties of play revealed about
//! the hidden hands (shared/RULES.md "Playing to a trick").
//!
//! A [`SeatView`] holds no hidden card. [`SeatView::from_deal`] is the one place a full deal
//! is read, and it only copies the visible parts out of it.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract, has_marriage};
use crate::deal::{Deal, SOLOIST, Seat};
use crate::rules::{Game, PlayError, RuleOptions, legal_cards};

use super::evidence::Evidence;

/// The talon as a place cards can be, beside the three seats.
pub(crate) const TALON: usize = 3;

/// Why a view cannot be built.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ViewError {
    /// The seat is not 0, 1 or 2.
    #[error("seat {0} does not exist: seats are 0 (soloist), 1 and 2 (defenders)")]
    NoSuchSeat(Seat),
    /// The hand does not hold ten cards.
    #[error("the hand holds {0} cards, a hand has 10")]
    HandSize(u32),
    /// The talon is given for a defender, or missing or not two cards for the soloist.
    #[error("{0}")]
    Talon(&'static str),
    /// A played card is impossible from what the seat sees.
    #[error("played card {index} ({card}): {why}")]
    Played {
        /// 1-based position in the played cards.
        index: usize,
        /// The card.
        card: Card,
        /// What is wrong.
        why: String,
    },
    /// Cards were played without a bid.
    #[error("cards were played but no bid is known")]
    PlayWithoutBid,
    /// The soloist lacks the bid's prerequisites.
    #[error("the bid cannot be played: {0}")]
    Unplayable(&'static str),
    /// The seat is not the one to move.
    #[error("seat {seat} is not to play: seat {to_move} is")]
    NotToMove {
        /// The seat asked about.
        seat: Seat,
        /// The seat to move.
        to_move: Seat,
    },
    /// All ten tricks are over.
    #[error("all ten tricks are over: there is no card to choose")]
    GameOver,
    /// The full deal given to [`SeatView::from_deal`] does not allow the played cards.
    #[error("played card {index}: {error}")]
    IllegalPlay {
        /// 1-based position in the played cards.
        index: usize,
        /// The rule broken.
        error: PlayError,
    },
}

/// Exactly what one seat can see (shared/STYLE.md: hidden-information code takes only this).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    seat: Seat,
    hand: CardSet,
    talon: Option<CardSet>,
    trump: Suit,
    bid: Option<Bid>,
    rules: RuleOptions,
    played: Vec<Card>,
    /// The seat that played each card of `played`.
    players: Vec<Seat>,
    /// Per place (seats 0..2, [`TALON`]): cards it cannot hold, from the duties of play and
    /// the bid.
    excluded: [CardSet; 4],
    /// Cards the soloist must hold (the bid's prerequisites).
    required: CardSet,
    /// What the seats said in the auction, when the sampler is to weigh layouts by it
    /// (always written: the worker's wire codec is not self-describing).
    #[serde(default)]
    evidence: Option<Evidence>,
}

impl SeatView {
    /// The view of `seat`, from what it sees.
    ///
    /// `hand` is the seat's hand as dealt (ten cards, including those it has played since);
    /// `talon` is given exactly when `seat` is the soloist (who discarded it); `played` are
    /// the cards played so far in order from trick 1; `bid` (with the trump `trump` for trump
    /// bids) is the announced bid, `None` only before any card is played.
    ///
    /// # Errors
    /// A seat out of range, a hand not of ten cards, a talon given to a defender (or not two
    /// cards for the soloist), a played card that is visible elsewhere or seen twice, a card of
    /// the seat's own that it did not hold, or a revealed duty the seat's own play broke.
    pub fn new(
        seat: Seat,
        hand: CardSet,
        talon: Option<CardSet>,
        trump: Suit,
        bid: Option<Bid>,
        played: &[Card],
        rules: RuleOptions,
    ) -> Result<SeatView, ViewError> {
        if seat > 2 {
            return Err(ViewError::NoSuchSeat(seat));
        }
        if hand.len() != 10 {
            return Err(ViewError::HandSize(hand.len()));
        }
        match (seat == SOLOIST, talon) {
            (true, None) => return Err(ViewError::Talon("the soloist's view needs the talon")),
            (false, Some(_)) => {
                return Err(ViewError::Talon(
                    "a defender does not see the talon: give it only for the soloist",
                ));
            }
            (true, Some(t)) if t.len() != 2 || t.0 & hand.0 != 0 => {
                return Err(ViewError::Talon(
                    "the talon is two cards that are not in the hand",
                ));
            }
            _ => {}
        }
        if bid.is_none() && !played.is_empty() {
            return Err(ViewError::PlayWithoutBid);
        }
        let mut view = SeatView {
            seat,
            hand,
            talon,
            trump,
            bid,
            rules,
            played: played.to_vec(),
            players: Vec::with_capacity(played.len()),
            excluded: [CardSet::EMPTY; 4],
            required: CardSet::EMPTY,
            evidence: None,
        };
        view.replay()?;
        view.bid_constraints();
        Ok(view)
    }

    /// The view of `seat` at a position of a full deal: the only place a deal with hidden
    /// cards is read, and only the seat's own hand, the talon (for the soloist), the trump
    /// and the played cards are taken from it.
    ///
    /// # Errors
    /// A seat out of range, a bid the soloist cannot play, or a played card that breaks a
    /// rule.
    pub fn from_deal(
        deal: &Deal,
        bid: &Bid,
        played: &[Card],
        seat: Seat,
        rules: RuleOptions,
    ) -> Result<SeatView, ViewError> {
        if seat > 2 {
            return Err(ViewError::NoSuchSeat(seat));
        }
        if let Some(reason) = bid.unplayable_reason(deal) {
            return Err(ViewError::Unplayable(reason));
        }
        let mut g = Game::new(deal, bid, rules);
        for (i, &c) in played.iter().enumerate() {
            g.play(c).map_err(|error| ViewError::IllegalPlay {
                index: i + 1,
                error,
            })?;
        }
        let talon = (seat == SOLOIST).then(|| deal.talon());
        SeatView::new(
            seat,
            deal.hand(seat),
            talon,
            deal.trump,
            Some(bid.clone()),
            played,
            rules,
        )
    }

    /// The same view, its layouts weighed by what the seats said in the auction.
    #[must_use]
    pub fn with_evidence(mut self, evidence: Evidence) -> SeatView {
        self.evidence = Some(evidence);
        self
    }

    /// What the seats said in the auction, if the view weighs layouts by it.
    #[must_use]
    pub fn evidence(&self) -> Option<&Evidence> {
        self.evidence.as_ref()
    }

    /// The seat whose view this is.
    #[must_use]
    pub fn seat(&self) -> Seat {
        self.seat
    }

    /// The seat's hand as dealt.
    #[must_use]
    pub fn hand(&self) -> CardSet {
        self.hand
    }

    /// The cards the seat still holds.
    #[must_use]
    pub fn hand_now(&self) -> CardSet {
        CardSet(self.hand.0 & !self.played_set().0)
    }

    /// The talon, when the seat is the soloist.
    #[must_use]
    pub fn talon(&self) -> Option<CardSet> {
        self.talon
    }

    /// The trump suit of the deal (used by trump bids).
    #[must_use]
    pub fn trump(&self) -> Suit {
        self.trump
    }

    /// The bid, once announced.
    #[must_use]
    pub fn bid(&self) -> Option<&Bid> {
        self.bid.as_ref()
    }

    /// The house rules.
    #[must_use]
    pub fn rules(&self) -> RuleOptions {
        self.rules
    }

    /// The cards played so far, in order.
    #[must_use]
    pub fn played(&self) -> &[Card] {
        &self.played
    }

    /// The seat that played each card of [`SeatView::played`].
    #[must_use]
    pub fn players(&self) -> &[Seat] {
        &self.players
    }

    /// Cards that `place` (a seat 0..2, or 3 = the talon) cannot hold, as revealed by play and
    /// the bid.
    #[must_use]
    pub fn excluded(&self, place: usize) -> CardSet {
        self.excluded[place]
    }

    /// Cards the soloist must hold because of the bid (ulti: the trump VII; 40-100: the
    /// trump Király and Felső).
    #[must_use]
    pub fn required(&self) -> CardSet {
        self.required
    }

    /// Whose turn it is (`None` after trick 10).
    #[must_use]
    pub fn to_move(&self) -> Option<Seat> {
        if self.played.len() >= 30 {
            return None;
        }
        let in_trick = self.played.len() % 3;
        let leader = if self.played.len() < 3 {
            SOLOIST
        } else {
            let start = self.played.len() - in_trick;
            // The leader of the current trick is the winner of the last complete one.
            self.trick_winner(start - 3)
        };
        Some((leader + in_trick) % 3)
    }

    /// Checks that it is this seat's turn to play a card.
    ///
    /// # Errors
    /// [`ViewError::GameOver`] after trick 10, [`ViewError::NotToMove`] when another seat is to
    /// play.
    pub fn require_turn(&self) -> Result<(), ViewError> {
        match self.to_move() {
            None => Err(ViewError::GameOver),
            Some(to_move) if to_move != self.seat => Err(ViewError::NotToMove {
                seat: self.seat,
                to_move,
            }),
            Some(_) => Ok(()),
        }
    }

    /// The cards the seat may play now under the duties of play (shared/RULES.md), from its
    /// own hand and the trick on the table; empty when it is not the seat's turn.
    #[must_use]
    pub fn legal_cards(&self) -> CardSet {
        if self.to_move() != Some(self.seat) {
            return CardSet::EMPTY;
        }
        let n = self.played.len();
        let current = &self.played[n - n % 3..];
        let seven = self
            .bid
            .as_ref()
            .filter(|b| b.has_ulti() && self.seat == SOLOIST)
            .map(|_| Card::new(self.trump, Rank::Seven));
        legal_cards(
            self.hand_now(),
            current,
            self.play_trump(),
            self.rules,
            seven,
            n / 3,
        )
    }

    /// The cards on the table in the unfinished trick, led first.
    #[must_use]
    pub fn current_trick(&self) -> &[Card] {
        let n = self.played.len();
        &self.played[n - n % 3..]
    }

    /// The seat currently winning the unfinished trick, if a card is on the table.
    #[must_use]
    pub fn current_winner(&self) -> Option<Seat> {
        let n = self.played.len();
        let cur = self.current_trick();
        (!cur.is_empty())
            .then(|| self.players[n - cur.len()] + self.winning_index(cur))
            .map(|s| s % 3)
    }

    /// The trump suit in play: `None` for no-trump bids and before a bid.
    #[must_use]
    pub fn trump_in_play(&self) -> Option<Suit> {
        self.play_trump()
    }

    /// Every card played so far.
    #[must_use]
    pub fn played_set(&self) -> CardSet {
        self.played.iter().copied().collect()
    }

    /// The cards played by `seat` so far.
    #[must_use]
    pub fn played_by(&self, seat: Seat) -> CardSet {
        self.played
            .iter()
            .zip(&self.players)
            .filter(|&(_, &s)| s == seat)
            .map(|(&c, _)| c)
            .collect()
    }

    /// The cards the seat cannot see: neither its own, nor played, nor (for the soloist) the
    /// talon.
    #[must_use]
    pub fn unseen(&self) -> CardSet {
        let seen = self.hand.0 | self.played_set().0 | self.talon.map_or(0, |t| t.0);
        CardSet(!seen)
    }

    /// The trump in play, `None` for no-trump bids (and before a bid).
    fn play_trump(&self) -> Option<Suit> {
        self.bid
            .as_ref()
            .filter(|b| b.has_trumps())
            .map(|_| self.trump)
    }

    /// Strength for winning tricks: trumps above everything, then rank order.
    fn strength(&self, c: Card) -> u8 {
        let trump = self.play_trump();
        let r = if trump.is_some() {
            c.rank().trump_strength()
        } else {
            c.rank().no_trump_strength()
        };
        if Some(c.suit()) == trump { r + 16 } else { r }
    }

    /// The cards of `suit` stronger than strength `s`.
    fn stronger(&self, suit: Suit, s: u8) -> CardSet {
        suit.cards()
            .iter()
            .filter(|&c| self.strength(c) > s)
            .collect()
    }

    /// The seat winning the complete trick starting at `start` in `played`.
    fn trick_winner(&self, start: usize) -> Seat {
        let cards = &self.played[start..start + 3];
        let leader = self.players[start];
        (leader + self.winning_index(cards)) % 3
    }

    fn winning_index(&self, cards: &[Card]) -> usize {
        let trump = self.play_trump();
        let mut best = 0;
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let b = cards[best];
            let beats = if c.suit() == b.suit() {
                self.strength(c) > self.strength(b)
            } else {
                Some(c.suit()) == trump
            };
            if beats {
                best = i;
            }
        }
        best
    }

    /// Who played each card, and what each card revealed about its player's other cards.
    fn replay(&mut self) -> Result<(), ViewError> {
        let trump = self.play_trump();
        let seven = self
            .bid
            .as_ref()
            .filter(|b| b.has_ulti())
            .map(|_| Card::new(self.trump, Rank::Seven));
        let mut seen = CardSet::EMPTY;
        let mut leader = SOLOIST;
        let played = self.played.clone();
        for (i, &c) in played.iter().enumerate() {
            let bad = |why: &str| ViewError::Played {
                index: i + 1,
                card: c,
                why: why.to_string(),
            };
            let pos = i % 3;
            let s = (leader + pos) % 3;
            if seen.contains(c) {
                return Err(bad("played twice"));
            }
            if self.talon.is_some_and(|t| t.contains(c)) {
                return Err(bad("it is in the talon"));
            }
            if (s == self.seat) != self.hand.contains(c) {
                return Err(bad(if s == self.seat {
                    "the seat played a card it does not hold"
                } else {
                    "another seat played a card of this seat's hand"
                }));
            }
            if s == self.seat && self.excluded[s].contains(c) {
                return Err(bad(
                    "the seat's own earlier play showed it could not hold it",
                ));
            }
            seen.insert(c);
            self.players.push(s);
            let trick = &played[i - pos..i];
            let mut ex = CardSet::EMPTY;
            if let Some(&first) = trick.first() {
                let led = first.suit();
                let trumped =
                    trump.is_some_and(|t| t != led && trick.iter().any(|x| x.suit() == t));
                if c.suit() == led {
                    if !trumped || self.rules.must_beat_after_trump {
                        let top = trick
                            .iter()
                            .filter(|x| x.suit() == led)
                            .map(|&x| self.strength(x))
                            .max()
                            .unwrap_or(0);
                        if self.strength(c) < top {
                            ex.0 |= self.stronger(led, top).0;
                        }
                    }
                } else {
                    ex.0 |= led.cards().0;
                    if let Some(t) = trump {
                        if c.suit() == t {
                            let top = trick
                                .iter()
                                .filter(|x| x.suit() == t)
                                .map(|&x| self.strength(x))
                                .max();
                            if let Some(top) = top
                                && self.strength(c) < top
                            {
                                ex.0 |= self.stronger(t, top).0;
                            }
                        } else {
                            ex.0 |= t.cards().0;
                        }
                    }
                }
            }
            // The ulti soloist plays the trump VII early only as their only legal card: they
            // held no other trump then.
            if Some(c) == seven && s == SOLOIST && i / 3 < 9 {
                if pos == 0 {
                    return Err(bad(
                        "the ulti soloist may not lead the trump VII before trick 10",
                    ));
                }
                ex.0 |= self.trump.cards().0 & !c.bit();
            }
            if s == self.seat && ex.0 & self.hand_now_at(i).0 != 0 {
                return Err(bad(
                    "it breaks a duty of play: the seat held a card it had to play",
                ));
            }
            self.excluded[s].0 |= ex.0;
            if pos == 2 {
                let w = self.winning_index(&played[i - 2..=i]);
                leader = (leader + w) % 3;
            }
        }
        Ok(())
    }

    /// The seat's own cards still in hand just before the `i`-th played card (0-based),
    /// excluding that card.
    fn hand_now_at(&self, i: usize) -> CardSet {
        let before: CardSet = self.played[..=i].iter().copied().collect();
        CardSet(self.hand.0 & !before.0)
    }

    /// What the bid tells about the soloist's hand and the talon.
    fn bid_constraints(&mut self) {
        let Some(bid) = self.bid.clone() else { return };
        let t = self.trump;
        for &c in bid.contracts() {
            match c {
                Contract::Ulti => self.required.insert(Card::new(t, Rank::Seven)),
                Contract::Negyven100 => {
                    self.required.insert(Card::new(t, Rank::Kiraly));
                    self.required.insert(Card::new(t, Rank::Felso));
                }
                Contract::NegyAsz => {
                    for s in Suit::ALL {
                        self.excluded[TALON].insert(Card::new(s, Rank::Asz));
                    }
                }
                Contract::NegyTizes => {
                    for s in Suit::ALL {
                        self.excluded[TALON].insert(Card::new(s, Rank::Ten));
                    }
                }
                _ => {}
            }
        }
        // A required card cannot be anywhere else.
        for place in 1..4 {
            self.excluded[place].0 |= self.required.0;
        }
    }

    /// Is a full layout of the hidden cards consistent with everything this view knows?
    /// `deal` must agree with the view on the visible cards.
    pub(crate) fn consistent(&self, deal: &Deal) -> bool {
        let Some(bid) = &self.bid else { return true };
        if bid.unplayable_reason(deal).is_some() {
            return false;
        }
        // 20-100 needs a side marriage: a disjunction the per-card constraints cannot carry.
        if bid.contracts().contains(&Contract::Husz100)
            && !Suit::ALL
                .iter()
                .any(|&s| s != deal.trump && has_marriage(deal.hand(SOLOIST), s))
        {
            return false;
        }
        Game::with_played(deal, bid, self.rules, &self.played).is_ok()
    }
}
