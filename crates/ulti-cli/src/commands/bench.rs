//! `ulti bench`: solve times over a list of deals.

use std::io::Write;
use std::path::Path;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use ulti_engine::{Bid, Contract, Deal, Query, RuleOptions, Solution, Solver};

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
    clock_ms(libc::CLOCK_THREAD_CPUTIME_ID)
}

/// The CPU time of the whole process (every thread, user and system) in milliseconds.
#[cfg(unix)]
pub(crate) fn process_cpu_ms() -> f64 {
    clock_ms(libc::CLOCK_PROCESS_CPUTIME_ID)
}

/// Clock `id` in milliseconds.
#[cfg(unix)]
fn clock_ms(id: libc::clockid_t) -> f64 {
    let mut ts = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `ts` is a valid, writable timespec; both CPU clocks exist on every unix this
    // builds for.
    let rc = unsafe { libc::clock_gettime(id, &raw mut ts) };
    assert_eq!(rc, 0, "clock_gettime({id}) failed");
    ts.tv_sec as f64 * 1e3 + ts.tv_nsec as f64 / 1e6
}

#[cfg(not(unix))]
pub(crate) fn process_cpu_ms() -> f64 {
    f64::NAN
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

/// One solve to time: a deal and a contract, with the peer's time where a table gives it.
struct Case {
    deal: Deal,
    contract: Contract,
    peer_ms: Option<f64>,
}

/// A tab-separated table with a header naming `deal` and `contract` (and maybe `peer_ms`):
/// `None` when the file is a plain deals list.
fn table_cases(path: &Path) -> Result<Option<Vec<Case>>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read deals file {}", path.display()))?;
    let mut lines = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.starts_with('#'));
    let Some((_, header)) = lines.next() else {
        return Ok(None);
    };
    let names: Vec<&str> = header.split('\t').map(str::trim).collect();
    let col = |n: &str| names.iter().position(|&c| c == n);
    let (Some(deal_col), Some(contract_col)) = (col("deal"), col("contract")) else {
        return Ok(None);
    };
    let peer_col = col("peer_ms");
    let mut cases = Vec::new();
    for (i, line) in lines {
        let at = || format!("{} line {}", path.display(), i + 1);
        let cells: Vec<&str> = line.split('\t').map(str::trim).collect();
        let cell = |c: usize| {
            cells
                .get(c)
                .copied()
                .with_context(|| format!("{}: no column {}", at(), names[c]))
        };
        let deal = Deal::parse_code(cell(deal_col)?).with_context(at)?;
        let contract = cell(contract_col)?.parse().with_context(at)?;
        let peer_ms = match peer_col {
            Some(c) => Some(
                cell(c)?
                    .parse::<f64>()
                    .with_context(|| format!("{}: peer_ms", at()))?,
            ),
            None => None,
        };
        cases.push(Case {
            deal,
            contract,
            peer_ms,
        });
    }
    if cases.is_empty() {
        bail!("deals table {} holds no rows", path.display());
    }
    Ok(Some(cases))
}

/// The cases of a plain deals list: every chosen contract on every deal, contract by contract.
fn list_cases(args: &BenchArgs, path: &Path) -> Result<Vec<Case>> {
    let mut deals = input::deals_file(path)?;
    deals.truncate(args.limit.unwrap_or(usize::MAX));
    let contracts: Vec<Contract> = if args.contracts.is_empty() {
        Contract::ALL.to_vec()
    } else {
        args.contracts
            .iter()
            .map(|c| c.parse())
            .collect::<Result<_, _>>()?
    };
    Ok(contracts
        .into_iter()
        .flat_map(|contract| {
            deals.iter().map(move |&deal| Case {
                deal,
                contract,
                peer_ms: None,
            })
        })
        .collect())
}

/// A solve's answer, for `--per-deal`: the exact points, or won/lost.
fn answer(sol: &Solution) -> String {
    match (sol.playable, sol.soloist_points, sol.soloist_wins) {
        (false, _, _) => "unplayable".into(),
        (true, Some(p), _) => format!("{p}"),
        (true, None, Some(w)) => (if w { "won" } else { "lost" }).into(),
        (true, None, None) => "?".into(),
    }
}

/// Time every chosen contract on every deal of the list.
pub fn run(args: &BenchArgs, out: &mut impl Write) -> Result<()> {
    let path = match &args.deals {
        Some(p) => p.clone(),
        None => input::default_deals_file()?,
    };
    let cases = match table_cases(&path)? {
        Some(mut cases) => {
            if !args.contracts.is_empty() {
                let keep: Vec<Contract> = args
                    .contracts
                    .iter()
                    .map(|c| c.parse())
                    .collect::<Result<_, _>>()?;
                cases.retain(|c| keep.contains(&c.contract));
            }
            cases.truncate(args.limit.unwrap_or(usize::MAX));
            cases
        }
        None => list_cases(args, &path)?,
    };
    let rules: RuleOptions = args.rules.into();
    let deal_count = {
        let mut codes: Vec<String> = cases.iter().map(|c| c.deal.code()).collect();
        codes.sort();
        codes.dedup();
        codes.len()
    };
    writeln!(
        out,
        "{deal_count} deals from {} (each with its own trump); one thread, an empty table per \
         solve, answers only ({}); rules: {}; {} times in ms over the playable deals{}",
        path.display(),
        match args.question {
            QuestionArg::Exact => "point contracts: exact card points",
            QuestionArg::WinLose => "point contracts: win/lose only",
        },
        rules_text(rules),
        match args.clock {
            ClockArg::Wall => "wall-clock",
            ClockArg::Cpu => "thread CPU",
        },
        if args.repeat > 1 {
            format!(", the fastest of {} solves each", args.repeat)
        } else {
            String::new()
        }
    )?;
    if args.per_deal {
        writeln!(
            out,
            "{:<61} {:<14} {:>9} {:>9} {:>10} {:>8}",
            "deal", "contract", "ms", "nodes", "answer", "peer/us"
        )?;
    }
    let origin = Instant::now();
    let mut solver = args
        .table_kib
        .map_or_else(Solver::new, |k| Solver::with_memory(k << 10));
    // Per contract, in order of first appearance: (times, nodes) of the playable deals.
    let mut rows: Vec<(Contract, Vec<f64>, u64, usize)> = Vec::new();
    let mut per_deal: Vec<(String, f64)> = Vec::new();
    let mut all_nodes = 0u64;
    let mut ratios = Vec::new();
    for case in &cases {
        let mut q = Query::new(case.deal, Bid::single(case.contract));
        q.line = false;
        q.question = args.question.into();
        q.rules = rules;
        let mut best = f64::INFINITY;
        let mut sol = None;
        for _ in 0..args.repeat {
            let start = now_ms(args.clock, origin);
            let s = solver.solve(&q)?;
            best = best.min(now_ms(args.clock, origin) - start);
            sol = Some(s);
        }
        let sol = sol.expect("at least one solve");
        let code = case.deal.code();
        match per_deal.iter_mut().find(|(c, _)| *c == code) {
            Some((_, t)) => *t += best,
            None => per_deal.push((code.clone(), best)),
        }
        all_nodes += sol.nodes;
        let at = match rows.iter().position(|r| r.0 == case.contract) {
            Some(i) => i,
            None => {
                rows.push((case.contract, Vec::new(), 0, 0));
                rows.len() - 1
            }
        };
        rows[at].3 += 1;
        if sol.playable {
            rows[at].1.push(best);
            rows[at].2 += sol.nodes;
        }
        if args.per_deal {
            let ratio = case.peer_ms.map(|p| p / best);
            ratios.extend(ratio);
            writeln!(
                out,
                "{code:<61} {:<14} {best:>9.3} {:>9} {:>10} {:>8}",
                case.contract.id(),
                sol.nodes,
                answer(&sol),
                ratio.map_or_else(String::new, |r| format!("{r:.2}")),
            )?;
            #[cfg(feature = "search-stats")]
            stats_line(out, &solver.stats())?;
            out.flush()?;
        }
    }
    writeln!(
        out,
        "{:<14} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9} {:>9}",
        "contract", "playable", "median", "p90", "p99", "max", "Mnodes/s", "Mnodes"
    )?;
    for (c, ms, nodes, n) in rows {
        let count = format!("{}/{n}", ms.len());
        match Stats::of(ms) {
            Some(s) => row(out, c.id(), &count, &s, nodes)?,
            None => writeln!(out, "{:<14} {count:>9}", c.id())?,
        }
    }
    if let Some(s) = Stats::of(per_deal.iter().map(|d| d.1).collect()) {
        writeln!(out, "per deal, the contracts above together:")?;
        row(out, "all", &format!("{}", per_deal.len()), &s, all_nodes)?;
    }
    if let Some(worst) = ratios.iter().copied().reduce(f64::min) {
        writeln!(
            out,
            "peer's time / ours: lowest {worst:.2}, median {:.2} over {} deals",
            Stats::of(ratios.clone()).expect("ratios").median,
            ratios.len()
        )?;
    }
    Ok(())
}

fn rules_text(r: RuleOptions) -> String {
    let mut on = Vec::new();
    if r.must_beat_after_trump {
        on.push("must beat after a trump");
    }
    if r.marriage_needs_trick {
        on.push("a marriage needs a trick");
    }
    if on.is_empty() {
        "default".into()
    } else {
        on.join(", ")
    }
}

/// The search statistics of a solve, under its `--per-deal` line.
#[cfg(feature = "search-stats")]
fn stats_line(out: &mut impl Write, s: &ulti_engine::SearchStats) -> Result<()> {
    let cuts: u64 = s.cut_at.iter().sum();
    let pct = |n: u64, of: u64| {
        if of == 0 {
            0.0
        } else {
            100.0 * n as f64 / of as f64
        }
    };
    writeln!(
        out,
        "    roots {} | boundary {} inner {} | bound cuts {} | table hits {} cuts {} | \
         searched {} cut {:.0}% (1st {:.0}% 2nd {:.0}% 3rd+ {:.0}%) all-tried {} | hint first {} cut {:.0}%",
        s.root_searches,
        s.boundary_nodes,
        s.inner_nodes,
        s.bound_cuts,
        s.tt_hits,
        s.tt_cuts,
        cuts + s.all_tried,
        pct(cuts, cuts + s.all_tried),
        pct(s.cut_at[0], cuts),
        pct(s.cut_at[1], cuts),
        pct(cuts - s.cut_at[0] - s.cut_at[1], cuts),
        s.all_tried,
        s.hinted,
        pct(s.hint_cuts, s.hinted),
    )?;
    writeln!(out, "    by trick {:?}", s.by_trick)?;
    Ok(())
}
