//! The Lobby (`/lobby`): who the user is on the table server (a guest or an account: the
//! player box, [`player`]), play now or open a table ([`play_now`], with the table the user
//! already sits at), and the public tables waiting for people, updated live ([`tables`]).
//! Every request goes through `live_client::players`; every refusal is shown in words in the
//! one `lobby-error` alert.

mod account;
mod play_now;
mod player;
mod tables;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::components::header::Header;
use crate::i18n::{Lang, refusal_words, text, tr};
use crate::live_client::lobby::LobbyConnection;
use crate::live_client::players::{kept_player, who_am_i};
use crate::live_client::resolve_server;
use crate::model::players::{KeptPlayer, Refusal};
use crate::state::PageLang;

use self::play_now::{CurrentTable, PlayNow};
use self::player::PlayerBox;
use self::tables::TableList;

/// The page's signals, shared by its parts.
#[derive(Clone, Copy)]
struct LobbyPage {
    lang: RwSignal<Lang>,
    chosen: RwSignal<bool>,
    server: StoredValue<String>,
    /// The player kept for the server.
    player: RwSignal<Option<KeptPlayer>>,
    /// The table it sits at (`GET /api/me`, or play now).
    table: RwSignal<Option<String>>,
    /// The last refusal, in words (the `lobby-error` alert).
    error: RwSignal<Option<String>>,
    /// The last success, in words (a polite status).
    note: RwSignal<Option<String>>,
    /// A request is under way (its buttons wait).
    busy: RwSignal<bool>,
    conn: LobbyConnection,
}

impl LobbyPage {
    /// Say a refusal (and take the player out of the box when its session is gone).
    fn refused(&self, r: &Refusal) {
        let server = self.server.get_value();
        if r.forgets_session() {
            self.player.set(kept_player(&server));
            self.table.set(None);
        }
        self.note.set(None);
        self.error
            .set(Some(refusal_words(self.lang.get_untracked(), &server, r)));
    }

    /// Say a success.
    fn done(&self, words: String) {
        self.error.set(None);
        self.note.set(Some(words));
    }

    /// Start a request: the buttons wait and the last words go.
    fn begin(&self) -> bool {
        if self.busy.get_untracked() {
            return false;
        }
        self.busy.set(true);
        self.error.set(None);
        self.note.set(None);
        true
    }

    /// Ask the server who the kept player is now (its name, its table).
    fn refresh(self) {
        let server = self.server.get_value();
        leptos::task::spawn_local(async move {
            match who_am_i(&server).await {
                Ok(me) => {
                    let _ = self.table.try_set(me.and_then(|m| m.table));
                    let _ = self.player.try_set(kept_player(&server));
                }
                Err(r) => {
                    if self.player.try_get_untracked().is_some() {
                        self.refused(&r);
                    }
                }
            }
        });
    }

    /// The Table page's address of `table` (its server named when it is not the app's own;
    /// the chosen language along).
    fn table_path(&self, table: &str) -> String {
        let server = self.server.get_value();
        let mut q = format!("/table?live={table}");
        if server != crate::live_client::own_origin() {
            q.push_str(&format!(
                "&server={}",
                String::from(js_sys::encode_uri_component(&server))
            ));
        }
        if self.chosen.get_untracked() {
            q.push_str(&format!("&lang={}", self.lang.get_untracked().code()));
        }
        q
    }
}

/// The Lobby page.
#[component]
pub fn LobbyPage() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let param = query.with_untracked(|q| q.get_str("server").map(str::to_string));
    let server: RwSignal<Option<String>> = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let found = resolve_server(param).await;
        let _ = server.try_set(Some(found));
    });
    view! {
        <Header />
        <main class="lobby-layout" data-testid="lobby-page">
            <h2 class="lobby-title">{text(lang, "lobby.title")}</h2>
            <p class="hint lobby-intro">{text(lang, "lobby.intro")}</p>
            {move || server.get().map(|server| view! { <LobbyAt lang chosen=page.chosen server /> })}
        </main>
    }
}

/// The lobby of `server`.
#[component]
fn LobbyAt(lang: RwSignal<Lang>, chosen: RwSignal<bool>, server: String) -> impl IntoView {
    let conn = LobbyConnection::start(&server);
    on_cleanup(move || conn.stop());
    let lp = LobbyPage {
        lang,
        chosen,
        server: StoredValue::new(server.clone()),
        player: RwSignal::new(kept_player(&server)),
        table: RwSignal::new(None),
        error: RwSignal::new(None),
        note: RwSignal::new(None),
        busy: RwSignal::new(false),
        conn,
    };
    provide_context(lp);
    lp.refresh();
    view! {
        {move || {
            lp.error
                .get()
                .map(|e| view! { <p class="alert lobby-error" role="alert" data-testid="lobby-error">{e}</p> })
        }}
        <p class="lobby-note" role="status" data-testid="lobby-note">{move || lp.note.get()}</p>
        <div class="lobby-grid">
            <div class="lobby-play">
                <CurrentTable />
                <PlayNow />
            </div>
            <TableList />
            <PlayerBox />
        </div>
    }
}

/// The words of `key` in the page's language now.
fn words(lp: &LobbyPage, key: &str) -> String {
    tr(lp.lang.get_untracked(), key)
}
