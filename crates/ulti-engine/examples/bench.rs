//! A dependency-free solve benchmark, used to compare the native and the wasm build of the
//! engine (`scripts/wasm-bench.sh` runs it natively and under Node's WASI). The main benchmark
//! is `ulti bench` (CLI) and `cargo bench` (criterion).
//!
//! Usage: `bench DEALS_FILE [LIMIT] [CONTRACTS]` — lines `CODE` or `NAME CODE`, `#` comments.
//! Each deal with its own trump, one thread, an empty table per solve, answer only (no line);
//! percentiles over the deals where the contract is playable.

use std::time::Instant;

use ulti_engine::{Bid, Contract, Deal, Query, Solver};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let Some(file) = args.get(1) else {
        eprintln!("usage: bench DEALS_FILE [LIMIT] [CONTRACTS]");
        std::process::exit(2);
    };
    let limit: usize = args
        .get(2)
        .and_then(|s| s.parse().ok())
        .unwrap_or(usize::MAX);
    let contracts: Vec<Contract> = match args.get(3) {
        Some(list) => list
            .split(',')
            .map(|c| c.parse().expect("a contract id"))
            .collect(),
        None => Contract::ALL.to_vec(),
    };
    let text = std::fs::read_to_string(file).expect("a readable deals file");
    let deals: Vec<Deal> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(|l| Deal::parse_code(l.split_whitespace().last().unwrap_or("")).expect("a deal code"))
        .collect();
    let mut solver = Solver::new();
    println!(
        "{:<14} {:>8} {:>9} {:>9} {:>9} {:>9} {:>8} {:>9}",
        "contract", "playable", "median", "p90", "p99", "max", "Mnodes/s", "Mnodes"
    );
    for c in contracts {
        let mut ms = Vec::with_capacity(deals.len());
        let mut nodes = 0u64;
        for &deal in &deals {
            let mut q = Query::new(deal, Bid::single(c));
            q.line = false;
            let t = Instant::now();
            let sol = solver.solve(&q).expect("a legal query");
            let elapsed = t.elapsed().as_secs_f64() * 1e3;
            if sol.playable {
                ms.push(elapsed);
                nodes += sol.nodes;
            }
        }
        if ms.is_empty() {
            println!(
                "{:<14} {:>8}",
                c.id(),
                "0/".to_string() + &deals.len().to_string()
            );
            continue;
        }
        ms.sort_by(f64::total_cmp);
        let pct = |p: f64| ms[((ms.len() - 1) as f64 * p).round() as usize];
        let total: f64 = ms.iter().sum();
        println!(
            "{:<14} {:>8} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>8.1} {:>9.3}",
            c.id(),
            format!("{}/{}", ms.len(), deals.len()),
            pct(0.5),
            pct(0.9),
            pct(0.99),
            pct(1.0),
            nodes as f64 / total / 1e3,
            nodes as f64 / 1e6
        );
    }
}
