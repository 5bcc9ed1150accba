//! The players' ratings and finished games (schema version 3). Each finished game with a
//! player at one of its seats rates its players in the transaction that stores the game and
//! its `over` ([`rate_game`]), so a rating is stored before anyone hears the game is over.
//! A rating's deviation grows with the time since it was last rated; it is stored as of that
//! time and grown when read ([`ulti_ratings::Rating::at`]).

use rusqlite::{Connection, OptionalExtension, params};
use ulti_ratings::{Rating, Sitter};

use super::{Store, now_ms};
use crate::rated::{FinishedGame, Holder};

/// A stored rating: the rating as last rated, when, and the counts.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Stored {
    /// The rating when last rated.
    pub rating: Rating,
    /// When (ms since 1970).
    pub rated_ms: i64,
    /// Rated games.
    pub games: u32,
    /// Games left while under way.
    pub left_midway: u32,
}

impl Stored {
    /// The rating at `now_ms` (its deviation grown by the idle time).
    #[must_use]
    pub fn at(&self, now_ms: i64) -> Rating {
        self.rating.at(self.rated_ms, now_ms)
    }
}

fn stored(c: &Connection, player: &str) -> rusqlite::Result<Option<Stored>> {
    c.prepare_cached(
        "SELECT rating, rd, vol, rated_ms, games, left_midway FROM player_ratings \
         WHERE player = ?1",
    )?
    .query_row([player], |r| {
        Ok(Stored {
            rating: Rating {
                rating: r.get(0)?,
                rd: r.get(1)?,
                vol: r.get(2)?,
            },
            rated_ms: r.get(3)?,
            games: r.get(4)?,
            left_midway: r.get(5)?,
        })
    })
    .optional()
}

/// Rate finished game `g` of table `k` and keep it in its players' games, at `now` (inside the
/// writer's transaction). A player holding two seats is rated at the first only.
pub(super) fn rate_game(
    c: &Connection,
    k: i64,
    g: &FinishedGame,
    now: i64,
) -> rusqlite::Result<()> {
    let mut players: [Option<(&str, Stored)>; 3] = [None, None, None];
    let mut sitters = [Sitter::Nobody; 3];
    for (s, h) in g.holders.iter().enumerate() {
        sitters[s] = match h {
            Holder::Player(id) if !players.iter().flatten().any(|(p, _)| p == id) => {
                let was = stored(c, id)?.unwrap_or(Stored {
                    rating: Rating::NEW_PLAYER,
                    rated_ms: now,
                    games: 0,
                    left_midway: 0,
                });
                players[s] = Some((id.as_str(), was));
                Sitter::Player(was.at(now))
            }
            Holder::Computer(level) => Sitter::Computer(*level),
            Holder::Player(_) | Holder::Nobody => Sitter::Nobody,
        };
    }
    let after = ulti_ratings::rate_game(&sitters, g.payments.map(i64::from));
    for (s, slot) in players.iter().enumerate() {
        let (Some((id, _)), Some(r)) = (slot, after[s]) else {
            continue;
        };
        c.prepare_cached(
            "INSERT INTO player_ratings (player, rating, rd, vol, rated_ms, games) \
             VALUES (?1, ?2, ?3, ?4, ?5, 1) ON CONFLICT(player) DO UPDATE SET \
             rating = ?2, rd = ?3, vol = ?4, rated_ms = ?5, games = games + 1",
        )?
        .execute(params![id, r.rating, r.rd, r.vol, now])?;
        let d = &g.deeds[s];
        c.prepare_cached(
            "INSERT OR IGNORE INTO player_games (player, table_k, n, seat, at_ms, payment, \
             contract, made, kontras, kontras_won, rating) \
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11)",
        )?
        .execute(params![
            id,
            k,
            g.n,
            s as i64,
            now,
            g.payments[s],
            d.soloist.as_ref().map(|x| x.0.clone()),
            d.soloist.as_ref().map(|x| x.1),
            d.kontras,
            d.kontras_won,
            r.rating,
        ])?;
    }
    Ok(())
}

/// Is a game under way at table `table` (its last game dealt, not over, an action played)?
fn game_under_way(c: &Connection, table: &str) -> rusqlite::Result<bool> {
    let mut st = c.prepare_cached(
        "SELECT e.body FROM events e JOIN tables t ON t.k = e.table_k WHERE t.id = ?1 \
         ORDER BY e.v DESC",
    )?;
    let mut rows = st.query([table])?;
    while let Some(r) = rows.next()? {
        let body: String = r.get(0)?;
        let t = serde_json::from_str::<serde_json::Value>(&body)
            .ok()
            .and_then(|v| v["t"].as_str().map(str::to_string));
        match t.as_deref() {
            Some("event") => return Ok(true),
            Some("over" | "deal") => return Ok(false),
            _ => {}
        }
    }
    Ok(false)
}

/// A player's profile as stored: its name, rating and counts, and what its games add up to.
#[derive(Clone, Debug, PartialEq)]
pub struct Profile {
    /// Its name (`None`: a deleted account).
    pub name: Option<String>,
    /// Its rating now.
    pub rating: Rating,
    /// Rated games, and games left while under way.
    pub games: u32,
    /// Games left while under way.
    pub left_midway: u32,
    /// The money its seats won in all.
    pub money: i64,
    /// As the soloist, by bid: (made, failed).
    pub bids: Vec<(String, u32, u32)>,
    /// Kontras said, and won.
    pub kontras: (u32, u32),
}

/// One of a player's finished games.
#[derive(Clone, Debug, PartialEq)]
pub struct PlayerGame {
    /// The table's id.
    pub table: String,
    /// The game's number at it.
    pub n: u32,
    /// The player's seat.
    pub seat: u32,
    /// When it ended (ms since 1970).
    pub at_ms: i64,
    /// Every seat's payment (JSON, as the table's sheet).
    pub payments: String,
    /// The player's rating after it.
    pub rating: f64,
}

impl Store {
    /// Player `id` leaves its table: `at_table` cleared, and a game left while under way
    /// counted.
    ///
    /// # Errors
    /// The database's error.
    pub async fn leave_table(&self, id: String, table: String) -> Result<(), String> {
        self.write(move |c| {
            let e = |e: rusqlite::Error| e.to_string();
            c.execute("UPDATE players SET at_table = NULL WHERE id = ?1", [&id])
                .map_err(e)?;
            if game_under_way(c, &table).map_err(e)? {
                c.execute(
                    "INSERT INTO player_ratings (player, rating, rd, vol, rated_ms, left_midway) \
                     VALUES (?1, ?2, ?3, ?4, ?5, 1) ON CONFLICT(player) DO UPDATE SET \
                     left_midway = left_midway + 1",
                    params![
                        id,
                        Rating::NEW_PLAYER.rating,
                        Rating::NEW_PLAYER.rd,
                        Rating::NEW_PLAYER.vol,
                        now_ms()
                    ],
                )
                .map_err(e)?;
            }
            Ok(())
        })
        .await
    }

    /// Player `id`'s profile at `now` (`None`: no such player).
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn profile(&self, id: String, now: i64) -> Result<Option<Profile>, String> {
        self.read_async(move |c| {
            let name: Option<Option<String>> = c
                .query_row("SELECT name FROM players WHERE id = ?1", [&id], |r| {
                    r.get(0)
                })
                .optional()?;
            let Some(name) = name else { return Ok(None) };
            let s = stored(c, &id)?;
            let money: i64 = c.query_row(
                "SELECT COALESCE(SUM(payment), 0) FROM player_games WHERE player = ?1",
                [&id],
                |r| r.get(0),
            )?;
            let kontras = c.query_row(
                "SELECT COALESCE(SUM(kontras), 0), COALESCE(SUM(kontras_won), 0) \
                 FROM player_games WHERE player = ?1",
                [&id],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )?;
            let mut st = c.prepare(
                "SELECT contract, SUM(made), SUM(1 - made) FROM player_games \
                 WHERE player = ?1 AND contract IS NOT NULL GROUP BY contract ORDER BY contract",
            )?;
            let bids = st
                .query_map([&id], |r| Ok((r.get(0)?, r.get(1)?, r.get(2)?)))?
                .collect::<rusqlite::Result<Vec<_>>>()?;
            Ok(Some(Profile {
                name,
                rating: s.map_or(Rating::NEW_PLAYER, |s| s.at(now)),
                games: s.map_or(0, |s| s.games),
                left_midway: s.map_or(0, |s| s.left_midway),
                money,
                bids,
                kontras,
            }))
        })
        .await
    }

    /// Player `id`'s finished games, newest first, skipping `skip`, at most `limit` (`None`:
    /// no such player).
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn player_games(
        &self,
        id: String,
        skip: u32,
        limit: u32,
    ) -> Result<Option<Vec<PlayerGame>>, String> {
        self.read_async(move |c| {
            let known: Option<i64> = c
                .query_row("SELECT 1 FROM players WHERE id = ?1", [&id], |r| r.get(0))
                .optional()?;
            if known.is_none() {
                return Ok(None);
            }
            let mut st = c.prepare(
                "SELECT t.id, pg.n, pg.seat, pg.at_ms, g.payments, pg.rating \
                 FROM player_games pg JOIN tables t ON t.k = pg.table_k \
                 JOIN games g ON g.table_k = pg.table_k AND g.n = pg.n \
                 WHERE pg.player = ?1 \
                 ORDER BY pg.at_ms DESC, pg.table_k DESC, pg.n DESC LIMIT ?2 OFFSET ?3",
            )?;
            let rows = st.query_map(params![id, limit, skip], |r| {
                Ok(PlayerGame {
                    table: r.get(0)?,
                    n: r.get(1)?,
                    seat: r.get(2)?,
                    at_ms: r.get(3)?,
                    payments: r.get(4)?,
                    rating: r.get(5)?,
                })
            })?;
            Ok(Some(rows.collect::<rusqlite::Result<Vec<_>>>()?))
        })
        .await
    }

    /// The leaderboard at `now`: players (not deleted) whose deviation is below the
    /// leaderboard's bound, best first, at most `limit`: (id, name, rating, games).
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn leaderboard(
        &self,
        now: i64,
        limit: usize,
    ) -> Result<Vec<(String, String, Rating, u32)>, String> {
        self.read_async(move |c| {
            // A stored deviation only grows: those below the bound as stored are the candidates.
            let mut st = c.prepare(
                "SELECT r.player, p.name, r.rating, r.rd, r.vol, r.rated_ms, r.games \
                 FROM player_ratings r JOIN players p ON p.id = r.player \
                 WHERE r.rd < ?1 AND p.name IS NOT NULL AND p.deleted_ms IS NULL",
            )?;
            let rows = st.query_map([ulti_ratings::glicko::LEADERBOARD_RD], |r| {
                let rating = Rating {
                    rating: r.get(2)?,
                    rd: r.get(3)?,
                    vol: r.get(4)?,
                };
                let rated: i64 = r.get(5)?;
                Ok((r.get(0)?, r.get(1)?, rating.at(rated, now), r.get(6)?))
            })?;
            let mut all: Vec<(String, String, Rating, u32)> = rows
                .collect::<rusqlite::Result<Vec<_>>>()?
                .into_iter()
                .filter(|x| x.2.ranked())
                .collect();
            all.sort_by(|a, b| b.2.rating.total_cmp(&a.2.rating).then(a.0.cmp(&b.0)));
            all.truncate(limit);
            Ok(all)
        })
        .await
    }
}

/// The time now, for the readers of ratings (ms since 1970).
#[must_use]
pub fn now() -> i64 {
    now_ms()
}
