//! One-off jobs answered through a callback: the Play page's computer decisions.

use std::collections::HashMap;

use leptos::prelude::*;

use super::pool::Pool;
use super::{ON_DEMAND, Target};
use crate::protocol::{Answer, Job};

/// What to do with the answer of an asked job (and the worker's time, ms).
type AskCallback = Box<dyn FnOnce(Result<Answer, String>, f64)>;

/// The asked jobs not answered yet.
#[derive(Clone, Copy)]
pub(super) struct Asks {
    pool: Pool<Target>,
    next_ticket: StoredValue<u64>,
    /// The callbacks by ticket.
    callbacks: StoredValue<HashMap<u64, AskCallback>, LocalStorage>,
}

impl Asks {
    pub fn new(pool: Pool<Target>) -> Asks {
        Asks {
            pool,
            next_ticket: StoredValue::new(0),
            callbacks: StoredValue::new_local(HashMap::new()),
        }
    }

    /// Queue `job`; its answer goes to `on_done`. Returns the job's ticket.
    pub fn ask(
        &self,
        job: Job,
        on_done: impl FnOnce(Result<Answer, String>, f64) + 'static,
    ) -> u64 {
        self.ask_at(ON_DEMAND, job, on_done)
    }

    /// [`Asks::ask`] in the queue order `priority`.
    pub fn ask_at(
        &self,
        priority: u8,
        job: Job,
        on_done: impl FnOnce(Result<Answer, String>, f64) + 'static,
    ) -> u64 {
        self.pool.ensure_started();
        let ticket = self.next_ticket.get_value() + 1;
        self.next_ticket.set_value(ticket);
        self.callbacks.update_value(|a| {
            a.insert(ticket, Box::new(on_done));
        });
        self.pool.push(priority, job, Target::Ask { ticket });
        self.pool.dispatch();
        ticket
    }

    /// Drop a job: not run if still queued, its answer ignored if not.
    pub fn forget(&self, ticket: u64) {
        self.callbacks.update_value(|a| {
            a.remove(&ticket);
        });
        self.pool
            .retain(|t| !matches!(t, Target::Ask { ticket: k } if *k == ticket));
    }

    /// A job's answer.
    pub fn answer(&self, ticket: u64, answer: Result<Answer, String>, ms: f64) {
        if let Some(f) = self
            .callbacks
            .try_update_value(|a| a.remove(&ticket))
            .flatten()
        {
            f(answer, ms);
        }
    }

    /// The pool failed: every waiting callback gets the failure.
    pub fn pool_failed(&self) {
        let asks: Vec<AskCallback> = self
            .callbacks
            .try_update_value(|a| a.drain().map(|(_, f)| f).collect())
            .unwrap_or_default();
        for f in asks {
            f(Err("the worker failed".into()), 0.0);
        }
    }
}
