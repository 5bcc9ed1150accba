//! One bid's outcomes on the racing samples of one discard ([`Cell`]): exact ones summed,
//! payoffs left open kept with their bounds.

use crate::advise::Stats;
use crate::advise::report::Tally;

/// The outcomes of one bid on the racing samples of one discard: the exact ones summed, and
/// the payoffs left open (sample, lowest, highest), each a loss.
#[derive(Clone, Debug, Default, PartialEq)]
pub(super) struct Cell {
    pub(super) exact: Tally,
    pub(super) open: Vec<(u32, i32, i32)>,
}

impl Cell {
    /// Samples, open ones included.
    pub(super) fn n(&self) -> u32 {
        self.exact.n + self.open.len() as u32
    }

    /// The mean payoff with every open payoff at its lowest (the exact mean when none is
    /// open).
    pub(super) fn mean_payoff(&self) -> f64 {
        self.mean_with(|&(_, lo, _)| lo)
    }

    /// The mean payoff with every open payoff at its highest.
    pub(super) fn mean_high(&self) -> f64 {
        self.mean_with(|&(_, _, hi)| hi)
    }

    pub(super) fn mean_with(&self, pick: impl Fn(&(u32, i32, i32)) -> i32) -> f64 {
        let n = self.n();
        if n == 0 {
            return f64::NEG_INFINITY;
        }
        let sum = self.exact.payoff + self.open.iter().map(|o| i64::from(pick(o))).sum::<i64>();
        sum as f64 / f64::from(n)
    }

    /// The statistics, open payoffs at their lowest.
    pub(super) fn stats(&self) -> Stats {
        let mut t = self.exact;
        for &(_, lo, _) in &self.open {
            t.add(false, lo, None);
        }
        t.stats()
    }
}

/// The cells among `cands` (cell, its lowest and highest score) whose open payoffs decide
/// which has the best score, or what it is: each open one whose highest score reaches the best
/// lowest score. Once they are exact, the best score and every cell that has it are exact.
pub(super) fn open_rivals<T: Copy>(cands: &[(T, f64, f64, bool)], out: &mut Vec<T>) {
    let best_low = cands.iter().map(|c| c.1).fold(f64::NEG_INFINITY, f64::max);
    out.extend(cands.iter().filter(|c| c.3 && c.2 >= best_low).map(|c| c.0));
}
