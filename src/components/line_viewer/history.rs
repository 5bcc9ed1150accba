//! The trick history: the cards played so far, trick by trick.

use leptos::prelude::*;

use super::{TrickMarks, Viewer};
use crate::components::card::{CardFace, card_name_of, suit_class, use_lang};
use crate::i18n::{seat_name, tr, tr_with};

/// Every card played up to the step, grouped by trick, the winner marked.
#[component]
pub(super) fn TrickHistory() -> impl IntoView {
    let lang = use_lang();
    let viewer = expect_context::<Viewer>();
    // A replay's marked tricks (the Puzzles page: where a refutation turns).
    let marks = use_context::<TrickMarks>();
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
                                class:turning=move || TrickMarks::decides(marks, n)
                                class:shows=move || TrickMarks::shows(marks, n)
                                data-turning=move || TrickMarks::decides(marks, n).then_some("true")
                                data-shows=move || TrickMarks::shows(marks, n).then_some("true")
                                data-testid="history-trick"
                                data-trick=n.to_string()
                                data-winner=winner.map(|w| w.to_string())
                                on:click=move |_| viewer.step.set(3 * n)
                            >
                                <span class="trick-no">{format!("{n}.")}</span>
                                {t
                                    .cards
                                    .into_iter()
                                    .map(|p| {
                                        view! {
                                            <span
                                                class=format!("card micro seat-{} {}", p.seat, suit_class(p.card.suit()))
                                                class:winner=winner == Some(p.seat)
                                                data-testid="history-card"
                                                data-card=p.card.to_string()
                                                data-seat=p.seat.to_string()
                                                role="img"
                                                aria-label=move || card_name_of(lang.get(), p.card, p.seat)
                                                title=move || card_name_of(lang.get(), p.card, p.seat)
                                            >
                                                <CardFace card=p.card />
                                            </span>
                                        }
                                    })
                                    .collect_view()}
                                {move || {
                                    TrickMarks::decides(marks, n)
                                        .then(|| {
                                            view! {
                                                <span class="turning-tag" data-testid="turning-tag">
                                                    {tr(lang.get(), "puzzles.turning_mark")}
                                                </span>
                                            }
                                        })
                                }}
                                <span class="trick-won">
                                    {move || {
                                        let l = lang.get();
                                        winner.map(|w| tr_with(l, "line.won_by", &[("seat", &seat_name(l, w))]))
                                    }}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}
