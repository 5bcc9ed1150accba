//! The profile's and the leaderboard's requests (`GET /api/players/ID`, its games,
//! `GET /api/leaderboard`, public), and the own player's privacy (`POST /api/me/privacy` with
//! the kept session). Parsing is `model::profile`'s.

use super::server::{ServerError, fetch_json};
use crate::model::profile::{
    GameRow, LeaderRow, Profile, parse_games, parse_leaderboard, parse_profile,
};

/// Why a profile could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ProfileError {
    /// No such player (404).
    NoPlayer,
    /// No server answered.
    Unreachable,
    /// Any other refusal, in the server's words.
    Other(String),
}

async fn get(
    server: &str,
    path: &str,
    bearer: Option<&str>,
) -> Result<serde_json::Value, ProfileError> {
    match fetch_json(server, "GET", path, None, bearer).await {
        Ok((200, v)) => Ok(v),
        Ok((404, _)) => Err(ProfileError::NoPlayer),
        Ok((status, v)) => Err(ProfileError::Other(
            v["error"]
                .as_str()
                .map_or_else(|| format!("HTTP {status}"), str::to_string),
        )),
        Err(ServerError::Unreachable(_) | ServerError::NotOurs(_)) => {
            Err(ProfileError::Unreachable)
        }
        Err(ServerError::Protocol(p) | ServerError::Refused(p)) => Err(ProfileError::Other(p)),
    }
}

fn encode(s: &str) -> String {
    String::from(js_sys::encode_uri_component(s))
}

/// The profile of `player`.
///
/// # Errors
/// No such player, no server.
pub async fn profile(server: &str, player: &str) -> Result<Profile, ProfileError> {
    let v = get(server, &format!("/api/players/{}", encode(player)), None).await?;
    parse_profile(v).map_err(ProfileError::Other)
}

/// The finished games of `player`, newest first (the latest 100; `None` when hidden).
///
/// # Errors
/// As [`profile`].
pub async fn games(server: &str, player: &str) -> Result<Vec<GameRow>, ProfileError> {
    let v = get(
        server,
        &format!("/api/players/{}/games?limit=100", encode(player)),
        None,
    )
    .await?;
    parse_games(v).map_err(ProfileError::Other)
}

/// The leaderboard.
///
/// # Errors
/// No server.
pub async fn leaderboard(server: &str) -> Result<Vec<LeaderRow>, ProfileError> {
    let v = get(server, "/api/leaderboard", None).await?;
    parse_leaderboard(v).map_err(ProfileError::Other)
}

/// `POST /api/me/privacy`: what the kept player hides from others; the list the server keeps.
///
/// # Errors
/// No player kept, the session gone (401), no server.
pub async fn set_privacy(server: &str, hide: &[&str]) -> Result<Vec<String>, ProfileError> {
    let Some(p) = super::players::kept_player(server) else {
        return Err(ProfileError::NoPlayer);
    };
    let body = serde_json::json!({ "hide": hide }).to_string();
    match fetch_json(
        server,
        "POST",
        "/api/me/privacy",
        Some(body),
        Some(&p.session),
    )
    .await
    {
        Ok((200, v)) => Ok(v["hidden"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(str::to_string))
                    .collect()
            })
            .unwrap_or_default()),
        Ok((status, v)) => Err(ProfileError::Other(
            v["error"]
                .as_str()
                .map_or_else(|| format!("HTTP {status}"), str::to_string),
        )),
        Err(ServerError::Unreachable(_) | ServerError::NotOurs(_)) => {
            Err(ProfileError::Unreachable)
        }
        Err(ServerError::Protocol(p) | ServerError::Refused(p)) => Err(ProfileError::Other(p)),
    }
}
