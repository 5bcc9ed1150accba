//! `ulti bench`: solve times over a list of deals.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use ulti_engine::{Bid, Contract, Query, Solver};

use crate::cli::{BenchArgs, ClockArg, QuestionArg};

/// Milliseconds on `clock` from an arbitrary origin.
fn now_ms(clock: ClockArg, origin: Instant) -> f64 {
    match clock {
        ClockArg::Wall => origin.elapsed().as_secs_f64() * 1e3,
        ClockArg::Cpu => thread_cpu_ms(),
    }
}

/// The calling thread's CPU time in milliseconds (also used by `ulti match`).
#[cfg(unix)]
pub(crate) fn thread_cpu_ms() -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; CLOCK_THREAD_CPUTIME_ID exists on every unix
    // this builds for.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &raw mut ts) };
    assert_eq!(rc, 0, "clock_gettime(CLOCK_THREAD_CPUTIME_ID) failed");
    ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6
}

#[cfg(not(unix))]
pub(crate) fn thread_cpu_ms() -> f64 {
    panic!("--clock cpu needs a unix thread CPU clock")
}
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
         answers only ({}); {} times in ms over the playable deals",
        deals.len(),
        path.display(),
        match args.question {
            QuestionArg::Exact => "point contracts: exact card points",
            QuestionArg::WinLose => "point contracts: win/lose only",
        },
        match args.clock {
            ClockArg::Wall => "wall-clock",
            ClockArg::Cpu => "thread CPU",
        }
    )?;
    writeln!(
        out,
        "{:<14} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "contract", "playable", "median", "p90", "p99", "max", "Mnodes/s", "Mnodes"
    )?;
    let origin = Instant::now();
    let mut solver = args
        .table_kib
        .map_or_else(Solver::new, |k| Solver::with_memory(k << 10));
    let mut per_deal = vec![0.0f64; deals.len()];
    let mut all_nodes = 0u64;
    for c in contracts {
        let mut ms = Vec::with_capacity(deals.len());
        let mut nodes = 0u64;
        for (d, &deal) in deals.iter().enumerate() {
            let mut q = Query::new(deal, Bid::single(c));
            q.line = false;
            q.question = args.question.into();
            let start = now_ms(args.clock, origin);
            let sol = solver.solve(&q)?;
            let elapsed = now_ms(args.clock, origin) - start;
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
