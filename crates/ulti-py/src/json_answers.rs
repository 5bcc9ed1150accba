//! The CLI's commands whose answers are JSON texts: bids and the table, a batch line, the
//! advice, the advisor's evaluation, matches and the replay of a game record.

use std::time::Instant;

use anyhow::Result;
use pyo3::prelude::*;
use ulti_cli::cli::{AdviseArgs, AdviseEvalArgs, MatchArgs, TableFlags};
use ulti_cli::commands;
use ulti_cli::input;
use ulti_cli::report::{BidReport, CellReport, DealReport};
use ulti_engine::{RuleOptions, best_bid, bids, table_cell, table_slots};

use crate::{SOLVER, command_json, flags, json, py_err, rules};

/// `ulti bids --json` (`with_cells` false) or `ulti table --json` for the deal code `code`,
/// one line without the newline, on this thread's solver.
fn deal_json(code: &str, rules: RuleOptions, with_cells: bool) -> Result<String> {
    let deal = input::deal(code)?;
    SOLVER.with_borrow_mut(|solver| {
        let cells = with_cells.then(|| {
            table_slots()
                .into_iter()
                .map(|(contract, trump)| {
                    let t = Instant::now();
                    let cell = table_cell(solver, &deal, contract, trump, rules, false);
                    CellReport::new(cell, t.elapsed())
                })
                .collect()
        });
        let values = bids(solver, &deal, rules);
        Ok(json(&DealReport {
            deal: code.trim().to_string(),
            rules,
            cells,
            bids: values.iter().map(BidReport::from).collect(),
            best_bid: best_bid(&values).map(|b| b.announcement.id()),
        }))
    })
}

/// `ulti bids --deal CODE --json`, exactly (one line, no newline).
#[pyfunction]
#[pyo3(signature = (code, must_beat_after_trump=false, marriage_needs_trick=false))]
pub(crate) fn bids_json(
    py: Python<'_>,
    code: &str,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
) -> PyResult<String> {
    let rules = rules(must_beat_after_trump, marriage_needs_trick);
    py.detach(|| deal_json(code, rules, false))
        .map_err(|e| py_err(&e))
}

/// `ulti table --deal CODE --json` (one line, no newline).
#[pyfunction]
#[pyo3(signature = (code, must_beat_after_trump=false, marriage_needs_trick=false))]
pub(crate) fn table_json(
    py: Python<'_>,
    code: &str,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
) -> PyResult<String> {
    let rules = rules(must_beat_after_trump, marriage_needs_trick);
    py.detach(|| deal_json(code, rules, true))
        .map_err(|e| py_err(&e))
}

/// What `ulti batch` prints for input line number `n` (1-based) whose text is `line`:
/// `(json, solved)`.
#[pyfunction]
#[pyo3(signature = (n, line, all_cards=false, must_beat_after_trump=false, marriage_needs_trick=false))]
pub(crate) fn batch_line(
    py: Python<'_>,
    n: usize,
    line: &str,
    all_cards: bool,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
) -> (String, bool) {
    let rules = rules(must_beat_after_trump, marriage_needs_trick);
    py.detach(|| {
        let answer = commands::batch::answer(n, line.trim(), rules, all_cards);
        let ok = matches!(answer, commands::batch::Answer::Solved { .. });
        (json(&answer), ok)
    })
}

/// `ulti advise --hand CARDS --json` (one line).
#[pyfunction]
#[pyo3(signature = (cards, samples=32, seed=1, confirm=32, threads=None, must_beat_after_trump=false, marriage_needs_trick=false, rest=16))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn advise_hand_json(
    py: Python<'_>,
    cards: &str,
    samples: u32,
    seed: u64,
    confirm: u32,
    threads: Option<usize>,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
    rest: u32,
) -> PyResult<String> {
    let args = AdviseArgs {
        hand: Some(cards.to_string()),
        deal: None,
        contract: None,
        played: None,
        seat: None,
        samples: Some(samples),
        confirm,
        rest,
        no_points: false,
        seed,
        threads: threads.and_then(std::num::NonZeroUsize::new),
        json: true,
        rules: flags(rules(must_beat_after_trump, marriage_needs_trick)),
    };
    py.detach(|| command_json(|out| commands::advise::run(&args, out)))
        .map_err(|e| py_err(&e))
}

/// `ulti advise --deal CODE --contract ID --seat N [--played CARDS] --json` (one line).
#[pyfunction]
#[pyo3(signature = (code, contract, seat, played, samples=100, seed=1, points=true, threads=None, must_beat_after_trump=false, marriage_needs_trick=false))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn advise_card_json(
    py: Python<'_>,
    code: &str,
    contract: &str,
    seat: usize,
    played: &str,
    samples: u32,
    seed: u64,
    points: bool,
    threads: Option<usize>,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
) -> PyResult<String> {
    let args = AdviseArgs {
        hand: None,
        deal: Some(code.to_string()),
        contract: Some(contract.to_string()),
        played: Some(played.to_string()),
        seat: Some(seat),
        samples: Some(samples),
        confirm: 32,
        rest: 16,
        no_points: !points,
        seed,
        threads: threads.and_then(std::num::NonZeroUsize::new),
        json: true,
        rules: flags(rules(must_beat_after_trump, marriage_needs_trick)),
    };
    py.detach(|| command_json(|out| commands::advise::run(&args, out)))
        .map_err(|e| py_err(&e))
}

/// `ulti advise-eval --hands N --samples S --confirm C --seed SEED --json` (one line).
#[pyfunction]
#[pyo3(signature = (hands, samples=32, confirm=32, seed=1, threads=None, must_beat_after_trump=false, marriage_needs_trick=false, rest=16))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn advise_eval_json(
    py: Python<'_>,
    hands: u64,
    samples: u32,
    confirm: u32,
    seed: u64,
    threads: Option<usize>,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
    rest: u32,
) -> PyResult<String> {
    let args = AdviseEvalArgs {
        hands,
        samples,
        confirm,
        rest,
        seed,
        threads: threads.and_then(std::num::NonZeroUsize::new),
        real_play: 0,
        json: true,
        rules: flags(rules(must_beat_after_trump, marriage_needs_trick)),
    };
    py.detach(|| command_json(|out| commands::advise_eval::run(&args, out)))
        .map_err(|e| py_err(&e))
}

/// `ulti match --players A,B[,C] --deals N --seed S [--whole-game] --json` (one line).
#[pyfunction]
#[pyo3(signature = (players, deals=100, seed=1, threads=None, must_beat_after_trump=false, marriage_needs_trick=false, whole_game=false, table=None))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn match_json(
    py: Python<'_>,
    players: Vec<String>,
    deals: u64,
    seed: u64,
    threads: Option<usize>,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
    whole_game: bool,
    table: Option<(bool, bool, bool, u8, bool)>,
) -> PyResult<String> {
    let (allpass_forfeit, equal_value_by_rank, holder_may_not_raise, max_kontra, silent_bonuses) =
        table.unwrap_or((false, false, false, 2, false));
    let args = MatchArgs {
        players,
        deals,
        seed,
        threads: threads.and_then(std::num::NonZeroUsize::new),
        decision_threads: std::num::NonZeroUsize::MIN,
        json: true,
        rules: flags(rules(must_beat_after_trump, marriage_needs_trick)),
        whole_game,
        records: None,
        table: TableFlags {
            allpass_forfeit,
            equal_value_by_rank,
            holder_may_not_raise,
            max_kontra,
            silent_bonuses,
        },
    };
    py.detach(|| {
        command_json(|out| {
            if whole_game {
                commands::table_match::run(&args, out)
            } else {
                commands::versus::run(&args, out)
            }
        })
    })
    .map_err(|e| py_err(&e))
}

/// `ulti replay - --json` of a record given as JSON text (one line).
#[pyfunction]
pub(crate) fn replay_json(py: Python<'_>, record: String) -> PyResult<String> {
    py.detach(|| command_json(|out| commands::replay::replay(&record, true, out)))
        .map_err(|e| py_err(&e))
}
