//! Per-address rate limits (a sliding minute): table creations and connections. Loopback
//! addresses are never limited, unless the server is started with `--limit-loopback` (for
//! the tests that check the limit itself).

use std::collections::{HashMap, VecDeque};
use std::net::IpAddr;
use std::sync::Mutex;
use std::time::{Duration, Instant};

const MINUTE: Duration = Duration::from_secs(60);

/// One limit: at most `per_minute` events per address in any minute.
pub struct Limiter {
    per_minute: usize,
    limit_loopback: bool,
    hits: Mutex<HashMap<IpAddr, VecDeque<Instant>>>,
}

impl Limiter {
    /// A limit of `per_minute` per address.
    #[must_use]
    pub fn new(per_minute: usize, limit_loopback: bool) -> Limiter {
        Limiter {
            per_minute,
            limit_loopback,
            hits: Mutex::new(HashMap::new()),
        }
    }

    /// Count one event from `ip`; `false` when it is over the limit (then it is not counted).
    pub fn allow(&self, ip: IpAddr) -> bool {
        if ip.is_loopback() && !self.limit_loopback {
            return true;
        }
        let now = Instant::now();
        let mut hits = self.hits.lock().unwrap_or_else(|p| p.into_inner());
        if hits.len() > 10_000 {
            hits.retain(|_, q| q.back().is_some_and(|&t| now.duration_since(t) < MINUTE));
        }
        let q = hits.entry(ip).or_default();
        while q.front().is_some_and(|&t| now.duration_since(t) >= MINUTE) {
            q.pop_front();
        }
        if q.len() >= self.per_minute {
            return false;
        }
        q.push_back(now);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_per_address_and_spares_loopback() {
        let l = Limiter::new(3, false);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let b: IpAddr = "10.0.0.2".parse().unwrap();
        assert!((0..3).all(|_| l.allow(a)));
        assert!(!l.allow(a));
        assert!(l.allow(b));
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        assert!((0..10).all(|_| l.allow(local)));
        let strict = Limiter::new(2, true);
        assert!(strict.allow(local) && strict.allow(local));
        assert!(!strict.allow(local));
    }
}
