//! The project's own card faces: Hungarian suit symbols as inline SVG, rank labels VII … Ász
//! (7 … Ace in English).

use leptos::prelude::*;
use ulti_engine::{Card, Suit};

use crate::i18n::{Lang, card_name, rank_name, rank_short, seat_name, suit_name};
use crate::model::order::ranks_high_to_low;
use crate::state::PageLang;

/// Lower-case suit letter used in CSS classes (`suit-p` …).
#[must_use]
pub fn suit_class(suit: Suit) -> &'static str {
    ["suit-p", "suit-z", "suit-m", "suit-t"][suit.index() as usize]
}

/// The page's language, for components that name cards.
#[must_use]
pub fn use_lang() -> RwSignal<Lang> {
    PageLang::expect().lang
}

/// A card's spoken name in the page's language, e.g. "Piros Ász" / "Ace of Hearts".
#[must_use]
pub fn card_label(card: Card) -> String {
    card_name(use_lang().get(), card)
}

/// A card with the seat that played it: "Piros Ász, Felvevő" / "Ace of Hearts, Soloist".
#[must_use]
pub fn card_name_of(lang: Lang, card: Card, seat: ulti_engine::Seat) -> String {
    format!("{}, {}", card_name(lang, card), seat_name(lang, seat))
}

/// A Hungarian suit symbol: Piros heart, Zöld leaf, Makk acorn, Tök bell.
#[component]
pub fn SuitIcon(suit: Suit) -> impl IntoView {
    let shape = match suit {
        Suit::Piros => view! {
            <path
                class="fill"
                d="M12 21.3s-8-4.9-9.9-9.7C.6 7.8 3 4 6.7 4c2.3 0 4 1.3 5.3 3.2C13.3 5.3 15 4 17.3 4 21 4 23.4 7.8 21.9 11.6 20 16.4 12 21.3 12 21.3z"
            />
        }
        .into_any(),
        Suit::Zold => view! {
            <g>
                <path class="fill" d="M12 1.5C6.5 6 4 10.2 4 14.2c0 4 3.1 7.1 7 7.6V23h2v-1.2c3.9-.5 7-3.6 7-7.6 0-4-2.5-8.2-8-12.7z" />
                <path class="vein" d="M12 5v16M12 11l-3.5-2.5M12 11l3.5-2.5M12 15.5l-4-2.8M12 15.5l4-2.8" />
            </g>
        }
        .into_any(),
        Suit::Makk => view! {
            <g>
                <path class="fill nut" d="M6.2 11h11.6c0 6-2.6 10.3-5.8 11.5C8.8 21.3 6.2 17 6.2 11z" />
                <path class="fill cap" d="M3.8 11.5C3.8 7 7.5 4.3 12 4.3s8.2 2.7 8.2 7.2z" />
                <path class="vein" d="M12 4.3V1.2M6 8.8h12" />
            </g>
        }
        .into_any(),
        Suit::Tok => view! {
            <g>
                <circle class="fill" cx="12" cy="13.3" r="8.3" />
                <path class="vein" d="M4.2 11.2h15.6M12 17v4.6" />
                <circle class="slot" cx="12" cy="16.6" r="1.6" />
                <circle class="loop" cx="12" cy="3.4" r="1.7" />
            </g>
        }
        .into_any(),
    };
    view! {
        <svg class=format!("suit-icon {}", suit_class(suit)) viewBox="0 0 24 24" aria-hidden="true">
            {shape}
        </svg>
    }
}

/// The face of a card (no behaviour: callers wrap it in a button or a table slot, and give
/// it the card's spoken name). The corner and the rank name are drawn from `data-` attributes
/// by CSS, so the visible text never competes with the spoken name.
#[component]
pub fn CardFace(card: Card) -> impl IntoView {
    let lang = use_lang();
    view! {
        <span
            class="card-corner"
            aria-hidden="true"
            data-label=move || rank_short(lang.get(), card.rank())
        ></span>
        <SuitIcon suit=card.suit() />
        <span
            class="card-name"
            aria-hidden="true"
            data-label=move || rank_name(lang.get(), card.rank())
        ></span>
    }
}

/// A card as a small chip: its suit symbol and rank, with its full name for screen readers.
/// `class` is the chip's look (`mini-card`, `attable-chip`).
#[component]
pub fn CardChip(card: Card, #[prop(default = "mini-card")] class: &'static str) -> impl IntoView {
    let lang = use_lang();
    view! {
        <span class=format!("{class} {}", suit_class(card.suit()))>
            <SuitIcon suit=card.suit() />
            <span aria-hidden="true">{move || rank_short(lang.get(), card.rank())}</span>
            <span class="visually-hidden">{move || card_name(lang.get(), card)}</span>
        </span>
    }
}

/// The 32 cards in four rows, one labelled group per suit, each card drawn by `cell`: the
/// deck of the solver page's editor and the card grid of My hand. Each row runs from the Ász
/// down in the trump order, as the hands do (`model::order`).
pub fn suit_rows<V: IntoView + 'static>(
    lang: RwSignal<Lang>,
    cell: impl Fn(Card) -> V + Copy + Send + Sync + 'static,
) -> impl IntoView {
    Suit::ALL
        .map(|suit| {
            view! {
                <div class="deck-row" role="group" aria-label=move || suit_name(lang.get(), suit)>
                    {ranks_high_to_low(true).map(|rank| cell(Card::new(suit, rank))).into_iter().collect_view()}
                </div>
            }
        })
        .into_iter()
        .collect_view()
}

/// A card the user can click (a hand card, or one of the twelve before the discard): the Play
/// page's and the table's. `pressed` marks a card chosen for the discard; an illegal card is
/// dimmed but stays focusable, so the page can say why it cannot be played.
#[component]
pub fn HandCard(
    card: Card,
    testid: &'static str,
    #[prop(into)] pressed: Signal<Option<bool>>,
    #[prop(into)] legal: Signal<bool>,
    on_pick: impl Fn(Card) + 'static,
) -> impl IntoView {
    let lang = use_lang();
    view! {
        <button
            type="button"
            class=format!("card play-card {}", suit_class(card.suit()))
            class:illegal=move || !legal.get()
            data-testid=testid
            data-card=card.to_string()
            data-legal=move || legal.get().to_string()
            aria-pressed=move || pressed.get().map(|p| p.to_string())
            aria-label=move || card_name(lang.get(), card)
            on:click=move |_| on_pick(card)
        >
            <CardFace card=card />
        </button>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suits_have_their_css_class() {
        assert_eq!(suit_class(Suit::Tok), "suit-t");
        assert_eq!(suit_class(Suit::Piros), "suit-p");
    }
}
