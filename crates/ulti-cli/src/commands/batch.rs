//! `ulti batch`: many positions in parallel, one JSON object per input line, in input order.

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use serde::Serialize;
use ulti_engine::{RuleOptions, Solver};

use crate::cli::BatchArgs;
use crate::input;
use crate::progress;
use crate::report::SolveReport;

thread_local! {
    /// One solver (and transposition table) per worker thread, reused for every line it
    /// solves; every solve starts from an empty table anyway (generation tag).
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// What is printed for one input line.
#[derive(Debug, Serialize)]
#[serde(untagged)]
pub enum Answer {
    /// The solve, as `ulti solve --json` prints it, with the input line number.
    Solved {
        /// The input line number (1-based).
        input_line: usize,
        /// The solve.
        #[serde(flatten)]
        report: Box<SolveReport>,
    },
    /// A line that could not be solved, and why.
    Failed {
        /// The input line number (1-based).
        input_line: usize,
        /// Why, in one line.
        error: String,
    },
}

/// The answer to input line number `n` (1-based), whose text is `line`: what `ulti batch`
/// prints for it (the Python package's bulk runs print the same).
#[must_use]
pub fn answer(n: usize, line: &str, rules: RuleOptions, all_cards: bool) -> Answer {
    match solve_line(line, rules, all_cards) {
        Ok(report) => Answer::Solved {
            input_line: n,
            report: Box::new(report),
        },
        Err(e) => Answer::Failed {
            input_line: n,
            error: format!("{e:#}"),
        },
    }
}

/// Solve one input line `CODE CONTRACT [PLAYED]`.
fn solve_line(text: &str, rules: RuleOptions, all_cards: bool) -> Result<SolveReport> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let [code, contract, played @ ..] = words.as_slice() else {
        bail!("expected `CODE CONTRACT [PLAYED]`, found {:?}", text);
    };
    let q = input::query(code, contract, &played.join(","), rules, all_cards)?;
    SOLVER.with_borrow_mut(|solver| {
        let start = Instant::now();
        let sol = solver.solve(&q)?;
        Ok(SolveReport::new(code, &q, sol, start.elapsed()))
    })
}

/// Run the batch; `Ok(false)` when some line failed (its error object was printed).
pub fn run(args: &BatchArgs, out: &mut impl Write) -> Result<bool> {
    let text = match &args.file {
        Some(path) => std::fs::read_to_string(path)
            .with_context(|| format!("cannot read batch file {}", path.display()))?,
        None => {
            let mut s = String::new();
            std::io::stdin()
                .read_to_string(&mut s)
                .context("cannot read standard input")?;
            s
        }
    };
    let jobs: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l.trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('#'))
        .collect();
    let rules: RuleOptions = args.rules.into();
    let pool = progress::thread_pool(args.threads)?;
    let bar = progress::bar(jobs.len() as u64, "positions");
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(usize, Answer)>();
    let mut all_ok = true;
    std::thread::scope(|scope| -> Result<()> {
        let (jobs, stop) = (&jobs, &stop);
        scope.spawn(move || {
            let tx = tx;
            pool.install(|| {
                jobs.par_iter().enumerate().for_each(|(i, &(n, line))| {
                    if stop.load(Ordering::Relaxed) {
                        return;
                    }
                    let answer = answer(n, line, rules, args.all_cards);
                    // The receiver is gone only when output failed; `stop` ends the rest.
                    let _ = tx.send((i, answer));
                });
            });
        });
        // Print in input order as the answers come in.
        let mut pending = BTreeMap::new();
        let mut next = 0;
        let printed = (|| -> Result<()> {
            for (i, answer) in &rx {
                pending.insert(i, answer);
                while let Some(answer) = pending.remove(&next) {
                    all_ok &= matches!(answer, Answer::Solved { .. });
                    bar.suspend(|| -> Result<()> {
                        serde_json::to_writer(&mut *out, &answer)?;
                        writeln!(out)?;
                        // Stream: a consumer sees each answer as soon as it is in order.
                        out.flush()?;
                        Ok(())
                    })?;
                    next += 1;
                }
                bar.inc(1);
            }
            Ok(())
        })();
        if printed.is_err() {
            stop.store(true, Ordering::Relaxed);
        }
        printed
    })?;
    bar.finish_and_clear();
    out.flush()?;
    Ok(all_ok)
}
