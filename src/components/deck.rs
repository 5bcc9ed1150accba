//! The deal editor: hand tabs, the 32-card deck, the three hands, the talon and the
//! random/fill/clear buttons.

use leptos::prelude::*;
use ulti_engine::{Bid, Card, CardSet, Contract, Seat};

use crate::components::card::{CardFace, card_label, suit_class, suit_rows};
use crate::i18n::{card_name, deal_error, edit_error, seat_badge, seat_name, text, tr_with};
use crate::model::editor::HAND_CARDS;
use crate::model::order::in_display_order;
use crate::state::SolverPageState;

/// A seed for the random buttons, a new deal or a new evening.
#[must_use]
pub fn random_seed() -> u64 {
    (js_sys::Math::random() * 9.007_199_254_740_991e15) as u64
}

/// Cards of a set in display order, by the rank order of the contract the line viewer shows
/// (the trump order while none is chosen).
fn sorted(state: SolverPageState, set: CardSet) -> Vec<Card> {
    let trumps = state
        .compound
        .with(|b| b.as_ref().map(Bid::has_trumps))
        .or_else(|| state.game.with(|g| g.map(Contract::has_trumps)))
        .unwrap_or(true);
    in_display_order(set.iter(), trumps)
}

/// Put `card` into the active hand or back into the deck; a refusal becomes the notice.
fn toggle(state: SolverPageState, card: Card) {
    let mut editor = state.editor.get_untracked();
    match editor.toggle(card) {
        Ok(()) => state.edit(|e| *e = editor),
        Err(err) => state.notice.set(Some(err)),
    }
}

/// The three hand tabs (keys 1/2/3 do the same).
#[component]
pub fn HandTabs() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let tab = move |seat: Seat| {
        let active = move || state.editor.with(|e| e.active() == seat);
        let count = move || state.editor.with(|e| e.hand(seat).len());
        view! {
            <button
                type="button"
                class=format!("hand-tab seat-{seat}")
                class:active=active
                data-testid=format!("hand-tab-{seat}")
                aria-pressed=move || active().to_string()
                title=move || {
                    let l = lang.get();
                    tr_with(
                        l,
                        "editor.tab_title",
                        &[("seat", &seat_name(l, seat)), ("key", &(seat + 1).to_string())],
                    )
                }
                on:click=move |_| state.editor.update(|e| e.set_active(seat))
            >
                <span class="tab-name">{move || seat_name(lang.get(), seat)}</span>
                <span class="tab-count">{move || format!("{}/{HAND_CARDS}", count())}</span>
            </button>
        }
    };
    view! {
        <div class="hand-tabs" role="group" aria-label=text(lang, "editor.active_hand")>
            {tab(0)}
            {tab(1)}
            {tab(2)}
        </div>
    }
}

/// The 32-card deck, one row per suit.
#[component]
pub fn Deck() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let cell = move |card: Card| {
        let suit = card.suit();
        let owner = move || state.editor.with(|e| e.owner(card));
        view! {
            <button
                type="button"
                class=format!("card deck-card {}", suit_class(suit))
                class:dealt=move || owner().is_some()
                data-testid="card"
                data-card=card.to_string()
                data-owner=move || owner().map_or_else(|| "none".to_string(), |s| s.to_string())
                aria-label=move || {
                    let l = lang.get();
                    match owner() {
                        Some(s) => {
                            tr_with(
                                l,
                                "editor.card_in_hand",
                                &[("card", &card_name(l, card)), ("seat", &seat_name(l, s))],
                            )
                        }
                        None => card_name(l, card),
                    }
                }
                on:click=move |_| toggle(state, card)
            >
                <CardFace card=card />
                <span class="owner-badge" aria-hidden="true">
                    {move || owner().map(|s| seat_badge(lang.get(), s))}
                </span>
            </button>
        }
    };
    view! {
        <div class="deck" data-testid="deck" role="group" aria-label=text(lang, "editor.deck")>
            {suit_rows(lang, cell)}
        </div>
    }
}

/// The three hands and the talon.
#[component]
pub fn Hands() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let hand = move |seat: Seat| {
        let cards = move || sorted(state, state.editor.with(|e| e.hand(seat)));
        view! {
            <div
                class=format!("hand seat-{seat}")
                class:active=move || state.editor.with(|e| e.active() == seat)
                data-testid=format!("hand-{seat}")
                data-count=move || state.editor.with(|e| e.hand(seat).len()).to_string()
                on:click=move |_| state.editor.update(|e| e.set_active(seat))
            >
                <h3 class="hand-title">
                    {move || seat_name(lang.get(), seat)}
                    <span class="tab-count">
                        {move || format!("{}/{HAND_CARDS}", state.editor.with(|e| e.hand(seat).len()))}
                    </span>
                </h3>
                <div class="mini-cards">
                    <For each=cards key=|c| c.index() let:card>
                        <button
                            type="button"
                            class=format!("card mini {}", suit_class(card.suit()))
                            data-testid="hand-card"
                            data-card=card.to_string()
                            aria-label=move || {
                                let l = lang.get();
                                tr_with(l, "editor.card_back", &[("card", &card_name(l, card))])
                            }
                            on:click=move |ev| {
                                ev.stop_propagation();
                                toggle(state, card);
                            }
                        >
                            <CardFace card=card />
                        </button>
                    </For>
                </div>
            </div>
        }
    };
    let talon = move || {
        state.editor.with(|e| {
            if e.is_complete() {
                sorted(state, e.undealt())
            } else {
                Vec::new()
            }
        })
    };
    view! {
        <div class="hands">
            {hand(0)}
            {hand(1)}
            {hand(2)}
            <div class="hand talon" data-testid="talon" data-count=move || talon().len().to_string()>
                <h3 class="hand-title">{text(lang, "editor.talon")}</h3>
                <div class="mini-cards">
                    {move || {
                        let t = talon();
                        if t.is_empty() {
                            view! {
                                <span class="hint">{text(lang, "editor.talon_hint")}</span>
                            }
                                .into_any()
                        } else {
                            t.into_iter()
                                .map(|card| {
                                    view! {
                                        <span
                                            class=format!("card mini {}", suit_class(card.suit()))
                                            data-testid="talon-card"
                                            data-card=card.to_string()
                                            role="img"
                                            aria-label=move || card_label(card)
                                        >
                                            <CardFace card=card />
                                        </span>
                                    }
                                })
                                .collect_view()
                                .into_any()
                        }
                    }}
                </div>
            </div>
        </div>
    }
}

/// Random deal / fill the rest / clear, and the editor's messages.
#[component]
pub fn EditorToolbar() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    view! {
        <div class="toolbar">
            <button
                type="button"
                data-testid="random-deal"
                on:click=move |_| state.edit(|e| e.random(random_seed()))
            >
                {text(lang, "editor.random")}
            </button>
            <button
                type="button"
                data-testid="fill-random"
                on:click=move |_| state.edit(|e| e.fill_random(random_seed()))
            >
                {text(lang, "editor.fill")}
            </button>
            <button type="button" data-testid="clear-deal" on:click=move |_| state.edit(|e| e.clear())>
                {text(lang, "editor.clear")}
            </button>
        </div>
        {move || {
            state
                .notice
                .get()
                .map(|n| {
                    view! {
                        <p class="notice" data-testid="editor-notice" role="status">
                            {move || edit_error(lang.get(), n)}
                        </p>
                    }
                })
        }}
    }
}

/// The message for a malformed `?deal=` (the editor stays usable).
#[component]
pub fn DealError() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    move || {
        state.deal_error.get().map(|e| {
            view! {
                <div class="alert" data-testid="deal-error" role="alert">
                    <span>{move || deal_error(lang.get(), &e)}</span>
                    <button
                        type="button"
                        class="dismiss"
                        aria-label=text(lang, "editor.dismiss")
                        on:click=move |_| state.deal_error.set(None)
                    >
                        "×"
                    </button>
                </div>
            }
        })
    }
}
