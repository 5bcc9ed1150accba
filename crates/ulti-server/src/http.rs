//! The HTTP side (axum): create and read tables, open a table's WebSocket, `/api/stats`, and
//! with `--site` the built app as static files (index.html for the app's own routes). Errors
//! are `{"error": "…"}` with a 4xx status.

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use ulti_engine::whole_game::TableRules;

use crate::hub::Hub;
use crate::limit::Limiter;
use crate::protocol::SeatKind;
use crate::ws;

/// What the handlers share.
pub struct App {
    /// The tables.
    pub hub: Arc<Hub>,
    /// Table creations per address.
    pub creations: Limiter,
    /// Connections per address.
    pub connections: Limiter,
}

/// A table that cannot be opened: 404, or 503 (set aside, or the database unreadable).
fn status(u: &crate::hub::Unavailable) -> StatusCode {
    StatusCode::from_u16(u.status()).unwrap_or(StatusCode::SERVICE_UNAVAILABLE)
}

fn err(status: StatusCode, text: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": text.into()}))).into_response()
}

/// The router; `site` serves a built app beside the API.
pub fn router(app: Arc<App>, site: Option<PathBuf>) -> Router {
    // The app on another origin (GitHub Pages) may call the API: it holds no cookie, only the
    // tokens a client sends itself.
    let cors = tower_http::cors::CorsLayer::new()
        .allow_origin(tower_http::cors::Any)
        .allow_methods([axum::http::Method::GET, axum::http::Method::POST])
        .allow_headers([axum::http::header::CONTENT_TYPE]);
    let api = Router::new()
        .route("/api", get(protocol_version))
        .route("/api/tables", post(create))
        .route("/api/tables/{id}", get(summary))
        .route("/api/tables/{id}/games", get(games))
        .route("/api/tables/{id}/ws", get(socket))
        .route("/api/stats", get(stats))
        .route(
            "/api/{*rest}",
            get(not_found)
                .post(not_found)
                .put(not_found)
                .delete(not_found),
        )
        .with_state(app)
        .layer(cors);
    match site {
        Some(dir) => {
            let spa = dir.clone();
            api.fallback_service(tower_http::services::ServeDir::new(dir).fallback(
                axum::routing::get(move |uri: axum::http::Uri| app_page(spa.clone(), uri)),
            ))
        }
        None => api.fallback(not_found),
    }
}

/// An app route that is no file (`/table?live=…`): the app's page. A site that holds the app
/// under a folder (the GitHub Pages layout, `DIR/ulti-solver/`) gets that folder's
/// `index.html` for the paths below it, else `DIR/index.html`.
async fn app_page(dir: PathBuf, uri: axum::http::Uri) -> Response {
    let first = uri
        .path()
        .trim_start_matches('/')
        .split('/')
        .next()
        .unwrap_or("");
    let nested = dir.join(first).join("index.html");
    let page = if !first.is_empty() && !first.contains("..") && nested.is_file() {
        nested
    } else {
        dir.join("index.html")
    };
    match tokio::fs::read(&page).await {
        Ok(body) => (
            [(axum::http::header::CONTENT_TYPE, "text/html; charset=utf-8")],
            body,
        )
            .into_response(),
        Err(_) => err(StatusCode::NOT_FOUND, "no such page"),
    }
}

/// `GET /api`: the protocol this server speaks, for a client to check before it plays.
async fn protocol_version() -> Response {
    axum::Json(json!({"protocol": "ulti-table/1"})).into_response()
}

async fn not_found() -> Response {
    err(
        StatusCode::NOT_FOUND,
        "no such route: the API is under /api/tables",
    )
}

/// Read `POST /api/tables`'s body.
fn read_new_table(body: &[u8]) -> Result<(TableRules, [SeatKind; 3]), String> {
    let v: Value = serde_json::from_slice(body).map_err(|e| format!("not JSON: {e}"))?;
    let obj = v.as_object().ok_or("the body is a JSON object")?;
    if let Some(k) = obj
        .keys()
        .find(|k| !matches!(k.as_str(), "rules" | "seats"))
    {
        return Err(format!("unknown field {k:?}: use \"rules\" and \"seats\""));
    }
    let rules: TableRules = match obj.get("rules") {
        None | Some(Value::Null) => TableRules::default(),
        Some(r) => serde_json::from_value(r.clone()).map_err(|e| format!("rules: {e}"))?,
    };
    if let Some(p) = rules.problem() {
        return Err(format!("rules: {p}"));
    }
    let seats = obj
        .get("seats")
        .and_then(Value::as_array)
        .ok_or("\"seats\" is a list of three: human or computer:easy|normal|strong")?;
    if seats.len() != 3 {
        return Err(format!("a table has three seats, not {}", seats.len()));
    }
    let mut kinds = [SeatKind::Human; 3];
    for (i, s) in seats.iter().enumerate() {
        let name = s.as_str().ok_or(format!("seat {i} is not a string"))?;
        kinds[i] = SeatKind::parse(name).map_err(|e| format!("seat {i}: {e}"))?;
    }
    if !kinds.iter().any(|k| k.is_human()) {
        return Err("a table has at least one human seat".into());
    }
    Ok((rules, kinds))
}

async fn create(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    body: Bytes,
) -> Response {
    if !app.creations.allow(addr.ip()) {
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many tables created from this address: try again in a minute",
        );
    }
    let (rules, seats) = match read_new_table(&body) {
        Ok(x) => x,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    match app.hub.create(rules, seats, addr.ip().to_string()).await {
        Ok(c) => (
            StatusCode::CREATED,
            axum::Json(json!({"table": c.table, "tokens": c.tokens})),
        )
            .into_response(),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

async fn summary(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    match app.hub.summary(&id).await {
        Ok(s) => axum::Json(s).into_response(),
        Err(u) => err(status(&u), u.words(&id)),
    }
}

async fn games(State(app): State<Arc<App>>, Path(id): Path<String>) -> Response {
    let store = app.hub.store().clone();
    let found = tokio::task::spawn_blocking(move || store.games(&id).map(|g| (id, g))).await;
    match found {
        Ok(Ok((_, Some(records)))) => {
            let body = format!("[{}]", records.join(","));
            (
                [(axum::http::header::CONTENT_TYPE, "application/json")],
                body,
            )
                .into_response()
        }
        Ok(Ok((id, None))) => err(StatusCode::NOT_FOUND, format!("no table {id:?}")),
        Ok(Err(e)) => err(StatusCode::SERVICE_UNAVAILABLE, e),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}

async fn stats(State(app): State<Arc<App>>) -> Response {
    axum::Json(app.hub.stats()).into_response()
}

async fn socket(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
    upgrade: WebSocketUpgrade,
) -> Response {
    if !app.connections.allow(addr.ip()) {
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many connections from this address: try again in a minute",
        );
    }
    let table = match app.hub.table(&id).await {
        Ok(t) => t,
        Err(u) => return err(status(&u), u.words(&id)),
    };
    let Some(audience) = table.audience(q.get("token").map(String::as_str)) else {
        return err(
            StatusCode::FORBIDDEN,
            "this token holds no seat at this table",
        );
    };
    let since = match q.get("since").map(|s| s.parse::<u64>()) {
        None => None,
        Some(Ok(v)) => Some(v),
        Some(Err(_)) => {
            return err(
                StatusCode::BAD_REQUEST,
                "since= is the number of the last message received (0 or more)",
            );
        }
    };
    let conn = app.hub.conn_id();
    upgrade
        .max_message_size(ws::MAX_MESSAGE)
        .max_frame_size(ws::MAX_MESSAGE)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| ws::serve(socket, table, audience, since, conn))
}
