//! A player's profile as the table server tells it (`GET /api/players/ID`, its games
//! `GET /api/players/ID/games`, `GET /api/leaderboard`): parsing, and the numbers the page and
//! its charts show (the rating's words, the money over time, the rating over time, the
//! soloist's bids made and failed). Pure; the requests are `live_client::profiles`'s, the
//! pictures `components::charts`'.

use std::collections::BTreeMap;

use serde::Deserialize;

/// What a profile may hide from others (`POST /api/me/privacy`), in the server's order.
pub const HIDEABLE: [&str; 2] = ["money", "games"];

/// A rating as the server shows it (rounded).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize)]
pub struct RatingView {
    pub rating: i64,
    pub rd: i64,
    pub provisional: bool,
    pub ranked: bool,
}

impl RatingView {
    /// "1512 ± 210?": the "?" while the rating is provisional.
    #[must_use]
    pub fn text(&self) -> String {
        let q = if self.provisional { "?" } else { "" };
        format!("{} ± {}{q}", self.rating, self.rd)
    }
}

/// The money of a profile (absent when the player hides it).
#[derive(Clone, Copy, Debug, PartialEq, Deserialize)]
pub struct Money {
    pub total: i64,
    pub per_deal: Option<f64>,
}

/// A contract family's soloist bids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct MadeFailed {
    pub made: u32,
    pub failed: u32,
}

/// Kontras said and won.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize)]
pub struct Kontras {
    pub said: u32,
    pub won: u32,
}

/// `GET /api/players/ID`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct Profile {
    pub player: String,
    /// Absent once the account is deleted.
    #[serde(default)]
    pub name: Option<String>,
    pub rating: RatingView,
    pub games: u32,
    #[serde(default)]
    pub money: Option<Money>,
    #[serde(default)]
    pub bids: BTreeMap<String, MadeFailed>,
    #[serde(default)]
    pub kontras: Kontras,
    #[serde(default)]
    pub left_midway: u32,
    /// What the player hides from others (`"money"`, `"games"`).
    #[serde(default)]
    pub hidden: Vec<String>,
}

impl Profile {
    /// Does the player hide `what`?
    #[must_use]
    pub fn hides(&self, what: &str) -> bool {
        self.hidden.iter().any(|h| h == what)
    }

    /// The share of games played to the end, in whole percent (`None` before any game).
    #[must_use]
    pub fn completion_percent(&self) -> Option<u32> {
        let started = self.games + self.left_midway;
        (started > 0).then(|| (f64::from(self.games) * 100.0 / f64::from(started)).round() as u32)
    }
}

/// One finished game of `GET /api/players/ID/games`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct GameRow {
    pub table: String,
    pub game: u32,
    pub seat: usize,
    /// When it ended (milliseconds since 1970).
    pub at: f64,
    #[serde(default)]
    pub payments: Vec<i64>,
    /// The rating after it.
    pub rating: i64,
    /// The server's record of the game (`ulti-game/1`).
    pub record: String,
}

impl GameRow {
    /// The player's money in this game.
    #[must_use]
    pub fn money(&self) -> i64 {
        self.payments.get(self.seat).copied().unwrap_or(0)
    }
}

/// One row of `GET /api/leaderboard`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
pub struct LeaderRow {
    pub rank: u32,
    pub player: String,
    #[serde(default)]
    pub name: Option<String>,
    pub rating: RatingView,
    pub games: u32,
}

/// Parse a profile.
///
/// # Errors
/// The text is not a profile.
pub fn parse_profile(v: serde_json::Value) -> Result<Profile, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

/// Parse a list of games.
///
/// # Errors
/// The text is not a list of games.
pub fn parse_games(v: serde_json::Value) -> Result<Vec<GameRow>, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

/// Parse the leaderboard.
///
/// # Errors
/// The text is not a leaderboard.
pub fn parse_leaderboard(v: serde_json::Value) -> Result<Vec<LeaderRow>, String> {
    serde_json::from_value(v).map_err(|e| e.to_string())
}

/// The games oldest first (the server sends them newest first).
#[must_use]
pub fn oldest_first(games: &[GameRow]) -> Vec<GameRow> {
    let mut g = games.to_vec();
    g.sort_by(|a, b| a.at.total_cmp(&b.at).then(a.game.cmp(&b.game)));
    g
}

/// The money after each game, cumulative, oldest first.
#[must_use]
pub fn money_over_time(games: &[GameRow]) -> Vec<i64> {
    oldest_first(games)
        .iter()
        .scan(0, |sum, g| {
            *sum += g.money();
            Some(*sum)
        })
        .collect()
}

/// The rating after each game, oldest first.
#[must_use]
pub fn rating_over_time(games: &[GameRow]) -> Vec<i64> {
    oldest_first(games).iter().map(|g| g.rating).collect()
}

/// The soloist's bids with at least one game, as (family, made, failed), the most played first.
#[must_use]
pub fn bid_bars(bids: &BTreeMap<String, MadeFailed>) -> Vec<(String, u32, u32)> {
    let mut v: Vec<_> = bids
        .iter()
        .filter(|(_, m)| m.made + m.failed > 0)
        .map(|(k, m)| (k.clone(), m.made, m.failed))
        .collect();
    v.sort_by(|a, b| (b.1 + b.2).cmp(&(a.1 + a.2)).then(a.0.cmp(&b.0)));
    v
}

/// The games of the browser's own evening at the Table page (its kept text, `None`: none).
#[must_use]
pub fn local_games(kept: Option<&str>) -> usize {
    kept.and_then(crate::model::table::Table::from_storage)
        .map_or(0, |t| t.session.finished().len())
}

/// About how many games bring a new player's deviation under the leaderboard's 75: games at a
/// table with two computers of the normal level, each scored half (Glicko-2, as the server
/// rates them, one game a rating period).
#[must_use]
pub fn games_to_rank() -> u32 {
    use ulti_ratings::Rating;
    use ulti_ratings::computers::{COMPUTER_RD, NORMAL};
    let computer = Rating {
        rating: NORMAL,
        rd: COMPUTER_RD,
        ..Rating::NEW_PLAYER
    };
    let mut me = Rating::NEW_PLAYER;
    for n in 1..=1000 {
        me = ulti_ratings::glicko::update(me, &[(computer, 0.5), (computer, 0.5)]);
        if me.ranked() {
            return n;
        }
    }
    1000
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn game(n: u32, at: f64, seat: usize, payments: [i64; 3], rating: i64) -> GameRow {
        GameRow {
            table: "t1".into(),
            game: n,
            seat,
            at,
            payments: payments.to_vec(),
            rating,
            record: format!("/api/tables/t1/games?from={n}&limit=1"),
        }
    }

    #[test]
    fn a_profile_parses_with_and_without_what_is_hidden() {
        let p = parse_profile(json!({"player": "p1", "name": "Anna",
            "rating": {"rating": 1512, "rd": 210, "provisional": true, "ranked": false},
            "games": 3, "money": {"total": -12, "per_deal": -4.0},
            "bids": {"ulti": {"made": 1, "failed": 2}}, "kontras": {"said": 2, "won": 1},
            "left_midway": 1}))
        .unwrap();
        assert_eq!(p.rating.text(), "1512 ± 210?");
        assert_eq!(p.money.unwrap().total, -12);
        assert_eq!(p.completion_percent(), Some(75));
        assert!(!p.hides("money"));
        let hidden = parse_profile(json!({"player": "p1",
            "rating": {"rating": 1600, "rd": 60, "provisional": false, "ranked": true},
            "games": 40, "hidden": ["money"]}))
        .unwrap();
        assert_eq!(hidden.rating.text(), "1600 ± 60");
        assert!(hidden.money.is_none() && hidden.hides("money") && hidden.name.is_none());
    }

    #[test]
    fn money_and_rating_run_oldest_first() {
        // Newest first, as the server sends them.
        let games = [
            game(2, 2000.0, 1, [4, -8, 4], 1490),
            game(1, 1000.0, 0, [10, -5, -5], 1530),
        ];
        assert_eq!(money_over_time(&games), vec![10, 2]);
        assert_eq!(rating_over_time(&games), vec![1530, 1490]);
    }

    #[test]
    fn bid_bars_leave_out_unplayed_and_put_the_most_played_first() {
        let mut bids = BTreeMap::new();
        bids.insert("party".to_string(), MadeFailed { made: 1, failed: 0 });
        bids.insert("ulti".to_string(), MadeFailed { made: 1, failed: 2 });
        bids.insert("betli".to_string(), MadeFailed::default());
        assert_eq!(
            bid_bars(&bids),
            vec![("ulti".to_string(), 1, 2), ("party".to_string(), 1, 0)]
        );
    }

    #[test]
    /// The guide says about a dozen games put a player on the leaderboard.
    fn about_a_dozen_games_rank_a_player() {
        let n = games_to_rank();
        assert!((9..=15).contains(&n), "{n}");
    }

    #[test]
    fn no_local_evening_counts_no_games() {
        assert_eq!(local_games(None), 0);
        assert_eq!(local_games(Some("not a table")), 0);
    }
}
