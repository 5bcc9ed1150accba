//! The trick on the felt: each card with its seat's name, and who took the last trick. The Play
//! page and the Table page show it the same way; each names its seats (and its test id).

use leptos::prelude::*;
use ulti_engine::Seat;

use crate::components::card::{CardFace, suit_class};
use crate::i18n::{Lang, card_name, tr_with};
use crate::model::line::{Played, TrickView};

/// The cards of `trick`, each captioned with `seat_name` of its seat, and the winner's line
/// once the trick is complete. Every card is `data-testid=testid` with `data-card` and
/// `data-seat`.
pub fn trick_cards(
    l: Lang,
    trick: TrickView,
    seat_name: impl Fn(Seat) -> String,
    testid: &'static str,
) -> impl IntoView {
    let TrickView { cards, winner, .. } = trick;
    let label = winner.map(|w| tr_with(l, "play.last_trick", &[("seat", &seat_name(w))]));
    let cards = cards
        .into_iter()
        .map(|Played { card, seat }| {
            let name = seat_name(seat);
            view! {
                <figure class="trick-slot">
                    <span
                        class=format!("card {}", suit_class(card.suit()))
                        data-testid=testid
                        data-card=card.to_string()
                        data-seat=seat.to_string()
                        role="img"
                        aria-label=format!("{}, {name}", card_name(l, card))
                    >
                        <CardFace card=card />
                    </span>
                    <figcaption>{name.clone()}</figcaption>
                </figure>
            }
        })
        .collect_view();
    view! {
        <div class="trick-cards">{cards}</div>
        {label.map(|t| view! { <p class="trick-label">{t}</p> })}
    }
}
