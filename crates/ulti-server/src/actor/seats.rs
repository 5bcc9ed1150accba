//! A public table's seats: a player sits down ("play now": a `sit`, with a fresh token for
//! the seat), the seats still waiting at the creator's time are filled by computers (`fill`),
//! and the lobby's feed hears the table's entry after each change that touches it.

use std::time::{Duration, Instant};

use super::Actor;
use crate::event::Numbered;
use crate::store::{hex, token_hash};

/// A seat taken by a player.
#[derive(Clone, Debug)]
pub struct Sat {
    /// The table's `k`.
    pub k: i64,
    /// The seat.
    pub seat: usize,
    /// The seat's token (given to the player once; stored hashed).
    pub token: String,
}

impl Actor {
    /// Seat `player` (named `name`) at the first waiting seat.
    ///
    /// # Errors
    /// (status, words): 409 when the player sits here already or no seat waits for a person
    /// (the table is full, under way, or private), 503 when the log refused the `sit`.
    pub(super) async fn sit(
        &mut self,
        player: String,
        name: Option<String>,
    ) -> Result<Sat, (u16, String)> {
        if self.table.players.iter().flatten().any(|p| *p == player) {
            return Err((409, "you sit at this table already".into()));
        }
        let Some(seat) = (0..3).find(|&s| self.table.waiting[s]) else {
            return Err((
                409,
                "this table has no seat waiting for a person: choose another, or play now".into(),
            ));
        };
        let token = self
            .new_seat_token(seat, player)
            .await
            .map_err(|e| (503, e))?;
        self.table.names[seat] = name;
        self.relist();
        Ok(Sat {
            k: self.table.meta.k,
            seat,
            token,
        })
    }

    /// A fresh token for `seat`, now `player`'s: a `sit` storing only its hash, then the
    /// tokens the sockets are checked against. The token is returned to be given to the
    /// player once; any token the seat had before is refused from now on.
    ///
    /// # Errors
    /// The log refused the `sit` (in words).
    pub(super) async fn new_seat_token(
        &mut self,
        seat: usize,
        player: String,
    ) -> Result<String, String> {
        let token = crate::account::new_session();
        let h = token_hash(&token);
        self.commit(vec![Numbered::Sit {
            seat,
            player,
            token_sha256: hex(&h),
        }])
        .await?;
        if let Some(tokens) = &self.tokens {
            tokens.write().unwrap_or_else(|p| p.into_inner())[seat] = Some(h);
        }
        Ok(token)
    }

    /// A seat held by its token, opened with a player's session: the seat is that player's
    /// from now on (a `sit` keeping the seat's token), when it has no player yet.
    pub(super) async fn claim_seat(&mut self, seat: usize, player: String, name: Option<String>) {
        if self.table.players[seat].is_some()
            || !self.table.meta.seats[seat].is_human()
            || self.table.players.iter().flatten().any(|p| *p == player)
        {
            return;
        }
        let Some(h) = self
            .tokens
            .as_ref()
            .and_then(|t| t.read().unwrap_or_else(|p| p.into_inner())[seat])
        else {
            return;
        };
        let sit = Numbered::Sit {
            seat,
            player: player.clone(),
            token_sha256: hex(&h),
        };
        if self.commit(vec![sit]).await.is_err() {
            return;
        }
        self.table.names[seat] = name;
        self.forget_texts();
        self.broadcast_state();
        let k = self.table.meta.k;
        if let Err(e) = self.shared.store.bind_seat(k, seat, player).await {
            tracing::warn!(table = %self.table.meta.id, "the seat's player was not stored: {e}");
        }
    }

    /// Player `player` is named `name` now (`None`: its account was deleted): its seats show
    /// it from now on (`state`, `GET /api/tables/ID`, the lobby).
    pub(super) fn renamed(&mut self, player: &str, name: Option<String>) {
        let mut any = false;
        for s in 0..3 {
            if self.table.players[s].as_deref() == Some(player) {
                self.table.names[s] = name.clone();
                any = true;
            }
        }
        if any {
            self.forget_texts();
            self.broadcast_state();
            if self.listed {
                self.relist();
            }
        }
    }

    /// A public table whose seats wait for people: fill them once it is time, else wake
    /// then. `true` while the table may not be played yet.
    pub(super) async fn fill_due(&mut self) -> bool {
        let Some((level, fill_at)) = self.table.public else {
            return false;
        };
        if !self.table.waiting_for_people() {
            return false;
        }
        let left = fill_at - crate::store::now_ms();
        if left > 0 {
            self.deadline = Some(Instant::now() + Duration::from_millis(left as u64));
            return true;
        }
        let fills: Vec<Numbered> = (0..3)
            .filter(|&s| self.table.waiting[s])
            .map(|seat| Numbered::Fill { seat, level })
            .collect();
        let seats: Vec<usize> = (0..3).filter(|&s| self.table.waiting[s]).collect();
        if self.commit(fills).await.is_err() {
            return true;
        }
        for s in seats {
            self.gone_since[s] = None;
        }
        self.relist();
        false
    }

    /// Tell the lobby's feed the table's entry (or that it is no longer listed).
    pub(super) fn relist(&mut self) {
        let Some(feed) = &self.shared.feed else {
            return;
        };
        match self.table.lobby_entry() {
            Some(e) => {
                feed.put(&self.table.meta.id, e);
                self.listed = true;
            }
            None if self.listed => {
                feed.remove(&self.table.meta.id);
                self.listed = false;
            }
            None => {}
        }
    }
}
