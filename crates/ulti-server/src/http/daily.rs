//! The deal of the day (`crate::daily`):
//!
//! - `POST /api/daily` (a session): start today's attempt (UTC) — a table with the player and
//!   two strong computers playing the day's deals — or resume it while unfinished (with a
//!   fresh seat token: the one before is refused from then on): `{"table", "seat", "token",
//!   "date", "deals", "played"}`; 409 in words once finished.
//! - `GET /api/daily?date=YYYY-MM-DD` (default today): the day's standings, and with a session
//!   the player's own deals (money, par, matchpoints, field).
//! - `GET /api/daily/history?before=YYYY-MM-DD`: past days, newest first, with their players
//!   and winner.

use std::collections::{BTreeMap, HashMap};
use std::net::SocketAddr;
use std::sync::Arc;

use axum::extract::{ConnectInfo, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};
use ulti_engine::whole_game::TableRules;

use super::params::{date_param, today};
use super::players::{bearer, me};
use super::{App, err, over_reads};
use crate::daily::{Scored, day_score, score_deal};
use crate::store::daily::DayRow;

/// Days one history answer lists.
const HISTORY: u32 = 30;

/// `POST /api/daily`.
pub async fn start(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
) -> Response {
    let (p, _) = match me(&app, &headers).await {
        Ok(x) => x,
        Err(r) => return r,
    };
    let date = today();
    let store = app.hub.store();
    // A new attempt's seat token comes with its table; a resumed one gets a fresh token.
    let (attempt, token) = match store.daily_attempt(date.clone(), p.id.clone()).await {
        Ok(Some(a)) => (a, None),
        Ok(None) => {
            let client = app.client(addr, &headers);
            if !app.creations.allow(client) {
                app.hub.stats_ref().refused("rate");
                return err(
                    StatusCode::TOO_MANY_REQUESTS,
                    "too many tables created from this address: try again in a minute",
                );
            }
            let owner = crate::client::bucket(client).to_string();
            let created = match app
                .hub
                .create_daily(
                    TableRules::default(),
                    date.clone(),
                    app.daily_deals,
                    (p.id.clone(), p.name.clone()),
                    owner,
                )
                .await
            {
                Ok(c) => c,
                Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
            };
            let seat = crate::daily::PLAYER_SEAT.to_string();
            let token = created
                .tokens
                .get(&seat)
                .and_then(Value::as_str)
                .map(str::to_string);
            match store
                .keep_daily_attempt(
                    date.clone(),
                    p.id.clone(),
                    created.table.clone(),
                    app.daily_deals,
                )
                .await
            {
                // Two starts at once: the other one's table is the attempt.
                Ok(a) => {
                    let ours = a.table == created.table;
                    (a, token.filter(|_| ours))
                }
                Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
            }
        }
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    if attempt.played >= attempt.deals {
        return err(
            StatusCode::CONFLICT,
            format!(
                "you have played the deals of {date} already: one attempt a day, come back \
                 tomorrow"
            ),
        );
    }
    let token = match token {
        Some(t) => t,
        None => match app.hub.renew_daily_token(&attempt.table, &p.id).await {
            Ok(t) => t,
            Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
        },
    };
    axum::Json(json!({
        "table": attempt.table,
        "seat": crate::daily::PLAYER_SEAT,
        "token": token,
        "date": date,
        "deals": attempt.deals,
        "played": attempt.played,
    }))
    .into_response()
}

/// A day's results scored: per deal, each player's [`Scored`] with its par.
fn scored(rows: &[DayRow]) -> BTreeMap<u32, Vec<(Scored, i64)>> {
    let mut by_deal: BTreeMap<u32, Vec<&DayRow>> = BTreeMap::new();
    for r in rows {
        by_deal.entry(r.0).or_default().push(r);
    }
    by_deal
        .into_iter()
        .map(|(deal, rs)| {
            let results: Vec<(String, i64)> = rs.iter().map(|r| (r.1.clone(), r.3)).collect();
            let s = score_deal(&results);
            (deal, s.into_iter().zip(rs.iter().map(|r| r.4)).collect())
        })
        .collect()
}

/// The standings of a day: per player, name, deals, mean matchpoints, money; best first.
fn standings(rows: &[DayRow]) -> Vec<Value> {
    let names: HashMap<&str, Option<&str>> = rows
        .iter()
        .map(|r| (r.1.as_str(), r.2.as_deref()))
        .collect();
    let mut per: BTreeMap<String, (Vec<f64>, i64)> = BTreeMap::new();
    for list in scored(rows).into_values() {
        for (s, _) in list {
            let e = per.entry(s.player.clone()).or_default();
            e.0.push(s.mp);
            e.1 += s.money;
        }
    }
    let mut out: Vec<(String, f64, usize, i64)> = per
        .into_iter()
        .map(|(p, (mps, money))| (p, day_score(&mps).unwrap_or(0.0), mps.len(), money))
        .collect();
    out.sort_by(|a, b| b.1.total_cmp(&a.1).then(b.3.cmp(&a.3)).then(a.0.cmp(&b.0)));
    out.into_iter()
        .map(|(p, mp, deals, money)| {
            json!({
                "player": p,
                "name": names.get(p.as_str()).copied().flatten(),
                "deals": deals,
                "mp": (mp * 10.0).round() / 10.0,
                "money": money,
            })
        })
        .collect()
}

/// `GET /api/daily?date=`.
pub async fn day(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let date = match date_param(&q, "date") {
        Ok(d) => d,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    let player = match bearer(&headers) {
        Some(_) => match me(&app, &headers).await {
            Ok((p, _)) => Some(p.id),
            Err(r) => return r,
        },
        None => None,
    };
    let store = app.hub.store();
    let rows = match store.daily_day(date.clone()).await {
        Ok(r) => r,
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    let mut out = json!({
        "date": date,
        "today": date == today(),
        "deals": app.daily_deals,
        "standings": standings(&rows),
    });
    if let Some(id) = player {
        let mine: Vec<Value> = scored(&rows)
            .into_iter()
            .filter_map(|(deal, list)| {
                let (s, par) = list.into_iter().find(|(s, _)| s.player == id)?;
                Some(json!({
                    "deal": deal,
                    "money": s.money,
                    "par": par,
                    "mp": (s.mp * 10.0).round() / 10.0,
                    "field": s.field,
                }))
            })
            .collect();
        let attempt = match store.daily_attempt(date.clone(), id).await {
            Ok(a) => a,
            Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
        };
        out["mine"] = Value::Array(mine);
        out["attempt"] = match attempt {
            Some(a) => json!({
                "table": a.table,
                "played": a.played,
                "deals": a.deals,
                "done": a.played >= a.deals,
            }),
            None => Value::Null,
        };
    }
    axum::Json(out).into_response()
}

/// `GET /api/daily/history?before=`.
pub async fn history(
    State(app): State<Arc<App>>,
    ConnectInfo(addr): ConnectInfo<SocketAddr>,
    headers: HeaderMap,
    Query(q): Query<HashMap<String, String>>,
) -> Response {
    if let Some(refused) = over_reads(&app, addr, &headers) {
        return refused;
    }
    let before = match date_param(&q, "before") {
        Ok(d) => d,
        Err(e) => return err(StatusCode::BAD_REQUEST, e),
    };
    let store = app.hub.store();
    let dates = match store.daily_dates(before, HISTORY).await {
        Ok(d) => d,
        Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
    };
    let mut out = Vec::with_capacity(dates.len());
    for date in dates {
        let rows = match store.daily_day(date.clone()).await {
            Ok(r) => r,
            Err(e) => return err(StatusCode::SERVICE_UNAVAILABLE, e),
        };
        let table = standings(&rows);
        out.push(json!({
            "date": date,
            "players": table.len(),
            "winner": table.first().cloned().unwrap_or(Value::Null),
        }));
    }
    axum::Json(Value::Array(out)).into_response()
}
