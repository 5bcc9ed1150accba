//! What the deal is worth: every standard bid's payoff per defender under best play, with
//! each component's outcome; the best bid highlighted.

use leptos::prelude::*;

use ulti_engine::Announcement;

use crate::i18n::{Lang, announcement_name, components_text, label, suit_name, text, tr, tr_with};
use crate::model::analysis::{BidValueRow, signed};
use crate::model::play::BidGroup;
use crate::solver_client::SolverClient;
use crate::state::SolverPageState;

/// The `<optgroup>`s of a bid `<select>`: one per group, labelled with its trump ("no trump"
/// for betli and colourless durchmars), each bid named in `lang`, its option's value
/// `value(bid)`, and the option whose value is `selected` selected.
pub fn bid_optgroups(
    lang: Lang,
    groups: Vec<BidGroup>,
    value: fn(&Announcement) -> String,
    selected: &str,
) -> impl IntoView + use<> {
    groups
        .into_iter()
        .map(|g| {
            let group = g.trump.map_or_else(
                || tr(lang, "play.no_trump"),
                |t| tr_with(lang, "play.trump_group", &[("suit", &suit_name(lang, t))]),
            );
            let options = g
                .bids
                .into_iter()
                .map(|a| {
                    let id = value(&a);
                    let is_selected = id == selected;
                    view! {
                        <option value=id selected=is_selected>
                            {label(&announcement_name(lang, &a))}
                        </option>
                    }
                })
                .collect_view();
            view! { <optgroup label=group>{options}</optgroup> }
        })
        .collect_view()
}

/// One bid row; `best_id` is the best bid's id once every bid is in.
#[component]
fn BidLine(index: usize, best_id: Memo<Option<String>>) -> impl IntoView {
    let lang = SolverPageState::expect().lang;
    let client = expect_context::<SolverClient>();
    let row = Memo::new(move |_| client.state().with(|s| s.bids.rows.get(index).cloned()));
    let best = Memo::new(move |_| {
        let id = row.with(|r| r.as_ref().map(BidValueRow::id));
        id.is_some() && best_id.with(|b| *b == id)
    });
    let value = move || row.with(|r| r.as_ref().and_then(|r| r.value.clone()));
    let playable = move || value().map(|v| v.playable);
    let status = move || {
        row.with(|r| match r {
            Some(r) if r.error.is_some() => "failed",
            Some(r) => match &r.value {
                Some(v) if !v.playable => "unplayable",
                Some(v) if v.soloist_wins == Some(true) => "wins",
                Some(_) => "loses",
                None if r.cancelled => "cancelled",
                None => "pending",
            },
            None => "pending",
        })
    };
    view! {
        <li
            class=move || format!("bid status-{}", status())
            class:best=best
            data-testid="bid"
            data-bid-id=move || row.with(|r| r.as_ref().map(BidValueRow::id))
            data-playable=move || playable().map(|p| p.to_string())
            data-payoff=move || {
                value().filter(|v| v.playable).and_then(|v| v.payoff).map(|p| p.to_string())
            }
            data-best=move || best.get().then_some("true")
        >
            <span class="bid-name">
                {move || row.with(|r| r.as_ref().map(|r| label(&announcement_name(lang.get(), &r.announcement))))}
                {move || {
                    best.get().then(|| view! { <span class="best-tag">{text(lang, "bids.best")}</span> })
                }}
            </span>
            <span class="bid-payoff">
                {move || match value() {
                    Some(v) if v.playable => v.payoff.map(signed).unwrap_or_default(),
                    Some(_) => "—".to_string(),
                    None => row
                        .with(|r| r.as_ref().and_then(|r| r.error.clone()))
                        .unwrap_or_else(|| "…".to_string()),
                }}
            </span>
            <span class="bid-components">
                {move || {
                    value().filter(|v| v.playable).map(|v| components_text(lang.get(), &v.components))
                }}
            </span>
        </li>
    }
}

/// The bid values panel.
#[component]
pub fn BidsPanel() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let client = expect_context::<SolverClient>();
    let solve_state = client.state();
    let done = move || solve_state.with(|s| s.bids.done());
    let total = move || solve_state.with(|s| s.bids.rows.len());
    let idle = move || state.deal.with(Option::is_none);
    let count = solve_state.with_untracked(|s| s.bids.rows.len());
    // Computed once per answer for all rows (not once per row).
    let best_id = Memo::new(move |_| solve_state.with(|s| s.bids.best()));
    view! {
        <section class="panel bids-panel" class:idle=idle aria-labelledby="bids-title">
            <header class="panel-header">
                <h2 id="bids-title">{text(lang, "bids.title")}</h2>
                <span class="bids-progress">
                    {move || format!("{}/{}", done(), total())}
                    {move || {
                        solve_state
                            .with(|s| s.bids_ms)
                            .filter(|_| !idle())
                            .map(|ms| format!(" · {ms:.0} ms"))
                    }}
                </span>
            </header>
            <p class="hint">{text(lang, "bids.hint")}</p>
            // Scrollable, so it takes the keyboard focus (and scrolls with the arrow keys).
            <ol
                class="bids"
                data-testid="bids"
                tabindex="0"
                aria-label=text(lang, "bids.list")
            >
                {(0..count).map(|index| view! { <BidLine index best_id /> }).collect_view()}
            </ol>
        </section>
    }
}
