//! The "My hand" page (`/hand`): pick the twelve cards you hold after picking up the talon, and
//! see which two to discard and what to bid, refined as the samples come back from the worker
//! pool. The state lives in the URL (`?hand=&samples=&seed=`, see [`crate::model::hand`]).

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use ulti_engine::advise::{BidAdvice, BidRow, announcements};
use ulti_engine::{Card, CardSet, Rank, RuleOptions, Suit};

use crate::components::bids::bid_optgroups;
use crate::components::card::{CardFace, SuitIcon, suit_class};
use crate::components::header::Header;
use crate::components::worker_error::WorkerErrorAlert;
use crate::i18n::{
    Lang, announcement_name, card_name, rank_short, seat_name, suit_name, text, tr, tr_with,
};
use crate::model::hand::card::{CARD_SAMPLES, CardPosition, PositionError, card_bids};
use crate::model::hand::{HAND_SIZE, HandError, HandUrl, SAMPLE_CHOICES, format_hand};
use crate::protocol::CardAdviceAnswer;
use crate::solver_client::{BidAdviceState, SolverClient};
use crate::solver_client::{CardAdviceState, card_advice_key};
use crate::state::PageLang;

/// Rows of the ranked bids shown before "Show all".
const TOP_ROWS: usize = 10;

/// Why `?hand=` was rejected, in the page's language.
fn hand_error(lang: Lang, e: &HandError) -> String {
    match e {
        HandError::BadCard(name) => tr_with(lang, "hand.error_bad_card", &[("name", name)]),
        HandError::Repeated(c) => tr_with(
            lang,
            "hand.error_repeated",
            &[("card", &card_name(lang, *c))],
        ),
        HandError::TooMany(n) => tr_with(lang, "hand.error_too_many", &[("n", &n.to_string())]),
    }
}

/// A bid id's name in the page's language (the id itself if it is not a standard bid).
fn bid_name(lang: Lang, id: &str) -> String {
    announcements()
        .iter()
        .find(|a| a.id() == id)
        .map_or_else(|| id.to_string(), |a| announcement_name(lang, a))
}

/// A share as a whole percentage.
fn percent(p: f64) -> String {
    format!("{:.0} %", p * 100.0)
}

/// A mean payoff with its sign, one decimal.
fn payoff(p: f64) -> String {
    let s = format!("{:.1}", p.abs());
    if s == "0.0" {
        "0.0".to_string()
    } else if p > 0.0 {
        format!("+{s}")
    } else {
        format!("−{s}")
    }
}

/// Twelve random cards (`Math.random`).
fn random_hand() -> CardSet {
    let mut deck: Vec<Card> = CardSet::ALL.iter().collect();
    let mut hand = CardSet::default();
    for _ in 0..HAND_SIZE {
        let i = (js_sys::Math::random() * deck.len() as f64) as usize % deck.len();
        hand.insert(deck.swap_remove(i));
    }
    hand
}

/// Two cards, small, each with its spoken name.
#[component]
fn CardPair(cards: [Card; 2]) -> impl IntoView {
    let lang = PageLang::expect().lang;
    cards
        .map(|c| {
            view! {
                <span class=format!("mini-card {}", suit_class(c.suit()))>
                    <SuitIcon suit=c.suit() />
                    <span aria-hidden="true">{move || rank_short(lang.get(), c.rank())}</span>
                    <span class="visually-hidden">{move || card_name(lang.get(), c)}</span>
                </span>
            }
        })
        .into_iter()
        .collect_view()
}

/// The 32 cards as toggle buttons, a suit per row.
#[component]
fn HandPicker(hand: RwSignal<CardSet>, size: Memo<u32>) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let full = move || hand.with(|h| h.len() >= size.get());
    let row = move |suit: Suit| {
        let cards = Rank::ALL.map(|rank| {
            let card = Card::new(suit, rank);
            let picked = move || hand.with(|h| h.contains(card));
            view! {
                <button
                    type="button"
                    class=format!("card deck-card {}", suit_class(suit))
                    class:picked=picked
                    data-testid="hand-card"
                    data-card=card.to_string()
                    aria-pressed=move || picked().to_string()
                    aria-label=move || card_name(lang.get(), card)
                    disabled=move || !picked() && full()
                    on:click=move |_| {
                        hand.update(|h| {
                            if h.contains(card) {
                                h.remove(card);
                            } else if h.len() < size.get_untracked() {
                                h.insert(card);
                            }
                        });
                    }
                >
                    <CardFace card=card />
                </button>
            }
        });
        view! {
            <div class="deck-row" role="group" aria-label=move || suit_name(lang.get(), suit)>
                {cards.into_iter().collect_view()}
            </div>
        }
    };
    view! {
        <div class="deck hand-deck" data-testid="hand-deck" role="group" aria-label=text(lang, "hand.deck")>
            {Suit::ALL.map(row).into_iter().collect_view()}
        </div>
    }
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
            <span class="advice-win">
                <span class="label">{text(lang, "hand.win")}</span>
                {format!(" {} ", percent(s.win_prob))}
                <span class="interval">
                    {format!(
                        "({:.0}–{})",
                        s.win_low * 100.0,
                        percent(s.win_high),
                    )}
                </span>
            </span>
            <span class="advice-payoff">
                <span class="label">{text(lang, "hand.payoff")}</span>
                {format!(" {}", payoff(s.expected_payoff))}
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
fn AdviceView(
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
                        &[("payoff", &payoff(p.stats.expected_payoff)), ("rank", &rank.to_string())],
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
                                tr_with(lang.get(), "hand.show_all", &[("n", &total.to_string())])
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
                    <thead>
                        <tr>
                            <th scope="col">{text(lang, "hand.discard")}</th>
                            <th scope="col">{text(lang, "hand.samples")}</th>
                            <th scope="col">{text(lang, "hand.best_bid")}</th>
                            <th scope="col">{text(lang, "hand.payoff")}</th>
                        </tr>
                    </thead>
                    <tbody>
                        {discards
                            .into_iter()
                            .map(|d| {
                                let best = d.best_bid.clone();
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
                                        <td>{payoff(d.expected_payoff)}</td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </div>
        </details>
        <p class="hint caveat" data-testid="advice-caveat">{text(lang, "hand.caveat")}</p>
    }
}

/// Progress, status and the Start / Cancel buttons.
#[component]
fn AdviceStatus(hand: RwSignal<CardSet>, start: Callback<()>) -> impl IntoView {
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
    let complete = move || hand.with(|h| h.len() == HAND_SIZE);
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
                                        &[("n", &(HAND_SIZE - hand.with(|h| h.len())).to_string())],
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

/// Card mode's position: the seat, the trump, the bid, the talon (the soloist's) and the cards
/// played so far.
#[component]
fn PositionForm(pos: RwSignal<CardPosition>) -> impl IntoView {
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

/// Why card mode cannot advise, in the page's language.
fn position_error(lang: Lang, e: &PositionError) -> String {
    match e {
        PositionError::HandSize(n) => tr_with(
            lang,
            "hand.card_pick",
            &[("n", &(10 - (*n).min(10)).to_string())],
        ),
        PositionError::Talon(v) => tr_with(lang, "hand.card_bad_talon", &[("value", v)]),
        PositionError::Bid(v) => tr_with(lang, "hand.card_bad_bid", &[("value", v)]),
        PositionError::Played(v) => tr_with(lang, "hand.card_bad_played", &[("value", v)]),
        PositionError::View(m) => tr_with(lang, "hand.card_bad_position", &[("message", m)]),
    }
}

/// Card mode's answer: each legal card, best first for the seat.
#[component]
fn CardAdviceView(job: Memo<Option<Result<crate::protocol::Job, PositionError>>>) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let client = expect_context::<SolverClient>();
    let answer = move || {
        let key = job.with(|j| {
            j.as_ref()
                .and_then(|r| r.as_ref().ok())
                .map(card_advice_key)
        })?;
        client.card_advice().with(|m| m.get(&key).cloned())
    };
    let rows = move |a: &CardAdviceAnswer| {
        a.cards
            .iter()
            .enumerate()
            .map(|(i, r)| {
                let s = r.stats;
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
                            <span class=format!("mini-card {}", suit_class(c.suit()))>
                                <SuitIcon suit=c.suit() />
                                <span aria-hidden="true">{move || rank_short(lang.get(), c.rank())}</span>
                                <span class="visually-hidden">{move || card_name(lang.get(), c)}</span>
                            </span>
                        </td>
                        <td>
                            {format!("{} ", percent(s.win_prob))}
                            <span class="interval">
                                {format!("({:.0}–{})", s.win_low * 100.0, percent(s.win_high))}
                            </span>
                        </td>
                        <td>{payoff(s.expected_payoff)}</td>
                        <td>{r.expected_points.map(|p| format!("{p:.1}")).unwrap_or_else(|| "—".into())}</td>
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
                                        <thead>
                                            <tr>
                                                <th scope="col">"#"</th>
                                                <th scope="col">{text(lang, "hand.card")}</th>
                                                <th scope="col">{text(lang, "hand.win")}</th>
                                                <th scope="col">{text(lang, "hand.payoff")}</th>
                                                <th scope="col">{text(lang, "hand.points")}</th>
                                            </tr>
                                        </thead>
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

/// The "My hand" page.
#[component]
pub fn HandPage() -> impl IntoView {
    let query = use_query_map();
    let url = query.with_untracked(|q| {
        HandUrl::parse(
            q.get_str("hand"),
            q.get_str("samples"),
            q.get_str("seed"),
            q.get_str("confirm"),
        )
    });
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let client = expect_context::<SolverClient>();
    let hand = RwSignal::new(url.hand);
    let samples = RwSignal::new(url.samples);
    let seed = RwSignal::new(url.seed);
    let confirm = url.confirm;
    let error = RwSignal::new(url.error.clone());
    let card_mode = RwSignal::new(query.with_untracked(|q| q.get_str("mode") == Some("card")));
    let size = Memo::new(move |_| if card_mode.get() { 10 } else { HAND_SIZE });
    let pos = RwSignal::new(query.with_untracked(|q| {
        CardPosition::parse(
            q.get_str("seat"),
            q.get_str("talon"),
            q.get_str("trump"),
            q.get_str("bid"),
            q.get_str("played"),
        )
    }));
    if card_mode.get_untracked() && query.with_untracked(|q| q.get_str("samples").is_none()) {
        samples.set(CARD_SAMPLES);
    }
    let state = move || HandUrl {
        hand: hand.get(),
        error: None,
        samples: samples.get(),
        seed: seed.get(),
        confirm,
    };

    // state -> URL (replace: picking cards does not flood the history).
    let location = use_location();
    let navigate = use_navigate();
    Effect::new(move |_| {
        let lang_code = page.chosen.get().then(|| lang.get().code());
        let q = if card_mode.get() {
            let s = state().query(None);
            let mut q = format!("mode=card&{s}&{}", pos.with(CardPosition::query));
            if let Some(l) = lang_code {
                q.push_str(&format!("&lang={l}"));
            }
            q
        } else {
            state().query(lang_code)
        };
        if location.search.get_untracked().trim_start_matches('?') == q {
            return;
        }
        let path = location.pathname.get_untracked();
        navigate(
            &format!("{path}?{q}"),
            NavigateOptions {
                resolve: false,
                replace: true,
                scroll: false,
                ..NavigateOptions::default()
            },
        );
    });

    // A complete hand is advised on at once; any change cancels the run under way.
    let start = Callback::new(move |()| {
        let s = state();
        if s.hand.len() == HAND_SIZE {
            client.advise_bid(s.hand, s.options());
        }
    });
    Effect::new(move |_| {
        let s = state();
        if s.hand.len() == HAND_SIZE && !card_mode.get() {
            client.advise_bid(s.hand, s.options());
        } else {
            client.clear_bid_advice();
        }
    });
    // Card mode: the advice for the position as it is typed.
    let card_job = Memo::new(move |_| {
        card_mode.get().then(|| {
            pos.with(|p| {
                p.job(
                    hand.get(),
                    samples.get(),
                    seed.get(),
                    RuleOptions::default(),
                )
            })
        })
    });
    Effect::new(move |_| match card_job.get() {
        Some(Ok(job)) => client.want_card_advice(vec![job]),
        _ => client.want_card_advice(Vec::new()),
    });
    let set_mode = move |card: bool| {
        if card_mode.get_untracked() != card {
            card_mode.set(card);
            samples.set(if card {
                CARD_SAMPLES
            } else {
                HandUrl::parse(None, None, None, None).samples
            });
            if hand.with_untracked(|h| h.len()) > size.get_untracked() {
                hand.set(CardSet::default());
            }
        }
    };
    // Picking a card replaces a rejected link's message.
    Effect::new(move |prev: Option<CardSet>| {
        let h = hand.get();
        if prev.is_some_and(|p| p != h) {
            error.set(None);
        }
        h
    });
    on_cleanup(move || client.cancel_bid_advice());

    let advice = client.bid_advice();
    let count = move || hand.with(|h| h.len());
    let show_all = RwSignal::new(false);
    let discards_open = RwSignal::new(false);
    view! {
        <Header />
        <main class="layout hand-layout">
            <section class="panel hand-panel" aria-labelledby="hand-title">
                <header class="panel-header">
                    <h2 id="hand-title">
                        {move || {
                            tr(lang.get(), if card_mode.get() { "hand.card_title" } else { "hand.title" })
                        }}
                    </h2>
                    <span class="hint" data-testid="hand-count">
                        {move || {
                            tr_with(
                                lang.get(),
                                "hand.count",
                                &[("n", &count().to_string()), ("of", &size.get().to_string())],
                            )
                        }}
                    </span>
                </header>
                <div class="mode-switch" role="group" aria-label=text(lang, "hand.mode")>
                    <button
                        type="button"
                        data-testid="mode-bid"
                        aria-pressed=move || (!card_mode.get()).to_string()
                        on:click=move |_| set_mode(false)
                    >
                        {text(lang, "hand.mode_bid")}
                    </button>
                    <button
                        type="button"
                        data-testid="mode-card"
                        aria-pressed=move || card_mode.get().to_string()
                        on:click=move |_| set_mode(true)
                    >
                        {text(lang, "hand.mode_card")}
                    </button>
                </div>
                <p class="hint">
                    {move || {
                        tr(lang.get(), if card_mode.get() { "hand.intro_card" } else { "hand.intro" })
                    }}
                </p>
                {move || {
                    error
                        .get()
                        .map(|e| {
                            view! {
                                <div class="alert" role="alert" data-testid="hand-error">
                                    {move || hand_error(lang.get(), &e)}
                                </div>
                            }
                        })
                }}
                <HandPicker hand=hand size=size />
                {move || card_mode.get().then(|| view! { <PositionForm pos=pos /> })}
                <div class="hand-toolbar">
                    <button
                        type="button"
                        data-testid="random-hand"
                        on:click=move |_| hand.set(random_hand())
                    >
                        {text(lang, "hand.random")}
                    </button>
                    <button
                        type="button"
                        data-testid="clear-hand"
                        disabled=move || count() == 0
                        on:click=move |_| hand.set(CardSet::default())
                    >
                        {text(lang, "hand.clear")}
                    </button>
                    <label class="field">
                        {text(lang, "hand.samples")}
                        <select
                            data-testid="advice-samples"
                            on:change=move |e| {
                                if let Ok(n) = event_target_value(&e).parse() {
                                    samples.set(n);
                                }
                            }
                        >
                            {move || {
                                let current = samples.get();
                                let mut choices = if card_mode.get() {
                                    vec![25, 50, 100, 200]
                                } else {
                                    SAMPLE_CHOICES.to_vec()
                                };
                                if !choices.contains(&current) {
                                    choices.push(current);
                                    choices.sort_unstable();
                                }
                                choices
                                    .into_iter()
                                    .map(|n| {
                                        view! {
                                            <option value=n.to_string() selected=n == current>
                                                {n.to_string()}
                                            </option>
                                        }
                                    })
                                    .collect_view()
                            }}
                        </select>
                    </label>
                    <label class="field">
                        {text(lang, "hand.seed")}
                        <input
                            type="number"
                            min="0"
                            inputmode="numeric"
                            data-testid="advice-seed"
                            prop:value=move || seed.get().to_string()
                            on:change=move |e| {
                                if let Ok(n) = event_target_value(&e).trim().parse() {
                                    seed.set(n);
                                }
                            }
                        />
                    </label>
                </div>
                <p class="hint" data-testid="hand-cards">
                    {move || {
                        let l = lang.get();
                        let h = hand.get();
                        if h.is_empty() {
                            String::new()
                        } else {
                            tr_with(
                                l,
                                "hand.picked",
                                &[
                                    (
                                        "cards",
                                        &h.iter().map(|c| card_name(l, c)).collect::<Vec<_>>().join(", "),
                                    ),
                                ],
                            )
                        }
                    }}
                </p>
                <span class="visually-hidden" data-testid="hand-code">{move || format_hand(hand.get())}</span>
            </section>
            <section class="panel advice-panel" aria-labelledby="advice-title" data-testid="advice">
                <header class="panel-header">
                    <h2 id="advice-title">
                        {move || {
                            tr(
                                lang.get(),
                                if card_mode.get() { "hand.card_advice_title" } else { "hand.advice_title" },
                            )
                        }}
                    </h2>
                </header>
                {move || {
                    if card_mode.get() {
                        view! { <CardAdviceView job=card_job /> }.into_any()
                    } else {
                        view! {
                            <AdviceStatus hand=hand start=start />
                            {move || {
                                advice
                                    .with(|a| a.advice.clone())
                                    .map(|a| {
                                        view! {
                                            <AdviceView
                                                advice=a
                                                show_all=show_all
                                                discards_open=discards_open
                                            />
                                        }
                                    })
                            }}
                        }
                            .into_any()
                    }
                }}
            </section>
        </main>
        <footer class="app-footer">{text(lang, "hand.footer")}</footer>
    }
}
