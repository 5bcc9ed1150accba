//! The green felt: the seats' remaining cards and the current trick.

use leptos::prelude::*;
use ulti_engine::{SOLOIST, Seat};

use super::Viewer;
use super::whatif::hand_card;
use crate::components::card::{CardFace, card_label, suit_class, use_lang};
use crate::i18n::{seat_name, text, tr_with};
use crate::model::order::in_display_order;

/// One seat's label and remaining cards around the table.
fn seat_hand(viewer: Viewer, seat: Seat) -> impl IntoView {
    let cards = move || {
        viewer.shown.with(|v| {
            v.as_ref()
                .map(|v| in_display_order(v.hands[seat].iter(), v.trumps))
                .unwrap_or_default()
        })
    };
    let to_move = move || viewer.shown.with(|v| v.as_ref().and_then(|v| v.to_move)) == Some(seat);
    let lang = use_lang();
    view! {
        <div class=format!("seat seat-{seat}") class:to-move=to_move data-seat=seat.to_string()>
            <div class="seat-label">{move || seat_name(lang.get(), seat)}</div>
            <div class="seat-cards">
                <For each=cards key=|c| c.index() let:card>
                    {hand_card(viewer, seat, card)}
                </For>
            </div>
        </div>
    }
}

/// The green felt: the three seats and the current trick.
#[component]
pub(super) fn Felt() -> impl IntoView {
    let viewer = expect_context::<Viewer>();
    let lang = use_lang();
    // A card is played once in a line, so the card alone keys the table's elements: a card
    // already on the table keeps its element (and does not fly in again).
    let table = move || {
        viewer.shown.with(|v| {
            v.as_ref()
                .map(|v| v.table.cards.clone())
                .unwrap_or_default()
        })
    };
    let winner = move || {
        viewer
            .view
            .with(|v| v.as_ref().and_then(|v| v.table.winner))
    };
    // The trick just taken (while the next trick's lead is on the table) and who took it.
    let collected = move || {
        viewer.shown.with(|v| {
            v.as_ref()
                .and_then(|v| v.collected.as_ref())
                .map(|t| (t.cards.clone(), t.winner.unwrap_or(SOLOIST)))
                .map(|(cards, w)| cards.into_iter().map(|p| (p, w)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    view! {
        <div class="felt" role="group" aria-label=text(lang, "line.table")>
            {seat_hand(viewer, 1)}
            <div class="trick-area">
                <For each=collected key=|(p, _)| p.card.index() let:item>
                    <span
                        class=format!(
                            "card table-card-shape collected seat-{} to-seat-{} {}",
                            item.0.seat,
                            item.1,
                            suit_class(item.0.card.suit()),
                        )
                        aria-hidden="true"
                    >
                        <CardFace card=item.0.card />
                    </span>
                </For>
                <For each=table key=|p| p.card.index() let:played>
                    <span
                        class=format!(
                            "card table-card-shape table-card seat-{} {}",
                            played.seat,
                            suit_class(played.card.suit()),
                        )
                        class:winner=move || winner() == Some(played.seat)
                        class:settled=move || winner().is_some()
                        data-testid="table-card"
                        data-card=played.card.to_string()
                        data-seat=played.seat.to_string()
                        role="img"
                        aria-label=move || card_label(played.card)
                    >
                        <CardFace card=played.card />
                    </span>
                </For>
                {move || {
                    winner()
                        .map(|w| {
                            view! {
                                <span class=format!("trick-winner to-seat-{w}")>
                                    {move || {
                                        let l = lang.get();
                                        tr_with(l, "line.won_by", &[("seat", &seat_name(l, w))])
                                    }}
                                </span>
                            }
                        })
                }}
            </div>
            {seat_hand(viewer, 2)}
            {seat_hand(viewer, 0)}
        </div>
    }
}
