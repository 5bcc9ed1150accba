//! The worker pool: gloo-worker bridges, the start handshake, the panic channel, the job queue
//! and the dispatch of one job at a time to each idle worker. It never names a feature: each
//! queued job carries a target of the client's choosing (`T`), handed back with its answer.

use std::collections::HashMap;
use std::rc::Rc;
use std::time::Duration;

use gloo_worker::{Spawnable, WorkerBridge};
use leptos::prelude::*;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::model::queue::JobQueue;
use crate::protocol::{
    Answer, Job, PROTOCOL_VERSION, RequestId, SolverRequest, SolverResponse, WorkerError,
};
use crate::worker::SolverWorker;

/// How long the workers may take to load and answer the handshake.
pub const WORKER_START_TIMEOUT: Duration = Duration::from_secs(12);

/// The most workers the pool starts.
pub const MAX_WORKERS: usize = 4;

/// The pool size for a browser reporting `cores`: one worker per core, at most
/// [`MAX_WORKERS`]. The page's own thread needs no core of its own: while the workers solve
/// it only receives answers and redraws (`tests/e2e/responsive.test.mjs` holds it to that),
/// and a core left idle would double a 2-core machine's card advice.
#[must_use]
pub fn pool_size(cores: usize) -> usize {
    cores.clamp(1, MAX_WORKERS)
}

/// The pool as the pages see it.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PoolStatus {
    /// Workers in the pool.
    pub workers: usize,
    /// A worker failure, for `[data-testid=worker-error]`.
    pub error: Option<WorkerError>,
}

/// A job's target, its answer (or the engine's error) and the worker's time for it, ms.
type OnAnswer<T> = Box<dyn Fn(T, Result<Answer, String>, f64)>;

/// What the pool tells its owner.
pub(super) struct Hooks<T> {
    /// A job's answer.
    pub answer: OnAnswer<T>,
    /// A job went to a worker.
    pub sent: Box<dyn Fn(&T)>,
    /// The pool failed: every job queued or under way is gone.
    pub failed: Box<dyn Fn()>,
}

/// One worker of the pool.
struct Slot {
    bridge: WorkerBridge<SolverWorker>,
    ready: bool,
    busy: bool,
}

/// The pool. `Copy`: its parts live in the reactive arena.
pub(super) struct Pool<T: 'static> {
    workers: StoredValue<Vec<Slot>, LocalStorage>,
    panic_channel: StoredValue<Option<web_sys::BroadcastChannel>, LocalStorage>,
    next_id: StoredValue<RequestId>,
    queue: StoredValue<JobQueue<(Job, T)>, LocalStorage>,
    inflight: StoredValue<HashMap<RequestId, T>, LocalStorage>,
    /// Counts pool starts, so a start timeout only judges its own workers.
    generation: StoredValue<u32>,
    status: RwSignal<PoolStatus>,
    hooks: StoredValue<Option<Rc<Hooks<T>>>, LocalStorage>,
}

impl<T> Clone for Pool<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for Pool<T> {}

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

/// Milliseconds on the page's clock.
#[must_use]
pub fn now_ms() -> f64 {
    window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// Cores the browser reports (`navigator.hardwareConcurrency`).
fn browser_cores() -> usize {
    let n = window().navigator().hardware_concurrency();
    if n.is_finite() && n >= 1.0 {
        n as usize
    } else {
        1
    }
}

impl<T: Clone + 'static> Pool<T> {
    /// An empty pool (no worker yet: see [`Pool::start`]).
    pub fn new() -> Pool<T> {
        Pool {
            workers: StoredValue::new_local(Vec::new()),
            panic_channel: StoredValue::new_local(None),
            next_id: StoredValue::new(0),
            queue: StoredValue::new_local(JobQueue::new()),
            inflight: StoredValue::new_local(HashMap::new()),
            generation: StoredValue::new(0),
            status: RwSignal::new(PoolStatus::default()),
            hooks: StoredValue::new_local(None),
        }
    }

    /// Set what the pool tells its owner.
    pub fn set_hooks(&self, hooks: Hooks<T>) {
        self.hooks.set_value(Some(Rc::new(hooks)));
    }

    fn hooks(&self) -> Option<Rc<Hooks<T>>> {
        self.hooks.try_get_value().flatten()
    }

    /// The pool's size and failure.
    pub fn status(&self) -> ReadSignal<PoolStatus> {
        self.status.read_only()
    }

    /// Workers in the pool now (0 after a failure, until the next start).
    pub fn workers(&self) -> usize {
        self.workers.with_value(Vec::len)
    }

    /// Has the pool no worker (never started, or failed)?
    pub fn is_empty(&self) -> bool {
        self.workers.with_value(Vec::is_empty)
    }

    /// Start the workers unless the pool has some.
    pub fn ensure_started(&self) {
        if self.is_empty() {
            self.start();
        }
    }

    /// Queue `job` (lower `priority` numbers first) with the target its answer goes to.
    pub fn push(&self, priority: u8, job: Job, target: T) {
        self.queue.update_value(|q| q.push(priority, (job, target)));
    }

    /// Keep only the queued jobs whose target passes `keep`.
    pub fn retain(&self, mut keep: impl FnMut(&T) -> bool) {
        self.queue.update_value(|q| q.retain(|(_, t)| keep(t)));
    }

    /// The targets of the jobs a worker has now.
    pub fn inflight(&self) -> Vec<T> {
        self.inflight.with_value(|m| m.values().cloned().collect())
    }

    /// Drop the broken pool (the next job starts fresh workers) and tell the owner.
    pub fn fail(&self, error: WorkerError) {
        self.workers.set_value(Vec::new());
        self.inflight.set_value(HashMap::new());
        self.queue.set_value(JobQueue::new());
        self.status.update(|s| s.error = Some(error));
        if let Some(h) = self.hooks() {
            (h.failed)();
        }
    }

    fn panic_channel_name(&self) -> String {
        let pool = *self;
        if self.panic_channel.with_value(Option::is_none) {
            let name = format!(
                "ulti-solver-panic-{}",
                (js_sys::Math::random() * 1e12) as u64
            );
            if let Ok(channel) = web_sys::BroadcastChannel::new(&name) {
                let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(
                    move |e: web_sys::MessageEvent| {
                        let text = e.data().as_string().unwrap_or_default();
                        if pool.generation.try_get_value().is_some() {
                            pool.fail(WorkerError::Crashed(text));
                        }
                    },
                );
                channel.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
                on_message.forget();
                self.panic_channel.set_value(Some(channel));
            }
        }
        self.panic_channel
            .with_value(|c| c.as_ref().map(web_sys::BroadcastChannel::name))
            .unwrap_or_default()
    }

    /// Start the workers and their handshake.
    pub fn start(&self) {
        let pool = *self;
        let url = match worker_url() {
            Ok(u) => u,
            Err(e) => return self.fail(WorkerError::Unavailable(e)),
        };
        let channel = self.panic_channel_name();
        let generation = self.generation.get_value() + 1;
        self.generation.set_value(generation);
        let n = pool_size(browser_cores());
        let slots: Vec<Slot> = (0..n)
            .map(|i| {
                let bridge = SolverWorker::spawner()
                    .callback(move |response| {
                        // Answers of workers of an earlier start are dropped.
                        if pool.generation.try_get_value() == Some(generation) {
                            pool.on_response(i, response);
                        }
                    })
                    .with_loader(true)
                    .spawn(&url);
                bridge.send(SolverRequest::Hello {
                    panic_channel: channel.clone(),
                });
                Slot {
                    bridge,
                    ready: false,
                    busy: false,
                }
            })
            .collect();
        self.workers.set_value(slots);
        self.status.update(|s| s.workers = n);
        set_timeout(
            move || {
                if pool.generation.try_get_value() != Some(generation) {
                    return;
                }
                let started = pool
                    .workers
                    .with_value(|w| w.is_empty() || w.iter().any(|s| s.ready));
                if !started {
                    pool.fail(WorkerError::Timeout(WORKER_START_TIMEOUT.as_secs()));
                }
            },
            WORKER_START_TIMEOUT,
        );
    }

    fn on_response(&self, worker: usize, response: SolverResponse) {
        match response {
            SolverResponse::Ready { version } => {
                if version == PROTOCOL_VERSION {
                    self.workers.update_value(|w| {
                        if let Some(s) = w.get_mut(worker) {
                            s.ready = true;
                        }
                    });
                    self.status.update(|s| s.error = None);
                    self.dispatch();
                } else {
                    self.fail(WorkerError::Version {
                        worker: version,
                        page: PROTOCOL_VERSION,
                    });
                }
            }
            SolverResponse::Done { id, answer, ms } => {
                self.workers.update_value(|w| {
                    if let Some(s) = w.get_mut(worker) {
                        s.busy = false;
                    }
                });
                let target = self.inflight.try_update_value(|m| m.remove(&id)).flatten();
                if let (Some(target), Some(h)) = (target, self.hooks()) {
                    (h.answer)(target, answer, ms);
                }
                self.dispatch();
            }
        }
    }

    /// Give every idle, ready worker its next job.
    pub fn dispatch(&self) {
        loop {
            let idle = self
                .workers
                .with_value(|w| w.iter().position(|s| s.ready && !s.busy));
            let Some(worker) = idle else {
                return;
            };
            let next = self.queue.try_update_value(JobQueue::pop).flatten();
            let Some((job, target)) = next else {
                return;
            };
            if let Some(h) = self.hooks() {
                (h.sent)(&target);
            }
            let id = self.next_id.get_value() + 1;
            self.next_id.set_value(id);
            self.inflight.update_value(|m| {
                m.insert(id, target);
            });
            self.workers.update_value(|w| {
                let slot = &mut w[worker];
                slot.busy = true;
                slot.bridge.send(SolverRequest::Run { id, job });
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_worker_per_core_up_to_the_cap() {
        assert_eq!(pool_size(0), 1);
        assert_eq!(pool_size(1), 1);
        assert_eq!(pool_size(2), 2);
        assert_eq!(pool_size(3), 3);
        assert_eq!(pool_size(16), MAX_WORKERS);
    }
}
