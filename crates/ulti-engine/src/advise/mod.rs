//! Real-table advice from what one seat can see (GitHub issue 10): which two cards to
//! discard and what to bid, and which card to play.
//!
//! The method is Perfect-Information Monte Carlo: the hidden cards are sampled uniformly among
//! the layouts consistent with everything the seat knows ([`SeatView`], [`Sampler`]), each
//! layout is solved exactly ([`Task`]), and the outcomes are averaged ([`report`]). The
//! functions take a [`SeatView`] or the soloist's twelve cards, never a deal with hidden
//! cards, so they cannot read one. Runs are reproducible: sample `k` of a run depends only on
//! the view, the seed and `k` (ChaCha8, the same natively and in wasm), not on threads or on
//! how many samples other rows got.
//!
//! Solving is left to an [`Executor`]: a [`Solver`] runs the tasks one after the other (the
//! web worker), the command line spreads them over threads. [`BidRace`] hands the bid advice
//! out one batch at a time, for the page's worker pool.

mod card;
mod evaluate;
pub mod evidence;
mod knowable;
pub mod quality;
mod race;
pub mod real_play;
pub mod report;
mod sampler;
mod view;

use thiserror::Error;

pub use card::{CardTallies, advise_card, card_tallies};
pub use evaluate::{BidOutcome, Executor, Task, TaskResult};
pub use evidence::{Evidence, Family, Said};
pub use knowable::{Judgement, Knowable, KnowableOptions, card_cost, judge, seat_money};
pub(crate) use knowable::{Z95, mean_se, paired};
pub use quality::{Decile, Quality, group_gap_intervals, quality};
pub use race::{BidRace, RaceQuestion, Stage, advise_bid, advise_bid_among};
pub use real_play::{BidFamily, real_play_payoff, real_play_rate, swing};
pub use report::{
    BidAdvice, BidRow, CardAdvice, CardRow, DiscardRow, STRATEGY_FUSION_CAVEAT, Stats, close_call,
    wilson,
};
pub use sampler::{NoLayout, Sampler, rng_for};
pub(crate) use sampler::{below, unit};
pub use view::{SeatView, ViewError};

use crate::card::{Card, CardSet};
use crate::rules::RuleOptions;
use evaluate::PLAN;

/// Why advice cannot be given.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum AdviseError {
    /// The bid question needs the twelve cards the soloist holds after picking up the talon.
    #[error("the soloist's hand with the talon has 12 cards, this one has {0}")]
    HandSize(u32),
    /// The card question needs a bid.
    #[error("no bid: the card advice needs the bid being played")]
    NoBid,
    /// A bad view.
    #[error(transparent)]
    View(#[from] ViewError),
    /// No consistent layout.
    #[error(transparent)]
    NoLayout(#[from] NoLayout),
    /// The card asked about is not one the seat may play.
    #[error("{0} is not a legal card here")]
    NotLegal(Card),
    /// Zero samples asked for.
    #[error("at least one sample is needed")]
    NoSamples,
}

/// Options of the bid advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BidOptions {
    /// Samples for the discards that stay in contention to the end; the first round gives
    /// every discard `max(1, samples / 32)` (the same layouts for every discard), and each
    /// later round doubles the samples of the better half.
    pub samples: u32,
    /// The seed.
    pub seed: u64,
    /// House rules.
    pub rules: RuleOptions,
    /// Fresh samples for each of the leading rows (0: none; 32 by default), which are then
    /// ranked again on those alone.
    pub confirm: u32,
    /// Fresh samples for each ranked row after the leading ones (0: they keep the statistics
    /// of the racing samples they were chosen on; 32 by default, as many as the leading rows), which are then ranked
    /// again among themselves on those alone. The racing samples chose each row's discard
    /// and pruned it, so its statistics there are optimistic and, for a row pruned early,
    /// rest on one or two layouts.
    pub rest: u32,
    /// What the other seats said in the auction so far, by the seats of the play (0: the one
    /// asking, as soloist): the defenders' layouts are weighed by it ([`Evidence`]). `None`:
    /// uniform layouts (the My hand page, which knows no auction).
    pub evidence: Option<Evidence>,
}

/// How many leading rows the confirmation samples.
pub const CONFIRM_ROWS: usize = 3;

/// The first random stream of the confirmation samples (after every racing sample).
const CONFIRM_STREAMS: u64 = 1 << 32;

impl Default for BidOptions {
    fn default() -> BidOptions {
        BidOptions {
            samples: 32,
            seed: 1,
            rules: RuleOptions::default(),
            confirm: 32,
            rest: 16,
            evidence: None,
        }
    }
}

/// Options of the card advice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardOptions {
    /// Layouts to sample.
    pub samples: u32,
    /// The seed.
    pub seed: u64,
    /// Passz, 40-100 and 20-100: also the exact card points after each card (slower); else
    /// only win or lose.
    pub points: bool,
}

impl Default for CardOptions {
    fn default() -> CardOptions {
        CardOptions {
            samples: 100,
            seed: 1,
            points: true,
        }
    }
}

/// The standard bids in the order of [`TaskResult::bid_outcomes`] and of
/// [`crate::standard_announcements`].
#[must_use]
pub fn announcements() -> &'static [crate::bids::Announcement] {
    &PLAN.announcements
}

/// The 66 ways to discard two of `hand`'s cards, in a fixed order.
#[must_use]
pub fn discards(hand: CardSet) -> Vec<[Card; 2]> {
    let cards: Vec<Card> = hand.iter().collect();
    let mut v = Vec::new();
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            v.push([cards[i], cards[j]]);
        }
    }
    v
}

/// The samples per discard in each round of the race, and how many discards are in it:
/// `(discards, samples per discard)` for a full race over `n` discards.
#[must_use]
pub fn schedule(n: u32, samples: u32) -> Vec<(u32, u32)> {
    let mut v = Vec::new();
    let mut k = (samples / 32).max(1).min(samples);
    let mut alive = n;
    loop {
        v.push((alive, k));
        if k >= samples || alive <= 1 {
            break;
        }
        alive = alive.div_ceil(2);
        k = (k * 2).min(samples);
    }
    v
}
