//! What the server's tests share: a real `ulti-server` process on a temporary database and
//! a free port, a small HTTP client, a WebSocket client that records every frame it receives,
//! and a seat played by the bot through a connection.
#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use ulti_server::bot::{Bot, Request, Temper};
pub use ulti_testkit::TestDir;

/// A fresh directory for one test, removed when the test passes.
pub fn temp_dir(name: &str) -> TestDir {
    TestDir::new("ulti-server-test", name)
}

/// A running server process.
pub struct Server {
    child: Child,
    /// `127.0.0.1:PORT`.
    pub addr: String,
    /// Its stderr, for failures.
    pub log: PathBuf,
}

impl Server {
    /// Start `ulti-server` on `db` with `args`, on a free port; wait until it listens.
    pub fn start(db: &Path, args: &[&str]) -> Server {
        let log = db.with_extension(format!("log{}", rand_suffix()));
        let mut child = Command::new(env!("CARGO_BIN_EXE_ulti-server"))
            .arg("--listen")
            .arg("127.0.0.1:0")
            .arg("--db")
            .arg(db)
            .args(args)
            .stdout(Stdio::piped())
            .stderr(std::fs::File::create(&log).unwrap())
            .spawn()
            .expect("ulti-server starts");
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap())
            .read_line(&mut line)
            .unwrap();
        let addr = line
            .strip_prefix("listening on ")
            .and_then(|r| r.split_whitespace().next())
            .unwrap_or_else(|| {
                panic!(
                    "no address in {line:?}: {}",
                    std::fs::read_to_string(&log).unwrap_or_default()
                )
            })
            .to_string();
        Server { child, addr, log }
    }

    /// SIGKILL, and wait for it.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }

    /// Is it still running?
    pub fn alive(&mut self) -> bool {
        self.child.try_wait().ok().flatten().is_none()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

fn rand_suffix() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static N: AtomicU64 = AtomicU64::new(0);
    N.fetch_add(1, Ordering::Relaxed)
}

/// One HTTP/1.1 request: (status, JSON body or the text as a string).
pub async fn http(addr: &str, method: &str, path: &str, body: Option<&Value>) -> (u16, Value) {
    http_with(addr, method, path, body, &[]).await
}

/// One HTTP/1.1 request with extra headers (`name`, `value`).
#[allow(dead_code)]
pub async fn http_with(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    headers: &[(&str, &str)],
) -> (u16, Value) {
    let body = body.map(Value::to_string).unwrap_or_default();
    let mut s = TcpStream::connect(addr).await.unwrap();
    let extra: String = headers
        .iter()
        .map(|(n, v)| format!("{n}: {v}\r\n"))
        .collect();
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\n{extra}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await.unwrap();
    let mut out = Vec::new();
    s.read_to_end(&mut out).await.unwrap();
    let text = String::from_utf8_lossy(&out);
    let status: u16 = text.split(' ').nth(1).unwrap().parse().unwrap();
    let (_, rest) = text.split_once("\r\n\r\n").unwrap();
    let rest = if text
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        unchunk(rest)
    } else {
        rest.to_string()
    };
    (
        status,
        serde_json::from_str(&rest).unwrap_or(Value::String(rest)),
    )
}

/// One HTTP/1.1 request with a player's session (`Authorization: Bearer`), or without one.
#[allow(dead_code)]
pub async fn http_as(
    addr: &str,
    method: &str,
    path: &str,
    body: Option<&Value>,
    session: Option<&str>,
) -> (u16, Value) {
    let auth = session.map(|s| format!("Bearer {s}"));
    let headers: Vec<(&str, &str)> = auth.iter().map(|a| ("Authorization", a.as_str())).collect();
    http_with(addr, method, path, body, &headers).await
}

/// A new guest player: (its id, its session).
#[allow(dead_code)]
pub async fn guest(addr: &str) -> (String, String) {
    let (s, v) = http(addr, "POST", "/api/players", Some(&json!({}))).await;
    assert_eq!(s, 201, "{v}");
    (
        v["player"].as_str().unwrap().to_string(),
        v["session"].as_str().unwrap().to_string(),
    )
}

fn unchunk(mut s: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = s.split_once("\r\n") {
        let n = usize::from_str_radix(size.trim(), 16).unwrap_or(0);
        if n == 0 {
            break;
        }
        out.push_str(&rest[..n]);
        s = &rest[n + 2..];
    }
    out
}

/// Create a table; returns (id, tokens by seat).
pub async fn create(addr: &str, seats: [&str; 3]) -> (String, [Option<String>; 3]) {
    let (status, v) = http(addr, "POST", "/api/tables", Some(&json!({"seats": seats}))).await;
    assert_eq!(status, 201, "{v}");
    let tokens = std::array::from_fn(|s| v["tokens"][s.to_string()].as_str().map(String::from));
    (v["table"].as_str().unwrap().to_string(), tokens)
}

/// A WebSocket client that keeps every frame it received.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    /// Every text frame received, parsed (the `state` snapshots too: the leak check reads
    /// them all).
    pub frames: Vec<Value>,
    /// The last `state` received (not numbered: `recv` passes over it).
    pub state: Option<Value>,
    next_id: u64,
}

/// The URL of a table's socket.
pub fn ws_url(addr: &str, table: &str, token: Option<&str>, since: Option<u64>) -> String {
    let mut q = Vec::new();
    if let Some(t) = token {
        q.push(format!("token={t}"));
    }
    if let Some(v) = since {
        q.push(format!("since={v}"));
    }
    format!("ws://{addr}/api/tables/{table}/ws?{}", q.join("&"))
}

impl Client {
    /// A client over a socket opened by hand.
    pub fn from_ws(ws: WebSocketStream<MaybeTlsStream<TcpStream>>) -> Client {
        Client {
            ws,
            frames: Vec::new(),
            state: None,
            next_id: 1,
        }
    }

    /// Connect; `Err(status)` when the handshake is refused.
    pub async fn connect(
        addr: &str,
        table: &str,
        token: Option<&str>,
        since: Option<u64>,
    ) -> Result<Client, u16> {
        match tokio_tungstenite::connect_async(ws_url(addr, table, token, since)).await {
            Ok((ws, _)) => Ok(Client {
                ws,
                frames: Vec::new(),
                state: None,
                next_id: 1,
            }),
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => Err(r.status().as_u16()),
            Err(e) => panic!("connect: {e}"),
        }
    }

    /// Connect; `Err` on any failure (a server not up, a refusal).
    pub async fn try_connect(
        addr: &str,
        table: &str,
        token: Option<&str>,
        since: Option<u64>,
    ) -> Result<Client, String> {
        match tokio_tungstenite::connect_async(ws_url(addr, table, token, since)).await {
            Ok((ws, _)) => Ok(Client {
                ws,
                frames: Vec::new(),
                state: None,
                next_id: 1,
            }),
            Err(e) => Err(e.to_string()),
        }
    }

    /// The next text frame (`None`: closed, or nothing within `secs`).
    pub async fn recv_within(&mut self, secs: f64) -> Option<Value> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs_f64(secs), self.ws.next())
                .await
                .ok()??;
            match m {
                Ok(Message::Text(t)) => {
                    let v: Value = serde_json::from_str(t.as_str()).expect("JSON from the server");
                    self.frames.push(v.clone());
                    if v["t"] == "state" {
                        self.state = Some(v);
                        continue;
                    }
                    return Some(v);
                }
                Ok(Message::Close(_)) | Err(_) => return None,
                Ok(_) => {}
            }
        }
    }

    /// The next text frame (panics after 30 s).
    pub async fn recv(&mut self) -> Value {
        self.recv_within(30.0).await.expect("a frame within 30 s")
    }

    /// The close frame's code, reading until the connection ends.
    pub async fn close_code(&mut self) -> Option<u16> {
        loop {
            let m = tokio::time::timeout(Duration::from_secs(10), self.ws.next())
                .await
                .ok()??;
            match m {
                Ok(Message::Close(Some(f))) => return Some(f.code.into()),
                Ok(Message::Close(None)) => return Some(1005),
                Ok(Message::Text(t)) => self.frames.push(serde_json::from_str(t.as_str()).unwrap()),
                Ok(_) => {}
                Err(_) => return None,
            }
        }
    }

    /// Send any frame.
    pub async fn raw(&mut self, m: Message) {
        self.ws.send(m).await.unwrap();
    }

    /// Send a binary frame.
    pub async fn ws_binary(&mut self, b: &[u8]) {
        self.raw(Message::Binary(b.to_vec().into())).await;
    }

    /// Send one raw frame (fragments).
    pub async fn ws_frame(&mut self, f: tokio_tungstenite::tungstenite::protocol::frame::Frame) {
        self.raw(Message::Frame(f)).await;
    }

    /// Send raw text.
    pub async fn send_text(&mut self, text: &str) {
        self.ws.send(Message::Text(text.into())).await.unwrap();
    }

    /// Send raw text; `false` when the connection is gone.
    pub async fn try_send_text(&mut self, text: &str) -> bool {
        self.ws.send(Message::Text(text.into())).await.is_ok()
    }

    /// Send a message with a fresh id; wait for its ack or error (keeping what comes between).
    pub async fn request(&mut self, mut msg: Value) -> Value {
        let id = self.next_id;
        self.next_id += 1;
        msg["id"] = json!(id);
        self.send_text(&msg.to_string()).await;
        loop {
            let m = self.recv().await;
            if matches!(m["t"].as_str(), Some("ack" | "error")) && m["id"] == json!(id) {
                return m;
            }
        }
    }

    /// `act`.
    pub async fn act(&mut self, action: &str) -> Value {
        self.request(json!({"t": "act", "action": action})).await
    }

    /// Read until a frame satisfies `f`.
    pub async fn until(&mut self, f: impl Fn(&Value) -> bool) -> Value {
        loop {
            let m = self.recv().await;
            if f(&m) {
                return m;
            }
        }
    }
}

/// A seat played by the bot over one connection.
pub struct Seat {
    /// The connection.
    pub client: Client,
    /// The bot.
    pub bot: Bot,
    /// The acknowledged requests: (v, what was asked).
    pub acked: Vec<(u64, Request)>,
    inflight: Option<(u64, Request)>,
    replaying: bool,
}

impl Seat {
    /// Connect a fresh bot for `token`'s seat.
    pub async fn connect(
        addr: &str,
        table: &str,
        token: &str,
        bot: Option<Bot>,
        seed: u64,
    ) -> Seat {
        let since = bot.as_ref().map(|b| b.v);
        let bot = bot.unwrap_or_else(|| Bot::new(None, seed, Temper::default()));
        Seat::reconnect(addr, table, token, bot, since).await
    }

    /// Connect `bot` again: with `since`, the missed messages then `resumed`; without, a
    /// welcome it rebuilds itself from.
    pub async fn reconnect(
        addr: &str,
        table: &str,
        token: &str,
        bot: Bot,
        since: Option<u64>,
    ) -> Seat {
        let client = Client::connect(addr, table, Some(token), since)
            .await
            .unwrap();
        Seat {
            client,
            bot,
            acked: Vec::new(),
            inflight: None,
            replaying: since.is_some(),
        }
    }

    /// A seat over a connection made already (`replaying`: it was made with `since`).
    pub fn from_client(client: Client, bot: Bot, replaying: bool) -> Seat {
        Seat {
            client,
            bot,
            acked: Vec::new(),
            inflight: None,
            replaying,
        }
    }

    /// Send what the bot chooses now, unless a request is on its way or a replay is on.
    pub async fn maybe_act(&mut self) {
        assert!(self.try_act().await, "the connection is gone");
    }

    /// As `maybe_act`; `false` when the connection is gone.
    pub async fn try_act(&mut self) -> bool {
        if self.inflight.is_some() || self.replaying {
            return true;
        }
        if let Some(r) = self.bot.choose() {
            let id = self.client.next_id;
            self.client.next_id += 1;
            let msg = match &r {
                Request::Act(a) => json!({"t": "act", "id": id, "action": a}),
                Request::Pickup => json!({"t": "pickup", "id": id}),
                Request::Next => json!({"t": "next", "id": id}),
            };
            self.inflight = Some((id, r));
            return self.client.try_send_text(&msg.to_string()).await;
        }
        true
    }

    /// Receive one frame and take it in (`None`: the connection ended).
    pub async fn step(&mut self, secs: f64) -> Option<Value> {
        let m = self.client.recv_within(secs).await?;
        self.bot.receive(&m);
        match m["t"].as_str() {
            Some("resumed") => self.replaying = false,
            Some("ack") => {
                if let Some((id, r)) = self.inflight.take() {
                    assert_eq!(m["id"], json!(id), "an ack for another request: {m}");
                    self.acked.push((m["v"].as_u64().unwrap(), r));
                }
            }
            Some("error") => panic!(
                "seat {:?}: the bot's request was refused: {m} (actions {:?})",
                self.bot.seat,
                self.bot.actions()
            ),
            _ => {}
        }
        Some(m)
    }

    /// Forget a request the server may never have received (after a crash).
    pub fn reset(&mut self) {
        self.inflight = None;
    }
}

/// Has the seat seen game `games` over?
pub fn finished(s: &Seat, games: u32) -> bool {
    s.bot.game > games
        || (s.bot.game == games && s.bot.stage() == Some(ulti_engine::whole_game::Stage::Over))
}

/// Play one seat until it has seen game `games` over.
pub async fn run_seat(s: Seat, games: u32) -> Seat {
    run_seat_until(s, move |s| finished(s, games)).await
}

/// Play one seat until `stop` holds.
pub async fn run_seat_until(mut s: Seat, stop: impl Fn(&Seat) -> bool) -> Seat {
    while !stop(&s) {
        s.maybe_act().await;
        if s.step(60.0).await.is_none() {
            panic!(
                "seat {:?}: the connection ended or went quiet in game {} ({:?}, to act {:?}, in flight {:?}): {:?}",
                s.bot.seat,
                s.bot.game,
                s.bot.stage(),
                s.bot.to_act(),
                s.inflight,
                s.client.frames.iter().rev().take(4).collect::<Vec<_>>()
            );
        }
    }
    s
}

/// Play `seats` (connected bots of one table), each on its own task, until each has seen game
/// `games` over.
pub async fn play(seats: Vec<Seat>, games: u32) -> Vec<Seat> {
    let tasks: Vec<_> = seats
        .into_iter()
        .map(|s| tokio::spawn(run_seat(s, games)))
        .collect();
    let mut out = Vec::new();
    for t in tasks {
        out.push(t.await.expect("a seat's task"));
    }
    out
}

/// The `payments` of `ulti replay --json` on `record`.
pub fn replay_payments(record: &Value) -> Value {
    let mut out = Vec::new();
    ulti_cli::commands::replay::replay(&record.to_string(), true, &mut out).expect("it replays");
    let v: Value = serde_json::from_slice(&out).unwrap();
    v["payments"].clone()
}

impl Server {
    /// The server process's id.
    pub fn pid(&self) -> u32 {
        self.child.id()
    }

    /// Send SIGTERM and wait up to `secs` for the process to end: its exit code, or `None`
    /// when it is still running (then it is killed) or died of a signal.
    pub fn terminate(&mut self, secs: f64) -> Option<i32> {
        // SAFETY: kill(2) on our own child's pid.
        unsafe {
            libc::kill(self.child.id() as libc::pid_t, libc::SIGTERM);
        }
        let until = std::time::Instant::now() + Duration::from_secs_f64(secs);
        while std::time::Instant::now() < until {
            if let Ok(Some(status)) = self.child.try_wait() {
                return status.code();
            }
            std::thread::sleep(Duration::from_millis(20));
        }
        self.kill();
        None
    }
}

/// A /proc/PID/status field in KiB (`VmRSS:`, `VmHWM:`).
pub fn proc_kib(pid: u32, field: &str) -> u64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find(|l| l.starts_with(field))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// How many files (sockets included) a process holds open.
pub fn open_files(pid: u32) -> usize {
    std::fs::read_dir(format!("/proc/{pid}/fd")).map_or(0, Iterator::count)
}

/// A WebSocket handshake by hand on a socket with a small receive buffer, after which the
/// caller may never read (a client that stops reading) or never answer (a silent one):
/// the socket after `101`, else the refusal's status and body.
pub async fn raw_ws(addr: &str, path: &str) -> Result<TcpStream, (u16, String)> {
    let sock = tokio::net::TcpSocket::new_v4().unwrap();
    sock.set_recv_buffer_size(4096).unwrap();
    let mut s = sock.connect(addr.parse().unwrap()).await.unwrap();
    let req = format!(
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
    );
    s.write_all(req.as_bytes()).await.unwrap();
    // The head, a byte at a time: nothing of what follows it is read.
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut b = [0u8; 1];
        let n = tokio::time::timeout(Duration::from_secs(10), s.read(&mut b))
            .await
            .expect("a response head within 10 s")
            .unwrap();
        assert!(n == 1 && head.len() < 16_384, "a response head");
        head.push(b[0]);
    }
    let head = String::from_utf8_lossy(&head).to_string();
    let status: u16 = head.split(' ').nth(1).unwrap().parse().unwrap();
    if status == 101 {
        return Ok(s);
    }
    let len: usize = head
        .lines()
        .find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.eq_ignore_ascii_case("content-length")
                .then(|| v.trim().parse().ok())?
        })
        .unwrap_or(0);
    let mut body = vec![0u8; len];
    s.read_exact(&mut body).await.unwrap();
    Err((status, String::from_utf8_lossy(&body).to_string()))
}

/// Read a socket to its end (`Some(bytes read)`), or `None` when it is still open after
/// `secs`.
pub async fn drain(s: &mut TcpStream, secs: f64) -> Option<usize> {
    let mut total = 0;
    let mut buf = vec![0u8; 65_536];
    let end = tokio::time::Instant::now() + Duration::from_secs_f64(secs);
    loop {
        match tokio::time::timeout_at(end, s.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0) | Err(_)) => return Some(total),
            Ok(Ok(n)) => total += n,
        }
    }
}

/// Every stored message of table `k` (1-based), by number, read from the database file.
pub fn log_of(db: &Path, k: i64) -> Vec<(u64, Value)> {
    let c = rusqlite::Connection::open(db).unwrap();
    let mut st = c
        .prepare("SELECT v, body FROM events WHERE table_k = ?1 ORDER BY v")
        .unwrap();
    st.query_map([k], |r| {
        Ok((r.get::<_, i64>(0)? as u64, r.get::<_, String>(1)?))
    })
    .unwrap()
    .map(|r| {
        let (v, b) = r.unwrap();
        (v, serde_json::from_str(&b).unwrap())
    })
    .collect()
}

/// Every place in the database at `db` holding the text `needle`: "table.column".
#[allow(dead_code)]
pub fn plain_copies(db: &Path, needle: &str) -> Vec<String> {
    let c = rusqlite::Connection::open(db).unwrap();
    let tables: Vec<String> = c
        .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
        .unwrap()
        .query_map([], |r| r.get(0))
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let mut found = Vec::new();
    for t in tables {
        let mut st = c.prepare(&format!("SELECT * FROM \"{t}\"")).unwrap();
        let names: Vec<String> = st.column_names().iter().map(|n| n.to_string()).collect();
        let mut rows = st.query([]).unwrap();
        while let Some(row) = rows.next().unwrap() {
            for (i, name) in names.iter().enumerate() {
                let cell = match row.get_ref(i).unwrap() {
                    rusqlite::types::ValueRef::Text(b) | rusqlite::types::ValueRef::Blob(b) => {
                        String::from_utf8_lossy(b).into_owned()
                    }
                    _ => continue,
                };
                if cell.contains(needle) {
                    found.push(format!("{t}.{name}"));
                }
            }
        }
    }
    found
}
