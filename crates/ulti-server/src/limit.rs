//! Per-address limits, counted by [`client::bucket`] (an IPv6 client's /64):
//! - [`Limiter`]: events per minute (table creations, connections, `/api/stats` reads), a token
//!   bucket per address whose memory is bounded (at most [`MAX_ADDRESSES`] addresses; past
//!   that, the quietest are forgotten);
//! - [`Caps`]: connections open at once, in all and per address; a [`CapGuard`] gives its place
//!   back when dropped.
//!
//! Loopback addresses are never limited per address (a reverse proxy on the same host must be
//! named with `--trusted-proxy`, and then its clients' own addresses count), unless the server
//! is started with `--limit-loopback` (for the tests of the limits themselves).

use std::collections::HashMap;
use std::hash::Hash;
use std::net::IpAddr;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Instant;

use crate::client::bucket;

/// The most addresses a [`Limiter`] remembers (about 40 bytes each).
pub const MAX_ADDRESSES: usize = 100_000;

/// Token buckets by key: at most `per_minute` events per key in a minute (a burst of
/// `per_minute`, then `per_minute / 60` a second), at most [`MAX_ADDRESSES`] keys remembered
/// (past that, full buckets are forgotten, then the quietest tenth: a flood of new keys never
/// resets the count of a key in use).
struct Buckets<K> {
    per_minute: f64,
    buckets: Mutex<HashMap<K, (f64, Instant)>>,
}

impl<K: Hash + Eq + Clone + Ord> Buckets<K> {
    fn new(per_minute: usize) -> Buckets<K> {
        Buckets {
            per_minute: per_minute.max(1) as f64,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// Count one event for `key`; `false` when it is over the limit (then it is not counted).
    fn take(&self, key: K) -> bool {
        let now = Instant::now();
        let rate = self.per_minute / 60.0;
        let mut b = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if b.len() >= MAX_ADDRESSES && !b.contains_key(&key) {
            // Full buckets hold nothing worth remembering; then the quietest tenth goes.
            let full = self.per_minute;
            b.retain(|_, (t, at)| *t + now.duration_since(*at).as_secs_f64() * rate < full);
            if b.len() >= MAX_ADDRESSES {
                let mut ages: Vec<(Instant, K)> = b.iter().map(|(k, v)| (v.1, k.clone())).collect();
                ages.sort_unstable();
                for (_, k) in ages.iter().take(MAX_ADDRESSES / 10) {
                    b.remove(k);
                }
            }
        }
        let (tokens, at) = b.entry(key).or_insert((self.per_minute, now));
        *tokens = (*tokens + now.duration_since(*at).as_secs_f64() * rate).min(self.per_minute);
        *at = now;
        if *tokens < 1.0 {
            return false;
        }
        *tokens -= 1.0;
        true
    }

    fn len(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|p| p.into_inner()).len()
    }
}

/// One limit: at most `per_minute` events per address in a minute.
pub struct Limiter {
    limit_loopback: bool,
    buckets: Buckets<IpAddr>,
}

impl Limiter {
    /// A limit of `per_minute` per address.
    #[must_use]
    pub fn new(per_minute: usize, limit_loopback: bool) -> Limiter {
        Limiter {
            limit_loopback,
            buckets: Buckets::new(per_minute),
        }
    }

    /// Count one event from `ip`; `false` when it is over the limit (then it is not counted).
    pub fn allow(&self, ip: IpAddr) -> bool {
        if ip.is_loopback() && !self.limit_loopback {
            return true;
        }
        self.buckets.take(bucket(ip))
    }

    /// How many addresses it remembers now.
    #[must_use]
    pub fn remembered(&self) -> usize {
        self.buckets.len()
    }
}

/// At most `per_minute` events per name in a minute (login attempts per account name): a
/// name is no address, so loopback counts too. At most [`MAX_ADDRESSES`] names remembered.
pub struct NameLimiter {
    buckets: Buckets<String>,
}

impl NameLimiter {
    /// A limit of `per_minute` per name.
    #[must_use]
    pub fn new(per_minute: usize) -> NameLimiter {
        NameLimiter {
            buckets: Buckets::new(per_minute),
        }
    }

    /// Count one event for `name` (compared in lower case); `false` when over the limit.
    pub fn allow(&self, name: &str) -> bool {
        self.buckets
            .take(name.trim().to_lowercase().chars().take(64).collect())
    }
}

/// Why a connection was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The server's cap (`--max-connections`).
    Server,
    /// The address's cap (`--max-connections-per-address`).
    Address,
}

impl Full {
    /// The refusal in words.
    #[must_use]
    pub fn words(self) -> &'static str {
        match self {
            Full::Server => "the server is full: too many connections, try again in a minute",
            Full::Address => {
                "too many connections from your address at once: close some, then try again"
            }
        }
    }
}

/// Connections open at once.
pub struct Caps {
    max: usize,
    per_address: usize,
    limit_loopback: bool,
    open: AtomicUsize,
    by_address: Mutex<HashMap<IpAddr, usize>>,
}

/// A place taken in [`Caps`], given back on drop.
pub struct CapGuard {
    caps: Arc<Caps>,
    key: Option<IpAddr>,
}

impl Caps {
    /// At most `max` in all and `per_address` per address.
    #[must_use]
    pub fn new(max: usize, per_address: usize, limit_loopback: bool) -> Arc<Caps> {
        Arc::new(Caps {
            max,
            per_address,
            limit_loopback,
            open: AtomicUsize::new(0),
            by_address: Mutex::new(HashMap::new()),
        })
    }

    /// Take a place for a connection from `ip` (`None`: counted in all, not per address — a
    /// trusted proxy's own connection).
    ///
    /// # Errors
    /// The cap that is full.
    pub fn acquire(self: &Arc<Caps>, ip: Option<IpAddr>) -> Result<CapGuard, Full> {
        if self.open.fetch_add(1, Ordering::AcqRel) >= self.max {
            self.open.fetch_sub(1, Ordering::AcqRel);
            return Err(Full::Server);
        }
        let key = ip
            .filter(|ip| !ip.is_loopback() || self.limit_loopback)
            .map(bucket);
        if let Some(k) = key {
            let mut m = self.by_address.lock().unwrap_or_else(|p| p.into_inner());
            let n = m.entry(k).or_insert(0);
            if *n >= self.per_address {
                drop(m);
                self.open.fetch_sub(1, Ordering::AcqRel);
                return Err(Full::Address);
            }
            *n += 1;
        }
        Ok(CapGuard {
            caps: self.clone(),
            key,
        })
    }

    /// Connections open now.
    #[must_use]
    pub fn open(&self) -> usize {
        self.open.load(Ordering::Acquire)
    }
}

impl Drop for CapGuard {
    fn drop(&mut self) {
        if let Some(k) = self.key {
            let mut m = self
                .caps
                .by_address
                .lock()
                .unwrap_or_else(|p| p.into_inner());
            if let Some(n) = m.get_mut(&k) {
                *n -= 1;
                if *n == 0 {
                    m.remove(&k);
                }
            }
        }
        self.caps.open.fetch_sub(1, Ordering::AcqRel);
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

    #[test]
    fn names_are_limited_in_any_case_and_from_loopback_too() {
        let l = NameLimiter::new(2);
        assert!(l.allow("Anna") && l.allow("ANNA"));
        assert!(!l.allow("anna"));
        assert!(l.allow("Béla"));
    }

    #[test]
    fn a_flood_of_new_names_never_resets_a_name_under_attack() {
        let l = NameLimiter::new(5);
        assert!((0..5).all(|_| l.allow("anna")));
        // Another name for each guess, and "anna" tried again now and then: the flood pushes
        // names out of memory, but never the one still being tried.
        for i in 0..(MAX_ADDRESSES + 20_000) {
            l.allow(&format!("name{i}"));
            if i % 1_000 == 0 {
                assert!(!l.allow("anna"), "anna allowed again after {i} other names");
            }
        }
        assert!(!l.allow("anna"));
        assert!(l.buckets.len() <= MAX_ADDRESSES);
    }

    #[test]
    fn an_ipv6_64_shares_one_budget() {
        let l = Limiter::new(2, false);
        let x: IpAddr = "2001:db8:0:1::1".parse().unwrap();
        let y: IpAddr = "2001:db8:0:1:ffff::2".parse().unwrap();
        let other: IpAddr = "2001:db8:0:2::1".parse().unwrap();
        assert!(l.allow(x) && l.allow(y));
        assert!(!l.allow("2001:db8:0:1:1234::7".parse().unwrap()));
        assert!(l.allow(other));
    }

    #[test]
    fn memory_is_bounded_however_many_addresses_come() {
        let l = Limiter::new(5, false);
        for i in 0..(MAX_ADDRESSES as u32 + 20_000) {
            let ip = IpAddr::V4(std::net::Ipv4Addr::from(0x0b00_0000 + i));
            l.allow(ip);
        }
        assert!(l.remembered() <= MAX_ADDRESSES, "{}", l.remembered());
        // A limited address is still limited after the flood.
        let a: IpAddr = "10.9.9.9".parse().unwrap();
        assert!((0..5).all(|_| l.allow(a)));
        assert!(!l.allow(a));
    }

    #[test]
    fn caps_count_open_connections_and_give_them_back() {
        let caps = Caps::new(3, 2, false);
        let a: IpAddr = "10.0.0.1".parse().unwrap();
        let g1 = caps.acquire(Some(a)).unwrap();
        let g2 = caps.acquire(Some(a)).unwrap();
        assert_eq!(caps.acquire(Some(a)).err(), Some(Full::Address));
        let g3 = caps.acquire(Some("10.0.0.2".parse().unwrap())).unwrap();
        assert_eq!(caps.acquire(None).err(), Some(Full::Server));
        drop(g1);
        assert_eq!(caps.open(), 2);
        let _g4 = caps.acquire(Some(a)).unwrap();
        drop((g2, g3));
        assert_eq!(caps.open(), 1);
        // Loopback is counted in all, not per address.
        let local: IpAddr = "127.0.0.1".parse().unwrap();
        let _l = (
            caps.acquire(Some(local)).unwrap(),
            caps.acquire(Some(local)).unwrap(),
        );
        assert_eq!(caps.acquire(Some(local)).err(), Some(Full::Server));
    }
}
