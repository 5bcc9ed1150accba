//! The one adapter between the components and the solver web workers, made once for the
//! whole app (in [`crate::App`]) so the pool survives route changes.
//!
//! - [`pool`]: the workers, the handshake, the panic channel, the queue and the dispatch; it
//!   never names a feature and keeps its own [`PoolStatus`].
//! - One file per feature, each owning its state: [`analysis`] (the solver page's table and
//!   bids), [`positions`] (what-if positions), [`card_advice`], [`bid_advice`] (the My hand
//!   page's race) and [`ask`] (the Play page's computer decisions).
//! - Here: [`Target`], where each job's answer goes, and the routing of answers and pool
//!   failures to the features, in one place.

mod analysis;
mod ask;
mod bid_advice;
mod card_advice;
mod pool;
pub use pool::now_ms;
mod positions;
mod table_decision;
pub use self::table_decision::{TableAsk, TableTickets};

use leptos::prelude::*;
use ulti_engine::advise::BidOptions;
use ulti_engine::{CardSet, Deal, Query, RuleOptions};

pub use self::analysis::SolveState;
use self::analysis::{Analysis, AnalysisTarget};
use self::ask::Asks;
use self::bid_advice::BidAdviceRun;
pub use self::bid_advice::{BidAdviceState, bid_advice_piece};
use self::card_advice::CardAdvice;
pub use self::card_advice::{CardAdviceKey, CardAdviceState, card_pieces};
use self::pool::{Hooks, Pool};
pub use self::pool::{MAX_WORKERS, PoolStatus, WORKER_START_TIMEOUT, pool_size};
pub use self::positions::PositionState;
use self::positions::Positions;
pub use crate::protocol::WorkerError;
use crate::protocol::{Answer, Job, UNEXPECTED_ANSWER};

/// Queue order of every job asked for on demand (positions, card advice, the bid race, the
/// Play page's computer decisions): first in, first out among themselves, before the
/// analysis (whose own order is in [`analysis`]).
const ON_DEMAND: u8 = 0;

/// Queue order of work that may be thrown away (a computer's bid race started before it
/// knows whether it picks up the talon): after everything else, on workers that would wait.
const SPARE: u8 = u8::MAX;

/// The error of an answer of the wrong kind for its job.
fn unexpected() -> String {
    UNEXPECTED_ANSWER.to_string()
}

/// Where a job's answer goes.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Target {
    /// A table cell or a bid row of the solver page's analysis.
    Analysis(AnalysisTarget),
    /// A what-if position.
    Position { key: String },
    /// A card advice.
    CardAdvice { key: CardAdviceKey },
    /// Piece `part` of the card advice `key`.
    CardAdvicePart { key: CardAdviceKey, part: usize },
    /// Tasks `offset..` of the current round of the bid race `run`.
    BidRace { run: u64, offset: usize },
    /// A job of [`SolverClient::ask`], answered through its callback.
    Ask { ticket: u64 },
}

impl Target {
    /// The card advice this job is (a piece of).
    fn card_advice_key(&self) -> Option<&CardAdviceKey> {
        match self {
            Target::CardAdvice { key } | Target::CardAdvicePart { key, .. } => Some(key),
            _ => None,
        }
    }
}

/// The app's handle on the worker pool and the features' answers. `Copy`: share it through
/// context.
#[derive(Clone, Copy)]
pub struct SolverClient {
    pool: Pool<Target>,
    analysis: Analysis,
    positions: Positions,
    card_advice: CardAdvice,
    bid_advice: BidAdviceRun,
    asks: Asks,
}

impl SolverClient {
    /// Create the client (the workers start at once) and put it in context. Called once, at
    /// the app's root.
    pub fn provide() -> SolverClient {
        let pool = Pool::new();
        let client = SolverClient {
            pool,
            analysis: Analysis::new(pool),
            positions: Positions::new(pool),
            card_advice: CardAdvice::new(pool),
            bid_advice: BidAdviceRun::new(pool),
            asks: Asks::new(pool),
        };
        pool.set_hooks(Hooks {
            answer: Box::new(move |target, answer, ms| client.route(target, answer, ms)),
            sent: Box::new(move |target| {
                if let Target::Analysis(_) = target {
                    client.analysis.sent();
                }
            }),
            failed: Box::new(move || client.pool_failed()),
        });
        pool.start();
        provide_context(client);
        client
    }

    /// The routing of every answer to the feature that asked.
    fn route(&self, target: Target, answer: Result<Answer, String>, ms: f64) {
        match target {
            Target::Analysis(t) => self.analysis.answer(t, answer, ms),
            Target::Position { key } => self.positions.answer(key, answer),
            Target::CardAdvice { key } => self.card_advice.answer(key, answer, ms),
            Target::CardAdvicePart { key, part } => {
                self.card_advice.piece(key, part, answer, ms);
            }
            Target::BidRace { run, offset } => self.bid_advice.answer(run, offset, answer),
            Target::Ask { ticket } => self.asks.answer(ticket, answer, ms),
        }
    }

    /// The pool failed: every feature drops what was waiting.
    fn pool_failed(&self) {
        self.bid_advice.pool_failed();
        self.analysis.pool_failed();
        self.positions.drop_pending();
        self.card_advice.drop_pending();
        self.card_advice.drop_pieces();
        self.asks.pool_failed();
    }

    /// The pool's size and failure (`[data-testid=worker-error]`).
    #[must_use]
    pub fn pool_status(&self) -> ReadSignal<PoolStatus> {
        self.pool.status()
    }

    /// The analysis signal (results, table, bids).
    #[must_use]
    pub fn state(&self) -> ReadSignal<SolveState> {
        self.analysis.get()
    }

    /// Analyse `deal` under `rules`: the full table (the deal's trump's cells first, which feed
    /// the results panel) and the bids. The same hands with another trump keep the analysis
    /// and only move that trump's cells to the front.
    pub fn solve(&self, deal: Deal, rules: RuleOptions) {
        self.analysis.solve(deal, rules);
    }

    /// Stop the analysis: cells and bids not answered yet show as cancelled.
    pub fn cancel(&self) {
        self.analysis.cancel();
    }

    /// Forget the analysis (the deal is incomplete), and the positions and card advice still
    /// waiting.
    pub fn clear(&self) {
        self.pool
            .retain(|t| matches!(t, Target::BidRace { .. } | Target::Ask { .. }));
        self.analysis.clear();
        self.positions.drop_pending();
        self.card_advice.drop_pending();
    }

    /// The what-if positions asked for so far, by
    /// [`position_key`](crate::model::whatif::position_key).
    #[must_use]
    pub fn positions(&self) -> ReadSignal<std::collections::HashMap<String, PositionState>> {
        self.positions.get()
    }

    /// Ask for the what-if positions shown now. Positions already known are not solved again;
    /// queued positions no longer asked for are dropped.
    pub fn want_positions(&self, queries: Vec<Query>) {
        self.positions.want(queries);
    }

    /// The card advice asked for so far, by [`CardAdviceKey`].
    #[must_use]
    pub fn card_advice(
        &self,
    ) -> ReadSignal<std::collections::HashMap<CardAdviceKey, CardAdviceState>> {
        self.card_advice.get()
    }

    /// Ask for the card advice the page shows now ([`Job::AdviseCard`] jobs; others are
    /// ignored). Advice already known is not computed again; queued advice no longer asked for
    /// is dropped. A job already with a worker runs to its end and its answer is kept.
    pub fn want_card_advice(&self, jobs: Vec<Job>) {
        self.card_advice.want(jobs);
    }

    /// The bid advice of the "My hand" page.
    #[must_use]
    pub fn bid_advice(&self) -> ReadSignal<BidAdviceState> {
        self.bid_advice.get()
    }

    /// Advise on the bid and the discard for `hand` (twelve cards): the race's rounds go to
    /// the pool piece by piece, and [`SolverClient::bid_advice`] follows every piece. A run
    /// under way is cancelled first.
    pub fn advise_bid(&self, hand: CardSet, opts: BidOptions) {
        self.bid_advice.start(hand, opts);
    }

    /// Stop the bid advice: queued pieces are dropped, answers on their way are ignored; the
    /// numbers so far stay.
    pub fn cancel_bid_advice(&self) {
        self.bid_advice.cancel();
    }

    /// Forget the bid advice (the hand is not complete).
    pub fn clear_bid_advice(&self) {
        self.bid_advice.clear();
    }

    /// Run `job` before any analysis work and hand its answer (and the worker's time, ms) to
    /// `on_done`, unless [`SolverClient::forget`] is called first. Returns the job's ticket.
    pub fn ask(
        &self,
        job: Job,
        on_done: impl FnOnce(Result<Answer, String>, f64) + 'static,
    ) -> u64 {
        self.asks.ask(job, on_done)
    }

    /// Drop an [`SolverClient::ask`] job: not run if still queued, its answer ignored if not.
    pub fn forget(&self, ticket: u64) {
        self.asks.forget(ticket);
    }
}
