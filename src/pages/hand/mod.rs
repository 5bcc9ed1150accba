//! The "My hand" page (`/hand`): pick the twelve cards you hold after picking up the talon, and
//! see which two to discard and what to bid, refined as the samples come back from the worker
//! pool; or, in card mode, which card to play from a position. The state lives in the URL
//! (`?hand=&samples=&seed=`, see [`crate::model::hand`]).
//!
//! Sections: [`bid_advice`] (the progress, the ranked bids, the discards) and [`card_advice`]
//! (card mode's position form and answer); the card grid is
//! [`HandPicker`](crate::components::hand_picker::HandPicker).

mod bid_advice;
mod card_advice;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use leptos_router::params::ParamsMap;
use ulti_engine::{Card, CardSet, RuleOptions};

use self::bid_advice::{AdviceStatus, AdviceView};
use self::card_advice::{CardAdviceView, PositionForm};
use crate::components::hand_picker::HandPicker;
use crate::components::header::Header;
use crate::i18n::{Lang, card_name, hand_error, text, tr, tr_with};
use crate::model::editor::HAND_CARDS;
use crate::model::hand::card::{CARD_SAMPLES, CardPosition};
use crate::model::hand::{HandUrl, PICKED_UP_HAND, SAMPLE_CHOICES, format_hand};
use crate::solver_client::SolverClient;
use crate::state::PageLang;
use crate::url_sync::{set_if_changed, sync_url};

/// Twelve random cards (`Math.random`).
fn random_hand() -> CardSet {
    let mut deck: Vec<Card> = CardSet::ALL.iter().collect();
    let mut hand = CardSet::default();
    for _ in 0..PICKED_UP_HAND {
        let i = (js_sys::Math::random() * deck.len() as f64) as usize % deck.len();
        hand.insert(deck.swap_remove(i));
    }
    hand
}

/// What the page's URL holds.
struct PageUrl {
    /// `hand=`, `samples=`, `seed=`, `confirm=`.
    hand: HandUrl,
    /// The samples: card mode's own default when the link names none.
    samples: u32,
    /// `mode=card`.
    card_mode: bool,
    /// Card mode's position (`seat=`, `talon=`, `trump=`, `bid=`, `played=`).
    pos: CardPosition,
    /// `lang=`.
    lang: Option<Lang>,
}

fn read_url(q: &ParamsMap) -> PageUrl {
    let hand = HandUrl::parse(
        q.get_str("hand"),
        q.get_str("samples"),
        q.get_str("seed"),
        q.get_str("confirm"),
    );
    let card_mode = q.get_str("mode") == Some("card");
    let samples = if card_mode && q.get_str("samples").is_none() {
        CARD_SAMPLES
    } else {
        hand.samples
    };
    PageUrl {
        samples,
        card_mode,
        pos: CardPosition::parse(
            q.get_str("seat"),
            q.get_str("talon"),
            q.get_str("trump"),
            q.get_str("bid"),
            q.get_str("played"),
        ),
        lang: q.get_str("lang").and_then(Lang::parse),
        hand,
    }
}

/// The "My hand" page.
#[component]
pub fn HandPage() -> impl IntoView {
    let query = use_query_map();
    let url = query.with_untracked(read_url);
    let page = PageLang::provide(url.lang);
    let lang = page.lang;
    let client = expect_context::<SolverClient>();
    let hand = RwSignal::new(url.hand.hand);
    let samples = RwSignal::new(url.samples);
    let seed = RwSignal::new(url.hand.seed);
    let confirm = RwSignal::new(url.hand.confirm);
    let error = RwSignal::new(url.hand.error.clone());
    let card_mode = RwSignal::new(url.card_mode);
    let size = Memo::new(move |_| {
        if card_mode.get() {
            HAND_CARDS
        } else {
            PICKED_UP_HAND
        }
    });
    let pos = RwSignal::new(url.pos);
    let state = move || HandUrl {
        hand: hand.get(),
        error: None,
        samples: samples.get(),
        seed: seed.get(),
        confirm: confirm.get(),
    };

    // The URL, both ways (replace: picking cards does not flood the history; back and forward
    // bring the hand and the position of that entry back).
    sync_url(
        move || {
            let lang_code = page.chosen.get().then(|| lang.get().code());
            if card_mode.get() {
                let s = state().query(None);
                let mut q = format!("mode=card&{s}&{}", pos.with(CardPosition::query));
                if let Some(l) = lang_code {
                    q.push_str(&format!("&lang={l}"));
                }
                q
            } else {
                state().query(lang_code)
            }
        },
        move |q| {
            let url = read_url(q);
            set_if_changed(card_mode, url.card_mode);
            set_if_changed(hand, url.hand.hand);
            set_if_changed(samples, url.samples);
            set_if_changed(seed, url.hand.seed);
            set_if_changed(confirm, url.hand.confirm);
            set_if_changed(pos, url.pos);
            if url.hand.error.is_some() {
                error.set(url.hand.error);
            }
            if let Some(l) = url.lang {
                page.chosen.set(true);
                set_if_changed(lang, l);
            }
        },
    );

    // A complete hand is advised on at once; any change cancels the run under way.
    let start = Callback::new(move |()| {
        let s = state();
        if s.hand.len() == PICKED_UP_HAND {
            client.advise_bid(s.hand, s.options());
        }
    });
    Effect::new(move |_| {
        let s = state();
        if s.hand.len() == PICKED_UP_HAND && !card_mode.get() {
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
