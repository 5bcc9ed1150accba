//! The felt: the three seats around the table (the user at the bottom, the next seat in
//! playing order on the right, the one before it on the left), the deal, the contract and its
//! kontras along the top, and in the middle the talon and the standing bid during the auction,
//! then the trick (each card coming from its seat's side, a complete trick going to its
//! winner). The user's hand lies below it ([`super::hand`]).
//!
//! The motion is CSS only (`style/table.css`) and off under `prefers-reduced-motion`; an
//! element that moves is created once per thing that moved (a card, a talon laid down), so a
//! redraw never replays it.

use leptos::prelude::*;
use ulti_engine::Seat;
use ulti_engine::whole_game::Stage;

use super::TablePage;
use super::hand::Hand;
use super::waiting::{seat_player_name, seat_waits};
use crate::components::card::{CardChip, CardFace, suit_class};
use crate::i18n::{
    Lang, auction_bid_name, card_name, contract_name, kontra_name, label, played_bid_name,
    table_seat, text, tr, tr_with,
};
use crate::model::line::TrickView;
use crate::model::order::in_display_order;
use crate::model::table::auction::Heard;
use crate::model::table::scene::{Scene, TalonOnFelt};
use crate::model::table::seats::{Place, Role, SeatInfo, place, seats};

/// The words of a seat's last word in the auction: "Ulti in Hearts (10)", "pass", "stands".
pub(super) fn heard_words(lang: Lang, h: &Heard) -> String {
    match h {
        Heard::Bid(_, bid) => tr_with(
            lang,
            "whole.heard_bid",
            &[
                ("bid", &label(&auction_bid_name(lang, bid))),
                ("value", &bid.value().to_string()),
            ],
        ),
        Heard::Pass(_) => tr(lang, "whole.heard_pass"),
        Heard::Stand(_) => tr(lang, "whole.heard_stand"),
    }
}

/// The contract in words: "Player 2 plays ulti in Acorns"; before the trump is named,
/// without it.
pub(super) fn contract_text(lang: Lang, scene: &Scene) -> Option<String> {
    let (soloist, bid, trump) = scene.contract()?;
    Some(tr_with(
        lang,
        "whole.contract",
        &[
            ("seat", &seat_name(lang, scene, soloist)),
            ("bid", &played_bid_name(lang, &bid, trump)),
        ],
    ))
}

/// The kontras said, per unit: "Ulti: kontra" (both defenders' levels when they differ).
pub(super) fn kontra_text(lang: Lang, scene: &Scene) -> Option<String> {
    let book = scene.view.kontra.as_ref()?;
    let parts: Vec<String> = book
        .units
        .iter()
        .filter(|(_, l)| l.iter().any(|&x| x > 0))
        .map(|(u, l)| {
            let levels = if l[0] == l[1] {
                kontra_name(lang, l[0])
            } else {
                format!("{} / {}", kontra_name(lang, l[0]), kontra_name(lang, l[1]))
            };
            format!("{}: {levels}", contract_name(lang, *u))
        })
        .collect();
    (!parts.is_empty()).then(|| parts.join(" · "))
}

/// A seat's name as `scene` shows it: "Player 2", "Player 1 (you)" for the seat a player sees
/// it from; at a live table another seat's player by name ("Anna").
pub(super) fn seat_name(lang: Lang, scene: &Scene, seat: Seat) -> String {
    let viewer = if scene.player { scene.seat } else { usize::MAX };
    match scene.names.get(seat).cloned().flatten() {
        Some(name) if seat != viewer => name,
        _ => table_seat(lang, seat, viewer),
    }
}

/// A role's words.
fn role_words(lang: Lang, r: Role) -> String {
    tr(
        lang,
        match r {
            Role::Dealer => "whole.dealer",
            Role::Forehand => "whole.forehand",
            Role::Holder => "whole.holder",
            Role::PickedUp => "whole.picked_up",
            Role::Soloist => "whole.soloist",
            Role::Defender => "whole.defender",
        },
    )
}

/// A role's name for CSS and tests.
fn role_id(r: Role) -> &'static str {
    match r {
        Role::Dealer => "dealer",
        Role::Forehand => "forehand",
        Role::Holder => "holder",
        Role::PickedUp => "picked-up",
        Role::Soloist => "soloist",
        Role::Defender => "defender",
    }
}

/// The felt.
#[component]
pub(super) fn Felt() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let scene = tp.scene;
    let infos = Memo::new(move |_| scene.with(|s| s.as_ref().map(seats)));
    let seat_at = move |p: Place| {
        Signal::derive(move || {
            infos.with(|i| {
                i.as_ref()
                    .and_then(|i| i.iter().find(|s| s.place == p).cloned())
            })
        })
    };
    let deal_no = move || tp.deal_number();
    let stage = Memo::new(move |_| scene.with(|s| s.as_ref().map(Scene::stage)));
    let talon = Memo::new(move |_| {
        scene.with(|s| {
            let s = s.as_ref()?;
            s.talon_on_felt().map(|t| (t, place(t.by, s.seat)))
        })
    });
    let standing = move || {
        let l = lang.get();
        scene.with(|s| {
            let s = s.as_ref().filter(|s| s.stage() == Stage::Auction)?;
            Some(match s.standing() {
                Some((seat, b)) => format!(
                    "{} · {}",
                    seat_name(l, s, seat),
                    tr_with(
                        l,
                        "whole.standing",
                        &[
                            ("bid", &auction_bid_name(l, &b)),
                            ("value", &b.value().to_string())
                        ]
                    )
                ),
                None => tr(l, "whole.no_bid_yet"),
            })
        })
    };
    let trick = Memo::new(move |_| scene.with(|s| s.as_ref().and_then(Scene::trick)));

    view! {
        <section class="felt" aria-labelledby="felt-title" data-testid="table-felt">
            <header class="felt-top">
                <h2 id="felt-title">
                    {move || tr_with(lang.get(), "whole.deal_n", &[("n", &deal_no().to_string())])}
                </h2>
                <span class="felt-contract" data-testid="table-contract">
                    {move || {
                        let l = lang.get();
                        scene.with(|s| s.as_ref().and_then(|s| contract_text(l, s)))
                    }}
                </span>
                <span class="felt-kontras" data-testid="table-kontras">
                    {move || {
                        let l = lang.get();
                        scene.with(|s| s.as_ref().and_then(|s| kontra_text(l, s)))
                    }}
                </span>
            </header>
            <SeatBox info=seat_at(Place::Left) />
            <SeatBox info=seat_at(Place::Right) />
            <div class="felt-center" data-testid="table-center">
                {move || {
                    (stage.get() == Some(Stage::Auction))
                        .then(|| {
                            view! {
                                {move || talon.get().map(|(t, from)| talon_view(t, from))}
                                <p class="felt-standing" data-testid="table-standing">{standing}</p>
                            }
                        })
                }}
                {move || {
                    matches!(stage.get(), Some(Stage::Play | Stage::Over))
                        .then(|| view! { <TrickOnFelt trick /> })
                }}
                <p class="felt-tricks" data-testid="table-tricks">
                    {move || {
                        let l = lang.get();
                        scene
                            .with(|s| s.as_ref().and_then(Scene::tricks_taken))
                            .map(|(s, d)| {
                                tr_with(
                                    l,
                                    "play.tricks_won",
                                    &[("soloist", &s.to_string()), ("defenders", &d.to_string())],
                                )
                            })
                    }}
                </p>
            </div>
            <SeatBox info=seat_at(Place::Bottom) />
            <Hand />
        </section>
    }
}

/// The talon's two cards, face down; a new element per talon laid, so it slides in once from
/// the seat that laid it (and into the hand when the user picks it up).
fn talon_view(t: TalonOnFelt, from: Place) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let from = from.id();
    view! {
        <div
            class="felt-talon"
            class:picked=t.picked
            data-from=from
            data-laid=t.laid.to_string()
            data-testid="table-talon"
            role="img"
            aria-label=move || tr(lang.get(), "whole.talon")
        >
            <span class="card-back"></span>
            <span class="card-back"></span>
        </div>
    }
}

/// The profile's address of a live table's `seat` player (its id known; computers have none).
fn seat_profile(conn: Option<crate::live_client::LiveConnection>, seat: Seat) -> Option<String> {
    let conn = conn?;
    let id = conn.live.with(|l| {
        l.state
            .as_ref()
            .and_then(|s| s.seats.get(seat))
            .and_then(|s| s.player.clone())
    })?;
    Some(format!(
        "{}{}",
        crate::url_sync::router_base(),
        crate::pages::profile::profile_path(&conn.server(), &id, None)
    ))
}

/// One seat around the felt: its name, roles, cards, last word and whether the table waits
/// for it.
#[component]
fn SeatBox(#[prop(into)] info: Signal<Option<SeatInfo>>) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let seat = move || info.with(|i| i.as_ref().map_or(0, |i| i.seat));
    let viewer = move || {
        tp.scene
            .with(|s| s.as_ref().filter(|s| s.player).map(|s| s.seat))
    };
    let place_id = move || info.with(|i| i.as_ref().map_or("bottom", |i| i.place.id()));
    let thinking = move || tp.thinking.get() == Some(seat());
    let to_act = move || info.with(|i| i.as_ref().is_some_and(|i| i.to_act));
    view! {
        <div
            class="seat-box"
            class:to-act=to_act
            class:is-user=move || viewer() == Some(seat())
            data-place=place_id
            data-testid="table-seat"
            data-seat=move || seat().to_string()
            data-to-act=move || to_act().to_string()
            data-connected=move || info.with(|i| i.as_ref().and_then(|i| i.connected).map(|c| c.to_string()))
            data-thinking=move || thinking().to_string()
            data-roles=move || {
                info.with(|i| {
                    i.as_ref()
                        .map(|i| i.roles.iter().map(|&r| role_id(r)).collect::<Vec<_>>().join(" "))
                        .unwrap_or_default()
                })
            }
        >
            <div class="seat-head">
                <strong class="seat-name">
                    {move || table_seat(lang.get(), seat(), viewer().unwrap_or(usize::MAX))}
                </strong>
                // A live table's seat: its player's name, or that it waits for one.
                {move || {
                    seat_player_name(tp.live, seat())
                        .map(|name| {
                            let name = match seat_profile(tp.live, seat()) {
                                Some(href) => view! { <a href=href data-testid="player-link">{name}</a> }.into_any(),
                                None => name.into_any(),
                            };
                            view! {
                                <span class="seat-player" data-testid="seat-name" data-seat=seat().to_string()>{name}</span>
                            }
                                .into_any()
                        })
                        .or_else(|| {
                            seat_waits(tp.live, seat())
                                .then(|| {
                                    view! {
                                        <span class="badge seat-waiting" data-testid="table-seat-waiting" data-seat=seat().to_string()>
                                            {text(lang, "waiting.seat")}
                                        </span>
                                    }
                                        .into_any()
                                })
                        })
                }}
                {move || {
                    thinking()
                        .then(|| {
                            view! {
                                <span class="solving" data-testid="table-thinking">
                                    <span class="spinner" aria-hidden="true"></span>
                                    {text(lang, "whole.thinking")}
                                </span>
                            }
                        })
                }}
            </div>
            <span class="seat-badges">
                {move || {
                    let l = lang.get();
                    info.with(|i| {
                        i.as_ref()
                            .map(|i| {
                                i.roles
                                    .iter()
                                    .map(|&r| {
                                        view! {
                                            <span class=format!("badge role-{}", role_id(r))>{role_words(l, r)}</span>
                                        }
                                    })
                                    .collect_view()
                            })
                    })
                }}
            </span>
            {move || {
                let l = lang.get();
                info.with(|i| {
                    let i = i.as_ref()?;
                    let mut marks = Vec::new();
                    if i.connected == Some(false) {
                        marks.push(("offline", tr(l, "live.offline")));
                    }
                    if i.away {
                        marks.push(("away", tr(l, "live.away")));
                    }
                    Some(
                        marks
                            .into_iter()
                            .map(|(id, w)| {
                                view! { <span class=format!("badge live-{id}") data-testid=format!("table-seat-{id}")>{w}</span> }
                            })
                            .collect_view(),
                    )
                })
            }}
            <span class="seat-count" data-testid="table-seat-cards" data-n=move || info.with(|i| i.as_ref().map_or(0, |i| i.cards)).to_string()>
                <span class="card-back mini" aria-hidden="true"></span>
                {move || {
                    let n = info.with(|i| i.as_ref().map_or(0, |i| i.cards));
                    tr_with(lang.get(), "whole.cards_left", &[("n", &n.to_string())])
                }}
            </span>
            {move || {
                let trumps = tp
                    .scene
                    .with(|s| s.as_ref().and_then(Scene::contract).is_none_or(|(_, bid, _)| bid.has_trumps()));
                info.with(|i| i.as_ref().and_then(|i| i.open))
                    .map(|cards| {
                        // In the contract's order, as the user's own hand.
                        let cards = in_display_order(cards.iter(), trumps);
                        let codes = cards.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(",");
                        view! {
                            <span
                                class="seat-open"
                                role="group"
                                aria-label=move || tr(lang.get(), "whole.open_cards")
                                data-testid="table-seat-open"
                                data-cards=codes
                            >
                                {cards.iter().map(|&card| view! { <CardChip card /> }).collect_view()}
                            </span>
                        }
                    })
            }}
            {move || {
                let l = lang.get();
                info.with(|i| i.as_ref().and_then(|i| i.said.clone()))
                    .map(|h| {
                        view! { <span class="seat-said" data-testid="table-seat-said">{heard_words(l, &h)}</span> }
                    })
            }}
        </div>
    }
}

/// The trick on the felt: each card in its seat's direction, coming in from there; a
/// complete trick goes to its winner after a moment (its label stays).
#[component]
fn TrickOnFelt(trick: Memo<Option<TrickView>>) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let viewer = move || tp.scene.with(|s| s.as_ref().map_or(0, |s| s.seat));
    let name = move |l, s| {
        tp.scene
            .with(|sc| sc.as_ref().map(|sc| seat_name(l, sc, s)))
            .unwrap_or_default()
    };
    let cards = move || trick.with(|t| t.as_ref().map(|t| t.cards.clone()).unwrap_or_default());
    let number = move || trick.with(|t| t.as_ref().map_or(0, |t| t.number));
    let winner = move || trick.with(|t| t.as_ref().and_then(|t| t.winner));
    view! {
        <div
            class="felt-trick"
            // The deal's last trick stays on the felt when the deal is over: its cards are
            // the ones the result speaks of.
            class:final=move || tp.scene.with(|s| s.as_ref().is_some_and(|s| s.stage() == Stage::Over))
            data-testid="table-trick"
            data-number=move || number().to_string()
            data-winner=move || winner().map(|w| place(w, viewer()).id())
            role="group"
            aria-label=move || tr(lang.get(), "whole.trick")
        >
            <For each=cards key=|p| p.card let(p)>
                {
                    let at = place(p.seat, viewer());
                    // Played by the computer for a person who was away (a live table).
                    let computer = move || {
                        tp.scene.with(|s| {
                            s.as_ref().is_some_and(|s| {
                                s.view
                                    .played
                                    .iter()
                                    .position(|c| *c == p.card)
                                    .is_some_and(|k| s.card_by_computer(k))
                            })
                        })
                    };
                    view! {
                        <span
                            class=format!("card trick-card {}", suit_class(p.card.suit()))
                            class:by-computer=computer
                            data-place=at.id()
                            data-testid="table-trick-card"
                            data-card=p.card.to_string()
                            data-seat=p.seat.to_string()
                            data-by=move || if computer() { "computer" } else { "person" }
                            role="img"
                            title=move || computer().then(|| tr(lang.get(), "live.by_computer"))
                            aria-label=move || {
                                let l = lang.get();
                                let by = if computer() {
                                    format!(" ({})", tr(l, "live.by_computer"))
                                } else {
                                    String::new()
                                };
                                format!("{}, {}{by}", card_name(l, p.card), name(l, p.seat))
                            }
                        >
                            <CardFace card=p.card />
                        </span>
                    }
                }
            </For>
        </div>
        <p class="trick-label" data-testid="table-trick-winner">
            {move || {
                let l = lang.get();
                winner().map(|w| tr_with(l, "play.last_trick", &[("seat", &name(l, w))]))
            }}
        </p>
    }
}
