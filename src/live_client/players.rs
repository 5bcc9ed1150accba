//! The player this browser keeps on a table server, and its HTTP calls (shared/FORMATS.md
//! "Players, accounts and sessions", "The lobby and play now"), each with the player's session
//! as `Authorization: Bearer`: a guest made on first need, rename, sign up (the guest becomes
//! an account), sign in (replacing the guest kept), sign out (then forgotten: the next need
//! makes a new guest), who am I (a session the server no longer knows is forgotten), play now
//! (the seat's token kept like an invitation's), leave the table.
//!
//! The player is kept per server in the browser's storage under
//! [`storage_key`](crate::model::players::storage_key): `{"player", "name", "session",
//! "account"}`. Every refusal comes back as a [`Refusal`] for the page to word.

use serde_json::json;

use super::server::{ServerError, fetch_json, keep_lobby_seat, keep_token};
use crate::model::players::{Call, KeptPlayer, Me, PlayAsk, Refusal, Seated, storage_key};

fn storage() -> Option<web_sys::Storage> {
    leptos::prelude::window().local_storage().ok().flatten()
}

/// The player kept for `server`, if any.
#[must_use]
pub fn kept_player(server: &str) -> Option<KeptPlayer> {
    storage()
        .and_then(|s| s.get_item(&storage_key(server)).ok().flatten())
        .and_then(|t| serde_json::from_str(&t).ok())
}

/// Keep `p` as the player for `server`.
fn keep_player(server: &str, p: &KeptPlayer) {
    if let Some(s) = storage() {
        let _ = s.set_item(
            &storage_key(server),
            &serde_json::to_string(p).unwrap_or_default(),
        );
    }
}

/// Forget the player kept for `server`.
pub fn forget_player(server: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(&storage_key(server));
    }
}

/// One request of `call`: the answer, or its refusal (a session the server no longer knows is
/// forgotten at once).
async fn request(
    server: &str,
    call: Call,
    method: &str,
    path: &str,
    body: Option<serde_json::Value>,
    session: Option<&str>,
) -> Result<serde_json::Value, Refusal> {
    let body = body.map(|b| b.to_string());
    let (status, value) = match fetch_json(server, method, path, body, session).await {
        Ok(x) => x,
        Err(ServerError::Unreachable(_) | ServerError::NotOurs(_)) => {
            return Err(Refusal::Unreachable);
        }
        Err(ServerError::Protocol(p) | ServerError::Refused(p)) => {
            return Err(Refusal::Other(p));
        }
    };
    if (200..300).contains(&status) {
        return Ok(value);
    }
    let words = value["error"].as_str().unwrap_or_default();
    let refusal = Refusal::from_status(call, status, words);
    if refusal.forgets_session() {
        forget_player(server);
    }
    Err(refusal)
}

/// The player as the server answered it, kept with `session` (or the new one it names).
fn keep_answer(server: &str, v: serde_json::Value, session: &str) -> Result<Me, Refusal> {
    let me: Me = serde_json::from_value(v).map_err(|e| Refusal::Other(e.to_string()))?;
    keep_player(server, &me.kept(session));
    Ok(me)
}

/// A new guest on `server`, kept (it replaces any player kept there).
///
/// # Errors
/// The refusal (too many from this address: 429), or no server.
pub async fn new_guest(server: &str) -> Result<KeptPlayer, Refusal> {
    let v = request(
        server,
        Call::NewGuest,
        "POST",
        "/api/players",
        Some(json!({})),
        None,
    )
    .await?;
    let me = keep_answer(server, v, "")?;
    Ok(me.kept(""))
}

/// The player kept for `server`, or a new guest made now.
///
/// # Errors
/// As [`new_guest`].
pub async fn ensure_player(server: &str) -> Result<KeptPlayer, Refusal> {
    match kept_player(server) {
        Some(p) => Ok(p),
        None => new_guest(server).await,
    }
}

/// `GET /api/me`: the kept player as the server knows it now (`None`: none kept). Its name and
/// kind are kept as the server says.
///
/// # Errors
/// [`Refusal::SessionGone`] when the server no longer knows the session (it is forgotten),
/// or no server.
pub async fn who_am_i(server: &str) -> Result<Option<Me>, Refusal> {
    let Some(p) = kept_player(server) else {
        return Ok(None);
    };
    let v = request(server, Call::Me, "GET", "/api/me", None, Some(&p.session)).await?;
    keep_answer(server, v, &p.session).map(Some)
}

/// A call about the kept player (made a guest first when none is kept); the answer is the
/// player, kept.
async fn about_me(
    server: &str,
    call: Call,
    path: &str,
    body: serde_json::Value,
) -> Result<KeptPlayer, Refusal> {
    let p = ensure_player(server).await?;
    let v = request(server, call, "POST", path, Some(body), Some(&p.session)).await?;
    keep_answer(server, v, &p.session).map(|me| me.kept(&p.session))
}

/// Rename the kept player.
///
/// # Errors
/// The name does not qualify (400), is taken (409), the session is gone (401), no server.
pub async fn rename(server: &str, name: &str) -> Result<KeptPlayer, Refusal> {
    about_me(server, Call::Rename, "/api/me/name", json!({"name": name})).await
}

/// Make the kept guest an account under `name` and `password` (its id, seats and games stay).
///
/// # Errors
/// As [`rename`]; 409 when it is an account already.
pub async fn sign_up(server: &str, name: &str, password: &str) -> Result<KeptPlayer, Refusal> {
    about_me(
        server,
        Call::SignUp,
        "/api/me/account",
        json!({"name": name, "password": password}),
    )
    .await
}

/// Sign in to the account `name`: it replaces the player kept for `server`.
///
/// # Errors
/// [`Refusal::WrongPassword`], too many attempts (429), no server.
pub async fn sign_in(server: &str, name: &str, password: &str) -> Result<KeptPlayer, Refusal> {
    let v = request(
        server,
        Call::SignIn,
        "POST",
        "/api/sessions",
        Some(json!({"name": name, "password": password})),
        None,
    )
    .await?;
    keep_answer(server, v, "").map(|me| me.kept(""))
}

/// Sign out: the session is revoked on the server and the player forgotten here.
///
/// # Errors
/// No server (the player is kept then, so signing out can be tried again).
pub async fn sign_out(server: &str) -> Result<(), Refusal> {
    let Some(p) = kept_player(server) else {
        return Ok(());
    };
    match request(
        server,
        Call::SignOut,
        "POST",
        "/api/me/logout",
        Some(json!({})),
        Some(&p.session),
    )
    .await
    {
        Ok(_) | Err(Refusal::SessionGone) => {
            forget_player(server);
            Ok(())
        }
        Err(e) => Err(e),
    }
}

/// Play now (or sit at `ask.table`): the seat's token is kept for the table, as an
/// invitation's is, and the table marked as the lobby's ([`super::keep_lobby_seat`]).
///
/// # Errors
/// Seated elsewhere already, no seat waiting at that table, no such table (404), too many
/// tables from this address (429), the session gone, no server.
pub async fn play(server: &str, ask: &PlayAsk) -> Result<Seated, Refusal> {
    let p = ensure_player(server).await?;
    let v = request(
        server,
        Call::Play,
        "POST",
        "/api/play",
        Some(ask.body()),
        Some(&p.session),
    )
    .await?;
    let seated: Seated = serde_json::from_value(v).map_err(|e| Refusal::Other(e.to_string()))?;
    keep_token(server, &seated.table, &seated.token);
    keep_lobby_seat(server, &seated.table);
    Ok(seated)
}

/// Leave the table the kept player sits at.
///
/// # Errors
/// It sits at none (409), the session gone, no server.
pub async fn leave(server: &str) -> Result<(), Refusal> {
    let Some(p) = kept_player(server) else {
        return Err(Refusal::NotSeated);
    };
    request(
        server,
        Call::Leave,
        "POST",
        "/api/me/leave",
        Some(json!({})),
        Some(&p.session),
    )
    .await
    .map(|_| ())
}

/// Change the kept account's password (every other session of it is revoked by the server).
///
/// # Errors
/// [`Refusal::WrongCurrentPassword`], a new password that does not qualify (400), a guest
/// (409), the session gone, no server.
pub async fn change_password(server: &str, current: &str, new: &str) -> Result<(), Refusal> {
    let Some(p) = kept_player(server) else {
        return Err(Refusal::SessionGone);
    };
    request(
        server,
        Call::ChangePassword,
        "POST",
        "/api/me/password",
        Some(json!({"password": current, "new_password": new})),
        Some(&p.session),
    )
    .await
    .map(|_| ())
}

/// Delete the kept player on the server (an account with its `password`; a guest with none):
/// its name, password and sessions go, its games stay without its name. Forgotten here too.
///
/// # Errors
/// [`Refusal::WrongCurrentPassword`], the session gone, no server (then nothing is forgotten).
pub async fn delete_player(server: &str, password: Option<&str>) -> Result<(), Refusal> {
    let Some(p) = kept_player(server) else {
        return Ok(());
    };
    let body = password.map_or_else(|| json!({}), |pw| json!({"password": pw}));
    request(
        server,
        Call::Delete,
        "POST",
        "/api/me/delete",
        Some(body),
        Some(&p.session),
    )
    .await?;
    forget_player(server);
    Ok(())
}
