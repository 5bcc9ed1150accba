//! A live table's status bar: the connection (connected, catching up, offline or lost with a
//! countdown to the next attempt and a "Reconnect now" button), which seat, which server (and
//! a way to change it), an action sent before the connection dropped, what the computer did
//! while the user was away, and why the table cannot be joined with the way forward.

use leptos::prelude::*;

use super::{TablePage, server_error};
use crate::i18n::{Lang, seats_in_words, table_seat, text, tr, tr_with};
use crate::live_client::{LiveConnection, ServerError};
use crate::model::live::Link;
use crate::model::live::problem::Problem;

/// The connection in words.
fn link_words(l: Lang, c: LiveConnection) -> String {
    let now = c.now.get();
    c.live.with(|live| match &live.link {
        Link::Open => tr(l, "live.connected"),
        Link::Catching => tr(l, "live.catching_up"),
        Link::Connecting { .. } => tr(l, "live.connecting"),
        Link::Refused => tr(l, "live.refused_link"),
        Link::Lost { offline, .. } => match (live.retry_in_s(now), offline) {
            (None, _) => tr(l, "live.offline_wait"),
            (Some(s), true) => tr_with(l, "live.offline_retry", &[("s", &s.to_string())]),
            (Some(s), false) => tr_with(l, "live.lost", &[("s", &s.to_string())]),
        },
    })
}

/// Why the table cannot be joined, in words.
fn problem_words(l: Lang, server: &str, p: &Problem) -> String {
    let e = match p {
        Problem::NoTable => return tr_with(l, "live.no_table", &[("server", server)]),
        Problem::BadInvitation => {
            return tr_with(l, "live.bad_invitation", &[("server", server)]);
        }
        Problem::NotOurs => return tr_with(l, "live.not_ours", &[("server", server)]),
        Problem::Unreachable => ServerError::Unreachable(server.to_string()),
        Problem::OtherProtocol(p) => ServerError::Protocol(p.clone()),
        Problem::Refused(r) => ServerError::Refused(r.clone()),
    };
    server_error(l, server, &e)
}

/// Which server, which seat, and the connection; who is connected at the table.
#[component]
pub(super) fn LiveStatus(server: String) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let conn = tp.live.expect("a live table");
    let link_id = move || conn.live.with(|l| l.link_id());
    let waiting = move || conn.live.with(|l| matches!(l.link, Link::Lost { .. }));
    let retry_s = move || {
        let now = conn.now.get();
        conn.live
            .with(|l| l.retry_in_s(now).map(|s| s.to_string()))
            .unwrap_or_default()
    };
    let seat_words = move || {
        let l = lang.get();
        conn.live.with(|live| match live.seat {
            _ if live.link_id() == "refused" => String::new(),
            Some(s) => tr_with(
                l,
                "live.you_are",
                &[("seat", &table_seat(l, s, usize::MAX))],
            ),
            None => tr(l, "live.watching"),
        })
    };
    let pending = move || conn.live.with(|l| l.pending.len());
    let for_me = move || conn.live.with(|l| l.played_for_me());
    // The last table message the page shows (the e2e test times the other pages by it).
    let at = move || {
        conn.live
            .with(|l| l.state.as_ref().map_or(0, |s| s.at).to_string())
    };
    let server_shown = server.clone();
    view! {
        <section class="panel live-status" data-testid="live-status" data-link=link_id data-at=at aria-live="polite">
            <p class="live-line">
                <span class=move || format!("live-dot {}", link_id()) aria-hidden="true"></span>
                <strong data-testid="live-link" data-retry=retry_s>{move || link_words(lang.get(), conn)}</strong>
                {move || {
                    waiting()
                        .then(|| {
                            view! {
                                <button type="button" class="live-reconnect" data-testid="live-reconnect" on:click=move |_| conn.reconnect_now()>
                                    {text(lang, "live.reconnect_now")}
                                </button>
                            }
                        })
                }}
                <span class="live-seat" data-testid="live-seat">{seat_words}</span>
            </p>
            {move || {
                (pending() > 0 && link_id() != "open")
                    .then(|| view! { <p class="hint" data-testid="live-pending">{text(lang, "live.pending")}</p> })
            }}
            {move || {
                let n = for_me();
                (n > 0 && link_id() == "open")
                    .then(|| {
                        view! {
                            <p class="hint live-away-summary" data-testid="live-away-summary" data-n=n.to_string()>
                                {move || tr_with(lang.get(), "live.away_summary", &[("n", &n.to_string())])}
                            </p>
                        }
                    })
            }}
            <ProblemBox server=server.clone() />
            <ServerChoice server=server_shown />
            <p class="visually-hidden">{text(lang, "live.status_hint")}</p>
        </section>
    }
}

/// Why the table cannot be joined, and the way forward.
#[component]
fn ProblemBox(server: String) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let conn = tp.live.expect("a live table");
    move || {
        let l = lang.get();
        conn.problem.get().map(|p| {
            let words = seats_in_words(l, &problem_words(l, &server, &p));
            let bad = p == Problem::BadInvitation;
            let fatal = p.is_final();
            let base = crate::url_sync::router_base();
            view! {
                <div class="alert live-problem" role="alert" data-testid="live-problem" data-problem=p.id()>
                    <p>{words}</p>
                    {fatal
                        .then(|| {
                            view! {
                                <p class="table-controls">
                                    {bad
                                        .then(|| {
                                            view! {
                                                <button
                                                    type="button"
                                                    data-testid="live-watch-instead"
                                                    on:click=move |_| {
                                                        let _ = window().location().reload();
                                                    }
                                                >
                                                    {text(lang, "live.watch_instead")}
                                                </button>
                                            }
                                        })}
                                    <a class="button" rel="external" href=format!("{base}/table") data-testid="live-play-local">
                                        {text(lang, "live.play_local")}
                                    </a>
                                </p>
                            }
                        })}
                </div>
            }
        })
    }
}

/// The server in use, and a way to open the table on another one (`?server=` for this link).
#[component]
fn ServerChoice(server: String) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let typed = RwSignal::new(server.clone());
    let shown = server.clone();
    let go = move |_| {
        let w = window();
        let Ok(href) = w.location().href() else {
            return;
        };
        let Ok(url) = web_sys::Url::new(&href) else {
            return;
        };
        let s = typed.get_untracked();
        if s.trim().is_empty() {
            url.search_params().delete("server");
        } else {
            url.search_params()
                .set("server", s.trim().trim_end_matches('/'));
        }
        let _ = w.location().set_href(&url.href());
    };
    view! {
        <details class="live-server-change" data-testid="live-server-change">
            <summary>
                <span class="hint" data-testid="live-server">
                    {move || tr_with(lang.get(), "live.server", &[("server", &shown)])}
                </span>
            </summary>
            <label class="field">
                {text(lang, "live.change_server")}
                <input
                    type="url"
                    data-testid="live-server-input"
                    prop:value=typed
                    on:input=move |ev| typed.set(event_target_value(&ev))
                />
            </label>
            <button type="button" data-testid="live-server-use" on:click=go>
                {text(lang, "live.use_server")}
            </button>
        </details>
    }
}
