//! The results panel: one row per contract, filled in as the worker answers.

use leptos::prelude::*;
use ulti_engine::Contract;

use crate::components::worker_error::WorkerErrorAlert;
use crate::i18n::{Lang, contract_name, suit_name, text, tr, tr_with, unplayable_reason};
use crate::model::results::{ContractResult, Status};
use crate::solver_client::SolverClient;
use crate::state::SolverPageState;

/// Status symbol and words for a row.
fn status_text(lang: Lang, r: &ContractResult) -> (&'static str, String) {
    match &r.status {
        Status::Pending => ("…", String::new()),
        Status::Wins => ("✔", tr(lang, "results.wins")),
        Status::Loses => ("✘", tr(lang, "results.loses")),
        Status::Unplayable(_) => (
            "—",
            tr_with(
                lang,
                "results.unplayable",
                &[("reason", &unplayable_reason(lang, r.contract))],
            ),
        ),
        Status::Cancelled => ("⏹", tr(lang, "results.cancelled")),
        Status::Failed(msg) => ("!", tr_with(lang, "results.failed", &[("message", msg)])),
    }
}

/// One result row.
#[component]
fn ResultRow(contract: Contract) -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let client = expect_context::<SolverClient>();
    let row = Memo::new(move |_| {
        client
            .state()
            .with(|s| s.result(contract))
            .unwrap_or_else(|| ContractResult::pending(contract))
    });
    let select = move || state.select_game(contract);
    view! {
        <li
            class=move || {
                let selected = if state.game.get() == Some(contract) { " selected" } else { "" };
                format!("result status-{}{selected}", row.with(|r| r.status.id()))
            }
            data-testid="result"
            data-contract=contract.id()
            data-status=move || row.with(|r| r.status.id())
            data-points=move || row.with(|r| r.points.map(|p| p.to_string()))
            data-points-pending=move || row.with(|r| r.points_pending.then_some("true"))
            on:click=move |_| select()
        >
            <span class="result-icon" aria-hidden="true">
                {move || row.with(|r| status_text(lang.get(), r).0)}
            </span>
            <span class="result-name">{move || contract_name(lang.get(), contract)}</span>
            <span class="result-detail">
                {move || row.with(|r| status_text(lang.get(), r).1)}
                {move || {
                    row.with(|r| r.points)
                        .map(|p| {
                            view! {
                                <span class="points">
                                    {move || {
                                        format!(
                                            " · {}",
                                            tr_with(lang.get(), "results.points", &[("points", &p.to_string())]),
                                        )
                                    }}
                                </span>
                            }
                        })
                }}
                {move || {
                    row.with(|r| r.points_pending)
                        .then(|| {
                            view! {
                                <span class="points pending">
                                    {move || format!(" · {}", tr(lang.get(), "results.points_pending"))}
                                </span>
                            }
                        })
                }}
            </span>
            <span class="result-ms">
                {move || row.with(|r| r.ms).map(|ms| format!("{ms:.0} ms"))}
            </span>
            <button
                type="button"
                class="show-line"
                data-testid="show-line"
                disabled=move || row.with(|r| !matches!(r.status, Status::Wins | Status::Loses))
                aria-label=move || {
                    let l = lang.get();
                    tr_with(l, "results.show_line_of", &[("contract", &contract_name(l, contract))])
                }
                on:click=move |ev| {
                    ev.stop_propagation();
                    select();
                }
            >
                {text(lang, "results.show_line")}
            </button>
        </li>
    }
}

/// The results of the deal's trump, the solving indicator, Cancel, timing and worker errors.
#[component]
pub fn ResultsPanel() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let client = expect_context::<SolverClient>();
    let solve_state = client.state();
    let solving = move || solve_state.with(|s| s.solving);
    let idle = move || state.deal.with(Option::is_none);
    view! {
        <section class="panel results-panel" class:idle=idle aria-labelledby="results-title">
            <header class="panel-header">
                <h2 id="results-title">{text(lang, "results.title")}</h2>
                <span class="trump-note">
                    {move || {
                        state
                            .deal
                            .get()
                            .map(|d| {
                                let l = lang.get();
                                tr_with(l, "results.trump_note", &[("suit", &suit_name(l, d.trump))])
                            })
                    }}
                </span>
                {move || {
                    solving()
                        .then(|| {
                            view! {
                                <span class="solving" data-testid="solving" role="status">
                                    <span class="spinner" aria-hidden="true"></span>
                                    {text(lang, "results.solving")}
                                </span>
                                <button
                                    type="button"
                                    class="cancel"
                                    data-testid="cancel-solve"
                                    on:click=move |_| client.cancel()
                                >
                                    {text(lang, "results.cancel")}
                                </button>
                            }
                        })
                }}
                {move || {
                    let show = !solving();
                    solve_state
                        .with(|s| s.last_ms)
                        .filter(|_| show)
                        .map(|ms| {
                            view! {
                                <span class="solve-ms" data-testid="solve-ms">
                                    {format!("{ms:.0} ms")}
                                </span>
                            }
                        })
                }}
            </header>
            <WorkerErrorAlert lang=lang />
            {move || {
                state
                    .deal
                    .get()
                    .is_none()
                    .then(|| {
                        view! {
                            <p class="hint">{text(lang, "results.hint")}</p>
                        }
                    })
            }}
            <ul class="results" data-testid="results">
                {Contract::ALL.map(|c| view! { <ResultRow contract=c /> }).into_iter().collect_view()}
            </ul>
        </section>
    }
}
