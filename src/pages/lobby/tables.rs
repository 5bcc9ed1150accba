//! The open tables, live: each with its rules in words, the computers' level, its seats (a
//! player's name, a free seat, or a computer), the seconds until the computer sits down, and
//! "Sit here". Above the list, whether it is live (the socket open) or may be out of date.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;

use super::LobbyPage;
use super::play_now::take_seat;
use crate::i18n::{level_name, rule_note_words, seat_words, text, tr, tr_with};
use crate::model::lobby::{Entry, LobbyLink, LobbySeat, rule_notes};
use crate::model::players::{DEFAULT_WAIT_S, PlayAsk};

/// Whether the list is live, in words.
#[component]
fn ListStatus() -> impl IntoView {
    let lp = expect_context::<LobbyPage>();
    let lang = lp.lang;
    let conn = lp.conn;
    let live = move || conn.lobby.with(|l| l.is_live());
    let words = move || {
        let l = lang.get();
        conn.lobby.with(|lobby| match lobby.link {
            LobbyLink::Live => tr(l, "lobby.live"),
            LobbyLink::Connecting => tr(l, "lobby.connecting"),
            LobbyLink::Lost { .. } if !lobby.online => tr(l, "lobby.offline"),
            LobbyLink::Lost { retry_at, .. } => {
                let s = ((retry_at - conn.now.get()) / 1000.0).ceil().max(0.0);
                tr_with(l, "lobby.not_live", &[("s", &s.to_string())])
            }
        })
    };
    view! {
        <p
            class="lobby-status"
            class:lobby-stale=move || !live()
            data-testid="lobby-status"
            data-live=move || live().to_string()
        >
            {words}
        </p>
    }
}

/// One listed table.
fn table_item(lp: LobbyPage, e: Entry, sit: impl Fn(String) + Clone + 'static) -> impl IntoView {
    let lang = lp.lang;
    let conn = lp.conn;
    let id = e.table.clone();
    let mine = lp
        .player
        .with_untracked(|p| p.as_ref().is_some_and(|p| e.seats_player(&p.player)));
    let free = e.waiting() > 0;
    let notes = rule_notes(&e.rules);
    let rules = move || {
        let l = lang.get();
        if notes.is_empty() {
            tr(l, "lobby.rules_standard")
        } else {
            notes
                .iter()
                .map(|n| rule_note_words(l, *n))
                .collect::<Vec<_>>()
                .join(" · ")
        }
    };
    let level = e.level;
    let e_count = e.clone();
    let countdown = move || {
        let s = e_count.seconds_left(conn.now.get());
        let l = lang.get();
        if s == 0 {
            tr(l, "lobby.fill_now")
        } else {
            tr_with(l, "lobby.fill_in", &[("s", &s.to_string())])
        }
    };
    let server = lp.server.get_value();
    let seats = e
        .seats
        .iter()
        .map(|seat| (LobbySeat::shown(seat), seat.player.clone()))
        .map(|(s, id)| {
            let kind = match &s {
                crate::model::lobby::SeatShown::Waiting => "waiting",
                crate::model::lobby::SeatShown::Computer(_) => "computer",
                _ => "player",
            };
            let words = move || seat_words(lang.get(), &s);
            // A person's name opens its profile (computers are not links).
            let link = id.filter(|_| kind == "player").map(|id| {
                let chosen = lp.chosen.get_untracked().then(|| lang.get_untracked());
                format!(
                    "{}{}",
                    crate::url_sync::router_base(),
                    crate::pages::profile::profile_path(&server, &id, chosen)
                )
            });
            match link {
                Some(href) => view! {
                    <li class="lobby-seat" data-testid="lobby-seat" data-kind=kind>
                        <a href=href data-testid="player-link">{words}</a>
                    </li>
                }
                .into_any(),
                None => view! { <li class="lobby-seat" data-testid="lobby-seat" data-kind=kind>{words}</li> }
                    .into_any(),
            }
        })
        .collect_view();
    let id_label = id.clone();
    let host = e.host().map(str::to_string);
    let id_sit = id.clone();
    let sit_label = id.clone();
    view! {
        <li class="lobby-table" data-testid="lobby-table" data-table=id.clone()>
            <h4>
                {move || match &host {
                    Some(name) => tr_with(lang.get(), "lobby.table_of", &[("name", name)]),
                    None => tr_with(lang.get(), "lobby.table_label", &[("id", &id_label)]),
                }}
            </h4>
            <p class="lobby-rules" data-testid="lobby-rules">{rules}</p>
            <p class="lobby-level">
                {move || tr_with(lang.get(), "lobby.computers", &[("level", &level_name(lang.get(), level).to_lowercase())])}
            </p>
            <ul class="lobby-seats" aria-label=move || tr(lang.get(), "lobby.seats")>{seats}</ul>
            <p class="lobby-countdown" data-testid="lobby-countdown">{countdown}</p>
            {if mine {
                view! { <p class="lobby-yours">{move || tr(lang.get(), "lobby.your_table")}</p> }.into_any()
            } else if free {
                view! {
                    <button
                        type="button"
                        class="primary"
                        data-testid="lobby-sit"
                        aria-label=move || tr_with(lang.get(), "lobby.sit_label", &[("id", &sit_label)])
                        disabled=lp.busy
                        on:click=move |_| sit(id_sit.clone())
                    >
                        {move || tr(lang.get(), "lobby.sit")}
                    </button>
                }
                .into_any()
            } else {
                ().into_any()
            }}
        </li>
    }
}

/// The open tables.
#[component]
pub(super) fn TableList() -> impl IntoView {
    let lp = expect_context::<LobbyPage>();
    let lang = lp.lang;
    let navigate = use_navigate();
    let sit = move |table: String| {
        let navigate = navigate.clone();
        take_seat(
            lp,
            PlayAsk {
                level: ulti_engine::players::TableLevel::Normal,
                wait_s: DEFAULT_WAIT_S,
                new: false,
                table: Some(table),
            },
            move |path| navigate(path, Default::default()),
        );
    };
    let tables = Memo::new(move |_| lp.conn.lobby.with(|l| l.tables.clone()));
    view! {
        <section class="panel lobby-tables" aria-labelledby="lobby-tables-title">
            <h3 id="lobby-tables-title">{text(lang, "lobby.tables_title")}</h3>
            <ListStatus />
            {move || {
                let list = tables.get();
                if list.is_empty() {
                    view! { <p class="hint" data-testid="lobby-empty">{move || tr(lang.get(), "lobby.empty")}</p> }
                        .into_any()
                } else {
                    let sit = sit.clone();
                    view! {
                        <ul class="lobby-list">
                            {list.into_iter().map(|e| table_item(lp, e, sit.clone())).collect_view()}
                        </ul>
                    }
                    .into_any()
                }
            }}
        </section>
    }
}
