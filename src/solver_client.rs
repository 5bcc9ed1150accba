//! The one adapter between the components and the solver web workers: it owns a pool of
//! gloo-worker bridges, keeps the job queue (what-if positions first, then the current trump's
//! table cells, the other cells, the bids), hands each idle worker one job at a time, drops
//! answers nobody wants any more, notices workers that never start or crash, and exposes the
//! results as signals. It also drives the "My hand" page's bid advice: each round of the
//! engine's [`BidRace`] is cut into pieces for the workers, and the numbers are refreshed as
//! the pieces come back.

use std::collections::HashMap;
use std::time::Duration;

use gloo_worker::{Spawnable, WorkerBridge};
use leptos::prelude::*;
use ulti_engine::advise::{BidAdvice, BidOptions, BidRace, CardOptions, CardTallies, SeatView};
use ulti_engine::{CardSet, Deal, Query, Question, RuleOptions, Solution};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;

use crate::model::analysis::{Bids, Table, analysis_key};
use crate::model::queue::JobQueue;
use crate::model::results::{ContractResult, all_pending};
use crate::model::whatif::position_key;
use crate::protocol::{
    Answer, CardAdviceAnswer, Job, PROTOCOL_VERSION, RequestId, SolverRequest, SolverResponse,
};
use crate::worker::SolverWorker;

/// How long the workers may take to load and answer the handshake.
pub const WORKER_START_TIMEOUT: Duration = Duration::from_secs(12);

/// Solved what-if positions kept before the cache starts over.
const MAX_POSITIONS: usize = 4096;

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

/// What the results, the full table and the bids show.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SolveState {
    /// The deal the analysis is for (`None`: no complete deal).
    pub deal: Option<Deal>,
    /// The house rules it is solved under.
    pub rules: RuleOptions,
    /// The full table (every contract × every trump).
    pub table: Table,
    /// The value of every standard bid.
    pub bids: Bids,
    /// Are the deal's trump's results still being computed?
    pub solving: bool,
    /// Page-side wall time until the deal's trump's nine results were all in, ms.
    pub last_ms: Option<f64>,
    /// Page-side wall time of the whole table, ms.
    pub table_ms: Option<f64>,
    /// Page-side wall time until every bid was in, ms.
    pub bids_ms: Option<f64>,
    /// Workers in the pool.
    pub workers: usize,
    /// A worker failure, for `[data-testid=worker-error]`.
    pub worker_error: Option<WorkerError>,
}

/// Why the worker pool failed (shown in the page's language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerError {
    /// No worker answered the start handshake within this many seconds.
    Timeout(u64),
    /// The worker speaks another protocol version.
    Version {
        /// The worker's version.
        worker: u32,
        /// The page's version.
        page: u32,
    },
    /// The worker panicked (its message).
    Crashed(String),
    /// The worker could not be created (why).
    Unavailable(String),
}

impl SolveState {
    /// The results panel's rows: the deal's trump's contracts.
    #[must_use]
    pub fn results(&self) -> Vec<ContractResult> {
        self.deal
            .map_or_else(all_pending, |d| self.table.results_for(d.trump))
    }

    /// The row of `contract` for the deal's trump.
    #[must_use]
    pub fn result(&self, contract: ulti_engine::Contract) -> Option<ContractResult> {
        self.results().into_iter().find(|r| r.contract == contract)
    }

    fn refresh_solving(&mut self) {
        self.solving = self.deal.is_some() && self.results().iter().any(|r| !r.is_done());
    }
}

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

/// A bid race under way.
struct AdviceRun {
    /// Counts runs, so answers of a cancelled run are dropped.
    run: u64,
    race: BidRace,
    started: f64,
}

/// Tasks per advice job: small enough that the numbers move often and the workers share a
/// round evenly, large enough that messages are few.
#[must_use]
pub fn advice_piece(tasks: usize, workers: usize) -> usize {
    tasks.div_ceil(workers.max(1) * 4).clamp(1, 16)
}

/// A card advice shared by the pool's workers: the [`Job::AdviseCardPart`] pieces of a
/// [`Job::AdviseCard`] (samples split evenly, one piece per worker), or `None` when one worker
/// does it all (a pool of one, fewer samples than workers, or another job).
#[must_use]
pub fn card_pieces(job: &Job, workers: usize) -> Option<Vec<Job>> {
    let Job::AdviseCard {
        view,
        samples,
        seed,
        points,
    } = job
    else {
        return None;
    };
    let n = u32::try_from(workers).ok()?.min(*samples);
    (n > 1).then(|| {
        (0..n)
            .map(|k| Job::AdviseCardPart {
                view: view.clone(),
                samples: *samples,
                seed: *seed,
                points: *points,
                from: k * samples / n,
                to: (k + 1) * samples / n,
            })
            .collect()
    })
}

/// The pieces of a shared card advice answered so far.
struct AdviceParts {
    view: SeatView,
    opts: CardOptions,
    parts: Vec<Option<CardTallies>>,
    /// The longest piece's worker time.
    ms: f64,
}

/// A what-if position's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionState {
    /// Queued or being solved.
    Pending,
    /// Solved.
    Ready(Box<Solution>),
    /// The engine rejected it (e.g. an illegal card in `played=`).
    Failed(String),
}

/// A card advice's answer ([`Job::AdviseCard`]).
#[derive(Clone, Debug, PartialEq)]
pub enum AdviceState {
    /// Queued or being computed.
    Pending,
    /// Computed, with the worker's time for it in ms.
    Ready(Box<CardAdviceAnswer>, f64),
    /// The engine rejected it (e.g. no consistent layout).
    Failed(String),
}

/// The key of an advice job in [`SolverClient::advice`] (equal jobs, equal keys).
#[must_use]
pub fn advice_key(job: &Job) -> String {
    format!("{job:?}")
}

/// Advice answers kept before the cache starts over.
const MAX_ADVICE: usize = 256;

/// Where a job's answer goes.
#[derive(Clone, Debug)]
enum Target {
    /// A table cell of the analysis `key`, asked `question`.
    Cell {
        key: String,
        index: usize,
        question: Question,
    },
    /// A bid row of the analysis `key`.
    Bid { key: String, index: usize },
    /// A what-if position.
    Position { key: String },
    /// A card advice.
    Advice { key: String },
    /// Piece `part` of the card advice `key`.
    AdvicePart { key: String, part: usize },
    /// Tasks `offset..` of the current round of the bid race `run`.
    BidRace { run: u64, offset: usize },
    /// A job of [`SolverClient::ask`], answered through its callback.
    Ask { ticket: u64 },
}

impl Target {
    /// Jobs asked for on demand (positions, card advice, the bid race, the Play page's
    /// computer decisions), not part of the analysis.
    fn is_on_demand(&self) -> bool {
        matches!(
            self,
            Target::Position { .. }
                | Target::Advice { .. }
                | Target::AdvicePart { .. }
                | Target::BidRace { .. }
                | Target::Ask { .. }
        )
    }

    /// The card advice this job is (a piece of).
    fn advice_key(&self) -> Option<&str> {
        match self {
            Target::Advice { key } | Target::AdvicePart { key, .. } => Some(key),
            _ => None,
        }
    }
}

/// A job waiting for a worker (in a [`JobQueue`]: lower priority numbers first).
#[derive(Clone, Debug)]
struct Queued {
    job: Job,
    target: Target,
}

/// The Play page's computer decisions come before anything else.
const PRIORITY_ASK: u8 = 0;
const PRIORITY_POSITION: u8 = 0;
/// Card advice: after the positions (the open-hand values show first), before the analysis.
const PRIORITY_ADVICE: u8 = 0;
/// The bid advice of the "My hand" page (its own page: nothing else is queued there).
const PRIORITY_ADVISE: u8 = 0;
/// The deal's trump's verdicts (✔/✘), then their exact card points, then the other trumps'.
const PRIORITY_TRUMP_CELL: u8 = 1;
const PRIORITY_TRUMP_POINTS: u8 = 2;
const PRIORITY_CELL: u8 = 3;
const PRIORITY_CELL_POINTS: u8 = 4;
const PRIORITY_BID: u8 = 5;

/// The analysis being shown and its clocks.
#[derive(Clone, Debug)]
struct Current {
    key: String,
    deal: Deal,
    rules: RuleOptions,
    /// When the first job of the analysis went to a worker.
    started: Option<f64>,
    /// When the deal's trump's rows were asked for (reset on a trump change).
    trump_started: Option<f64>,
}

/// One worker of the pool.
struct Slot {
    bridge: WorkerBridge<SolverWorker>,
    ready: bool,
    busy: bool,
}

/// A finished analysis kept for an instant replay: the table, the bids and the three clocks
/// (the deal's trump's results, the table, the bids).
type Finished = (Table, Bids, [Option<f64>; 3]);

/// The page's handle on the worker pool. `Copy`: share it through context.
#[derive(Clone, Copy)]
pub struct SolverClient {
    workers: StoredValue<Vec<Slot>, LocalStorage>,
    panic_channel: StoredValue<Option<web_sys::BroadcastChannel>, LocalStorage>,
    next_id: StoredValue<RequestId>,
    queue: StoredValue<JobQueue<Queued>>,
    inflight: StoredValue<HashMap<RequestId, (usize, Target)>>,
    current: StoredValue<Option<Current>>,
    /// Counts pool starts, so a start timeout only judges its own workers.
    generation: StoredValue<u32>,
    /// Complete analyses by [`analysis_key`].
    cache: StoredValue<HashMap<String, Finished>>,
    state: RwSignal<SolveState>,
    positions: RwSignal<HashMap<String, PositionState>>,
    race: StoredValue<Option<AdviceRun>, LocalStorage>,
    runs: StoredValue<u64>,
    bid_advice: RwSignal<BidAdviceState>,
    advice: RwSignal<HashMap<String, AdviceState>>,
    /// Card advice shared by several workers, by key, until every piece is in.
    advice_parts: StoredValue<HashMap<String, AdviceParts>, LocalStorage>,
    /// The callbacks of [`SolverClient::ask`] jobs not answered yet, by ticket.
    asks: StoredValue<HashMap<u64, AskCallback>, LocalStorage>,
}

/// What to do with the answer of an [`SolverClient::ask`] job (and the worker's time, ms).
type AskCallback = Box<dyn FnOnce(Result<Answer, String>, f64)>;

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
fn now_ms() -> f64 {
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

impl SolverClient {
    /// Create the client (the workers start at once) and put it in context.
    pub fn provide() -> SolverClient {
        let client = SolverClient {
            workers: StoredValue::new_local(Vec::new()),
            panic_channel: StoredValue::new_local(None),
            next_id: StoredValue::new(0),
            queue: StoredValue::new(JobQueue::new()),
            inflight: StoredValue::new(HashMap::new()),
            current: StoredValue::new(None),
            generation: StoredValue::new(0),
            cache: StoredValue::new(HashMap::new()),
            state: RwSignal::new(SolveState::default()),
            positions: RwSignal::new(HashMap::new()),
            race: StoredValue::new_local(None),
            runs: StoredValue::new(0),
            bid_advice: RwSignal::new(BidAdviceState::default()),
            advice: RwSignal::new(HashMap::new()),
            advice_parts: StoredValue::new_local(HashMap::new()),
            asks: StoredValue::new_local(HashMap::new()),
        };
        client.start_pool();
        provide_context(client);
        client
    }

    /// The analysis signal (results, table, bids).
    #[must_use]
    pub fn state(&self) -> ReadSignal<SolveState> {
        self.state.read_only()
    }

    /// The what-if positions asked for so far, by [`position_key`].
    #[must_use]
    pub fn positions(&self) -> ReadSignal<HashMap<String, PositionState>> {
        self.positions.read_only()
    }

    /// The bid advice of the "My hand" page.
    #[must_use]
    pub fn bid_advice(&self) -> ReadSignal<BidAdviceState> {
        self.bid_advice.read_only()
    }

    /// The card advice asked for so far, by [`advice_key`].
    #[must_use]
    pub fn advice(&self) -> ReadSignal<HashMap<String, AdviceState>> {
        self.advice.read_only()
    }

    fn fail(&self, error: WorkerError) {
        if self.bid_advice.with_untracked(|a| a.running) {
            self.stop_bid_advice(false);
        }
        // Drop the broken pool: the next solve starts fresh workers.
        self.workers.set_value(Vec::new());
        self.inflight.set_value(HashMap::new());
        self.queue.set_value(JobQueue::new());
        self.current.set_value(None);
        self.positions
            .update(|p| p.retain(|_, s| *s != PositionState::Pending));
        self.advice
            .update(|a| a.retain(|_, s| *s != AdviceState::Pending));
        self.advice_parts.set_value(HashMap::new());
        self.state.update(|s| {
            s.solving = false;
            s.worker_error = Some(error);
        });
        let asks: Vec<AskCallback> = self
            .asks
            .try_update_value(|a| a.drain().map(|(_, f)| f).collect())
            .unwrap_or_default();
        for f in asks {
            f(Err("the worker failed".into()), 0.0);
        }
    }

    fn panic_channel_name(&self) -> String {
        let client = *self;
        if self.panic_channel.with_value(Option::is_none) {
            let name = format!(
                "ulti-solver-panic-{}",
                (js_sys::Math::random() * 1e12) as u64
            );
            if let Ok(channel) = web_sys::BroadcastChannel::new(&name) {
                let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(
                    move |e: web_sys::MessageEvent| {
                        let text = e.data().as_string().unwrap_or_default();
                        // The page that owned the pool may be gone (another route).
                        if client.generation.try_get_value().is_some() {
                            client.fail(WorkerError::Crashed(text));
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

    fn start_pool(&self) {
        let client = *self;
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
                        // Answers for a pool of a page that is gone (another route) are dropped.
                        if client.generation.try_get_value() == Some(generation) {
                            client.on_response(i, response);
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
        self.state.update(|s| s.workers = n);
        set_timeout(
            move || {
                if client.generation.try_get_value() != Some(generation) {
                    return;
                }
                let started = client
                    .workers
                    .with_value(|w| w.is_empty() || w.iter().any(|s| s.ready));
                if !started {
                    client.fail(WorkerError::Timeout(WORKER_START_TIMEOUT.as_secs()));
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
                    self.state.update(|s| s.worker_error = None);
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
                if let Some((_, target)) = target {
                    self.apply(target, answer, ms);
                }
                self.dispatch();
            }
        }
    }

    fn current_key(&self) -> Option<String> {
        self.current
            .with_value(|c| c.as_ref().map(|c| c.key.clone()))
    }

    fn apply(&self, target: Target, answer: Result<Answer, String>, ms: f64) {
        match target {
            Target::BidRace { run, offset } => self.bid_race_answer(run, offset, answer),
            Target::Ask { ticket } => {
                if let Some(f) = self.asks.try_update_value(|a| a.remove(&ticket)).flatten() {
                    f(answer, ms);
                }
            }
            Target::Position { key } => {
                let entry = match answer {
                    Ok(Answer::Position(sol)) => PositionState::Ready(sol),
                    Ok(_) => PositionState::Failed("unexpected answer from the worker".into()),
                    Err(e) => PositionState::Failed(e),
                };
                self.positions.update(|p| {
                    p.insert(key, entry);
                });
            }
            Target::AdvicePart { key, part } => self.advice_part(key, part, answer, ms),
            Target::Advice { key } => {
                let entry = match answer {
                    Ok(Answer::AdviseCard(a)) => AdviceState::Ready(a, ms),
                    Ok(_) => AdviceState::Failed("unexpected answer from the worker".into()),
                    Err(e) => AdviceState::Failed(e),
                };
                // Kept even when no longer asked for: going back to the position shows it.
                self.advice.update(|a| {
                    a.insert(key, entry);
                });
            }
            Target::Cell { key, index, .. } => {
                if self.current_key().as_ref() != Some(&key) {
                    return; // stale
                }
                let answer = match answer {
                    Ok(Answer::Cell(c)) => Ok(c),
                    Ok(_) => Err("unexpected answer from the worker".to_string()),
                    Err(e) => Err(e),
                };
                self.state.update(|s| {
                    s.table
                        .answer(index, answer.as_ref().map_err(Clone::clone), ms)
                });
                self.after_answer();
            }
            Target::Bid { key, index } => {
                if self.current_key().as_ref() != Some(&key) {
                    return;
                }
                let answer = match answer {
                    Ok(Answer::Bid(v)) => Ok(*v),
                    Ok(_) => Err("unexpected answer from the worker".to_string()),
                    Err(e) => Err(e),
                };
                self.state.update(|s| s.bids.answer(index, answer));
                self.after_answer();
            }
        }
    }

    /// Clocks, the solving flag and the cache after a table or bid answer.
    fn after_answer(&self) {
        let now = now_ms();
        let Some(cur) = self.current.get_value() else {
            return;
        };
        let mut trump_done = false;
        self.state.update(|s| {
            let was_solving = s.solving;
            s.refresh_solving();
            if was_solving && !s.solving {
                trump_done = true;
                s.last_ms = cur.trump_started.map(|t| now - t);
            }
            if s.table.is_complete() && s.table_ms.is_none() {
                s.table_ms = cur.started.map(|t| now - t);
            }
            if s.bids.is_complete() && s.bids_ms.is_none() {
                s.bids_ms = cur.started.map(|t| now - t);
            }
        });
        if trump_done {
            self.current.update_value(|c| {
                if let Some(c) = c {
                    c.trump_started = None;
                }
            });
        }
        let finished = self.state.with_untracked(|s| {
            (s.table.is_complete() && s.bids.is_complete()).then(|| {
                (
                    s.table.clone(),
                    s.bids.clone(),
                    [s.last_ms, s.table_ms, s.bids_ms],
                )
            })
        });
        if let Some(f) = finished {
            self.cache.update_value(|c| {
                c.insert(cur.key, f);
            });
        }
    }

    /// Give every idle, ready worker its next job.
    fn dispatch(&self) {
        loop {
            let idle = self
                .workers
                .with_value(|w| w.iter().position(|s| s.ready && !s.busy));
            let Some(worker) = idle else {
                return;
            };
            let next = self.queue.try_update_value(JobQueue::pop).flatten();
            let Some(job) = next else {
                return;
            };
            if !job.target.is_on_demand() {
                let now = now_ms();
                self.current.update_value(|c| {
                    if let Some(c) = c {
                        c.started.get_or_insert(now);
                        c.trump_started.get_or_insert(now);
                    }
                });
            }
            let id = self.next_id.get_value() + 1;
            self.next_id.set_value(id);
            self.inflight.update_value(|m| {
                m.insert(id, (worker, job.target));
            });
            self.workers.update_value(|w| {
                let slot = &mut w[worker];
                slot.busy = true;
                slot.bridge.send(SolverRequest::Run { id, job: job.job });
            });
        }
    }

    fn ensure_pool(&self) {
        if self.workers.with_value(Vec::is_empty) {
            self.start_pool();
        }
    }

    /// Queue the table cells and bids of the current analysis that are not answered (pending
    /// or cancelled), the deal's trump's cells first.
    fn enqueue_missing(&self) {
        let Some(cur) = self.current.get_value() else {
            return;
        };
        let (cells, bids) = self.state.with_untracked(|s| {
            let cells: Vec<(usize, Question, u8)> = s
                .table
                .order_for(cur.deal.trump)
                .into_iter()
                .flat_map(|i| {
                    let mine = s.table.is_for_trump(i, cur.deal.trump);
                    s.table.cells[i]
                        .questions()
                        .into_iter()
                        .map(move |question| {
                            let points = question == Question::Exact
                                && s.table.cells[i].contract.is_point_contract();
                            let p = match (mine, points) {
                                (true, false) => PRIORITY_TRUMP_CELL,
                                (true, true) => PRIORITY_TRUMP_POINTS,
                                (false, false) => PRIORITY_CELL,
                                (false, true) => PRIORITY_CELL_POINTS,
                            };
                            (i, question, p)
                        })
                })
                .collect();
            let bids: Vec<usize> = (0..s.bids.rows.len())
                .filter(|&i| !s.bids.rows[i].is_done())
                .collect();
            (cells, bids)
        });
        let table = Table::pending();
        let all_bids = Bids::pending();
        self.queue.update_value(|q| {
            q.retain(|j| j.target.is_on_demand());
            for (i, question, priority) in cells {
                let cell = &table.cells[i];
                let job = Job::Cell {
                    deal: cur.deal,
                    contract: cell.contract,
                    trump: cell.trump,
                    rules: cur.rules,
                    question,
                };
                let target = Target::Cell {
                    key: cur.key.clone(),
                    index: i,
                    question,
                };
                q.push(priority, Queued { job, target });
            }
            for i in bids {
                let job = Job::Bid {
                    deal: cur.deal,
                    announcement: all_bids.rows[i].announcement.clone(),
                    rules: cur.rules,
                };
                let target = Target::Bid {
                    key: cur.key.clone(),
                    index: i,
                };
                q.push(PRIORITY_BID, Queued { job, target });
            }
        });
        // Jobs already with a worker are not queued twice: mark them pending, not cancelled.
        let inflight: Vec<Target> = self
            .inflight
            .with_value(|m| m.values().map(|(_, t)| t.clone()).collect());
        self.queue.update_value(|q| {
            q.retain(|j| match &j.target {
                Target::Cell {
                    key,
                    index,
                    question,
                } => !inflight.iter().any(|t| {
                    matches!(t, Target::Cell { key: k, index: i, question: q }
                        if k == key && i == index && q == question)
                }),
                Target::Bid { key, index } => !inflight.iter().any(
                    |t| matches!(t, Target::Bid { key: k, index: i } if k == key && i == index),
                ),
                Target::Position { .. }
                | Target::Advice { .. }
                | Target::AdvicePart { .. }
                | Target::BidRace { .. }
                | Target::Ask { .. } => true,
            });
        });
        self.state.update(|s| {
            s.table.resume();
            for r in &mut s.bids.rows {
                r.cancelled = false;
            }
            s.refresh_solving();
        });
    }

    /// Analyse `deal` under `rules`: the full table (the deal's trump's cells first, which feed
    /// the results panel) and the bids. The same hands with another trump keep the analysis
    /// and only move that trump's cells to the front.
    pub fn solve(&self, deal: Deal, rules: RuleOptions) {
        if self.workers.with_value(Vec::is_empty) {
            self.current.set_value(None);
            self.start_pool();
        }
        let key = analysis_key(&deal, rules);
        if self.current_key().as_ref() == Some(&key) {
            self.current.update_value(|c| {
                if let Some(c) = c {
                    c.deal = deal;
                    c.trump_started = None;
                }
            });
            self.state.update(|s| {
                s.deal = Some(deal);
                s.refresh_solving();
            });
            if self.state.with_untracked(|s| s.solving) {
                self.current.update_value(|c| {
                    if let Some(c) = c {
                        c.trump_started = Some(now_ms());
                    }
                });
            }
            self.enqueue_missing();
            self.dispatch();
            return;
        }
        self.current.set_value(Some(Current {
            key: key.clone(),
            deal,
            rules,
            started: None,
            trump_started: None,
        }));
        if let Some((table, bids, [last_ms, table_ms, bids_ms])) =
            self.cache.with_value(|c| c.get(&key).cloned())
        {
            self.queue
                .update_value(|q| q.retain(|j| j.target.is_on_demand()));
            self.state.update(|s| {
                s.deal = Some(deal);
                s.rules = rules;
                s.table = table;
                s.bids = bids;
                s.last_ms = last_ms;
                s.table_ms = table_ms;
                s.bids_ms = bids_ms;
                s.refresh_solving();
            });
            return;
        }
        self.state.update(|s| {
            s.deal = Some(deal);
            s.rules = rules;
            s.table = Table::pending();
            s.bids = Bids::pending();
            s.last_ms = None;
            s.table_ms = None;
            s.bids_ms = None;
            s.refresh_solving();
        });
        self.enqueue_missing();
        self.dispatch();
    }

    /// Stop the analysis: cells and bids not answered yet show as cancelled.
    pub fn cancel(&self) {
        self.queue
            .update_value(|q| q.retain(|j| j.target.is_on_demand()));
        self.state.update(|s| {
            s.table.cancel();
            s.bids.cancel();
            s.solving = false;
        });
    }

    /// Forget the analysis (the deal is incomplete).
    pub fn clear(&self) {
        self.queue.update_value(JobQueue::clear);
        self.current.set_value(None);
        self.positions
            .update(|p| p.retain(|_, s| *s != PositionState::Pending));
        self.advice
            .update(|a| a.retain(|_, s| *s != AdviceState::Pending));
        self.state.update(|s| {
            s.deal = None;
            s.table = Table::pending();
            s.bids = Bids::pending();
            s.solving = false;
        });
    }

    /// Advise on the bid and the discard for `hand` (twelve cards): the race's rounds go to
    /// the pool piece by piece, and [`SolverClient::advice`] follows every piece. A run under
    /// way is cancelled first.
    pub fn advise_bid(&self, hand: CardSet, opts: BidOptions) {
        self.cancel_bid_advice();
        self.ensure_pool();
        let run = self.runs.get_value() + 1;
        self.runs.set_value(run);
        match BidRace::new(hand, &opts) {
            Ok(race) => {
                self.bid_advice.set(BidAdviceState {
                    asked: Some((hand, opts)),
                    advice: None,
                    answered: 0,
                    planned: race.planned(),
                    running: true,
                    cancelled: false,
                    ms: None,
                    error: None,
                });
                self.race.set_value(Some(AdviceRun {
                    run,
                    race,
                    started: now_ms(),
                }));
                self.next_bid_round();
            }
            Err(e) => self.bid_advice.set(BidAdviceState {
                asked: Some((hand, opts)),
                error: Some(e.to_string()),
                ..BidAdviceState::default()
            }),
        }
    }

    /// Stop the bid advice: queued pieces are dropped, answers on their way are ignored; the
    /// numbers so far stay.
    pub fn cancel_bid_advice(&self) {
        if self.bid_advice.with_untracked(|a| a.running) {
            self.stop_bid_advice(true);
        }
    }

    /// Forget the bid advice (the hand is not complete).
    pub fn clear_bid_advice(&self) {
        self.cancel_bid_advice();
        self.bid_advice.set(BidAdviceState::default());
    }

    fn stop_bid_advice(&self, cancelled: bool) {
        self.runs.update_value(|r| *r += 1);
        self.race.set_value(None);
        self.queue
            .update_value(|q| q.retain(|j| !matches!(j.target, Target::BidRace { .. })));
        self.bid_advice.update(|a| {
            a.running = false;
            a.cancelled = cancelled;
        });
    }

    /// Queue the race's next round, or finish the run when every answer is in.
    fn next_bid_round(&self) {
        let workers = self.workers.with_value(Vec::len);
        let step = self
            .race
            .try_update_value(|r| r.as_mut().map(|r| (r.run, r.started, r.race.next_batch())));
        let Some(Some((run, started, batch))) = step else {
            return;
        };
        match batch {
            Ok(Some(tasks)) => {
                let piece = advice_piece(tasks.len(), workers);
                self.queue.update_value(|q| {
                    for (i, chunk) in tasks.chunks(piece).enumerate() {
                        q.push(
                            PRIORITY_ADVISE,
                            Queued {
                                job: Job::AdviseTasks {
                                    tasks: chunk.to_vec(),
                                },
                                target: Target::BidRace {
                                    run,
                                    offset: i * piece,
                                },
                            },
                        );
                    }
                });
                self.dispatch();
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
                    self.bid_advice.update(|a| {
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
                self.stop_bid_advice(false);
                self.bid_advice.update(|a| a.error = Some(e.to_string()));
            }
        }
    }

    fn bid_race_answer(&self, run: u64, offset: usize, answer: Result<Answer, String>) {
        if self.runs.get_value() != run {
            return; // cancelled or replaced
        }
        let results = match answer {
            Ok(Answer::AdviseTasks(r)) => r,
            Ok(_) => {
                self.stop_bid_advice(false);
                self.bid_advice.update(|a| {
                    a.error = Some("unexpected answer from the worker".into());
                });
                return;
            }
            Err(e) => {
                self.stop_bid_advice(false);
                self.bid_advice.update(|a| a.error = Some(e));
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
            self.bid_advice.update(|a| {
                a.advice = Some(advice);
                a.answered = answered;
                a.planned = planned;
            });
        }
        self.next_bid_round();
    }

    /// Ask for the what-if positions the line viewer shows now. Positions already known are
    /// not solved again; queued positions no longer asked for are dropped.
    pub fn want_positions(&self, queries: Vec<Query>) {
        let wanted: Vec<(String, Query)> =
            queries.into_iter().map(|q| (position_key(&q), q)).collect();
        let mut dropped = Vec::new();
        self.queue.update_value(|q| {
            q.retain(|j| match &j.target {
                Target::Position { key } if !wanted.iter().any(|(k, _)| k == key) => {
                    dropped.push(key.clone());
                    false
                }
                _ => true,
            });
        });
        let new: Vec<(String, Query)> = self.positions.with_untracked(|p| {
            wanted
                .into_iter()
                .filter(|(k, _)| !p.contains_key(k) || dropped.contains(k))
                .collect()
        });
        if dropped.is_empty() && new.is_empty() {
            return;
        }
        self.positions.update(|p| {
            if p.len() > MAX_POSITIONS {
                p.retain(|_, s| *s == PositionState::Pending);
            }
            for k in &dropped {
                p.remove(k);
            }
            for (k, _) in &new {
                p.insert(k.clone(), PositionState::Pending);
            }
        });
        if new.is_empty() {
            return;
        }
        self.ensure_pool();
        self.queue.update_value(|q| {
            for (key, query) in new {
                q.push(
                    PRIORITY_POSITION,
                    Queued {
                        job: Job::Position { query },
                        target: Target::Position { key },
                    },
                );
            }
        });
        self.dispatch();
    }

    /// Ask for the card advice the page shows now ([`Job::AdviseCard`] jobs; others are
    /// ignored). Advice already known is not computed again; queued advice no longer asked for
    /// is dropped (cancelled). A job already with a worker runs to its end (a worker does one
    /// job at a time) and its answer is kept.
    pub fn want_advice(&self, jobs: Vec<Job>) {
        let wanted: Vec<(String, Job)> = jobs
            .into_iter()
            .filter(|j| matches!(j, Job::AdviseCard { .. }))
            .map(|j| (advice_key(&j), j))
            .collect();
        let mut dropped = Vec::new();
        self.queue.update_value(|q| {
            q.retain(|j| match j.target.advice_key() {
                Some(key) if !wanted.iter().any(|(k, _)| k == key) => {
                    dropped.push(key.to_string());
                    false
                }
                _ => true,
            });
        });
        dropped.sort_unstable();
        dropped.dedup();
        self.advice_parts.update_value(|p| {
            for k in &dropped {
                p.remove(k);
            }
        });
        let new: Vec<(String, Job)> = self.advice.with_untracked(|a| {
            wanted
                .into_iter()
                .filter(|(k, _)| !a.contains_key(k) || dropped.contains(k))
                .collect()
        });
        if dropped.is_empty() && new.is_empty() {
            return;
        }
        self.advice.update(|a| {
            if a.len() > MAX_ADVICE {
                a.retain(|_, s| *s == AdviceState::Pending);
            }
            for k in &dropped {
                a.remove(k);
            }
            for (k, _) in &new {
                a.insert(k.clone(), AdviceState::Pending);
            }
        });
        if new.is_empty() {
            return;
        }
        self.ensure_pool();
        let workers = self.workers.with_value(Vec::len);
        self.queue.update_value(|q| {
            for (key, job) in new {
                let Some(pieces) = card_pieces(&job, workers) else {
                    q.push(
                        PRIORITY_ADVICE,
                        Queued {
                            job,
                            target: Target::Advice { key },
                        },
                    );
                    continue;
                };
                if let Job::AdviseCard {
                    view,
                    samples,
                    seed,
                    points,
                } = job
                {
                    let parts = AdviceParts {
                        view,
                        opts: CardOptions {
                            samples,
                            seed,
                            points,
                        },
                        parts: vec![None; pieces.len()],
                        ms: 0.0,
                    };
                    self.advice_parts.update_value(|p| {
                        p.insert(key.clone(), parts);
                    });
                }
                for (part, job) in pieces.into_iter().enumerate() {
                    q.push(
                        PRIORITY_ADVICE,
                        Queued {
                            job,
                            target: Target::AdvicePart {
                                key: key.clone(),
                                part,
                            },
                        },
                    );
                }
            }
        });
        self.dispatch();
    }

    /// A piece of a shared card advice: kept until every piece is in, then merged into the
    /// advice; a failed piece fails the advice (and its other queued pieces are dropped).
    fn advice_part(&self, key: String, part: usize, answer: Result<Answer, String>, ms: f64) {
        let done = self
            .advice_parts
            .try_update_value(|m| {
                let p = m.get_mut(&key)?;
                let piece = match answer {
                    Ok(Answer::AdviseCardPart(t)) => Ok(*t),
                    Ok(_) => Err("unexpected answer from the worker".to_string()),
                    Err(e) => Err(e),
                };
                match piece {
                    Ok(t) => {
                        p.parts[part] = Some(t);
                        p.ms = p.ms.max(ms);
                        if p.parts.iter().any(Option::is_none) {
                            return None;
                        }
                        let p = m.remove(&key)?;
                        let mut all = p.parts.into_iter().flatten();
                        let mut sum = all.next()?;
                        for t in all {
                            sum.merge(t);
                        }
                        let advice = sum.advice(&p.view, &p.opts);
                        Some(AdviceState::Ready(Box::new(advice.into()), p.ms))
                    }
                    Err(e) => {
                        m.remove(&key);
                        Some(AdviceState::Failed(e))
                    }
                }
            })
            .flatten();
        let Some(entry) = done else { return };
        if matches!(entry, AdviceState::Failed(_)) {
            self.queue.update_value(|q| {
                q.retain(|j| j.target.advice_key() != Some(key.as_str()));
            });
        }
        // Kept even when no longer asked for: going back to the position shows it.
        self.advice.update(|a| {
            a.insert(key, entry);
        });
    }
}

impl SolverClient {
    /// Run `job` before any analysis work and hand its answer (and the worker's time, ms) to
    /// `on_done`, unless [`SolverClient::forget`] is called first. Returns the job's ticket.
    pub fn ask(
        &self,
        job: Job,
        on_done: impl FnOnce(Result<Answer, String>, f64) + 'static,
    ) -> u64 {
        self.ensure_pool();
        let ticket = self.next_id.get_value() + 1;
        self.next_id.set_value(ticket);
        self.asks.update_value(|a| {
            a.insert(ticket, Box::new(on_done));
        });
        self.queue.update_value(|q| {
            q.push(
                PRIORITY_ASK,
                Queued {
                    job,
                    target: Target::Ask { ticket },
                },
            );
        });
        self.dispatch();
        ticket
    }

    /// Drop an [`SolverClient::ask`] job: not run if still queued, its answer ignored if not.
    pub fn forget(&self, ticket: u64) {
        self.asks.update_value(|a| {
            a.remove(&ticket);
        });
        self.queue.update_value(|q| {
            q.retain(|j| !matches!(j.target, Target::Ask { ticket: t } if t == ticket))
        });
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
