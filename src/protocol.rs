//! The one message protocol between the page ([`crate::solver_client`]) and the solver web
//! worker ([`crate::worker`]). Both sides use these enums; gloo-worker encodes them with bincode.

use serde::{Deserialize, Serialize};
use ulti_engine::{Contract, Deal, RuleOptions, Solution};

/// Bumped whenever a message changes shape. Worker files keep fixed names (no content hash),
/// so a page can meet a cached worker of another version; the handshake detects that.
pub const PROTOCOL_VERSION: u32 = 1;

/// Identifies one solve request; answers to older requests are stale and dropped.
pub type RequestId = u64;

/// A message from the page to the worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolverRequest {
    /// Handshake: the worker answers [`SolverResponse::Ready`]. `panic_channel` names a
    /// `BroadcastChannel` on which the worker reports a panic (gloo-worker has no error callback).
    Hello {
        /// Name of the page's `BroadcastChannel` for panic reports.
        panic_channel: String,
    },
    /// Solve `contracts` for `deal` (its trump), one by one, one answer per contract. A new
    /// `SolveAll` replaces whatever the worker had not started yet.
    SolveAll {
        /// The request id echoed in every answer.
        id: RequestId,
        /// The complete deal.
        deal: Deal,
        /// House rules.
        rules: RuleOptions,
        /// The contracts to solve, in order.
        contracts: Vec<Contract>,
    },
    /// Drop the contracts of request `id` not started yet (checked between contracts).
    Cancel {
        /// The request to cancel.
        id: RequestId,
    },
}

/// A message from the worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolverResponse {
    /// Answer to [`SolverRequest::Hello`].
    Ready {
        /// The worker's [`PROTOCOL_VERSION`].
        version: u32,
    },
    /// One contract of a request is solved.
    Solved {
        /// The request.
        id: RequestId,
        /// The contract.
        contract: Contract,
        /// The engine's answer (with one optimal line).
        solution: Box<Solution>,
        /// Time spent on this contract, in milliseconds.
        ms: f64,
    },
    /// Every contract of request `id` is answered (or it was cancelled).
    Finished {
        /// The request.
        id: RequestId,
        /// Worker time for the whole request, in milliseconds.
        ms: f64,
        /// Was it cut short by [`SolverRequest::Cancel`]?
        cancelled: bool,
    },
    /// A contract could not be solved (the query was rejected by the engine).
    Failed {
        /// The request.
        id: RequestId,
        /// The contract.
        contract: Contract,
        /// The engine's one-line error.
        message: String,
    },
}
