//! `ulti_solver._native`: the engine as a Python extension module (PyO3, abi3).
//!
//! Every answer is built by the CLI's own readers and reports (`ulti_cli::input`,
//! `ulti_cli::report`, `ulti_cli::commands`), so a result's fields, a bulk line's bytes and an
//! error's words are the CLI's. The Python side (`python/ulti_solver/`) wraps the JSON texts
//! returned here in typed objects. Every solve runs with the GIL released, on a solver owned by
//! the calling thread and reused across its calls.

use std::cell::RefCell;
use std::time::Instant;

use anyhow::Result;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyString;
use ulti_cli::cli::RuleFlags;
use ulti_cli::commands;
use ulti_cli::input;
use ulti_cli::report::SolveReport;
use ulti_engine::{
    CardParseError, CardSet, ContractError as EngineContractError, Deal as EngineDeal,
    DealError as EngineDealError, PlayError as EnginePlayError, RuleOptions, SOLOIST, SolveError,
    Solver,
};

mod json_answers;
mod puzzles;

thread_local! {
    /// One solver (and transposition table) per thread, reused for every call it answers.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

create_exception!(
    ulti_solver,
    UltiError,
    PyValueError,
    "Bad input: the message names the problem, in the words of the `ulti` command line."
);
create_exception!(ulti_solver, DealError, UltiError, "A bad deal code.");
create_exception!(
    ulti_solver,
    ContractError,
    UltiError,
    "An unknown or bad contract / bid."
);
create_exception!(
    ulti_solver,
    CardError,
    UltiError,
    "A text that is not a card name."
);
create_exception!(
    ulti_solver,
    PlayError,
    UltiError,
    "A played card that breaks a rule."
);
create_exception!(
    ulti_solver,
    RecordError,
    UltiError,
    "An ulti-game/1 record that is not a game, or an action in it that breaks a rule."
);

/// The Python exception for a CLI error: its class from the cause, its message the CLI's
/// `error: …` line without the prefix.
fn py_err(e: &anyhow::Error) -> PyErr {
    let msg = format!("{e:#}");
    let chain = || e.chain();
    if chain().any(|c| c.is::<EngineDealError>()) {
        DealError::new_err(msg)
    } else if chain().any(|c| c.is::<EngineContractError>()) {
        ContractError::new_err(msg)
    } else if chain().any(|c| c.is::<CardParseError>()) {
        CardError::new_err(msg)
    } else if chain().any(|c| c.is::<commands::replay::Refused>()) {
        RecordError::new_err(msg)
    } else if chain().any(|c| c.is::<EnginePlayError>() || c.is::<SolveError>()) {
        PlayError::new_err(msg)
    } else {
        UltiError::new_err(msg)
    }
}

fn rules(must_beat_after_trump: bool, marriage_needs_trick: bool) -> RuleOptions {
    RuleOptions {
        must_beat_after_trump,
        marriage_needs_trick,
    }
}

fn flags(r: RuleOptions) -> RuleFlags {
    RuleFlags {
        must_beat_after_trump: r.must_beat_after_trump,
        marriage_needs_trick: r.marriage_needs_trick,
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    serde_json::to_string(v).expect("reports serialise")
}

/// Python's `json.loads(text)`.
fn loads<'py>(py: Python<'py>, text: &str) -> PyResult<Bound<'py, PyAny>> {
    py.import("json")?.call_method1("loads", (text,))
}

/// A command's JSON line (`--json`), without the newline.
fn command_json(run: impl FnOnce(&mut Vec<u8>) -> Result<()>) -> Result<String> {
    let mut out = Vec::new();
    run(&mut out)?;
    let mut s = String::from_utf8(out).expect("JSON is UTF-8");
    if s.ends_with('\n') {
        s.pop();
    }
    Ok(s)
}

/// A deal: the trump suit and three hands of ten cards (seat 0 the soloist, 1 and 2 the
/// defenders); the two cards left are the talon. Made from a 61-digit deal code (the original
/// Ulti Minimax app's codes work unchanged) or drawn at random from a seed. Two deals are equal
/// when they hold the same cards and trump, whatever the order of the cards in their codes.
///
/// >>> deal = Deal("0070605040302012737173112323313143435151620212322242526103011")
/// >>> deal.trump, deal.talon
/// ('P', ['P7', 'TK'])
/// >>> deal.soloist
/// ['P8', 'P9', 'PX', 'PU', 'PO', 'PK', 'PA', 'ZA', 'MA', 'TA']
/// >>> deal.with_trump("M").code[0], deal.with_trump("M") == deal
/// ('2', False)
/// >>> Deal("123")
/// Traceback (most recent call last):
///   ...
/// ulti_solver.DealError: bad deal code "123": a deal code has 61 digits, this one has 3
#[pyclass(module = "ulti_solver", frozen, eq, hash)]
#[derive(Clone)]
pub struct Deal {
    deal: EngineDeal,
    /// The code as given (trimmed), echoed in reports as the CLI echoes `--deal`.
    code: String,
}

impl PartialEq for Deal {
    fn eq(&self, other: &Deal) -> bool {
        self.deal == other.deal
    }
}

impl Eq for Deal {}

impl std::hash::Hash for Deal {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.deal.hash(state);
    }
}

impl From<EngineDeal> for Deal {
    fn from(deal: EngineDeal) -> Deal {
        Deal {
            code: deal.code(),
            deal,
        }
    }
}

fn names(s: CardSet) -> Vec<String> {
    s.iter().map(|c| c.to_string()).collect()
}

#[pymethods]
impl Deal {
    /// Parse a 61-digit deal code.
    #[new]
    fn new(code: &str) -> PyResult<Deal> {
        let deal = input::deal(code).map_err(|e| py_err(&e))?;
        Ok(Deal {
            deal,
            code: code.trim().to_string(),
        })
    }

    /// A uniformly random deal from a seed: the same deal as the engine's and the CLI's for
    /// that seed (`ulti match --seed S` plays `Deal.random(S * 1000003)`).
    #[staticmethod]
    fn random(seed: u64) -> Deal {
        EngineDeal::random(seed).into()
    }

    /// The 61-digit code (as given, for a parsed deal).
    #[getter]
    fn code(&self) -> &str {
        &self.code
    }

    /// The trump suit's letter: P, Z, M or T.
    #[getter]
    fn trump(&self) -> String {
        self.deal.trump.letter().to_string()
    }

    /// The three hands by seat (0 soloist, 1 and 2 defenders), each a list of card names.
    #[getter]
    fn hands(&self) -> Vec<Vec<String>> {
        self.deal.hands().iter().map(|&h| names(h)).collect()
    }

    /// The soloist's hand (seat 0).
    #[getter]
    fn soloist(&self) -> Vec<String> {
        names(self.deal.hand(SOLOIST))
    }

    /// The two talon cards.
    #[getter]
    fn talon(&self) -> Vec<String> {
        names(self.deal.talon())
    }

    /// The same hands under another trump (a letter P, Z, M or T).
    fn with_trump(&self, trump: &str) -> PyResult<Deal> {
        let t = trump.trim().to_ascii_uppercase();
        let suit = ulti_engine::Suit::ALL
            .into_iter()
            .find(|s| s.letter().to_string() == t)
            .ok_or_else(|| {
                UltiError::new_err(format!("unknown trump {trump:?}: use P, Z, M or T"))
            })?;
        Ok(self.deal.with_trump(suit).into())
    }

    fn __str__(&self) -> &str {
        &self.code
    }

    fn __repr__(&self) -> String {
        format!("Deal('{}')", self.code)
    }

    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
        Ok((slf.get_type().into_any(), (slf.get().code.clone(),)))
    }
}

/// The answer to one position (`solve`, the fields of `ulti solve --json`): whether the
/// contract is playable, whether the soloist wins under best play, the card points it can
/// force (point contracts) or the payoff per defender (compound bids), one optimal line to
/// the end of play and, with `all_cards`, each legal card's value.
#[pyclass(module = "ulti_solver", frozen)]
pub struct Solution(SolveReport);

#[pymethods]
impl Solution {
    /// The bid (canonical order), e.g. `40-100+ulti`.
    #[getter]
    fn contract(&self) -> &str {
        &self.0.contract
    }
    /// The trump letter, None for no-trump contracts.
    #[getter]
    fn trump(&self) -> Option<String> {
        self.0.trump.map(String::from)
    }
    /// Does the soloist hold the prerequisites?
    #[getter]
    fn playable(&self) -> bool {
        self.0.playable
    }
    /// Why not, when not playable.
    #[getter]
    fn unplayable_reason(&self) -> Option<&str> {
        self.0.unplayable_reason.as_deref()
    }
    /// Does the soloist win under best play?
    #[getter]
    fn soloist_wins(&self) -> Option<bool> {
        self.0.soloist_wins
    }
    /// Point contracts: the card points the soloist can force.
    #[getter]
    fn soloist_points(&self) -> Option<u32> {
        self.0.soloist_points
    }
    /// Compound bids: the payoff per defender under best play.
    #[getter]
    fn payoff(&self) -> Option<i32> {
        self.0.payoff
    }
    /// One optimal line to the end of play (card names).
    #[getter]
    fn line(&self) -> Vec<String> {
        self.0.line.iter().map(ToString::to_string).collect()
    }
    /// Search nodes.
    #[getter]
    fn nodes(&self) -> u64 {
        self.0.nodes
    }
    /// Milliseconds of the solve.
    #[getter]
    fn ms(&self) -> f64 {
        self.0.ms
    }
    /// Compound bids: each component on the returned line (dicts: contract, won, payoff).
    #[getter]
    fn components<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &json(&self.0.components))
    }
    /// With `all_cards`: every legal card of the player to move (dicts: card, soloist_wins,
    /// soloist_points, payoff).
    #[getter]
    fn cards<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &json(&self.0.cards))
    }
    /// The JSON of `ulti solve --json` (one line).
    fn to_json(&self) -> String {
        json(&self.0)
    }
    /// The fields of `ulti solve --json`, as a dict.
    fn to_dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        loads(py, &json(&self.0))
    }

    fn __repr__(&self) -> String {
        let r = &self.0;
        let outcome = if !r.playable {
            "unplayable".to_string()
        } else {
            let mut s = match r.soloist_wins {
                Some(true) => "soloist wins".to_string(),
                Some(false) => "soloist loses".to_string(),
                None => "no result".to_string(),
            };
            if let Some(p) = r.soloist_points {
                s.push_str(&format!(", {p} points"));
            }
            if let Some(p) = r.payoff {
                s.push_str(&format!(", payoff {p:+}"));
            }
            s
        };
        let trump = r.trump.map(|t| format!(" ({t})")).unwrap_or_default();
        format!(
            "<Solution {}{}: {}, {} cards in the line, {} nodes, {:.3} ms>",
            r.contract,
            trump,
            outcome,
            r.line.len(),
            r.nodes,
            r.ms
        )
    }
}

/// Solve one position; returns a `Solution`.
#[pyfunction]
#[pyo3(signature = (deal, contract, played, all_cards=false, must_beat_after_trump=false, marriage_needs_trick=false))]
fn solve(
    py: Python<'_>,
    deal: &Deal,
    contract: &str,
    played: &str,
    all_cards: bool,
    must_beat_after_trump: bool,
    marriage_needs_trick: bool,
) -> PyResult<Solution> {
    let code = deal.code.as_str();
    let rules = rules(must_beat_after_trump, marriage_needs_trick);
    py.detach(|| -> Result<SolveReport> {
        let q = input::query(code, contract, played, rules, all_cards)?;
        SOLVER.with_borrow_mut(|solver| {
            let start = Instant::now();
            let sol = solver.solve(&q)?;
            Ok(SolveReport::new(code, &q, sol, start.elapsed()))
        })
    })
    .map(Solution)
    .map_err(|e| py_err(&e))
}

/// The same position solved `n` times natively (the CLI's reading of the position, then the
/// solve): seconds per call, the baseline of the per-call overhead benchmark.
#[pyfunction]
fn native_solve_seconds(
    py: Python<'_>,
    deal: &Deal,
    contract: &str,
    played: &str,
    n: u32,
) -> PyResult<f64> {
    let code = deal.code.as_str();
    py.detach(|| -> Result<f64> {
        let start = Instant::now();
        for _ in 0..n {
            let q = input::query(code, contract, played, RuleOptions::default(), false)?;
            let sol = SOLVER.with_borrow_mut(|s| s.solve(&q))?;
            std::hint::black_box(SolveReport::new(code, &q, sol, start.elapsed()));
        }
        Ok(start.elapsed().as_secs_f64() / f64::from(n.max(1)))
    })
    .map_err(|e| py_err(&e))
}

/// The extension module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Deal>()?;
    m.add_class::<Solution>()?;
    m.add("UltiError", py.get_type::<UltiError>())?;
    m.add("DealError", py.get_type::<DealError>())?;
    m.add("ContractError", py.get_type::<ContractError>())?;
    m.add("CardError", py.get_type::<CardError>())?;
    m.add("PlayError", py.get_type::<PlayError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(native_solve_seconds, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::bids_json, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::table_json, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::batch_line, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::advise_hand_json, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::advise_card_json, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::advise_eval_json, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::match_json, m)?)?;
    m.add_function(wrap_pyfunction!(json_answers::replay_json, m)?)?;
    m.add_function(wrap_pyfunction!(puzzles::puzzles_examine, m)?)?;
    m.add_class::<puzzles::PuzzleCollector>()?;
    m.add("__version__", PyString::new(py, env!("CARGO_PKG_VERSION")))?;
    Ok(())
}
