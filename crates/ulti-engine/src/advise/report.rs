//! Aggregating sampled outcomes: win rates with a Wilson 95 % interval, mean payoffs and
//! points, rankings, and the caveat every answer carries.

use serde::{Deserialize, Serialize};

use crate::advise::real_play::{BidFamily, real_play_rate};
use crate::bids::Announcement;
use crate::card::Card;

/// What every answer says about its method.
pub const STRATEGY_FUSION_CAVEAT: &str = "Each sample is solved double-dummy: in it every player sees all the cards. \
The average over samples (Perfect-Information Monte Carlo) is optimistic for the side that must guess, \
because each sample's play may use knowledge no player has at the table (strategy fusion); \
the intervals cover sampling noise only, not this bias.";

/// Are the best two rows within sampling noise of each other: their expected payoffs less
/// than one standard error of the difference apart (or equal)?
#[must_use]
pub fn close_call(best: &Stats, second: &Stats) -> bool {
    let gap = (best.expected_payoff - second.expected_payoff).abs();
    gap <= best.payoff_se.hypot(second.payoff_se)
}

/// A Wilson score interval at 95 % for `wins` successes in `n` trials (`(0, 1)` when `n == 0`).
#[must_use]
pub fn wilson(wins: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(n);
    let p = f64::from(wins) / n;
    let z2 = z * z;
    let denom = 1.0 + z2 / n;
    let centre = (p + z2 / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z2 / (4.0 * n * n)).sqrt() / denom;
    // At no wins (or all wins) the interval ends exactly at 0 (or 1); rounding would leave a
    // trace above it.
    let low = if wins == 0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let high = if p >= 1.0 {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (low, high)
}

/// Running sums of one outcome over samples.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize)]
pub(crate) struct Tally {
    pub(crate) n: u32,
    pub(crate) wins: u32,
    pub(crate) payoff: i64,
    pub(crate) payoff_sq: i64,
    pub(crate) points: u64,
}

impl Tally {
    pub(crate) fn add(&mut self, won: bool, payoff: i32, points: Option<u32>) {
        self.n += 1;
        self.wins += u32::from(won);
        self.payoff += i64::from(payoff);
        self.payoff_sq += i64::from(payoff) * i64::from(payoff);
        self.points += u64::from(points.unwrap_or(0));
    }

    /// Add the sums of other samples.
    pub(crate) fn merge(&mut self, o: &Tally) {
        self.n += o.n;
        self.wins += o.wins;
        self.payoff += o.payoff;
        self.payoff_sq += o.payoff_sq;
        self.points += o.points;
    }

    pub(crate) fn mean_payoff(&self) -> f64 {
        if self.n == 0 {
            return f64::NEG_INFINITY;
        }
        self.payoff as f64 / f64::from(self.n)
    }

    /// The standard error of the mean payoff.
    pub(crate) fn payoff_se(&self) -> f64 {
        if self.n < 2 {
            return f64::INFINITY;
        }
        let n = f64::from(self.n);
        let mean = self.payoff as f64 / n;
        let var = (self.payoff_sq as f64 / n - mean * mean).max(0.0) * n / (n - 1.0);
        (var / n).sqrt()
    }

    pub(crate) fn stats(&self) -> Stats {
        let (lo, hi) = wilson(self.wins, self.n);
        Stats {
            samples: self.n,
            wins: self.wins,
            win_prob: if self.n == 0 {
                0.0
            } else {
                f64::from(self.wins) / f64::from(self.n)
            },
            win_low: lo,
            win_high: hi,
            expected_payoff: if self.n == 0 { 0.0 } else { self.mean_payoff() },
            payoff_se: if self.n < 2 { 0.0 } else { self.payoff_se() },
        }
    }
}

/// Win rate and payoff over the samples of one row.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Stats {
    /// Samples solved for the row.
    pub samples: u32,
    /// Samples the soloist won.
    pub wins: u32,
    /// `wins / samples`.
    pub win_prob: f64,
    /// Wilson 95 % interval, low end.
    pub win_low: f64,
    /// Wilson 95 % interval, high end.
    pub win_high: f64,
    /// Mean payoff per defender (shared/RULES.md scoring; positive = the soloist is paid).
    pub expected_payoff: f64,
    /// Standard error of `expected_payoff`.
    pub payoff_se: f64,
}

/// One row of the bid advice: a bid with its best discard.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BidRow {
    /// The bid id with its form, e.g. `40-100+ulti@Z`, `betli@teritett` (as `ulti bids`).
    pub id: String,
    /// The name players use.
    pub name: String,
    /// The discard that serves this bid best among those sampled.
    pub discard: [Card; 2],
    /// Its statistics with that discard.
    #[serde(flatten)]
    pub stats: Stats,
    /// The bid's contract family, which the real-play rate is mapped in.
    pub family: BidFamily,
    /// How often the bid is made when every seat plays from its own view: `stats.win_prob`
    /// (open-hand) mapped for the family ([`real_play_rate`]). Kept current by
    /// [`BidRow::set_stats`].
    pub real_win_prob: f64,
    /// Are `stats` from fresh confirmation samples (not those the row was chosen on)?
    pub confirmed: bool,
}

impl BidRow {
    /// A row of `bid` (its id and name), with `discard` and its statistics.
    #[must_use]
    pub fn new(bid: &Announcement, discard: [Card; 2], stats: Stats) -> Self {
        let family = BidFamily::of(&bid.bid);
        Self {
            id: bid.id(),
            name: bid.hungarian(),
            discard,
            stats,
            family,
            real_win_prob: real_play_rate(family, stats.win_prob),
            confirmed: false,
        }
    }

    /// New statistics for the row, and the real-play rate that goes with them.
    pub fn set_stats(&mut self, stats: Stats) {
        self.stats = stats;
        self.real_win_prob = real_play_rate(self.family, stats.win_prob);
    }
}

/// One discard: how many samples it got and the best bid for it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct DiscardRow {
    /// The two cards put in the talon.
    pub discard: [Card; 2],
    /// Samples solved for it.
    pub samples: u32,
    /// The bid with the highest mean payoff for it.
    pub best_bid: String,
    /// That bid's mean payoff.
    pub expected_payoff: f64,
}

/// The answer to "which two do I discard and what do I bid?".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct BidAdvice {
    /// The twelve cards.
    pub hand: Vec<Card>,
    /// The seed of the run.
    pub seed: u64,
    /// Playable bids, each with its best discard, best expected payoff first.
    pub bids: Vec<BidRow>,
    /// The best passz row (the baseline every bid must beat).
    pub passz: Option<BidRow>,
    /// Every discard, most samples first, then best payoff.
    pub discards: Vec<DiscardRow>,
    /// Layouts answered in all, counted per discard (discards that play alike share a solve).
    pub samples_total: u32,
    /// Are the best two bids within sampling noise of each other ([`close_call`])?
    pub close_call: bool,
    /// Rounds of the race between discards, and the samples per discard each round ended at.
    pub rounds: Vec<(u32, u32)>,
    /// The method's caveat.
    pub caveat: String,
}

/// One legal card of the card advice.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRow {
    /// The card.
    pub card: Card,
    /// The soloist's results after this card, over the samples.
    #[serde(flatten)]
    pub stats: Stats,
    /// Point contracts: mean card points the soloist can force after this card.
    pub expected_points: Option<f64>,
}

/// The answer to "what do I play now?".
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardAdvice {
    /// The seat to play.
    pub seat: usize,
    /// The bid.
    pub bid: String,
    /// The seed of the run.
    pub seed: u64,
    /// Layouts solved.
    pub samples: u32,
    /// Layouts drawn but rejected by the whole-layout checks.
    pub rejected: u64,
    /// Consistent layouts of the per-card constraints (an upper bound on the consistent ones).
    pub layouts: u64,
    /// Every legal card, best first for the seat to play (the soloist maximises, a defender
    /// minimises the soloist's result): by expected payoff where the bid has one, else win
    /// rate, then expected points.
    pub cards: Vec<CardRow>,
    /// Are the best two cards within sampling noise of each other ([`close_call`])?
    pub close_call: bool,
    /// The method's caveat.
    pub caveat: String,
}
