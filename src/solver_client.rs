//! The one adapter between the components and the solver web worker: it owns the gloo-worker
//! bridge, numbers the requests, drops stale answers, notices a worker that never starts or
//! crashes, and exposes the results as signals.

use std::collections::HashMap;
use std::time::Duration;

use gloo_worker::{Spawnable, WorkerBridge};
use leptos::prelude::*;
use ulti_engine::{Contract, Deal, RuleOptions};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::model::results::{ContractResult, Status, all_pending};
use crate::protocol::{PROTOCOL_VERSION, RequestId, SolverRequest, SolverResponse};
use crate::worker::SolverWorker;

/// How long the worker may take to load and answer the handshake.
pub const WORKER_START_TIMEOUT: Duration = Duration::from_secs(12);

/// What the results panel shows.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SolveState {
    /// The deal the results are for (`None`: no complete deal).
    pub deal: Option<Deal>,
    /// The house rules they were solved under.
    pub rules: RuleOptions,
    /// One row per contract.
    pub results: Vec<ContractResult>,
    /// Is the worker computing for the current request?
    pub solving: bool,
    /// Worker time of the last full solve (all contracts), ms.
    pub last_ms: Option<f64>,
    /// A worker failure, for `[data-testid=worker-error]`.
    pub worker_error: Option<String>,
}

impl SolveState {
    /// The row of `contract`.
    #[must_use]
    pub fn result(&self, contract: Contract) -> Option<&ContractResult> {
        self.results.iter().find(|r| r.contract == contract)
    }
}

/// A finished solve kept for an instant replay: the rows and the wall time.
type Solved = (Vec<ContractResult>, Option<f64>);

/// The request being answered.
#[derive(Clone, Copy, Debug)]
struct Pending {
    id: RequestId,
    deal: Deal,
    rules: RuleOptions,
}

/// The page's handle on the solver worker. `Copy`: share it through context.
#[derive(Clone, Copy)]
pub struct SolverClient {
    bridge: StoredValue<Option<WorkerBridge<SolverWorker>>, LocalStorage>,
    panic_channel: StoredValue<Option<web_sys::BroadcastChannel>, LocalStorage>,
    next_id: StoredValue<RequestId>,
    pending: StoredValue<Option<Pending>>,
    ready: StoredValue<bool>,
    /// Counts worker starts, so a start timeout only judges its own worker.
    generation: StoredValue<u32>,
    /// Complete results by deal code, so going back to a trump is instant.
    cache: StoredValue<HashMap<String, Solved>>,
    state: RwSignal<SolveState>,
}

/// Cache key: the deal code (its trump included) and the house rules.
fn cache_key(deal: &Deal, rules: RuleOptions) -> String {
    format!(
        "{}/{}{}",
        deal.code(),
        u8::from(rules.must_beat_after_trump),
        u8::from(rules.marriage_needs_trick)
    )
}

/// The worker's entry script (src/worker_loader.js, copied by trunk next to `worker.js`), made
/// absolute against `document.baseURI` (gloo resolves relative paths against the page URL,
/// which breaks under a sub-path).
fn worker_url() -> Result<String, String> {
    let base = document()
        .base_uri()
        .ok()
        .flatten()
        .ok_or("the page has no base URI")?;
    web_sys::Url::new_with_base("worker_loader.js", &base)
        .map(|u| u.href())
        .map_err(|_| format!("cannot make the worker URL from {base}"))
}

impl SolverClient {
    /// Create the client (the worker starts at once) and put it in context.
    pub fn provide() -> SolverClient {
        let client = SolverClient {
            bridge: StoredValue::new_local(None),
            panic_channel: StoredValue::new_local(None),
            next_id: StoredValue::new(0),
            pending: StoredValue::new(None),
            ready: StoredValue::new(false),
            generation: StoredValue::new(0),
            cache: StoredValue::new(HashMap::new()),
            state: RwSignal::new(SolveState {
                results: all_pending(),
                ..SolveState::default()
            }),
        };
        client.start_worker();
        provide_context(client);
        client
    }

    /// The results signal.
    #[must_use]
    pub fn state(&self) -> ReadSignal<SolveState> {
        self.state.read_only()
    }

    fn fail(&self, message: String) {
        self.pending.set_value(None);
        self.ready.set_value(false);
        // Drop the broken bridge: the next solve starts a fresh worker.
        self.bridge.set_value(None);
        self.state.update(|s| {
            s.solving = false;
            s.worker_error = Some(message);
        });
    }

    fn start_worker(&self) {
        let client = *self;
        let url = match worker_url() {
            Ok(u) => u,
            Err(e) => return self.fail(format!("Solver worker unavailable: {e}")),
        };
        let channel_name = format!(
            "ulti-solver-panic-{}",
            (js_sys::Math::random() * 1e12) as u64
        );
        if self.panic_channel.with_value(Option::is_none)
            && let Ok(channel) = web_sys::BroadcastChannel::new(&channel_name)
        {
            let on_message =
                Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                    let text = e
                        .data()
                        .as_string()
                        .unwrap_or_else(|| "the solver worker crashed".into());
                    client.fail(format!("Solver worker error: {text}"));
                });
            channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
            on_message.forget();
            self.panic_channel.set_value(Some(channel));
        }
        let channel_name = self
            .panic_channel
            .with_value(|c| c.as_ref().map(web_sys::BroadcastChannel::name))
            .unwrap_or(channel_name);
        let bridge = SolverWorker::spawner()
            .callback(move |response| client.on_response(response))
            .with_loader(true)
            .spawn(&url);
        bridge.send(SolverRequest::Hello {
            panic_channel: channel_name,
        });
        self.bridge.set_value(Some(bridge));
        self.ready.set_value(false);
        let generation = self.generation.get_value() + 1;
        self.generation.set_value(generation);
        set_timeout(
            move || {
                if client.generation.get_value() == generation
                    && !client.ready.get_value()
                    && client.bridge.with_value(Option::is_some)
                {
                    client.fail(format!(
                        "The solver worker did not start within {} s (could worker_loader.js, worker.js and worker_bg.wasm be loaded?)",
                        WORKER_START_TIMEOUT.as_secs()
                    ));
                }
            },
            WORKER_START_TIMEOUT,
        );
    }

    fn on_response(&self, response: SolverResponse) {
        let current = self.pending.get_value();
        match response {
            SolverResponse::Ready { version } => {
                if version == PROTOCOL_VERSION {
                    self.ready.set_value(true);
                    self.state.update(|s| s.worker_error = None);
                } else {
                    self.fail(format!(
                        "The solver worker speaks protocol {version}, this page {PROTOCOL_VERSION}: reload the page"
                    ));
                }
            }
            SolverResponse::Solved {
                id,
                contract,
                solution,
                ms,
            } => {
                if current.is_none_or(|p| p.id != id) {
                    return; // stale
                }
                let row = ContractResult::from_solution(contract, *solution, ms);
                self.state.update(|s| {
                    if let Some(r) = s.results.iter_mut().find(|r| r.contract == contract) {
                        *r = row;
                    }
                });
            }
            SolverResponse::Failed {
                id,
                contract,
                message,
            } => {
                if current.is_none_or(|p| p.id != id) {
                    return;
                }
                self.state.update(|s| {
                    if let Some(r) = s.results.iter_mut().find(|r| r.contract == contract) {
                        r.status = Status::Failed(message);
                    }
                });
            }
            SolverResponse::Finished { id, ms, cancelled } => {
                let Some(p) = current.filter(|p| p.id == id) else {
                    return;
                };
                self.pending.set_value(None);
                // The worker's own time: from receiving the request to the last answer (the
                // first request of a page also waits for the worker to load, which is not
                // solving).
                let elapsed = ms;
                self.state.update(|s| {
                    s.solving = false;
                    if cancelled {
                        for r in s.results.iter_mut().filter(|r| !r.is_done()) {
                            r.status = Status::Cancelled;
                        }
                    } else {
                        s.last_ms = Some(elapsed);
                    }
                });
                if !cancelled {
                    let results = self.state.with_untracked(|s| s.results.clone());
                    self.cache.update_value(|c| {
                        c.insert(cache_key(&p.deal, p.rules), (results, Some(elapsed)));
                    });
                }
            }
        }
    }

    /// Solve all contracts of `deal` (its trump) under `rules`. Answers to older requests are
    /// dropped from now on; the worker drops their remaining contracts.
    pub fn solve(&self, deal: Deal, rules: RuleOptions) {
        if let Some(p) = self.pending.get_value() {
            self.send(SolverRequest::Cancel { id: p.id });
            self.pending.set_value(None);
        }
        if let Some((results, ms)) = self
            .cache
            .with_value(|c| c.get(&cache_key(&deal, rules)).cloned())
        {
            self.state.update(|s| {
                s.deal = Some(deal);
                s.rules = rules;
                s.results = results;
                s.solving = false;
                s.last_ms = ms;
            });
            return;
        }
        if self.bridge.with_value(Option::is_none) {
            self.start_worker();
        }
        let id = self.next_id.get_value() + 1;
        self.next_id.set_value(id);
        self.pending.set_value(Some(Pending { id, deal, rules }));
        self.state.update(|s| {
            s.deal = Some(deal);
            s.rules = rules;
            s.results = all_pending();
            s.solving = true;
        });
        self.send(SolverRequest::SolveAll {
            id,
            deal,
            rules,
            contracts: Contract::ALL.to_vec(),
        });
    }

    /// Stop the current solve: contracts not answered yet show as cancelled.
    pub fn cancel(&self) {
        let Some(p) = self.pending.get_value() else {
            return;
        };
        self.send(SolverRequest::Cancel { id: p.id });
        self.pending.set_value(None);
        self.state.update(|s| {
            s.solving = false;
            for r in s.results.iter_mut().filter(|r| !r.is_done()) {
                r.status = Status::Cancelled;
            }
        });
    }

    /// Forget the results (the deal is incomplete).
    pub fn clear(&self) {
        self.cancel();
        self.state.update(|s| {
            s.deal = None;
            s.results = all_pending();
            s.solving = false;
        });
    }

    fn send(&self, request: SolverRequest) {
        self.bridge.with_value(|b| {
            if let Some(b) = b {
                b.send(request);
            }
        });
    }
}
