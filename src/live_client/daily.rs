//! The deal of the day on a table server: the day (`GET /api/daily`, with the kept player's
//! session when there is one), past days, and the start of today's attempt (`POST
//! /api/daily`, a guest made first when none is kept; the seat's token kept for the table).

use super::players::{ensure_player, kept_player};
use super::server::{ServerError, fetch_json, keep_token};
use crate::model::daily::{Day, PastDay};

/// Why a daily request failed: the server's words, or none (the server is unreachable).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DailyError {
    /// No answer from the server.
    Unreachable,
    /// The server's refusal in its words (409: the day is played already).
    Refused(u16, String),
}

async fn get(
    server: &str,
    path: &str,
    session: Option<&str>,
) -> Result<serde_json::Value, DailyError> {
    match fetch_json(server, "GET", path, None, session).await {
        Ok((s, v)) if (200..300).contains(&s) => Ok(v),
        Ok((s, v)) => Err(DailyError::Refused(
            s,
            v["error"].as_str().unwrap_or_default().to_string(),
        )),
        Err(ServerError::Unreachable(_) | ServerError::NotOurs(_)) => Err(DailyError::Unreachable),
        Err(ServerError::Protocol(p) | ServerError::Refused(p)) => Err(DailyError::Refused(0, p)),
    }
}

/// The day `date` (`None`: today), with the kept player's deals when one is kept.
///
/// # Errors
/// The server's refusal, or no server.
pub async fn day(server: &str, date: Option<&str>) -> Result<Day, DailyError> {
    let path = match date {
        Some(d) => format!("/api/daily?date={d}"),
        None => "/api/daily".into(),
    };
    let session = kept_player(server).map(|p| p.session);
    let v = get(server, &path, session.as_deref()).await?;
    serde_json::from_value(v).map_err(|e| DailyError::Refused(0, e.to_string()))
}

/// Past days, newest first.
///
/// # Errors
/// The server's refusal, or no server.
pub async fn history(server: &str) -> Result<Vec<PastDay>, DailyError> {
    let v = get(server, "/api/daily/history", None).await?;
    serde_json::from_value(v).map_err(|e| DailyError::Refused(0, e.to_string()))
}

/// Start (or resume) today's attempt: its table, whose seat token is kept.
///
/// # Errors
/// The day is played already (409, in words), the server's other refusals, or no server.
pub async fn start(server: &str) -> Result<String, DailyError> {
    let p = ensure_player(server)
        .await
        .map_err(|e| DailyError::Refused(0, format!("{e:?}")))?;
    let (s, v) = match fetch_json(
        server,
        "POST",
        "/api/daily",
        Some("{}".into()),
        Some(&p.session),
    )
    .await
    {
        Ok(x) => x,
        Err(ServerError::Unreachable(_) | ServerError::NotOurs(_)) => {
            return Err(DailyError::Unreachable);
        }
        Err(ServerError::Protocol(e) | ServerError::Refused(e)) => {
            return Err(DailyError::Refused(0, e));
        }
    };
    if !(200..300).contains(&s) {
        return Err(DailyError::Refused(
            s,
            v["error"].as_str().unwrap_or_default().to_string(),
        ));
    }
    let table = v["table"].as_str().unwrap_or_default().to_string();
    let token = v["token"].as_str().unwrap_or_default();
    keep_token(server, &table, token);
    Ok(table)
}
