//! One WebSocket connection: a reader that hands each frame, read, to its table's task, and a
//! writer that sends what the table queues for it. A frame or message over 65,536 bytes ends
//! that connection with close code 1009; anything else that is wrong gets an `error` and the
//! connection stays open.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, WebSocket};
use futures_util::{SinkExt, StreamExt};
use std::sync::Arc;

use tokio::sync::{Semaphore, mpsc, oneshot};
use tokio_tungstenite::tungstenite;

use crate::actor::{Cmd, Conn, Out};
use crate::event::Audience;
use crate::hub::TableHandle;
use crate::protocol::{BadMessage, parse_client};

/// The largest message read (after reassembling fragments); a larger one closes with 1009.
pub const MAX_MESSAGE: usize = 65_536;

/// How many of one connection's messages may wait in its table's inbox.
pub const IN_FLIGHT: usize = 32;

/// How many frames may wait for one connection before it counts as too slow and is dropped.
pub const QUEUE: usize = 4096;

/// Serve one upgraded connection of `table` as `audience`.
pub async fn serve(
    socket: WebSocket,
    table: TableHandle,
    audience: Audience,
    since: Option<u64>,
    id: u64,
) {
    let (mut sink, mut stream) = socket.split();
    let (out, mut queue) = mpsc::channel::<Out>(QUEUE);
    let (close, mut closing) = oneshot::channel::<(u16, &'static str)>();
    if table
        .inbox
        .send(Cmd::Join {
            conn: Conn { id, audience, out },
            since,
        })
        .is_err()
    {
        return;
    }
    let writer = tokio::spawn(async move {
        loop {
            tokio::select! {
                biased;
                c = &mut closing => {
                    if let Ok((code, reason)) = c {
                        let frame = CloseFrame { code, reason: reason.into() };
                        let _ = sink.send(Message::Close(Some(frame))).await;
                        // Give the peer a moment to read the close before the socket goes.
                        tokio::time::sleep(Duration::from_millis(200)).await;
                    }
                    return;
                }
                m = queue.recv() => match m {
                    Some(Out::Text(t)) => {
                        if sink.send(Message::Text(t.as_ref().into())).await.is_err() {
                            return;
                        }
                    }
                    None => {
                        // The table dropped us (too slow): come back with since=.
                        let frame = CloseFrame {
                            code: 1013,
                            reason: "too far behind: reconnect with since=".into(),
                        };
                        let _ = sink.send(Message::Close(Some(frame))).await;
                        return;
                    }
                }
            }
        }
    });
    let mut close = Some(close);
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    while let Some(frame) = stream.next().await {
        let msg = match frame {
            Ok(Message::Text(t)) => parse_client(t.as_str()),
            Ok(Message::Binary(_)) => Err(BadMessage {
                id: serde_json::Value::Null,
                error: "one JSON object per text frame: a binary frame is not a message".into(),
            }),
            Ok(Message::Close(_)) => break,
            Ok(Message::Ping(_) | Message::Pong(_)) => continue,
            Err(e) => {
                if too_big(e)
                    && let Some(c) = close.take()
                {
                    let _ = c.send((1009, "a message is at most 65536 bytes"));
                }
                break;
            }
        };
        let Ok(permit) = permits.clone().acquire_owned().await else {
            break;
        };
        if table.inbox.send(Cmd::Msg { id, msg, permit }).is_err() {
            break;
        }
    }
    let _ = table.inbox.send(Cmd::Leave { id });
    if let Some(c) = close.take() {
        drop(c);
    }
    let _ = writer.await;
}

/// Is it the error of a frame or message over the limit?
fn too_big(e: axum::Error) -> bool {
    e.into_inner()
        .downcast::<tungstenite::Error>()
        .is_ok_and(|e| matches!(*e, tungstenite::Error::Capacity(_)))
}
