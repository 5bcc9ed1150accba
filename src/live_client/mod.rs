//! The one adapter between the pages and a table server (`ulti-server`, protocol
//! `ulti-table/1`): which server (the one the app came from, or the one set with `?server=`,
//! remembered in the browser), its HTTP calls (is it there and does it speak our protocol,
//! create a table, the finished games), the seats' tokens kept in the browser, and one
//! WebSocket per table that reconnects by itself with `since=` after a backoff. What the
//! messages mean is `model::live`'s.

use std::time::Duration;

use leptos::prelude::*;
use serde_json::json;
use ulti_engine::Seat;
use ulti_engine::whole_game::{TableRecord, TableRules};
use wasm_bindgen::JsCast;
use wasm_bindgen::prelude::Closure;
use wasm_bindgen_futures::JsFuture;
use web_sys::{CloseEvent, MessageEvent, WebSocket};

use crate::model::live::wire::{Created, PROTOCOL, SeatChoice, ServerMsg};
use crate::model::live::{Live, Request};

/// The browser storage key of the table server chosen with `?server=`.
const SERVER_KEY: &str = "ulti-server";

/// Why a table server cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerError {
    /// No answer (not running, wrong address, offline).
    Unreachable(String),
    /// It answers, but not `ulti-table/1`.
    Protocol(String),
    /// It refused the request, in its words.
    Refused(String),
}

fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The server's origin without a trailing `/` (`http://host:8787`).
fn clean(origin: &str) -> String {
    origin.trim().trim_end_matches('/').to_string()
}

/// The table server: `?server=` (then remembered), else the one remembered, else the app's
/// own origin (an app served by `ulti-server --site`).
#[must_use]
pub fn choose_server(param: Option<&str>) -> String {
    if let Some(p) = param.filter(|p| !p.trim().is_empty()) {
        let p = clean(p);
        if let Some(s) = storage() {
            let _ = s.set_item(SERVER_KEY, &p);
        }
        return p;
    }
    storage()
        .and_then(|s| s.get_item(SERVER_KEY).ok().flatten())
        .filter(|s| !s.is_empty())
        .unwrap_or_else(|| window().location().origin().unwrap_or_default())
}

/// Remember `server` as the table server (empty: the app's own origin again).
pub fn set_server(server: &str) {
    if let Some(s) = storage() {
        let _ = if server.trim().is_empty() {
            s.remove_item(SERVER_KEY)
        } else {
            s.set_item(SERVER_KEY, &clean(server))
        };
    }
}

/// The key of a seat's token in the browser's storage.
fn token_key(server: &str, table: &str) -> String {
    format!("ulti-live|{server}|{table}")
}

/// The token kept for `table` on `server` (the seat this browser holds there).
#[must_use]
pub fn kept_token(server: &str, table: &str) -> Option<String> {
    storage().and_then(|s| s.get_item(&token_key(server, table)).ok().flatten())
}

/// Keep `token` for `table` on `server`: a reload or a later visit takes the same seat.
pub fn keep_token(server: &str, table: &str, token: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(&token_key(server, table), token);
    }
}

/// GET or POST `path` on `server`: the JSON answer.
async fn call(
    server: &str,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<serde_json::Value, ServerError> {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    if let Some(b) = &body {
        init.set_body(&wasm_bindgen::JsValue::from_str(b));
        let headers =
            web_sys::Headers::new().map_err(|_| ServerError::Unreachable(server.into()))?;
        let _ = headers.set("content-type", "application/json");
        init.set_headers(&headers);
    }
    let url = format!("{server}{path}");
    let unreachable = |_| ServerError::Unreachable(server.to_string());
    let resp: web_sys::Response = JsFuture::from(window().fetch_with_str_and_init(&url, &init))
        .await
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    let text = JsFuture::from(resp.text().map_err(unreachable)?)
        .await
        .ok()
        .and_then(|t| t.as_string())
        .unwrap_or_default();
    let value: serde_json::Value = serde_json::from_str(&text).map_err(|_| {
        ServerError::Protocol(format!("{url} answered {} without JSON", resp.status()))
    })?;
    if resp.ok() {
        Ok(value)
    } else {
        Err(ServerError::Refused(value["error"].as_str().map_or_else(
            || format!("status {}", resp.status()),
            str::to_string,
        )))
    }
}

/// Is a table server at `server`, speaking our protocol?
///
/// # Errors
/// Unreachable, or another protocol.
pub async fn probe(server: &str) -> Result<(), ServerError> {
    let v = call(server, "GET", "/api", None).await?;
    match v["protocol"].as_str() {
        Some(PROTOCOL) => Ok(()),
        Some(other) => Err(ServerError::Protocol(other.to_string())),
        None => Err(ServerError::Protocol(format!(
            "{server}/api names no protocol"
        ))),
    }
}

/// Create a table with `rules` and `seats` on `server`.
///
/// # Errors
/// The server's refusal, or no server.
pub async fn create_table(
    server: &str,
    rules: TableRules,
    seats: [SeatChoice; 3],
) -> Result<Created, ServerError> {
    let body = json!({"rules": rules, "seats": seats.map(SeatChoice::wire)}).to_string();
    let v = call(server, "POST", "/api/tables", Some(body)).await?;
    serde_json::from_value(v).map_err(|e| ServerError::Protocol(e.to_string()))
}

/// The table's finished games, game 1 first.
///
/// # Errors
/// The server's refusal, or no server.
pub async fn finished_games(server: &str, table: &str) -> Result<Vec<TableRecord>, ServerError> {
    let v = call(server, "GET", &format!("/api/tables/{table}/games"), None).await?;
    serde_json::from_value(v).map_err(|e| ServerError::Protocol(e.to_string()))
}

/// The socket's URL for `server`'s table.
fn socket_url(server: &str, table: &str, query: &str) -> String {
    let ws = if let Some(rest) = server.strip_prefix("https://") {
        format!("wss://{rest}")
    } else {
        format!("ws://{}", server.trim_start_matches("http://"))
    };
    if query.is_empty() {
        format!("{ws}/api/tables/{table}/ws")
    } else {
        format!("{ws}/api/tables/{table}/ws?{query}")
    }
}

/// The socket of the moment and the callbacks it holds.
struct Socket {
    ws: WebSocket,
    _on_open: Closure<dyn FnMut()>,
    _on_message: Closure<dyn FnMut(MessageEvent)>,
    _on_close: Closure<dyn FnMut(CloseEvent)>,
}

/// A live table's connection: the table's [`Live`] state as a signal, kept up to date.
#[derive(Clone, Copy)]
pub struct LiveConnection {
    /// The table as this connection knows it.
    pub live: RwSignal<Live>,
    server: StoredValue<String>,
    token: StoredValue<Option<String>>,
    socket: StoredValue<Option<Socket>, LocalStorage>,
    /// Stopped for good (the page left).
    stopped: StoredValue<bool>,
    /// Incremented on every finished game received, so the page can fetch the records.
    pub overs: RwSignal<u32>,
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
            stopped: StoredValue::new(false),
            overs: RwSignal::new(0),
        };
        c.connect();
        c
    }

    /// The server.
    #[must_use]
    pub fn server(&self) -> String {
        self.server.get_value()
    }

    /// Open the socket (again), resuming after the last message received.
    fn connect(self) {
        if self.stopped.get_value() {
            return;
        }
        let (table, query) = self.live.with_untracked(|l| (l.table.clone(), l.query()));
        let protocols: js_sys::Array = Live::protocols(self.token.get_value().as_deref())
            .into_iter()
            .map(|p| wasm_bindgen::JsValue::from_str(&p))
            .collect();
        self.live.update(Live::connecting);
        let url = socket_url(&self.server.get_value(), &table, &query);
        let Ok(ws) = WebSocket::new_with_str_sequence(&url, &protocols) else {
            self.lost();
            return;
        };
        let on_open = Closure::<dyn FnMut()>::new(move || self.live.update(Live::opened));
        let on_message = Closure::<dyn FnMut(MessageEvent)>::new(move |e: MessageEvent| {
            let Some(text) = e.data().as_string() else {
                return;
            };
            let Ok(msg) = serde_json::from_str::<ServerMsg>(&text) else {
                return;
            };
            let over = matches!(msg, ServerMsg::Over { .. });
            let resend = self.live.try_update(|l| l.receive(msg)).unwrap_or_default();
            for m in resend {
                self.send_text(&m.to_json());
            }
            if over {
                self.overs.update(|n| *n += 1);
            }
        });
        let on_close = Closure::<dyn FnMut(CloseEvent)>::new(move |_: CloseEvent| self.lost());
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

    /// The socket closed (or never opened): try again after the backoff.
    fn lost(self) {
        if self.stopped.try_get_value().unwrap_or(true) {
            return;
        }
        let wait = self.live.try_update(Live::closed).unwrap_or(15_000);
        set_timeout(
            move || {
                if !self.stopped.try_get_value().unwrap_or(true) {
                    self.connect();
                }
            },
            Duration::from_millis(u64::from(wait)),
        );
    }

    fn send_text(&self, text: &str) {
        self.socket.with_value(|s| {
            if let Some(s) = s {
                let _ = s.ws.send_with_str(text);
            }
        });
    }

    /// Ask the table for `req`; `false` when it cannot go now (not connected).
    pub fn request(&self, req: Request) -> bool {
        match self.live.try_update(|l| l.request(req)).flatten() {
            Some(m) => {
                self.send_text(&m.to_json());
                true
            }
            None => false,
        }
    }

    /// Let an out-of-turn kontra go (nothing is sent: the game goes on without it).
    pub fn decline(&self) {
        self.live.update(Live::decline);
    }

    /// Close for good (the page is left).
    pub fn stop(&self) {
        self.stopped.set_value(true);
        self.socket.update_value(|s| {
            if let Some(s) = s.take() {
                s.ws.set_onclose(None);
                let _ = s.ws.close();
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
