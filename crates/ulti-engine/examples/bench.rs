//! A dependency-free solve benchmark, used to compare the native and the wasm build of the
//! engine (`scripts/wasm-bench.sh` runs it natively and under Node's WASI). The main benchmark
//! is `ulti bench` (CLI) and `cargo bench` (criterion).
//!
//! Usage: `bench DEALS_FILE [LIMIT] [CONTRACTS]` — lines `CODE` or `NAME CODE`, `#` comments.
//! Each deal with its own trump, one thread, an empty table per solve, answer only (no line);
//! percentiles over the deals where the contract is playable.
//!
//! `bench --splits N DEALS_FILE [HANDS]`: the workload of hidden-hand advice. For each of the
//! first HANDS deals (default 3), the soloist's hand and the talon stay; the other 20 cards are
//! split between the defenders N times at random (seeded), and every split is solved for every
//! standard bid (payoff, no line). Prints solves per second on one thread and per-split times.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use ulti_engine::{Bid, Card, CardSet, Contract, Deal, Query, Solver, standard_announcements};

fn read_deals(file: &str, limit: usize) -> Vec<Deal> {
    let text = std::fs::read_to_string(file).expect("a readable deals file");
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(limit)
        .map(|l| Deal::parse_code(l.split_whitespace().last().unwrap_or("")).expect("a deal code"))
        .collect()
}

/// `deal` with the defenders' 20 cards split anew (the soloist's hand and the talon kept).
fn resplit(deal: &Deal, rng: &mut ChaCha8Rng) -> Deal {
    let [solo, d1, d2] = deal.hands();
    let mut hidden: Vec<Card> = d1.iter().chain(d2.iter()).collect();
    hidden.shuffle(rng);
    let a: CardSet = hidden[..10].iter().copied().collect();
    let b: CardSet = hidden[10..].iter().copied().collect();
    Deal::new(deal.trump, [solo, a, b]).expect("a split keeps ten cards a hand")
}

fn splits(n: usize, file: &str, hands: usize) {
    let deals = read_deals(file, hands);
    let bids = standard_announcements();
    let mut solver = Solver::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let (mut solves, mut nodes, mut total) = (0u64, 0u64, 0.0f64);
    let mut per_split = Vec::with_capacity(n * deals.len());
    for deal in &deals {
        for _ in 0..n {
            let split = resplit(deal, &mut rng);
            let t = Instant::now();
            for a in &bids {
                let d = a.trump.map_or(split, |t| split.with_trump(t));
                let mut q = Query::new(d, a.bid.clone());
                q.scoring = a.scoring;
                q.payoff = true;
                q.line = false;
                let sol = solver.solve(&q).expect("a legal query");
                if sol.playable {
                    solves += 1;
                    nodes += sol.nodes;
                }
            }
            let ms = t.elapsed().as_secs_f64() * 1e3;
            total += ms;
            per_split.push(ms);
        }
    }
    per_split.sort_by(f64::total_cmp);
    let pct = |p: f64| per_split[((per_split.len() - 1) as f64 * p).round() as usize];
    println!(
        "{} hands x {n} splits x {} standard bids (payoff, no line), one thread",
        deals.len(),
        bids.len()
    );
    println!(
        "{solves} playable solves in {:.0} ms: {:.0} solves/s, {:.2} Mnodes; per split (all bids) \
         median {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        total,
        solves as f64 / total * 1e3,
        nodes as f64 / 1e6,
        pct(0.5),
        pct(0.99),
        pct(1.0)
    );
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--splits") {
        let n = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(1000);
        let file = args
            .get(3)
            .expect("usage: bench --splits N DEALS_FILE [HANDS]");
        let hands = args.get(4).and_then(|s| s.parse().ok()).unwrap_or(3);
        splits(n, file, hands);
        return;
    }
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
    let deals = read_deals(file, limit);
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
