//! The user's decision: the hand (the twelve with the talon once picked up, a discard chosen
//! by clicking), pass or pick up, the bidding box, stand, the trump, kontra with what it does
//! to the stakes, and the card.

use leptos::prelude::*;
use ulti_engine::whole_game::{Action, Stage, Verb, WholeGame};
use ulti_engine::{Card, CardSet, Contract, Seat, Suit};

use super::TablePage;
use super::hint::HintBox;
use crate::components::card::{HandCard, SuitIcon, suit_class};
use crate::i18n::{
    Lang, auction_bid_name, contract_name, kontra_name, suit_name, table_seat, text, tr, tr_with,
};
use crate::model::analysis::signed;
use crate::model::table::auction::{bid_action, bidding_box, twelve};
use crate::model::table::stakes::kontra_stakes;
use crate::model::table::{Next, UserTurn};

/// What the user is asked now, in words.
fn status(lang: Lang, next: Option<&Next>, game: Option<&WholeGame>, user: Seat) -> String {
    match next {
        Some(Next::User(UserTurn::Auction)) => {
            if game.is_some_and(WholeGame::holder_turn) {
                tr(lang, "whole.ask_stand")
            } else if game.is_some_and(|g| !g.opened()) {
                tr(lang, "whole.ask_open")
            } else {
                tr(lang, "whole.ask_bid")
            }
        }
        Some(Next::User(UserTurn::Trump)) => tr(lang, "whole.ask_trump"),
        Some(Next::User(UserTurn::Card)) => tr(lang, "whole.ask_card"),
        Some(Next::User(UserTurn::Kontra { level })) => tr_with(
            lang,
            "whole.ask_kontra",
            &[("kontra", &kontra_name(lang, *level))],
        ),
        Some(Next::Computer(s)) => tr_with(
            lang,
            "play.thinking",
            &[("seat", &table_seat(lang, *s, user))],
        ),
        _ => String::new(),
    }
}

/// The user's decision.
#[component]
pub(super) fn UserTurnPanel() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = move || tp.table.with(|t| t.user);
    let next = Memo::new(move |_| tp.next());
    let auction_turn = move || next.get() == Some(Next::User(UserTurn::Auction));

    // The cards shown: the twelve on the user's auction turn once it holds them, else the hand.
    let twelve_now = Memo::new(move |_| {
        let picked = tp.table.with(|t| t.picked_up());
        auction_turn()
            .then(|| {
                tp.game
                    .with(|g| g.as_ref().and_then(|g| twelve(g, user(), picked)))
            })
            .flatten()
    });
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
                let pressed = Signal::derive(move || {
                    twelve_now
                        .get()
                        .map(|_| tp.discard.with(|d| d.contains(&card)))
                });
                view! {
                    <span class="table-hand-card" class:from-talon=talon.contains(card)>
                        <HandCard card=card testid="table-card" pressed=pressed legal=legal on_pick=on_pick />
                    </span>
                }
            })
            .collect_view()
    };

    view! {
        <section class="panel table-turn" aria-labelledby="table-turn-title" data-testid="table-turn">
            <h2 id="table-turn-title">{text(lang, "play.your_hand")}</h2>
            <p
                class="play-status"
                data-testid="table-status"
                data-next=move || match next.get() {
                    Some(Next::User(UserTurn::Auction)) => "auction".to_string(),
                    Some(Next::User(UserTurn::Trump)) => "trump".to_string(),
                    Some(Next::User(UserTurn::Card)) => "card".to_string(),
                    Some(Next::User(UserTurn::Kontra { .. })) => "kontra".to_string(),
                    Some(Next::Computer(s)) => format!("computer-{s}"),
                    _ => "over".to_string(),
                }
                aria-live="polite"
            >
                {move || {
                    let l = lang.get();
                    let n = next.get();
                    tp.game.with(|g| status(l, n.as_ref(), g.as_ref(), user()))
                }}
            </p>
            <div class="play-hand" role="group" aria-labelledby="table-turn-title" data-testid="table-hand">
                {hand_view}
            </div>
            {move || {
                talon_shown()
                    .map(|_| view! { <p class="hint" data-testid="table-talon-note">{text(lang, "whole.talon_note")}</p> })
            }}
            {move || auction_turn().then(|| view! { <AuctionControls /> })}
            {move || (next.get() == Some(Next::User(UserTurn::Trump))).then(|| view! { <TrumpControls /> })}
            {move || match next.get() {
                Some(Next::User(UserTurn::Card)) => {
                    view! { <KontraControls out_of_turn=false /> }.into_any()
                }
                Some(Next::User(UserTurn::Kontra { .. })) => {
                    view! { <KontraControls out_of_turn=true /> }.into_any()
                }
                _ => ().into_any(),
            }}
            {move || {
                tp.error
                    .get()
                    .map(|e| view! { <p class="alert" role="alert" data-testid="table-error">{e}</p> })
            }}
            <HintBox />
        </section>
    }
}

/// Pass, pick up, stand; the discard count and the bidding box.
#[component]
fn AuctionControls() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = move || tp.table.with_untracked(|t| t.user);
    let game = move || tp.game.get();
    let picked = move || tp.table.with(|t| t.picked_up());
    let holder = move || game().is_some_and(|g| g.holder_turn());
    let opened = move || game().is_some_and(|g| g.opened());
    let may_pass = move || game().is_some_and(|g| g.may_pass());
    let holds_twelve = move || {
        let p = picked();
        game().is_some_and(|g| twelve(&g, user(), p).is_some())
    };
    let discard = move || <[Card; 2]>::try_from(tp.discard.get()).ok();
    let groups = move || {
        let p = picked();
        game()
            .and_then(|g| twelve(&g, user(), p).map(|t| bidding_box(&g, t, discard())))
            .unwrap_or_default()
    };
    let pick_up = move |_| {
        tp.update(|t, g| {
            if let Some(g) = g {
                t.pick_up(g);
            }
        });
    };
    let say = move |verb: Verb| tp.act(Action { seat: user(), verb });

    view! {
        <div class="table-controls" role="group" aria-label=text(lang, "whole.auction_controls")>
            {move || {
                (holder() && !picked())
                    .then(|| {
                        view! {
                            <button type="button" class="primary" data-testid="table-stand" on:click=move |_| say(Verb::Stand)>
                                {text(lang, "whole.stand")}
                            </button>
                        }
                    })
            }}
            {move || {
                (may_pass() && opened() && !picked())
                    .then(|| {
                        view! {
                            <button type="button" data-testid="table-pass" on:click=move |_| say(Verb::Pass { discard: None })>
                                {text(lang, "whole.pass")}
                            </button>
                        }
                    })
            }}
            {move || {
                (opened() && !picked())
                    .then(|| {
                        view! {
                            <button type="button" data-testid="table-pick-up" on:click=pick_up>
                                {move || tr(lang.get(), if holder() { "whole.pick_up_raise" } else { "whole.pick_up" })}
                            </button>
                        }
                    })
            }}
        </div>
        {move || {
            holds_twelve()
                .then(|| {
                    view! {
                        <p class="hint" data-testid="table-discard-count">
                            {move || {
                                tr_with(lang.get(), "play.discard_count", &[("n", &tp.discard.with(Vec::len).to_string())])
                            }}
                        </p>
                        <div class="bidding-box" data-testid="table-bidding-box">
                            {move || {
                                let l = lang.get();
                                let ready = discard().is_some();
                                groups()
                                    .into_iter()
                                    .map(|g| {
                                        view! {
                                            <div class="bid-group" role="group" aria-label=tr_with(l, "whole.value_n", &[("n", &g.value.to_string())])>
                                                <span class="bid-value" aria-hidden="true">{g.value}</span>
                                                {g
                                                    .bids
                                                    .into_iter()
                                                    .map(|b| {
                                                        let bid = b.bid.clone();
                                                        let name = auction_bid_name(l, &b.bid);
                                                        view! {
                                                            <button
                                                                type="button"
                                                                class="bid-button"
                                                                data-testid="table-bid"
                                                                data-bid=b.bid.to_string()
                                                                data-value=g.value.to_string()
                                                                disabled=!(ready && b.playable)
                                                                on:click=move |_| {
                                                                    if let Some(d) = discard() {
                                                                        tp.act(bid_action(user(), bid.clone(), d));
                                                                    }
                                                                }
                                                            >
                                                                {name}
                                                            </button>
                                                        }
                                                    })
                                                    .collect_view()}
                                            </div>
                                        }
                                    })
                                    .collect_view()
                            }}
                        </div>
                    }
                })
        }}
    }
}

/// The trumps the soloist may name.
#[component]
fn TrumpControls() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = tp.table.with_untracked(|t| t.user);
    let options: Vec<Suit> = tp
        .game
        .with_untracked(|g| g.as_ref().map(WholeGame::trump_options).unwrap_or_default());
    view! {
        <div class="table-controls" role="group" aria-label=text(lang, "whole.ask_trump")>
            {options
                .into_iter()
                .map(|s| {
                    view! {
                        <button
                            type="button"
                            class=format!("trump-button {}", suit_class(s))
                            data-testid="table-trump"
                            data-suit=s.letter().to_string()
                            on:click=move |_| tp.act(Action { seat: user, verb: Verb::Trump(s) })
                        >
                            <SuitIcon suit=s />
                            {move || suit_name(lang.get(), s)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// A kontra the user may say now: the units, what each is worth now and after it, and the
/// button; out of turn also the button that lets it go.
#[component]
fn KontraControls(out_of_turn: bool) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = tp.table.with_untracked(|t| t.user);
    let options = move || {
        tp.game.with(|g| {
            g.as_ref()
                .filter(|g| g.stage() == Stage::Play)
                .and_then(|g| {
                    g.kontra_options_for(user)
                        .map(|(l, u)| (l, kontra_stakes(g, &u, l)))
                })
        })
    };
    move || {
        let (level, stakes) = options()?;
        let l = lang.get();
        let name = kontra_name(l, level);
        let rows = stakes
            .into_iter()
            .map(|s| {
                let unit = s.unit;
                let checked = move || tp.kontra_units.with(|u| u.contains(&unit));
                let toggle = move |_| {
                    tp.kontra_units.update(|u| {
                        if let Some(i) = u.iter().position(|&x| x == unit) {
                            u.remove(i);
                        } else {
                            u.push(unit);
                        }
                    });
                };
                let words = tr_with(
                    l,
                    "whole.stakes",
                    &[
                        ("won_now", &signed(s.won_now)),
                        ("won_then", &signed(s.won_then)),
                        ("lost_now", &signed(s.lost_now)),
                        ("lost_then", &signed(s.lost_then)),
                    ],
                );
                view! {
                    <li>
                        <label class="kontra-unit">
                            <input
                                type="checkbox"
                                data-testid="table-kontra-unit"
                                data-unit=unit.id()
                                prop:checked=checked
                                on:change=toggle
                            />
                            <strong>{contract_name(l, unit)}</strong>
                            <span class="hint" data-testid="table-stakes">{words}</span>
                        </label>
                    </li>
                }
            })
            .collect_view();
        let say = move |_| {
            let units: Vec<Contract> = tp.kontra_units.get_untracked();
            if !units.is_empty() {
                tp.act(Action {
                    seat: user,
                    verb: Verb::Kontra { level, units },
                });
            }
        };
        let decline = move |_| {
            tp.update(|t, g| {
                if let Some(g) = g {
                    t.decline(g, user);
                }
            });
        };
        Some(view! {
            <fieldset class="kontra-box" data-testid="table-kontra">
                <legend>{tr_with(l, "whole.kontra_offer", &[("kontra", &name)])}</legend>
                <ul class="kontra-units">{rows}</ul>
                <div class="table-controls">
                    <button
                        type="button"
                        class="primary"
                        data-testid="table-say-kontra"
                        disabled=move || tp.kontra_units.with(Vec::is_empty)
                        on:click=say
                    >
                        {tr_with(l, "whole.say_kontra", &[("kontra", &name)])}
                    </button>
                    {out_of_turn
                        .then(|| {
                            view! {
                                <button type="button" data-testid="table-no-kontra" on:click=decline>
                                    {tr_with(l, "whole.no_kontra", &[("kontra", &name)])}
                                </button>
                            }
                        })}
                </div>
                {(!out_of_turn).then(|| view! { <p class="hint">{text(lang, "whole.kontra_then_card")}</p> })}
            </fieldset>
        })
    }
}
