//! Card mode of the My hand page: the position (seat, trump, bid, talon, cards played) and the
//! advice for it, each legal card best first.

use leptos::prelude::*;
use ulti_engine::Suit;

use crate::components::bids::bid_optgroups;
use crate::components::card::CardChip;
use crate::components::table_head::table_head;
use crate::i18n::{
    one_decimal, payoff, percent, position_error, seat_name, suit_name, text, tr_with,
};
use crate::model::hand::card::{CardPosition, PositionError, card_bids};
use crate::protocol::CardAdviceAnswer;
use crate::solver_client::{CardAdviceKey, CardAdviceState, SolverClient};
use crate::state::PageLang;

/// Card mode's position: the seat, the trump, the bid, the talon (the soloist's) and the cards
/// played so far.
#[component]
pub(super) fn PositionForm(pos: RwSignal<CardPosition>) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let text_field = move |key: &'static str,
                           testid: &'static str,
                           get: fn(&CardPosition) -> String,
                           set: fn(&mut CardPosition, String)| {
        view! {
            <label class="field">
                {text(lang, key)}
                <input
                    type="text"
                    data-testid=testid
                    autocomplete="off"
                    spellcheck="false"
                    prop:value=move || pos.with(get)
                    on:change=move |e| {
                        let v = event_target_value(&e).trim().to_uppercase().replace(' ', "");
                        pos.update(|p| set(p, v));
                    }
                />
            </label>
        }
    };
    view! {
        <div class="hand-toolbar position-form" data-testid="position-form">
            <label class="field">
                {text(lang, "hand.seat")}
                <select
                    data-testid="card-seat"
                    on:change=move |e| {
                        if let Ok(n) = event_target_value(&e).parse() {
                            pos.update(|p| p.seat = n);
                        }
                    }
                >
                    {move || {
                        let current = pos.with(|p| p.seat);
                        (0..3)
                            .map(|s| {
                                view! {
                                    <option value=s.to_string() selected=s == current>
                                        {seat_name(lang.get(), s)}
                                    </option>
                                }
                            })
                            .collect_view()
                    }}
                </select>
            </label>
            <label class="field">
                {text(lang, "hand.trump")}
                <select
                    data-testid="card-trump"
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        if let Some(t) = Suit::ALL.into_iter().find(|t| t.to_string() == v) {
                            pos.update(|p| p.trump = t);
                        }
                    }
                >
                    {move || {
                        let current = pos.with(|p| p.trump);
                        Suit::ALL
                            .map(|t| {
                                view! {
                                    <option value=t.to_string() selected=t == current>
                                        {suit_name(lang.get(), t)}
                                    </option>
                                }
                            })
                            .into_iter()
                            .collect_view()
                    }}
                </select>
            </label>
            <label class="field">
                {text(lang, "hand.bid")}
                <select
                    data-testid="card-bid"
                    prop:value=move || pos.with(|p| p.bid.clone())
                    on:change=move |e| {
                        let v = event_target_value(&e);
                        pos.update(|p| p.bid = v);
                    }
                >
                    {move || {
                        let l = lang.get();
                        let (trump, current) = pos.with(|p| (p.trump, p.bid.clone()));
                        let groups = card_bids(trump);
                        // A bid from the link that is not listed stays shown (and is named
                        // in the error below), so the select never silently changes it.
                        let listed = groups
                            .iter()
                            .any(|g| g.bids.iter().any(|a| a.bid.to_string() == current));
                        let unlisted = (!listed)
                            .then(|| {
                                view! {
                                    <option value=current.clone() selected=true>
                                        {current.clone()}
                                    </option>
                                }
                            });
                        let groups = bid_optgroups(l, groups, |a| a.bid.to_string(), &current);
                        (unlisted, groups)
                    }}
                </select>
            </label>
            {move || {
                (pos.with(|p| p.seat) == 0)
                    .then(|| {
                        text_field("hand.talon", "card-talon", |p| p.talon.clone(), |p, v| p.talon = v)
                    })
            }}
            {text_field("hand.played", "card-played", |p| p.played.clone(), |p, v| p.played = v)}
        </div>
    }
}

/// Card mode's answer: each legal card, best first for the seat.
#[component]
pub(super) fn CardAdviceView(
    job: Memo<Option<Result<crate::protocol::Job, PositionError>>>,
) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let client = expect_context::<SolverClient>();
    let answer = move || {
        let key = job.with(|j| {
            j.as_ref()
                .and_then(|r| r.as_ref().ok())
                .map(CardAdviceKey::of)
        })?;
        client.card_advice().with(|m| m.get(&key).cloned())
    };
    let rows = move |a: &CardAdviceAnswer| {
        a.cards
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let s = r.stats;
                let points = r.expected_points;
                let c = r.card;
                view! {
                    <tr
                        data-testid="card-advice-row"
                        data-card=c.to_string()
                        data-wins=s.wins.to_string()
                        data-samples=s.samples.to_string()
                    >
                        <td>{format!("{}.", i + 1)}</td>
                        <td>
                            <CardChip card=c />
                        </td>
                        <td>
                            {format!("{} ", percent(s.win_prob))}
                            <span class="interval">
                                {format!("({:.0}–{})", s.win_low * 100.0, percent(s.win_high))}
                            </span>
                        </td>
                        <td>{move || payoff(lang.get(), s.expected_payoff)}</td>
                        <td>
                            {move || {
                                points.map_or_else(|| "—".to_string(), |p| one_decimal(lang.get(), p))
                            }}
                        </td>
                    </tr>
                }
            })
            .collect_view()
    };
    view! {
        <div data-testid="card-advice">
            {move || match job.get() {
                Some(Err(e)) => {
                    view! {
                        <p class="hint" data-testid="card-advice-problem">
                            {move || position_error(lang.get(), &e)}
                        </p>
                    }
                        .into_any()
                }
                _ => {
                    match answer() {
                        Some(CardAdviceState::Ready(a, ms)) => {
                            let n = a.samples;
                            view! {
                                <p class="hint" data-testid="card-advice-done" data-ms=format!("{ms:.0}")>
                                    {move || {
                                        tr_with(
                                            lang.get(),
                                            "hand.card_done",
                                            &[
                                                ("n", &n.to_string()),
                                                ("ms", &format!("{ms:.0}")),
                                            ],
                                        )
                                    }}
                                </p>
                                {a
                                    .close_call
                                    .then(|| {
                                        view! { <p class="note">{text(lang, "hand.card_close_call")}</p> }
                                    })}
                                <div class="table-scroll">
                                    <table class="card-advice-table">
                                        {table_head(
                                            [
                                                Signal::stored("#".to_string()),
                                                text(lang, "hand.card"),
                                                text(lang, "hand.win"),
                                                text(lang, "hand.payoff"),
                                                text(lang, "hand.points"),
                                            ],
                                        )}
                                        <tbody>{rows(&a)}</tbody>
                                    </table>
                                </div>
                                <p class="hint caveat">{text(lang, "hand.caveat")}</p>
                            }
                                .into_any()
                        }
                        Some(CardAdviceState::Failed(e)) => {
                            view! {
                                <div class="alert" role="alert" data-testid="advice-error">
                                    {move || tr_with(lang.get(), "hand.failed", &[("message", &e)])}
                                </div>
                            }
                                .into_any()
                        }
                        _ => {
                            view! {
                                <p class="hint" role="status" data-testid="card-advice-pending">
                                    {text(lang, "hand.card_running")}
                                </p>
                            }
                                .into_any()
                        }
                    }
                }
            }}
        </div>
    }
}
