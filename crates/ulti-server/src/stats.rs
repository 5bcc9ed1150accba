//! Counters for `GET /api/stats` (an addition to the protocol, for operators and the
//! benchmark): open connections, computer decisions and their times, the process's memory.

use std::sync::Mutex;
use std::sync::atomic::{AtomicI64, AtomicU64, Ordering};

use serde_json::{Value, json};

/// How many recent decision times are kept for the percentiles.
const KEEP: usize = 100_000;

/// The server's counters.
#[derive(Default)]
pub struct Stats {
    connections: AtomicI64,
    messages: AtomicU64,
    /// (decision ms, queued ms), the most recent `KEEP`.
    decisions: Mutex<std::collections::VecDeque<(f64, f64)>>,
    decided: AtomicU64,
}

/// The `p`-th percentile (0..=100) of sorted `xs` (nearest rank).
#[must_use]
pub fn percentile(xs: &[f64], p: f64) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let rank = ((p / 100.0) * xs.len() as f64).ceil() as usize;
    xs[rank.clamp(1, xs.len()) - 1]
}

/// The process's resident memory now and at its peak, in KiB (Linux; 0 elsewhere).
#[must_use]
pub fn rss_kib(pid: Option<u32>) -> (u64, u64) {
    let path = match pid {
        Some(p) => format!("/proc/{p}/status"),
        None => "/proc/self/status".into(),
    };
    let text = std::fs::read_to_string(path).unwrap_or_default();
    let field = |name: &str| {
        text.lines()
            .find(|l| l.starts_with(name))
            .and_then(|l| l.split_whitespace().nth(1))
            .and_then(|n| n.parse().ok())
            .unwrap_or(0)
    };
    (field("VmRSS:"), field("VmHWM:"))
}

impl Stats {
    /// A connection opened (+1) or closed (-1).
    pub fn connections(&self, delta: i64) {
        self.connections.fetch_add(delta, Ordering::Relaxed);
    }

    /// `n` messages were stored.
    pub fn stored(&self, n: usize) {
        self.messages.fetch_add(n as u64, Ordering::Relaxed);
    }

    /// A computer decided in `ms` after waiting `queued_ms` for a thread.
    pub fn decision(&self, ms: f64, queued_ms: f64) {
        self.decided.fetch_add(1, Ordering::Relaxed);
        let mut d = self.decisions.lock().unwrap_or_else(|p| p.into_inner());
        if d.len() >= KEEP {
            d.pop_front();
        }
        d.push_back((ms, queued_ms));
    }

    /// The counters as JSON.
    #[must_use]
    pub fn report(&self, tables: usize) -> Value {
        let d = self.decisions.lock().unwrap_or_else(|p| p.into_inner());
        let mut ms: Vec<f64> = d.iter().map(|x| x.0).collect();
        let mut q: Vec<f64> = d.iter().map(|x| x.1).collect();
        drop(d);
        ms.sort_by(f64::total_cmp);
        q.sort_by(f64::total_cmp);
        let (rss, peak) = rss_kib(None);
        json!({
            "tables": tables,
            "connections": self.connections.load(Ordering::Relaxed),
            "messages_stored": self.messages.load(Ordering::Relaxed),
            "computer": {
                "decisions": self.decided.load(Ordering::Relaxed),
                "p50_ms": percentile(&ms, 50.0),
                "p99_ms": percentile(&ms, 99.0),
                "max_ms": ms.last().copied().unwrap_or(0.0),
                "queued_p50_ms": percentile(&q, 50.0),
                "queued_p99_ms": percentile(&q, 99.0),
            },
            "rss_kib": rss,
            "peak_rss_kib": peak,
        })
    }
}
