//! The HTTP side (axum): create and read tables, open a table's WebSocket, players' profiles
//! and the leaderboard (`profiles`), `/api/stats`,
//! `/healthz`, `/metrics`, and with `--site` the built app as static files (index.html for the
//! app's own routes) under headers that keep it from being framed or sniffed. Errors are
//! `{"error": "…"}` in words with a 4xx or 5xx status.
//!
//! The client's address (for the rate limits and caps) is the peer's, or behind a
//! `--trusted-proxy` the one `X-Forwarded-For` names ([`client_ip`]).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;

use axum::Router;
use axum::body::Bytes;
use axum::extract::ws::WebSocketUpgrade;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use serde_json::{Value, json};
use ulti_engine::whole_game::TableRules;

use crate::client::client_ip;
use crate::event::Audience;
use crate::hub::Hub;
use crate::limit::{Caps, Limiter};
use crate::protocol::SeatKind;
use crate::ws;

pub mod daily;
pub mod lobby;
mod params;
pub mod players;
pub mod profiles;

/// What the handlers share.
pub struct App {
    /// The tables.
    pub hub: Arc<Hub>,
    /// Table creations per address.
    pub creations: Limiter,
    /// Connections per address and minute.
    pub connections: Limiter,
    /// Reads of `/api/stats` and of finished games per address and minute.
    pub reads: Limiter,
    /// Connections open at once (a WebSocket holds its place while it lives).
    pub caps: Arc<Caps>,
    /// Reverse proxies whose `X-Forwarded-For` is believed.
    pub trusted: Vec<ipnet::IpNet>,
    /// Origins allowed by CORS (empty: any).
    pub allowed_origins: Vec<String>,
    /// `/metrics` on this router, for loopback peers (no `--metrics-listen`).
    pub metrics_here: bool,
    /// New guests per address.
    pub guests: Limiter,
    /// Login attempts per address.
    pub logins: Limiter,
    /// Login attempts per account name.
    pub login_names: crate::limit::NameLimiter,
    /// Password hashes computed at once (each takes 19 MiB).
    pub hashing: tokio::sync::Semaphore,
    /// Play now and the feed of public tables.
    pub lobby: Arc<crate::lobby::Lobby>,
    /// Lobby subscriptions open at once, per address.
    pub lobby_caps: Arc<Caps>,
    /// The wait of a table opened by play now, when its opener names none.
    pub play_now_wait: std::time::Duration,
    /// How many deals a day of the deal of the day has.
    pub daily_deals: u32,
}

impl App {
    /// The client's address for a request from `peer` with `headers`.
    fn client(&self, peer: SocketAddr, headers: &HeaderMap) -> std::net::IpAddr {
        let forwarded = headers
            .get_all("x-forwarded-for")
            .iter()
            .filter_map(|v| v.to_str().ok());
        client_ip(peer.ip(), forwarded, &self.trusted)
    }
}

/// The Content-Security-Policy of the served app: its own scripts and WebAssembly (trunk's
/// loader is an inline module, mdBook's pages hold inline scripts), connections to any table
/// server (`?server=`), never framed.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'; \
style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self' data:; \
connect-src 'self' http: https: ws: wss:; worker-src 'self' blob:; manifest-src 'self'; \
object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'";

/// A table that cannot be opened: 404, or 503 (set aside, or the database unreadable).
fn status(u: &crate::hub::Unavailable) -> StatusCode {
    StatusCode::from_u16(u.status()).unwrap_or(StatusCode::SERVICE_UNAVAILABLE)
}

pub(crate) fn err(status: StatusCode, text: impl Into<String>) -> Response {
    (status, axum::Json(json!({"error": text.into()}))).into_response()
}

/// The router; `site` serves a built app beside the API.
pub fn router(app: Arc<App>, site: Option<PathBuf>) -> Router {
    // The app on another origin (GitHub Pages) may call the API: it holds no cookie, only the
    // tokens a client sends itself. `--allowed-origin` narrows it to the origins named.
    let origins = if app.allowed_origins.is_empty() {
        tower_http::cors::AllowOrigin::any()
    } else {
        tower_http::cors::AllowOrigin::list(
            app.allowed_origins
                .iter()
                .filter_map(|o| HeaderValue::from_str(o.trim_end_matches('/')).ok()),
        )
    };
    let cors = tower_http::cors::CorsLayer::new()
        .allow_origin(origins)
        .allow_methods([axum::http::Method::GET, axum::http::Method::POST])
        .allow_headers([
            header::CONTENT_TYPE,
            header::AUTHORIZATION,
            HeaderName::from_static(TOKEN_HEADER),
        ]);
    let api = Router::new()
        .route("/api", get(protocol_version))
        .route("/api/tables", post(create))
        .route("/api/tables/{id}", get(summary))
        .route("/api/tables/{id}/games", get(games))
        .route("/api/tables/{id}/seat", get(seat_of_token))
        .route("/api/tables/{id}/ws", get(socket))
        .route("/api/players", post(players::new_guest))
        .route("/api/sessions", post(players::login))
        .route("/api/me", get(players::get_me))
        .route("/api/me/name", post(players::rename))
        .route("/api/me/account", post(players::claim))
        .route("/api/me/password", post(players::change_password))
        .route("/api/me/logout", post(players::logout))
        .route("/api/me/delete", post(players::delete))
        .route("/api/me/leave", post(players::leave))
        .route("/api/players/{id}", get(profiles::profile))
        .route("/api/players/{id}/games", get(profiles::games))
        .route("/api/leaderboard", get(profiles::leaderboard))
        .route("/api/me/privacy", post(profiles::privacy))
        .route("/api/play", post(lobby::play_now))
        .route("/api/daily", post(daily::start).get(daily::day))
        .route("/api/daily/history", get(daily::history))
        .route("/api/lobby/ws", get(lobby::subscribe))
        .route("/api/stats", get(stats))
        .route("/healthz", get(healthz))
        .route("/metrics", get(metrics_local))
        .route(
            "/api/{*rest}",
            get(not_found)
                .post(not_found)
                .put(not_found)
                .delete(not_found),
        )
        .with_state(app)
        .layer(cors);
    let nosniff = tower_http::set_header::SetResponseHeaderLayer::overriding(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    match site {
        Some(dir) => {
            let spa = dir.clone();
            let pages = Router::new()
                .fallback_service(tower_http::services::ServeDir::new(dir).fallback(
                    axum::routing::get(move |uri: axum::http::Uri| app_page(spa.clone(), uri)),
                ))
                .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
                    header::CONTENT_SECURITY_POLICY,
                    HeaderValue::from_static(CSP),
                ))
                .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
                    header::X_FRAME_OPTIONS,
                    HeaderValue::from_static("DENY"),
                ))
                // An invitation's token never leaves in a Referer.
                .layer(tower_http::set_header::SetResponseHeaderLayer::overriding(
                    header::REFERRER_POLICY,
                    HeaderValue::from_static("no-referrer"),
                ));
            api.merge(pages).layer(nosniff)
        }
        None => api.fallback(not_found).layer(nosniff),
    }
}

/// The router of `--metrics-listen`: `/metrics` for anyone who reaches that address.
pub fn metrics_router(app: Arc<App>) -> Router {
    Router::new()
        .route("/metrics", get(metrics))
        .fallback(not_found)
        .with_state(app)
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

/// `GET /healthz`: 200 when the database takes a write now, else 503 in words.
async fn healthz(State(app): State<Arc<App>>) -> Response {
    match app.hub.store().probe().await {
        Ok(()) => axum::Json(json!({"status": "ok"})).into_response(),
        Err(e) => err(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the database takes no writes: {e}"),
        ),
    }
}

/// `GET /metrics` on the main address: for loopback peers only (not through a proxy).
async fn metrics_local(
    State(app): State<Arc<App>>,
    ConnectInfo(peer): ConnectInfo<SocketAddr>,
) -> Response {
    let proxied = crate::client::is_trusted(peer.ip(), &app.trusted);
    if !app.metrics_here || !peer.ip().is_loopback() || proxied {
        return err(
            StatusCode::NOT_FOUND,
            "/metrics answers on --metrics-listen, or here to loopback clients only",
        );
    }
    metrics(State(app)).await
}

/// The Prometheus text.
async fn metrics(State(app): State<Arc<App>>) -> Response {
    let text = app.hub.metrics(app.caps.open());
    (
        [(
            header::CONTENT_TYPE,
            "application/openmetrics-text; version=1.0.0; charset=utf-8",
        )],
        text,
    )
        .into_response()
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
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    // A form or a `text/plain` fetch from any web page needs no preflight; JSON does, and CORS
    // decides it.
    let json_body = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"));
    if !json_body {
        app.hub.stats_ref().refused("content-type");
        return err(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a new table is a JSON body: send it with Content-Type: application/json",
        );
    }
    let client = app.client(addr, &headers);
    if !app.creations.allow(client) {
        app.hub.stats_ref().refused("rate");
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many tables created from this address: try again in a minute",
        );
    }
    let (rules, seats) = match read_new_table(&body) {
        Ok(x) => x,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    // Whose turn on the computer pool: the client (an IPv6 client by its /64).
    let owner = crate::client::bucket(client).to_string();
    match app.hub.create(rules, seats, owner).await {
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

/// The 429 of a client over its budget of reads (`/api/stats`, finished games).
pub(crate) fn over_reads(app: &App, addr: SocketAddr, headers: &HeaderMap) -> Option<Response> {
    if app.reads.allow(app.client(addr, headers)) {
        return None;
    }
    app.hub.stats_ref().refused("rate");
    Some(err(
        StatusCode::TOO_MANY_REQUESTS,
        "too many reads from this address: try again in a minute",
    ))
}

/// The most finished games one `GET /api/tables/ID/games` returns.
pub const GAMES_PAGE: u32 = 100;

/// `GET /api/tables/ID/games?from=N&limit=M`: the finished games from game `N` (default 1), at
/// most `M` (default and most [`GAMES_PAGE`]); a `Link: <…>; rel="next"` header when there
/// are more.
async fn games(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let number = |name: &str, default: u32| match q.get(name) {
        None => Ok(default),
        Some(s) => s
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= 1)
            .ok_or_else(|| format!("{name}= is a whole number from 1")),
    };
    let (from, limit) = match (number("from", 1), number("limit", GAMES_PAGE)) {
        (Ok(f), Ok(l)) => (f, l.min(GAMES_PAGE)),
        (Err(e), _) | (_, Err(e)) => return err(StatusCode::BAD_REQUEST, e),
    };
    let store = app.hub.store().clone();
    let found =
        tokio::task::spawn_blocking(move || store.games(&id, from, limit + 1).map(|g| (id, g)))
            .await;
    match found {
        Ok(Ok((id, Some(mut records)))) => {
            let more = records.len() > limit as usize;
            records.truncate(limit as usize);
            let body = format!("[{}]", records.join(","));
            let mut res = ([(header::CONTENT_TYPE, "application/json")], body).into_response();
            if more {
                let next = format!(
                    "</api/tables/{id}/games?from={}&limit={limit}>; rel=\"next\"",
                    from + limit
                );
                if let Ok(v) = HeaderValue::from_str(&next) {
                    res.headers_mut().insert(header::LINK, v);
                }
            }
            res
        }
        Ok(Ok((id, None))) => err(StatusCode::NOT_FOUND, format!("no table {id:?}")),
        Ok(Err(e)) => err(StatusCode::SERVICE_UNAVAILABLE, e),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e.to_string()),
    }
}

async fn stats(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    axum::Json(app.hub.stats()).into_response()
}

/// The token of a WebSocket request: in its subprotocols (`token.TOKEN` beside
/// `ulti-table`: the app's way, so the token is in no URL and no access log), else in the
/// query (`?token=`, older links and clients).
fn socket_token(headers: &HeaderMap, q: &HashMap<String, String>) -> Option<String> {
    let offered = headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .find_map(|p| p.strip_prefix("token."))
        .map(String::from);
    offered.or_else(|| q.get("token").cloned())
}

/// A player's session offered with a WebSocket request: the subprotocol `session.SESSION`.
fn socket_session(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(header::SEC_WEBSOCKET_PROTOCOL)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .find_map(|p| p.strip_prefix("session."))
        .filter(|s| !s.is_empty() && s.len() <= 256)
        .map(String::from)
}

/// The header that carries a seat's token to `GET /api/tables/ID/seat` (never a URL: URLs
/// end up in logs).
pub const TOKEN_HEADER: &str = "x-ulti-token";

/// `GET /api/tables/ID/seat` with the token in [`TOKEN_HEADER`]: `{"table": ID, "seat": S}`
/// for a token that holds seat S there, 403 for one that holds none, 404 for no such table,
/// 400 without a token. What a client asks when its socket was refused at the handshake (a
/// browser does not see that status). Rate-limited like the other reads.
async fn seat_of_token(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let token = headers
        .get(TOKEN_HEADER)
        .and_then(|v| v.to_str().ok())
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 256);
    let Some(token) = token else {
        return err(
            StatusCode::BAD_REQUEST,
            format!("the seat's token goes in the {TOKEN_HEADER} header (at most 256 characters)"),
        );
    };
    let table = match app.hub.table(&id).await {
        Ok(t) => t,
        Err(u) => return err(status(&u), u.words(&id)),
    };
    match table.audience(Some(token)) {
        Some(Audience::Seat(s)) => axum::Json(json!({"table": id, "seat": s})).into_response(),
        _ => err(
            StatusCode::FORBIDDEN,
            "this token holds no seat at this table",
        ),
    }
}

async fn socket(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
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
    let table = match app.hub.table(&id).await {
        Ok(t) => t,
        Err(u) => return err(status(&u), u.words(&id)),
    };
    let token = socket_token(&headers, &q);
    let Some(audience) = table.audience(token.as_deref()) else {
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
    let shared = app.hub.shared().clone();
    let spectator = match audience {
        Audience::Spectator => match ws::Spectator::admit(&table.spectators, shared.max_spectators)
        {
            Some(place) => Some(place),
            None => {
                app.hub.stats_ref().refused("spectators");
                return err(
                    StatusCode::SERVICE_UNAVAILABLE,
                    "this table has as many spectators as it takes: try again later",
                );
            }
        },
        Audience::Seat(_) => None,
    };
    // Its own place in the caps (the TCP connection's is given back once upgraded).
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
    // A seat opened with a player's session becomes that player's (its name shows); a session
    // that is not valid is passed over: the token alone holds the seat, as always.
    let player = match (audience, socket_session(&headers)) {
        (Audience::Seat(_), Some(s)) => app
            .hub
            .store()
            .session_player(crate::store::token_hash(&s))
            .await
            .ok()
            .flatten()
            .map(|p| (p.id, p.name)),
        _ => None,
    };
    let conn = app.hub.conn_id();
    upgrade
        .protocols(["ulti-table"])
        .max_message_size(ws::MAX_MESSAGE)
        .max_frame_size(ws::MAX_MESSAGE)
        .read_buffer_size(4096)
        .write_buffer_size(0)
        .on_upgrade(move |socket| async move {
            let _place = place;
            let extra = ws::Extra { spectator, player };
            ws::serve(socket, table, audience, since, conn, &shared, extra).await;
        })
}
