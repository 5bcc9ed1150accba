//! The schema's versions. `PRAGMA user_version` holds the version a database is at; on start
//! the server runs every later migration in order, each in its own transaction with its new
//! version, so a database from any earlier version (0: made before versions were counted,
//! its schema is version 1's) is upgraded in place and a failed step changes nothing.
//! A database from a newer server is refused in words.

use rusqlite::Connection;

/// Each version's SQL, version 1 first.
pub const MIGRATIONS: &[&str] = &[
    include_str!("sql/1-tables.sql"),
    include_str!("sql/2-players.sql"),
    include_str!("sql/3-ratings.sql"),
    include_str!("sql/4-daily.sql"),
    include_str!("sql/5-privacy.sql"),
    include_str!("sql/6-daily-tokens.sql"),
];

/// The version of the database `c` is at.
///
/// # Errors
/// A database that cannot be read.
pub fn schema_version(c: &Connection) -> rusqlite::Result<usize> {
    c.query_row("PRAGMA user_version", [], |r| r.get::<_, i64>(0))
        .map(|v| v.max(0) as usize)
}

/// Bring `c` to the last version.
///
/// # Errors
/// A newer database than this server knows, or a step SQLite refused (in words).
pub fn migrate(c: &Connection) -> Result<(), String> {
    let e = |e: rusqlite::Error| e.to_string();
    let at = schema_version(c).map_err(e)?;
    if at > MIGRATIONS.len() {
        return Err(format!(
            "the database is at schema version {at}, newer than this server's {}: run a newer \
             ulti-server",
            MIGRATIONS.len()
        ));
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(at) {
        let version = i + 1;
        c.execute_batch("BEGIN IMMEDIATE").map_err(e)?;
        let step = c
            .execute_batch(sql)
            .and_then(|()| c.pragma_update(None, "user_version", version as i64));
        match step {
            Ok(()) => c.execute_batch("COMMIT").map_err(e)?,
            Err(err) => {
                let _ = c.execute_batch("ROLLBACK");
                return Err(format!(
                    "upgrading the database to version {version}: {err}"
                ));
            }
        }
        if at > 0 || version > 1 {
            tracing::info!(version, "database upgraded");
        }
    }
    Ok(())
}
