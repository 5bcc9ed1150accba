//! The alert shown when the worker pool fails (`[data-testid=worker-error]`), on every page
//! that solves.

use leptos::prelude::*;

use crate::i18n::{Lang, worker_error};
use crate::solver_client::SolverClient;

/// The pool's failure, in `lang`, while there is one.
#[component]
pub fn WorkerErrorAlert(lang: RwSignal<Lang>) -> impl IntoView {
    let status = expect_context::<SolverClient>().pool_status();
    move || {
        status.with(|s| s.error.clone()).map(|e| {
            view! {
                <div class="alert" data-testid="worker-error" role="alert">
                    {move || worker_error(lang.get(), &e)}
                </div>
            }
        })
    }
}
