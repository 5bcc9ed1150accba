//! The whole game as a state machine ([`WholeGame`]): the deal, the auction with the talon,
//! trump naming, kontra and the card play, then the settlement. Every action is checked and
//! an illegal one is refused with the rule it breaks, leaving the state unchanged.

use crate::card::{Card, CardSet, Suit};
use crate::deal::{Deal, Seat};
use crate::rules::{Game, PlayError, Trick};

use super::action::{Action, Verb};
use super::bid::AuctionBid;
use super::error::ActionError;
use super::kontra::{KontraBook, level_name};
use super::options::{AllPass, EqualValue, TableRules};
use super::settle::{Settlement, Terms, forfeit, settle};

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Stage {
    /// Bidding for the talon.
    Auction,
    /// The soloist names the trump.
    Trump,
    /// The ten tricks (with kontra before the defenders' first cards).
    Play,
    /// Settled.
    Over,
}

/// The auction after the bid: the soloist, the bid and the trump it is played with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contracted {
    /// The soloist's table seat.
    pub soloist: Seat,
    /// The winning bid.
    pub bid: AuctionBid,
    /// The trump (named, or piros; `None` until named, and for no-trump bids).
    pub trump: Option<Suit>,
}

/// A whole game of Ulti at one table.
#[derive(Clone, Debug)]
pub struct WholeGame {
    rules: TableRules,
    dealer: Seat,
    dealt: [CardSet; 3],
    actions: Vec<Action>,
    stage: Stage,
    to_act: Seat,
    /// Each seat's cards now (the forehand's 12 before it opens; a picker-up's 12 are never
    /// held between actions: it picks up and discards in one action).
    hands: [CardSet; 3],
    talon: CardSet,
    /// Who laid down the talon as it is now (it alone knows it).
    talon_by: Option<Seat>,
    opened: bool,
    holder: Option<Seat>,
    bid: Option<AuctionBid>,
    /// Passes since the last bid (or since the forehand's opening pass).
    passes: u8,
    trump: Option<Suit>,
    book: Option<KontraBook>,
    play: Option<Game>,
    /// (seat, cards played) of the last kontra said: one per card.
    last_kontra: Option<(Seat, usize)>,
    /// When each kontra level was last said (cards played then), by level.
    kontra_at: [Option<usize>; 6],
    /// When each table seat last played a card (cards played before it).
    last_card: [Option<usize>; 3],
    settlement: Option<Settlement>,
}

/// What the seat to act is asked for.
fn asked(stage: Stage, holder_turn: bool) -> &'static str {
    match stage {
        Stage::Auction if holder_turn => "to stand or raise",
        Stage::Auction => "to bid",
        Stage::Trump => "to name the trump",
        Stage::Play => "to play a card",
        Stage::Over => "nothing",
    }
}

impl WholeGame {
    /// A new game: `dealer` dealt `hands` (the forehand, the seat after the dealer, holds 12).
    ///
    /// # Errors
    /// Hands that are not 12 + 10 + 10 distinct cards with the 12 at the forehand, or rules
    /// out of range.
    pub fn new(rules: TableRules, dealer: Seat, hands: [CardSet; 3]) -> Result<WholeGame, String> {
        if dealer > 2 {
            return Err(format!("dealer {dealer} is not 0, 1 or 2"));
        }
        if let Some(p) = rules.problem() {
            return Err(p);
        }
        let forehand = (dealer + 1) % 3;
        for (s, h) in hands.iter().enumerate() {
            let want = if s == forehand { 12 } else { 10 };
            if h.len() != want {
                return Err(format!(
                    "seat {s} is dealt {} cards: the forehand (seat {forehand}) gets 12, the others 10",
                    h.len()
                ));
            }
        }
        if hands[0].0 & hands[1].0 != 0
            || hands[0].0 & hands[2].0 != 0
            || hands[1].0 & hands[2].0 != 0
        {
            let c = CardSet(
                (hands[0].0 & hands[1].0) | (hands[0].0 & hands[2].0) | (hands[1].0 & hands[2].0),
            );
            let card = c.iter().next().expect("an overlap has a card");
            return Err(format!("the card {card} is dealt twice"));
        }
        Ok(WholeGame {
            rules,
            dealer,
            dealt: hands,
            actions: Vec::new(),
            stage: Stage::Auction,
            to_act: forehand,
            hands,
            talon: CardSet::EMPTY,
            talon_by: None,
            opened: false,
            holder: None,
            bid: None,
            passes: 0,
            trump: None,
            book: None,
            play: None,
            last_kontra: None,
            kontra_at: [None; 6],
            last_card: [None; 3],
            settlement: None,
        })
    }

    /// A random deal from `seed` (reproducible).
    #[must_use]
    pub fn random(rules: TableRules, dealer: Seat, seed: u64) -> WholeGame {
        let d = Deal::random(seed);
        let forehand = (dealer + 1) % 3;
        let mut hands = [CardSet::EMPTY; 3];
        for i in 0..3 {
            hands[(forehand + i) % 3] = d.hand(i);
        }
        hands[forehand] = CardSet(hands[forehand].0 | d.talon().0);
        WholeGame::new(rules, dealer % 3, hands).expect("a random deal is a deal")
    }

    /// The rules.
    #[must_use]
    pub fn rules(&self) -> TableRules {
        self.rules
    }

    /// The dealer.
    #[must_use]
    pub fn dealer(&self) -> Seat {
        self.dealer
    }

    /// The forehand (the seat after the dealer).
    #[must_use]
    pub fn forehand(&self) -> Seat {
        (self.dealer + 1) % 3
    }

    /// The hands as dealt.
    #[must_use]
    pub fn dealt(&self) -> [CardSet; 3] {
        self.dealt
    }

    /// The actions so far.
    #[must_use]
    pub fn actions(&self) -> &[Action] {
        &self.actions
    }

    /// The stage.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// The seat to act (`None` once over).
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        (self.stage != Stage::Over).then_some(self.to_act)
    }

    /// Has the forehand opened the auction?
    #[must_use]
    pub fn opened(&self) -> bool {
        self.opened
    }

    /// Has the seat to act already said a kontra before the card it is about to play?
    #[must_use]
    pub fn kontra_said_now(&self) -> bool {
        let played = self.play.as_ref().map_or(0, |g| g.played().len());
        self.last_kontra == Some((self.to_act, played))
    }

    /// Is it the holder's turn to stand or raise?
    #[must_use]
    pub fn holder_turn(&self) -> bool {
        self.stage == Stage::Auction && self.holder == Some(self.to_act) && self.passes == 2
    }

    /// What the seat to act is asked for, in words.
    #[must_use]
    pub fn asked(&self) -> &'static str {
        asked(self.stage, self.holder_turn())
    }

    /// A seat's cards now.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        match &self.play {
            Some(g) => g.hand(self.game_seat(seat)),
            None => self.hands[seat],
        }
    }

    /// The talon as it lies now.
    #[must_use]
    pub fn talon(&self) -> CardSet {
        self.talon
    }

    /// Who laid the talon down (and so knows it).
    #[must_use]
    pub fn talon_by(&self) -> Option<Seat> {
        self.talon_by
    }

    /// The standing bid and its holder.
    #[must_use]
    pub fn standing(&self) -> Option<(Seat, &AuctionBid)> {
        self.holder.zip(self.bid.as_ref())
    }

    /// The soloist, the bid and its trump once the auction is over.
    #[must_use]
    pub fn contracted(&self) -> Option<Contracted> {
        if self.stage == Stage::Auction {
            return None;
        }
        Some(Contracted {
            soloist: self.holder?,
            bid: self.bid.clone()?,
            trump: self.trump,
        })
    }

    /// The kontra levels (once the auction is over).
    #[must_use]
    pub fn kontra(&self) -> Option<&KontraBook> {
        self.book.as_ref()
    }

    /// The card play (once it has started): seat 0 of this game is the soloist.
    #[must_use]
    pub fn play(&self) -> Option<&Game> {
        self.play.as_ref()
    }

    /// The completed tricks with table seats.
    #[must_use]
    pub fn tricks(&self) -> Vec<Trick> {
        let Some(g) = &self.play else {
            return Vec::new();
        };
        g.tricks()
            .iter()
            .map(|t| Trick {
                leader: self.table_seat(t.leader),
                cards: t.cards,
                winner: self.table_seat(t.winner),
            })
            .collect()
    }

    /// The settlement once over.
    #[must_use]
    pub fn settlement(&self) -> Option<&Settlement> {
        self.settlement.as_ref()
    }

    /// The position for the solver once the card play has started: the deal as played
    /// (soloist first, then the defenders in playing order; the final talon as the two
    /// missing cards; the trump digit, Piros for a no-trump bid) and the cards played.
    #[must_use]
    pub fn position(&self) -> Option<(Deal, Vec<Card>)> {
        self.play.as_ref().map(|g| (*g.deal(), g.played()))
    }

    /// The game seat (0 soloist, 1, 2 defenders) of a table seat during play.
    fn game_seat(&self, seat: Seat) -> Seat {
        (seat + 3 - self.holder.unwrap_or(0)) % 3
    }

    /// The table seat of a game seat.
    fn table_seat(&self, s: Seat) -> Seat {
        (s + self.holder.unwrap_or(0)) % 3
    }

    /// Is `action` legal now? (The state is unchanged either way.)
    ///
    /// # Errors
    /// The rule it breaks.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        self.clone().apply(action.clone())
    }

    /// Carry out `action`.
    ///
    /// # Errors
    /// The rule it breaks; the state is then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        if self.stage == Stage::Over {
            return Err(ActionError::GameOver);
        }
        // A kontra is checked for its own moment (the soloist's rekontra comes between
        // tricks 1 and 2, whoever leads trick 2).
        if action.seat != self.to_act && !matches!(action.verb, Verb::Kontra { .. }) {
            return Err(ActionError::NotYourTurn {
                seat: action.seat,
                expected: self.to_act,
                what: self.asked(),
            });
        }
        let mut next = self.clone();
        match (&action.verb, self.stage) {
            (Verb::Bid { bid, discard }, Stage::Auction) => {
                next.bid_(action.seat, bid, *discard)?
            }
            (Verb::Pass { discard }, Stage::Auction) => next.pass(action.seat, *discard)?,
            (Verb::Stand, Stage::Auction) => next.stand(action.seat)?,
            (Verb::Trump(s), Stage::Trump) => next.name_trump(*s)?,
            (Verb::Kontra { level, units }, Stage::Play) => {
                next.say_kontra(action.seat, *level, units)?
            }
            (Verb::Card(c), Stage::Play) => next.card(*c)?,
            (Verb::Bid { .. } | Verb::Pass { .. } | Verb::Stand, _) => {
                return Err(ActionError::WrongPhase("the auction is over"));
            }
            (Verb::Trump(_), Stage::Auction) => {
                return Err(ActionError::WrongPhase(
                    "the trump is named after the auction",
                ));
            }
            (Verb::Trump(_), _) => {
                return Err(ActionError::WrongPhase(
                    "the trump is named once, right after the auction",
                ));
            }
            (Verb::Kontra { .. }, _) => {
                return Err(ActionError::WrongPhase(
                    "kontra is said with a card of the play, after the auction and the trump",
                ));
            }
            (Verb::Card(_), Stage::Auction) => {
                return Err(ActionError::WrongPhase(
                    "no card is played during the auction",
                ));
            }
            (Verb::Card(_), _) => {
                return Err(ActionError::WrongPhase(
                    "the soloist names the trump before the play",
                ));
            }
        }
        next.actions.push(action);
        *self = next;
        Ok(())
    }

    // ------------------------------------------------------------------ the auction

    fn discard(&mut self, seat: Seat, cards: [Card; 2]) -> Result<CardSet, ActionError> {
        let twelve = CardSet(
            self.hands[seat].0
                | if seat == self.forehand() && !self.opened {
                    0
                } else {
                    self.talon.0
                },
        );
        if cards[0] == cards[1] {
            return Err(ActionError::DiscardTwice(cards[0]));
        }
        for c in cards {
            if !twelve.contains(c) {
                return Err(ActionError::DiscardNotHeld { card: c, seat });
            }
        }
        let talon: CardSet = cards.into_iter().collect();
        self.hands[seat] = CardSet(twelve.0 & !talon.0);
        self.talon = talon;
        self.talon_by = Some(seat);
        Ok(talon)
    }

    fn bid_(
        &mut self,
        seat: Seat,
        bid: &AuctionBid,
        discard: [Card; 2],
    ) -> Result<(), ActionError> {
        if let Some(standing) = &self.bid {
            let (v, sv) = (bid.value(), standing.value());
            let higher = self.overcalls(bid);
            if !higher {
                return Err(ActionError::NotHigher {
                    bid: bid.clone(),
                    value: v,
                    standing: standing.clone(),
                    standing_value: sv,
                    why: match self.rules.equal_value {
                        EqualValue::FirstStands if v == sv => "an equal value never overcalls",
                        EqualValue::ByRank if v == sv => "within one value it does not rank higher",
                        _ => "a bid must be worth more per defender",
                    },
                });
            }
        }
        self.discard(seat, discard)?;
        let trumps = bid.playable_trumps(self.hands[seat], self.talon);
        if trumps.is_empty() {
            let candidates: &[Suit] = if bid.names_trump() {
                &[Suit::Zold, Suit::Makk, Suit::Tok]
            } else {
                &[Suit::Piros]
            };
            let reason = candidates
                .iter()
                .find_map(|&s| bid.unplayable_reason(self.hands[seat], self.talon, s))
                .unwrap_or("no trump makes it playable");
            return Err(ActionError::Unplayable {
                bid: bid.clone(),
                reason,
            });
        }
        self.opened = true;
        self.holder = Some(seat);
        self.bid = Some(bid.clone());
        self.passes = 0;
        self.to_act = (seat + 1) % 3;
        Ok(())
    }

    fn pass(&mut self, seat: Seat, discard: Option<[Card; 2]>) -> Result<(), ActionError> {
        if !self.opened {
            return match (self.rules.allpass, discard) {
                (AllPass::Play, _) => Err(ActionError::Opening(
                    "the forehand opens the auction: it discards two and bids (passz at least)",
                )),
                (AllPass::Forfeit, None) => Err(ActionError::Opening(
                    "the forehand's opening pass lays down two cards: pass C1,C2",
                )),
                (AllPass::Forfeit, Some(d)) => {
                    self.discard(seat, d)?;
                    self.opened = true;
                    self.passes = 1;
                    self.to_act = (seat + 1) % 3;
                    Ok(())
                }
            };
        }
        if discard.is_some() {
            return Err(ActionError::PassWithDiscard);
        }
        if self.holder_turn() {
            return Err(ActionError::HolderMustStand(seat));
        }
        self.passes += 1;
        self.to_act = (seat + 1) % 3;
        match self.holder {
            Some(_) if self.passes == 2 && !self.rules.holder_may_raise => self.end_auction(),
            None if self.passes == 3 => self.end_auction(),
            _ => {}
        }
        Ok(())
    }

    fn stand(&mut self, _seat: Seat) -> Result<(), ActionError> {
        if !self.holder_turn() {
            return Err(ActionError::StandNotHolder);
        }
        self.end_auction();
        Ok(())
    }

    fn end_auction(&mut self) {
        let (Some(soloist), Some(bid)) = (self.holder, self.bid.clone()) else {
            self.settlement = Some(forfeit(self.forehand()));
            self.stage = Stage::Over;
            return;
        };
        self.to_act = soloist;
        if bid.names_trump() {
            self.stage = Stage::Trump;
        } else {
            self.start_play(Suit::Piros);
        }
    }

    fn name_trump(&mut self, suit: Suit) -> Result<(), ActionError> {
        let bid = self.bid.clone().expect("a contract after the auction");
        if !bid.names_trump() {
            return Err(ActionError::NoTrumpToName(bid));
        }
        if suit == Suit::Piros {
            return Err(ActionError::TrumpPiros);
        }
        let soloist = self.holder.expect("a soloist after the auction");
        if let Some(reason) = bid.unplayable_reason(self.hands[soloist], self.talon, suit) {
            return Err(ActionError::TrumpUnplayable { suit, bid, reason });
        }
        self.start_play(suit);
        Ok(())
    }

    fn start_play(&mut self, trump: Suit) {
        let soloist = self.holder.expect("a soloist");
        let bid = self.bid.clone().expect("a bid");
        let played_trump = if bid.has_trumps() { trump } else { Suit::Piros };
        self.trump = bid.has_trumps().then_some(played_trump);
        let hands = [0, 1, 2].map(|i| self.hands[(soloist + i) % 3]);
        let deal = Deal::new(played_trump, hands).expect("three hands of ten after the auction");
        self.play = Some(Game::new(&deal, &bid.bid, self.rules.play()));
        self.book = Some(KontraBook::new(bid.bid.components(), !bid.has_trumps()));
        self.stage = Stage::Play;
        self.to_act = soloist;
    }

    // ------------------------------------------------------------------ the play

    /// The kontra levels `seat` may say at this moment (see [`super::kontra`]):
    /// kontra before a defender's card to trick 1; rekontra by the soloist after trick 1,
    /// before trick 2 is led; each further level by the other side at its next card after the
    /// level below was said.
    pub(crate) fn kontra_levels_now(&self, seat: Seat) -> Result<Vec<u8>, String> {
        let (Some(g), Some(soloist)) = (&self.play, self.holder) else {
            return Err("kontra is said during the play".into());
        };
        let played = g.played().len();
        if self.last_kontra == Some((seat, played)) {
            return Err(format!(
                "seat {seat} has already doubled at this moment: one kontra per card"
            ));
        }
        let is_soloist = seat == soloist;
        let trick = g.tricks().len();
        let between = g.current_trick().is_empty();
        // Several moments can be open at once (a defender that has not played since both a
        // rekontra and a mordkontra): the units' levels then say which one applies.
        let open: Vec<u8> = (1..=5u8)
            .filter(|&level| match level {
                1 => !is_soloist && trick == 0 && seat == self.to_act,
                2 => is_soloist && trick == 1 && between && self.kontra_at[1].is_some(),
                _ => {
                    (level % 2 == 0) == is_soloist
                        && seat == self.to_act
                        && self.kontra_at[usize::from(level) - 1]
                            .is_some_and(|c| self.last_card[seat].is_none_or(|l| l < c))
                }
            })
            .collect();
        if open.is_empty() {
            return Err(if is_soloist {
                "the soloist says rekontra after trick 1, before trick 2 is led, and answers a later level at its next card".into()
            } else {
                "a defender says kontra right before its card to trick 1, and answers a rekontra at its next card".into()
            });
        }
        let allowed: Vec<u8> = open
            .iter()
            .copied()
            .filter(|&l| l <= self.rules.max_kontra)
            .collect();
        if allowed.is_empty() {
            return Err(format!(
                "max_kontra is {}: {} is not played",
                self.rules.max_kontra,
                level_name(open[0])
            ));
        }
        Ok(allowed)
    }

    fn say_kontra(
        &mut self,
        seat: Seat,
        level: u8,
        units: &[crate::contract::Contract],
    ) -> Result<(), ActionError> {
        let now = self.kontra_levels_now(seat).map_err(ActionError::Kontra)?;
        if !now.contains(&level) {
            let names: Vec<&str> = now.iter().map(|&l| level_name(l)).collect();
            return Err(ActionError::Kontra(format!(
                "seat {seat} may say {} now, not {}",
                names.join(" or "),
                level_name(level)
            )));
        }
        let soloist = self.holder.expect("a soloist");
        let defender = (seat != soloist).then(|| self.game_seat(seat) - 1);
        let played = self.play.as_ref().map_or(0, |g| g.played().len());
        self.book
            .as_mut()
            .expect("a kontra book in play")
            .double(level, units, defender)
            .map_err(ActionError::Kontra)?;
        self.last_kontra = Some((seat, played));
        self.kontra_at[usize::from(level)] = Some(played);
        Ok(())
    }

    fn card(&mut self, card: Card) -> Result<(), ActionError> {
        let holder = self.holder.unwrap_or(0);
        let g = self.play.as_mut().expect("in play");
        let before = g.played().len();
        let seat = (g.to_move() + holder) % 3;
        g.play(card)
            .map_err(|e| ActionError::Card(map_seat(e, holder)))?;
        self.last_card[seat] = Some(before);
        if g.is_over() {
            let t = Terms {
                bid: self.bid.as_ref().expect("a bid"),
                trump: self.trump.unwrap_or(Suit::Piros),
                book: self.book.as_ref().expect("a book"),
                silent_bonuses: self.rules.silent_bonuses,
                soloist: holder,
            };
            self.settlement = Some(settle(g, &t));
            self.stage = Stage::Over;
        } else {
            self.to_act = (g.to_move() + holder) % 3;
        }
        Ok(())
    }
}

/// A play error with its game seat turned into the table seat.
fn map_seat(e: PlayError, soloist: Seat) -> PlayError {
    let t = |s: Seat| (s + soloist) % 3;
    match e {
        PlayError::NotInHand { card, seat } => PlayError::NotInHand {
            card,
            seat: t(seat),
        },
        PlayError::MustFollow { card, seat, led } => PlayError::MustFollow {
            card,
            seat: t(seat),
            led,
        },
        PlayError::MustBeat { card, seat, led } => PlayError::MustBeat {
            card,
            seat: t(seat),
            led,
        },
        PlayError::MustTrump { card, seat } => PlayError::MustTrump {
            card,
            seat: t(seat),
        },
        PlayError::MustOvertrump { card, seat } => PlayError::MustOvertrump {
            card,
            seat: t(seat),
        },
        other => other,
    }
}
