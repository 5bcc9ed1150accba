//! Players, sessions and who sits where, in the same database as the tables (schema version
//! 2). A session is stored by the SHA-256 of its token, never the token; a password by its
//! Argon2id hash (`account`). A deleted account keeps its row (its games and seats point at
//! it) without name, password or session.

use rusqlite::{Connection, OptionalExtension, params};

use super::{Store, TokenHash, now_ms};

/// A player as a session finds it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Player {
    /// Its id.
    pub id: String,
    /// Its name (`None`: a deleted account).
    pub name: Option<String>,
    /// Has it an account (a password)?
    pub account: bool,
    /// The table it sits at now.
    pub at_table: Option<String>,
}

/// Is it SQLite's refusal of a second equal name?
fn taken(e: &rusqlite::Error) -> bool {
    matches!(e, rusqlite::Error::SqliteFailure(f, _)
        if f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_UNIQUE
            || f.extended_code == rusqlite::ffi::SQLITE_CONSTRAINT_PRIMARYKEY)
}

/// The words of a name someone else has.
pub const TAKEN: &str = "this name is taken: choose another";

/// A database error in words: [`TAKEN`] for a second equal name.
fn name_error(e: &rusqlite::Error) -> String {
    if taken(e) {
        TAKEN.into()
    } else {
        e.to_string()
    }
}

fn add_session(c: &Connection, player: &str, session: &TokenHash) -> rusqlite::Result<usize> {
    c.execute(
        "INSERT INTO sessions (token_sha256, player, created_ms) VALUES (?1, ?2, ?3)",
        params![session.to_vec(), player, now_ms()],
    )
}

impl Store {
    /// A new guest `id` named `name` with its first session.
    ///
    /// # Errors
    /// [`TAKEN`] (the caller draws another name), or the database's error.
    pub async fn add_guest(
        &self,
        id: String,
        name: String,
        session: TokenHash,
    ) -> Result<(), String> {
        self.write(move |c| {
            let key = crate::account::name_key(&name);
            c.execute(
                "INSERT INTO players (id, name, name_key, created_ms) VALUES (?1, ?2, ?3, ?4)",
                params![id, name, key, now_ms()],
            )
            .map_err(|e| name_error(&e))?;
            add_session(c, &id, &session).map_err(|e| e.to_string())?;
            Ok(())
        })
        .await
    }

    /// The player holding session `session` (`None`: no such session, or revoked).
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn session_player(&self, session: TokenHash) -> Result<Option<Player>, String> {
        self.read_async(move |c| {
            c.query_row(
                "SELECT p.id, p.name, p.password IS NOT NULL, p.at_table FROM sessions s \
                 JOIN players p ON p.id = s.player \
                 WHERE s.token_sha256 = ?1 AND p.deleted_ms IS NULL",
                [session.to_vec()],
                |r| {
                    Ok(Player {
                        id: r.get(0)?,
                        name: r.get(1)?,
                        account: r.get(2)?,
                        at_table: r.get(3)?,
                    })
                },
            )
            .optional()
        })
        .await
    }

    /// Name player `id` `name` (already checked).
    ///
    /// # Errors
    /// [`TAKEN`], or the database's error.
    pub async fn rename(&self, id: String, name: String) -> Result<(), String> {
        self.write(move |c| {
            c.execute(
                "UPDATE players SET name = ?2, name_key = ?3 WHERE id = ?1 AND deleted_ms IS NULL",
                params![id, name, crate::account::name_key(&name)],
            )
            .map(|_| ())
            .map_err(|e| name_error(&e))
        })
        .await
    }

    /// Make guest `id` an account: its name (checked) and password hash.
    ///
    /// # Errors
    /// [`TAKEN`], a player that already has an account, the database's error.
    pub async fn claim(&self, id: String, name: String, hash: String) -> Result<(), String> {
        self.write(move |c| {
            let n = c
                .execute(
                    "UPDATE players SET name = ?2, name_key = ?3, password = ?4 \
                     WHERE id = ?1 AND password IS NULL AND deleted_ms IS NULL",
                    params![id, name, crate::account::name_key(&name), hash],
                )
                .map_err(|e| {
                    if taken(&e) {
                        TAKEN.into()
                    } else {
                        e.to_string()
                    }
                })?;
            if n == 0 {
                return Err(
                    "this player has an account already: change its password instead".into(),
                );
            }
            Ok(())
        })
        .await
    }

    /// The account named `name` (any case): its id and password hash.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn account(&self, name: String) -> Result<Option<(String, String)>, String> {
        self.read_async(move |c| {
            c.query_row(
                "SELECT id, password FROM players WHERE name_key = ?1 \
                 AND password IS NOT NULL AND deleted_ms IS NULL",
                [crate::account::name_key(&name)],
                |r| Ok((r.get(0)?, r.get(1)?)),
            )
            .optional()
        })
        .await
    }

    /// Player `id`'s password hash (`None`: a guest).
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn password_of(&self, id: String) -> Result<Option<String>, String> {
        self.read_async(move |c| {
            c.query_row("SELECT password FROM players WHERE id = ?1", [id], |r| {
                r.get(0)
            })
            .optional()
            .map(Option::flatten)
        })
        .await
    }

    /// A new session for player `id`.
    ///
    /// # Errors
    /// The database's error.
    pub async fn add_session(&self, id: String, session: TokenHash) -> Result<(), String> {
        self.write_sql(move |c| add_session(c, &id, &session).map(|_| ()))
            .await
    }

    /// Revoke one session.
    ///
    /// # Errors
    /// The database's error.
    pub async fn revoke(&self, session: TokenHash) -> Result<(), String> {
        self.write_sql(move |c| {
            c.execute(
                "DELETE FROM sessions WHERE token_sha256 = ?1",
                [session.to_vec()],
            )
            .map(|_| ())
        })
        .await
    }

    /// A new password hash for `id`; every other session of it revoked.
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_password(
        &self,
        id: String,
        hash: String,
        keep: TokenHash,
    ) -> Result<(), String> {
        self.write_sql(move |c| {
            c.execute(
                "UPDATE players SET password = ?2 WHERE id = ?1",
                params![id, hash],
            )?;
            c.execute(
                "DELETE FROM sessions WHERE player = ?1 AND token_sha256 <> ?2",
                params![id, keep.to_vec()],
            )?;
            Ok(())
        })
        .await
    }

    /// Delete account `id`: no name, password or session is left; its seats and games stay,
    /// without its name.
    ///
    /// # Errors
    /// The database's error.
    pub async fn delete_player(&self, id: String) -> Result<(), String> {
        self.write_sql(move |c| {
            c.execute(
                "UPDATE players SET name = NULL, name_key = NULL, password = NULL, \
                 at_table = NULL, deleted_ms = ?2 WHERE id = ?1",
                params![id, now_ms()],
            )?;
            c.execute("DELETE FROM sessions WHERE player = ?1", [id])?;
            Ok(())
        })
        .await
    }

    /// Player `id` sits at table `table` now (`None`: at none).
    ///
    /// # Errors
    /// The database's error.
    pub async fn set_at_table(&self, id: String, table: Option<String>) -> Result<(), String> {
        self.write_sql(move |c| {
            c.execute(
                "UPDATE players SET at_table = ?2 WHERE id = ?1",
                params![id, table],
            )
            .map(|_| ())
        })
        .await
    }

    /// Seat `seat` of table `k` is player `id`'s (a seat taken by its token).
    ///
    /// # Errors
    /// The database's error.
    pub async fn bind_seat(&self, k: i64, seat: usize, id: String) -> Result<(), String> {
        self.write_sql(move |c| {
            c.execute(
                "INSERT OR IGNORE INTO seat_players (table_k, seat, player) VALUES (?1, ?2, ?3)",
                params![k, seat as i64, id],
            )
            .map(|_| ())
        })
        .await
    }

    /// Seat `seat` of table `k` is player `id`'s, who sits at table `table` now.
    ///
    /// # Errors
    /// The database's error.
    pub async fn seat_player(
        &self,
        k: i64,
        seat: usize,
        id: String,
        table: String,
    ) -> Result<(), String> {
        self.write_sql(move |c| {
            c.execute(
                "INSERT OR REPLACE INTO seat_players (table_k, seat, player) VALUES (?1, ?2, ?3)",
                params![k, seat as i64, id],
            )?;
            c.execute(
                "UPDATE players SET at_table = ?2 WHERE id = ?1",
                params![id, table],
            )?;
            Ok(())
        })
        .await
    }
}

/// A seat's player: (id, name — `None` once deleted).
pub type SeatPlayer = Option<(String, Option<String>)>;

/// Table `k`'s players by seat.
///
/// # Errors
/// A database that cannot be read.
pub fn seat_names(c: &Connection, k: i64) -> rusqlite::Result<[SeatPlayer; 3]> {
    let mut out: [SeatPlayer; 3] = Default::default();
    let mut st = c.prepare_cached(
        "SELECT sp.seat, p.id, p.name FROM seat_players sp JOIN players p \
         ON p.id = sp.player WHERE sp.table_k = ?1",
    )?;
    let rows = st.query_map([k], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, String>(1)?,
            r.get::<_, Option<String>>(2)?,
        ))
    })?;
    for row in rows {
        let (s, id, name) = row?;
        if let Some(slot) = out.get_mut(s as usize) {
            *slot = Some((id, name));
        }
    }
    Ok(out)
}
