//! The solver web worker binary (trunk `data-type="worker"`): registers [`SolverWorker`].

use gloo_worker::Registrable;
use ulti_solver::worker::SolverWorker;

fn main() {
    SolverWorker::registrar().register();
}
