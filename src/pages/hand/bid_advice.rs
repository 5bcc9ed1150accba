//! The bid advice section of the My hand page: progress and Start / Cancel, the ranked bids,
//! the baseline, the notes and the discards.

use leptos::prelude::*;
use ulti_engine::advise::{BidAdvice, BidRow, announcements};
use ulti_engine::{Card, CardSet};

use crate::components::card::CardChip;
use crate::components::table_head::table_head;
use crate::components::worker_error::WorkerErrorAlert;
use crate::i18n::{
    Lang, announcement_name, label, payoff, percent, text, tr, tr_with, with_article,
};
use crate::model::hand::PICKED_UP_HAND;
use crate::solver_client::{BidAdviceState, SolverClient};
use crate::state::PageLang;

/// Rows of the ranked bids shown before "Show all".
const TOP_ROWS: usize = 10;

/// A bid id's name in the page's language (the id itself if it is not a standard bid).
fn bid_name(lang: Lang, id: &str) -> String {
    announcements()
        .iter()
        .find(|a| a.id() == id)
        .map_or_else(|| id.to_string(), |a| label(&announcement_name(lang, a)))
}

/// Two cards, small, each with its spoken name.
#[component]
fn CardPair(cards: [Card; 2]) -> impl IntoView {
    cards
        .map(|c| view! { <CardChip card=c /> })
        .into_iter()
        .collect_view()
}

/// One ranked bid.
#[component]
fn AdviceRow(row: BidRow, rank: usize, baseline: bool) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let s = row.stats;
    let id = row.id.clone();
    let name_id = row.id.clone();
    view! {
        <li
            class="advice-bid"
            class:baseline=baseline
            data-testid="advice-bid"
            data-bid-id=id
            data-discard=format!("{},{}", row.discard[0], row.discard[1])
            data-wins=s.wins.to_string()
            data-samples=s.samples.to_string()
            data-confirmed=row.confirmed.to_string()
        >
            <span class="advice-rank">{format!("{rank}.")}</span>
            <span class="advice-name">
                {move || bid_name(lang.get(), &name_id)}
                {baseline.then(|| view! { <span class="tag">{text(lang, "hand.baseline")}</span> })}
                {row
                    .confirmed
                    .then(|| {
                        view! {
                            <span class="tag confirmed" title=text(lang, "hand.confirmed_hint")>
                                {text(lang, "hand.confirmed")}
                            </span>
                        }
                    })}
            </span>
            <span class="advice-win" data-real-win=row.real_win_prob.to_string() data-open-win=s.win_prob.to_string()>
                <span class="label">{text(lang, "hand.real_win")}</span>
                {format!(" {} ", percent(row.real_win_prob))}
                <span class="interval" data-testid="advice-open-win">
                    {move || {
                        tr_with(
                            lang.get(),
                            "hand.open_win",
                            &[
                                ("p", &percent(s.win_prob)),
                                ("low", &format!("{:.0}", s.win_low * 100.0)),
                                ("high", &percent(s.win_high)),
                            ],
                        )
                    }}
                </span>
            </span>
            <span class="advice-payoff">
                <span class="label">{text(lang, "hand.payoff")}</span>
                {move || format!(" {}", payoff(lang.get(), s.expected_payoff))}
            </span>
            <span class="advice-discard">
                <span class="label">{text(lang, "hand.discard")}</span>
                " "
                <CardPair cards=row.discard />
            </span>
            <span class="advice-samples">
                {move || tr_with(lang.get(), "hand.samples_n", &[("n", &s.samples.to_string())])}
            </span>
        </li>
    }
}

/// The ranked bids, the baseline, the notes and the discards of an answer.
#[component]
pub(super) fn AdviceView(
    advice: BidAdvice,
    show_all: RwSignal<bool>,
    discards_open: RwSignal<bool>,
) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let total = advice.bids.len();
    let passz_id = advice.passz.as_ref().map(|r| r.id.clone());
    let bids = advice.bids.clone();
    let rows = move || {
        let n = if show_all.get() {
            total
        } else {
            TOP_ROWS.min(total)
        };
        bids.iter()
            .take(n)
            .enumerate()
            .map(|(i, r)| {
                let baseline = passz_id.as_deref() == Some(r.id.as_str());
                view! { <AdviceRow row=r.clone() rank=i + 1 baseline=baseline /> }
            })
            .collect_view()
    };
    let passz_line = advice.passz.clone().map(|p| {
        let rank = advice.bids.iter().position(|r| r.id == p.id).unwrap_or(0) + 1;
        view! {
            <p class="hint" data-testid="advice-passz">
                {move || {
                    tr_with(
                        lang.get(),
                        "hand.passz_line",
                        &[("payoff", &payoff(lang.get(), p.stats.expected_payoff)), ("rank", &rank.to_string())],
                    )
                }}
            </p>
        }
    });
    let discards = advice.discards.clone();
    view! {
        {advice
            .close_call
            .then(|| {
                view! {
                    <p class="note" data-testid="advice-close-call">
                        {text(lang, "hand.close_call")}
                    </p>
                }
            })}
        <ol class="advice-bids" data-testid="advice-bids" aria-label=text(lang, "hand.bids")>
            {rows}
        </ol>
        {(total > TOP_ROWS)
            .then(|| {
                view! {
                    <button
                        type="button"
                        class="link-button"
                        data-testid="advice-show-all"
                        aria-expanded=move || show_all.get().to_string()
                        on:click=move |_| show_all.update(|s| *s = !*s)
                    >
                        {move || {
                            if show_all.get() {
                                tr(lang.get(), "hand.show_top")
                            } else {
                                tr_with(lang.get(), "hand.show_all", &[("n", &with_article(lang.get(), &total.to_string()))])
                            }
                        }}
                    </button>
                }
            })}
        {passz_line}
        <details
            class="advice-discards"
            data-testid="advice-discards"
            prop:open=move || discards_open.get()
            on:toggle=move |e| {
                use wasm_bindgen::JsCast;
                if let Some(d) = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                {
                    discards_open.set(d.open());
                }
            }
        >
            <summary>{text(lang, "hand.discards")}</summary>
            <div class="table-scroll">
                <table>
                    {table_head(
                        ["hand.discard", "hand.samples", "hand.best_bid", "hand.payoff"]
                            .map(|key| text(lang, key)),
                    )}
                    <tbody>
                        {discards
                            .into_iter()
                            .map(|d| {
                                let best = d.best_bid.clone();
                                let mean = d.expected_payoff;
                                view! {
                                    <tr
                                        data-testid="advice-discard"
                                        data-discard=format!("{},{}", d.discard[0], d.discard[1])
                                        data-samples=d.samples.to_string()
                                        data-best-bid=d.best_bid.clone()
                                    >
                                        <td>
                                            <CardPair cards=d.discard />
                                        </td>
                                        <td>{d.samples}</td>
                                        <td>{move || bid_name(lang.get(), &best)}</td>
                                        <td>{move || payoff(lang.get(), mean)}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        </details>
        <p class="hint" data-testid="advice-real-play">{text(lang, "hand.real_play_note")}</p>
        <p class="hint caveat" data-testid="advice-caveat">{text(lang, "hand.caveat")}</p>
    }
}

/// Progress, status and the Start / Cancel buttons.
#[component]
pub(super) fn AdviceStatus(hand: RwSignal<CardSet>, start: Callback<()>) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let client = expect_context::<SolverClient>();
    let advice = client.bid_advice();
    let state = move || {
        advice.with(|a: &BidAdviceState| {
            if a.error.is_some() {
                "error"
            } else if a.running {
                "running"
            } else if a.cancelled {
                "cancelled"
            } else if a.ms.is_some() {
                "done"
            } else {
                "idle"
            }
        })
    };
    let complete = move || hand.with(|h| h.len() == PICKED_UP_HAND);
    view! {
        <div
            class="advice-status"
            data-testid="advice-status"
            data-state=state
            data-answered=move || advice.with(|a| a.answered.to_string())
            data-planned=move || advice.with(|a| a.planned.to_string())
            data-ms=move || advice.with(|a| a.ms.map(|m| format!("{m:.0}")))
        >
            <progress
                data-testid="advice-progress"
                max=move || advice.with(|a| a.planned.max(1).to_string())
                value=move || advice.with(|a| a.answered.to_string())
                aria-label=text(lang, "hand.progress")
            ></progress>
            <span role="status" aria-live="polite">
                {move || {
                    let l = lang.get();
                    advice
                        .with(|a| {
                            let args = [
                                ("done", a.answered.to_string()),
                                ("planned", a.planned.to_string()),
                                ("secs", a.ms.map(|m| format!("{:.1}", m / 1000.0)).unwrap_or_default()),
                            ];
                            let args: Vec<(&str, &str)> = args
                                .iter()
                                .map(|(k, v)| (*k, v.as_str()))
                                .collect();
                            match state() {
                                "running" => tr_with(l, "hand.running", &args),
                                "cancelled" => tr_with(l, "hand.cancelled", &args),
                                "done" => tr_with(l, "hand.done", &args),
                                "error" => String::new(),
                                _ if !complete() => {
                                    tr_with(
                                        l,
                                        "hand.pick_more",
                                        &[("n", &(PICKED_UP_HAND - hand.with(|h| h.len())).to_string())],
                                    )
                                }
                                _ => String::new(),
                            }
                        })
                }}
            </span>
            {move || {
                if advice.with(|a| a.running) {
                    view! {
                        <button
                            type="button"
                            data-testid="advice-cancel"
                            on:click=move |_| client.cancel_bid_advice()
                        >
                            {text(lang, "hand.cancel")}
                        </button>
                    }
                        .into_any()
                } else {
                    view! {
                        <button
                            type="button"
                            class="primary"
                            data-testid="advice-start"
                            disabled=move || !complete()
                            on:click=move |_| start.run(())
                        >
                            {text(lang, "hand.start")}
                        </button>
                    }
                        .into_any()
                }
            }}
        </div>
        {move || {
            advice
                .with(|a| a.error.clone())
                .map(|e| {
                    view! {
                        <div class="alert" role="alert" data-testid="advice-error">
                            {move || tr_with(lang.get(), "hand.failed", &[("message", &e)])}
                        </div>
                    }
                })
        }}
        <WorkerErrorAlert lang=lang />
    }
}
