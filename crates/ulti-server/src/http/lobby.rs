//! The lobby over HTTP: `POST /api/play` ("play now", with a session) and `GET /api/lobby/ws`
//! (the feed of public tables: `crate::feed`). Subscriptions are capped per address
//! ([`crate::feed::PER_ADDRESS`] at once) on top of the connection limits of every socket.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::Value;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::TableRules;

use super::players::me;
use super::{App, err};
use crate::lobby::{Ask, MAX_WAIT};

/// Read `POST /api/play`'s body: `{"rules"?, "level"?, "wait_s"?, "new"?, "table"?}`.
fn read_ask(bytes: &[u8], default_wait: Duration) -> Result<Ask, String> {
    let v: Value = if bytes.is_empty() {
        Value::Object(serde_json::Map::new())
    } else {
        serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?
    };
    let obj = v.as_object().ok_or("the body is a JSON object")?;
    if let Some(k) = obj
        .keys()
        .find(|k| !matches!(k.as_str(), "rules" | "level" | "wait_s" | "new" | "table"))
    {
        return Err(format!(
            "unknown field {k:?}: use \"rules\", \"level\", \"wait_s\", \"new\" and \"table\""
        ));
    }
    let table = match obj.get("table") {
        None | Some(Value::Null) => None,
        Some(Value::String(t)) if !t.is_empty() && t.len() <= 64 => Some(t.clone()),
        Some(_) => return Err("\"table\" is a table's id".into()),
    };
    let new = match obj.get("new") {
        None | Some(Value::Null) => false,
        Some(Value::Bool(b)) => *b,
        Some(_) => return Err("\"new\" is true or false".into()),
    };
    let rules: TableRules = match obj.get("rules") {
        None | Some(Value::Null) => TableRules::default(),
        Some(r) => serde_json::from_value(r.clone()).map_err(|e| format!("rules: {e}"))?,
    };
    if let Some(p) = rules.problem() {
        return Err(format!("rules: {p}"));
    }
    let level = match obj.get("level").and_then(Value::as_str) {
        None => TableLevel::Normal,
        Some("easy") => TableLevel::Easy,
        Some("normal") => TableLevel::Normal,
        Some("strong") => TableLevel::Strong,
        Some(o) => return Err(format!("level {o:?} is not easy, normal or strong")),
    };
    let wait = match obj.get("wait_s") {
        None | Some(Value::Null) => default_wait,
        Some(w) => {
            let s = w
                .as_f64()
                .filter(|s| s.is_finite() && *s >= 0.0 && *s <= MAX_WAIT.as_secs_f64())
                .ok_or(format!(
                    "wait_s is a number of seconds from 0 to {}",
                    MAX_WAIT.as_secs()
                ))?;
            Duration::from_secs_f64(s)
        }
    };
    Ok(Ask {
        rules,
        level,
        wait,
        new,
        table,
    })
}

/// `POST /api/play`: seat the session's player at a public table.
pub async fn play_now(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let (p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let ask = match read_ask(&bytes, app.play_now_wait) {
        Ok(a) => a,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    let client = app.client(addr, &headers);
    if !app.creations.allow(client) {
        app.hub.stats_ref().refused("rate");
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many tables asked for from this address: try again in a minute",
        );
    }
    let owner = crate::client::bucket(client).to_string();
    match app.lobby.play_now(&p, ask, owner).await {
        Ok(s) => (StatusCode::OK, axum::Json(s.to_json())).into_response(),
        Err((status, words)) => err(
            StatusCode::from_u16(status).unwrap_or(StatusCode::SERVICE_UNAVAILABLE),
            words,
        ),
    }
}

/// `GET /api/lobby/ws`: subscribe to the public tables.
pub async fn subscribe(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    upgrade: WebSocketUpgrade,
) -> Response {
    let client = app.client(addr, &headers);
    if !app.connections.allow(client) {
        app.hub.stats_ref().refused("rate");
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address: try again in a minute",
        );
    }
    let lobby_place = match app.lobby_caps.acquire(Some(client)) {
        Ok(p) => p,
        Err(_) => {
            app.hub.stats_ref().refused("cap");
            return err(
                StatusCode::TOO_MANY_REQUESTS,
                format!(
                    "too many lobby subscriptions from your address at once (at most {}): \
                     close one first",
                    crate::feed::PER_ADDRESS
                ),
            );
        }
    };
    let place = match app.caps.acquire(Some(client)) {
        Ok(p) => p,
        Err(full) => {
            app.hub.stats_ref().refused("cap");
            let status = match full {
                crate::limit::Full::Server => StatusCode::SERVICE_UNAVAILABLE,
                crate::limit::Full::Address => StatusCode::TOO_MANY_REQUESTS,
            };
            return err(status, full.words());
        }
    };
    let feed = app.lobby.feed.clone();
    let stopping = app.hub.shared().stopping.clone();
    upgrade
        .protocols(["ulti-lobby"])
        .max_message_size(4096)
        .max_frame_size(4096)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let _places = (place, lobby_place);
            feed.serve(socket, stopping).await;
        })
}
