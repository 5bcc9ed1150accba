//! The 32 cards as toggle buttons, a suit per row: the My hand page's card grid.

use leptos::prelude::*;
use ulti_engine::{Card, CardSet};

use crate::components::card::{CardFace, suit_class, suit_rows};
use crate::i18n::{card_name, text};
use crate::state::PageLang;

/// The 32 cards as toggle buttons, a suit per row.
#[component]
pub fn HandPicker(hand: RwSignal<CardSet>, size: Memo<u32>) -> impl IntoView {
    let lang = PageLang::expect().lang;
    let full = move || hand.with(|h| h.len() >= size.get());
    let cell = move |card: Card| {
        let suit = card.suit();
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
    };
    view! {
        <div class="deck hand-deck" data-testid="hand-deck" role="group" aria-label=text(lang, "hand.deck")>
            {suit_rows(lang, cell)}
        </div>
    }
}
