//! The bid advice of the My hand page: each round of the engine's [`BidRace`] is cut into
//! [`Job::AdviseTasks`] pieces for the workers, and the numbers are refreshed as the pieces
//! come back.

use leptos::prelude::*;
use ulti_engine::CardSet;
use ulti_engine::advise::{BidAdvice, BidOptions, BidRace, Task};

use super::pool::{Pool, now_ms};
use super::{ON_DEMAND, Target, unexpected};
use crate::protocol::{Answer, Job};

/// The bid advice of the "My hand" page.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct BidAdviceState {
    /// The twelve cards and options of the run (`None`: nothing asked).
    pub asked: Option<(CardSet, BidOptions)>,
    /// The numbers so far (after each piece), or the final answer.
    pub advice: Option<BidAdvice>,
    /// Samples answered.
    pub answered: u32,
    /// Samples the whole run solves.
    pub planned: u32,
    /// Is the run going on?
    pub running: bool,
    /// Was it cancelled before the end?
    pub cancelled: bool,
    /// Page-side wall time of the whole run, ms (once done).
    pub ms: Option<f64>,
    /// Why the run failed (the engine's or the worker's message).
    pub error: Option<String>,
}

/// Tasks per bid advice job: small enough that the numbers move often and the workers share a
/// round evenly, large enough that messages are few.
#[must_use]
pub fn bid_advice_piece(tasks: usize, workers: usize) -> usize {
    tasks.div_ceil(workers.max(1) * 4).clamp(1, 16)
}

/// A race round's tasks cut into [`Job::AdviseTasks`] pieces for `workers` workers
/// ([`bid_advice_piece`]), each with the offset of its first task in the round (where its
/// answer is fed back).
pub(super) fn advise_pieces(tasks: &[Task], workers: usize) -> impl Iterator<Item = (usize, Job)> {
    let piece = bid_advice_piece(tasks.len(), workers);
    tasks.chunks(piece).enumerate().map(move |(i, chunk)| {
        (
            i * piece,
            Job::AdviseTasks {
                tasks: chunk.to_vec(),
            },
        )
    })
}

/// A bid race under way.
struct Run {
    /// Counts runs, so answers of a cancelled run are dropped.
    run: u64,
    race: BidRace,
    started: f64,
}

/// The bid advice: the race under way and what the page shows.
#[derive(Clone, Copy)]
pub(super) struct BidAdviceRun {
    pool: Pool<Target>,
    race: StoredValue<Option<Run>, LocalStorage>,
    runs: StoredValue<u64>,
    state: RwSignal<BidAdviceState>,
}

impl BidAdviceRun {
    pub fn new(pool: Pool<Target>) -> BidAdviceRun {
        BidAdviceRun {
            pool,
            race: StoredValue::new_local(None),
            runs: StoredValue::new(0),
            state: RwSignal::new(BidAdviceState::default()),
        }
    }

    /// What the page shows.
    pub fn get(&self) -> ReadSignal<BidAdviceState> {
        self.state.read_only()
    }

    /// Advise on the bid and the discard for `hand` (twelve cards). A run under way is
    /// cancelled first.
    pub fn start(&self, hand: CardSet, opts: BidOptions) {
        self.cancel();
        self.pool.ensure_started();
        let run = self.runs.get_value() + 1;
        self.runs.set_value(run);
        match BidRace::new(hand, &opts) {
            Ok(race) => {
                self.state.set(BidAdviceState {
                    asked: Some((hand, opts)),
                    advice: None,
                    answered: 0,
                    planned: race.planned(),
                    running: true,
                    cancelled: false,
                    ms: None,
                    error: None,
                });
                self.race.set_value(Some(Run {
                    run,
                    race,
                    started: now_ms(),
                }));
                self.next_round();
            }
            Err(e) => self.state.set(BidAdviceState {
                asked: Some((hand, opts)),
                error: Some(e.to_string()),
                ..BidAdviceState::default()
            }),
        }
    }

    /// Stop the run: queued pieces are dropped, answers on their way are ignored; the numbers
    /// so far stay.
    pub fn cancel(&self) {
        if self.state.with_untracked(|a| a.running) {
            self.stop(true);
        }
    }

    /// Forget the bid advice (the hand is not complete).
    pub fn clear(&self) {
        self.cancel();
        self.state.set(BidAdviceState::default());
    }

    /// The pool failed: the run stops (not cancelled by the user).
    pub fn pool_failed(&self) {
        if self.state.with_untracked(|a| a.running) {
            self.stop(false);
        }
    }

    fn stop(&self, cancelled: bool) {
        self.runs.update_value(|r| *r += 1);
        self.race.set_value(None);
        self.pool.retain(|t| !matches!(t, Target::BidRace { .. }));
        self.state.update(|a| {
            a.running = false;
            a.cancelled = cancelled;
        });
    }

    /// Queue the race's next round, or finish the run when every answer is in.
    fn next_round(&self) {
        let workers = self.pool.workers();
        let step = self
            .race
            .try_update_value(|r| r.as_mut().map(|r| (r.run, r.started, r.race.next_batch())));
        let Some(Some((run, started, batch))) = step else {
            return;
        };
        match batch {
            Ok(Some(tasks)) => {
                for (offset, job) in advise_pieces(&tasks, workers) {
                    self.pool
                        .push(ON_DEMAND, job, Target::BidRace { run, offset });
                }
                self.pool.dispatch();
            }
            Ok(None) => {
                let done = self
                    .race
                    .with_value(|r| r.as_ref().is_some_and(|r| r.race.is_done()));
                if done {
                    let advice = self
                        .race
                        .try_update_value(Option::take)
                        .flatten()
                        .map(|r| r.race.finish());
                    let ms = now_ms() - started;
                    self.state.update(|a| {
                        if let Some(advice) = advice {
                            a.answered = advice.samples_total;
                            a.planned = advice.samples_total;
                            a.advice = Some(advice);
                        }
                        a.running = false;
                        a.ms = Some(ms);
                    });
                }
            }
            Err(e) => {
                self.stop(false);
                self.state.update(|a| a.error = Some(e.to_string()));
            }
        }
    }

    /// The answer of tasks `offset..` of the current round of run `run`.
    pub fn answer(&self, run: u64, offset: usize, answer: Result<Answer, String>) {
        if self.runs.get_value() != run {
            return; // cancelled or replaced
        }
        let results = match answer {
            Ok(Answer::AdviseTasks(r)) => r,
            Ok(_) => {
                self.stop(false);
                self.state.update(|a| a.error = Some(unexpected()));
                return;
            }
            Err(e) => {
                self.stop(false);
                self.state.update(|a| a.error = Some(e));
                return;
            }
        };
        let snapshot = self.race.try_update_value(|r| {
            r.as_mut().map(|r| {
                r.race.feed(offset, results);
                (r.race.snapshot(), r.race.answered(), r.race.planned())
            })
        });
        if let Some(Some((advice, answered, planned))) = snapshot {
            self.state.update(|a| {
                a.advice = Some(advice);
                a.answered = answered;
                a.planned = planned;
            });
        }
        self.next_round();
    }
}
