//! The table server and its HTTP calls: which server a link uses, the seats' tokens kept in
//! the browser, is it there and does it speak our protocol, create a table, the finished
//! games, and why a table cannot be joined ([`diagnose`]).
//!
//! Which server: a link's `?server=` counts for that link; a link without one goes to the
//! server that served the app (an app served by `ulti-server --site`), or, when the app came
//! from a static host (no table server at its own origin), to the server remembered in the
//! browser (the last one a table was opened or joined on).

use leptos::prelude::*;
use serde_json::json;
use ulti_engine::whole_game::{TableRecord, TableRules};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::model::live::problem::Problem;
use crate::model::live::wire::{Created, PROTOCOL, SeatChoice};

/// The browser storage key of the table server chosen with `?server=`.
const SERVER_KEY: &str = "ulti-server";

/// Why a table server cannot be used.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ServerError {
    /// No answer (not running, wrong address, offline).
    Unreachable(String),
    /// It answers, but it is no table server (no JSON, or no protocol named).
    NotOurs(String),
    /// A table server of another protocol (its name).
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

/// The app's own origin (`http://host:port`).
#[must_use]
pub fn own_origin() -> String {
    window().location().origin().unwrap_or_default()
}

/// The server remembered in this browser (the last one a table was opened or joined on).
#[must_use]
pub fn remembered_server() -> Option<String> {
    storage()
        .and_then(|s| s.get_item(SERVER_KEY).ok().flatten())
        .filter(|s| !s.is_empty())
}

/// The table server to show at once: `?server=`, else the one remembered, else the app's own
/// origin. [`resolve_server`] decides; this is the first guess of a form.
#[must_use]
pub fn choose_server(param: Option<&str>) -> String {
    match param.filter(|p| !p.trim().is_empty()) {
        Some(p) => clean(p),
        None => remembered_server().unwrap_or_else(own_origin),
    }
}

/// The table server of a link: its `?server=` (for this link only); else the app's own origin
/// when a table server answers there; else (an app on a static host) the one remembered.
pub async fn resolve_server(param: Option<String>) -> String {
    if let Some(p) = param.filter(|p| !p.trim().is_empty()) {
        return clean(&p);
    }
    let own = own_origin();
    if probe(&own).await.is_ok() {
        return own;
    }
    remembered_server().unwrap_or(own)
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

/// Forget the token kept for `table` on `server` (it holds no seat there), and the mark
/// that the lobby seated this browser there ([`keep_lobby_seat`]).
pub fn forget_token(server: &str, table: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&token_key(server, table));
        let _ = s.remove_item(&lobby_seat_key(server, table));
    }
}

/// Keep `token` for `table` on `server`: a reload or a later visit takes the same seat.
pub fn keep_token(server: &str, table: &str, token: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(&token_key(server, table), token);
    }
}

/// The key that marks a table where the lobby seated this browser (play now, "Sit here").
fn lobby_seat_key(server: &str, table: &str) -> String {
    format!("ulti-lobby-seat|{server}|{table}")
}

/// Remember that the lobby seated this browser at `table` on `server`: its seats are the
/// lobby's to fill, so the table offers no invitations. The server does not say so once the
/// seats are filled (`fill_at` and `waiting` are only sent while a seat waits).
pub fn keep_lobby_seat(server: &str, table: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(&lobby_seat_key(server, table), "1");
    }
}

/// Did the lobby seat this browser at `table` on `server` ([`keep_lobby_seat`])?
#[must_use]
pub fn lobby_seat(server: &str, table: &str) -> bool {
    storage()
        .and_then(|s| s.get_item(&lobby_seat_key(server, table)).ok().flatten())
        .is_some()
}

/// GET or POST `path` on `server` (with a player's session as `Authorization: Bearer`, when
/// given): the status and the JSON answer, whatever the status.
///
/// # Errors
/// No answer ([`ServerError::Unreachable`]) or an answer without JSON.
pub(super) async fn fetch_json(
    server: &str,
    method: &str,
    path: &str,
    body: Option<String>,
    bearer: Option<&str>,
) -> Result<(u16, serde_json::Value), ServerError> {
    let init = web_sys::RequestInit::new();
    init.set_method(method);
    let unreachable = |_| ServerError::Unreachable(server.to_string());
    let headers = web_sys::Headers::new().map_err(unreachable)?;
    if let Some(b) = &body {
        init.set_body(&wasm_bindgen::JsValue::from_str(b));
        let _ = headers.set("content-type", "application/json");
    }
    if let Some(s) = bearer {
        let _ = headers.set("authorization", &format!("Bearer {s}"));
    }
    init.set_headers(&headers);
    let url = format!("{server}{path}");
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
        ServerError::NotOurs(format!("{url} answered {} without JSON", resp.status()))
    })?;
    Ok((resp.status(), value))
}

/// GET or POST `path` on `server`: the JSON answer.
async fn call(
    server: &str,
    method: &str,
    path: &str,
    body: Option<String>,
) -> Result<serde_json::Value, ServerError> {
    let (status, value) = fetch_json(server, method, path, body, None).await?;
    if (200..300).contains(&status) {
        Ok(value)
    } else {
        Err(ServerError::Refused(
            value["error"]
                .as_str()
                .map_or_else(|| format!("status {status}"), str::to_string),
        ))
    }
}

/// Is a table server at `server`, speaking our protocol?
///
/// # Errors
/// Unreachable, or another protocol.
pub async fn probe(server: &str) -> Result<(), ServerError> {
    let v = match call(server, "GET", "/api", None).await {
        Ok(v) => v,
        Err(ServerError::Unreachable(_)) if answers(server).await => {
            // Something answers there, but not to us: no table server (ours allows any origin).
            return Err(ServerError::NotOurs(format!("{server}/api")));
        }
        Err(e) => return Err(e),
    };
    match v["protocol"].as_str() {
        Some(PROTOCOL) => Ok(()),
        Some(other) => Err(ServerError::Protocol(other.to_string())),
        None => Err(ServerError::NotOurs(format!(
            "{server}/api names no protocol"
        ))),
    }
}

/// Does anything answer HTTP at `server` (an answer the page may not read counts)?
async fn answers(server: &str) -> bool {
    let init = web_sys::RequestInit::new();
    init.set_method("GET");
    init.set_mode(web_sys::RequestMode::NoCors);
    JsFuture::from(window().fetch_with_str_and_init(&format!("{server}/api"), &init))
        .await
        .is_ok()
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

/// Finished game `game` of `table` (`None`: the table has no such finished game).
///
/// # Errors
/// The server's refusal (no such table, the games hidden), or no server.
pub async fn finished_game(
    server: &str,
    table: &str,
    game: u32,
) -> Result<Option<TableRecord>, ServerError> {
    let table = String::from(js_sys::encode_uri_component(table));
    let path = format!("/api/tables/{table}/games?from={game}&limit=1");
    let v = call(server, "GET", &path, None).await?;
    let records: Vec<TableRecord> =
        serde_json::from_value(v).map_err(|e| ServerError::Protocol(e.to_string()))?;
    Ok(records.into_iter().next())
}

/// The HTTP status of `GET path` on `server`, with a seat's `token` in the
/// `x-ulti-token` header (never in the URL).
async fn status_of(server: &str, path: &str, token: Option<&str>) -> Result<u16, ServerError> {
    let init = web_sys::RequestInit::new();
    init.set_method("GET");
    let unreachable = |_| ServerError::Unreachable(server.to_string());
    if let Some(t) = token {
        let headers = web_sys::Headers::new().map_err(unreachable)?;
        let _ = headers.set("x-ulti-token", t);
        init.set_headers(&headers);
    }
    let url = format!("{server}{path}");
    let resp: web_sys::Response = JsFuture::from(window().fetch_with_str_and_init(&url, &init))
        .await
        .map_err(unreachable)?
        .dyn_into()
        .map_err(unreachable)?;
    Ok(resp.status())
}

/// Why `table` on `server` cannot be joined with `token` (`None`: a seat's token; `None`
/// answer: nothing the server says is wrong, the failure was passing).
pub async fn diagnose(server: &str, table: &str, token: Option<&str>) -> Option<Problem> {
    if let Err(e) = probe(server).await {
        return Some(e.into());
    }
    let path = format!("/api/tables/{table}");
    let table_status = status_of(server, &path, None).await.ok()?;
    let seat_status = match token {
        Some(t) => Some(
            status_of(server, &format!("{path}/seat"), Some(t))
                .await
                .ok()?,
        ),
        None => None,
    };
    Problem::from_statuses(table_status, seat_status)
}

impl From<ServerError> for Problem {
    fn from(e: ServerError) -> Problem {
        match e {
            ServerError::Unreachable(_) => Problem::Unreachable,
            ServerError::NotOurs(_) => Problem::NotOurs,
            ServerError::Protocol(p) => Problem::OtherProtocol(p),
            ServerError::Refused(r) => Problem::Refused(r),
        }
    }
}
