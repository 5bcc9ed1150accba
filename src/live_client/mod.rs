//! The one adapter between the pages and a table server (`ulti-server`, protocol
//! `ulti-table/1`): the server and its HTTP calls ([`server`]), and one WebSocket per table
//! that keeps itself alive: a heartbeat (`ping` after a silence, a socket that answers nothing
//! is closed), the browser's `online`/`offline` events, reconnecting with `since=` after a
//! short backoff (at once when the network comes back, or when the user asks), and, when a
//! socket never opened, asking the server over HTTP why ([`server::diagnose`]): no such
//! table and a wrong invitation end the attempts. What the messages mean and when to do what
//! is `model::live`'s; this file only carries it out. The player kept for a server and its
//! calls are [`players`]'s, the lobby's socket [`lobby`]'s.

pub mod daily;
pub mod lobby;
pub mod players;
pub mod profiles;
mod server;
mod watch;

use std::time::Duration;

use leptos::prelude::*;
use ulti_engine::Seat;
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

pub use self::server::{
    ServerError, choose_server, create_table, finished_game, finished_games, forget_token,
    keep_lobby_seat, keep_token, kept_token, lobby_seat, own_origin, probe, resolve_server,
    set_server,
};
use self::watch::{Watch, ws_url};
use crate::model::live::problem::Problem;
use crate::model::live::wire::ServerMsg;
use crate::model::live::{Beat, Live, Request};

/// How often the page's clock ticks (the heartbeat, the countdown, the next attempt).
const TICK: Duration = Duration::from_millis(250);

/// The browser's clock in milliseconds.
fn now() -> f64 {
    js_sys::Date::now()
}

/// The socket's URL for `server`'s table.
fn socket_url(server: &str, table: &str, query: &str) -> String {
    if query.is_empty() {
        ws_url(server, &format!("/api/tables/{table}/ws"))
    } else {
        ws_url(server, &format!("/api/tables/{table}/ws?{query}"))
    }
}

/// The socket of the moment and the callbacks it holds.
struct Socket {
    ws: WebSocket,
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

impl Socket {
    /// Close it without hearing of it (the caller counts the connection lost itself).
    fn close_quietly(&self) {
        self.ws.set_onclose(None);
        self.ws.set_onmessage(None);
        let _ = self.ws.close();
    }
}

/// A live table's connection: the table's [`Live`] state as a signal, kept up to date.
#[derive(Clone, Copy)]
pub struct LiveConnection {
    /// The table as this connection knows it.
    pub live: RwSignal<Live>,
    server: StoredValue<String>,
    token: StoredValue<Option<String>>,
    socket: StoredValue<Option<Socket>, LocalStorage>,
    watch: StoredValue<Option<Watch>, LocalStorage>,
    /// Stopped for good (the page left, or the server refused the table for good).
    stopped: StoredValue<bool>,
    /// A diagnosis is under way.
    asking: StoredValue<bool>,
    /// Incremented on every finished game received, so the page can fetch the records.
    pub overs: RwSignal<u32>,
    /// Why the table cannot be joined (after a socket that never opened).
    pub problem: RwSignal<Option<Problem>>,
    /// The clock while the connection is lost (the countdown reads it).
    pub now: RwSignal<f64>,
}

impl LiveConnection {
    /// Connect to `table` on `server`, at the seat `token` holds (`None`: watching).
    #[must_use]
    pub fn start(server: &str, table: &str, token: Option<String>) -> LiveConnection {
        let c = LiveConnection {
            live: RwSignal::new(Live::new(table, None)),
            server: StoredValue::new(server.to_string()),
            token: StoredValue::new(token),
            socket: StoredValue::new_local(None),
            watch: StoredValue::new_local(None),
            stopped: StoredValue::new(false),
            asking: StoredValue::new(false),
            overs: RwSignal::new(0),
            problem: RwSignal::new(None),
            now: RwSignal::new(now()),
        };
        c.watch_network();
        c.connect();
        c
    }

    /// The server.
    #[must_use]
    pub fn server(&self) -> String {
        self.server.get_value()
    }

    /// Does this connection hold a seat's token?
    #[must_use]
    pub fn has_token(&self) -> bool {
        self.token.with_value(Option::is_some)
    }

    fn alive(self) -> bool {
        !self.stopped.try_get_value().unwrap_or(true)
    }

    /// The clock and the browser's `online`/`offline` events.
    fn watch_network(self) {
        let online = window().navigator().on_line();
        self.live.update(|l| l.set_online(online));
        let watch = Watch::start(
            TICK,
            move || self.tick(),
            move || {
                if self.alive() {
                    self.live.update(|l| {
                        l.set_online(true);
                        l.retry_now(now());
                    });
                    self.tick();
                }
            },
            move || {
                if self.alive() {
                    self.live.update(|l| l.set_online(false));
                    self.drop_socket();
                    self.lost(true);
                }
            },
        );
        self.watch.set_value(Some(watch));
    }

    /// One tick of the clock: the heartbeat, the countdown, the next attempt.
    fn tick(self) {
        if !self.alive() {
            return;
        }
        let t = now();
        if self.live.with_untracked(|l| l.retry_in_s(t).is_some()) {
            self.now.set(t);
        }
        match self.live.try_update_untracked(|l| l.tick(t)) {
            Some(Beat::Ping) => self.send_text(r#"{"t":"ping"}"#),
            Some(Beat::Dead) => {
                self.drop_socket();
                self.lost(true);
            }
            Some(Beat::Connect) => self.connect(),
            _ => {}
        }
    }

    /// Open the socket (again), resuming after the last message received.
    fn connect(self) {
        if !self.alive() {
            return;
        }
        self.drop_socket();
        let (table, query) = self.live.with_untracked(|l| (l.table.clone(), l.query()));
        let session = players::kept_player(&self.server.get_value()).map(|p| p.session);
        let protocols: js_sys::Array =
            Live::protocols(self.token.get_value().as_deref(), session.as_deref())
                .into_iter()
                .map(|p| wasm_bindgen::JsValue::from_str(&p))
                .collect();
        self.live.update(|l| l.connecting(now()));
        let url = socket_url(&self.server.get_value(), &table, &query);
        let Ok(ws) = WebSocket::new_with_str_sequence(&url, &protocols) else {
            self.lost(false);
            return;
        };
        let on_open = Closure::<dyn FnMut()>::new(move || {
            self.live.update(|l| l.opened(now()));
            self.problem.set(None);
            set_server(&self.server.get_value());
        });
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            self.live.update_untracked(|l| l.heard(now()));
            let Some(text) = e.data().as_string() else {
                return;
            };
            let Ok(msg) = serde_json::from_str::<ServerMsg>(&text) else {
                return;
            };
            if msg == ServerMsg::Pong {
                return;
            }
            let over = matches!(msg, ServerMsg::Over { .. });
            let resend = self.live.try_update(|l| l.receive(msg)).unwrap_or_default();
            for m in resend {
                self.send_text(&m.to_json());
            }
            if over {
                self.overs.update(|n| *n += 1);
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |_: CloseEvent| {
            self.socket.update_value(|s| *s = None);
            self.lost(false);
        });
        ws.set_onopen(Some(on_open.as_ref().unchecked_ref()));
        ws.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        ws.set_onclose(Some(on_close.as_ref().unchecked_ref()));
        self.socket.set_value(Some(Socket {
            ws,
            _on_open: on_open,
            _on_message: on_message,
            _on_close: on_close,
        }));
    }

    /// Close the socket of the moment, if any, without hearing of it.
    fn drop_socket(self) {
        self.socket.update_value(|s| {
            if let Some(s) = s.take() {
                s.close_quietly();
            }
        });
    }

    /// The socket closed (or never opened, or was found dead: `offline`): the next attempt
    /// comes after the backoff; a socket that never opened is explained by the server.
    fn lost(self, offline: bool) {
        if !self.alive() {
            return;
        }
        let never_opened = self.live.with_untracked(|l| l.link_id() == "connecting");
        let online = self
            .live
            .try_update(|l| {
                l.closed(now(), offline);
                l.online()
            })
            .unwrap_or(false);
        self.now.set(now());
        if never_opened && online && !offline {
            self.diagnose();
        }
    }

    /// Ask the server why the socket did not open; a final answer ends the attempts (a wrong
    /// invitation's token is forgotten).
    fn diagnose(self) {
        if self.asking.get_value() {
            return;
        }
        self.asking.set_value(true);
        let (server, table) = (
            self.server.get_value(),
            self.live.with_untracked(|l| l.table.clone()),
        );
        let token = self.token.get_value();
        leptos::task::spawn_local(async move {
            let found = server::diagnose(&server, &table, token.as_deref()).await;
            if !self.alive() {
                return;
            }
            self.asking.set_value(false);
            if found == Some(Problem::BadInvitation) {
                forget_token(&server, &table);
            }
            if found.as_ref().is_some_and(Problem::is_final) {
                self.stopped.set_value(true);
                self.drop_socket();
                self.live.update(Live::refused_for_good);
            }
            self.problem.set(found);
        });
    }

    fn send_text(&self, text: &str) {
        self.socket.with_value(|s| {
            if let Some(s) = s {
                let _ = s.ws.send_with_str(text);
            }
        });
    }

    /// Ask the table for `req`; `false` when it cannot go now (not connected: refused, and
    /// nothing is kept to send later).
    pub fn request(&self, req: Request) -> bool {
        match self.live.try_update(|l| l.request(req)).flatten() {
            Some(m) => {
                self.send_text(&m.to_json());
                true
            }
            None => false,
        }
    }

    /// Send a chat message for the user's seat (trimmed, cut to 140 characters); `false` when
    /// it cannot go now (not connected, or nothing to send): the page keeps the text. The
    /// server's `ack` or `error` for it is matched by its id ([`Live::receive`]).
    pub fn chat(&self, text: &str) -> bool {
        match crate::model::live::chat::outgoing(text) {
            Some(t) => self.request(Request::Chat(t)),
            None => false,
        }
    }

    /// The creator's chat settings; `false` when they cannot go now.
    pub fn chat_settings(&self, chat: bool, spectators: bool) -> bool {
        self.request(Request::ChatSettings { chat, spectators })
    }

    /// Try again now, without waiting for the countdown (also when the browser says it is
    /// offline: its word can be wrong).
    pub fn reconnect_now(&self) {
        self.live.update(|l| {
            l.set_online(true);
            l.retry_now(now());
        });
        self.tick();
    }

    /// Let an out-of-turn kontra go (nothing is sent: the game goes on without it).
    pub fn decline(&self) {
        self.live.update(Live::decline);
    }

    /// Close for good (the page is left).
    pub fn stop(&self) {
        self.stopped.set_value(true);
        self.drop_socket();
        self.watch.update_value(|w| {
            if let Some(w) = w.take() {
                w.stop();
            }
        });
    }

    /// Break the connection now, as a network failure would (it reconnects by itself).
    pub fn drop_connection(&self) {
        self.socket.with_value(|s| {
            if let Some(s) = s {
                let _ = s.ws.close();
            }
        });
    }

    /// The seat this connection holds, once the server said.
    #[must_use]
    pub fn seat(&self) -> Option<Seat> {
        self.live.with(|l| l.seat)
    }
}
