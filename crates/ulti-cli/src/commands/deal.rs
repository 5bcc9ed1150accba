//! `ulti table` and `ulti bids`: a whole deal at the start of play.

use std::io::Write;
use std::time::Instant;

use anyhow::Result;
use ulti_engine::{RuleOptions, Solver, best_bid, bids, table_cell, table_slots};

use crate::cli::DealArgs;
use crate::report::{BidReport, CellReport, DealReport, millis};
use crate::{human, input};

/// Every contract under every trump, then the bid values (`with_cells`), or the bid values
/// only.
pub fn run(args: &DealArgs, with_cells: bool, out: &mut impl Write) -> Result<()> {
    let deal = input::deal(&args.deal)?;
    let rules: RuleOptions = args.rules.into();
    let mut solver = Solver::new();
    let start = Instant::now();
    let mut cells = Vec::new();
    let mut cell_reports = Vec::new();
    if with_cells {
        for (contract, trump) in table_slots() {
            let t = Instant::now();
            let cell = table_cell(&mut solver, &deal, contract, trump, rules, false);
            cell_reports.push(CellReport::new(cell.clone(), t.elapsed()));
            cells.push(cell);
        }
    }
    let values = bids(&mut solver, &deal, rules);
    let elapsed = start.elapsed();
    if args.json {
        let report = DealReport {
            deal: args.deal.trim().to_string(),
            rules,
            cells: with_cells.then_some(cell_reports),
            bids: values.iter().map(BidReport::from).collect(),
            best_bid: best_bid(&values).map(|b| b.announcement.id()),
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else if with_cells {
        write!(
            out,
            "{}",
            human::table(&args.deal, &deal, &cells, &values, millis(elapsed))
        )?;
    } else {
        writeln!(out, "Deal:      {}", args.deal.trim())?;
        write!(out, "{}", human::bid_list(&values))?;
        writeln!(out, "Solved in {:.1} ms", millis(elapsed))?;
    }
    Ok(())
}
