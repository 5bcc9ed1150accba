//! The table: the three seats (who deals, who is thinking, who holds the talon, the soloist),
//! the auction as everyone heard it, the contract with its kontras, the trick and the tricks
//! taken.

use leptos::prelude::*;
use ulti_engine::Seat;
use ulti_engine::whole_game::{Stage, WholeGame};

use super::TablePage;
use crate::components::trick::trick_cards;
use crate::i18n::{
    Lang, auction_bid_name, contract_name, kontra_name, suit_name, table_seat, text, tr, tr_with,
};
use crate::model::table::auction::{Heard, heard};
use crate::model::table::{Next, trick_on_table, tricks_taken};

/// One line of the auction heard: the seat and "Player 2: ulti (5)".
fn heard_text(lang: Lang, h: &Heard, user: Seat) -> (Seat, String) {
    let (s, words) = match h {
        Heard::Bid(s, bid) => (
            *s,
            tr_with(
                lang,
                "whole.heard_bid",
                &[
                    ("bid", &auction_bid_name(lang, bid)),
                    ("value", &bid.value().to_string()),
                ],
            ),
        ),
        Heard::Pass(s) => (*s, tr(lang, "whole.heard_pass")),
        Heard::Stand(s) => (*s, tr(lang, "whole.heard_stand")),
    };
    (s, format!("{}: {words}", table_seat(lang, s, user)))
}

/// The contract in words: "Player 2 plays Ulti, trump Acorns"; before the trump is named,
/// without it.
fn contract_text(lang: Lang, game: &WholeGame, user: Seat) -> Option<String> {
    let c = game.contracted()?;
    let mut t = tr_with(
        lang,
        "whole.contract",
        &[
            ("seat", &table_seat(lang, c.soloist, user)),
            ("bid", &auction_bid_name(lang, &c.bid)),
        ],
    );
    if c.bid.has_trumps()
        && let Some(s) = c.trump
    {
        t.push_str(&tr_with(
            lang,
            "whole.trump_is",
            &[("suit", &suit_name(lang, s))],
        ));
    }
    Some(t)
}

/// The kontras said, per unit: "Ulti: kontra" (both defenders' levels when they differ).
fn kontra_text(lang: Lang, game: &WholeGame) -> Option<String> {
    let book = game.kontra()?;
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

/// The table.
#[component]
pub(super) fn Seats() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = move || tp.table.with(|t| t.user);
    let deal_no = move || tp.table.with(|t| t.deal_number());

    let seat_box = move |seat: Seat| {
        let badges = move || {
            let l = lang.get();
            tp.game.with(|g| {
                let Some(g) = g else {
                    return Vec::new();
                };
                let mut b = Vec::new();
                if g.dealer() == seat {
                    b.push(tr(l, "whole.dealer"));
                }
                if g.forehand() == seat {
                    b.push(tr(l, "whole.forehand"));
                }
                match g.contracted() {
                    Some(c) if c.soloist == seat => b.push(tr(l, "whole.soloist")),
                    Some(_) => b.push(tr(l, "whole.defender")),
                    None if g.stage() == Stage::Auction && g.talon_by() == Some(seat) => {
                        b.push(tr(l, "whole.holds_talon"));
                    }
                    None => {}
                }
                b
            })
        };
        let cards = move || {
            tp.game
                .with(|g| g.as_ref().map_or(0, |g| g.hand(seat).len()))
        };
        let thinking = move || tp.thinking.get() == Some(seat);
        let to_act = move || {
            matches!(tp.next(), Some(Next::User(_))) && seat == user()
                || matches!(tp.next(), Some(Next::Computer(s)) if s == seat)
        };
        view! {
            <li
                class="table-seat"
                class:to-act=to_act
                class:is-user=move || seat == user()
                data-testid="table-seat"
                data-seat=seat.to_string()
                data-thinking=move || thinking().to_string()
            >
                <strong>{move || table_seat(lang.get(), seat, user())}</strong>
                <span class="seat-badges">
                    {move || {
                        badges()
                            .into_iter()
                            .map(|b| view! { <span class="badge">{b}</span> })
                            .collect_view()
                    }}
                </span>
                <span class="seat-count">
                    {move || tr_with(lang.get(), "whole.cards", &[("n", &cards().to_string())])}
                </span>
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
            </li>
        }
    };

    let auction = move || {
        let l = lang.get();
        let u = user();
        tp.game.with(|g| {
            g.as_ref().map(|g| {
                heard(g)
                    .iter()
                    .map(|h| heard_text(l, h, u))
                    .map(|(s, t)| {
                        view! {
                            <li data-testid="table-heard" data-seat=s.to_string()>
                                {t}
                            </li>
                        }
                    })
                    .collect_view()
            })
        })
    };
    let trick = move || tp.game.with(|g| g.as_ref().and_then(trick_on_table));
    let trick_view = move || {
        let l = lang.get();
        let u = user();
        trick().map(move |t| trick_cards(l, t, move |s| table_seat(l, s, u), "table-trick-card"))
    };

    view! {
        <section class="panel table-felt" aria-labelledby="table-felt-title" data-testid="table-felt">
            <header class="panel-header">
                <h2 id="table-felt-title">
                    {move || tr_with(lang.get(), "whole.deal_n", &[("n", &deal_no().to_string())])}
                </h2>
                <span class="play-contract" data-testid="table-contract">
                    {move || {
                        let l = lang.get();
                        tp.game.with(|g| g.as_ref().and_then(|g| contract_text(l, g, user())))
                    }}
                </span>
                <span class="hint" data-testid="table-kontras">
                    {move || {
                        let l = lang.get();
                        tp.game.with(|g| g.as_ref().and_then(|g| kontra_text(l, g)))
                    }}
                </span>
            </header>
            <ol class="table-seats" aria-label=text(lang, "whole.seats")>
                {(0..3).map(seat_box).collect_view()}
            </ol>
            <h3 class="table-subtitle" id="table-auction-title">{text(lang, "whole.auction")}</h3>
            <ol class="table-auction" aria-labelledby="table-auction-title" data-testid="table-auction">
                {auction}
            </ol>
            {move || {
                tp.game
                    .with(|g| g.as_ref().is_some_and(|g| g.play().is_some()))
                    .then(|| view! { <div class="play-felt" data-testid="table-trick">{trick_view}</div> })
            }}
            <p class="hint" data-testid="table-tricks">
                {move || {
                    let l = lang.get();
                    tp.game
                        .with(|g| g.as_ref().and_then(tricks_taken))
                        .map(|(s, d)| {
                            tr_with(
                                l,
                                "play.tricks_won",
                                &[("soloist", &s.to_string()), ("defenders", &d.to_string())],
                            )
                        })
                }}
            </p>
        </section>
    }
}
