//! Players' profiles, their finished games and the leaderboard: public reads (no session),
//! rate-limited per address like the finished games of a table.
//!
//! - `GET /api/players/ID`: name (absent once the account is deleted), rating with its
//!   deviation, games, money, the soloist's bids made and failed, kontras, games left.
//! - `GET /api/players/ID/games?skip=N&limit=M`: its finished games, newest first.
//! - `GET /api/leaderboard?limit=M`: players whose deviation is below 75, best first.
//! - `POST /api/me/privacy` (the player's session): `{"hide": ["money", "games"]}`, what its
//!   profile hides from others; the profile then leaves those out and says `"hidden": [...]`
//!   (the games' list answers 403 while "games" is hidden).

use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, Path, Query, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::{Map, Value, json};
use ulti_ratings::Rating;

use super::params::number;
use super::players::me;
use super::{App, err, over_reads};
use crate::store::privacy::HIDEABLE;
use crate::store::ratings::now;

/// The most games one `GET /api/players/ID/games` returns, and the most players of the
/// leaderboard.
pub const PAGE: u32 = 100;

/// A rating as the routes show it: rounded, with its deviation and what it allows.
fn rating_json(r: &Rating) -> Value {
    json!({
        "rating": r.rating.round() as i64,
        "rd": r.rd.round() as i64,
        "provisional": r.provisional(),
        "ranked": r.ranked(),
    })
}

/// `GET /api/players/ID`.
pub async fn profile(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let hidden = match app.hub.store().privacy(id.clone()).await {
        Ok(h) => h,
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    match app.hub.store().profile(id.clone(), now()).await {
        Ok(Some(p)) => {
            let mut bids = Map::new();
            for (bid, made, failed) in &p.bids {
                bids.insert(bid.clone(), json!({"made": made, "failed": failed}));
            }
            let per_deal = (p.games > 0)
                .then(|| (p.money as f64 / f64::from(p.games) * 100.0).round() / 100.0);
            let mut out = json!({
                "player": id,
                "rating": rating_json(&p.rating),
                "games": p.games,
                "money": {"total": p.money, "per_deal": per_deal},
                "bids": bids,
                "kontras": {"said": p.kontras.0, "won": p.kontras.1},
                "left_midway": p.left_midway,
            });
            if let Some(name) = p.name {
                out["name"] = json!(name);
            }
            if !hidden.is_empty() {
                if let Some(o) = out.as_object_mut()
                    && hidden.iter().any(|h| h == "money")
                {
                    o.remove("money");
                }
                out["hidden"] = json!(hidden);
            }
            axum::Json(out).into_response()
        }
        Ok(None) => err(StatusCode::NOT_FOUND, format!("no player {id:?}")),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `GET /api/players/ID/games?skip=N&limit=M`.
pub async fn games(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Path(id): Path<String>,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let (skip, limit) = match (
        number(&q, "skip", 0, 0, u32::MAX),
        number(&q, "limit", PAGE, 1, PAGE),
    ) {
        (Ok(s), Ok(l)) => (s, l),
        (Err(e), _) | (_, Err(e)) => return err(StatusCode::BAD_REQUEST, e),
    };
    let hides_money = match app.hub.store().privacy(id.clone()).await {
        Ok(h) if h.iter().any(|x| x == "games") => {
            return err(
                StatusCode::FORBIDDEN,
                format!("player {id:?} hides its games from others"),
            );
        }
        Ok(h) => h.iter().any(|x| x == "money"),
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    match app
        .hub
        .store()
        .player_games(id.clone(), skip, limit + 1)
        .await
    {
        Ok(Some(mut rows)) => {
            let more = rows.len() > limit as usize;
            rows.truncate(limit as usize);
            let list: Vec<Value> = rows
                .iter()
                .map(|g| {
                    let mut row = json!({
                        "table": g.table,
                        "game": g.n,
                        "seat": g.seat,
                        "at": g.at_ms,
                        "payments": serde_json::from_str::<Value>(&g.payments)
                            .unwrap_or(Value::Null),
                        "rating": g.rating.round() as i64,
                        "record": format!("/api/tables/{}/games?from={}&limit=1", g.table, g.n),
                    });
                    // Hidden money: the payments go too (the record stays public, as the
                    // table's games are).
                    if hides_money && let Some(o) = row.as_object_mut() {
                        o.remove("payments");
                    }
                    row
                })
                .collect();
            let mut res = axum::Json(Value::Array(list)).into_response();
            if more {
                let next = format!(
                    "</api/players/{id}/games?skip={}&limit={limit}>; rel=\"next\"",
                    skip.saturating_add(limit)
                );
                if let Ok(v) = HeaderValue::from_str(&next) {
                    res.headers_mut().insert(header::LINK, v);
                }
            }
            res
        }
        Ok(None) => err(StatusCode::NOT_FOUND, format!("no player {id:?}")),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `GET /api/leaderboard?limit=M`.
pub async fn leaderboard(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let limit = match number(&q, "limit", PAGE, 1, PAGE) {
        Ok(l) => l,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    match app.hub.store().leaderboard(now(), limit as usize).await {
        Ok(rows) => {
            let list: Vec<Value> = rows
                .iter()
                .enumerate()
                .map(|(i, (id, name, r, games))| {
                    json!({
                        "rank": i + 1,
                        "player": id,
                        "name": name,
                        "rating": rating_json(r),
                        "games": games,
                    })
                })
                .collect();
            axum::Json(Value::Array(list)).into_response()
        }
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}

/// `POST /api/me/privacy` `{"hide": ["money", "games"]}`: what the session's player hides
/// from others (the whole list each time; `[]` shows everything). Answers `{"hidden": [...]}`.
pub async fn privacy(State(app): State<Arc<App>>, headers: HeaderMap, bytes: Bytes) -> Response {
    let (p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let v: Value = match serde_json::from_slice(&bytes) {
        Ok(v) => v,
        Err(e) => {
            return err(
                StatusCode::BAD_REQUEST,
                format!("the body is not JSON: {e}"),
            );
        }
    };
    let Some(list) = v.get("hide").and_then(Value::as_array) else {
        return err(
            StatusCode::BAD_REQUEST,
            "the body is {\"hide\": [...]}, a list of \"money\", \"games\"".to_string(),
        );
    };
    let mut hide = Vec::new();
    for w in list {
        match w.as_str().filter(|w| HIDEABLE.contains(w)) {
            Some(w) => hide.push(w.to_string()),
            None => {
                return err(
                    StatusCode::BAD_REQUEST,
                    format!("{w} cannot be hidden: only \"money\" and \"games\" can"),
                );
            }
        }
    }
    let store = app.hub.store();
    if let Err(e) = store.set_privacy(p.id.clone(), hide).await {
        return err(StatusCode::SERVICE_UNAVAILABLE, e);
    }
    match store.privacy(p.id).await {
        Ok(h) => axum::Json(json!({"hidden": h})).into_response(),
        Err(e) => err(StatusCode::SERVICE_UNAVAILABLE, e),
    }
}
