//! What a player hides from others on its profile (`player_privacy`, schema version 5).

use rusqlite::{OptionalExtension, params};

use super::Store;

/// What a profile may hide: the money (total, per deal, the money chart) and the list of games
/// (the history, the money and rating over time).
pub const HIDEABLE: [&str; 2] = ["money", "games"];

impl Store {
    /// What `id` hides (in [`HIDEABLE`]'s order).
    ///
    /// # Errors
    /// The database failed.
    pub async fn privacy(&self, id: String) -> Result<Vec<String>, String> {
        self.read_async(move |c| {
            let hidden: Option<String> = c
                .query_row(
                    "SELECT hidden FROM player_privacy WHERE player = ?1",
                    [&id],
                    |r| r.get(0),
                )
                .optional()?;
            Ok(hidden
                .map(|h| {
                    HIDEABLE
                        .iter()
                        .filter(|w| h.split(',').any(|x| x == **w))
                        .map(|w| (*w).to_string())
                        .collect()
                })
                .unwrap_or_default())
        })
        .await
    }

    /// Keep what `id` hides (only words of [`HIDEABLE`]).
    ///
    /// # Errors
    /// The database failed.
    pub async fn set_privacy(&self, id: String, hidden: Vec<String>) -> Result<(), String> {
        let list: Vec<&str> = HIDEABLE
            .iter()
            .copied()
            .filter(|w| hidden.iter().any(|h| h == w))
            .collect();
        let text = list.join(",");
        self.write_sql(move |c| {
            c.execute(
                "INSERT INTO player_privacy (player, hidden) VALUES (?1, ?2) \
                 ON CONFLICT(player) DO UPDATE SET hidden = excluded.hidden",
                params![id, text],
            )
            .map(|_| ())
        })
        .await
    }
}
