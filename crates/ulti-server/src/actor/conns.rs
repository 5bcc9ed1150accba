//! A table's connections: joining (a `welcome`, or the missed messages and `resumed`),
//! leaving, presence, and sending every numbered message to each, filtered for it. A
//! connection whose queue is full (a reader too slow for the table) is dropped; it comes back
//! with `since=` and misses nothing.

use std::sync::Arc;
use std::time::Instant;

use tokio::sync::mpsc;

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
                        eprintln!("table {}: replay failed: {e}", self.table.meta.id);
                        if !conn.send(text(&self.table.welcome(audience))) {
                            return;
                        }
                    }
                }
            }
            _ => {
                if !conn.send(text(&self.table.welcome(audience))) {
                    return;
                }
            }
        }
        if !conn.send(text(&self.table.state(audience))) {
            return;
        }
        if let Some(s) = audience.seat() {
            self.count[s] += 1;
            self.gone_since[s] = None;
        }
        self.conns.insert(id, conn);
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

    /// Send every connection its `state`.
    pub(super) fn broadcast_state(&mut self) {
        let dead: Vec<u64> = self
            .conns
            .values()
            .filter(|c| !c.send(text(&self.table.state(c.audience))))
            .map(|c| c.id)
            .collect();
        for id in dead {
            self.remove(id);
        }
    }

    /// Store and send a `presence` when who is connected has changed.
    pub(super) async fn announce_presence(&mut self) {
        loop {
            let now: [bool; 3] =
                std::array::from_fn(|s| !self.table.meta.seats[s].is_human() || self.count[s] > 0);
            if now == self.table.connected || self.table.game_no == 0 {
                return;
            }
            if let Err(e) = self
                .commit(vec![Numbered::Presence { connected: now }])
                .await
            {
                eprintln!("table {}: {e}", self.table.meta.id);
                return;
            }
            // Sending it may have dropped a slow connection: look again.
        }
    }
}
