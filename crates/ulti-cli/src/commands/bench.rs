//! `ulti bench`: solve times over a list of deals.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use ulti_engine::{Bid, Contract, Query, Solver};

use crate::cli::{BenchArgs, QuestionArg};
use crate::input;

/// Summary of a list of solve times in milliseconds.
struct Stats {
    median: f64,
    p90: f64,
    p99: f64,
    max: f64,
    total: f64,
}

impl Stats {
    /// Nearest-rank percentiles; `None` for no times.
    fn of(mut ms: Vec<f64>) -> Option<Stats> {
        if ms.is_empty() {
            return None;
        }
        ms.sort_by(f64::total_cmp);
        let pct = |p: f64| ms[((ms.len() - 1) as f64 * p).round() as usize];
        Some(Stats {
            median: pct(0.5),
            p90: pct(0.9),
            p99: pct(0.99),
            max: pct(1.0),
            total: ms.iter().sum(),
        })
    }
}

fn row(out: &mut impl Write, name: &str, count: &str, s: &Stats, nodes: u64) -> Result<()> {
    writeln!(
        out,
        "{name:<14} {count:>9} {:>9.3} {:>9.3} {:>9.3} {:>9.3} {:>9.1} {:>9.3}",
        s.median,
        s.p90,
        s.p99,
        s.max,
        nodes as f64 / s.total / 1e3,
        nodes as f64 / 1e6
    )?;
    Ok(())
}

/// Time every chosen contract on every deal of the list.
pub fn run(args: &BenchArgs, out: &mut impl Write) -> Result<()> {
    let path = match &args.deals {
        Some(p) => p.clone(),
        None => input::default_deals_file()?,
    };
    let mut deals = input::deals_file(&path)?;
    deals.truncate(args.limit.unwrap_or(usize::MAX));
    let contracts: Vec<Contract> = if args.contracts.is_empty() {
        Contract::ALL.to_vec()
    } else {
        args.contracts
            .iter()
            .map(|c| c.parse())
            .collect::<Result<_, _>>()?
    };
    writeln!(
        out,
        "{} deals from {} (each with its own trump); one thread, an empty table per solve, \
         answers only ({}); times in ms over the playable deals",
        deals.len(),
        path.display(),
        match args.question {
            QuestionArg::Exact => "point contracts: exact card points",
            QuestionArg::WinLose => "point contracts: win/lose only",
        }
    )?;
    writeln!(
        out,
        "{:<14} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "contract", "playable", "median", "p90", "p99", "max", "Mnodes/s", "Mnodes"
    )?;
    let mut solver = Solver::new();
    let mut per_deal = vec![0.0f64; deals.len()];
    let mut all_nodes = 0u64;
    for c in contracts {
        let mut ms = Vec::with_capacity(deals.len());
        let mut nodes = 0u64;
        for (d, &deal) in deals.iter().enumerate() {
            let mut q = Query::new(deal, Bid::single(c));
            q.line = false;
            q.question = args.question.into();
            let start = Instant::now();
            let sol = solver.solve(&q)?;
            let elapsed = start.elapsed().as_secs_f64() * 1e3;
            per_deal[d] += elapsed;
            all_nodes += sol.nodes;
            if sol.playable {
                ms.push(elapsed);
                nodes += sol.nodes;
            }
        }
        let count = format!("{}/{}", ms.len(), deals.len());
        match Stats::of(ms) {
            Some(s) => row(out, c.id(), &count, &s, nodes)?,
            None => writeln!(out, "{:<14} {count:>9}", c.id())?,
        }
        out.flush()?;
    }
    if let Some(s) = Stats::of(per_deal) {
        writeln!(out, "per deal, the contracts above together:")?;
        row(out, "all", &format!("{}", deals.len()), &s, all_nodes)?;
    }
    Ok(())
}
