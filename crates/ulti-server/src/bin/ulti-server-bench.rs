//! `ulti-server-bench`: a load client. It starts an `ulti-server` on a fresh database, creates
//! many tables, connects a bot to every person's seat through a real WebSocket, and lets them
//! play whole games, each acting after a random think time (exponential, mean `--think-ms`;
//! 0: at once). It measures, after a warm-up:
//! - ack: from sending an action to its `ack` on the acting connection;
//! - event: from sending an action to each other person at the table receiving its `event`;
//! - computer turn: from the message that makes it a computer seat's turn to its `event`, seen
//!   by seat 0 (with `--computer`), and the server's own decision times (`/api/stats`);
//! - the server's memory (VmRSS sampled every second, and VmHWM) and CPU.
//!
//! Example: `ulti-server-bench --tables 1000 --think-ms 667 --seconds 60`.
//!
//! With `--lobby-subscribers N` it measures the lobby instead (`bench/lobby.rs`): N
//! subscribers, `--tables` tables opened by "play now", the time from a table's opening to
//! every subscriber seeing it.

#[path = "bench/lobby.rs"]
mod lobby;

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use clap::Parser;
use futures_util::{SinkExt, StreamExt};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::{Value, json};
use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;
use ulti_server::bot::{Bot, Request, Temper};
use ulti_server::stats::{percentile, rss_kib};

/// Load-test an ulti-server with bots playing whole games over WebSockets.
#[derive(Parser, Debug, Clone)]
#[command(version, about)]
struct Args {
    /// The server binary (default: ulti-server beside this program).
    #[arg(long)]
    server: Option<std::path::PathBuf>,
    /// Tables to play at once.
    #[arg(long, default_value_t = 100)]
    tables: usize,
    /// Mean think time before each action, in ms (exponential; 0: act at once).
    #[arg(long, default_value_t = 667.0)]
    think_ms: f64,
    /// Seconds measured (after the warm-up).
    #[arg(long, default_value_t = 30.0)]
    seconds: f64,
    /// Seconds of warm-up, not measured.
    #[arg(long, default_value_t = 5.0)]
    warmup: f64,
    /// Seat 1 is a computer of this level (easy, normal, strong)…
    #[arg(long)]
    computer: Option<String>,
    /// …at this many of the tables (default: all); the others are three people.
    #[arg(long)]
    computer_tables: Option<usize>,
    /// The server's --seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Measure the lobby instead: this many lobby subscribers while `--tables` tables are
    /// opened by "play now".
    #[arg(long, default_value_t = 0)]
    lobby_subscribers: usize,
    /// Extra arguments for the server (e.g. "--computer-threads 2").
    #[arg(long, allow_hyphen_values = true)]
    server_args: Option<String>,
}

/// What every seat task shares.
struct Shared {
    start: Instant,
    measure_from: Duration,
    acks: Mutex<Vec<f64>>,
    events: Mutex<Vec<f64>>,
    computer: Mutex<Vec<f64>>,
    acted: AtomicU64,
    errors: AtomicU64,
    dropped: AtomicU64,
}

impl Shared {
    fn measuring(&self) -> bool {
        self.start.elapsed() >= self.measure_from
    }
    fn now_ns(&self) -> u64 {
        self.start.elapsed().as_nanos() as u64
    }
}

/// The action a table's person sent last: (seat, action as the others see it, sent at ns).
type LastSent = Arc<Mutex<Option<(usize, String, u64)>>>;

/// An action as the other seats see it (another seat's discard hidden).
fn as_others_see(seat: usize, action: &str) -> String {
    let full = format!("{seat} {action}");
    ulti_server::event::filter_action(&full, ulti_server::event::Audience::Spectator)
}

async fn http(addr: &str, method: &str, path: &str, body: &Value) -> Result<Value> {
    let body = body.to_string();
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let req = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).await?;
    let text = String::from_utf8_lossy(&out);
    let (_, rest) = text.split_once("\r\n\r\n").context("an HTTP answer")?;
    Ok(serde_json::from_str(rest)?)
}

/// Milliseconds from `t` to `now` (nanoseconds since the start).
fn ms_since(t: u64, now: u64) -> f64 {
    (now - t) as f64 / 1e6
}

/// One person's seat as the bench plays it.
struct Player {
    bot: Bot,
    rng: SmallRng,
    think_ms: f64,
    shared: Arc<Shared>,
    last: LastSent,
    computer_seat: Option<usize>,
    /// The request chosen, and when to send it.
    pending: Option<(tokio::time::Instant, Request)>,
    /// (id, sent at ns, request) of the request on its way.
    inflight: Option<(u64, u64, Request)>,
    next_id: u64,
    /// When the watched computer's turn began (seat 0 only).
    computer_turn_from: Option<u64>,
}

impl Player {
    /// Choose the next request if none is waiting, with its think time.
    fn plan(&mut self) {
        if self.inflight.is_some() || self.pending.is_some() {
            return;
        }
        let Some(r) = self.bot.choose() else { return };
        let wait = if self.think_ms > 0.0 {
            -self.think_ms * (1.0 - self.rng.random::<f64>()).ln()
        } else {
            0.0
        };
        let at = tokio::time::Instant::now() + Duration::from_secs_f64(wait / 1000.0);
        self.pending = Some((at, r));
    }

    /// The text of the pending request, now on its way.
    fn send(&mut self) -> String {
        let (_, r) = self.pending.take().expect("a pending request");
        let id = self.next_id;
        self.next_id += 1;
        let msg = match &r {
            Request::Act(a) => json!({"t": "act", "id": id, "action": a}),
            Request::Pickup => json!({"t": "pickup", "id": id}),
            Request::Next => json!({"t": "next", "id": id}),
        };
        let now = self.shared.now_ns();
        if let (Request::Act(a), Some(s)) = (&r, self.bot.seat) {
            *self.last.lock().unwrap() = Some((s, as_others_see(s, a), now));
        }
        self.inflight = Some((id, now, r));
        msg.to_string()
    }

    /// Take in a message received at `now`.
    fn take_in(&mut self, v: &Value, now: u64) {
        self.bot.receive(v);
        let measuring = self.shared.measuring();
        match v["t"].as_str() {
            Some("ack") => {
                if let Some((id, sent, _)) = self.inflight.take()
                    && v["id"] == json!(id)
                {
                    self.shared.acted.fetch_add(1, Ordering::Relaxed);
                    if measuring {
                        let ms = ms_since(sent, now);
                        self.shared.acks.lock().unwrap().push(ms);
                    }
                }
            }
            Some("error") => {
                self.shared.errors.fetch_add(1, Ordering::Relaxed);
                self.inflight = None;
            }
            Some("event") => {
                // A new state: choose again.
                self.pending = None;
                let action = v["action"].as_str().unwrap_or("");
                let from: Option<usize> = action.split(' ').next().and_then(|s| s.parse().ok());
                let last = self.last.lock().unwrap().clone();
                if let Some((s, a, sent)) = last
                    && v["by"] == "person"
                    && from != self.bot.seat
                    && Some(s) == from
                    && a == action
                    && measuring
                {
                    let ms = ms_since(sent, now);
                    self.shared.events.lock().unwrap().push(ms);
                }
                if let Some(c) = self.computer_seat.filter(|_| self.bot.seat == Some(0)) {
                    if from == Some(c)
                        && v["by"] == "computer"
                        && let Some(t0) = self.computer_turn_from.take()
                        && measuring
                    {
                        let ms = ms_since(t0, now);
                        self.shared.computer.lock().unwrap().push(ms);
                    }
                    if v["to_act"] == json!(c) {
                        self.computer_turn_from = Some(now);
                    }
                }
            }
            Some("deal" | "talon") => {
                self.pending = None;
                if self.bot.seat == Some(0)
                    && self.computer_seat.is_some()
                    && v["to_act"] == json!(self.computer_seat)
                {
                    self.computer_turn_from = Some(now);
                }
            }
            _ => {}
        }
    }
}

/// One person's seat: a bot over a WebSocket until `end`.
async fn seat(url: String, mut p: Player, end: Instant) -> Result<()> {
    let (ws, _) = tokio_tungstenite::connect_async_with_config(&url, None, true).await?;
    let (mut tx, mut rx) = ws.split();
    loop {
        p.plan();
        let deadline = p.pending.as_ref().map(|x| x.0);
        let due = async {
            match deadline {
                Some(d) => tokio::time::sleep_until(d).await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            () = tokio::time::sleep_until(end.into()) => return Ok(()),
            () = due => {
                let text = p.send();
                tx.send(Message::Text(text.into())).await?;
            }
            m = rx.next() => {
                let Some(m) = m else { bail!("the server closed a connection") };
                let text = match m? {
                    Message::Text(t) => t,
                    Message::Close(_) => bail!("the server closed a connection"),
                    _ => continue,
                };
                let now = p.shared.now_ns();
                let v: Value = serde_json::from_str(text.as_str())?;
                p.take_in(&v, now);
            }
        }
    }
}

fn cpu_ticks(pid: u32) -> u64 {
    let s = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    let after = s.rsplit_once(')').map_or("", |x| x.1);
    let f: Vec<&str> = after.split_whitespace().collect();
    let n = |i: usize| f.get(i).and_then(|x| x.parse::<u64>().ok()).unwrap_or(0);
    n(11) + n(12)
}

fn summary(name: &str, xs: &mut [f64]) -> Value {
    xs.sort_by(f64::total_cmp);
    let r = json!({
        "count": xs.len(),
        "p50_ms": percentile(xs, 50.0),
        "p90_ms": percentile(xs, 90.0),
        "p99_ms": percentile(xs, 99.0),
        "max_ms": xs.last().copied().unwrap_or(0.0),
    });
    println!(
        "{name:>14}: n {:>7}  p50 {:>8.2} ms  p90 {:>8.2} ms  p99 {:>8.2} ms  max {:>8.2} ms",
        xs.len(),
        percentile(xs, 50.0),
        percentile(xs, 90.0),
        percentile(xs, 99.0),
        xs.last().copied().unwrap_or(0.0)
    );
    r
}

#[tokio::main]
async fn main() -> Result<()> {
    let a = Args::parse();
    let server = a.server.clone().unwrap_or_else(|| {
        std::env::current_exe()
            .expect("this program's path")
            .with_file_name("ulti-server")
    });
    let dir = std::env::temp_dir().join(format!("ulti-server-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir)?;
    let mut cmd = tokio::process::Command::new(&server);
    cmd.arg("--listen")
        .arg("127.0.0.1:0")
        .arg("--db")
        .arg(dir.join("bench.sqlite"))
        .arg("--seed")
        .arg(a.seed.to_string())
        .arg("--away-after")
        .arg("3600")
        .stdout(std::process::Stdio::piped())
        .kill_on_drop(true);
    if let Some(extra) = &a.server_args {
        cmd.args(extra.split_whitespace());
    }
    let mut child = cmd
        .spawn()
        .with_context(|| format!("starting {}", server.display()))?;
    let pid = child.id().context("the server's pid")?;
    let mut line = String::new();
    tokio::io::BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut line)
        .await?;
    let addr = line
        .strip_prefix("listening on ")
        .and_then(|r| r.split_whitespace().next())
        .context("the server's address")?
        .to_string();
    if a.lobby_subscribers > 0 {
        ulti_server::net::raise_open_files();
        println!(
            "ulti-server-bench: lobby, {} subscribers, {} tables opened by play now",
            a.lobby_subscribers, a.tables
        );
        let (cpu0, own0, t0) = (
            cpu_ticks(pid),
            cpu_ticks(std::process::id()),
            Instant::now(),
        );
        let report = lobby::run(&addr, a.lobby_subscribers, a.tables).await;
        let secs = t0.elapsed().as_secs_f64();
        let (rss_now, hwm) = rss_kib(Some(pid));
        println!(
            "over {secs:.1} s: server CPU {:.0} %, bench CPU {:.0} %; server RSS now {} MiB, VmHWM {} MiB",
            (cpu_ticks(pid) - cpu0) as f64 / secs,
            (cpu_ticks(std::process::id()) - own0) as f64 / secs,
            rss_now / 1024,
            hwm / 1024
        );
        let _ = child.kill().await;
        let _ = std::fs::remove_dir_all(&dir);
        println!("{}", report?);
        return Ok(());
    }
    let people = json!(["human", "human", "human"]);
    let with_computer = a
        .computer
        .as_ref()
        .map(|l| json!(["human", format!("computer:{l}"), "human"]));
    let computer_tables = match &with_computer {
        Some(_) => a.computer_tables.unwrap_or(a.tables).min(a.tables),
        None => 0,
    };
    println!(
        "ulti-server-bench: {} tables ({} with {}), think {} ms mean, {} s warm-up + {} s measured",
        a.tables,
        computer_tables,
        with_computer.as_ref().unwrap_or(&people),
        a.think_ms,
        a.warmup,
        a.seconds
    );
    let persons = 3 * a.tables - computer_tables;
    let t0 = Instant::now();
    let mut urls = Vec::new();
    for i in 0..a.tables {
        let (seats, computer_seat) = match &with_computer {
            Some(w) if i < computer_tables => (w, Some(1usize)),
            _ => (&people, None),
        };
        let r = http(&addr, "POST", "/api/tables", &json!({"seats": seats})).await?;
        let table = r["table"].as_str().context("a table")?.to_string();
        let last: LastSent = Arc::new(Mutex::new(None));
        for token in r["tokens"].as_object().context("tokens")?.values() {
            let url = format!(
                "ws://{addr}/api/tables/{table}/ws?token={}",
                token.as_str().unwrap()
            );
            urls.push((url, computer_seat, last.clone(), urls.len() as u64));
        }
    }
    println!(
        "created {} tables in {:.1} s",
        a.tables,
        t0.elapsed().as_secs_f64()
    );
    let shared = Arc::new(Shared {
        start: Instant::now(),
        measure_from: Duration::from_secs_f64(a.warmup),
        acks: Mutex::new(Vec::new()),
        events: Mutex::new(Vec::new()),
        computer: Mutex::new(Vec::new()),
        acted: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        dropped: AtomicU64::new(0),
    });
    let end = shared.start + Duration::from_secs_f64(a.warmup + a.seconds);
    let mut tasks = Vec::new();
    for (url, computer_seat, last, n) in urls {
        let seed = a.seed * 1_000_003 + n;
        let player = Player {
            bot: Bot::new(None, seed, Temper::default()),
            rng: SmallRng::seed_from_u64(seed ^ 0x5EED),
            think_ms: a.think_ms,
            shared: shared.clone(),
            last,
            computer_seat,
            pending: None,
            inflight: None,
            next_id: 1,
            computer_turn_from: None,
        };
        let shared = shared.clone();
        tasks.push(tokio::spawn(async move {
            if let Err(e) = seat(url, player, end).await
                && shared.dropped.fetch_add(1, Ordering::Relaxed) < 3
            {
                eprintln!("a seat stopped: {e:#}");
            }
        }));
    }
    // Sample the server's memory and CPU while it runs.
    let mut peak_rss = 0;
    let mut cpu_at_measure = None;
    while Instant::now() < end {
        tokio::time::sleep(Duration::from_secs(1)).await;
        peak_rss = peak_rss.max(rss_kib(Some(pid)).0);
        if cpu_at_measure.is_none() && shared.measuring() {
            cpu_at_measure = Some((
                (cpu_ticks(pid), cpu_ticks(std::process::id())),
                Instant::now(),
                shared.acted.load(Ordering::Relaxed),
            ));
        }
    }
    let ((cpu0, own0), at0, acted0) = cpu_at_measure.unwrap_or(((0, 0), shared.start, 0));
    let elapsed = at0.elapsed().as_secs_f64();
    let cpu = (cpu_ticks(pid) - cpu0) as f64 / 100.0 / elapsed;
    let own_cpu = (cpu_ticks(std::process::id()) - own0) as f64 / 100.0 / elapsed;
    let actions = (shared.acted.load(Ordering::Relaxed) - acted0) as f64 / elapsed;
    let stats = http(&addr, "GET", "/api/stats", &json!({}))
        .await
        .unwrap_or(Value::Null);
    for t in tasks {
        let _ = t.await;
    }
    let (rss_now, hwm) = rss_kib(Some(pid));
    println!("--- measured over {elapsed:.1} s");
    let acks = summary("ack", &mut shared.acks.lock().unwrap());
    let events = summary("event (others)", &mut shared.events.lock().unwrap());
    let computer = summary("computer turn", &mut shared.computer.lock().unwrap());
    println!(
        "actions/s {actions:.0} ({:.3} per person per s); server CPU {:.0} %, bench CPU {:.0} %; RSS now {} MiB, sampled peak {} MiB, VmHWM {} MiB; errors {}, seats stopped {}",
        actions / persons as f64,
        cpu * 100.0,
        own_cpu * 100.0,
        rss_now / 1024,
        peak_rss / 1024,
        hwm / 1024,
        shared.errors.load(Ordering::Relaxed),
        shared.dropped.load(Ordering::Relaxed)
    );
    println!("server stats: {stats}");
    let report = json!({
        "tables": a.tables, "think_ms": a.think_ms, "seconds": elapsed, "computer": a.computer,
        "computer_tables": computer_tables,
        "ack": acks, "event": events, "computer_turn": computer,
        "actions_per_s": actions, "server_cpu": cpu, "bench_cpu": own_cpu,
        "rss_mib": rss_now / 1024, "peak_rss_mib": hwm / 1024,
        "errors": shared.errors.load(Ordering::Relaxed), "server": stats,
    });
    println!("{report}");
    let _ = child.kill().await;
    let _ = std::fs::remove_dir_all(&dir);
    Ok(())
}
