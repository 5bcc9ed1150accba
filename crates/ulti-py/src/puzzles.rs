//! `ulti puzzles` for Python: a range of candidates examined on this thread's solver (what one
//! Ray task does), and the collector that keeps puzzles in index order and writes the file and
//! the summary exactly as `ulti puzzles generate` does.

use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use ulti_cli::commands::puzzles::{GenerateReport, examine, rule_sets};
use ulti_engine::RuleOptions;
use ulti_engine::puzzles::generate::{Collector, Examined};
use ulti_engine::puzzles::record::file_text;

use crate::{json, py_err};

fn sets(rules: Vec<String>) -> PyResult<Vec<RuleOptions>> {
    rule_sets(&rules).map_err(|e| py_err(&e))
}

/// The candidates `start..end` of the run seeded with `seed` under the rule sets `rules`
/// (`--rules` values of `ulti puzzles generate`; the two default sets when empty), examined
/// on this thread's solver: a JSON array of the examined candidates.
#[pyfunction]
#[pyo3(signature = (seed, start, end, rules=Vec::new()))]
pub(crate) fn puzzles_examine(
    py: Python<'_>,
    seed: u64,
    start: u64,
    end: u64,
    rules: Vec<String>,
) -> PyResult<String> {
    let sets = sets(rules)?;
    Ok(py.detach(|| json(&examine(seed, start..end, &sets))))
}

/// Keeps the puzzles of examined candidates in index order until it holds `count`.
#[pyclass(module = "ulti_solver")]
pub struct PuzzleCollector {
    inner: Collector,
    seed: u64,
    count: usize,
    sets: Vec<RuleOptions>,
}

#[pymethods]
impl PuzzleCollector {
    /// A collector of `count` puzzles of the run seeded with `seed` under `rules`.
    #[new]
    #[pyo3(signature = (count, seed, rules=Vec::new()))]
    fn new(count: usize, seed: u64, rules: Vec<String>) -> PyResult<PuzzleCollector> {
        Ok(PuzzleCollector {
            inner: Collector::new(count),
            seed,
            count,
            sets: sets(rules)?,
        })
    }

    /// Take the candidates of a JSON array from `puzzles_examine`, which must start at
    /// `next_index`.
    fn push(&mut self, examined: &str) -> PyResult<()> {
        let list: Vec<Examined> = serde_json::from_str(examined)
            .map_err(|e| PyValueError::new_err(format!("not examined candidates: {e}")))?;
        for e in list {
            if self.inner.done() {
                break;
            }
            if e.index != self.inner.next_index() {
                return Err(PyValueError::new_err(format!(
                    "candidate {} given, {} expected",
                    e.index,
                    self.inner.next_index()
                )));
            }
            self.inner.push(e);
        }
        Ok(())
    }

    /// Does it hold `count` puzzles?
    #[getter]
    fn done(&self) -> bool {
        self.inner.done()
    }

    /// The index of the next candidate it needs.
    #[getter]
    fn next_index(&self) -> u64 {
        self.inner.next_index()
    }

    /// Puzzles kept so far.
    #[getter]
    fn kept(&self) -> usize {
        self.inner.records().len()
    }

    /// The puzzle file's text, as `ulti puzzles generate --out` writes it.
    fn file_text(&self) -> String {
        file_text(self.inner.records())
    }

    /// The summary line of `ulti puzzles generate` for a run of `seconds`.
    fn report_json(&self, seconds: f64) -> String {
        json(&GenerateReport::new(
            &self.inner,
            self.count,
            self.seed,
            &self.sets,
            seconds,
        ))
    }
}
