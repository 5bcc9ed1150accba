//! A live table (`?live=ID`): the table server's game at the seat whose token this browser
//! keeps (an invitation's `join=` token is kept, then taken out of the address bar), or
//! watched without one. The same felt, bidding box, kontra, result and score sheet as the
//! local evening, driven by the server's messages; the connection's state always shown, and
//! the user's requests refused while it is not there.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Stage, TableRecord};

use super::auction_log::AuctionLog;
use super::felt::Felt;
use super::friends::Invitations;
use super::result::DealResult;
use super::sheet::ScoreSheet;
use super::turn::UserTurnPanel;
use super::{TableDetails, TablePage, drop_param_from_url, fragment_param, server_error};
use crate::i18n::{Lang, seats_in_words, table_seat, text, tr, tr_with};
use crate::live_client::{
    LiveConnection, ServerError, choose_server, finished_games, keep_token, kept_token, probe,
};
use crate::model::live::{Link, Live};
use crate::model::session::Session;
use crate::model::table::Table;

/// A live table.
#[component]
pub(super) fn LiveTable(lang: RwSignal<Lang>, table: String) -> impl IntoView {
    let query = use_query_map();
    let server = choose_server(
        query
            .with_untracked(|q| q.get_str("server").map(str::to_string))
            .as_deref(),
    );
    // An invitation's token: `#join=` (the fragment never reaches a server), or `?join=`
    // (older links). Kept in storage, then taken out of the address bar.
    let joined = fragment_param("join")
        .or_else(|| query.with_untracked(|q| q.get_str("join").map(str::to_string)));
    if let Some(token) = joined {
        keep_token(&server, &table, &token);
        drop_param_from_url("join");
    }
    let token = kept_token(&server, &table);
    let conn = LiveConnection::start(&server, &table, token);
    on_cleanup(move || conn.stop());

    let evening = RwSignal::new(Table::new(0, TableLevel::Normal, 0));
    let game = RwSignal::new(None);
    let scene = Memo::new(move |_| conn.live.with(Live::scene));
    let tp = TablePage::new(lang, evening, game, scene, Some(conn));
    provide_context(tp);

    // Is the server there, and does it speak our protocol? (The socket alone cannot say.)
    let problem: RwSignal<Option<ServerError>> = RwSignal::new(None);
    {
        let server = server.clone();
        leptos::task::spawn_local(async move {
            if let Err(e) = probe(&server).await {
                problem.set(Some(e));
            }
        });
    }
    // The finished games: from the server at the start and after each game (a connection
    // that joined late saw only the last ones); the score sheet, the result, the review and the
    // export read them.
    {
        let server = server.clone();
        let table = table.clone();
        let seat = Memo::new(move |_| conn.live.with(|l| l.seat));
        Effect::new(move |_| {
            conn.overs.track();
            let seat = seat.get();
            let (server, table) = (server.clone(), table.clone());
            leptos::task::spawn_local(async move {
                let Ok(records) = finished_games(&server, &table).await else {
                    return;
                };
                let lines: String = records.iter().map(|r| r.to_json() + "\n").collect();
                if let Ok(session) = Session::import(&lines, 0) {
                    let _ = evening.try_update(|t| {
                        t.import(session);
                        t.user = seat.unwrap_or(0);
                    });
                }
            });
        });
    }
    // The game on the table once it is over: its whole record (the result and the review).
    let over_record: Memo<Option<TableRecord>> =
        Memo::new(move |_| conn.live.with(|l| l.over().cloned()));
    Effect::new(move |_| game.set(over_record.get().and_then(|r| r.replay().ok())));
    // A request the server refused: its words.
    let refused = Memo::new(move |_| conn.live.with(|l| l.refused.clone()));
    Effect::new(move |_| {
        if let Some(e) = refused.get() {
            tp.error.set(Some(e));
        }
    });

    let over = move || scene.with(|s| s.as_ref().is_some_and(|s| s.stage() == Stage::Over));
    let ready = move || tp.game.with(Option::is_some) && over();
    view! {
        <LiveStatus server=server.clone() problem />
        <Invitations server=server.clone() table=table.clone() />
        <div class="table-stage">
            <Felt />
            <AuctionLog />
            <div class="table-below">
                {move || (!over()).then(|| view! { <UserTurnPanel /> })}
                {move || ready().then(|| view! { <DealResult /> })}
            </div>
        </div>
        <ScoreSheet />
        <TableDetails />
    }
}

/// Which server, which seat, and the connection: connected, catching up, or lost and trying
/// again (actions wait until it is back); who is connected at the table.
#[component]
fn LiveStatus(server: String, problem: RwSignal<Option<ServerError>>) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let conn = tp.live.expect("a live table");
    let link = move || conn.live.with(|l| l.link.clone());
    let link_id = move || match link() {
        Link::Open => "open",
        Link::Catching => "catching",
        Link::Connecting { .. } => "connecting",
        Link::Lost { .. } => "lost",
    };
    let words = move || {
        let l = lang.get();
        match link() {
            Link::Open => tr(l, "live.connected"),
            Link::Catching => tr(l, "live.catching_up"),
            Link::Connecting { .. } => tr(l, "live.connecting"),
            Link::Lost { retry_ms, .. } => tr_with(
                l,
                "live.lost",
                &[("s", &format!("{:.0}", f64::from(retry_ms) / 1000.0))],
            ),
        }
    };
    let seat_words = move || {
        let l = lang.get();
        conn.live.with(|live| match live.seat {
            Some(s) => tr_with(
                l,
                "live.you_are",
                &[("seat", &table_seat(l, s, usize::MAX))],
            ),
            None => tr(l, "live.watching"),
        })
    };
    let pending = move || conn.live.with(|l| l.pending.len());
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
                <strong data-testid="live-link">{words}</strong>
                " · "
                <span data-testid="live-seat">{seat_words}</span>
                " · "
                <span class="hint" data-testid="live-server">
                    {move || tr_with(lang.get(), "live.server", &[("server", &server_shown)])}
                </span>
            </p>
            {move || {
                (pending() > 0 && link_id() != "open")
                    .then(|| {
                        view! {
                            <p class="hint" data-testid="live-pending">
                                {move || tr(lang.get(), "live.pending")}
                            </p>
                        }
                    })
            }}
            {move || {
                let l = lang.get();
                problem
                    .get()
                    .map(|e| {
                        view! {
                            <p class="alert" role="alert" data-testid="live-problem">
                                {seats_in_words(l, &server_error(l, &server, &e))}
                            </p>
                        }
                    })
            }}
            <p class="visually-hidden">{text(lang, "live.status_hint")}</p>
        </section>
    }
}
