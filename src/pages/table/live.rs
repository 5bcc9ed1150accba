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
use super::chat::ChatPanel;
use super::felt::Felt;
use super::friends::Invitations;
use super::live_status::LiveStatus;
use super::result::DealResult;
use super::sheet::ScoreSheet;
use super::turn::UserTurnPanel;
use super::waiting::TableWaiting;
use super::{TableDetails, TablePage, drop_param_from_url, fragment_param};
use crate::i18n::{Lang, tr};
use crate::live_client::{LiveConnection, finished_games, keep_token, kept_token, resolve_server};
use crate::model::live::Live;
use crate::model::session::Session;
use crate::model::table::Table;

/// A live table: which server first (a link's `?server=`, else the app's own origin when a
/// table server answers there, else the one remembered), then the table there.
#[component]
pub(super) fn LiveTable(lang: RwSignal<Lang>, table: String) -> impl IntoView {
    let query = use_query_map();
    let param = query.with_untracked(|q| q.get_str("server").map(str::to_string));
    // An invitation's token: `#join=` (the fragment never reaches a server), or `?join=`
    // (older links). Kept in storage once the server is known, and taken out of the address
    // bar now.
    let joined = fragment_param("join")
        .or_else(|| query.with_untracked(|q| q.get_str("join").map(str::to_string)));
    if joined.is_some() {
        drop_param_from_url("join");
    }
    let server: RwSignal<Option<String>> = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let found = resolve_server(param).await;
        let _ = server.try_update(|s| *s = Some(found));
    });
    move || {
        server.get().map(|server| {
            let (table, joined) = (table.clone(), joined.clone());
            view! { <LiveTableAt lang server table joined /> }
        })
    }
}

/// A live table on `server` (`joined`: an invitation's token just opened).
#[component]
fn LiveTableAt(
    lang: RwSignal<Lang>,
    server: String,
    table: String,
    joined: Option<String>,
) -> impl IntoView {
    if let Some(token) = joined {
        keep_token(&server, &table, &token);
    }
    let token = kept_token(&server, &table);
    let conn = LiveConnection::start(&server, &table, token);
    on_cleanup(move || conn.stop());

    let evening = RwSignal::new(Table::new(0, TableLevel::Normal, 0));
    let game = RwSignal::new(None);
    let scene = Memo::new(move |_| conn.live.with(Live::scene));
    let tp = TablePage::new(lang, evening, game, scene, Some(conn));
    provide_context(tp);

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
    // Back at the table: a refusal for want of a connection is past.
    let open = Memo::new(move |_| conn.live.with(|l| l.link_id() == "open"));
    Effect::new(move |_| {
        if open.get() {
            let l = lang.get_untracked();
            let gone = tr(l, "live.not_connected");
            if tp
                .error
                .with_untracked(|e| e.as_deref() == Some(gone.as_str()))
            {
                tp.error.set(None);
            }
        }
    });

    let over = move || scene.with(|s| s.as_ref().is_some_and(|s| s.stage() == Stage::Over));
    let ready = move || tp.game.with(Option::is_some) && over();
    // Refused for good (no such table, a wrong invitation): no empty table under the words.
    let refused = Memo::new(move |_| conn.live.with(|l| l.link_id() == "refused"));
    // Nothing before the first state (no empty felt); while a public table's seat waits for
    // a person (nothing is played then), the seats and the countdown instead of the felt.
    let dealt = Memo::new(move |_| {
        conn.live.with(|l| {
            l.state
                .as_ref()
                .map(|s| s.game > 0 && !s.seats.iter().any(|x| x.waiting))
        })
    });
    view! {
        <LiveStatus server=server.clone() />
        {move || {
            (!refused.get())
                .then(|| {
                    view! {
                        <Invitations server=server.clone() table=table.clone() />
                        <div class="table-stage with-chat" class:over=over>
                            {move || match dealt.get() {
                                None => ().into_any(),
                                Some(false) => view! { <TableWaiting conn /> }.into_any(),
                                Some(true) => {
                                    view! {
                                        <Felt />
                                        <AuctionLog />
                                        <div class="table-below">
                                            {move || (!over()).then(|| view! { <UserTurnPanel /> })}
                                            {move || ready().then(|| view! { <DealResult /> })}
                                        </div>
                                    }
                                        .into_any()
                                }
                            }}
                            <ChatPanel conn />
                        </div>
                        <ScoreSheet />
                        <TableDetails />
                    }
                })
        }}
    }
}
