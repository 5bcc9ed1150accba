//! The connection's rules on their own (the message budget, the spectator places) and, in
//! process over real sockets, what a test of the server binary cannot reach: texts made once
//! per audience (the very same `Arc<str>` in every spectator's queue), the send timeout on
//! sockets whose send buffers are full (small buffers set on the accepted sockets), and a
//! stopping server closing each connection with 1001, stuck ones included.

use ulti_testkit::TestDir;

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
    // 40 at once, the 41st read a twentieth of a second later, the 42nd after another.
    assert!((0..40).all(|_| b.take(t0) == Verdict::Pass));
    assert_eq!(b.take(t0), Verdict::Wait(Duration::from_millis(50)));
    assert_eq!(
        b.take(t0 + Duration::from_millis(50)),
        Verdict::Wait(Duration::from_millis(50))
    );
    // A pause refills it.
    let t1 = t0 + Duration::from_secs(3);
    assert!((0..40).all(|_| b.take(t1) == Verdict::Pass));
    // A client at 25 a second is held back to 20, then closed after 5 s of it.
    let mut t = t1;
    let mut read_at = t1;
    for n in 0.. {
        t += Duration::from_millis(40);
        let now = t.max(read_at);
        match b.take(now) {
            Verdict::Pass => read_at = now,
            Verdict::Wait(d) => read_at = now + d,
            Verdict::Close => {
                let held = now - t1;
                assert!(
                    held >= FLOOD && held < FLOOD + Duration::from_secs(3),
                    "{held:?}"
                );
                assert!(n > 100, "{n}");
                break;
            }
        }
        assert!(n < 1000, "never closed");
    }
    // At 20 a second, for a minute after its burst: read on time, never closed.
    let mut b = Bucket::new(t0);
    let mut t = t0;
    for _ in 0..1200 {
        t += Duration::from_millis(50);
        assert_eq!(b.take(t), Verdict::Pass);
    }
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
async fn hub(name: &str, ping_every: Duration) -> (Arc<Hub>, String, watch::Sender<bool>, TestDir) {
    hub_with(name, ping_every, Duration::from_secs(10)).await
}

async fn hub_with(
    name: &str,
    ping_every: Duration,
    send_timeout: Duration,
) -> (Arc<Hub>, String, watch::Sender<bool>, TestDir) {
    let dir = TestDir::new("ulti-ws-test", name);
    let (stop, stopping) = watch::channel(false);
    let shared = Shared {
        store: crate::store::Store::open(&dir.join("t.sqlite"), crate::store::Durability::Os)
            .unwrap(),
        pool: Arc::new(crate::computer::Pool::new(1)),
        away_after: Duration::from_secs(60),
        stats: Arc::default(),
        ping_every,
        send_timeout,
        max_spectators: 200,
        rest_after: Duration::from_secs(300),
        stopping,
        feed: None,
    };
    let hub = Hub::start(shared, Some(5), None).unwrap();
    let easy = SeatKind::Computer(TableLevel::Easy);
    let created = hub
        .create(
            TableRules::default(),
            [SeatKind::Human, easy, easy],
            "test".into(),
        )
        .await
        .unwrap();
    (hub, created.table, stop, dir)
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
        player: None,
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
    let (hub, id, _stop, _dir) = hub("shared", Duration::from_secs(20)).await;
    let table = hub.table(&id).await.unwrap();
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

/// A server of spectators for `table` alone (a hub's settings, `max` places), listening on
/// a free loopback port; with `small_buffers`, each accepted socket's send buffer is 16 KiB
/// (a socket whose kernel buffer a long game has filled, in a second).
async fn spectators_server(
    hub: &Arc<Hub>,
    table: &TableHandle,
    max: usize,
    small_buffers: bool,
) -> std::net::SocketAddr {
    use axum::serve::ListenerExt as _;
    use std::os::fd::AsRawFd as _;
    let (table, shared) = (table.clone(), hub.shared().clone());
    let next = Arc::new(AtomicU64::new(1000));
    let app = axum::Router::new().route(
        "/ws",
        get(move |up: WebSocketUpgrade| {
            let (table, shared) = (table.clone(), shared.clone());
            let place = Spectator::admit(&table.spectators, max);
            let id = next.fetch_add(1, Ordering::Relaxed);
            async move {
                up.on_upgrade(move |s| async move {
                    let extra = crate::ws::Extra {
                        spectator: place,
                        player: None,
                    };
                    serve(s, table, Audience::Spectator, None, id, &shared, extra).await;
                })
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let listener = listener.tap_io(move |tcp| {
        if !small_buffers {
            return;
        }
        let size: libc::c_int = 16_384;
        // SAFETY: a valid socket and a c_int option of its size.
        unsafe {
            libc::setsockopt(
                tcp.as_raw_fd(),
                libc::SOL_SOCKET,
                libc::SO_SNDBUF,
                (&raw const size).cast(),
                std::mem::size_of::<libc::c_int>() as libc::socklen_t,
            );
        }
    });
    tokio::spawn(async move { axum::serve(listener, app).await });
    addr
}

/// Play seat 0 (the bot, through a connection made by hand) as fast as it can until `done`
/// or `secs`; the number of actions.
async fn play_seat_0(table: &TableHandle, secs: f64, done: impl Fn() -> bool) -> u64 {
    let (c, mut queue, _let_go) = conn(1, Audience::Seat(0));
    table
        .inbox
        .send(Cmd::Join {
            conn: c,
            since: None,
        })
        .ok()
        .unwrap();
    let mut bot = crate::bot::Bot::new(None, 9, crate::bot::Temper::default());
    let permits = Arc::new(Semaphore::new(IN_FLIGHT));
    let (mut asked, mut n) = (false, 0u64);
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_secs_f64(secs) && !done() {
        if !asked && let Some(r) = bot.choose() {
            n += 1;
            let msg = match r {
                crate::bot::Request::Act(a) => {
                    serde_json::json!({"t": "act", "id": n, "action": a})
                }
                crate::bot::Request::Pickup => serde_json::json!({"t": "pickup", "id": n}),
                crate::bot::Request::Next => serde_json::json!({"t": "next", "id": n}),
            };
            let permit = permits.clone().acquire_owned().await.unwrap();
            let msg = parse_client(&msg.to_string());
            table
                .inbox
                .send(Cmd::Msg { id: 1, msg, permit })
                .ok()
                .unwrap();
            asked = true;
        }
        let Ok(Some(Out::Text(t))) =
            tokio::time::timeout(Duration::from_millis(100), queue.recv()).await
        else {
            continue;
        };
        let v: Value = serde_json::from_str(&t).unwrap();
        assert_ne!(v["t"], "error", "{v}");
        bot.receive(&v);
        if v["t"] == "ack" {
            asked = false;
        }
    }
    n
}

/// A WebSocket handshake by hand on a socket with a small receive buffer; nothing after the
/// response head is ever read.
async fn never_reads(addr: std::net::SocketAddr) -> tokio::net::TcpStream {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.set_recv_buffer_size(4096).unwrap();
    let mut s = sock.connect(addr).await.unwrap();
    let req = format!(
        "GET /ws HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut b = [0u8; 1];
        assert_eq!(s.read(&mut b).await.unwrap(), 1);
        head.push(b[0]);
    }
    assert!(head.starts_with(b"HTTP/1.1 101"));
    s
}

/// Read a socket to its end (EOF or a reset) within 5 s.
async fn ends(s: &mut tokio::net::TcpStream) -> bool {
    use tokio::io::AsyncReadExt;
    let mut buf = vec![0u8; 65_536];
    let end = tokio::time::Instant::now() + Duration::from_secs(5);
    loop {
        match tokio::time::timeout_at(end, s.read(&mut buf)).await {
            Err(_) => return false,
            Ok(Ok(0) | Err(_)) => return true,
            Ok(Ok(_)) => {}
        }
    }
}

/// Wait up to `secs` for `count` to reach 0; the time it took.
async fn gone(count: &AtomicUsize, secs: f64) -> Option<Duration> {
    let t0 = Instant::now();
    while t0.elapsed() < Duration::from_secs_f64(secs) {
        if count.load(Ordering::Acquire) == 0 {
            return Some(t0.elapsed());
        }
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    None
}

/// Stopping: readers get 1001 and the reason in words; connections stuck in a send (their
/// send timeout 10 s) end too, within a second or so, and every task ends.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_stopping_server_closes_each_connection_with_1001_and_its_task_ends() {
    let (hub, id, stop, _dir) = hub("stop", Duration::from_secs(20)).await;
    let table = hub.table(&id).await.unwrap();
    let spectators = table.spectators.clone();
    let addr = spectators_server(&hub, &table, 100, true).await;
    let mut readers = Vec::new();
    for _ in 0..3 {
        let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
            .await
            .unwrap();
        readers.push(tokio::spawn(async move {
            let mut ws = ws;
            while let Some(m) = ws.next().await {
                if let Ok(TMessage::Close(Some(f))) = m {
                    return Some((u16::from(f.code), f.reason.to_string()));
                }
            }
            None
        }));
    }
    let mut stuck = Vec::new();
    for _ in 0..5 {
        stuck.push(never_reads(addr).await);
    }
    // A second of play fills the stuck ones' buffers: their writers wait in a send.
    let n = play_seat_0(&table, 1.0, || false).await;
    assert!(n > 20, "{n}");
    assert_eq!(spectators.load(Ordering::Acquire), 8);
    stop.send(true).unwrap();
    for r in readers {
        let closed = tokio::time::timeout(Duration::from_secs(5), r)
            .await
            .expect("closed within 5 s")
            .unwrap();
        assert_eq!(closed, Some((1001, STOPPING.to_string())));
    }
    let took = gone(&spectators, 5.0).await;
    assert!(
        took.is_some_and(|t| t < Duration::from_secs(3)),
        "{} connections still served: {took:?}",
        spectators.load(Ordering::Acquire)
    );
    for s in &mut stuck {
        assert!(ends(s).await, "a stuck connection is still open");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_client_that_never_answers_pings_is_closed_and_forgotten() {
    let (hub, id, _stop, _dir) = hub("ping", Duration::from_millis(100)).await;
    let table = hub.table(&id).await.unwrap();
    let spectators = table.spectators.clone();
    let addr = spectators_server(&hub, &table, 10, false).await;
    // A client that is never polled again: it reads no ping, so it answers none.
    let (silent, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/ws"))
        .await
        .unwrap();
    let took = gone(&spectators, 3.0).await.expect("closed within 3 s");
    // Three pings' time: the first, the second unanswered, then closed.
    assert!(took >= Duration::from_millis(250), "{took:?}");
    drop(silent);
}

/// Attack 1 with small send buffers (16 KiB, as a long game fills the kernel's 4 MiB): 100
/// spectators that never read while seat 0 plays as fast as it can. Each is closed within
/// the send timeout (1 s) and the close frame's second once its sends block, and each client
/// finds its socket ended.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn spectators_that_never_read_are_closed_after_the_send_timeout() {
    let (hub, id, _stop, _dir) =
        hub_with("unread", Duration::from_secs(60), Duration::from_secs(1)).await;
    let table = hub.table(&id).await.unwrap();
    let spectators = table.spectators.clone();
    let addr = spectators_server(&hub, &table, 200, true).await;
    let mut clients = Vec::new();
    for _ in 0..100 {
        clients.push(never_reads(addr).await);
    }
    while spectators.load(Ordering::Acquire) < 100 {
        tokio::time::sleep(Duration::from_millis(10)).await;
    }
    let t0 = Instant::now();
    let all_gone = || spectators.load(Ordering::Acquire) == 0;
    let n = play_seat_0(&table, 15.0, all_gone).await;
    assert!(
        all_gone(),
        "{} spectators still served after 15 s",
        spectators.load(Ordering::Acquire)
    );
    println!(
        "100 non-reading spectators closed {:.2?} after play began ({n} actions)",
        t0.elapsed()
    );
    for (i, s) in clients.iter_mut().enumerate() {
        assert!(ends(s).await, "spectator {i} still open");
    }
}
