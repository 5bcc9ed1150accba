//! The bid advice as a race over the 66 discards ([`BidRace`]): rounds of samples, the
//! better half of the discards going on, open payoffs solved only where a shown number or a
//! pruning decision depends on them, then confirmation samples for the leading rows. Discards
//! that play alike share their solves ([`classes`]).

mod batch;
mod cell;
mod classes;
mod decide;
mod rows;

use crate::advise::{
    AdviseError, BidAdvice, BidOptions, BidRow, CONFIRM_ROWS, CONFIRM_STREAMS, Executor, Sampler,
    SeatView, Task, TaskResult, discards, rng_for, schedule,
};
use std::sync::Arc;

use crate::bids::Announcement;
use crate::card::{Card, CardSet, Suit};
use crate::contract::component_payoff;
use crate::deal::SOLOIST;

use crate::advise::evaluate::{Answer, PLAN, RaceOutcome};
use crate::advise::report::Tally;

use batch::Batch;
use cell::Cell;
use classes::discard_classes;

/// Which two cards to discard and what to bid, from the soloist's twelve cards (their hand
/// and the talon they picked up): every discard × every standard bid, sampled as the
/// defenders' hands (the ten plus ten cards the soloist does not see), raced so that the
/// discards still in contention get the most samples. The whole [`BidRace`], each batch run
/// by `exec`.
///
/// # Errors
/// A hand not of twelve cards, or zero samples.
pub fn advise_bid(
    hand: CardSet,
    opts: &BidOptions,
    exec: &mut dyn Executor,
) -> Result<BidAdvice, AdviseError> {
    advise_bid_among(hand, opts, &|_| true, exec)
}

/// [`advise_bid`] among the bids `allowed` keeps (at the table: the bids that overcall): the
/// others are never solved, so the samples and the confirmation go to the bids that can be
/// chosen, and the rows are theirs alone.
///
/// # Errors
/// A hand not of twelve cards, or zero samples.
pub fn advise_bid_among(
    hand: CardSet,
    opts: &BidOptions,
    allowed: &dyn Fn(&Announcement) -> bool,
    exec: &mut dyn Executor,
) -> Result<BidAdvice, AdviseError> {
    let mut race = BidRace::among(hand, opts, allowed)?;
    while let Some(tasks) = race.next_batch()? {
        race.feed(0, exec.run_all(&tasks));
    }
    Ok(race.finish())
}

/// What a [`BidRace`] answers: its twelve cards, its options and the announcements it races.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RaceQuestion {
    hand: CardSet,
    opts: BidOptions,
    allowed: Arc<[bool]>,
}

/// Where the race stands.
#[derive(Clone, Debug)]
enum Phase {
    /// The next round of the schedule to hand out.
    Racing(usize),
    /// The confirmation samples of these leading rows (index into `bids`, announcement,
    /// discard) are out or next.
    Confirm,
    /// Every answer is in.
    Done,
}

/// The bid advice one batch at a time, for a caller that runs the tasks itself (the page's
/// worker pool): [`BidRace::next_batch`] hands out the tasks of the next round, their
/// results come back through [`BidRace::feed`] (in any order, split in any way), and
/// [`BidRace::snapshot`] shows the numbers so far. The answer does not depend on how the
/// batches were split: it is exactly [`advise_bid`]'s.
#[derive(Clone, Debug)]
pub struct BidRace {
    hand: CardSet,
    opts: BidOptions,
    /// Per announcement: is it in the race at all?
    allowed: Arc<[bool]>,
    ds: Vec<[Card; 2]>,
    /// Per discard, the first discard that plays alike (the two share their solves).
    classes: Vec<usize>,
    samplers: Vec<Sampler>,
    /// How far each bid's payoff can swing between a win and a loss.
    spread: Vec<f64>,
    /// Per discard and announcement, the racing samples' outcomes.
    tallies: Vec<Vec<Cell>>,
    done: Vec<u32>,
    alive: Vec<usize>,
    schedule: Vec<(u32, u32)>,
    rounds: Vec<(u32, u32)>,
    phase: Phase,
    /// The outstanding batch: what each task is for (several discards that play alike may
    /// share one), and which results are in.
    owners: Vec<Vec<Owner>>,
    received: Vec<bool>,
    missing: usize,
    /// Tasks handed out and answered (racing and confirmation samples).
    answered: u32,
    /// Batches that solved open payoffs exactly.
    resolutions: u32,
    /// The race's ranking, kept once the race is over (the confirmation re-ranks its top).
    raced: Option<Vec<BidRow>>,
    /// The confirmation rows (every ranked row that gets fresh samples): (row, announcement,
    /// fresh samples), and their fresh tallies.
    confirm_rows: Vec<(usize, usize, u32)>,
    /// The confirmation rows by discard (its index, the rows): the rows of one discard share
    /// each fresh layout.
    confirm_groups: Vec<(usize, Vec<usize>)>,
    fresh: Vec<Tally>,
    /// What the last batch handed out is for.
    stage: Stage,
}

/// What the last batch [`BidRace::next_batch`] handed out is for (for timing the race).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Nothing handed out yet.
    Start,
    /// Round `i` of the schedule (0-based): its new samples of the discards still in it.
    Round(usize),
    /// Open payoffs that a decision depends on, solved exactly.
    Resolve,
    /// The fresh samples of the ranked rows.
    Confirm,
}

/// What a task of the outstanding batch is for.
#[derive(Clone, Copy, Debug)]
enum Owner {
    /// Racing sample `s` of discard `d`.
    Race(usize, u32),
    /// Confirmation sample `j` of this group of confirmation rows (one discard).
    Confirm(usize, u32),
    /// The exact payoffs of racing sample `s` of discard `d` that were left open.
    Resolve(usize, u32),
}

impl BidRace {
    /// Start a race over `hand`'s 66 discards.
    ///
    /// # Errors
    /// A hand not of twelve cards, or zero samples.
    pub fn new(hand: CardSet, opts: &BidOptions) -> Result<BidRace, AdviseError> {
        BidRace::among(hand, opts, &|_| true)
    }

    /// A race among the announcements `allowed` keeps (see [`advise_bid_among`]).
    ///
    /// # Errors
    /// A hand not of twelve cards, or zero samples.
    pub fn among(
        hand: CardSet,
        opts: &BidOptions,
        allowed: &dyn Fn(&Announcement) -> bool,
    ) -> Result<BidRace, AdviseError> {
        if hand.len() != 12 {
            return Err(AdviseError::HandSize(hand.len()));
        }
        if opts.samples == 0 {
            return Err(AdviseError::NoSamples);
        }
        let plan = &*PLAN;
        let ds = discards(hand);
        let mut samplers = Vec::with_capacity(ds.len());
        for d in &ds {
            let talon: CardSet = d.iter().copied().collect();
            let view = SeatView::new(
                SOLOIST,
                CardSet(hand.0 & !talon.0),
                Some(talon),
                Suit::Piros,
                None,
                &[],
                opts.rules,
            )?;
            let view = match opts.evidence {
                Some(e) => view.with_evidence(e),
                None => view,
            };
            samplers.push(Sampler::new(&view)?);
        }
        // How far a bid's payoff can swing between a win and a loss: half of it over the square
        // root of the samples bounds the standard error of its mean.
        let spread: Vec<f64> = plan
            .announcements
            .iter()
            .map(|a| {
                let trump = a.trump.unwrap_or(Suit::Zold);
                a.bid
                    .components()
                    .iter()
                    .map(|&c| {
                        f64::from(
                            component_payoff(c, true, trump, a.scoring)
                                - component_payoff(c, false, trump, a.scoring),
                        )
                    })
                    .sum()
            })
            .collect();
        Ok(BidRace {
            hand,
            opts: *opts,
            allowed: plan.announcements.iter().map(allowed).collect(),
            tallies: vec![vec![Cell::default(); plan.announcements.len()]; ds.len()],
            done: vec![0; ds.len()],
            alive: (0..ds.len()).collect(),
            schedule: schedule(ds.len() as u32, opts.samples),
            classes: discard_classes(hand, &ds),
            ds,
            samplers,
            spread,
            rounds: Vec::new(),
            phase: Phase::Racing(0),
            owners: Vec::new(),
            received: Vec::new(),
            missing: 0,
            answered: 0,
            resolutions: 0,
            raced: None,
            confirm_rows: Vec::new(),
            confirm_groups: Vec::new(),
            fresh: Vec::new(),
            stage: Stage::Start,
        })
    }

    /// What the race answers: two races with the same question give the same advice.
    #[must_use]
    pub fn question(&self) -> RaceQuestion {
        RaceQuestion {
            hand: self.hand,
            opts: self.opts,
            allowed: Arc::clone(&self.allowed),
        }
    }

    /// The samples (tasks) the whole race will solve: every round of [`schedule`] and the
    /// confirmation. Until the race is over the rows are not known: the count then assumes
    /// three leading rows and no others (the other rows' fresh samples share a task per
    /// discard and layout, and are counted once the race is over).
    #[must_use]
    pub fn planned(&self) -> u32 {
        let mut prev = 0;
        let mut n = 0;
        for &(alive, k) in &self.schedule {
            n += alive * (k - prev);
            prev = k;
        }
        match &self.raced {
            None => n + self.opts.confirm * CONFIRM_ROWS as u32,
            Some(_) => {
                n + self
                    .confirm_groups
                    .iter()
                    .map(|(_, g)| g.iter().map(|&i| self.confirm_rows[i].2).max().unwrap_or(0))
                    .sum::<u32>()
            }
        }
    }

    /// The samples answered so far.
    #[must_use]
    pub fn answered(&self) -> u32 {
        self.answered
    }

    /// Is every answer in (the next [`BidRace::next_batch`] is `None`)?
    #[must_use]
    pub fn is_done(&self) -> bool {
        matches!(self.phase, Phase::Done)
    }

    /// The tasks of the next round, once every result of the last one is in (`Ok(None)` while
    /// some are missing, and at the end). Run them in any way and hand the results to
    /// [`BidRace::feed`].
    ///
    /// # Errors
    /// No layout consistent with the hand (not for a hand of twelve distinct cards).
    pub fn next_batch(&mut self) -> Result<Option<Vec<Task>>, AdviseError> {
        if self.missing > 0 {
            return Ok(None);
        }
        let plan = &*PLAN;
        let mut batch = Batch::new(self.opts.rules);
        // The decisions ahead need the exact payoffs they depend on: those first.
        let cells = self.to_resolve();
        if !cells.is_empty() {
            let mut by_sample: Vec<(usize, u32, Vec<bool>)> = Vec::new();
            for (d, a) in cells {
                for &(s, _, _) in &self.tallies[d][a].open {
                    let i = match by_sample.iter().position(|x| x.0 == d && x.1 == s) {
                        Some(i) => i,
                        None => {
                            by_sample.push((d, s, vec![false; plan.announcements.len()]));
                            by_sample.len() - 1
                        }
                    };
                    by_sample[i].2[a] = true;
                }
            }
            by_sample.sort_by_key(|x| (x.0, x.1));
            for (d, s, wanted) in by_sample {
                let mut rng = rng_for(self.opts.seed, u64::from(s));
                let deal = self.samplers[d].sample(&mut rng)?;
                batch.push(
                    self.classes[d],
                    deal,
                    wanted.into(),
                    false,
                    Owner::Resolve(d, s),
                );
            }
            self.resolutions += 1;
            self.stage = Stage::Resolve;
            return Ok(Some(self.hand_out(batch)));
        }
        match self.phase {
            Phase::Done => return Ok(None),
            Phase::Racing(i) => {
                let (n_alive, k) = self.schedule[i];
                // Keep the better half (by the best bid's mean payoff) for the next round.
                self.alive = self.survivors(n_alive as usize);
                // Within a discard, only the bids still in contention are solved again: those
                // whose mean, raised by the largest standard error its payoff range allows,
                // still reaches the discard's best mean lowered by its own.
                for &d in &self.alive {
                    let wanted: Arc<[bool]> = if self.done[d] == 0 {
                        Arc::clone(&self.allowed)
                    } else {
                        let (best_low, bound) = self.contention(d);
                        let tallies = &self.tallies[d];
                        let mut w = vec![false; plan.announcements.len()];
                        for (a, w) in w.iter_mut().enumerate() {
                            *w = tallies[a].n() > 0
                                && tallies[a].mean_payoff() + bound(a) >= best_low;
                        }
                        w.into()
                    };
                    for s in self.done[d]..k {
                        // Common random numbers: every discard leaves the same twenty cards
                        // unseen, so sample `s` is the same defenders' layout for every
                        // discard, and discards are compared on the same layouts.
                        let mut rng = rng_for(self.opts.seed, u64::from(s));
                        let deal = self.samplers[d].sample(&mut rng)?;
                        let class = self.classes[d];
                        batch.push(class, deal, Arc::clone(&wanted), true, Owner::Race(d, s));
                    }
                    self.done[d] = k;
                }
                self.rounds.push((n_alive, k));
                self.stage = Stage::Round(i);
                self.phase = if i + 1 < self.schedule.len() {
                    Phase::Racing(i + 1)
                } else {
                    Phase::Confirm
                };
            }
            Phase::Confirm => {
                if self.raced.is_some() {
                    // The confirmation's answers are all in.
                    self.phase = Phase::Done;
                    return Ok(None);
                }
                let bids = self.race_rows();
                // Confirmation: every row was chosen on its own samples (its discard as the
                // best for it, the bid kept in contention or pruned), so its statistics there
                // are biased upwards (the winner's curse), and a row pruned early rests on a
                // layout or two. Fresh layouts, the same for every row, give them unbiased
                // statistics: the leading rows `confirm` each, the others `rest` each. The
                // rows of one discard share each layout (one task).
                for (i, r) in bids.iter().enumerate() {
                    let count = if i < CONFIRM_ROWS {
                        self.opts.confirm
                    } else {
                        self.opts.rest
                    };
                    if count == 0 {
                        continue;
                    }
                    let d = self.discard_index(r.discard);
                    let a = Self::announcement_index(&r.id);
                    self.confirm_rows.push((i, a, count));
                    let k = self.confirm_rows.len() - 1;
                    match self.confirm_groups.iter_mut().find(|g| g.0 == d) {
                        Some(g) => g.1.push(k),
                        None => self.confirm_groups.push((d, vec![k])),
                    }
                }
                self.fresh = vec![Tally::default(); self.confirm_rows.len()];
                for (g, (d, rows)) in self.confirm_groups.iter().enumerate() {
                    let most = rows.iter().map(|&k| self.confirm_rows[k].2).max();
                    for j in 0..most.unwrap_or(0) {
                        let mut wanted = vec![false; plan.announcements.len()];
                        for &k in rows {
                            let (_, a, count) = self.confirm_rows[k];
                            wanted[a] |= j < count;
                        }
                        let mut rng = rng_for(self.opts.seed, CONFIRM_STREAMS + u64::from(j));
                        let deal = self.samplers[*d].sample(&mut rng)?;
                        let class = self.classes[*d];
                        batch.push(class, deal, wanted.into(), false, Owner::Confirm(g, j));
                    }
                }
                self.raced = Some(bids);
                self.stage = Stage::Confirm;
            }
        }
        let tasks = self.hand_out(batch);
        if tasks.is_empty() && matches!(self.phase, Phase::Confirm) {
            // No confirmation samples asked for.
            self.phase = Phase::Done;
            return Ok(None);
        }
        Ok(Some(tasks))
    }

    /// Make `batch` the outstanding one: its distinct tasks to run.
    fn hand_out(&mut self, batch: Batch<Owner>) -> Vec<Task> {
        let (tasks, owners) = batch.into_parts();
        self.received = vec![false; tasks.len()];
        self.missing = tasks.len();
        self.owners = owners;
        tasks
    }

    /// The results of tasks `offset..offset + results.len()` of the last batch, in task
    /// order. Results may come in any order and in pieces of any size; each task's result
    /// counts once.
    ///
    /// # Panics
    /// Results beyond the batch, or of another kind than a bid task's.
    pub fn feed(&mut self, offset: usize, results: Vec<TaskResult>) {
        for (i, r) in results.into_iter().enumerate() {
            let i = offset + i;
            assert!(i < self.owners.len(), "a result beyond the batch");
            if std::mem::replace(&mut self.received[i], true) {
                continue;
            }
            self.missing -= 1;
            let answer = r.into_answer();
            for owner in std::mem::take(&mut self.owners[i]) {
                self.count(owner, &answer);
            }
        }
    }

    /// One owner's share of a task's answer.
    fn count(&mut self, owner: Owner, answer: &Answer) {
        match (owner, answer) {
            (Owner::Race(d, s), Answer::Race(outcomes)) => {
                self.answered += 1;
                for (t, o) in self.tallies[d].iter_mut().zip(outcomes) {
                    match *o {
                        Some(RaceOutcome::Exact(won, payoff)) => t.exact.add(won, payoff, None),
                        Some(RaceOutcome::Open(lo, hi)) => t.open.push((s, lo, hi)),
                        None => {}
                    }
                }
            }
            (Owner::Confirm(g, j), Answer::Bids(outcomes)) => {
                self.answered += 1;
                for &k in &self.confirm_groups[g].1 {
                    let (_, a, count) = self.confirm_rows[k];
                    if j < count
                        && let Some((won, payoff)) = outcomes[a]
                    {
                        self.fresh[k].add(won, payoff, None);
                    }
                }
            }
            (Owner::Resolve(d, s), Answer::Bids(outcomes)) => {
                for (t, o) in self.tallies[d].iter_mut().zip(outcomes) {
                    let Some((won, payoff)) = *o else { continue };
                    if let Some(j) = t.open.iter().position(|x| x.0 == s) {
                        let (_, lo, hi) = t.open.swap_remove(j);
                        debug_assert!(!won && (lo..=hi).contains(&payoff), "open bounds hold");
                        t.exact.add(won, payoff, None);
                    }
                }
            }
            _ => panic!("a bid task answers with bids"),
        }
    }

    /// The index in the plan of the standard bid `id` (a row's bid).
    fn announcement_index(id: &str) -> usize {
        PLAN.announcements
            .iter()
            .position(|x| x.id() == id)
            .expect("a standard bid")
    }

    /// The index of discard `cards`.
    fn discard_index(&self, cards: [Card; 2]) -> usize {
        self.ds
            .iter()
            .position(|x| *x == cards)
            .expect("a discard of the hand")
    }

    /// What the last batch handed out is for.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Batches that solved open payoffs exactly (besides the rounds and the confirmation).
    #[must_use]
    pub fn resolutions(&self) -> u32 {
        self.resolutions
    }
}

#[cfg(test)]
mod tests;
