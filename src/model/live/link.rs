//! The connection's health as the page shows it ([`Link`]): connecting, catching up, open, or
//! lost with the moment of the next attempt (a countdown that counts). The page knows the
//! network is gone within seconds: the browser's `offline` event, or a heartbeat (`ping`
//! every [`PING_EVERY_MS`] of silence, no answer within [`ANSWER_WITHIN_MS`]) that closes a
//! socket which looks open but carries nothing. The backoff is capped at [`MAX_BACKOFF_MS`],
//! so a player back from a short outage is at the table again within seconds, long before
//! the away rule (`--away-after`, 60 s by default) would play for them.
//!
//! Pure logic over a clock the caller passes in (milliseconds, `Date.now()` in the browser).

use super::Live;

/// The longest wait between two attempts.
pub const MAX_BACKOFF_MS: u32 = 2_000;
/// After this long without a message from the server, the page sends a `ping`.
pub const PING_EVERY_MS: f64 = 2_000.0;
/// A `ping` not answered (by anything) within this long: the connection is dead.
pub const ANSWER_WITHIN_MS: f64 = 3_000.0;
/// A socket still connecting after this long is given up and tried again.
pub const CONNECT_WITHIN_MS: f64 = 6_000.0;

/// How long to wait before the `attempt`-th reconnection (from 0): 0.5 s, 1 s, then 2 s.
#[must_use]
pub fn backoff_ms(attempt: u32) -> u32 {
    (500u32 << attempt.min(5)).min(MAX_BACKOFF_MS)
}

/// The connection as the page shows it.
#[derive(Clone, Debug, PartialEq)]
pub enum Link {
    /// Connecting (the `attempt`-th time since the last success), since `since`.
    Connecting {
        /// From 0.
        attempt: u32,
        /// When the attempt started.
        since: f64,
    },
    /// Connected, the replay (or welcome) not complete yet.
    Catching,
    /// Connected and up to date.
    Open,
    /// Disconnected: the next attempt comes at `retry_at` (once the network is there).
    Lost {
        /// The attempt that failed (from 0).
        attempt: u32,
        /// When the next attempt starts.
        retry_at: f64,
        /// The network is gone (the browser said so, or the server stopped answering).
        offline: bool,
    },
    /// The server refuses this table or invitation for good: no more attempts.
    Refused,
}

/// What the page does at a tick of its clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Beat {
    /// Nothing.
    Idle,
    /// Send `{"t": "ping"}`.
    Ping,
    /// The socket carries nothing: close it and count the connection lost (offline).
    Dead,
    /// Open a socket now.
    Connect,
}

impl Live {
    /// The id of the link for tests and CSS: `open`, `catching`, `connecting`, `lost`,
    /// `offline`.
    #[must_use]
    pub fn link_id(&self) -> &'static str {
        match self.link {
            Link::Open => "open",
            Link::Catching => "catching",
            Link::Connecting { .. } => "connecting",
            Link::Lost { offline: true, .. } => "offline",
            Link::Lost { .. } => "lost",
            Link::Refused => "refused",
        }
    }

    /// Whole seconds until the next attempt (`None`: not waiting for one, or waiting for the
    /// network to come back first).
    #[must_use]
    pub fn retry_in_s(&self, now: f64) -> Option<u32> {
        match self.link {
            Link::Lost { retry_at, .. } if self.online => {
                // At most a few seconds: the cast cannot overflow.
                Some(((retry_at - now).max(0.0) / 1000.0).ceil() as u32)
            }
            _ => None,
        }
    }

    /// Does the browser say the network is there?
    #[must_use]
    pub fn online(&self) -> bool {
        self.online
    }

    /// The socket opened.
    pub fn opened(&mut self, now: f64) {
        self.link = Link::Catching;
        self.heard(now);
    }

    /// A message came from the server (any message: the connection lives).
    pub fn heard(&mut self, now: f64) {
        self.heard_at = now;
        self.ping_at = None;
    }

    /// The socket closed (or never opened): how long to wait before the next attempt.
    /// `offline`: the network is gone (the heartbeat found the socket dead).
    pub fn closed(&mut self, now: f64, offline: bool) -> u32 {
        let attempt = match self.link {
            Link::Connecting { attempt, .. } | Link::Lost { attempt, .. } => attempt,
            Link::Catching | Link::Open | Link::Refused => 0,
        };
        let retry_ms = backoff_ms(attempt);
        self.link = Link::Lost {
            attempt,
            retry_at: now + f64::from(retry_ms),
            offline: offline || !self.online,
        };
        self.ping_at = None;
        retry_ms
    }

    /// A new attempt starts.
    pub fn connecting(&mut self, now: f64) {
        let attempt = match self.link {
            Link::Lost { attempt, .. } => attempt + 1,
            Link::Connecting { attempt, .. } => attempt,
            Link::Catching | Link::Open | Link::Refused => 0,
        };
        self.link = Link::Connecting {
            attempt,
            since: now,
        };
    }

    /// The server refuses the table or the invitation for good: no more attempts.
    pub fn refused_for_good(&mut self) {
        self.link = Link::Refused;
        self.pending.clear();
    }

    /// The browser says the network went (`false`) or came back (`true`).
    pub fn set_online(&mut self, online: bool) {
        self.online = online;
        if let Link::Lost { offline, .. } = &mut self.link
            && !online
        {
            *offline = true;
        }
    }

    /// The user asks to reconnect now (or the network came back): the next tick connects.
    pub fn retry_now(&mut self, now: f64) {
        if let Link::Lost { retry_at, .. } = &mut self.link {
            *retry_at = now;
        }
    }

    /// One tick of the page's clock: what to do now.
    pub fn tick(&mut self, now: f64) -> Beat {
        match self.link {
            Link::Open | Link::Catching => match self.ping_at {
                Some(at) if now - at >= ANSWER_WITHIN_MS => Beat::Dead,
                None if now - self.heard_at >= PING_EVERY_MS => {
                    self.ping_at = Some(now);
                    Beat::Ping
                }
                _ => Beat::Idle,
            },
            Link::Connecting { since, .. } if now - since >= CONNECT_WITHIN_MS => Beat::Dead,
            Link::Lost { retry_at, .. } if self.online && now >= retry_at => Beat::Connect,
            _ => Beat::Idle,
        }
    }
}
