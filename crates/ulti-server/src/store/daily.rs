//! The deal of the day in the store: each player's attempt (its table; the seat's token is
//! the table's, stored hashed with its `sit`) and its results, deal by deal, with the
//! others' on the same deal for the matchpoints.

use rusqlite::{Connection, OptionalExtension as _, params};

use super::Store;
use crate::daily::DailyRow;

/// A player's attempt at a day.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Attempt {
    /// Its table's id.
    pub table: String,
    /// How many deals it plays.
    pub deals: u32,
    /// How many it has finished.
    pub played: u32,
}

/// One result of a day: (deal, player, its name, money, par).
pub type DayRow = (u32, String, Option<String>, i64, i64);

/// Store one finished daily deal (in the game's transaction).
pub(super) fn insert_result(tx: &Connection, d: &DailyRow, at_ms: i64) -> rusqlite::Result<()> {
    tx.prepare_cached(
        "INSERT OR REPLACE INTO daily_results (date, deal, player, money, par, at_ms) \
         VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?
    .execute(params![d.date, d.deal, d.player, d.money, d.par, at_ms])?;
    Ok(())
}

fn attempt(c: &Connection, date: &str, player: &str) -> rusqlite::Result<Option<Attempt>> {
    c.query_row(
        "SELECT table_id, deals, \
         (SELECT COUNT(*) FROM daily_results r WHERE r.date = a.date AND r.player = a.player) \
         FROM daily_attempts a WHERE date = ?1 AND player = ?2",
        params![date, player],
        |r| {
            Ok(Attempt {
                table: r.get(0)?,
                deals: r.get(1)?,
                played: r.get(2)?,
            })
        },
    )
    .optional()
}

impl Store {
    /// `player`'s attempt at `date`, if any.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn daily_attempt(
        &self,
        date: String,
        player: String,
    ) -> Result<Option<Attempt>, String> {
        self.read_async(move |c| attempt(c, &date, &player)).await
    }

    /// Keep `player`'s attempt at `date` (its table and deals): the attempt kept, which is
    /// an earlier one when two started at once.
    ///
    /// # Errors
    /// The database refused.
    pub async fn keep_daily_attempt(
        &self,
        date: String,
        player: String,
        table: String,
        deals: u32,
    ) -> Result<Attempt, String> {
        self.write(move |c| {
            let e = |e: rusqlite::Error| e.to_string();
            c.execute(
                "INSERT OR IGNORE INTO daily_attempts (date, player, table_id, deals, at_ms) \
                 VALUES (?1, ?2, ?3, ?4, ?5)",
                params![date, player, table, deals, super::now_ms()],
            )
            .map_err(e)?;
            attempt(c, &date, &player)
                .map_err(e)?
                .ok_or_else(|| "the attempt was not kept".to_string())
        })
        .await
    }

    /// Every result of `date`, by deal then player.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn daily_day(&self, date: String) -> Result<Vec<DayRow>, String> {
        self.read_async(move |c| {
            let mut st = c.prepare(
                "SELECT r.deal, r.player, p.name, r.money, r.par FROM daily_results r \
                 LEFT JOIN players p ON p.id = r.player WHERE r.date = ?1 \
                 ORDER BY r.deal, r.player",
            )?;
            st.query_map([&date], |r| {
                Ok((r.get(0)?, r.get(1)?, r.get(2)?, r.get(3)?, r.get(4)?))
            })?
            .collect()
        })
        .await
    }

    /// The days played before `before` (newest first, at most `limit`): date and every
    /// result of it.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub async fn daily_dates(&self, before: String, limit: u32) -> Result<Vec<String>, String> {
        self.read_async(move |c| {
            let mut st = c.prepare(
                "SELECT DISTINCT date FROM daily_results WHERE date < ?1 \
                 ORDER BY date DESC LIMIT ?2",
            )?;
            st.query_map(params![before, limit], |r| r.get(0))?
                .collect()
        })
        .await
    }
}
