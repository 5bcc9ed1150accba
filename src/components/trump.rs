//! The trump picker: four suit buttons.

use leptos::prelude::*;
use ulti_engine::Suit;

use crate::components::card::{SuitIcon, suit_class};
use crate::state::AppState;

/// Four suit buttons; the selected one has `aria-pressed="true"`.
#[component]
pub fn TrumpPicker() -> impl IntoView {
    let state = AppState::expect();
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
                <span>{suit.hungarian()}</span>
                <small>{format!("({})", suit.english())}</small>
            </button>
        }
    };
    view! {
        <div class="trump-picker" role="group" aria-label="Adu (trump)">
            <span class="label">"Adu (trump)"</span>
            {Suit::ALL.map(button).into_iter().collect_view()}
        </div>
    }
}
