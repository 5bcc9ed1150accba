//! Players, accounts and sessions over HTTP. A session is a bearer token (`Authorization:
//! Bearer SESSION`): the app lives on another origin and holds no cookie. Every refusal is
//! `{"error": …}` in words; a wrong name or password reads the same whether the name exists
//! or not, and takes as long (a dummy hash is checked).
//!
//! - `POST /api/players`: a guest, at once: `{"player", "name", "session", "account": false}`;
//! - `POST /api/sessions` `{"name", "password"}`: log in (rate-limited per name and address);
//! - `GET /api/me`; `POST /api/me/name` `{"name"}`; `POST /api/me/account`
//!   `{"name", "password"}` (the guest becomes an account, keeping its id, seats and games);
//!   `POST /api/me/password` `{"password", "new_password"}` (other sessions revoked);
//!   `POST /api/me/logout`; `POST /api/me/delete` `{"password"}`; `POST /api/me/leave`.

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};

use super::{App, err};
use crate::account;
use crate::store::players::{Player, TAKEN};
use crate::store::{TokenHash, token_hash};

/// Login attempts per account name and minute.
pub const LOGINS_PER_NAME: usize = 5;
/// Login attempts per address and minute.
pub const LOGINS_PER_ADDRESS: usize = 20;
/// New guests per address and minute.
pub const GUESTS_PER_ADDRESS: usize = 30;
/// The words of a failed login, whichever part was wrong.
pub const WRONG: &str = "wrong name or password";

/// The session token of a request: `Authorization: Bearer TOKEN`.
#[must_use]
pub fn bearer(headers: &HeaderMap) -> Option<String> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|t| !t.is_empty() && t.len() <= 256)
        .map(String::from)
}

/// The player of a request's session, or the 401 that says why not.
pub async fn me(app: &App, headers: &HeaderMap) -> Result<(Player, TokenHash), Response> {
    let Some(token) = bearer(headers) else {
        return Err(err(
            StatusCode::UNAUTHORIZED,
            "no session: send Authorization: Bearer SESSION (POST /api/players makes one)",
        ));
    };
    let hash = token_hash(&token);
    match app.hub.store().session_player(hash).await {
        Ok(Some(p)) => Ok((p, hash)),
        Ok(None) => Err(err(
            StatusCode::UNAUTHORIZED,
            "this session is not valid: logged out, replaced by a new password, or its account \
             deleted",
        )),
        Err(e) => Err(err(StatusCode::SERVICE_UNAVAILABLE, e)),
    }
}

/// A JSON body's object with only the fields named.
fn body(bytes: &[u8], fields: &[&str]) -> Result<Map<String, Value>, String> {
    let v: Value = if bytes.is_empty() {
        json!({})
    } else {
        serde_json::from_slice(bytes).map_err(|e| format!("not JSON: {e}"))?
    };
    let Value::Object(m) = v else {
        return Err("the body is a JSON object".into());
    };
    if let Some(k) = m.keys().find(|k| !fields.contains(&k.as_str())) {
        return Err(format!("unknown field {k:?}: use {}", fields.join(", ")));
    }
    Ok(m)
}

/// A 400 in words.
fn bad(e: String) -> Response {
    err(StatusCode::BAD_REQUEST, e)
}

/// A string field of a body.
fn field<'a>(m: &'a Map<String, Value>, name: &str) -> Result<&'a str, String> {
    m.get(name)
        .and_then(Value::as_str)
        .ok_or_else(|| format!("\"{name}\" is a string, and is needed"))
}

fn player_json(p: &Player) -> Value {
    json!({"player": p.id, "name": p.name, "account": p.account, "table": p.at_table})
}

/// Hash or verify on a blocking thread, two at a time (each takes 19 MiB).
async fn hashing<T: Send + 'static>(app: &App, f: impl FnOnce() -> T + Send + 'static) -> T {
    let _permit = app.hashing.acquire().await;
    tokio::task::spawn_blocking(f)
        .await
        .expect("hashing does not panic")
}

/// `POST /api/players`: a guest with a generated name and its first session.
pub async fn new_guest(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    if !app.guests.allow(app.client(addr, &headers)) {
        app.hub.stats_ref().refused("rate");
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many new players from this address: try again in a minute",
        );
    }
    let session = account::new_session();
    let id = account::new_player_id();
    for _ in 0..5 {
        let name = account::guest_name();
        match app
            .hub
            .store()
            .add_guest(id.clone(), name.clone(), token_hash(&session))
            .await
        {
            Ok(()) => {
                return (
                    StatusCode::CREATED,
                    axum::Json(json!({"player": id, "name": name, "session": session,
                        "account": false, "table": null})),
                )
                    .into_response();
            }
            Err(e) if e == TAKEN => {}
            Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
        }
    }
    err(
        StatusCode::SERVICE_UNAVAILABLE,
        "no free guest name was found: try again",
    )
}

/// `GET /api/me`.
pub async fn get_me(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    match me(&app, &headers).await {
        Ok((p, _)) => axum::Json(player_json(&p)).into_response(),
        Err(r) => r,
    }
}

/// `POST /api/me/name` `{"name"}`.
pub async fn rename(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let (mut p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let name = match body(&bytes, &["name"]).and_then(|m| field(&m, "name").map(String::from)) {
        Ok(n) => n,
        Err(r) => return bad(r),
    };
    let name = match account::check_name(&name) {
        Ok(n) => n,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    match app.hub.store().rename(p.id.clone(), name.clone()).await {
        Ok(()) => {
            if let Some(t) = &p.at_table {
                app.hub.renamed(t, &p.id, Some(name.clone()));
            }
            p.name = Some(name);
            axum::Json(player_json(&p)).into_response()
        }
        Err(e) if e == TAKEN => err(StatusCode::CONFLICT, e),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `POST /api/me/account` `{"name", "password"}`: the guest keeps its id, seats and games.
pub async fn claim(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let (mut p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if p.account {
        return err(
            StatusCode::CONFLICT,
            "this player has an account already: change its password instead",
        );
    }
    let m = match body(&bytes, &["name", "password"]) {
        Ok(m) => m,
        Err(r) => return bad(r),
    };
    let (name, password) = match (field(&m, "name"), field(&m, "password")) {
        (Ok(n), Ok(w)) => (n.to_string(), w.to_string()),
        (Err(r), _) | (_, Err(r)) => return bad(r),
    };
    let name = match account::check_name(&name) {
        Ok(n) => n,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    if let Err(e) = account::check_password(&password) {
        return err(StatusCode::BAD_REQUEST, e);
    }
    let hash = match hashing(&app, move || account::hash_password(&password)).await {
        Ok(h) => h,
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    match app
        .hub
        .store()
        .claim(p.id.clone(), name.clone(), hash)
        .await
    {
        Ok(()) => {
            if let Some(t) = &p.at_table {
                app.hub.renamed(t, &p.id, Some(name.clone()));
            }
            p.name = Some(name);
            p.account = true;
            axum::Json(player_json(&p)).into_response()
        }
        Err(e) if e == TAKEN => err(StatusCode::CONFLICT, e),
        Err(e) if e.contains("account already") => err(StatusCode::CONFLICT, e),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `POST /api/sessions` `{"name", "password"}`: a new session of that account.
pub async fn login(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let m = match body(&bytes, &["name", "password"]) {
        Ok(m) => m,
        Err(r) => return bad(r),
    };
    let (name, password) = match (field(&m, "name"), field(&m, "password")) {
        (Ok(n), Ok(w)) => (n.to_string(), w.to_string()),
        (Err(r), _) | (_, Err(r)) => return bad(r),
    };
    if !app.logins.allow(app.client(addr, &headers)) || !app.login_names.allow(&name) {
        app.hub.stats_ref().refused("rate");
        return err(
            StatusCode::TOO_MANY_REQUESTS,
            "too many login attempts for this name or from this address: try again in a minute",
        );
    }
    if password.len() > account::PASSWORD_MAX || name.len() > 256 {
        return err(StatusCode::UNAUTHORIZED, WRONG);
    }
    let found = match app.hub.store().account(name).await {
        Ok(f) => f,
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    let (id, hash) = match found {
        Some((id, h)) => (Some(id), Some(h)),
        None => (None, None),
    };
    let ok = hashing(&app, move || {
        account::verify_password(&password, hash.as_deref())
    })
    .await;
    let Some(id) = id.filter(|_| ok) else {
        return err(StatusCode::UNAUTHORIZED, WRONG);
    };
    let session = account::new_session();
    if let Err(e) = app
        .hub
        .store()
        .add_session(id.clone(), token_hash(&session))
        .await
    {
        return err(StatusCode::SERVICE_UNAVAILABLE, e);
    }
    match app.hub.store().session_player(token_hash(&session)).await {
        Ok(Some(p)) => {
            let mut v = player_json(&p);
            v["session"] = Value::from(session);
            (StatusCode::CREATED, axum::Json(v)).into_response()
        }
        Ok(None) => err(StatusCode::UNAUTHORIZED, WRONG),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `POST /api/me/logout`: this session is revoked.
pub async fn logout(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let (_, hash) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    match app.hub.store().revoke(hash).await {
        Ok(()) => axum::Json(json!({"logged_out": true})).into_response(),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// Check the current password of an account (a guest has none to check).
async fn check_current(app: &App, p: &Player, given: Option<&str>) -> Result<(), Response> {
    if !p.account {
        return Ok(());
    }
    let stored = app
        .hub
        .store()
        .password_of(p.id.clone())
        .await
        .map_err(|e| err(StatusCode::SERVICE_UNAVAILABLE, e))?;
    let given = given.unwrap_or_default().to_string();
    let ok = hashing(app, move || {
        account::verify_password(&given, stored.as_deref())
    })
    .await;
    if ok {
        Ok(())
    } else {
        Err(err(StatusCode::FORBIDDEN, "the password is wrong"))
    }
}

/// `POST /api/me/password` `{"password", "new_password"}`.
pub async fn change_password(
    State(app): State<Arc<App>>,
    headers: HeaderMap,
    bytes: Bytes,
) -> Response {
    let (p, hash) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    if !p.account {
        return err(
            StatusCode::CONFLICT,
            "a guest has no password: make an account (POST /api/me/account)",
        );
    }
    let m = match body(&bytes, &["password", "new_password"]) {
        Ok(m) => m,
        Err(r) => return bad(r),
    };
    let new = match field(&m, "new_password") {
        Ok(n) => n.to_string(),
        Err(r) => return bad(r),
    };
    if let Err(e) = account::check_password(&new) {
        return err(StatusCode::BAD_REQUEST, e);
    }
    if let Err(r) = check_current(&app, &p, m.get("password").and_then(Value::as_str)).await {
        return r;
    }
    let new_hash = match hashing(&app, move || account::hash_password(&new)).await {
        Ok(h) => h,
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    match app
        .hub
        .store()
        .set_password(p.id.clone(), new_hash, hash)
        .await
    {
        Ok(()) => axum::Json(player_json(&p)).into_response(),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `POST /api/me/delete` `{"password"}`: the account goes; its games stay, without its name.
pub async fn delete(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let (p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let m = match body(&bytes, &["password"]) {
        Ok(m) => m,
        Err(r) => return bad(r),
    };
    if let Err(r) = check_current(&app, &p, m.get("password").and_then(Value::as_str)).await {
        return r;
    }
    match app.hub.store().delete_player(p.id.clone()).await {
        Ok(()) => {
            if let Some(t) = &p.at_table {
                app.hub.renamed(t, &p.id, None);
            }
            axum::Json(json!({"deleted": true})).into_response()
        }
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `POST /api/me/leave`: the player leaves its table (a game under way goes on under the away
/// rule: a computer plays its seat while it is gone).
pub async fn leave(State(app): State<Arc<App>>, headers: HeaderMap) -> Response {
    let (mut p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let Some(table) = p.at_table.take() else {
        return err(StatusCode::CONFLICT, "you sit at no table");
    };
    match app.hub.store().leave_table(p.id.clone(), table).await {
        Ok(()) => axum::Json(player_json(&p)).into_response(),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}
