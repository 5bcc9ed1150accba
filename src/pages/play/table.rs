//! The table during play and at its end: the bid, the trick, the user's hand, the result.

use leptos::prelude::*;
use ulti_engine::{Card, CardSet, SOLOIST};

use super::Play;
use super::review::ResultPanel;

use crate::components::card::HandCard;
use crate::components::trick::trick_cards;
use crate::i18n::{announcement_name, card_name, label, play_error, seat_name, text, tr, tr_with};
use crate::model::line::trick_history;
use crate::model::order::in_display_order;
use crate::model::play::{PlayGame, PlayPhase};

/// The table during play and at its end: the bid, the trick, the user's hand, the result.
#[component]
pub(super) fn PlayTable() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let game = play.game;
    let phase = Memo::new(move |_| game.with(|g| g.as_ref().map(PlayGame::phase)));
    let user = move || game.with(|g| g.as_ref().map_or(SOLOIST, |g| g.seat));

    let contract = move || {
        let l = lang.get();
        game.with(|g| {
            g.as_ref().and_then(|g| g.contracted.as_ref()).map(|c| {
                (
                    c.announcement.id(),
                    label(&announcement_name(l, &c.announcement)),
                )
            })
        })
    };
    let status = move || {
        let l = lang.get();
        match phase.get() {
            Some(PlayPhase::ComputerBids) => tr(l, "play.computer_bids"),
            Some(PlayPhase::UserPlays) => tr(l, "play.your_turn"),
            Some(PlayPhase::ComputerPlays(s)) => {
                tr_with(l, "play.thinking", &[("seat", &seat_name(l, s))])
            }
            Some(PlayPhase::Over) => tr(l, "play.over"),
            _ => String::new(),
        }
    };

    // The cards on the table: the trick being played, or the last one while the next is empty.
    let trick = Memo::new(move |_| game.with(|g| trick_history(&g.as_ref()?.game()?).pop()));
    let tricks_won = move || {
        game.with(|g| {
            g.as_ref().and_then(PlayGame::game).map(|gm| {
                let solo = gm.tricks().iter().filter(|t| t.winner == SOLOIST).count();
                (solo, gm.tricks().len() - solo)
            })
        })
    };

    let pick = move |card: Card| {
        if phase.get_untracked() != Some(PlayPhase::UserPlays) {
            return;
        }
        let l = lang.get_untracked();
        game.update(|g| {
            if let Some(g) = g {
                let index = g.played.len() + 1;
                match g.play(card) {
                    Ok(()) => play.error.set(None),
                    Err(e) => play.error.set(Some(play_error(l, index, &e))),
                }
            }
        });
    };
    let hand = move || game.with(|g| g.as_ref().map_or(CardSet::EMPTY, PlayGame::user_hand));
    // The contract's rank order (the trump order until a bid is chosen).
    let trumps = move || {
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.contracted.as_ref())
                .is_none_or(|c| c.announcement.bid.has_trumps())
        })
    };
    let hand_view = move || {
        in_display_order(hand().iter(), trumps())
            .into_iter()
            .map(|card| {
                let legal = Signal::derive(move || {
                    phase.get() == Some(PlayPhase::UserPlays)
                        && game.with(|g| g.as_ref().is_some_and(|g| g.check(card).is_none()))
                });
                view! {
                    <HandCard
                        card=card
                        testid="play-card"
                        pressed=Signal::derive(|| None)
                        legal=legal
                        on_pick=pick
                    />
                }
            })
            .collect_view()
    };
    let talon = move || {
        game.with(|g| {
            g.as_ref()
                .filter(|g| g.seat == SOLOIST)
                .and_then(|g| g.contracted.as_ref())
                .map(|c| c.discard)
        })
    };

    view! {
        <section class="panel play-table" aria-labelledby="play-table-title" data-testid="play-table">
            <header class="panel-header">
                <h2 id="play-table-title">
                    {move || {
                        let l = lang.get();
                        tr_with(l, "play.you_are", &[("seat", &seat_name(l, user()))])
                    }}
                </h2>
                <span
                    class="play-contract"
                    data-testid="play-contract"
                    data-bid=move || contract().map(|c| c.0).unwrap_or_default()
                >
                    {move || contract().map(|c| c.1)}
                </span>
            </header>
            <p
                class="play-status"
                data-testid="play-status"
                data-phase=move || match phase.get() {
                    Some(PlayPhase::ComputerBids) => "computer-bids",
                    Some(PlayPhase::UserPlays) => "user",
                    Some(PlayPhase::ComputerPlays(_)) => "computer",
                    Some(PlayPhase::Over) => "over",
                    _ => "",
                }
                aria-live="polite"
            >
                {status}
            </p>
            <div class="play-felt" data-testid="play-trick">
                {move || {
                    let l = lang.get();
                    trick
                        .get()
                        .map(move |t| trick_cards(l, t, move |s| seat_name(l, s), "trick-card"))
                }}
            </div>
            <p class="hint" data-testid="play-tricks">
                {move || {
                    let l = lang.get();
                    tricks_won()
                        .map(|(s, d)| {
                            tr_with(
                                l,
                                "play.tricks_won",
                                &[("soloist", &s.to_string()), ("defenders", &d.to_string())],
                            )
                        })
                }}
            </p>
            <h3 class="play-hand-title" id="play-hand-title">{text(lang, "play.your_hand")}</h3>
            <div class="play-hand" role="group" aria-labelledby="play-hand-title" data-testid="play-hand">
                {hand_view}
            </div>
            {move || {
                talon()
                    .map(|d| {
                        let l = lang.get();
                        view! {
                            <p class="hint" data-testid="play-talon">
                                {tr_with(
                                    l,
                                    "play.your_discard",
                                    &[("cards", &format!("{}, {}", card_name(l, d[0]), card_name(l, d[1])))],
                                )}
                            </p>
                        }
                    })
            }}
            {move || {
                play.error
                    .get()
                    .map(|e| view! { <p class="alert" role="alert" data-testid="play-error">{e}</p> })
            }}
            {move || {
                play.think_ms
                    .get()
                    .map(|ms| {
                        view! {
                            <p class="hint" data-testid="play-think-ms" data-ms=format!("{ms:.0}")>
                                {tr_with(lang.get(), "play.think_ms", &[("ms", &format!("{ms:.0}"))])}
                            </p>
                        }
                    })
            }}
            {move || (phase.get() == Some(PlayPhase::Over)).then(|| view! { <ResultPanel /> })}
        </section>
    }
}
