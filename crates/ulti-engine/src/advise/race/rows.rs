//! The race's answer: the ranked bid rows, each with its best discard, the discard rows and
//! the confirmed statistics of the leading rows.

use crate::advise::evaluate::PLAN;
use crate::advise::{
    BidAdvice, BidRow, CONFIRM_ROWS, DiscardRow, STRATEGY_FUSION_CAVEAT, close_call,
};

use super::{BidRace, Cell};

impl BidRace {
    /// The ranked bids on the racing samples so far, each with its best discard.
    pub(super) fn race_rows(&self) -> Vec<BidRow> {
        let plan = &*PLAN;
        let (ds, tallies, spread) = (&self.ds, &self.tallies, &self.spread);
        let row =
            |a: usize, d: usize| BidRow::new(&plan.announcements[a], ds[d], tallies[d][a].stats());
        let mut bids: Vec<BidRow> = (0..plan.announcements.len())
            .filter_map(|a| {
                // The discard with the best mean payoff less the bound on its standard error:
                // a discard sampled only a few times needs a clearly better mean to be chosen.
                (0..ds.len())
                    .filter(|&d| tallies[d][a].n() > 0)
                    .max_by(|&x, &y| {
                        let score = |d: usize| {
                            let t = &tallies[d][a];
                            t.mean_payoff() - spread[a] / (2.0 * f64::from(t.n()).sqrt())
                        };
                        score(x)
                            .total_cmp(&score(y))
                            .then(tallies[x][a].n().cmp(&tallies[y][a].n()))
                            .then(y.cmp(&x))
                    })
                    .map(|d| row(a, d))
            })
            .collect();
        bids.sort_by(rank);
        bids
    }

    /// The advice on the answers so far: while racing, the ranking on the racing samples;
    /// the leading rows get their confirmed statistics once all their fresh samples are in.
    #[must_use]
    pub fn snapshot(&self) -> BidAdvice {
        let plan = &*PLAN;
        let mut bids = self.raced.clone().unwrap_or_else(|| self.race_rows());
        if self.raced.is_some() && self.missing == 0 && !self.confirm_rows.is_empty() {
            for (&(i, _, _), t) in self.confirm_rows.iter().zip(&self.fresh) {
                bids[i].set_stats(t.stats());
                bids[i].confirmed = true;
            }
            // The leading rows among themselves, the others among themselves: each on its
            // fresh samples where it has them.
            let top = bids.len().min(CONFIRM_ROWS);
            bids[..top].sort_by(rank);
            bids[top..].sort_by(rank);
        }
        let passz = bids.iter().find(|r| r.id.starts_with("passz@")).cloned();
        let close = bids.len() > 1 && close_call(&bids[0].stats, &bids[1].stats);
        let tallies = &self.tallies;
        let mut discard_rows: Vec<DiscardRow> = (0..self.ds.len())
            .map(|d| {
                let best = self.best_bid(d);
                DiscardRow {
                    discard: self.ds[d],
                    samples: self.done[d],
                    best_bid: best.map_or_else(String::new, |a| plan.announcements[a].id()),
                    expected_payoff: best.map_or(0.0, |a| tallies[d][a].mean_payoff()),
                }
            })
            .collect();
        discard_rows.sort_by(|x, y| {
            y.samples
                .cmp(&x.samples)
                .then(y.expected_payoff.total_cmp(&x.expected_payoff))
        });
        BidAdvice {
            hand: self.hand.iter().collect(),
            seed: self.opts.seed,
            bids,
            passz,
            discards: discard_rows,
            close_call: close,
            samples_total: self.answered,
            rounds: self.rounds.clone(),
            caveat: STRATEGY_FUSION_CAVEAT.to_string(),
        }
    }

    /// The final advice (after [`BidRace::next_batch`] returned `None` with every result in;
    /// earlier, the same as [`BidRace::snapshot`]).
    #[must_use]
    pub fn finish(self) -> BidAdvice {
        self.snapshot()
    }
}

/// Best expected payoff first, then win rate, then id.
pub(super) fn rank(x: &BidRow, y: &BidRow) -> std::cmp::Ordering {
    y.stats
        .expected_payoff
        .total_cmp(&x.stats.expected_payoff)
        .then(y.stats.win_prob.total_cmp(&x.stats.win_prob))
        .then(x.id.cmp(&y.id))
}

/// The best mean payoff over the bids of one discard (open payoffs at their lowest).
pub(super) fn best_mean(tallies: &[Cell]) -> f64 {
    tallies
        .iter()
        .filter(|t| t.n() > 0)
        .map(Cell::mean_payoff)
        .fold(f64::NEG_INFINITY, f64::max)
}
