//! The user's hand at the bottom of the felt: the twelve on its auction turn once it holds
//! them (the two from the talon tagged), a discard chosen by clicking (the two cards lifted and
//! tagged, not only coloured), a discard a bid needs suggested; else its cards, the legal ones
//! to click in the play.

use leptos::prelude::*;
use ulti_engine::whole_game::{Action, Stage, Verb};
use ulti_engine::{Card, CardSet};

use super::TablePage;
use crate::components::card::HandCard;
use crate::i18n::{text, tr};
use crate::model::order::in_display_order;
use crate::model::table::scene::Scene;

/// The user's hand.
#[component]
pub(super) fn Hand() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let scene = tp.scene;
    let twelve_now = tp.twelve;
    // The user's card to play now (not a kontra out of turn).
    let card_turn = Memo::new(move |_| {
        scene.with(|s| {
            s.as_ref().and_then(|s| {
                let t = s.turn.as_ref()?;
                (t.to_act && s.stage() == Stage::Play).then_some((s.seat, t.legal))
            })
        })
    });
    let talon_shown = move || {
        twelve_now
            .get()
            .map(|_| scene.with(|s| s.as_ref().map_or(CardSet::EMPTY, Scene::talon_in_hand)))
    };
    let cards = move || {
        twelve_now.get().unwrap_or_else(|| {
            scene.with(|s| {
                s.as_ref()
                    .filter(|s| s.player)
                    .map_or(CardSet::EMPTY, |s| s.view.hand)
            })
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
        if let Some((seat, _)) = card_turn.get_untracked() {
            tp.act(Action {
                seat,
                verb: Verb::Card(card),
            });
        }
    };
    // The contract's rank order once the auction is over; the trump order before.
    let trumps = move || {
        scene.with(|s| {
            s.as_ref()
                .and_then(Scene::contract)
                .is_none_or(|(_, bid, _)| bid.has_trumps())
        })
    };
    let hand_view = move || {
        let talon = talon_shown().unwrap_or(CardSet::EMPTY);
        in_display_order(cards().iter(), trumps())
            .into_iter()
            .map(|card| {
                // Dimmed only when the user is to play a card and this one may not be played.
                let legal = Signal::derive(move || {
                    card_turn
                        .get()
                        .is_none_or(|(_, legal)| legal.contains(card))
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
