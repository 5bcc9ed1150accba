//! `ulti-server`: live tables of Ulti over HTTP and WebSockets (crates/ulti-server/README.md).
//! Every option may also be given as an environment variable (`ULTI_LISTEN`, `ULTI_DB`, …;
//! `--help` names each), which is how the container is configured.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

/// Live tables: people play whole games of Ulti together (the ulti-table/1 protocol).
#[derive(Parser, Debug)]
#[command(version, about)]
#[allow(clippy::struct_excessive_bools)]
struct Args {
    /// Address to listen on (port 0: a free port, printed at start).
    #[arg(long, env = "ULTI_LISTEN", default_value = "127.0.0.1:8787")]
    listen: SocketAddr,
    /// The SQLite file holding every table (created on first start; one server per file).
    #[arg(long, env = "ULTI_DB", default_value = "ulti-tables.sqlite")]
    db: PathBuf,
    /// Also serve a built app (e.g. dist/) from this directory.
    #[arg(long, env = "ULTI_SITE")]
    site: Option<PathBuf>,
    /// Seconds a person's seat may stay disconnected on its turn before a computer plays it.
    #[arg(long, env = "ULTI_AWAY_AFTER", default_value_t = 60.0)]
    away_after: f64,
    /// Draw the deals and seed the computers from S: reproducible tables, for tests and
    /// benchmarks. Without it every deal is drawn from the operating system's randomness.
    #[arg(long, env = "ULTI_SEED")]
    seed: Option<u64>,
    /// When a message counts as stored, before anyone receives it: `disk` (synced, survives a
    /// power loss) or `os` (in the operating system: survives the server's crash, kill -9
    /// included, not the machine's; much less waiting on a busy disk).
    #[arg(long, env = "ULTI_DURABILITY", default_value = "disk", value_parser = ["disk", "os"])]
    durability: String,
    /// Computer threads (default: the number of cores).
    #[arg(long, env = "ULTI_COMPUTER_THREADS")]
    computer_threads: Option<usize>,
    /// Table creations allowed per client address and minute (at least 100).
    #[arg(long, env = "ULTI_CREATIONS_PER_MINUTE", default_value_t = 120, value_parser = clap::value_parser!(u64).range(100..))]
    creations_per_minute: u64,
    /// Connections allowed per client address and minute (at least 500).
    #[arg(long, env = "ULTI_CONNECTIONS_PER_MINUTE", default_value_t = 600, value_parser = clap::value_parser!(u64).range(500..))]
    connections_per_minute: u64,
    /// Seconds between the pings of every WebSocket; a connection that misses two pongs is
    /// closed and its seat counts as disconnected.
    #[arg(long, env = "ULTI_PING_EVERY", default_value_t = 20.0)]
    ping_every: f64,
    /// Open connections allowed in all (over it: 503).
    #[arg(long, env = "ULTI_MAX_CONNECTIONS", default_value_t = 20_000)]
    max_connections: usize,
    /// Open connections allowed per client address, an IPv6 client's /64 counting as one
    /// address (over it: 429). Loopback is not limited.
    #[arg(long, env = "ULTI_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = 64)]
    max_connections_per_address: usize,
    /// Spectators allowed per table (over it: 503).
    #[arg(long, env = "ULTI_MAX_SPECTATORS", default_value_t = 200)]
    max_spectators: usize,
    /// A reverse proxy's address range (CIDR, e.g. 127.0.0.1/32; repeatable, or
    /// comma-separated in the variable): only requests from there take the client's address
    /// from X-Forwarded-For.
    #[arg(
        long = "trusted-proxy",
        env = "ULTI_TRUSTED_PROXY",
        value_delimiter = ','
    )]
    trusted_proxies: Vec<ipnet::IpNet>,
    /// An origin whose pages may call the API (repeatable, or comma-separated in the
    /// variable; e.g. https://you.github.io). Default: any origin.
    #[arg(
        long = "allowed-origin",
        env = "ULTI_ALLOWED_ORIGIN",
        value_delimiter = ','
    )]
    allowed_origins: Vec<String>,
    /// Serve /metrics (Prometheus) on this address; without it /metrics answers loopback
    /// clients on the main address only.
    #[arg(long, env = "ULTI_METRICS_LISTEN")]
    metrics_listen: Option<SocketAddr>,
    /// Seconds a table without connections stays in memory (it is loaded from the database
    /// again when someone opens it).
    #[arg(long, env = "ULTI_REST_AFTER", default_value_t = 300.0)]
    rest_after: f64,
    /// Seconds a table opened by "play now" waits for people before computers take its empty
    /// seats, when its opener names no wait.
    #[arg(long, env = "ULTI_PLAY_NOW_WAIT", default_value_t = 30.0)]
    play_now_wait: f64,
    /// Tests only: how many deals a day of the deal of the day has (1 to 8).
    #[arg(long, hide = true, default_value_t = 8)]
    daily_deals: u32,
    /// Logs: `text` (for people) or `json` (one object a line, for a log collector). The
    /// level comes from RUST_LOG (default info).
    #[arg(long, env = "ULTI_LOG_FORMAT", default_value = "text", value_parser = ["text", "json"])]
    log_format: String,
    /// Apply the rate limits and per-address caps to loopback addresses too (for testing them).
    #[arg(long, hide = true)]
    limit_loopback: bool,
    /// Tests only: seconds a frame may take to send before its connection is closed.
    #[arg(long, hide = true, default_value_t = 10.0)]
    send_timeout: f64,
    /// Tests only: seconds a connection may take to send its request's headers.
    #[arg(long, hide = true, default_value_t = 10.0)]
    header_timeout: f64,
    /// Tests only: deal game 1 of every new table as this ulti-game/1 record (dealer 2).
    #[arg(long, hide = true)]
    test_deal: Option<PathBuf>,
    /// Tests only: `computer` (decisions above easy panic) or `table-after-N-commits`.
    #[arg(long, hide = true)]
    test_panic: Option<String>,
    /// Tests only: the database may grow to this many pages (a full disk).
    #[arg(long, hide = true)]
    test_max_db_pages: Option<u64>,
}

/// A number of seconds from an option, checked.
fn seconds(name: &str, s: f64) -> anyhow::Result<Duration> {
    anyhow::ensure!(
        s.is_finite() && s >= 0.0,
        "--{name} is a number of seconds, 0 or more"
    );
    Ok(Duration::from_secs_f64(s))
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let a = Args::parse();
    ulti_server::logs::init(a.log_format == "json");
    let threads = a.computer_threads.unwrap_or_else(|| {
        std::thread::available_parallelism().map_or(2, std::num::NonZeroUsize::get)
    });
    let test_deal = match &a.test_deal {
        None => None,
        Some(p) => {
            let text = std::fs::read_to_string(p)?;
            let r = ulti_engine::whole_game::TableRecord::parse(&text)
                .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
            r.replay()
                .map_err(|e| anyhow::anyhow!("{}: {e}", p.display()))?;
            anyhow::ensure!(r.dealer == 2, "--test-deal: game 1's dealer is seat 2");
            Some(r)
        }
    };
    anyhow::ensure!(
        a.ping_every > 0.0,
        "--ping-every is a number of seconds above 0"
    );
    let result = ulti_server::serve(ulti_server::Options {
        listen: a.listen,
        db: a.db,
        site: a.site,
        away_after: seconds("away-after", a.away_after)?,
        seed: a.seed,
        computer_threads: threads,
        creations_per_minute: a.creations_per_minute as usize,
        connections_per_minute: a.connections_per_minute as usize,
        limit_loopback: a.limit_loopback,
        durability: if a.durability == "os" {
            ulti_server::store::Durability::Os
        } else {
            ulti_server::store::Durability::Disk
        },
        test_deal,
        ping_every: seconds("ping-every", a.ping_every)?,
        send_timeout: seconds("send-timeout", a.send_timeout)?,
        header_timeout: seconds("header-timeout", a.header_timeout)?,
        max_connections: a.max_connections.max(1),
        max_connections_per_address: a.max_connections_per_address.max(1),
        max_spectators: a.max_spectators,
        trusted_proxies: a.trusted_proxies,
        allowed_origins: a.allowed_origins,
        metrics_listen: a.metrics_listen,
        rest_after: seconds("rest-after", a.rest_after)?,
        test_panic: a.test_panic,
        test_max_db_pages: a.test_max_db_pages,
        play_now_wait: seconds("play-now-wait", a.play_now_wait)?,
        daily_deals: a.daily_deals,
    })
    .await;
    if let Err(e) = &result {
        // One line, in words (the log's formatting would only wrap it).
        eprintln!("ulti-server: {e:#}");
        std::process::exit(1);
    }
    Ok(())
}
