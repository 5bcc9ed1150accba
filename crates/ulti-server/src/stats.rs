//! Counters for operators: `GET /metrics` in Prometheus' text format (prometheus-client) and
//! `GET /api/stats` (JSON, for the benchmark). Everything here is bounded: the decision times
//! behind `/api/stats`' percentiles are the last [`KEEP`], so a read sorts at most that many.

use std::collections::VecDeque;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use prometheus_client::metrics::counter::Counter;
use prometheus_client::metrics::family::Family;
use prometheus_client::metrics::gauge::Gauge;
use prometheus_client::metrics::histogram::{Histogram, exponential_buckets};
use prometheus_client::registry::Registry;
use serde_json::{Value, json};

/// How many recent decision times `/api/stats` keeps for its percentiles.
pub const KEEP: usize = 4096;

/// The server's counters.
pub struct Stats {
    /// (decision ms, queued ms), the most recent `KEEP`.
    decisions: Mutex<VecDeque<(f64, f64)>>,
    decided: AtomicU64,
    m: Metrics,
}

/// The Prometheus side.
struct Metrics {
    registry: Registry,
    tables: Gauge,
    connections: Gauge,
    sockets: Gauge,
    computer_queue: Gauge,
    acks: Histogram,
    stored: Counter,
    decisions: Histogram,
    queued: Histogram,
    refused: Family<Vec<(String, String)>, Counter>,
}

impl Default for Stats {
    fn default() -> Stats {
        let mut r = Registry::with_prefix("ulti");
        let tables = Gauge::default();
        let connections = Gauge::default();
        let sockets = Gauge::default();
        let computer_queue = Gauge::default();
        // 0.5 ms … 16 s.
        let acks = Histogram::new(exponential_buckets(0.0005, 2.0, 16));
        let stored = Counter::default();
        let decisions = Histogram::new(exponential_buckets(0.001, 2.0, 16));
        let queued = Histogram::new(exponential_buckets(0.001, 2.0, 16));
        let refused = Family::<Vec<(String, String)>, Counter>::default();
        r.register(
            "tables_in_memory",
            "Tables loaded in memory",
            tables.clone(),
        );
        r.register(
            "websocket_connections",
            "Open table connections (WebSockets)",
            connections.clone(),
        );
        r.register(
            "open_connections",
            "Open TCP connections and WebSockets, as the caps count them",
            sockets.clone(),
        );
        r.register(
            "computer_queue",
            "Computer decisions waiting for a thread",
            computer_queue.clone(),
        );
        r.register(
            "ack_seconds",
            "From a person's action read to its ack sent (checked, stored, sent to everyone)",
            acks.clone(),
        );
        r.register(
            "messages_stored",
            "Numbered messages stored",
            stored.clone(),
        );
        r.register(
            "computer_decision_seconds",
            "A computer decision's own time",
            decisions.clone(),
        );
        r.register(
            "computer_queued_seconds",
            "How long a computer decision waited for a thread",
            queued.clone(),
        );
        r.register(
            "refused",
            "Requests and connections refused, by reason",
            refused.clone(),
        );
        Stats {
            decisions: Mutex::new(VecDeque::new()),
            decided: AtomicU64::new(0),
            m: Metrics {
                registry: r,
                tables,
                connections,
                sockets,
                computer_queue,
                acks,
                stored,
                decisions,
                queued,
                refused,
            },
        }
    }
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
        self.m.connections.inc_by(delta);
    }

    /// `n` messages were stored.
    pub fn stored(&self, n: usize) {
        self.m.stored.inc_by(n as u64);
    }

    /// A person's action was acknowledged `seconds` after it was read.
    pub fn ack(&self, seconds: f64) {
        self.m.acks.observe(seconds);
    }

    /// Something was refused (`reason`: a short fixed word, e.g. `rate`, `cap`, `spectators`).
    pub fn refused(&self, reason: &str) {
        self.m
            .refused
            .get_or_create(&vec![("reason".to_string(), reason.to_string())])
            .inc();
    }

    /// A computer decided in `ms` after waiting `queued_ms` for a thread.
    pub fn decision(&self, ms: f64, queued_ms: f64) {
        self.decided.fetch_add(1, Ordering::Relaxed);
        self.m.decisions.observe(ms / 1000.0);
        self.m.queued.observe(queued_ms / 1000.0);
        let mut d = self.decisions.lock().unwrap_or_else(|p| p.into_inner());
        if d.len() >= KEEP {
            d.pop_front();
        }
        d.push_back((ms, queued_ms));
    }

    /// The Prometheus text, with the gauges read now: `tables` in memory, `sockets` open,
    /// `queued` computer decisions.
    #[must_use]
    pub fn prometheus(&self, tables: usize, sockets: usize, queued: usize) -> String {
        self.m.tables.set(tables as i64);
        self.m.sockets.set(sockets as i64);
        self.m.computer_queue.set(queued as i64);
        let mut out = String::new();
        let _ = prometheus_client::encoding::text::encode(&mut out, &self.m.registry);
        out
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
            "connections": self.m.connections.get(),
            "messages_stored": self.m.stored.get(),
            "computer": {
                "decisions": self.decided.load(Ordering::Relaxed),
                "recent": ms.len(),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn metrics_are_prometheus_text() {
        let s = Stats::default();
        s.ack(0.003);
        s.stored(5);
        s.refused("rate");
        s.decision(12.0, 1.0);
        let text = s.prometheus(7, 9, 2);
        for line in [
            "ulti_tables_in_memory 7",
            "ulti_open_connections 9",
            "ulti_computer_queue 2",
            "ulti_messages_stored_total 5",
            "ulti_ack_seconds_count 1",
            "ulti_refused_total{reason=\"rate\"} 1",
            "ulti_computer_decision_seconds_count 1",
        ] {
            assert!(text.lines().any(|l| l == line), "{line} not in\n{text}");
        }
        assert!(text.ends_with("# EOF\n"));
    }

    #[test]
    fn the_stats_keep_a_bounded_number_of_decisions() {
        let s = Stats::default();
        for i in 0..(KEEP + 500) {
            s.decision(i as f64, 0.0);
        }
        let r = s.report(0);
        assert_eq!(r["computer"]["decisions"], (KEEP + 500) as u64);
        assert_eq!(r["computer"]["recent"], KEEP as u64);
        assert_eq!(r["computer"]["max_ms"], (KEEP + 499) as f64);
    }
}
