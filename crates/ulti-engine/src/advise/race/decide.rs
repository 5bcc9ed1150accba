//! The race's decisions on the answers so far: which discards stay in it, which bids of a
//! discard are still in contention, and which open payoffs a decision depends on.

use crate::advise::evaluate::PLAN;

use super::cell::open_rivals;
use super::rows::best_mean;
use super::{BidRace, Phase};

impl BidRace {
    /// The `n` discards that stay in the race: the better ones by the best bid's mean payoff
    /// (all of them while `n` is not fewer), in discard order.
    pub(super) fn survivors(&self, n: usize) -> Vec<usize> {
        let mut alive = self.alive.clone();
        if n < alive.len() {
            let tallies = &self.tallies;
            alive.sort_by(|&a, &b| {
                best_mean(&tallies[b])
                    .total_cmp(&best_mean(&tallies[a]))
                    .then(a.cmp(&b))
            });
            alive.truncate(n);
            alive.sort_unstable();
        }
        alive
    }

    /// Discard `d`'s contention line: the best mean payoff less the largest standard error
    /// its payoff range allows, over the bids solved, and that bound per bid. A bid stays in
    /// contention when its mean raised by its own bound reaches the line.
    pub(super) fn contention(&self, d: usize) -> (f64, impl Fn(usize) -> f64 + '_) {
        let tallies = &self.tallies[d];
        let bound = move |a: usize| self.spread[a] / (2.0 * f64::from(tallies[a].n()).sqrt());
        let best_low = (0..tallies.len())
            .filter(|&a| tallies[a].n() > 0)
            .map(|a| tallies[a].mean_payoff() - bound(a))
            .fold(f64::NEG_INFINITY, f64::max);
        (best_low, bound)
    }

    /// The cells (discard, announcement) whose open payoffs must be solved before the next
    /// step: before a round, those that could decide a discard's best mean payoff, by which
    /// discards stay in the race; before the confirmation, the cells the answer shows (each
    /// bid's row, each discard's best bid). Every other decision counts an open payoff at its
    /// lowest: such a payoff belongs to a lost compound none of whose parts the soloist makes
    /// alone, far below the bids that contend.
    pub(super) fn to_resolve(&self) -> Vec<(usize, usize)> {
        let n_bids = PLAN.announcements.len();
        let mut out = Vec::new();
        match self.phase {
            Phase::Racing(i) if (self.schedule[i].0 as usize) < self.alive.len() => {
                for &d in &self.alive {
                    let c: Vec<_> = (0..n_bids)
                        .map(|a| (a, &self.tallies[d][a]))
                        .filter(|(_, t)| t.n() > 0)
                        .map(|(a, t)| {
                            let open = !t.open.is_empty();
                            ((d, a), t.mean_payoff(), t.mean_high(), open)
                        })
                        .collect();
                    open_rivals(&c, &mut out);
                }
            }
            Phase::Confirm if self.raced.is_none() => {
                for r in self.race_rows() {
                    let d = self.discard_index(r.discard);
                    let a = Self::announcement_index(&r.id);
                    out.push((d, a));
                }
                for d in 0..self.ds.len() {
                    out.extend(self.best_bid(d).map(|a| (d, a)));
                }
                out.retain(|&(d, a)| !self.tallies[d][a].open.is_empty());
                out.sort_unstable();
                out.dedup();
            }
            _ => {}
        }
        out
    }

    /// Discard `d`'s bid of the best mean payoff (open payoffs at their lowest), if any was
    /// solved.
    pub(super) fn best_bid(&self, d: usize) -> Option<usize> {
        let tallies = &self.tallies[d];
        (0..tallies.len())
            .filter(|&a| tallies[a].n() > 0)
            .max_by(|&x, &y| {
                tallies[x]
                    .mean_payoff()
                    .total_cmp(&tallies[y].mean_payoff())
                    .then(y.cmp(&x))
            })
    }
}
