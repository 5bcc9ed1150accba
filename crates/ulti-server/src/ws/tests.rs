//! The connection's rules on their own (the message budget, the spectator places) and, in
//! process over a real socket, the two a test of the server binary cannot reach: texts made
//! once per audience (the very same `Arc<str>` in every spectator's queue), and a stopping
//! server closing each connection with 1001.

use std::path::PathBuf;

use axum::extract::ws::WebSocketUpgrade;
use axum::routing::get;
use tokio_tungstenite::tungstenite::Message as TMessage;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::TableRules;

use super::*;
use crate::hub::Hub;
use crate::protocol::SeatKind;

#[test]
fn a_connection_gets_its_burst_then_its_rate_and_a_flood_is_closed() {
    let t0 = Instant::now();
    let mut b = Bucket::new(t0);
    // 40 at once, the 41st refused.
    assert!((0..40).all(|_| b.take(t0) == Verdict::Pass));
    assert_eq!(b.take(t0), Verdict::Refuse);
    // A second later, 20 more.
    let t1 = t0 + Duration::from_secs(1);
    assert!((0..20).all(|_| b.take(t1) == Verdict::Pass));
    assert_eq!(b.take(t1), Verdict::Refuse);
    // Twice the rate for a minute: refusals, never closed (they are forgiven as fast).
    let mut t = t1;
    for _ in 0..(40 * 60) {
        t += Duration::from_millis(25);
        assert_ne!(b.take(t), Verdict::Close);
    }
    // A flood: closed within a few hundred messages.
    let n = (0..1000).position(|_| b.take(t) == Verdict::Close);
    assert!(n.is_some_and(|n| n <= STRIKES as usize + 1), "{n:?}");
}

#[test]
fn spectator_places_are_counted_and_given_back() {
    let count = Arc::new(AtomicUsize::new(0));
    let a = Spectator::admit(&count, 2).unwrap();
    let b = Spectator::admit(&count, 2).unwrap();
    assert!(Spectator::admit(&count, 2).is_none());
    assert_eq!(count.load(Ordering::Acquire), 2);
    drop(a);
    let c = Spectator::admit(&count, 2).unwrap();
    assert!(Spectator::admit(&count, 2).is_none());
    drop((b, c));
    assert_eq!(count.load(Ordering::Acquire), 0);
    // A panic while a place is held gives it back too.
    let c2 = count.clone();
    let _ = std::panic::catch_unwind(move || {
        let _p = Spectator::admit(&c2, 2).unwrap();
        panic!("a connection's task panics");
    });
    assert_eq!(count.load(Ordering::Acquire), 0);
}

/// A hub on a fresh database with one table (seat 0 a person, two easy computers), and the
/// sender of its stop signal.
async fn hub(name: &str, ping_every: Duration) -> (Arc<Hub>, String, watch::Sender<bool>) {
    let dir: PathBuf =
        std::env::temp_dir().join(format!("ulti-ws-test-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let (stop, stopping) = watch::channel(false);
    let shared = Shared {
        store: crate::store::Store::open(&dir.join("t.sqlite"), crate::store::Durability::Os)
            .unwrap(),
        pool: Arc::new(crate::computer::Pool::new(1)),
        away_after: Duration::from_secs(60),
        stats: Arc::default(),
        ping_every,
        send_timeout: Duration::from_secs(10),
        max_spectators: 200,
        rest_after: Duration::from_secs(300),
        stopping,
    };
    let hub = Hub::start(shared, Some(5), None).unwrap();
    let easy = SeatKind::Computer(TableLevel::Easy);
    let created = hub
        .create(TableRules::default(), [SeatKind::Human, easy, easy])
        .await
        .unwrap();
    (hub, created.table, stop)
}

/// A connection made by hand: its queue and the sender its writer would watch.
fn conn(id: u64, audience: Audience) -> (Conn, mpsc::Receiver<Out>, oneshot::Receiver<()>) {
    let (out, queue) = mpsc::channel(QUEUE);
    let (held, let_go) = oneshot::channel();
    let c = Conn {
        id,
        audience,
        out,
        held,
    };
    (c, queue, let_go)
}

async fn frames(queue: &mut mpsc::Receiver<Out>, n: usize) -> Vec<Arc<str>> {
    let mut got = Vec::new();
    while got.len() < n {
        let m = tokio::time::timeout(Duration::from_secs(10), queue.recv())
            .await
            .expect("a frame within 10 s")
            .expect("the table keeps the connection");
        let Out::Text(t) = m;
        got.push(t);
    }
    got
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_spectator_is_sent_the_same_text_made_once() {
    let (hub, id, _stop) = hub("shared", Duration::from_secs(20)).await;
    let table = hub.table(&id).unwrap();
    let mut queues = Vec::new();
    let mut keep = Vec::new();
    for i in 0..3 {
        let (c, q, l) = conn(100 + i, Audience::Spectator);
        table
            .inbox
            .send(Cmd::Join {
                conn: c,
                since: None,
            })
            .ok()
            .unwrap();
        queues.push(q);
        keep.push(l);
    }
    // Seat 0 comes: a presence is stored and sent, then every connection's state.
    let (c, mut seat, l) = conn(200, Audience::Seat(0));
    table
        .inbox
        .send(Cmd::Join {
            conn: c,
            since: None,
        })
        .ok()
        .unwrap();
    keep.push(l);
    let mut seen = Vec::new();
    for q in &mut queues {
        seen.push(frames(q, 4).await);
    }
    let kinds: Vec<Value> = seen[0]
        .iter()
        .map(|t| serde_json::from_str::<Value>(t).unwrap()["t"].clone())
        .collect();
    assert_eq!(
        kinds,
        ["welcome", "state", "presence", "state"],
        "{kinds:?}"
    );
    for other in &seen[1..] {
        for (a, b) in seen[0].iter().zip(other) {
            assert!(Arc::ptr_eq(a, b), "the same text, made once: {a} / {b}");
        }
    }
    // The seat's own state is its own (it holds a hand), not the spectators'.
    let mine = frames(&mut seat, 4).await;
    assert!(!Arc::ptr_eq(&mine[1], &seen[0][3]));
    assert_ne!(mine[1], seen[0][3]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_closes_each_connection_with_1001_and_its_task_ends() {
    let (hub, id, stop) = hub("stop", Duration::from_secs(20)).await;
    let table = hub.table(&id).unwrap();
    let spectators = table.spectators.clone();
    let shared = hub.shared().clone();
    let next = Arc::new(AtomicU64::new(1));
    let app = axum::Router::new().route(
        "/ws",
        get(move |up: WebSocketUpgrade| {
            let (table, shared) = (table.clone(), shared.clone());
            let place = Spectator::admit(&table.spectators, 10);
            let id = next.fetch_add(1, Ordering::Relaxed);
            async move {
                up.on_upgrade(move |s| async move {
                    serve(s, table, Audience::Spectator, None, id, &shared, place).await;
                })
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    let mut clients = Vec::new();
    for _ in 0..3 {
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        // Its welcome and state.
        for _ in 0..2 {
            ws.next().await.unwrap().unwrap();
        }
        clients.push(ws);
    }
    assert_eq!(spectators.load(Ordering::Acquire), 3);
    stop.send(true).unwrap();
    for ws in &mut clients {
        let closed = tokio::time::timeout(Duration::from_secs(5), async {
            while let Some(m) = ws.next().await {
                if let Ok(TMessage::Close(Some(f))) = m {
                    return Some((u16::from(f.code), f.reason.to_string()));
                }
            }
            None
        })
        .await
        .expect("closed within 5 s");
        assert_eq!(closed, Some((1001, STOPPING.to_string())));
    }
    // Every connection's task has ended (each gave its place back).
    for _ in 0..50 {
        if spectators.load(Ordering::Acquire) == 0 {
            return;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!(
        "{} connections still served",
        spectators.load(Ordering::Acquire)
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_answers_pings_is_closed_and_forgotten() {
    let (hub, id, _stop) = hub("ping", Duration::from_millis(100)).await;
    let table = hub.table(&id).unwrap();
    let spectators = table.spectators.clone();
    let shared = hub.shared().clone();
    let app = axum::Router::new().route(
        "/ws",
        get(move |up: WebSocketUpgrade| {
            let (table, shared) = (table.clone(), shared.clone());
            let place = Spectator::admit(&table.spectators, 10);
            async move {
                up.on_upgrade(move |s| async move {
                    serve(s, table, Audience::Spectator, None, 1, &shared, place).await;
                })
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });
    // A client that is never polled again: it reads no ping, so it answers none.
    let (silent, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let t0 = Instant::now();
    while spectators.load(Ordering::Acquire) == 1 {
        assert!(
            t0.elapsed() < Duration::from_secs(3),
            "still served after 3 s"
        );
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    // Three pings' time: the first, the second unanswered, then closed.
    assert!(
        t0.elapsed() >= Duration::from_millis(250),
        "{:?}",
        t0.elapsed()
    );
    drop(silent);
}
