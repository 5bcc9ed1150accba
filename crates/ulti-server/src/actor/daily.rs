//! A table of the deal of the day (`crate::daily`): each deal's result for the player, with
//! the deal's par solved on a blocking thread before its `over` is stored, and the player's
//! seat token renewed when it resumes its attempt (the old token holds the seat no more).

use super::Actor;
use crate::daily::{DailyRow, PLAYER_SEAT};

impl Actor {
    /// At a daily table, the result of its game `n` (just over) for the player: its money and
    /// the deal's par from its seat, solved on a blocking thread.
    pub(super) async fn daily_row(&self, n: u32, payments: &[i32; 3]) -> Option<DailyRow> {
        let (date, _) = self.table.daily.clone()?;
        let seat = PLAYER_SEAT;
        let player = self.table.players[seat].clone()?;
        let game = self.table.game.clone();
        let par = tokio::task::spawn_blocking(move || crate::daily::par::par(&game, seat))
            .await
            .unwrap_or(0);
        Some(DailyRow {
            date,
            deal: n,
            player,
            money: i64::from(payments[seat]),
            par,
        })
    }

    /// `player` resumes its attempt at this daily table: a fresh token for its seat (a `sit`
    /// storing its hash), given to the player once. The seat's old token is refused from now
    /// on and its open connections are let go.
    ///
    /// # Errors
    /// Not `player`'s daily table, or the log refused the `sit` (in words).
    pub(super) async fn renew_daily_token(&mut self, player: String) -> Result<String, String> {
        let seat = PLAYER_SEAT;
        if self.table.daily.is_none()
            || self.table.players[seat].as_deref() != Some(player.as_str())
        {
            return Err("this table is not the player's deals of the day".into());
        }
        let token = self.new_seat_token(seat, player).await?;
        let old: Vec<u64> = self
            .conns
            .iter()
            .filter(|(_, c)| c.audience.seat() == Some(seat))
            .map(|(id, _)| *id)
            .collect();
        if !old.is_empty() {
            for id in old {
                self.remove(id);
            }
            self.announce_presence().await;
        }
        Ok(token)
    }
}
