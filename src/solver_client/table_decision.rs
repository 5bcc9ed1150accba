//! A computer's decision at the table, asked of the pool. A pick-up decision weighs a few
//! sampled talons, each a bid race of its own and most of the decision's time: those are asked
//! side by side ([`Job::TablePickup`], one worker each), then the decision with their numbers
//! ([`Job::TableDecision`]). Any other decision is one job. The action is the same either way,
//! and the same as `ulti move`'s.

use std::cell::RefCell;
use std::rc::Rc;

use ulti_engine::Seat;
use ulti_engine::players::TableLevel;

use super::SolverClient;
use crate::protocol::{Answer, Job};

/// Who decides at which moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableAsk {
    /// The game so far, an `ulti-game/1` record.
    pub record: String,
    /// The deciding seat.
    pub seat: Seat,
    /// Its strength.
    pub level: TableLevel,
    /// Its seed.
    pub seed: u64,
}

impl TableAsk {
    fn decision(&self, pickup: Vec<f64>) -> Job {
        Job::TableDecision {
            record: self.record.clone(),
            seat: self.seat,
            level: self.level,
            seed: self.seed,
            pickup,
        }
    }
}

/// The jobs of one decision out now (all forgotten together).
#[derive(Clone, Default)]
pub struct TableTickets(Rc<RefCell<Vec<u64>>>);

impl TableTickets {
    fn push(&self, t: u64) {
        self.0.borrow_mut().push(t);
    }
}

type Done = Rc<RefCell<Option<Box<dyn FnOnce(Result<Answer, String>)>>>>;

impl SolverClient {
    /// Ask the decision of `ask`, whose pick-up weighs `tries` sampled talons (0: not a pick-up
    /// decision; `ulti_engine::players::pickup_tries_at`). `on_done` gets the
    /// [`Answer::TableDecision`], or the first failure.
    pub fn ask_table_decision(
        &self,
        ask: TableAsk,
        tries: u32,
        on_done: impl FnOnce(Result<Answer, String>) + 'static,
    ) -> TableTickets {
        let tickets = TableTickets::default();
        if tries == 0 {
            tickets.push(self.ask(ask.decision(Vec::new()), move |a, _| on_done(a)));
            return tickets;
        }
        let done: Done = Rc::new(RefCell::new(Some(Box::new(on_done))));
        let values: Rc<RefCell<Vec<Option<f64>>>> =
            Rc::new(RefCell::new(vec![None; tries as usize]));
        let client = *self;
        for k in 0..tries {
            let job = Job::TablePickup {
                record: ask.record.clone(),
                seat: ask.seat,
                level: ask.level,
                seed: ask.seed,
                k,
            };
            let (ask, done, values, out) =
                (ask.clone(), done.clone(), values.clone(), tickets.clone());
            let t = self.ask(job, move |answer, _| {
                let finish = |r: Result<Answer, String>| {
                    if let Some(f) = done.borrow_mut().take() {
                        f(r);
                    }
                };
                match answer {
                    Ok(Answer::TablePickup(v)) => {
                        values.borrow_mut()[k as usize] = Some(v);
                        let all: Option<Vec<f64>> = values.borrow().iter().copied().collect();
                        if let Some(all) = all
                            && let Some(f) = done.borrow_mut().take()
                        {
                            out.push(client.ask(ask.decision(all), move |a, _| f(a)));
                        }
                    }
                    other => finish(other),
                }
            });
            tickets.push(t);
        }
        tickets
    }

    /// Drop a decision's jobs: those still queued are not run, late answers are ignored.
    pub fn forget_table_decision(&self, tickets: &TableTickets) {
        for &t in tickets.0.borrow().iter() {
            self.forget(t);
        }
    }
}
