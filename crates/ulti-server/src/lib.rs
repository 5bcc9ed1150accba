//! # ulti-server
//!
//! Live tables (shared/FORMATS.md "Live tables (`ulti-table/1`)"): people play whole games of
//! Ulti together over WebSockets, computer players fill the other seats, and every numbered
//! message of a table is stored in one SQLite file before anyone receives it.
//!
//! Floors, bottom up (each file imports only from the floors below it; `tests/architecture.rs`
//! checks it):
//! 1. `protocol` (the wire: client messages read, the unnumbered server messages) and `event`
//!    (the numbered messages as stored, and filtered per seat);
//! 2. `table` (one table as a plain state machine over the engine's `WholeGame`);
//! 3. `store` (SQLite: the append-only log, group commit), `computer` (the pool of computer
//!    threads), `stats`, `limit`, and `bot` (a client that plays legal actions from what it
//!    receives: the tests and the bench);
//! 4. `actor` (one task per table: the way of an action from a socket to the log and out to
//!    every connection), then `hub` (the tables in memory: each loaded from the log when
//!    opened, resting when idle);
//! 5. `ws` (one connection), then `http` (the routes).

pub mod actor;
pub mod bot;
pub mod computer;
pub mod event;
pub mod http;
pub mod hub;
pub mod limit;
pub mod logs;
pub mod protocol;
pub mod stats;
pub mod store;
pub mod table;
pub mod ws;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

/// How the server runs (the command line's options).
#[derive(Clone, Debug)]
pub struct Options {
    /// Where to listen (port 0: any free port; the address is printed).
    pub listen: SocketAddr,
    /// The SQLite file.
    pub db: PathBuf,
    /// A built app to serve beside the API.
    pub site: Option<PathBuf>,
    /// A person's seat disconnected this long on its turn is played by a computer.
    pub away_after: Duration,
    /// Deals and computer decisions from this seed.
    pub seed: Option<u64>,
    /// Computer threads (default: the machine's cores).
    pub computer_threads: usize,
    /// Table creations per address and minute.
    pub creations_per_minute: usize,
    /// Connections per address and minute.
    pub connections_per_minute: usize,
    /// Apply the limits to loopback too (tests).
    pub limit_loopback: bool,
    /// When a commit counts as written (before any ack).
    pub durability: store::Durability,
    /// Tests only: game 1 of every new table is dealt as this record (its dealer must be
    /// seat 2, game 1's; its rules are the table's).
    pub test_deal: Option<ulti_engine::whole_game::TableRecord>,
    /// How often every WebSocket is pinged; a connection that misses two pongs is closed.
    pub ping_every: Duration,
    /// A frame that takes longer than this to send closes its connection.
    pub send_timeout: Duration,
    /// A connection that has not sent a request's headers within this is closed.
    pub header_timeout: Duration,
    /// Open connections, the whole server.
    pub max_connections: usize,
    /// Open connections per client address (an IPv6 client: per /64).
    pub max_connections_per_address: usize,
    /// Spectators per table.
    pub max_spectators: usize,
    /// Peers whose `X-Forwarded-For` names the client (reverse proxies).
    pub trusted_proxies: Vec<ipnet::IpNet>,
    /// Origins allowed by CORS (empty: any origin).
    pub allowed_origins: Vec<String>,
    /// Serve `/metrics` on this address instead of the main one (where it answers loopback
    /// only).
    pub metrics_listen: Option<SocketAddr>,
    /// A table with no connection this long leaves memory (it is loaded again when opened).
    pub rest_after: Duration,
    /// Tests only: `computer` (every decision above level easy panics) or
    /// `table-after-N-commits` (the N-th commit's task panics, once).
    pub test_panic: Option<String>,
    /// Tests only: the database may grow to this many pages (a full disk).
    pub test_max_db_pages: Option<u64>,
}

/// Start the server and serve until the process ends. Prints `listening on ADDR` once ready.
///
/// # Errors
/// A database that cannot be opened or replayed, an address that cannot be bound.
pub async fn serve(opts: Options) -> anyhow::Result<()> {
    let store = store::Store::open_with(&opts.db, opts.durability, opts.test_max_db_pages)
        .map_err(anyhow::Error::msg)?;
    match opts.test_panic.as_deref() {
        None => {}
        Some("computer") => computer::test_panic_above_easy(),
        Some(p) => match p
            .strip_prefix("table-after-")
            .and_then(|n| n.strip_suffix("-commits"))
            .and_then(|n| n.parse().ok())
        {
            Some(n) => actor::test_panic_after_commits(n),
            None => anyhow::bail!("--test-panic: computer or table-after-N-commits"),
        },
    }
    let shared = actor::Shared {
        store,
        pool: Arc::new(computer::Pool::new(opts.computer_threads)),
        away_after: opts.away_after,
        stats: Arc::new(stats::Stats::default()),
        ping_every: opts.ping_every,
        send_timeout: opts.send_timeout,
        max_spectators: opts.max_spectators,
        rest_after: opts.rest_after,
        stopping: tokio::sync::watch::channel(false).1,
    };
    let hub = hub::Hub::start(shared, opts.seed, opts.test_deal).map_err(anyhow::Error::msg)?;
    let app = Arc::new(http::App {
        hub: hub.clone(),
        creations: limit::Limiter::new(opts.creations_per_minute, opts.limit_loopback),
        connections: limit::Limiter::new(opts.connections_per_minute, opts.limit_loopback),
    });
    let listener = tokio::net::TcpListener::bind(opts.listen).await?;
    let addr = listener.local_addr()?;
    println!("listening on {addr} ({} tables resumed)", hub.len());
    use std::io::Write as _;
    std::io::stdout().flush()?;
    // Small frames go out at once (Nagle's delay meets the peer's delayed ack at ~40 ms).
    use axum::serve::ListenerExt as _;
    let listener = listener.tap_io(|tcp| {
        let _ = tcp.set_nodelay(true);
    });
    axum::serve(
        listener,
        http::router(app, opts.site).into_make_service_with_connect_info::<SocketAddr>(),
    )
    .await?;
    Ok(())
}
