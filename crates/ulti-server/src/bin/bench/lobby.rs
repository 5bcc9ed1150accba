//! The lobby's part of `ulti-server-bench` (`--lobby-subscribers N --tables T`): N lobby
//! subscribers on their own WebSockets, then T guests each opening a table of their own by
//! "play now" (`"new": true`), one after another; for each table, the time from its opening
//! request to the last subscriber seeing it `added`.

use std::collections::HashMap;
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use futures_util::StreamExt;
use serde_json::{Value, json};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

/// One HTTP/1.1 request with an optional session: the JSON answer.
async fn call(addr: &str, path: &str, session: Option<&str>, body: &Value) -> Result<Value> {
    let body = body.to_string();
    let auth = session.map_or(String::new(), |s| format!("Authorization: Bearer {s}\r\n"));
    let mut s = tokio::net::TcpStream::connect(addr).await?;
    let req = format!(
        "POST {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Content-Type: application/json\r\nContent-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    );
    s.write_all(req.as_bytes()).await?;
    let mut out = Vec::new();
    s.read_to_end(&mut out).await?;
    let text = String::from_utf8_lossy(&out);
    let (head, rest) = text.split_once("\r\n\r\n").context("an HTTP answer")?;
    let v: Value = serde_json::from_str(rest).with_context(|| format!("{head}\n{rest}"))?;
    if v.get("error").is_some() {
        bail!("{path}: {v}");
    }
    Ok(v)
}

/// What a subscriber reads of a lobby message.
#[derive(serde::Deserialize)]
struct Changes {
    #[serde(default)]
    added: Vec<Added>,
}

/// An entry, by its id.
#[derive(serde::Deserialize)]
struct Added {
    table: String,
}

/// A subscriber: when it saw each table added (ns since `start`), until `done`.
async fn subscriber(
    addr: String,
    start: Instant,
    ready: tokio::sync::mpsc::Sender<()>,
    mut done: tokio::sync::watch::Receiver<bool>,
) -> Result<HashMap<String, u64>> {
    let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/lobby/ws")).await?;
    let (_tx, mut rx) = ws.split();
    let mut seen = HashMap::new();
    let mut first = true;
    loop {
        let m = tokio::select! {
            m = rx.next() => m,
            _ = done.wait_for(|d| *d) => return Ok(seen),
        };
        let Some(m) = m else {
            bail!("the server closed a lobby socket")
        };
        let Message::Text(t) = m? else { continue };
        let now = start.elapsed().as_nanos() as u64;
        // Only the ids are read (the client's own work stays small beside the server's).
        let v: Changes = serde_json::from_str(t.as_str())?;
        if first {
            first = false;
            let _ = ready.send(()).await;
        }
        for e in v.added {
            seen.entry(e.table).or_insert(now);
        }
    }
}

/// Run the lobby bench against the server at `addr`: the report.
pub async fn run(addr: &str, subscribers: usize, tables: usize) -> Result<Value> {
    let start = Instant::now();
    let (ready_tx, mut ready_rx) = tokio::sync::mpsc::channel(subscribers.max(1));
    let (done_tx, done_rx) = tokio::sync::watch::channel(false);
    let mut subs = Vec::new();
    for _ in 0..subscribers {
        subs.push(tokio::spawn(subscriber(
            addr.to_string(),
            start,
            ready_tx.clone(),
            done_rx.clone(),
        )));
    }
    for _ in 0..subscribers {
        ready_rx.recv().await.context("a subscriber's list")?;
    }
    println!(
        "{subscribers} lobby subscribers connected in {:.1} s",
        start.elapsed().as_secs_f64()
    );
    let t0 = Instant::now();
    let mut sessions = Vec::new();
    for _ in 0..tables {
        let g = call(addr, "/api/players", None, &json!({})).await?;
        sessions.push(g["session"].as_str().context("a session")?.to_string());
    }
    println!(
        "{} guests in {:.1} s",
        sessions.len(),
        t0.elapsed().as_secs_f64()
    );
    let t0 = Instant::now();
    let mut opened: Vec<(String, u64)> = Vec::new();
    for s in &sessions {
        let sent = start.elapsed().as_nanos() as u64;
        let r = call(
            addr,
            "/api/play",
            Some(s),
            &json!({"wait_s": 600, "new": true}),
        )
        .await?;
        if r["opened"] == true {
            opened.push((r["table"].as_str().context("a table")?.to_string(), sent));
        }
    }
    let asked = t0.elapsed().as_secs_f64();
    println!(
        "{} play-now requests in {asked:.1} s ({:.0}/s), {} tables opened",
        sessions.len(),
        sessions.len() as f64 / asked,
        opened.len()
    );
    tokio::time::sleep(Duration::from_secs(2)).await;
    let _ = done_tx.send(true);
    let mut last_seen: HashMap<&str, (usize, u64)> = HashMap::new();
    let mut lost = 0;
    let mut results = Vec::new();
    for s in subs {
        match s.await? {
            Ok(seen) => results.push(seen),
            Err(e) => {
                lost += 1;
                eprintln!("a subscriber stopped: {e:#}");
            }
        }
    }
    for seen in &results {
        for (id, _) in &opened {
            if let Some(&t) = seen.get(id) {
                let e = last_seen.entry(id.as_str()).or_insert((0, 0));
                e.0 += 1;
                e.1 = e.1.max(t);
            }
        }
    }
    let mut all_saw = Vec::new();
    let mut missed = 0;
    for (id, sent) in &opened {
        match last_seen.get(id.as_str()) {
            Some(&(n, t)) if n == results.len() => all_saw.push((t - sent) as f64 / 1e6),
            _ => missed += 1,
        }
    }
    all_saw.sort_by(f64::total_cmp);
    let pct = |p: f64| ulti_server::stats::percentile(&all_saw, p);
    println!(
        "table opened -> every subscriber saw it: n {}  p50 {:.1} ms  p90 {:.1} ms  p99 {:.1} ms  max {:.1} ms; tables not seen by all {missed}, subscribers lost {lost}",
        all_saw.len(),
        pct(50.0),
        pct(90.0),
        pct(99.0),
        all_saw.last().copied().unwrap_or(0.0)
    );
    Ok(json!({
        "lobby_subscribers": subscribers, "tables_opened": opened.len(),
        "play_now_per_s": sessions.len() as f64 / asked,
        "opened_to_all_seen": {"count": all_saw.len(), "p50_ms": pct(50.0), "p90_ms": pct(90.0),
            "p99_ms": pct(99.0), "max_ms": all_saw.last().copied().unwrap_or(0.0)},
        "not_seen_by_all": missed, "subscribers_lost": lost,
    }))
}
