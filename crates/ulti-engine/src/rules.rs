//! The rules of play (shared/RULES.md) in plain, readable form: legal cards, trick winners,
//! card points, marriages and contract outcomes. This is the validated path: it checks every
//! played card and says which rule a bad one breaks. The solver has its own bitboard move
//! generator and is checked against this module by the oracle tests.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract, marriage_points};
use crate::deal::{Deal, SOLOIST, Seat};

/// House rules that real tables disagree on (shared/RULES.md), both off by default.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RuleOptions {
    /// The duty to beat the led suit stays after the trick has been trumped.
    #[serde(default)]
    pub must_beat_after_trump: bool,
    /// A marriage counts only if its holder's side wins at least one trick.
    #[serde(default)]
    pub marriage_needs_trick: bool,
}

impl RuleOptions {
    /// The id of [`RuleOptions::must_beat_after_trump`] in the app's `rules=` and in puzzle
    /// files.
    pub const MUST_BEAT_AFTER_TRUMP: &'static str = "must-beat-after-trump";
    /// The id of [`RuleOptions::marriage_needs_trick`].
    pub const MARRIAGE_NEEDS_TRICK: &'static str = "marriage-needs-trick";

    /// The ids of the rules that are on, comma-separated (empty for the defaults), as the
    /// app's `rules=` writes them.
    #[must_use]
    pub fn ids(self) -> String {
        let mut ids = Vec::new();
        if self.must_beat_after_trump {
            ids.push(Self::MUST_BEAT_AFTER_TRUMP);
        }
        if self.marriage_needs_trick {
            ids.push(Self::MARRIAGE_NEEDS_TRICK);
        }
        ids.join(",")
    }

    /// The rules named by comma-separated ids (blank parts skipped).
    ///
    /// # Errors
    /// The first id that names no house rule.
    pub fn from_ids(ids: &str) -> Result<RuleOptions, UnknownRule> {
        let mut rules = RuleOptions::default();
        for id in ids.split(',').map(str::trim) {
            match id {
                Self::MUST_BEAT_AFTER_TRUMP => rules.must_beat_after_trump = true,
                Self::MARRIAGE_NEEDS_TRICK => rules.marriage_needs_trick = true,
                "" => {}
                other => return Err(UnknownRule(other.to_string())),
            }
        }
        Ok(rules)
    }
}

/// A rule id that names no house rule.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown house rule {0:?}: use must-beat-after-trump, marriage-needs-trick")]
pub struct UnknownRule(pub String);

/// A card that may not be played now, and the rule it breaks.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// All ten tricks have been played.
    #[error("{card} cannot be played: all ten tricks are over")]
    GameOver {
        /// The card.
        card: Card,
    },
    /// The player to move does not hold the card.
    #[error("{card} is not in the hand of seat {seat}, who is to play")]
    NotInHand {
        /// The card.
        card: Card,
        /// The seat to move.
        seat: Seat,
    },
    /// The player holds the led suit.
    #[error("{card} breaks the rule to follow suit: seat {seat} holds {} ({led}) cards", led.hungarian())]
    MustFollow {
        /// The card.
        card: Card,
        /// The seat to move.
        seat: Seat,
        /// The led suit.
        led: Suit,
    },
    /// The player can beat the highest card of the led suit.
    #[error("{card} breaks the rule to beat the led suit: seat {seat} holds a higher {} ({led}) card", led.hungarian())]
    MustBeat {
        /// The card.
        card: Card,
        /// The seat to move.
        seat: Seat,
        /// The led suit.
        led: Suit,
    },
    /// The player is void in the led suit and holds a trump.
    #[error("{card} breaks the rule to trump when void in the led suit: seat {seat} holds a trump")]
    MustTrump {
        /// The card.
        card: Card,
        /// The seat to move.
        seat: Seat,
    },
    /// The player can overtrump.
    #[error("{card} breaks the rule to overtrump: seat {seat} holds a higher trump")]
    MustOvertrump {
        /// The card.
        card: Card,
        /// The seat to move.
        seat: Seat,
    },
    /// The ulti soloist plays the trump VII early.
    #[error(
        "{card} breaks the ulti rule: the soloist keeps the trump VII until trick 10 unless it is the only legal card"
    )]
    UltiSeven {
        /// The card.
        card: Card,
    },
}

/// One completed trick.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Trick {
    /// Who led.
    pub leader: Seat,
    /// The cards in play order (leader first).
    pub cards: [Card; 3],
    /// Who won it.
    pub winner: Seat,
}

impl Trick {
    /// The seat that played `cards[i]`.
    #[must_use]
    pub fn seat_of(&self, i: usize) -> Seat {
        (self.leader + i) % 3
    }
}

/// A game in progress: a deal, a bid (which fixes trumps and the ulti rule), the rule options,
/// and the cards played so far.
#[derive(Clone, Debug)]
pub struct Game {
    deal: Deal,
    trump: Option<Suit>,
    ulti_seven: Option<Card>,
    opts: RuleOptions,
    hands: [CardSet; 3],
    current: Vec<Card>,
    leader: Seat,
    tricks: Vec<Trick>,
}

impl Game {
    /// A new game at trick 1, soloist to lead.
    #[must_use]
    pub fn new(deal: &Deal, bid: &Bid, opts: RuleOptions) -> Game {
        let trump = bid.has_trumps().then_some(deal.trump);
        Game {
            deal: *deal,
            trump,
            ulti_seven: bid.has_ulti().then(|| Card::new(deal.trump, Rank::Seven)),
            opts,
            hands: deal.hands(),
            current: Vec::with_capacity(3),
            leader: SOLOIST,
            tricks: Vec::with_capacity(10),
        }
    }

    /// A game with `played` replayed from the start.
    ///
    /// # Errors
    /// The first card that breaks a rule, with the rule.
    pub fn with_played(
        deal: &Deal,
        bid: &Bid,
        opts: RuleOptions,
        played: &[Card],
    ) -> Result<Game, PlayError> {
        let mut g = Game::new(deal, bid, opts);
        for &c in played {
            g.play(c)?;
        }
        Ok(g)
    }

    /// The deal.
    #[must_use]
    pub fn deal(&self) -> &Deal {
        &self.deal
    }

    /// The trump suit, `None` in no-trump contracts.
    #[must_use]
    pub fn trump(&self) -> Option<Suit> {
        self.trump
    }

    /// The rule options.
    #[must_use]
    pub fn options(&self) -> RuleOptions {
        self.opts
    }

    /// The cards `seat` still holds.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// The completed tricks.
    #[must_use]
    pub fn tricks(&self) -> &[Trick] {
        &self.tricks
    }

    /// The cards played to the unfinished trick, in order.
    #[must_use]
    pub fn current_trick(&self) -> &[Card] {
        &self.current
    }

    /// The leader of the current trick.
    #[must_use]
    pub fn leader(&self) -> Seat {
        self.leader
    }

    /// Are all ten tricks played?
    #[must_use]
    pub fn is_over(&self) -> bool {
        self.tricks.len() == 10
    }

    /// Whose turn it is.
    #[must_use]
    pub fn to_move(&self) -> Seat {
        (self.leader + self.current.len()) % 3
    }

    /// Every card played so far, in order.
    #[must_use]
    pub fn played(&self) -> Vec<Card> {
        let mut v: Vec<Card> = self.tricks.iter().flat_map(|t| t.cards).collect();
        v.extend_from_slice(&self.current);
        v
    }

    /// Strength of a card for winning tricks: trumps above everything, then rank order.
    fn strength(&self, c: Card) -> u8 {
        strength(c, self.trump)
    }

    /// The card currently winning `cards` (led first).
    fn winning_index(&self, cards: &[Card]) -> usize {
        let led = cards[0].suit();
        let mut best = 0;
        for (i, &c) in cards.iter().enumerate().skip(1) {
            let b = cards[best];
            // The best card so far is of the led suit or a trump: another suit beats it
            // only as a trump.
            debug_assert!(b.suit() == led || Some(b.suit()) == self.trump);
            let beats = if c.suit() == b.suit() {
                self.strength(c) > self.strength(b)
            } else {
                Some(c.suit()) == self.trump
            };
            if beats {
                best = i;
            }
        }
        best
    }

    /// Check a card against the rules; `Ok` if it may be played now.
    ///
    /// # Errors
    /// The rule the card breaks.
    pub fn check(&self, card: Card) -> Result<(), PlayError> {
        if self.is_over() {
            return Err(PlayError::GameOver { card });
        }
        let seat = self.to_move();
        let hand = self.hands[seat];
        if !hand.contains(card) {
            return Err(PlayError::NotInHand { card, seat });
        }
        let base = self.legal_ignoring_ulti(seat);
        if !base.contains(card) {
            return Err(self.explain(card, seat));
        }
        if seat == SOLOIST
            && Some(card) == self.ulti_seven
            && self.tricks.len() < 9
            && base.len() > 1
        {
            return Err(PlayError::UltiSeven { card });
        }
        Ok(())
    }

    fn explain(&self, card: Card, seat: Seat) -> PlayError {
        let led = self.current[0].suit();
        let hand = self.hands[seat];
        if !hand.of_suit(led).is_empty() {
            if card.suit() != led {
                PlayError::MustFollow { card, seat, led }
            } else {
                PlayError::MustBeat { card, seat, led }
            }
        } else if card.suit() != self.trump.expect("only trumps can be forced when void") {
            PlayError::MustTrump { card, seat }
        } else {
            PlayError::MustOvertrump { card, seat }
        }
    }

    /// Legal cards before the ulti VII rule.
    fn legal_ignoring_ulti(&self, seat: Seat) -> CardSet {
        legal_ignoring_ulti(self.hands[seat], &self.current, self.trump, self.opts)
    }

    /// The cards the player to move may play (empty when the game is over).
    #[must_use]
    pub fn legal_cards(&self) -> CardSet {
        if self.is_over() {
            return CardSet::EMPTY;
        }
        let seat = self.to_move();
        let seven = self.ulti_seven.filter(|_| seat == SOLOIST);
        legal_cards(
            self.hands[seat],
            &self.current,
            self.trump,
            self.opts,
            seven,
            self.tricks.len(),
        )
    }

    /// Play a card for the player to move.
    ///
    /// # Errors
    /// The rule the card breaks; the game is unchanged.
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        self.check(card)?;
        let seat = self.to_move();
        self.hands[seat].remove(card);
        self.current.push(card);
        if self.current.len() == 3 {
            let w = self.winning_index(&self.current);
            let winner = (self.leader + w) % 3;
            self.tricks.push(Trick {
                leader: self.leader,
                cards: [self.current[0], self.current[1], self.current[2]],
                winner,
            });
            self.current.clear();
            self.leader = winner;
        }
        Ok(())
    }

    /// Take back the last card played (no-op at the start).
    pub fn undo(&mut self) {
        if self.current.is_empty() {
            let Some(t) = self.tricks.pop() else { return };
            self.leader = t.leader;
            self.current.extend_from_slice(&t.cards);
        }
        let card = self.current.pop().expect("a card to take back");
        let seat = (self.leader + self.current.len()) % 3;
        self.hands[seat].insert(card);
    }

    /// The seat winning the unfinished trick so far, if any card is on the table.
    #[must_use]
    pub fn current_winner(&self) -> Option<Seat> {
        (!self.current.is_empty()).then(|| (self.leader + self.winning_index(&self.current)) % 3)
    }

    /// Card points the soloist has taken so far (Ász and X in won tricks, 10 for the last trick).
    #[must_use]
    pub fn soloist_points(&self) -> u32 {
        self.tricks
            .iter()
            .enumerate()
            .filter(|(_, t)| t.winner == SOLOIST)
            .map(|(i, t)| {
                t.cards.iter().map(|c| c.points()).sum::<u32>() + if i == 9 { 10 } else { 0 }
            })
            .sum()
    }

    /// Tricks won by the soloist so far.
    #[must_use]
    pub fn soloist_tricks(&self) -> usize {
        self.tricks.iter().filter(|t| t.winner == SOLOIST).count()
    }

    /// Cards of `which` (a set of cards) captured by the soloist so far.
    #[must_use]
    pub fn soloist_captured(&self, which: CardSet) -> u32 {
        self.tricks
            .iter()
            .filter(|t| t.winner == SOLOIST)
            .flat_map(|t| t.cards)
            .filter(|&c| which.contains(c))
            .count() as u32
    }

    /// Did the soloist win trick 10 with the trump VII? (`false` before the end.)
    #[must_use]
    pub fn ulti_made(&self) -> bool {
        let seven = Card::new(self.deal.trump, Rank::Seven);
        self.tricks.get(9).is_some_and(|t| {
            t.winner == SOLOIST
                && t.cards[(3 + SOLOIST - t.leader) % 3] == seven
                && self.trump.is_some()
        })
    }

    /// The passz (party) result for the final card points `s` of the soloist.
    #[must_use]
    pub fn passz_won_with(
        &self,
        s: u32,
        soloist_has_trick: bool,
        defenders_have_trick: bool,
    ) -> bool {
        let trump = self.deal.trump;
        let need = self.opts.marriage_needs_trick;
        let ms = if !need || soloist_has_trick {
            marriage_points(self.deal.hand(SOLOIST), trump)
        } else {
            0
        };
        let md_all =
            marriage_points(self.deal.hand(1), trump) + marriage_points(self.deal.hand(2), trump);
        let md = if !need || defenders_have_trick {
            md_all
        } else {
            0
        };
        s + ms > 90 - s + md
    }

    /// Did the soloist make contract `c`? Only meaningful once the game is over.
    #[must_use]
    pub fn outcome(&self, c: Contract) -> bool {
        let s = self.soloist_points();
        let tricks = self.soloist_tricks();
        let aces: CardSet = Suit::ALL.iter().map(|&x| Card::new(x, Rank::Asz)).collect();
        let tens: CardSet = Suit::ALL.iter().map(|&x| Card::new(x, Rank::Ten)).collect();
        match c {
            Contract::Passz => self.passz_won_with(s, tricks > 0, tricks < 10),
            Contract::Negyven100 => s >= 60,
            Contract::Husz100 => s >= 80,
            Contract::Ulti => self.ulti_made(),
            Contract::Betli => tricks == 0,
            Contract::Durchmars | Contract::DurchmarsAdu => tricks == 10,
            Contract::NegyAsz => self.soloist_captured(aces) == 4,
            Contract::NegyTizes => self.soloist_captured(tens) == 4,
        }
    }
}

/// Strength of a card for winning tricks: trumps above everything, then rank order.
fn strength(c: Card, trump: Option<Suit>) -> u8 {
    if trump.is_some() {
        let r = c.rank().trump_strength();
        if Some(c.suit()) == trump { r + 16 } else { r }
    } else {
        c.rank().no_trump_strength()
    }
}

/// The cards of `hand` that may be played to the unfinished trick `current` (led first),
/// before the ulti VII rule: follow suit and beat the led suit's best card if possible;
/// void, trump (overtrumping if possible); else anything.
fn legal_ignoring_ulti(
    hand: CardSet,
    current: &[Card],
    trump: Option<Suit>,
    opts: RuleOptions,
) -> CardSet {
    let Some(&first) = current.first() else {
        return hand;
    };
    let led = first.suit();
    let follow = hand.of_suit(led);
    let trumped = trump.is_some_and(|t| t != led && current.iter().any(|c| c.suit() == t));
    if !follow.is_empty() {
        if trumped && !opts.must_beat_after_trump {
            return follow;
        }
        let top = current
            .iter()
            .filter(|c| c.suit() == led)
            .map(|&c| strength(c, trump))
            .max()
            .expect("the led card is of the led suit");
        let higher: CardSet = follow
            .iter()
            .filter(|&c| strength(c, trump) > top)
            .collect();
        return if higher.is_empty() { follow } else { higher };
    }
    if let Some(t) = trump {
        let trumps = hand.of_suit(t);
        if !trumps.is_empty() {
            let top = current
                .iter()
                .filter(|c| c.suit() == t)
                .map(|&c| strength(c, trump))
                .max();
            if let Some(top) = top {
                let higher: CardSet = trumps
                    .iter()
                    .filter(|&c| strength(c, trump) > top)
                    .collect();
                if !higher.is_empty() {
                    return higher;
                }
            }
            return trumps;
        }
    }
    hand
}

/// The cards of `hand` that may be played to the unfinished trick `current` (led first) with
/// `tricks_done` tricks complete: the duties of play, and the ulti soloist's hold on the trump
/// VII (`ulti_seven`, given only when the hand is the ulti soloist's) before trick 10 unless
/// it is the only legal card. The one rule shared by [`Game`] and a seat's view.
pub(crate) fn legal_cards(
    hand: CardSet,
    current: &[Card],
    trump: Option<Suit>,
    opts: RuleOptions,
    ulti_seven: Option<Card>,
    tricks_done: usize,
) -> CardSet {
    let mut legal = legal_ignoring_ulti(hand, current, trump, opts);
    if tricks_done < 9
        && let Some(seven) = ulti_seven
        && legal.contains(seven)
        && legal.len() > 1
    {
        legal.remove(seven);
    }
    legal
}

#[cfg(test)]
mod tests;
