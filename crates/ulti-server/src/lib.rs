//! # ulti-server
//!
//! Live tables (shared/FORMATS.md "Live tables (`ulti-table/1`)"): people play whole games of
//! Ulti together over WebSockets, computer players fill the other seats, and every numbered
//! message of a table is stored in one SQLite file before anyone receives it.
//!
//! Floors, bottom up (each file imports only from the floors below it; `tests/architecture.rs`
//! checks it):
//! 1. `protocol` (the wire: client messages read, the unnumbered server messages), `event`
//!    (the numbered messages as stored, and filtered per seat), `daily` (the deal of the day:
//!    deals from the date, matchpoints), `client` (who a request comes
//!    from: the peer or, behind a trusted proxy, `X-Forwarded-For`; IPv6 by its /64), `logs`
//!    and `account` (names, passwords, sessions, chat text);
//! 2. `table` (one table as a plain state machine over the engine's `WholeGame`), `rated` (a
//!    finished game as the ratings and profiles take it: who held each seat, what each did);
//! 3. `store` (SQLite: the append-only log, group commit, the schema's migrations, players and
//!    sessions, ratings and each player's games), `feed` (the lobby's public tables pushed to subscribers), `computer` (the pool of computer
//!    threads), `stats` (`/metrics`, `/api/stats`), `limit` (rate limits and connection caps),
//!    and `bot` (a client that plays legal actions from what it
//!    receives: the tests and the bench);
//! 4. `actor` (one task per table: the way of an action from a socket to the log and out to
//!    every connection), then `hub` (the tables in memory: each loaded from the log when
//!    opened, resting when idle), then `lobby` ("play now");
//! 5. `ws` (one connection), then `http` (the routes) and `net` (the accept loop: header
//!    timeout, caps, a graceful stop).

pub mod account;
pub mod actor;
pub mod bot;
pub mod client;
pub mod computer;
pub mod daily;
pub mod event;
pub mod feed;
pub mod http;
pub mod hub;
pub mod limit;
pub mod lobby;
pub mod logs;
pub mod net;
pub mod protocol;
pub mod rated;
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
    /// How long a table opened by "play now" waits for people when its opener names no wait.
    pub play_now_wait: Duration,
    /// How many deals a day of the deal of the day has (8; fewer for tests).
    pub daily_deals: u32,
}

/// How long a stop (SIGTERM, SIGINT) may take: the sockets closed, the store's last writes
/// committed, then the process exits 0.
pub const STOP_WITHIN: Duration = Duration::from_secs(10);

/// Start the server and serve until SIGTERM or SIGINT. Prints `listening on ADDR` once ready.
///
/// # Errors
/// A database that cannot be opened (or is another server's), an address that cannot be
/// bound.
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
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let feed = feed::Feed::start();
    let shared = actor::Shared {
        store,
        pool: Arc::new(computer::Pool::new(opts.computer_threads)),
        away_after: opts.away_after,
        stats: Arc::new(stats::Stats::default()),
        ping_every: opts.ping_every,
        send_timeout: opts.send_timeout,
        max_spectators: opts.max_spectators,
        rest_after: opts.rest_after,
        stopping: stopping.clone(),
        feed: Some(feed.clone()),
    };
    let hub = hub::Hub::start(shared, opts.seed, opts.test_deal).map_err(anyhow::Error::msg)?;
    let lobby = Arc::new(lobby::Lobby::new(hub.clone(), feed));
    let caps = limit::Caps::new(
        opts.max_connections,
        opts.max_connections_per_address,
        opts.limit_loopback,
    );
    let app = Arc::new(http::App {
        hub: hub.clone(),
        creations: limit::Limiter::new(opts.creations_per_minute, opts.limit_loopback),
        connections: limit::Limiter::new(opts.connections_per_minute, opts.limit_loopback),
        reads: limit::Limiter::new(120, opts.limit_loopback),
        caps: caps.clone(),
        trusted: opts.trusted_proxies.clone(),
        allowed_origins: opts.allowed_origins.clone(),
        metrics_here: opts.metrics_listen.is_none(),
        guests: limit::Limiter::new(http::players::GUESTS_PER_ADDRESS, opts.limit_loopback),
        logins: limit::Limiter::new(http::players::LOGINS_PER_ADDRESS, opts.limit_loopback),
        login_names: limit::NameLimiter::new(http::players::LOGINS_PER_NAME),
        hashing: tokio::sync::Semaphore::new(2),
        lobby,
        lobby_caps: limit::Caps::new(opts.max_connections, feed::PER_ADDRESS, opts.limit_loopback),
        play_now_wait: opts.play_now_wait,
        daily_deals: opts.daily_deals.clamp(1, daily::DEALS),
    });
    let files = net::raise_open_files();
    let listener = tokio::net::TcpListener::bind(opts.listen).await?;
    let addr = listener.local_addr()?;
    if let Some(m) = opts.metrics_listen {
        let l = tokio::net::TcpListener::bind(m).await?;
        tracing::info!("metrics on http://{}/metrics", l.local_addr()?);
        let router = http::metrics_router(app.clone());
        let stop = stopping.clone();
        tokio::spawn(async move {
            let _ = axum::serve(l, router)
                .with_graceful_shutdown(net::stopped(stop))
                .await;
        });
    }
    println!(
        "listening on {addr} (tables load from {} when opened)",
        opts.db.display()
    );
    use std::io::Write as _;
    std::io::stdout().flush()?;
    tracing::info!(
        %addr,
        tables = hub.len(),
        open_files = files,
        "listening"
    );
    let edge = net::Edge {
        caps: caps.clone(),
        trusted: opts.trusted_proxies,
        header_timeout: opts.header_timeout,
    };
    let router = http::router(app, opts.site);
    let started = std::time::Instant::now();
    let serving = tokio::spawn(net::serve(
        listener,
        router,
        edge,
        stopping.clone(),
        STOP_WITHIN / 2,
    ));
    stop_signal().await;
    let t0 = std::time::Instant::now();
    tracing::info!(
        up_s = started.elapsed().as_secs(),
        "stopping: closing every connection"
    );
    let _ = stop.send(true);
    let _ = serving.await;
    // Every WebSocket closes with 1001 on its own (ws.rs); wait for them, within the limit.
    let deadline = t0 + STOP_WITHIN - Duration::from_secs(2);
    while caps.open() > 0 && std::time::Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let left = caps.open();
    match tokio::time::timeout(Duration::from_secs(1), hub.store().probe()).await {
        Ok(Ok(())) => {}
        Ok(Err(e)) => tracing::error!("stopping: the last write failed: {e}"),
        Err(_) => tracing::error!("stopping: the store did not answer within a second"),
    }
    tracing::info!(
        ms = t0.elapsed().as_millis() as u64,
        connections_left = left,
        "stopped"
    );
    Ok(())
}

/// SIGTERM (a container or service manager stopping us) or SIGINT (Ctrl-C).
async fn stop_signal() {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        match (
            signal(SignalKind::terminate()),
            signal(SignalKind::interrupt()),
        ) {
            (Ok(mut term), Ok(mut int)) => {
                tokio::select! {
                    _ = term.recv() => {}
                    _ = int.recv() => {}
                }
            }
            _ => std::future::pending::<()>().await,
        }
    }
    #[cfg(not(unix))]
    {
        let _ = tokio::signal::ctrl_c().await;
    }
}
