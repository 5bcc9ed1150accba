//! The lobby's feed: the public tables waiting for people, pushed to every subscriber over a
//! WebSocket (`GET /api/lobby/ws`). A subscriber gets the whole list at once (`lobby`), then
//! every [`BATCH`] one `lobby_changes` with what was added, changed and removed meanwhile —
//! never polled, one text made once and shared (not copied) by all subscribers.
//!
//! One task holds the list and the subscribers. Tables tell it their entry after each change
//! that touches it (their task, `actor`); "play now" asks it which tables wait with given rules.
//! A subscriber whose queue is full (it does not read) is let go and its socket closed.

use std::collections::BTreeMap;
use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::sync::{mpsc, oneshot, watch};

/// How often changes go out (at most one message per subscriber per batch).
pub const BATCH: Duration = Duration::from_millis(100);

/// Messages that may wait for one subscriber before it counts as not reading.
pub const QUEUE: usize = 64;

enum Cmd {
    Put(String, Value),
    Remove(String),
    Subscribe(mpsc::Sender<Utf8Bytes>),
    Waiting {
        rules: Value,
        reply: oneshot::Sender<Vec<String>>,
    },
    Count(oneshot::Sender<usize>),
}

/// The feed's handle (cheap to clone).
#[derive(Clone)]
pub struct Feed {
    tx: mpsc::UnboundedSender<Cmd>,
}

#[derive(Default)]
struct Pending {
    added: BTreeMap<String, Value>,
    changed: BTreeMap<String, Value>,
    removed: Vec<String>,
}

impl Feed {
    /// Start the feed's task.
    #[must_use]
    pub fn start() -> Feed {
        let (tx, rx) = mpsc::unbounded_channel();
        tokio::spawn(run(rx));
        Feed { tx }
    }

    /// Table `id` is listed as `entry` (added, or changed).
    pub fn put(&self, id: &str, entry: Value) {
        let _ = self.tx.send(Cmd::Put(id.to_string(), entry));
    }

    /// Table `id` is no longer listed.
    pub fn remove(&self, id: &str) {
        let _ = self.tx.send(Cmd::Remove(id.to_string()));
    }

    /// The listed tables with `rules`, the longest waiting first.
    pub async fn waiting(&self, rules: Value) -> Vec<String> {
        let (reply, wait) = oneshot::channel();
        let _ = self.tx.send(Cmd::Waiting { rules, reply });
        wait.await.unwrap_or_default()
    }

    /// How many subscribers are open.
    pub async fn subscribers(&self) -> usize {
        let (reply, wait) = oneshot::channel();
        let _ = self.tx.send(Cmd::Count(reply));
        wait.await.unwrap_or_default()
    }

    /// Serve one subscriber's socket until it closes, falls behind, or the server stops.
    pub async fn serve(&self, socket: WebSocket, mut stopping: watch::Receiver<bool>) {
        let (out, mut queue) = mpsc::channel::<Utf8Bytes>(QUEUE);
        if self.tx.send(Cmd::Subscribe(out)).is_err() {
            return;
        }
        let (mut sink, mut stream) = socket.split();
        let close = |code: u16, reason: &'static str| {
            Message::Close(Some(CloseFrame {
                code,
                reason: reason.into(),
            }))
        };
        let stop = async move {
            // A server whose stop signal is gone never stops this way.
            if stopping.wait_for(|s| *s).await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        tokio::pin!(stop);
        loop {
            tokio::select! {
                m = queue.recv() => match m {
                    Some(text) => {
                        let sent = tokio::time::timeout(
                            Duration::from_secs(10),
                            sink.send(Message::Text(text)),
                        )
                        .await;
                        if !matches!(sent, Ok(Ok(()))) {
                            break;
                        }
                    }
                    None => {
                        let reason = "too far behind: subscribe again";
                        let _ = sink.send(close(1013, reason)).await;
                        break;
                    }
                },
                f = stream.next() => match f {
                    Some(Ok(Message::Text(t))) if t.as_str().contains("\"ping\"") => {
                        let _ = sink.send(Message::Text(r#"{"t":"pong"}"#.into())).await;
                    }
                    Some(Ok(Message::Close(_)) | Err(_)) | None => break,
                    Some(Ok(_)) => {}
                },
                () = &mut stop => {
                    let _ = sink.send(close(1001, "the server is restarting: subscribe again")).await;
                    break;
                }
            }
        }
    }
}

async fn run(mut rx: mpsc::UnboundedReceiver<Cmd>) {
    let mut tables: BTreeMap<String, (u64, Value)> = BTreeMap::new();
    let mut order = 0u64;
    let mut subs: Vec<mpsc::Sender<Utf8Bytes>> = Vec::new();
    let mut pending = Pending::default();
    let mut tick = tokio::time::interval(BATCH);
    tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let cmd = tokio::select! {
            c = rx.recv() => match c { Some(c) => c, None => return },
            _ = tick.tick() => {
                flush(&mut pending, &mut subs);
                continue;
            }
        };
        match cmd {
            Cmd::Put(id, entry) => {
                let known = tables.contains_key(&id);
                order += 1;
                let at = tables.get(&id).map_or(order, |(o, _)| *o);
                tables.insert(id.clone(), (at, entry.clone()));
                pending.removed.retain(|r| r != &id);
                if known && !pending.added.contains_key(&id) {
                    pending.changed.insert(id, entry);
                } else {
                    pending.added.insert(id, entry);
                }
            }
            Cmd::Remove(id) => {
                if tables.remove(&id).is_some() {
                    pending.changed.remove(&id);
                    if pending.added.remove(&id).is_none() {
                        pending.removed.push(id);
                    }
                }
            }
            Cmd::Subscribe(out) => {
                let mut list: Vec<&(u64, Value)> = tables.values().collect();
                list.sort_by_key(|(o, _)| *o);
                let all: Vec<&Value> = list.into_iter().map(|(_, v)| v).collect();
                let text = Utf8Bytes::from(json!({"t": "lobby", "tables": all}).to_string());
                if out.try_send(text).is_ok() {
                    subs.push(out);
                }
            }
            Cmd::Waiting { rules, reply } => {
                let mut found: Vec<(u64, String)> = tables
                    .iter()
                    .filter(|(_, (_, e))| e["rules"] == rules)
                    .map(|(id, (o, _))| (*o, id.clone()))
                    .collect();
                found.sort();
                let _ = reply.send(found.into_iter().map(|(_, id)| id).collect());
            }
            Cmd::Count(reply) => {
                subs.retain(|s| !s.is_closed());
                let _ = reply.send(subs.len());
            }
        }
    }
}

/// Send what changed since the last batch, one text for every subscriber.
fn flush(pending: &mut Pending, subs: &mut Vec<mpsc::Sender<Utf8Bytes>>) {
    if pending.added.is_empty() && pending.changed.is_empty() && pending.removed.is_empty() {
        return;
    }
    let p = std::mem::take(pending);
    let text = Utf8Bytes::from(
        json!({
            "t": "lobby_changes",
            "added": p.added.into_values().collect::<Vec<_>>(),
            "changed": p.changed.into_values().collect::<Vec<_>>(),
            "removed": p.removed,
        })
        .to_string(),
    );
    // Dropping a sender that cannot take more closes its subscriber (`serve` sees `None`).
    subs.retain(|s| s.try_send(text.clone()).is_ok());
}

/// Lobby subscriptions one address may hold at once.
pub const PER_ADDRESS: usize = 4;
