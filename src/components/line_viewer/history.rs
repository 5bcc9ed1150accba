//! The trick history: the cards played so far, trick by trick.

use leptos::prelude::*;

use super::Viewer;
use crate::components::card::{CardFace, card_label, suit_class};
use crate::model::editor::seat_label_hu;
use crate::state::AppState;

/// Every card played up to the step, grouped by trick, the winner marked.
#[component]
pub(super) fn TrickHistory() -> impl IntoView {
    let state = AppState::expect();
    let viewer = expect_context::<Viewer>();
    let tricks = move || {
        viewer
            .view
            .with(|v| v.as_ref().map(|v| v.history.clone()).unwrap_or_default())
    };
    view! {
        <ol class="trick-history" data-testid="trick-history">
            {move || {
                tricks()
                    .into_iter()
                    .map(|t| {
                        let n = t.number;
                        let winner = t.winner;
                        view! {
                            <li
                                class="history-trick"
                                class:complete=winner.is_some()
                                data-testid="history-trick"
                                data-trick=n.to_string()
                                data-winner=winner.map(|w| w.to_string())
                                on:click=move |_| state.step.set(3 * n)
                            >
                                <span class="trick-no">{format!("{n}.")}</span>
                                {t
                                    .cards
                                    .iter()
                                    .map(|p| {
                                        view! {
                                            <span
                                                class=format!("card micro seat-{} {}", p.seat, suit_class(p.card.suit()))
                                                class:winner=winner == Some(p.seat)
                                                data-testid="history-card"
                                                data-card=p.card.to_string()
                                                data-seat=p.seat.to_string()
                                                title=format!("{} — {}", card_label(p.card), seat_label_hu(p.seat))
                                            >
                                                <CardFace card=p.card />
                                            </span>
                                        }
                                    })
                                    .collect_view()}
                                <span class="trick-won">
                                    {winner.map(|w| format!("→ {}", seat_label_hu(w)))}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}
