//! The trump picker: four suit buttons.

use leptos::prelude::*;
use ulti_engine::Suit;

use crate::components::card::{SuitIcon, suit_class};
use crate::i18n::{suit_name, text};
use crate::state::SolverPageState;

/// Four suit buttons; the selected one has `aria-pressed="true"`.
#[component]
pub fn TrumpPicker() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    let button = move |suit: Suit| {
        let selected = move || state.editor.with(|e| e.trump == suit);
        view! {
            <button
                type="button"
                class=format!("trump-button {}", suit_class(suit))
                class:active=selected
                data-testid=format!("trump-{}", suit.letter())
                aria-pressed=move || selected().to_string()
                on:click=move |_| {
                    if !selected() {
                        state.edit(|e| e.trump = suit);
                    }
                }
            >
                <SuitIcon suit=suit />
                <span>{move || suit_name(lang.get(), suit)}</span>
            </button>
        }
    };
    view! {
        <div class="trump-picker" role="group" aria-labelledby="trump-label">
            <span class="label" id="trump-label">{text(lang, "trump.label")}</span>
            {Suit::ALL.map(button).into_iter().collect_view()}
        </div>
    }
}
