//! Why a table cannot be joined, as the page explains it ([`Problem`]). A browser does not
//! show a refused WebSocket handshake's HTTP status, so after a socket that never opened the
//! page asks the server over HTTP: is it a table server (`GET /api` names `ulti-table/1`),
//! is there such a table (`GET /api/tables/ID`: 404), does the seat's token hold a seat
//! (`GET /api/tables/ID/seat` with the token in a header: 403). Pure logic: the calls are
//! `live_client`'s.

/// Why the table cannot be joined.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Problem {
    /// No answer (not running, wrong address, offline).
    Unreachable,
    /// It answers, but it is not a table server (no `ulti-table/1`).
    NotOurs,
    /// A table server of another protocol (its name).
    OtherProtocol(String),
    /// There is no such table there (404).
    NoTable,
    /// The invitation's token holds no seat there (403): damaged, or not for this table.
    BadInvitation,
    /// Refused for another reason, in the server's words.
    Refused(String),
}

impl Problem {
    /// Trying again cannot help: the page stops reconnecting and offers the way forward.
    #[must_use]
    pub fn is_final(&self) -> bool {
        matches!(
            self,
            Problem::NoTable | Problem::BadInvitation | Problem::NotOurs
        )
    }

    /// The id for tests and CSS.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Problem::Unreachable => "unreachable",
            Problem::NotOurs => "not-ours",
            Problem::OtherProtocol(_) => "other-protocol",
            Problem::NoTable => "no-table",
            Problem::BadInvitation => "bad-invitation",
            Problem::Refused(_) => "refused",
        }
    }

    /// What the statuses of `GET /api/tables/ID` and (for a seat's token) of
    /// `GET /api/tables/ID/seat` say, on a server that speaks our protocol: `None` when
    /// both are fine (the socket's failure was something passing).
    #[must_use]
    pub fn from_statuses(table: u16, seat: Option<u16>) -> Option<Problem> {
        match (table, seat) {
            (404, _) | (_, Some(404)) => Some(Problem::NoTable),
            (_, Some(403)) => Some(Problem::BadInvitation),
            _ => None,
        }
    }
}

/// Is `host` (a server's address, `http://host:port`) a loopback address, which a link
/// carries to no other device?
#[must_use]
pub fn is_loopback(origin: &str) -> bool {
    let rest = origin
        .split_once("://")
        .map_or(origin, |(_, r)| r)
        .split('/')
        .next()
        .unwrap_or_default();
    // `[::1]:8787`, `127.0.0.1:8787`, `localhost:8787`.
    let host = if let Some(v6) = rest.strip_prefix('[') {
        v6.split(']').next().unwrap_or_default()
    } else {
        rest.rsplit_once(':').map_or(rest, |(h, _)| h)
    };
    let host = host.to_ascii_lowercase();
    host == "localhost"
        || host.ends_with(".localhost")
        || host == "::1"
        || host
            .parse::<std::net::Ipv4Addr>()
            .is_ok_and(|ip| ip.is_loopback())
}
