//! Shared by the app's native test files: the worker's wire codec.
#![allow(dead_code)]

use ulti_engine::Solver;
use ulti_solver::protocol::{Answer, Job, SolverRequest, SolverResponse};
use ulti_solver::worker::run_job;

/// gloo-worker encodes messages with bincode's default options: every message must survive it
/// (a `skip_serializing_if` in an engine type would break the worker silently).
pub fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(msg: &T) -> T {
    let bytes = bincode::serialize(msg).expect("encode");
    bincode::deserialize(&bytes).expect("decode")
}

/// `job` run by the worker's `run_job`, its request and response checked on the wire.
pub fn run_on_the_wire(solver: &mut Solver, job: Job) -> Result<Answer, String> {
    let request = SolverRequest::Run {
        id: 7,
        job: job.clone(),
    };
    assert_eq!(round_trip(&request), request);
    let answer = run_job(solver, job);
    let response = SolverResponse::Done {
        id: 7,
        answer: answer.clone(),
        ms: 1.0,
    };
    assert_eq!(round_trip(&response), response);
    answer
}
