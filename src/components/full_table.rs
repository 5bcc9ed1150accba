//! The full table: every contract under every trump (no-trump contracts once), filled in as
//! the worker pool answers, with a progress bar; a click shows the cell's line.

use leptos::prelude::*;
use ulti_engine::{Contract, Suit};

use crate::components::card::{SuitIcon, suit_class};
use crate::i18n::{Lang, contract_name, suit_name, text, tr, tr_with, unplayable_reason};
use crate::model::analysis::{Cell, trump_id};
use crate::model::results::Status;
use crate::solver_client::SolverClient;
use crate::state::SolverPageState;

/// The symbol and the short text of a cell.
fn cell_text(c: &Cell) -> (&'static str, String) {
    match &c.status {
        Status::Pending => ("…", String::new()),
        Status::Wins => ("✔", c.points.map(|p| p.to_string()).unwrap_or_default()),
        Status::Loses => ("✘", c.points.map(|p| p.to_string()).unwrap_or_default()),
        Status::Unplayable(_) => ("—", String::new()),
        Status::Cancelled => ("⏹", String::new()),
        Status::Failed(_) => ("!", String::new()),
    }
}

/// The tooltip and spoken name of a cell.
fn cell_title(lang: Lang, c: &Cell) -> String {
    let trump = c
        .trump
        .map_or_else(|| tr(lang, "table.no_trump"), |t| suit_name(lang, t));
    let what = match &c.status {
        Status::Pending => tr(lang, "table.solving"),
        Status::Wins => tr(lang, "table.wins"),
        Status::Loses => tr(lang, "table.loses"),
        Status::Unplayable(_) => tr_with(
            lang,
            "table.unplayable",
            &[("reason", &unplayable_reason(lang, c.contract))],
        ),
        Status::Cancelled => tr(lang, "table.cancelled"),
        Status::Failed(m) => tr_with(lang, "table.failed", &[("message", m)]),
    };
    let points = c
        .points
        .map(|p| {
            format!(
                " · {}",
                tr_with(lang, "table.points", &[("points", &p.to_string())])
            )
        })
        .unwrap_or_default();
    format!(
        "{} — {trump}: {what}{points}",
        contract_name(lang, c.contract)
    )
}

/// A row of the table: the contract and its cells (index in `table_slots()` order, trump).
type Row = (Contract, Vec<(usize, Option<Suit>)>);

/// One cell.
#[component]
fn TableCell(index: usize, contract: Contract, trump: Option<Suit>) -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let client = expect_context::<SolverClient>();
    let cell = Memo::new(move |_| client.state().with(|s| s.table.cells.get(index).cloned()));
    let status = move || cell.with(|c| c.as_ref().map_or("pending", |c| c.status.id()));
    let selected = move || {
        state.game.get() == Some(contract)
            && trump.is_none_or(|t| state.deal.with(|d| d.is_some_and(|d| d.trump == t)))
    };
    let span = if trump.is_none() { 4 } else { 1 };
    view! {
        <td
            class=move || format!("table-cell status-{}", status())
            class:selected=selected
            colspan=span
            data-testid="table-cell"
            data-contract=contract.id()
            data-trump=trump_id(trump)
            data-status=status
            data-points=move || cell.with(|c| c.as_ref().and_then(|c| c.points).map(|p| p.to_string()))
            data-points-pending=move || {
                cell.with(|c| c.as_ref().is_some_and(Cell::points_pending).then_some("true"))
            }
            title=move || cell.with(|c| c.as_ref().map(|c| cell_title(lang.get(), c)))
            aria-label=move || cell.with(|c| c.as_ref().map(|c| cell_title(lang.get(), c)))
            tabindex="0"
            role="button"
            on:click=move |_| state.select_cell(contract, trump)
            on:keydown=move |e| {
                if e.key() == "Enter" || e.key() == " " {
                    e.prevent_default();
                    state.select_cell(contract, trump);
                }
            }
        >
            <span class="cell-icon" aria-hidden="true">
                {move || cell.with(|c| c.as_ref().map(|c| cell_text(c).0))}
            </span>
            <span class="cell-points">
                {move || cell.with(|c| c.as_ref().map(|c| cell_text(c).1))}
            </span>
        </td>
    }
}

/// The full table panel.
#[component]
pub fn FullTable() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let client = expect_context::<SolverClient>();
    let solve_state = client.state();
    let done = Memo::new(move |_| solve_state.with(|s| s.table.done()));
    let total = Memo::new(move |_| solve_state.with(|s| s.table.total()));
    let table_ms = move || solve_state.with(|s| s.table_ms);
    let pool = client.pool_status();
    let workers = move || pool.with(|s| s.workers);
    let idle = move || state.deal.with(Option::is_none);
    // Row layout: one row per contract; the cell indices follow `table_slots()` order.
    let rows: Vec<Row> = {
        let slots = ulti_engine::table_slots();
        Contract::ALL
            .iter()
            .map(|&c| {
                let cells = slots
                    .iter()
                    .enumerate()
                    .filter(|(_, (sc, _))| *sc == c)
                    .map(|(i, (_, t))| (i, *t))
                    .collect();
                (c, cells)
            })
            .collect()
    };
    view! {
        <section class="panel table-panel" class:idle=idle aria-labelledby="table-title">
            <header class="panel-header">
                <h2 id="table-title">{text(lang, "table.title")}</h2>
                <div
                    class="table-progress"
                    data-testid="table-progress"
                    data-done=move || done.get().to_string()
                    data-total=move || total.get().to_string()
                    data-ms=move || table_ms().map(|ms| format!("{ms:.0}"))
                >
                    <progress
                        max=move || total.get().to_string()
                        value=move || done.get().to_string()
                        aria-label=text(lang, "table.progress")
                    ></progress>
                    <span class="progress-text">
                        {move || format!("{}/{}", done.get(), total.get())}
                        {move || {
                            table_ms()
                                .filter(|_| !idle())
                                .map(|ms| format!(" · {ms:.0} ms"))
                        }}
                        <small>
                            {move || {
                                let n = workers();
                                let key = if n == 1 { "table.workers_one" } else { "table.workers_many" };
                                format!(" · {}", tr_with(lang.get(), key, &[("count", &n.to_string())]))
                            }}
                        </small>
                    </span>
                </div>
            </header>
            <div class="table-scroll">
                <table class="full-table" data-testid="full-table">
                    <thead>
                        <tr>
                            <th scope="col">{text(lang, "table.contract")}</th>
                            {Suit::ALL
                                .map(|s| {
                                    view! {
                                        <th scope="col" class=suit_class(s)>
                                            <SuitIcon suit=s />
                                            <span class="suit-name">{move || suit_name(lang.get(), s)}</span>
                                        </th>
                                    }
                                })
                                .into_iter()
                                .collect_view()}
                        </tr>
                    </thead>
                    <tbody>
                        {rows
                            .into_iter()
                            .map(|(contract, cells)| {
                                view! {
                                    <tr>
                                        <th scope="row">{move || contract_name(lang.get(), contract)}</th>
                                        {cells
                                            .into_iter()
                                            .map(|(index, trump)| {
                                                view! { <TableCell index contract trump /> }
                                            })
                                            .collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
            <p class="hint table-legend">{text(lang, "table.legend")}</p>
        </section>
    }
}
