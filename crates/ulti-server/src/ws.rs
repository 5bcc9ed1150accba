//! One WebSocket connection: a reader that hands each frame, read, to its table's task, and a
//! writer that sends what the table queues for it. A frame or message over 65,536 bytes ends
//! that connection with close code 1009; anything else that is wrong gets an `error` and the
//! connection stays open.
//!
//! A connection on the internet may be slow, silent or hostile, and none of that may cost the
//! server more than a bounded amount:
//! - each frame gets at most `--send-timeout` (10 s) to be sent, and a connection whose queue
//!   the table finds full is let go: either way the socket is closed for good (a close frame
//!   is attempted, never waited on for long), the reader stops too and the table forgets it;
//! - the writer pings every `--ping-every`; a connection with no pong since the ping before
//!   last is closed, so a half-open seat counts as disconnected (presence, the away rule);
//! - a connection may send 20 messages a second (40 at once): what comes faster is read
//!   later (TCP pushes back), and one held back for 5 s on end is closed with 1008;
//! - at most `--max-spectators` spectators per table ([`Spectator`]);
//! - when the server stops, every connection is closed with 1001 and its task ends.

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::stream::SplitSink;
use futures_util::{SinkExt, StreamExt};
use serde_json::Value;
use tokio::sync::{Semaphore, mpsc, oneshot, watch};
use tokio::time::MissedTickBehavior;
use tokio_tungstenite::tungstenite;

use crate::actor::{Cmd, Conn, Out, Shared};
use crate::event::Audience;
use crate::hub::TableHandle;
use crate::protocol::{BadMessage, parse_client};

/// The largest message read (after reassembling fragments); a larger one closes with 1009.
pub const MAX_MESSAGE: usize = 65_536;

/// How many of one connection's messages may wait in its table's inbox.
pub const IN_FLIGHT: usize = 32;

/// How many frames may wait for one connection before it counts as too slow and is dropped.
/// Above the longest replay (`MAX_REPLAY`, 2,048) so a reconnect fits; a slot holds an
/// `Arc<str>` shared with every connection of the same audience, so a full queue costs
/// about 64 KiB of its own, not its frames' text.
pub const QUEUE: usize = 4096;

/// Messages a connection may send per second, sustained.
pub const RATE: f64 = 20.0;

/// Messages a connection may send at once.
pub const BURST: f64 = 40.0;

/// A connection held back by the rate this long without a pause is closed with 1008.
pub const FLOOD: Duration = Duration::from_secs(5);

/// The close reason when the server stops (code 1001).
pub const STOPPING: &str = "the server is restarting: reconnect with since=";

/// A spectator's place at a table (`--max-spectators`): taken before the upgrade, given back
/// when dropped, however the connection ends (a panic or an upgrade that never happens
/// included).
pub struct Spectator(Arc<AtomicUsize>);

impl Spectator {
    /// Take one of `max` places counted by `count`; `None` when all are taken.
    #[must_use]
    pub fn admit(count: &Arc<AtomicUsize>, max: usize) -> Option<Spectator> {
        count
            .fetch_update(Ordering::AcqRel, Ordering::Acquire, |n| {
                (n < max).then_some(n + 1)
            })
            .ok()
            .map(|_| Spectator(count.clone()))
    }
}

impl Drop for Spectator {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::AcqRel);
    }
}

/// A connection's budget of messages: a token bucket (`RATE` a second, `BURST` at once).
/// A message over the budget is read late, when its token comes (the reader waits, so the
/// client's socket fills and TCP pushes back: a fast client costs no more than a slow one),
/// and a connection held back for `FLOOD` without a pause is closed.
struct Bucket {
    tokens: f64,
    at: Instant,
    held_since: Option<Instant>,
}

/// What becomes of one message.
#[derive(Debug, PartialEq, Eq)]
enum Verdict {
    /// Read it now.
    Pass,
    /// Read it after this wait.
    Wait(Duration),
    /// Close the connection (1008).
    Close,
}

impl Bucket {
    fn new(now: Instant) -> Bucket {
        Bucket {
            tokens: BURST,
            at: now,
            held_since: None,
        }
    }

    /// One message arriving at `now`.
    fn take(&mut self, now: Instant) -> Verdict {
        let dt = now.saturating_duration_since(self.at).as_secs_f64();
        self.tokens = (self.tokens + dt * RATE).min(BURST);
        self.at = self.at.max(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            self.held_since = None;
            return Verdict::Pass;
        }
        let held = *self.held_since.get_or_insert(now);
        if now.saturating_duration_since(held) >= FLOOD {
            return Verdict::Close;
        }
        // Its token comes after `wait`, and is spent on it.
        let wait = Duration::from_secs_f64((1.0 - self.tokens) / RATE);
        self.at += wait;
        self.tokens = 0.0;
        Verdict::Wait(wait)
    }
}

/// What a connection brings besides its seat.
#[derive(Default)]
pub struct Extra {
    /// A spectator's place (kept until the connection ends).
    pub spectator: Option<Spectator>,
    /// The player of the session it offered (id, name): a seat without a player becomes its.
    pub player: Option<(String, Option<String>)>,
}

/// Serve one upgraded connection of `table` as `audience`, with `extra`.
pub async fn serve(
    socket: WebSocket,
    table: TableHandle,
    audience: Audience,
    since: Option<u64>,
    id: u64,
    shared: &Shared,
    extra: Extra,
) {
    let _spectator = extra.spectator;
    let (sink, mut stream) = socket.split();
    let (out, queue) = mpsc::channel::<Out>(QUEUE);
    let (close, closing) = oneshot::channel::<(u16, &'static str)>();
    let (held, let_go) = oneshot::channel::<()>();
    if table
        .inbox
        .send(Cmd::Join {
            conn: Conn {
                id,
                audience,
                out,
                held,
                player: extra.player,
            },
            since,
        })
        .is_err()
    {
        return;
    }
    let pongs = Arc::new(AtomicU64::new(0));
    let writer = Writer {
        sink,
        send_timeout: shared.send_timeout,
        id,
    };
    let mut writer = Some(tokio::spawn(writer.run(
        queue,
        let_go,
        closing,
        pongs.clone(),
        shared.ping_every,
        shared.stopping.clone(),
    )));
    let mut close = Some(close);
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    let mut bucket = Bucket::new(Instant::now());
    // Reads until the peer closes, the connection breaks, or the writer has ended (then the
    // socket goes: a writer that gave up on it leaves no reader holding it open).
    while let Some(w) = writer.as_mut() {
        let frame = tokio::select! {
            f = stream.next() => f,
            _ = w => {
                writer = None;
                break;
            }
        };
        let Some(frame) = frame else { break };
        let msg = match frame {
            Ok(Message::Text(t)) => Some(parse_client(t.as_str())),
            Ok(Message::Binary(_)) => Some(Err(BadMessage {
                id: Value::Null,
                error: "one JSON object per text frame: a binary frame is not a message".into(),
            })),
            Ok(Message::Close(_)) => break,
            Ok(Message::Pong(_)) => {
                pongs.fetch_add(1, Ordering::Relaxed);
                None
            }
            Ok(Message::Ping(_)) => None,
            Err(e) => {
                if too_big(e)
                    && let Some(c) = close.take()
                {
                    let _ = c.send((1009, "a message is at most 65536 bytes"));
                }
                break;
            }
        };
        let Some(w) = writer.as_mut() else { break };
        match bucket.take(Instant::now()) {
            Verdict::Pass => {}
            Verdict::Wait(d) => tokio::select! {
                () = tokio::time::sleep(d) => {}
                _ = w => {
                    writer = None;
                    break;
                }
            },
            Verdict::Close => {
                tracing::info!(conn = id, "closed: over the message rate for too long");
                if let Some(c) = close.take() {
                    let _ = c.send((
                        1008,
                        "too many messages: at most 20 a second (40 at once), for 5 s on end",
                    ));
                }
                break;
            }
        }
        let Some(msg) = msg else { continue };
        let Some(w) = writer.as_mut() else { break };
        let permit = tokio::select! {
            p = permits.clone().acquire_owned() => p,
            _ = w => {
                writer = None;
                break;
            }
        };
        let Ok(permit) = permit else { break };
        if table.inbox.send(Cmd::Msg { id, msg, permit }).is_err() {
            break;
        }
    }
    let _ = table.inbox.send(Cmd::Leave { id });
    drop(close);
    if let Some(w) = writer {
        let _ = w.await;
    }
}

/// What the writer does next.
enum Next {
    Stop,
    Close(Option<(u16, &'static str)>),
    LetGo,
    Ping,
    Text(Arc<str>),
}

/// The sending half of a connection.
struct Writer {
    sink: SplitSink<WebSocket, Message>,
    send_timeout: Duration,
    id: u64,
}

impl Writer {
    /// Send what the table queues, and the pings, until the table lets the connection go, the
    /// reader asks to close, a send fails or takes too long, two pings go unanswered, or the
    /// server stops.
    async fn run(
        mut self,
        mut queue: mpsc::Receiver<Out>,
        mut let_go: oneshot::Receiver<()>,
        mut closing: oneshot::Receiver<(u16, &'static str)>,
        pongs: Arc<AtomicU64>,
        ping_every: Duration,
        mut stopping: watch::Receiver<bool>,
    ) {
        let stop = async move {
            // A server whose stop signal is gone never stops this way.
            if stopping.wait_for(|s| *s).await.is_err() {
                std::future::pending::<()>().await;
            }
        };
        tokio::pin!(stop);
        let start = tokio::time::Instant::now() + ping_every;
        let mut ping = tokio::time::interval_at(start, ping_every);
        ping.set_missed_tick_behavior(MissedTickBehavior::Delay);
        let (mut pinged, mut seen, mut missed) = (false, 0, 0);
        loop {
            let next = tokio::select! {
                biased;
                () = &mut stop => Next::Stop,
                c = &mut closing => Next::Close(c.ok()),
                _ = &mut let_go => Next::LetGo,
                _ = ping.tick() => Next::Ping,
                m = queue.recv() => match m {
                    Some(Out::Text(t)) => Next::Text(t),
                    None => return,
                },
            };
            let frame = match next {
                Next::Stop => {
                    self.close(1001, STOPPING, self.send_timeout, true).await;
                    return;
                }
                Next::Close(c) => {
                    if let Some((code, reason)) = c {
                        self.close(code, reason, self.send_timeout, true).await;
                    }
                    return;
                }
                Next::LetGo => {
                    // The table dropped us (our queue was full): come back with since=.
                    let reason = "too far behind: reconnect with since=";
                    self.close(1013, reason, self.send_timeout, true).await;
                    return;
                }
                Next::Ping => {
                    let now = pongs.load(Ordering::Relaxed);
                    missed = if pinged && now == seen { missed + 1 } else { 0 };
                    seen = now;
                    if missed >= 2 {
                        tracing::info!(conn = self.id, "closed: no answer to two pings");
                        let reason = "no answer to two pings: reconnect with since=";
                        self.close(1001, reason, self.brief(), false).await;
                        return;
                    }
                    pinged = true;
                    Message::Ping(axum::body::Bytes::new())
                }
                Next::Text(t) => Message::Text(t.as_ref().into()),
            };
            // A send stuck on a slow peer does not hold up the server's stop.
            let sent = tokio::select! {
                biased;
                () = &mut stop => None,
                ok = self.send(frame) => Some(ok),
            };
            match sent {
                Some(true) => {}
                Some(false) => return,
                None => {
                    self.close(1001, STOPPING, self.brief(), false).await;
                    return;
                }
            }
        }
    }

    /// How long a close frame may take on a socket known to be stuck or silent: a close
    /// waits behind what is unsent, so at most a second.
    fn brief(&self) -> Duration {
        self.send_timeout.min(Duration::from_secs(1))
    }

    /// Send one frame within the send timeout; `false` when it failed or took too long (then
    /// the connection is done: a close is attempted, briefly, when it was only slow).
    async fn send(&mut self, m: Message) -> bool {
        match tokio::time::timeout(self.send_timeout, self.sink.send(m)).await {
            Ok(Ok(())) => true,
            Ok(Err(_)) => false,
            Err(_) => {
                tracing::info!(conn = self.id, "closed: a frame took over the send timeout");
                let wait = self.brief();
                self.close(1008, "too slow to read: reconnect with since=", wait, false)
                    .await;
                false
            }
        }
    }

    /// Attempt a close frame (within `wait`); with `linger`, give the peer a moment to read it
    /// before the socket goes (not for a peer known not to read).
    async fn close(&mut self, code: u16, reason: &str, wait: Duration, linger: bool) {
        let frame = CloseFrame {
            code,
            reason: reason.into(),
        };
        let sent = tokio::time::timeout(wait, self.sink.send(Message::Close(Some(frame)))).await;
        if linger && matches!(sent, Ok(Ok(()))) {
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    }
}

/// Is it the error of a frame or message over the limit?
fn too_big(e: axum::Error) -> bool {
    e.into_inner()
        .downcast::<tungstenite::Error>()
        .is_ok_and(|e| matches!(*e, tungstenite::Error::Capacity(_)))
}

#[cfg(test)]
mod tests;
