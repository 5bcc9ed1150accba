//! Computer players (GitHub issue 11): a [`Player`] decides the soloist's discard and bid from
//! their twelve cards, and each card from one seat's [`SeatView`], so it never reads a hidden
//! card. Three levels ([`Level`]): *easy* is rule-based and instant ([`easy`]), *normal* and
//! *strong* are the hidden-hand advisor of [`crate::advise`] with fewer or more samples
//! ([`advisor`]).
//!
//! Decisions are reproducible from the level, the seed and what the seat sees: each
//! decision's sampling seed is [`decision_seed`] of the player's seed and the number of cards
//! played, never a count of earlier calls, so a fresh player per decision (a web worker)
//! and one player for a whole game (the command line) choose the same cards.
//!
//! [`DoubleDummy`] is the "cheater" ceiling for measuring strength: it sees the full deal,
//! takes it explicitly, and is deliberately not a [`Player`]. [`play_game`] runs a deal from
//! the bid to the payoff for any mix of players.

pub mod advisor;
mod cheater;
pub mod easy;
mod game;
mod holder;
mod knowable;
mod step_work;
pub mod table;
mod table_auction;
mod table_game;
mod table_play;
mod table_seat;
mod table_step;

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::advise::{AdviseError, SeatView};
use crate::bids::Announcement;
use crate::card::{Card, CardSet};
use crate::rules::RuleOptions;

pub use advisor::{Advisor, Samples};
pub use cheater::DoubleDummy;
pub use easy::Easy;
pub use game::{GameError, GameRecord, Seating, play_game, play_out, settle};
pub use knowable::{TALONS, decision_cost, kontra_open_cost};
pub use step_work::{Solves, StepAnswer, StepQuestion, StepWork};
pub use table::{
    AuctionModel, AuctionMove, BidMove, DecisionTimes, Reason, TableLevel, TablePlayer, Weighed,
};
pub use table_game::{auction_evidence, decide, play_table_game};
pub use table_seat::{SeatDecision, decide_seat, play_view};
pub use table_step::{AuctionStep, auction_step, pickup_bid_race};

/// How strong a computer player is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// Simple rules from hand counts; instant, no search.
    Easy,
    /// The hidden-hand advisor with few samples.
    Normal,
    /// The hidden-hand advisor with more samples (a card within 1.5 s in the browser).
    Strong,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    /// The id used on the command line and in URLs: `easy`, `normal`, `strong`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A level name that is not `easy`, `normal` or `strong`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown level {0:?}: use easy, normal or strong")]
pub struct LevelError(pub String);

impl FromStr for Level {
    type Err = LevelError;
    fn from_str(s: &str) -> Result<Level, LevelError> {
        Level::ALL
            .into_iter()
            .find(|l| l.id().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| LevelError(s.to_string()))
    }
}

/// The soloist's decision after picking up the talon: the two cards to discard and the
/// announcement (passz is an announcement too, with its trump).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidChoice {
    /// The two cards laid away as the talon.
    pub discard: [Card; 2],
    /// The bid, its trump and scoring form (one of [`crate::standard_announcements`]).
    pub announcement: Announcement,
}

/// A computer player. It sees only what its seat sees: the soloist's twelve cards for the
/// bid, a [`SeatView`] for each card.
pub trait Player {
    /// The soloist's 12 cards (hand + talon) -> discard and announcement (its best expected
    /// payoff; passz when nothing beats it).
    ///
    /// # Errors
    /// A hand not of twelve cards.
    fn bid(&mut self, hand: CardSet, rules: RuleOptions) -> Result<BidChoice, AdviseError>;

    /// The card to play from the seat's view (the view's seat is to move).
    ///
    /// # Errors
    /// The view's seat not to move (or the game over), no bid in the view, or (advisor
    /// levels) no layout of the hidden cards consistent with the view.
    fn card(&mut self, view: &SeatView) -> Result<Card, AdviseError>;
}

/// A player of `level` whose decisions derive from `seed` (see [`decision_seed`]).
#[must_use]
pub fn player(level: Level, seed: u64) -> Box<dyn Player + Send> {
    match level {
        Level::Easy => Box::new(Easy::new()),
        Level::Normal => Box::new(Advisor::new(Samples::NORMAL, seed)),
        Level::Strong => Box::new(Advisor::new(Samples::STRONG, seed)),
    }
}

/// What a decision is about, for [`decision_seed`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The discard and bid.
    Bid,
    /// A card, after this many cards were played.
    Card(usize),
}

/// The sampling seed of one decision: a mix of the player's seed and what is decided (the
/// bid, or the card after `n` played cards). It depends on nothing else, so every decision is
/// reproducible from the player's seed and the position.
#[must_use]
pub fn decision_seed(seed: u64, decision: Decision) -> u64 {
    let tag = match decision {
        Decision::Bid => 0xB1D0_B1D0_B1D0_B1D0,
        Decision::Card(n) => n as u64 + 1,
    };
    splitmix(splitmix(seed) ^ tag)
}

/// SplitMix64's finaliser: a fixed, well-mixing 64-bit hash (the computer players' seeds;
/// also the table server's and the app's reproducible choices).
#[must_use]
pub fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_and_print() {
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>().unwrap(), l);
        }
        assert_eq!("Strong".parse::<Level>().unwrap(), Level::Strong);
        assert!("cheater".parse::<Level>().is_err());
    }

    #[test]
    fn decision_seeds_differ_by_position_only() {
        assert_eq!(
            decision_seed(7, Decision::Card(4)),
            decision_seed(7, Decision::Card(4))
        );
        assert_ne!(
            decision_seed(7, Decision::Card(4)),
            decision_seed(7, Decision::Card(5))
        );
        assert_ne!(
            decision_seed(7, Decision::Card(4)),
            decision_seed(8, Decision::Card(4))
        );
        assert_ne!(
            decision_seed(7, Decision::Bid),
            decision_seed(7, Decision::Card(0))
        );
    }
}
