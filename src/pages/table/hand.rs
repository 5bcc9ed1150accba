//! The user's hand at the bottom of the felt: the twelve on its auction turn once it holds
//! them (the two from the talon tagged), a discard chosen by clicking (the two cards lifted and
//! tagged, not only coloured), a discard a bid needs suggested; else its cards, the legal ones
//! to click in the play.

use leptos::prelude::*;
use ulti_engine::whole_game::{Action, Verb, WholeGame};
use ulti_engine::{Card, CardSet};

use super::TablePage;
use crate::components::card::HandCard;
use crate::i18n::{text, tr};
use crate::model::table::{Next, UserTurn};

/// The user's hand.
#[component]
pub(super) fn Hand() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = move || tp.table.with(|t| t.user);
    let next = Memo::new(move |_| tp.next());
    let twelve_now = tp.twelve;
    let talon_shown = move || {
        twelve_now.get().and_then(|_| {
            tp.game.with(|g| {
                g.as_ref()
                    .filter(|g| g.hand(user()).len() == 10)
                    .map(WholeGame::talon)
            })
        })
    };
    let cards = move || {
        twelve_now.get().unwrap_or_else(|| {
            tp.game
                .with(|g| g.as_ref().map_or(CardSet::EMPTY, |g| g.hand(user())))
        })
    };
    let on_pick = move |card: Card| {
        if twelve_now.get_untracked().is_some() {
            tp.discard.update(|d| {
                if let Some(i) = d.iter().position(|&c| c == card) {
                    d.remove(i);
                } else if d.len() < 2 {
                    d.push(card);
                }
            });
            return;
        }
        if next.get_untracked() != Some(Next::User(UserTurn::Card)) {
            return;
        }
        tp.act(Action {
            seat: user(),
            verb: Verb::Card(card),
        });
    };
    let hand_view = move || {
        let talon = talon_shown().unwrap_or(CardSet::EMPTY);
        cards()
            .iter()
            .map(|card| {
                // Dimmed only when the user is to play a card and this one may not be played.
                let legal = Signal::derive(move || {
                    next.get() != Some(Next::User(UserTurn::Card))
                        || tp
                            .game
                            .with(|g| g.as_ref().is_some_and(|g| g.legal_cards().contains(card)))
                });
                let chosen = move || tp.discard.with(|d| d.contains(&card));
                let pressed =
                    Signal::derive(move || twelve_now.get().map(|_| chosen()));
                let suggested = move || {
                    tp.suggested
                        .with(|s| s.is_some_and(|d| d.contains(&card)) && !chosen())
                };
                let from_talon = talon.contains(card);
                view! {
                    <span
                        class="hand-slot"
                        class:from-talon=from_talon
                        class:chosen=chosen
                        class:suggested=suggested
                        data-testid="table-hand-slot"
                        data-card=card.to_string()
                        data-chosen=move || chosen().to_string()
                        data-from-talon=from_talon.to_string()
                    >
                        {from_talon
                            .then(|| {
                                view! {
                                    <span class="card-tag tag-talon" data-testid="table-tag-talon">
                                        {text(lang, "whole.tag_talon")}
                                    </span>
                                }
                            })}
                        {move || {
                            chosen()
                                .then(|| {
                                    view! {
                                        <span class="card-tag tag-discard" data-testid="table-tag-discard" title=move || tr(lang.get(), "whole.tag_discard")>
                                            "✕"
                                        </span>
                                    }
                                })
                        }}
                        <HandCard card=card testid="table-card" pressed=pressed legal=legal on_pick=on_pick />
                    </span>
                }
            })
            .collect_view()
    };

    view! {
        <div
            class="felt-hand"
            role="group"
            aria-label=move || tr(lang.get(), "whole.your_cards")
            data-testid="table-hand"
            data-n=move || cards().len().to_string()
        >
            {hand_view}
        </div>
    }
}
