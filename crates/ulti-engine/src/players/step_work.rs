//! The work a stepped auction decision hands out ([`super::auction_step`]): a bid race, or a
//! batch of solves (the layouts of the holder's hand a seat weighs before it passes). Both
//! are run the same way by the caller: [`StepWork::next_batch`] hands out tasks,
//! [`StepWork::feed`] takes their results in any order and pieces, and [`StepAnswer::of`]
//! keeps the finished work for the next step.

use crate::advise::{AdviseError, BidAdvice, BidOptions, BidRace, RaceQuestion, Task, TaskResult};
use crate::bids::Announcement;
use crate::card::CardSet;

/// One piece of work a stepped decision needs.
#[derive(Clone, Debug)]
pub enum StepWork {
    /// A bid race.
    Race(Box<BidRace>),
    /// Solves whose results the decision reads as they are.
    Solves(Solves),
}

/// A batch of solves handed out at once.
#[derive(Clone, Debug)]
pub struct Solves {
    tasks: Vec<Task>,
    results: Vec<Option<TaskResult>>,
    handed_out: bool,
}

/// What a piece of work answers: two pieces with the same question have the same answer.
#[derive(Clone, Debug, PartialEq)]
pub enum StepQuestion {
    /// A race's question.
    Race(RaceQuestion),
    /// The tasks of a batch of solves.
    Solves(Vec<Task>),
}

impl From<BidRace> for StepWork {
    fn from(race: BidRace) -> StepWork {
        StepWork::Race(Box::new(race))
    }
}

impl StepWork {
    /// What it answers.
    #[must_use]
    pub fn question(&self) -> StepQuestion {
        match self {
            StepWork::Race(r) => StepQuestion::Race(r.question()),
            StepWork::Solves(s) => StepQuestion::Solves(s.tasks.clone()),
        }
    }

    /// The tasks to run next (`Ok(None)` while results are missing, and at the end).
    ///
    /// # Errors
    /// A race without a consistent layout ([`BidRace::next_batch`]).
    pub fn next_batch(&mut self) -> Result<Option<Vec<Task>>, AdviseError> {
        match self {
            StepWork::Race(r) => r.next_batch(),
            StepWork::Solves(s) => {
                Ok((!std::mem::replace(&mut s.handed_out, true)).then(|| s.tasks.clone()))
            }
        }
    }

    /// The results of tasks `offset..offset + results.len()` of the last batch, in task
    /// order (each counts once).
    ///
    /// # Panics
    /// Results beyond the batch.
    pub fn feed(&mut self, offset: usize, results: Vec<TaskResult>) {
        match self {
            StepWork::Race(r) => r.feed(offset, results),
            StepWork::Solves(s) => {
                for (i, r) in results.into_iter().enumerate() {
                    let slot = s
                        .results
                        .get_mut(offset + i)
                        .expect("a result beyond the batch");
                    slot.get_or_insert(r);
                }
            }
        }
    }

    /// Is every answer in?
    #[must_use]
    pub fn is_done(&self) -> bool {
        match self {
            StepWork::Race(r) => r.is_done(),
            StepWork::Solves(s) => s.results.iter().all(Option::is_some),
        }
    }
}

/// Finished work of a stepped decision: its question and its answer.
#[derive(Clone, Debug)]
pub struct StepAnswer {
    question: StepQuestion,
    answer: Answered,
}

#[derive(Clone, Debug)]
enum Answered {
    Advice(Box<BidAdvice>),
    Results(Vec<TaskResult>),
}

impl StepAnswer {
    /// The answer of `work`, run to its end ([`StepWork::is_done`]).
    ///
    /// # Panics
    /// Solves with a result missing.
    #[must_use]
    pub fn of(work: StepWork) -> StepAnswer {
        let question = work.question();
        let answer = match work {
            StepWork::Race(r) => Answered::Advice(Box::new(r.finish())),
            StepWork::Solves(s) => Answered::Results(
                s.results
                    .into_iter()
                    .map(|r| r.expect("every solve answered"))
                    .collect(),
            ),
        };
        StepAnswer { question, answer }
    }
}

/// A stepping player's work: what was answered elsewhere, and what nobody ran yet.
#[derive(Debug)]
pub(super) struct Steps {
    given: Vec<StepAnswer>,
    needed: Vec<StepWork>,
}

impl Steps {
    /// Steps whose work `done` is answered.
    pub(super) fn new(done: &[StepAnswer]) -> Steps {
        Steps {
            given: done.to_vec(),
            needed: Vec::new(),
        }
    }

    /// The work met and not answered, in the order met.
    pub(super) fn needed(self) -> Vec<StepWork> {
        self.needed
    }

    fn given(&self, question: &StepQuestion) -> Option<&Answered> {
        self.given
            .iter()
            .find(|a| a.question == *question)
            .map(|a| &a.answer)
    }

    fn need(&mut self, work: StepWork) {
        let q = work.question();
        if !self.needed.iter().any(|w| w.question() == q) {
            self.needed.push(work);
        }
    }

    /// The advice of the race of `twelve`, `opts` and `allowed` if it was answered; else the
    /// race is kept as needed and `None` stands in for its rows. A decision that met work not
    /// answered yet ends with a meaningless action its caller does not use; the work it
    /// meets after that is kept too (a pick-up decision's sampled talons and its holder's
    /// layouts do not depend on one another). A race that cannot start is not a race (as
    /// [`crate::advise::advise_bid_among`], whose error leaves no rows).
    pub(super) fn advice(
        &mut self,
        twelve: CardSet,
        opts: &BidOptions,
        allowed: &dyn Fn(&Announcement) -> bool,
    ) -> Result<Option<BidAdvice>, AdviseError> {
        let work = StepWork::from(BidRace::among(twelve, opts, allowed)?);
        if let Some(Answered::Advice(a)) = self.given(&work.question()) {
            return Ok(Some(BidAdvice::clone(a)));
        }
        self.need(work);
        Ok(None)
    }

    /// The results of `tasks` if they were answered; else they are kept as needed.
    pub(super) fn solves(&mut self, tasks: Vec<Task>) -> Option<Vec<TaskResult>> {
        if tasks.is_empty() {
            return Some(Vec::new());
        }
        let work = StepWork::Solves(Solves {
            results: vec![None; tasks.len()],
            tasks,
            handed_out: false,
        });
        if let Some(Answered::Results(r)) = self.given(&work.question()) {
            return Some(r.clone());
        }
        self.need(work);
        None
    }
}
