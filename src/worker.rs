//! The solver web worker: runs the engine off the main thread, one contract per task, so that
//! a `Cancel` or a newer request is seen between contracts.

use std::cell::RefCell;
use std::collections::VecDeque;

use gloo_worker::{HandlerId, Worker, WorkerScope};
use ulti_engine::{Bid, Contract, Deal, Query, RuleOptions, Solver};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::protocol::{PROTOCOL_VERSION, RequestId, SolverRequest, SolverResponse};

/// One contract waiting to be solved.
#[derive(Debug)]
struct Job {
    who: HandlerId,
    id: RequestId,
    deal: Deal,
    rules: RuleOptions,
    contract: Contract,
    /// Is this the last contract of its request?
    last: bool,
    /// When the request arrived (ms).
    started: f64,
}

/// The worker's own message: solve the next queued contract.
#[derive(Debug)]
pub struct Next;

/// The gloo-worker worker that owns one [`Solver`] (and so its transposition table) for its
/// whole life.
pub struct SolverWorker {
    solver: Solver,
    queue: VecDeque<Job>,
    scheduled: bool,
}

thread_local! {
    /// The page's `BroadcastChannel` name for panic reports (set by `Hello`).
    static PANIC_CHANNEL: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Report a panic to the page on its `BroadcastChannel`, then log it to the console.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        let message = format!("the solver worker crashed: {info}");
        PANIC_CHANNEL.with(|c| {
            if let Some(name) = c.borrow().as_deref()
                && let Ok(channel) = web_sys::BroadcastChannel::new(name)
            {
                let _ = channel.post_message(&message.as_str().into());
            }
        });
        console_error_panic_hook::hook(info);
    }));
}

/// Milliseconds from an arbitrary origin (works in a worker).
fn now_ms() -> f64 {
    js_sys::Date::now()
}

impl SolverWorker {
    /// Let the event loop deliver pending messages, then solve the next contract.
    fn schedule(&mut self, scope: &WorkerScope<Self>) {
        if self.scheduled || self.queue.is_empty() {
            return;
        }
        self.scheduled = true;
        let scope = scope.clone();
        let callback = Closure::once_into_js(move || scope.send_message(Next));
        let global: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
        if global
            .set_timeout_with_callback_and_timeout_and_arguments_0(callback.unchecked_ref(), 0)
            .is_err()
        {
            self.scheduled = false;
        }
    }

    fn solve_next(&mut self, scope: &WorkerScope<Self>) {
        let Some(job) = self.queue.pop_front() else {
            return;
        };
        let t0 = now_ms();
        let query = Query::new(job.deal, Bid::single(job.contract));
        let query = Query {
            rules: job.rules,
            ..query
        };
        let response = match self.solver.solve(&query) {
            Ok(solution) => SolverResponse::Solved {
                id: job.id,
                contract: job.contract,
                solution: Box::new(solution),
                ms: now_ms() - t0,
            },
            Err(e) => SolverResponse::Failed {
                id: job.id,
                contract: job.contract,
                message: e.to_string(),
            },
        };
        scope.respond(job.who, response);
        if job.last {
            scope.respond(
                job.who,
                SolverResponse::Finished {
                    id: job.id,
                    ms: now_ms() - job.started,
                    cancelled: false,
                },
            );
        }
        self.schedule(scope);
    }

    /// Drop the queued jobs of requests for which `drop` holds, telling their senders.
    fn drop_jobs(&mut self, scope: &WorkerScope<Self>, drop: impl Fn(&Job) -> bool) {
        let mut cancelled: Vec<(HandlerId, RequestId, f64)> = Vec::new();
        self.queue.retain(|j| {
            if drop(j) {
                if !cancelled.iter().any(|&(_, id, _)| id == j.id) {
                    cancelled.push((j.who, j.id, j.started));
                }
                false
            } else {
                true
            }
        });
        for (who, id, started) in cancelled {
            scope.respond(
                who,
                SolverResponse::Finished {
                    id,
                    ms: now_ms() - started,
                    cancelled: true,
                },
            );
        }
    }
}

impl Worker for SolverWorker {
    type Message = Next;
    type Input = SolverRequest;
    type Output = SolverResponse;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        install_panic_hook();
        SolverWorker {
            solver: Solver::new(),
            queue: VecDeque::new(),
            scheduled: false,
        }
    }

    fn update(&mut self, scope: &WorkerScope<Self>, _msg: Next) {
        self.scheduled = false;
        self.solve_next(scope);
    }

    fn received(&mut self, scope: &WorkerScope<Self>, msg: SolverRequest, who: HandlerId) {
        match msg {
            SolverRequest::Hello { panic_channel } => {
                PANIC_CHANNEL.with(|c| *c.borrow_mut() = Some(panic_channel));
                scope.respond(
                    who,
                    SolverResponse::Ready {
                        version: PROTOCOL_VERSION,
                    },
                );
            }
            SolverRequest::SolveAll {
                id,
                deal,
                rules,
                contracts,
            } => {
                // A newer request supersedes everything not started yet.
                self.drop_jobs(scope, |_| true);
                let started = now_ms();
                let n = contracts.len();
                self.queue
                    .extend(contracts.into_iter().enumerate().map(|(i, contract)| Job {
                        who,
                        id,
                        deal,
                        rules,
                        contract,
                        last: i + 1 == n,
                        started,
                    }));
                if n == 0 {
                    scope.respond(
                        who,
                        SolverResponse::Finished {
                            id,
                            ms: 0.0,
                            cancelled: false,
                        },
                    );
                }
                self.schedule(scope);
            }
            SolverRequest::Cancel { id } => self.drop_jobs(scope, |j| j.id == id),
        }
    }
}
