//! Examining candidates: each one judged on its own ([`examine`]), ranges of them for one
//! thread or one Ray task ([`examine_range`]), and a [`Collector`] that keeps the puzzles in
//! index order until it has enough. Whoever runs the ranges (threads, Ray, in any order and any
//! size), the file and its tally are the same.

use std::collections::{BTreeMap, HashSet};
use std::ops::Range;

use serde::{Deserialize, Serialize};

use crate::rules::RuleOptions;
use crate::solver::Solver;

use super::features::Band;
use super::record::PuzzleRecord;
use super::source::{Source, candidate};
use super::{Rejection, judge};

/// What examining one candidate gave.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Examined {
    /// Its index in the run.
    pub index: u64,
    /// Where its deal came from.
    pub source: Source,
    /// Did a biased source find no deal?
    pub no_deal: bool,
    /// Positions passed over without a solve.
    pub skipped: u32,
    /// The positions judged and rejected, in play order, by their reason.
    pub rejected: Vec<Rejection>,
    /// The puzzle found, if any (the first along the play: one per candidate).
    pub kept: Option<Box<PuzzleRecord>>,
}

/// Examine candidate `index` of the run seeded with `seed`: from the candidate's position on,
/// judge each position along the solver's line that may be a puzzle (see
/// [`crate::puzzles::source::Candidate::walk`]) until one is, or the game is too far on.
#[must_use]
pub fn examine(solver: &mut Solver, seed: u64, index: u64, rule_sets: &[RuleOptions]) -> Examined {
    let (source, c) = candidate(solver, seed, index, rule_sets);
    let mut e = Examined {
        index,
        source,
        no_deal: c.is_none(),
        skipped: 0,
        rejected: Vec::new(),
        kept: None,
    };
    let Some(mut c) = c else {
        return e;
    };
    while c.walk(solver) {
        match judge(solver, c.position()) {
            Ok(p) => {
                e.kept = Some(Box::new(PuzzleRecord::new(&p, source)));
                break;
            }
            Err(r) => e.rejected.push(r),
        }
        c.step(solver);
    }
    e.skipped = c.skipped;
    e
}

/// Examine the candidates of `range`, in order.
#[must_use]
pub fn examine_range(
    solver: &mut Solver,
    seed: u64,
    range: Range<u64>,
    rule_sets: &[RuleOptions],
) -> Vec<Examined> {
    range.map(|i| examine(solver, seed, i, rule_sets)).collect()
}

/// How a run went, over the candidates it needed.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tally {
    /// Candidates examined (each a deal played to a position, then along the solver's line).
    pub examined: u64,
    /// Positions judged (solved with every legal card).
    pub positions: u64,
    /// Positions passed over on the way to a candidate without a solve (the seat to move on
    /// the losing side, or fewer than three runs of touching legal cards).
    pub skipped: u64,
    /// Puzzles kept.
    pub kept: u64,
    /// Puzzles dropped because an earlier one had the same id.
    pub repeated: u64,
    /// Biased draws that found no deal.
    pub no_deal: u64,
    /// Positions rejected, by reason.
    pub rejected: BTreeMap<Rejection, u64>,
    /// Per source: candidates and puzzles kept.
    pub by_source: BTreeMap<Source, (u64, u64)>,
    /// Puzzles kept per difficulty band.
    pub by_band: BTreeMap<Band, u64>,
    /// Puzzles kept per bid.
    pub by_contract: BTreeMap<String, u64>,
    /// Puzzles kept per rule set (`rules=` ids; empty for the defaults).
    pub by_rules: BTreeMap<String, u64>,
    /// Puzzles kept for the soloist (seat 0) and for the defenders.
    pub by_side: (u64, u64),
    /// Puzzles kept at trick 1 and mid-game.
    pub by_moment: (u64, u64),
}

/// Keeps puzzles in index order until it holds `count`.
#[derive(Clone, Debug)]
pub struct Collector {
    count: usize,
    next: u64,
    records: Vec<PuzzleRecord>,
    ids: HashSet<String>,
    tally: Tally,
}

impl Collector {
    /// A collector of `count` puzzles.
    #[must_use]
    pub fn new(count: usize) -> Collector {
        Collector {
            count,
            next: 0,
            records: Vec::new(),
            ids: HashSet::new(),
            tally: Tally::default(),
        }
    }

    /// Does it hold `count` puzzles?
    #[must_use]
    pub fn done(&self) -> bool {
        self.records.len() >= self.count
    }

    /// The index of the next candidate it needs.
    #[must_use]
    pub fn next_index(&self) -> u64 {
        self.next
    }

    /// Take the next candidate (its index must be [`Collector::next_index`]); ignored once done.
    ///
    /// # Panics
    /// A candidate out of order.
    pub fn push(&mut self, e: Examined) {
        if self.done() {
            return;
        }
        assert_eq!(e.index, self.next, "candidates in index order");
        self.next += 1;
        let t = &mut self.tally;
        t.examined += 1;
        t.skipped += u64::from(e.skipped);
        t.positions += e.rejected.len() as u64 + u64::from(e.kept.is_some());
        t.no_deal += u64::from(e.no_deal);
        for &r in &e.rejected {
            *t.rejected.entry(r).or_default() += 1;
        }
        let seen = t.by_source.entry(e.source).or_default();
        seen.0 += 1;
        let Some(r) = e.kept else {
            return;
        };
        if !self.ids.insert(r.id.clone()) {
            t.repeated += 1;
            return;
        }
        seen.1 += 1;
        t.kept += 1;
        *t.by_band.entry(Band::of(r.difficulty)).or_default() += 1;
        *t.by_contract.entry(r.contract.clone()).or_default() += 1;
        *t.by_rules.entry(r.rules.clone()).or_default() += 1;
        if r.seat == 0 {
            t.by_side.0 += 1;
        } else {
            t.by_side.1 += 1;
        }
        if r.played.split(',').filter(|s| !s.is_empty()).count() < 3 {
            t.by_moment.0 += 1;
        } else {
            t.by_moment.1 += 1;
        }
        self.records.push(*r);
    }

    /// The puzzles kept.
    #[must_use]
    pub fn records(&self) -> &[PuzzleRecord] {
        &self.records
    }

    /// The tally of the candidates taken.
    #[must_use]
    pub fn tally(&self) -> &Tally {
        &self.tally
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::puzzles::source::RULE_SETS;

    #[test]
    fn ranges_in_any_split_give_the_same_puzzles() {
        let mut s = Solver::new();
        let whole = examine_range(&mut s, 21, 0..24, &RULE_SETS);
        let mut parts = examine_range(&mut Solver::new(), 21, 16..24, &RULE_SETS);
        let mut first = examine_range(&mut s, 21, 0..16, &RULE_SETS);
        first.append(&mut parts);
        assert_eq!(whole, first);
        let mut c = Collector::new(usize::MAX);
        for e in whole {
            c.push(e);
        }
        let t = c.tally();
        assert_eq!(t.examined, 24);
        assert_eq!(
            t.positions,
            t.kept + t.repeated + t.rejected.values().sum::<u64>()
        );
    }
}
