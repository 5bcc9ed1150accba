//! A table's connections: joining (a `welcome`, or the missed messages and `resumed`),
//! leaving, presence, and sending every numbered message to each, filtered for it. A
//! connection whose queue is full (a reader too slow for the table) is dropped; it comes back
//! with `since=` and misses nothing.
//!
//! Every text is made once per audience (seat 0, 1, 2, the spectators) and the same
//! `Arc<str>` is queued to each connection of that audience: 3,000 spectators cost one
//! `state`, not 3,000. Presence changes are stored at most once a second per table.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::{mpsc, oneshot};

use super::{Actor, text};
use crate::event::{Audience, Numbered, Stored};
use crate::protocol;

/// The most messages a reconnect replays; from further back it gets a `welcome`.
pub const MAX_REPLAY: u64 = 2048;

/// What a connection's writer sends.
#[derive(Debug)]
pub enum Out {
    /// A text frame.
    Text(Arc<str>),
}

/// A connection as its table knows it.
pub struct Conn {
    /// Its id (unique in the process).
    pub id: u64,
    /// Whose eyes.
    pub audience: Audience,
    /// Its writer's queue.
    pub out: mpsc::Sender<Out>,
    /// Dropped with the connection: its writer learns at once that the table let it go
    /// (even with frames still queued) and closes the socket.
    pub held: oneshot::Sender<()>,
    /// The player of the session the connection offered (id, name), if any.
    pub player: Option<(String, Option<String>)>,
}

/// The least time between two stored `presence` messages of a table.
pub const PRESENCE_EVERY: Duration = Duration::from_secs(1);

/// The texts made for the table as it is at one number, per audience (`Audience::index`).
#[derive(Default)]
pub struct Texts {
    /// The number they were made at.
    v: u64,
    state: [Option<Arc<str>>; 4],
    welcome: [Option<Arc<str>>; 4],
}

impl Conn {
    /// Queue a frame; `false` when the queue is full or the writer gone.
    #[must_use]
    pub fn send(&self, text: Arc<str>) -> bool {
        self.out.try_send(Out::Text(text)).is_ok()
    }
}

impl Actor {
    pub(super) async fn join(&mut self, conn: Conn, since: Option<u64>) {
        let id = conn.id;
        let audience = conn.audience;
        let last = self.table.v;
        match since {
            // Too old to replay through one connection's queue: a welcome instead.
            Some(s) if s <= last && last - s <= MAX_REPLAY => {
                let missed = self.missed(s).await;
                match missed {
                    Ok(list) => {
                        for st in list {
                            if !conn.send(st.text(audience)) {
                                return;
                            }
                        }
                        if !conn.send(protocol::resumed(last).into()) {
                            return;
                        }
                    }
                    Err(e) => {
                        tracing::warn!(table = %self.table.meta.id, "replay failed: {e}");
                        if !conn.send(self.welcome_text(audience)) {
                            return;
                        }
                    }
                }
            }
            _ => {
                if !conn.send(self.welcome_text(audience)) {
                    return;
                }
            }
        }
        if !conn.send(self.state_text(audience)) {
            return;
        }
        if let Some(s) = audience.seat() {
            self.count[s] += 1;
            self.gone_since[s] = None;
        }
        let player = conn.player.clone();
        self.conns.insert(id, conn);
        if let (Some(s), Some((p, name))) = (audience.seat(), player) {
            self.claim_seat(s, p, name).await;
        }
        self.shared.stats.connections(1);
        self.announce_presence().await;
        self.drive().await;
    }

    /// The messages after `since`, from memory or (older) from the log.
    async fn missed(&self, since: u64) -> Result<Vec<Arc<Stored>>, String> {
        let from_memory =
            self.recent.front().is_some_and(|f| f.v <= since + 1) || self.table.v == since;
        if from_memory {
            return Ok(self
                .recent
                .iter()
                .filter(|s| s.v > since)
                .cloned()
                .collect());
        }
        let store = self.shared.store.clone();
        let (k, upto) = (self.table.meta.k, self.table.v);
        let rows = tokio::task::spawn_blocking(move || store.events(k, since, upto))
            .await
            .map_err(|e| e.to_string())??;
        rows.into_iter()
            .map(|(v, body)| {
                serde_json::from_str::<Numbered>(&body)
                    .map(|m| Arc::new(Stored::new(v, m)))
                    .map_err(|e| format!("message {v}: {e}"))
            })
            .collect()
    }

    /// Forget connection `id` (its writer closes when its queue is dropped).
    pub(super) fn remove(&mut self, id: u64) {
        let Some(c) = self.conns.remove(&id) else {
            return;
        };
        self.shared.stats.connections(-1);
        if let Some(s) = c.audience.seat() {
            self.count[s] -= 1;
            if self.count[s] == 0 && self.table.meta.seats[s].is_human() {
                self.gone_since[s] = Some(Instant::now());
            }
        }
    }

    /// Send a stored message to every connection, each its own way.
    pub(super) fn broadcast(&mut self, st: &Stored) {
        let dead: Vec<u64> = self
            .conns
            .values()
            .filter(|c| !c.send(st.text(c.audience)))
            .map(|c| c.id)
            .collect();
        for id in dead {
            self.remove(id);
        }
    }

    /// Send every connection its `state` (made once per audience).
    pub(super) fn broadcast_state(&mut self) {
        let mut dead = Vec::new();
        let audiences: Vec<(u64, Audience)> =
            self.conns.values().map(|c| (c.id, c.audience)).collect();
        for (id, audience) in audiences {
            let t = self.state_text(audience);
            if !self.conns.get(&id).is_some_and(|c| c.send(t)) {
                dead.push(id);
            }
        }
        for id in dead {
            self.remove(id);
        }
    }

    /// Empty the texts cache (something not in the log changed: a player's name).
    pub(super) fn forget_texts(&mut self) {
        self.texts = Texts::default();
    }

    /// The texts cache, emptied when the table has moved on.
    fn texts(&mut self) -> &mut Texts {
        if self.texts.v != self.table.v {
            self.texts.v = self.table.v;
            self.texts.state = Default::default();
            self.texts.welcome = Default::default();
        }
        &mut self.texts
    }

    /// `state` for `audience` as the table is now, made once.
    pub(super) fn state_text(&mut self, audience: Audience) -> Arc<str> {
        let i = audience.index();
        if let Some(t) = &self.texts().state[i] {
            return t.clone();
        }
        let t = text(&self.table.state(audience));
        self.texts.state[i] = Some(t.clone());
        t
    }

    /// `welcome` for `audience` as the table is now, made once.
    fn welcome_text(&mut self, audience: Audience) -> Arc<str> {
        let i = audience.index();
        if let Some(t) = &self.texts().welcome[i] {
            return t.clone();
        }
        let t = text(&self.table.welcome(audience));
        self.texts.welcome[i] = Some(t.clone());
        t
    }

    /// Store and send a `presence` when who is connected differs from what is stored: at once
    /// when the last one was stored over a second ago, else at the end of that second (the
    /// `presence_due` timer), as it is then. Nothing is stored when it is back to what is
    /// stored (6,000 quick connects store a handful of rows, not 12,000).
    pub(super) async fn announce_presence(&mut self) {
        let now: [bool; 3] =
            std::array::from_fn(|s| !self.table.meta.seats[s].is_human() || self.count[s] > 0);
        if now == self.table.connected || self.table.game_no == 0 {
            self.presence_due = None;
            return;
        }
        let t = Instant::now();
        if let Some(last) = self.presence_stored
            && t < last + PRESENCE_EVERY
        {
            self.presence_due = Some(last + PRESENCE_EVERY);
            return;
        }
        self.presence_due = None;
        self.presence_stored = Some(t);
        if let Err(e) = self
            .commit(vec![Numbered::Presence { connected: now }])
            .await
        {
            // Tried again in a second.
            tracing::warn!(table = %self.table.meta.id, "{e}");
            self.presence_due = Some(t + PRESENCE_EVERY);
        }
        // Sending it may have dropped a slow connection: the run loop looks again (and that
        // change waits for the next second).
    }
}
