//! `ulti puzzles generate | verify | calibrate`: puzzles the solver can prove
//! (`ulti_engine::puzzles`).

use std::cell::RefCell;
use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use serde::Serialize;
use ulti_engine::players::{Level, player};
use ulti_engine::puzzles::calibrate::{BandShare, Try, attempt, sample, shares};
use ulti_engine::puzzles::generate::{Collector, Examined, Tally, examine_range};
use ulti_engine::puzzles::record::{PuzzleRecord, file_text, parse_file};
use ulti_engine::puzzles::source::RULE_SETS;
use ulti_engine::puzzles::verify::verify;
use ulti_engine::puzzles::{Band, calibrate};
use ulti_engine::{RuleOptions, Solver};

use crate::cli::{PuzzleCalibrateArgs, PuzzleGenerateArgs, PuzzleVerifyArgs};
use crate::progress;

thread_local! {
    /// One solver per worker thread, reused for every candidate it examines.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Candidates one task examines (a thread's piece of a round; the Python package's Ray tasks
/// take their own sizes, with the same result).
pub const CHUNK: u64 = 8;

/// The rule sets named by `--rules` values (`default`, or house-rule ids); the two default
/// sets when none is given.
///
/// # Errors
/// An unknown rule id.
pub fn rule_sets(values: &[String]) -> Result<Vec<RuleOptions>> {
    if values.is_empty() {
        return Ok(RULE_SETS.to_vec());
    }
    values
        .iter()
        .map(|v| {
            if v.trim() == "default" {
                Ok(RuleOptions::default())
            } else {
                RuleOptions::from_ids(v).with_context(|| format!("--rules {v:?}"))
            }
        })
        .collect()
}

/// Examine candidates `range` of the run with this thread's solver.
#[must_use]
pub fn examine(seed: u64, range: std::ops::Range<u64>, rules: &[RuleOptions]) -> Vec<Examined> {
    SOLVER.with_borrow_mut(|s| examine_range(s, seed, range, rules))
}

/// Run candidates on `pool` in rounds of one chunk per thread (twice over) until `count`
/// puzzles are kept; `tick` sees the collector after each round.
///
/// # Errors
/// None yet: the signature leaves room for a cancelled run.
pub fn generate(
    pool: &rayon::ThreadPool,
    count: usize,
    seed: u64,
    rules: &[RuleOptions],
    mut tick: impl FnMut(&Collector),
) -> Result<Collector> {
    let mut c = Collector::new(count);
    let width = 2 * pool.current_num_threads() as u64;
    while !c.done() {
        let start = c.next_index();
        let rounds: Vec<Vec<Examined>> = pool.install(|| {
            (0..width)
                .into_par_iter()
                .map(|k| {
                    let from = start + k * CHUNK;
                    examine(seed, from..from + CHUNK, rules)
                })
                .collect()
        });
        for e in rounds.into_iter().flatten() {
            c.push(e);
        }
        tick(&c);
    }
    Ok(c)
}

/// The summary `ulti puzzles generate` prints.
#[derive(Debug, Serialize)]
pub struct GenerateReport {
    /// Puzzles asked for.
    pub count: usize,
    /// The seed.
    pub seed: u64,
    /// The rule sets, as `rules=` ids.
    pub rules: Vec<String>,
    /// Positions judged per puzzle kept.
    pub positions_per_puzzle: f64,
    /// Wall-clock seconds.
    pub seconds: f64,
    /// The tally.
    pub tally: Tally,
}

impl GenerateReport {
    /// The report of a finished run.
    #[must_use]
    pub fn new(c: &Collector, count: usize, seed: u64, rules: &[RuleOptions], secs: f64) -> Self {
        let t = c.tally().clone();
        GenerateReport {
            count,
            seed,
            rules: rules.iter().map(|r| r.ids()).collect(),
            positions_per_puzzle: t.positions as f64 / (t.kept.max(1) as f64),
            seconds: (secs * 10.0).round() / 10.0,
            tally: t,
        }
    }
}

/// `ulti puzzles generate`.
///
/// # Errors
/// Bad rule ids, or the file cannot be written.
pub fn run_generate(args: &PuzzleGenerateArgs, out: &mut impl Write) -> Result<()> {
    let rules = rule_sets(&args.rules)?;
    let pool = progress::thread_pool(args.threads)?;
    let bar = progress::bar(args.count as u64, "puzzles");
    let started = Instant::now();
    let c = generate(&pool, args.count, args.seed, &rules, |c| {
        bar.set_position(c.records().len() as u64);
    })?;
    bar.finish_and_clear();
    let report = GenerateReport::new(
        &c,
        args.count,
        args.seed,
        &rules,
        started.elapsed().as_secs_f64(),
    );
    let text = file_text(c.records());
    let summary = serde_json::to_string(&report)?;
    if args.out.as_os_str() == "-" {
        out.write_all(text.as_bytes())?;
        eprintln!("{summary}");
    } else {
        std::fs::write(&args.out, text)
            .with_context(|| format!("cannot write {}", args.out.display()))?;
        writeln!(out, "{summary}")?;
    }
    Ok(())
}

/// Read a puzzle file.
///
/// # Errors
/// An unreadable file, or text that is not a JSON array of puzzle records.
pub fn read_file(path: &std::path::Path) -> Result<Vec<PuzzleRecord>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read puzzle file {}", path.display()))?;
    parse_file(&text).with_context(|| format!("{} is not a puzzle file", path.display()))
}

/// `ulti puzzles verify`: `Ok(false)` when a puzzle fails (each failure is printed).
///
/// # Errors
/// An unreadable file.
pub fn run_verify(args: &PuzzleVerifyArgs, out: &mut impl Write) -> Result<bool> {
    let records = read_file(&args.file)?;
    let chosen: Vec<&PuzzleRecord> = match args.sample {
        Some(k) => sample(&records, k, args.seed),
        None => records.iter().collect(),
    };
    let pool = progress::thread_pool(args.threads)?;
    let bar = progress::bar(chosen.len() as u64, "puzzles");
    let deep = args.deep;
    let results: Vec<Result<(), String>> = pool.install(|| {
        chosen
            .par_iter()
            .map(|r| {
                let res = SOLVER.with_borrow_mut(|s| verify(s, r, deep));
                bar.inc(1);
                res.map_err(|e| e.to_string())
            })
            .collect()
    });
    bar.finish_and_clear();
    let mut failed = 0;
    for e in results.iter().filter_map(|r| r.as_ref().err()) {
        failed += 1;
        writeln!(out, "FAIL {e}")?;
    }
    writeln!(
        out,
        "checked {} of {} puzzles{}: {failed} failed",
        chosen.len(),
        records.len(),
        if deep { " (deep)" } else { "" }
    )?;
    Ok(failed == 0)
}

/// What `ulti puzzles calibrate` prints.
#[derive(Debug, Serialize)]
pub struct CalibrateReport {
    /// The player's level.
    pub level: Level,
    /// The seed.
    pub seed: u64,
    /// Per band: its difficulties, tried, solved and the share solved.
    pub bands: Vec<BandRow>,
    /// Every try.
    pub tries: Vec<Try>,
}

/// One band of [`CalibrateReport`].
#[derive(Debug, Serialize)]
pub struct BandRow {
    /// The band.
    pub band: Band,
    /// Its difficulties.
    pub range: &'static str,
    /// Tries and solves.
    #[serde(flatten)]
    pub share: BandShare,
    /// Solved / tried (0 when none was tried).
    pub solved_share: f64,
}

/// `ulti puzzles calibrate`.
///
/// # Errors
/// An unreadable file, an unknown level, or a player that cannot decide.
pub fn run_calibrate(args: &PuzzleCalibrateArgs, out: &mut impl Write) -> Result<()> {
    let level: Level = args.level.parse()?;
    let records = read_file(&args.file)?;
    let chosen = sample(&records, args.count, args.seed);
    if chosen.is_empty() {
        bail!("{} holds no puzzles", args.file.display());
    }
    let pool = progress::thread_pool(args.threads)?;
    let bar = progress::bar(chosen.len() as u64, "puzzles");
    let seed = args.seed;
    let tries: Vec<Try> = pool.install(|| {
        chosen
            .par_iter()
            .map(|r| {
                let mut p = player(level, seed);
                let t = attempt(p.as_mut(), r);
                bar.inc(1);
                t
            })
            .collect::<Result<Vec<Try>, calibrate::TryError>>()
    })?;
    bar.finish_and_clear();
    let bands = shares(&tries)
        .into_iter()
        .map(|(band, share)| BandRow {
            band,
            range: band.range(),
            solved_share: if share.tried == 0 {
                0.0
            } else {
                (f64::from(share.solved) / f64::from(share.tried) * 1000.0).round() / 1000.0
            },
            share,
        })
        .collect();
    let report = CalibrateReport {
        level,
        seed,
        bands,
        tries,
    };
    serde_json::to_writer(&mut *out, &report)?;
    writeln!(out)?;
    Ok(())
}
