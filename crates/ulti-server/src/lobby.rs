//! "Play now": a player is seated at a public table waiting for people with the same rules
//! (the one waiting longest), or opens one and waits there; the seats still empty after the
//! wait the opener chose are taken by computers at the level it chose, then the table plays as
//! any other. A player sits at one table at a time (`players.at_table`), until it leaves
//! (`POST /api/me/leave`; a game under way goes on under the away rule).
//!
//! Play-now requests are taken one at a time, so two players asking at once meet at one table
//! instead of opening two.

use std::sync::Arc;
use std::time::Duration;

use serde_json::{Value, json};
use tokio::sync::{Mutex, oneshot};
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::TableRules;

use crate::actor::{Cmd, Sat};
use crate::feed::Feed;
use crate::hub::Hub;
use crate::store::players::Player;

/// The longest wait an opener may choose.
pub const MAX_WAIT: Duration = Duration::from_secs(600);

/// What a player asks for.
#[derive(Clone, Debug)]
pub struct Ask {
    /// The rules.
    pub rules: TableRules,
    /// The computers' level, should this request open a table.
    pub level: TableLevel,
    /// How long its seats wait for people, should this request open a table.
    pub wait: Duration,
    /// Open a table of its own even when one with these rules waits.
    pub new: bool,
    /// Sit at this public table (the lobby's "Sit here"), or nowhere.
    pub table: Option<String>,
}

/// A seat found: the table, the seat and the seat's token (for the table's WebSocket).
#[derive(Clone, Debug)]
pub struct Seated {
    /// The table id.
    pub table: String,
    /// The seat.
    pub seat: usize,
    /// Its token.
    pub token: String,
    /// Did this request open the table?
    pub opened: bool,
}

impl Seated {
    /// As `POST /api/play` answers.
    #[must_use]
    pub fn to_json(&self) -> Value {
        json!({"table": self.table, "seat": self.seat, "token": self.token,
            "opened": self.opened})
    }
}

/// The lobby: its feed and the play-now queue.
pub struct Lobby {
    /// The feed of public tables.
    pub feed: Feed,
    hub: Arc<Hub>,
    one_at_a_time: Mutex<()>,
}

impl Lobby {
    /// The lobby over `hub`'s tables.
    #[must_use]
    pub fn new(hub: Arc<Hub>, feed: Feed) -> Lobby {
        Lobby {
            feed,
            hub,
            one_at_a_time: Mutex::new(()),
        }
    }

    async fn sit_at(&self, id: &str, p: &Player) -> Result<Sat, (u16, String)> {
        let h = self
            .hub
            .table(id)
            .await
            .map_err(|u| (u.status(), u.words(id)))?;
        let restarting = || (503, "the table is restarting: try again".to_string());
        let (reply, wait) = oneshot::channel();
        h.inbox
            .send(Cmd::Sit {
                player: p.id.clone(),
                name: p.name.clone(),
                reply,
            })
            .map_err(|_| restarting())?;
        wait.await.map_err(|_| restarting())?
    }

    /// Seat player `p`, at a waiting table or a new one (`owner`: its client, for the
    /// computer pool's turns).
    ///
    /// With `ask.table`, only at that table: 404 when there is none, 409 when none of its
    /// seats waits for a person (full, under way, or private).
    ///
    /// # Errors
    /// (status, words): 409 for a player who sits at a table already, 503 when the database
    /// refused.
    pub async fn play_now(
        &self,
        p: &Player,
        ask: Ask,
        owner: String,
    ) -> Result<Seated, (u16, String)> {
        if let Some(t) = &p.at_table {
            return Err((
                409,
                format!(
                    "you sit at table {t} already: finish there, or leave it first \
                     (POST /api/me/leave)"
                ),
            ));
        }
        let _turn = self.one_at_a_time.lock().await;
        if let Some(id) = &ask.table {
            let sat = self.sit_at(id, p).await?;
            return self.seated(p, id.clone(), sat, false).await;
        }
        let rules = serde_json::to_value(ask.rules).expect("rules serialise");
        let waiting = if ask.new {
            Vec::new()
        } else {
            self.feed.waiting(rules).await
        };
        for id in waiting {
            if let Ok(sat) = self.sit_at(&id, p).await {
                return self.seated(p, id, sat, false).await;
            }
        }
        let id = self
            .hub
            .create_public(ask.rules, ask.level, ask.wait, owner)
            .await
            .map_err(|e| (503, e))?;
        let sat = self.sit_at(&id, p).await.map_err(|(_, e)| (503, e))?;
        self.seated(p, id, sat, true).await
    }

    async fn seated(
        &self,
        p: &Player,
        table: String,
        sat: Sat,
        opened: bool,
    ) -> Result<Seated, (u16, String)> {
        self.hub
            .store()
            .seat_player(sat.k, sat.seat, p.id.clone(), table.clone())
            .await
            .map_err(|e| (503, e))?;
        Ok(Seated {
            table,
            seat: sat.seat,
            token: sat.token,
            opened,
        })
    }
}
