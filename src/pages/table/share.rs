//! The shared link of the game on the table (`/table?share=CODE`, [`crate::model::table::share`]):
//! the button that writes it, and what the page does with one it is opened with: an empty
//! evening opens it at once; an evening with play asks first; a damaged or illegal one is
//! refused with the rule it breaks and the evening stays. A finished game of a table server
//! (`/table?review=TABLE&game=N&seat=S`, the profile's history) comes the same way once read
//! from the server (`GET /api/tables/TABLE/games?from=N&limit=1`), at the player's seat.

use leptos::prelude::*;
use leptos_router::params::ParamsMap;
use ulti_engine::Seat;

use super::{TablePage, drop_param_from_url, server_error};
use crate::components::deck::random_seed;
use crate::i18n::{Lang, text, tr, tr_with};
use crate::live_client::{finished_game, resolve_server};
use crate::model::table::Table;
use crate::model::table::share::{Shared, read_share, share_code};

/// A shared link the page was opened with: being read, waiting for the user's answer, or
/// refused (`Some(n)`: game n of a table server's, else a shared link).
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Incoming {
    /// Game n is being read from its table server.
    Reading(u32),
    /// Open it? (the evening has play to lose)
    Ask(Box<Shared>, Option<u32>),
    /// Opened.
    Opened(Option<u32>),
    /// Refused: why, and whether it was a table server's game (else a shared link).
    Refused(String, bool),
}

/// Read the `share=` code the page was opened with into `table`: opened at once when the
/// evening has nothing to lose, else kept to ask. The code leaves the address bar either way,
/// so a reload continues the evening instead of opening the link again.
pub(super) fn take_incoming(code: Option<String>, table: &mut Table) -> Option<Incoming> {
    let code = code?;
    drop_param_from_url("share");
    Some(match read_share(&code) {
        Err(e) => Incoming::Refused(e.to_string(), false),
        Ok(s) if !table.has_play() => match Table::from_shared(&s) {
            Ok(t) => {
                *table = t;
                Incoming::Opened(None)
            }
            Err(e) => Incoming::Refused(e.to_string(), false),
        },
        Ok(s) => Incoming::Ask(Box::new(s), None),
    })
}

/// A table server's finished game to open: its server (`None`: the app's own, or the one
/// remembered), table, number and the seat it is seen from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct ServerGame {
    server: Option<String>,
    table: String,
    game: u32,
    seat: Seat,
}

/// The `review=TABLE&game=N&seat=S` the page was opened with (taken out of the address bar, so
/// a reload continues the evening): `None` without `review=`, the words of what is wrong with
/// the link otherwise.
pub(super) fn server_game(lang: Lang, q: &ParamsMap) -> Option<Result<ServerGame, String>> {
    let table = q.get_str("review")?.to_string();
    for name in ["review", "game", "seat"] {
        drop_param_from_url(name);
    }
    let game = q
        .get_str("game")
        .and_then(|g| g.parse::<u32>().ok())
        .filter(|&g| g >= 1);
    let seat = q
        .get_str("seat")
        .and_then(|s| s.parse::<Seat>().ok())
        .filter(|&s| s < 3);
    Some(match (game, seat) {
        (Some(game), Some(seat)) if !table.is_empty() => Ok(ServerGame {
            server: q.get_str("server").map(str::to_string),
            table,
            game,
            seat,
        }),
        _ => Err(tr(lang, "whole.record_bad_link")),
    })
}

/// Read `g` from its server into `incoming`: opened at once when the evening had nothing to
/// lose when the page opened (`had_play`), else asked; refused in words when the server says
/// no, has no such finished game, or sends a record that does not replay.
pub(super) fn read_server_game(
    tp: TablePage,
    g: ServerGame,
    had_play: bool,
    incoming: RwSignal<Option<Incoming>>,
) {
    incoming.set(Some(Incoming::Reading(g.game)));
    leptos::task::spawn_local(async move {
        let server = resolve_server(g.server).await;
        let found = finished_game(&server, &g.table, g.game).await;
        let Some(lang) = tp.lang.try_get_untracked() else {
            return; // the page is gone
        };
        let shared = match found {
            Err(e) => Err(server_error(lang, &server, &e)),
            Ok(None) => Err(tr_with(
                lang,
                "whole.record_missing",
                &[("n", &g.game.to_string())],
            )),
            Ok(Some(record)) => match record.replay() {
                Err(e) => Err(e.to_string()),
                Ok(_) => Ok(Shared {
                    record,
                    seat: g.seat,
                    level: tp.table.with_untracked(|t| t.level),
                    seed: random_seed(),
                }),
            },
        };
        let next = match shared {
            Err(e) => Incoming::Refused(e, true),
            Ok(s) if !had_play => match Table::from_shared(&s) {
                Ok(t) => {
                    tp.update(|table, game| {
                        *table = t;
                        *game = table.game();
                    });
                    Incoming::Opened(Some(g.game))
                }
                Err(e) => Incoming::Refused(e.to_string(), true),
            },
            Ok(s) => Incoming::Ask(Box::new(s), Some(g.game)),
        };
        let _ = incoming.try_set(Some(next));
    });
}

/// The answer to a shared link: open it or keep the evening; or why it was refused.
#[component]
pub(super) fn IncomingShare(incoming: RwSignal<Option<Incoming>>) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let open = move |_| {
        let Some(Incoming::Ask(s, n)) = incoming.get_untracked() else {
            return;
        };
        match Table::from_shared(&s) {
            Ok(t) => {
                tp.update(|table, g| {
                    *table = t;
                    *g = table.game();
                });
                incoming.set(Some(Incoming::Opened(n)));
            }
            Err(e) => incoming.set(Some(Incoming::Refused(e.to_string(), n.is_some()))),
        }
    };
    view! {
        {move || {
            incoming
                .get()
                .map(|i| match i {
                    Incoming::Reading(n) => {
                        view! {
                            <p class="hint" role="status" data-testid="table-record-reading">
                                {move || tr_with(lang.get(), "whole.record_reading", &[("n", &n.to_string())])}
                            </p>
                        }
                            .into_any()
                    }
                    Incoming::Ask(_, n) => {
                        let question = match n {
                            Some(n) => tr_with(lang.get(), "whole.record_question", &[("n", &n.to_string())]),
                            None => tr(lang.get(), "whole.shared_question"),
                        };
                        view! {
                            <div class="panel table-shared" role="alertdialog" aria-labelledby="table-shared-q" data-testid="table-shared">
                                <p id="table-shared-q">{question}</p>
                                <div class="table-controls">
                                    <button type="button" class="primary" data-testid="table-share-open" on:click=open>
                                        {text(lang, "whole.shared_open")}
                                    </button>
                                    <button type="button" data-testid="table-share-keep" on:click=move |_| incoming.set(None)>
                                        {text(lang, "whole.shared_keep")}
                                    </button>
                                </div>
                            </div>
                        }
                            .into_any()
                    }
                    Incoming::Opened(n) => {
                        view! {
                            <p class="hint" role="status" data-testid="table-shared-opened">
                                {move || match n {
                                    Some(n) => tr_with(lang.get(), "whole.record_opened", &[("n", &n.to_string())]),
                                    None => tr(lang.get(), "whole.shared_opened"),
                                }}
                            </p>
                        }
                            .into_any()
                    }
                    Incoming::Refused(e, from_server) => {
                        let key = if from_server { "whole.record_refused" } else { "whole.shared_refused" };
                        view! {
                            <p class="alert" role="alert" data-testid="table-shared-refused">
                                {move || tr_with(lang.get(), key, &[("error", &e)])}
                            </p>
                        }
                            .into_any()
                    }
                })
        }}
    }
}

/// "Share this game": the link, shown and copied.
#[component]
pub(super) fn ShareBox() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let link: RwSignal<Option<String>> = RwSignal::new(None);
    let copied = RwSignal::new(false);
    let make = move |_| {
        let Some(code) = tp.game.with_untracked(|g| {
            g.as_ref()
                .map(|g| tp.table.with_untracked(|t| share_code(t, g)))
        }) else {
            return;
        };
        let origin = window().location().origin().unwrap_or_default();
        let url = format!(
            "{origin}{}/table?share={code}",
            crate::url_sync::router_base()
        );
        let _ = window().navigator().clipboard().write_text(&url);
        link.set(Some(url));
        copied.set(true);
        set_timeout(
            move || {
                let _ = copied.try_set(false);
            },
            std::time::Duration::from_secs(2),
        );
    };
    // A link made before the game moved on is not this game's any more.
    Effect::new(move |_| {
        tp.game.track();
        link.set(None);
    });
    view! {
        <section class="panel table-share" aria-labelledby="table-share-title">
            <h2 id="table-share-title">{text(lang, "whole.share")}</h2>
            <p class="hint">{text(lang, "whole.share_hint")}</p>
            <div class="table-controls">
                <button type="button" data-testid="table-share" on:click=make>
                    {move || text(lang, if copied.get() { "whole.share_copied" } else { "whole.share" })}
                </button>
            </div>
            {move || {
                link.get()
                    .map(|l| {
                        view! {
                            <label class="table-share-link">
                                {text(lang, "whole.share_link")}
                                <input type="text" readonly data-testid="table-share-link" prop:value=l />
                            </label>
                        }
                    })
            }}
        </section>
    }
}
