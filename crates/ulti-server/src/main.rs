//! `ulti-server`: live tables of Ulti over HTTP and WebSockets (crates/ulti-server/README.md).

use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use clap::Parser;

/// Live tables: people play whole games of Ulti together (the ulti-table/1 protocol).
#[derive(Parser, Debug)]
#[command(version, about)]
struct Args {
    /// Address to listen on (port 0: a free port, printed at start).
    #[arg(long, default_value = "127.0.0.1:8787")]
    listen: SocketAddr,
    /// The SQLite file holding every table (created on first start).
    #[arg(long, default_value = "ulti-tables.sqlite")]
    db: PathBuf,
    /// Also serve a built app (e.g. dist/) from this directory.
    #[arg(long)]
    site: Option<PathBuf>,
    /// Seconds a person's seat may stay disconnected on its turn before a computer plays it.
    #[arg(long, default_value_t = 60.0)]
    away_after: f64,
    /// Draw the deals and seed the computers from S (reproducible tables).
    #[arg(long)]
    seed: Option<u64>,
    /// When a message counts as stored, before anyone receives it: `disk` (synced, survives a
    /// power loss) or `os` (in the operating system: survives the server's crash, kill -9
    /// included, not the machine's; much less waiting on a busy disk).
    #[arg(long, default_value = "disk", value_parser = ["disk", "os"])]
    durability: String,
    /// Computer threads (default: the number of cores).
    #[arg(long)]
    computer_threads: Option<usize>,
    /// Table creations allowed per address and minute (at least 100).
    #[arg(long, default_value_t = 120, value_parser = clap::value_parser!(u64).range(100..))]
    creations_per_minute: u64,
    /// Connections allowed per address and minute (at least 500).
    #[arg(long, default_value_t = 600, value_parser = clap::value_parser!(u64).range(500..))]
    connections_per_minute: u64,
    /// Apply the rate limits to loopback addresses too (for testing the limits).
    #[arg(long, hide = true)]
    limit_loopback: bool,
    /// Tests only: deal game 1 of every new table as this ulti-game/1 record (dealer 2).
    #[arg(long, hide = true)]
    test_deal: Option<PathBuf>,
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let a = Args::parse();
    if !(a.away_after.is_finite() && a.away_after >= 0.0) {
        anyhow::bail!("--away-after is a number of seconds, 0 or more");
    }
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
    ulti_server::serve(ulti_server::Options {
        listen: a.listen,
        db: a.db,
        site: a.site,
        away_after: Duration::from_secs_f64(a.away_after),
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
    })
    .await
}
