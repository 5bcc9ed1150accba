//! The whole game as a state machine ([`WholeGame`]): the deal, the auction with the talon,
//! trump naming, kontra and the card play, then the settlement. Every action is checked and
//! an illegal one is refused with the rule it breaks, leaving the state unchanged.

use crate::card::{Card, CardSet, Suit};
use crate::deal::{Deal, Seat};
use crate::rules::{Game, Trick};

use super::action::Action;
use super::bid::AuctionBid;
use super::kontra::KontraBook;
use super::options::TableRules;
use super::settle::Settlement;

mod apply;

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
}
