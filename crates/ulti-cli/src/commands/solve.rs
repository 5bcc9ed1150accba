//! `ulti solve`: one position.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use ulti_engine::Solver;

use crate::cli::SolveArgs;
use crate::report::{SolveReport, millis};
use crate::{human, input};

/// Solve the position of `args` and print the answer.
pub fn run(args: &SolveArgs, out: &mut impl Write) -> Result<()> {
    let mut q = input::query(
        &args.deal,
        &args.contract,
        args.played.as_deref().unwrap_or(""),
        args.rules.into(),
        args.all_cards,
    )?;
    q.question = args.question.into();
    let mut solver = Solver::new();
    let start = Instant::now();
    let sol = solver.solve(&q)?;
    let elapsed = start.elapsed();
    if args.json {
        serde_json::to_writer(&mut *out, &SolveReport::new(&args.deal, &q, sol, elapsed))?;
        writeln!(out)?;
    } else {
        write!(
            out,
            "{}",
            human::solve(&args.deal, &q, &sol, millis(elapsed))
        )?;
    }
    Ok(())
}
