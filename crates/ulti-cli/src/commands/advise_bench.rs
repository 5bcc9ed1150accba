//! `ulti advise-bench`: how long the bid advice takes to answer. Seeded random twelve-card
//! hands (hand `i` of seed `S` is the soloist's twelve cards of `ulti advise-eval`'s deal `i`,
//! advised with seed `S + i`), each raced exactly as `ulti advise --hand … --seed …` races it,
//! timed batch by batch: the median, p90, p99 and max answer time, and the slowest hands with
//! their time split by stage.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, bail};
use serde::Serialize;
use ulti_engine::RuleOptions;
use ulti_engine::advise::{BidRace, Stage};

use crate::cli::AdviseBenchArgs;
use crate::commands::advise::Parallel;
use crate::commands::advise_eval;
use crate::commands::bench::process_cpu_ms;
use crate::progress;
use crate::report::millis;

/// The time and work of one stage of one hand's race.
#[derive(Clone, Copy, Debug, Default, Serialize)]
struct Part {
    /// Wall milliseconds of its batches (handing out, solving and feeding back).
    ms: f64,
    batches: u32,
    /// Distinct tasks (samples solved).
    tasks: u32,
    /// The tasks' solving time summed over the threads.
    busy_ms: f64,
}

impl Part {
    fn add(&mut self, ms: f64, times: &[f64]) {
        self.ms += ms;
        self.busy_ms += times.iter().sum::<f64>();
        self.batches += 1;
        self.tasks += times.len() as u32;
    }
}

/// One hand's answer time.
#[derive(Debug, Serialize)]
struct Timed {
    /// The hand's index in the run.
    index: u64,
    /// `ulti advise --hand` of this hand.
    hand: String,
    /// `ulti advise --seed` of this hand.
    seed: u64,
    /// The whole answer, wall milliseconds.
    ms: f64,
    /// Its CPU time over every thread (not inflated on a busy machine).
    cpu_ms: f64,
    /// The race's set-up (a sampler per discard).
    setup_ms: f64,
    /// The rounds of the schedule: their new samples of the discards still racing.
    rounds: Part,
    /// The batches that solve open payoffs a decision depends on.
    resolve: Part,
    /// The fresh samples of the ranked rows.
    confirm: Part,
    /// The share of the threads' time spent solving (the rest waits for a batch's last
    /// task, or hands out and feeds back).
    busy: f64,
    /// The ranked rows (bids with a discard).
    rows: usize,
    /// The longest single task, milliseconds on one thread.
    longest_task_ms: f64,
    /// The stage of the longest task.
    longest_task_stage: &'static str,
}

/// `ulti advise-bench --json`.
#[derive(Debug, Serialize)]
struct BenchReport {
    hands: u64,
    seed: u64,
    threads: usize,
    samples: u32,
    confirm: u32,
    rest: u32,
    median_ms: f64,
    p90_ms: f64,
    p99_ms: f64,
    max_ms: f64,
    mean_ms: f64,
    /// The CPU time over every thread per hand: median, p99, max.
    cpu_median_ms: f64,
    cpu_p99_ms: f64,
    cpu_max_ms: f64,
    /// Hands over a second.
    over_1s: usize,
    /// The slowest hands, slowest first.
    slowest: Vec<Timed>,
}

fn stage_name(s: Stage) -> &'static str {
    match s {
        Stage::Start => "start",
        Stage::Round(_) => "rounds",
        Stage::Resolve => "resolve",
        Stage::Confirm => "confirm",
    }
}

/// Race hand `index` of the run on `exec`, timed.
fn time_hand(
    args: &AdviseBenchArgs,
    rules: RuleOptions,
    index: u64,
    exec: &mut Parallel,
) -> Result<Timed> {
    let (_, twelve, opts) = advise_eval::hand(
        args.seed,
        index,
        (args.samples, args.confirm, args.rest),
        rules,
    );
    let start = Instant::now();
    let cpu_start = process_cpu_ms();
    // What `advise_bid` does, batch by batch.
    let mut race = BidRace::new(twelve, &opts)?;
    let setup_ms = millis(start.elapsed());
    let (mut rounds, mut resolve, mut confirm) =
        (Part::default(), Part::default(), Part::default());
    let mut longest = (0.0, Stage::Start);
    loop {
        let t = Instant::now();
        let Some(tasks) = race.next_batch()? else {
            break;
        };
        let (results, times) = exec.run_timed(&tasks);
        race.feed(0, results);
        let ms = millis(t.elapsed());
        let stage = race.stage();
        if let Some(&m) = times.iter().max_by(|a, b| a.total_cmp(b))
            && m > longest.0
        {
            longest = (m, stage);
        }
        match stage {
            Stage::Round(_) | Stage::Start => rounds.add(ms, &times),
            Stage::Resolve => resolve.add(ms, &times),
            Stage::Confirm => confirm.add(ms, &times),
        }
    }
    let advice = race.finish();
    let threads = exec.threads() as f64;
    let busy =
        (rounds.busy_ms + resolve.busy_ms + confirm.busy_ms) / (threads * millis(start.elapsed()));
    let ms = millis(start.elapsed());
    let cpu_ms = process_cpu_ms() - cpu_start;
    let hand: Vec<String> = twelve.iter().map(|c| c.to_string()).collect();
    Ok(Timed {
        index,
        hand: hand.join(","),
        seed: opts.seed,
        ms,
        cpu_ms,
        setup_ms,
        rounds,
        resolve,
        confirm,
        busy,
        rows: advice.bids.len(),
        longest_task_ms: longest.0,
        longest_task_stage: stage_name(longest.1),
    })
}

/// Nearest-rank percentile `p` of sorted `ms`.
fn pct(ms: &[f64], p: f64) -> f64 {
    ms[((ms.len() - 1) as f64 * p).round() as usize]
}

/// Run `ulti advise-bench`.
pub fn run(args: &AdviseBenchArgs, out: &mut impl Write) -> Result<()> {
    if args.hands == 0 {
        bail!("--hands must be at least 1");
    }
    let rules: RuleOptions = args.rules.into();
    let mut exec = Parallel::new(args.threads, true)?;
    let bar = progress::bar(args.hands, "hands");
    let mut timed = Vec::new();
    for i in 0..args.hands {
        timed.push(time_hand(args, rules, i, &mut exec)?);
        bar.inc(1);
    }
    bar.finish_and_clear();
    let mut ms: Vec<f64> = timed.iter().map(|t| t.ms).collect();
    ms.sort_by(f64::total_cmp);
    let mut cpu: Vec<f64> = timed.iter().map(|t| t.cpu_ms).collect();
    cpu.sort_by(f64::total_cmp);
    timed.sort_by(|a, b| b.ms.total_cmp(&a.ms));
    let n = timed.len() as f64;
    let report = BenchReport {
        hands: args.hands,
        seed: args.seed,
        threads: exec.threads(),
        samples: args.samples,
        confirm: args.confirm,
        rest: args.rest,
        median_ms: pct(&ms, 0.5),
        p90_ms: pct(&ms, 0.9),
        p99_ms: pct(&ms, 0.99),
        max_ms: pct(&ms, 1.0),
        mean_ms: ms.iter().sum::<f64>() / n,
        cpu_median_ms: pct(&cpu, 0.5),
        cpu_p99_ms: pct(&cpu, 0.99),
        cpu_max_ms: pct(&cpu, 1.0),
        over_1s: ms.iter().filter(|&&m| m > 1000.0).count(),
        slowest: Vec::new(),
    };
    let mean = |f: fn(&Timed) -> f64| timed.iter().map(f).sum::<f64>() / n;
    let split = [
        ("set-up", mean(|t| t.setup_ms), 0.0),
        (
            "rounds",
            mean(|t| t.rounds.ms),
            mean(|t| f64::from(t.rounds.tasks)),
        ),
        (
            "resolve",
            mean(|t| t.resolve.ms),
            mean(|t| f64::from(t.resolve.tasks)),
        ),
        (
            "confirm",
            mean(|t| t.confirm.ms),
            mean(|t| f64::from(t.confirm.tasks)),
        ),
    ];
    let busy = mean(|t| t.busy);
    timed.truncate(args.slowest);
    let report = BenchReport {
        slowest: timed,
        ..report
    };
    if args.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "{} hands, seed {}, {} thread(s), samples {}, confirm {}, rest {}",
        report.hands, report.seed, report.threads, report.samples, report.confirm, report.rest
    )?;
    writeln!(
        out,
        "answer ms: median {:.1}, p90 {:.1}, p99 {:.1}, max {:.1}, mean {:.1}; over 1 s: {}",
        report.median_ms,
        report.p90_ms,
        report.p99_ms,
        report.max_ms,
        report.mean_ms,
        report.over_1s
    )?;
    writeln!(
        out,
        "CPU ms over both threads: median {:.1}, p99 {:.1}, max {:.1}",
        report.cpu_median_ms, report.cpu_p99_ms, report.cpu_max_ms
    )?;
    let parts: Vec<String> = split
        .iter()
        .map(|(name, ms, tasks)| {
            if *tasks > 0.0 {
                format!("{name} {ms:.1} ms ({tasks:.0} tasks)")
            } else {
                format!("{name} {ms:.1} ms")
            }
        })
        .collect();
    writeln!(
        out,
        "mean per hand: {}; threads busy {:.0} %",
        parts.join(", "),
        100.0 * busy
    )?;
    writeln!(
        out,
        "{:>8} {:>7} {:>6} {:>14} {:>18} {:>14} {:>4} {:>5} {:>16}  seed hand",
        "ms",
        "cpu ms",
        "setup",
        "rounds (tasks)",
        "resolve (b/tasks)",
        "confirm (t)",
        "rows",
        "busy",
        "longest task"
    )?;
    for t in &report.slowest {
        writeln!(
            out,
            "{:>8.1} {:>7.1} {:>6.1} {:>8.1} ({:>4}) {:>8.1} ({:>2}/{:>4}) {:>7.1} ({:>4}) {:>4} {:>4.0}% {:>7.1} {:<8}  {} {}",
            t.ms,
            t.cpu_ms,
            t.setup_ms,
            t.rounds.ms,
            t.rounds.tasks,
            t.resolve.ms,
            t.resolve.batches,
            t.resolve.tasks,
            t.confirm.ms,
            t.confirm.tasks,
            t.rows,
            100.0 * t.busy,
            t.longest_task_ms,
            t.longest_task_stage,
            t.seed,
            t.hand
        )?;
    }
    Ok(())
}
