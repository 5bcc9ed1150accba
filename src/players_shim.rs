//! TEMPORARY stand-in for `ulti_engine::players` (being written on branch `players`), with the
//! same public API, so the Play page can be built and tested before it lands. It is replaced by
//! `pub use ulti_engine::players::*` on merge.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use ulti_engine::advise::{
    AdviseError, BidOptions, CardOptions, SeatView, advise_bid, advise_card,
};
use ulti_engine::{Announcement, Card, CardSet, RuleOptions, Solver};

/// The computer's strength.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Level {
    /// A simple player.
    Easy,
    /// The hidden-hand advisor with few samples.
    #[default]
    Normal,
    /// The hidden-hand advisor with more samples.
    Strong,
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        })
    }
}

impl FromStr for Level {
    type Err = String;
    fn from_str(s: &str) -> Result<Level, String> {
        match s.trim().to_ascii_lowercase().as_str() {
            "easy" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "strong" => Ok(Level::Strong),
            other => Err(format!("unknown level {other}")),
        }
    }
}

/// The soloist's discard and announcement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidChoice {
    /// The two cards put down.
    pub discard: [Card; 2],
    /// The bid.
    pub announcement: Announcement,
}

/// A computer player.
pub trait Player {
    /// Discard and announce from the twelve cards.
    ///
    /// # Errors
    /// A hand not of twelve cards.
    fn bid(&mut self, hand: CardSet, rules: RuleOptions) -> Result<BidChoice, AdviseError>;
    /// The card to play.
    ///
    /// # Errors
    /// A view in which the seat is not to play.
    fn card(&mut self, view: &SeatView) -> Result<Card, AdviseError>;
}

struct Sampled {
    samples: u32,
    seed: u64,
    solver: Solver,
}

impl Player for Sampled {
    fn bid(&mut self, hand: CardSet, rules: RuleOptions) -> Result<BidChoice, AdviseError> {
        let opts = BidOptions {
            samples: self.samples,
            seed: self.seed,
            rules,
            confirm: 0,
        };
        let advice = advise_bid(hand, &opts, &mut self.solver)?;
        let row = advice
            .bids
            .first()
            .filter(|b| {
                advice
                    .passz
                    .as_ref()
                    .is_none_or(|p| b.stats.expected_payoff >= p.stats.expected_payoff)
            })
            .or(advice.passz.as_ref())
            .or(advice.bids.first())
            .ok_or(AdviseError::NoSamples)?;
        let announcement = ulti_engine::standard_announcements()
            .into_iter()
            .find(|a| a.id() == row.id)
            .ok_or(AdviseError::NoSamples)?;
        Ok(BidChoice {
            discard: row.discard,
            announcement,
        })
    }

    fn card(&mut self, view: &SeatView) -> Result<Card, AdviseError> {
        let opts = CardOptions {
            samples: self.samples,
            seed: self.seed,
            points: false,
        };
        let advice = advise_card(view, &opts, &mut self.solver)?;
        advice
            .cards
            .first()
            .map(|r| r.card)
            .ok_or(AdviseError::NoSamples)
    }
}

/// A player of `level`, its random choices fixed by `seed`.
#[must_use]
pub fn player(level: Level, seed: u64) -> Box<dyn Player + Send> {
    let samples = match level {
        Level::Easy => 2,
        Level::Normal => 8,
        Level::Strong => 24,
    };
    Box::new(Sampled {
        samples,
        seed,
        solver: Solver::with_memory(1 << 20),
    })
}
