//! What-if card marks: the scored legal cards of the player to move, playable to start a
//! what-if line.

use leptos::prelude::*;
use ulti_engine::{Card, CardValue, Seat};

use super::{LineStatus, Viewer};
use crate::components::card::{CardFace, card_label, suit_class, use_lang};
use crate::i18n::{card_name, tr_with};
use crate::model::whatif::deviate;
use crate::state::SolverPageState;

/// The `data-status` of a what-if card.
fn whatif_status(v: &CardValue) -> &'static str {
    if v.soloist_wins { "wins" } else { "loses" }
}

/// Play `card` at the current step: the line's own card steps on; another card starts (or
/// changes) a what-if from there.
fn play_card(state: SolverPageState, viewer: Viewer, card: Card) {
    viewer.playing.set(false);
    let step = viewer.step.get_untracked();
    let line: Vec<Card> = viewer.status.with_untracked(|s| match s {
        LineStatus::Ready(line) => line.cards().to_vec(),
        _ => Vec::new(),
    });
    if line.is_empty() {
        return;
    }
    if let Some(played) = deviate(&line, step, card) {
        state.played.set(played);
    }
    viewer.step.set(step + 1);
}

/// One card of a seat's hand: a what-if button with its value when it is a scored legal card
/// of the player to move (on the solver page), else a plain mini card.
pub(super) fn hand_card(viewer: Viewer, seat: Seat, card: Card) -> impl IntoView {
    let state = use_context::<SolverPageState>();
    let lang = use_lang();
    let value = move || {
        let to_move = viewer.shown.with(|v| v.as_ref().and_then(|v| v.to_move)) == Some(seat);
        let step = viewer.shown.with(|v| v.as_ref().map(|v| v.step));
        viewer.values.with(|w| {
            w.as_ref()
                .filter(|w| to_move && Some(w.step) == step)
                .and_then(|w| {
                    w.cards
                        .iter()
                        .find(|v| v.card == card)
                        .map(|v| (v.clone(), w.next == Some(card)))
                })
        })
    };
    move || match value().zip(state) {
        Some(((v, optimal), state)) => {
            let badge = format!(
                "{}{}",
                if v.soloist_wins { "✔" } else { "✘" },
                v.soloist_points
                    .map(|p| format!(" {p}"))
                    .or_else(|| v.payoff.map(|p| format!(" {p:+}")))
                    .unwrap_or_default()
            );
            let lang = lang.get();
            let outcome = tr_with(
                lang,
                if v.soloist_wins {
                    "line.whatif_wins"
                } else {
                    "line.whatif_loses"
                },
                &[("card", &card_name(lang, card))],
            );
            let title = match v.soloist_points {
                Some(p) => tr_with(
                    lang,
                    "line.whatif_points",
                    &[("text", &outcome), ("points", &p.to_string())],
                ),
                None => outcome,
            };
            view! {
                <button
                    type="button"
                    class=format!("card mini whatif-card {}", suit_class(card.suit()))
                    class:optimal=optimal
                    class:wins=v.soloist_wins
                    data-testid="whatif-card"
                    data-card=card.to_string()
                    data-status=whatif_status(&v)
                    data-points=v.soloist_points.map(|p| p.to_string())
                    data-optimal=optimal.then_some("true")
                    title=title.clone()
                    aria-label=title
                    on:click=move |_| play_card(state, viewer, card)
                >
                    <CardFace card=card />
                    <span class="whatif-badge" aria-hidden="true">{badge}</span>
                </button>
            }
            .into_any()
        }
        None => view! {
            <span
                class=format!("card mini {}", suit_class(card.suit()))
                data-card=card.to_string()
                role="img"
                aria-label=move || card_label(card)
            >
                <CardFace card=card />
            </span>
        }
        .into_any(),
    }
}
