//! The solver page's analysis: the full table (every contract × every trump, the deal's trump
//! first, which feeds the results panel) and the value of every standard bid, with their
//! clocks, and finished analyses kept for an instant replay.

use std::collections::HashMap;

use leptos::prelude::*;
use ulti_engine::{Contract, Deal, Question, RuleOptions};

use super::pool::{Pool, now_ms};
use super::{Target, unexpected};
use crate::model::analysis::{Bids, Table, analysis_key};
use crate::model::results::{ContractResult, all_pending};
use crate::protocol::{Answer, Job};

/// Queue order of the analysis, after every job asked for on demand: the deal's trump's
/// verdicts (✔/✘), then their exact card points, then the other trumps', then the bids.
const TRUMP_CELL: u8 = 1;
const TRUMP_POINTS: u8 = 2;
const CELL: u8 = 3;
const CELL_POINTS: u8 = 4;
const BID: u8 = 5;

/// What the results, the full table and the bids show.
#[derive(Clone, Debug, PartialEq, Default)]
pub struct SolveState {
    /// The deal the analysis is for (`None`: no complete deal).
    pub deal: Option<Deal>,
    /// The house rules it is solved under.
    pub rules: RuleOptions,
    /// The full table (every contract × every trump).
    pub table: Table,
    /// The value of every standard bid.
    pub bids: Bids,
    /// Are the deal's trump's results still being computed?
    pub solving: bool,
    /// Page-side wall time until the deal's trump's nine results were all in, ms.
    pub last_ms: Option<f64>,
    /// Page-side wall time of the whole table, ms.
    pub table_ms: Option<f64>,
    /// Page-side wall time until every bid was in, ms.
    pub bids_ms: Option<f64>,
}

impl SolveState {
    /// The results panel's rows: the deal's trump's contracts.
    #[must_use]
    pub fn results(&self) -> Vec<ContractResult> {
        self.deal
            .map_or_else(all_pending, |d| self.table.results_for(d.trump))
    }

    /// The row of `contract` for the deal's trump.
    #[must_use]
    pub fn result(&self, contract: Contract) -> Option<ContractResult> {
        self.results().into_iter().find(|r| r.contract == contract)
    }

    fn refresh_solving(&mut self) {
        self.solving = self.deal.is_some() && self.results().iter().any(|r| !r.is_done());
    }
}

/// Where an analysis job's answer goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum AnalysisTarget {
    /// A table cell of the analysis `key`, asked `question`.
    Cell {
        key: String,
        index: usize,
        question: Question,
    },
    /// A bid row of the analysis `key`.
    Bid { key: String, index: usize },
}

/// The analysis being shown and its clocks.
#[derive(Clone, Debug)]
struct Current {
    key: String,
    deal: Deal,
    rules: RuleOptions,
    /// When the first job of the analysis went to a worker.
    started: Option<f64>,
    /// When the deal's trump's rows were asked for (reset on a trump change).
    trump_started: Option<f64>,
}

/// A finished analysis kept for an instant replay: the table, the bids and the three clocks
/// (the deal's trump's results, the table, the bids).
type Finished = (Table, Bids, [Option<f64>; 3]);

/// The analysis and its cache.
#[derive(Clone, Copy)]
pub(super) struct Analysis {
    pool: Pool<Target>,
    current: StoredValue<Option<Current>>,
    /// Complete analyses by [`analysis_key`].
    cache: StoredValue<HashMap<String, Finished>>,
    state: RwSignal<SolveState>,
}

impl Analysis {
    pub fn new(pool: Pool<Target>) -> Analysis {
        Analysis {
            pool,
            current: StoredValue::new(None),
            cache: StoredValue::new(HashMap::new()),
            state: RwSignal::new(SolveState::default()),
        }
    }

    /// What the page shows.
    pub fn get(&self) -> ReadSignal<SolveState> {
        self.state.read_only()
    }

    fn current_key(&self) -> Option<String> {
        self.current
            .with_value(|c| c.as_ref().map(|c| c.key.clone()))
    }

    /// A job of the analysis went to a worker: its clocks start.
    pub fn sent(&self) {
        let now = now_ms();
        self.current.update_value(|c| {
            if let Some(c) = c {
                c.started.get_or_insert(now);
                c.trump_started.get_or_insert(now);
            }
        });
    }

    /// A cell's or a bid's answer (dropped when it is for another analysis).
    pub fn answer(&self, target: AnalysisTarget, answer: Result<Answer, String>, ms: f64) {
        match target {
            AnalysisTarget::Cell { key, index, .. } => {
                if self.current_key().as_ref() != Some(&key) {
                    return; // stale
                }
                let answer = match answer {
                    Ok(Answer::Cell(c)) => Ok(c),
                    Ok(_) => Err(unexpected()),
                    Err(e) => Err(e),
                };
                self.state.update(|s| {
                    s.table
                        .answer(index, answer.as_ref().map_err(Clone::clone), ms)
                });
            }
            AnalysisTarget::Bid { key, index } => {
                if self.current_key().as_ref() != Some(&key) {
                    return;
                }
                let answer = match answer {
                    Ok(Answer::Bid(v)) => Ok(*v),
                    Ok(_) => Err(unexpected()),
                    Err(e) => Err(e),
                };
                self.state.update(|s| s.bids.answer(index, answer));
            }
        }
        self.after_answer();
    }

    /// Clocks, the solving flag and the cache after a table or bid answer.
    fn after_answer(&self) {
        let now = now_ms();
        let Some(cur) = self.current.get_value() else {
            return;
        };
        let mut trump_done = false;
        self.state.update(|s| {
            let was_solving = s.solving;
            s.refresh_solving();
            if was_solving && !s.solving {
                trump_done = true;
                s.last_ms = cur.trump_started.map(|t| now - t);
            }
            if s.table.is_complete() && s.table_ms.is_none() {
                s.table_ms = cur.started.map(|t| now - t);
            }
            if s.bids.is_complete() && s.bids_ms.is_none() {
                s.bids_ms = cur.started.map(|t| now - t);
            }
        });
        if trump_done {
            self.current.update_value(|c| {
                if let Some(c) = c {
                    c.trump_started = None;
                }
            });
        }
        let finished = self.state.with_untracked(|s| {
            (s.table.is_complete() && s.bids.is_complete()).then(|| {
                (
                    s.table.clone(),
                    s.bids.clone(),
                    [s.last_ms, s.table_ms, s.bids_ms],
                )
            })
        });
        if let Some(f) = finished {
            self.cache.update_value(|c| {
                c.insert(cur.key, f);
            });
        }
    }

    /// Queue the table cells and bids of the current analysis that are not answered (pending
    /// or cancelled), the deal's trump's cells first.
    fn enqueue_missing(&self) {
        let Some(cur) = self.current.get_value() else {
            return;
        };
        let (cells, bids) = self.state.with_untracked(|s| {
            let cells: Vec<(usize, Question, u8)> = s
                .table
                .order_for(cur.deal.trump)
                .into_iter()
                .flat_map(|i| {
                    let mine = s.table.is_for_trump(i, cur.deal.trump);
                    s.table.cells[i]
                        .questions()
                        .into_iter()
                        .map(move |question| {
                            let points = question == Question::Exact
                                && s.table.cells[i].contract.is_point_contract();
                            let p = match (mine, points) {
                                (true, false) => TRUMP_CELL,
                                (true, true) => TRUMP_POINTS,
                                (false, false) => CELL,
                                (false, true) => CELL_POINTS,
                            };
                            (i, question, p)
                        })
                })
                .collect();
            let bids: Vec<usize> = (0..s.bids.rows.len())
                .filter(|&i| !s.bids.rows[i].is_done())
                .collect();
            (cells, bids)
        });
        let table = Table::pending();
        let all_bids = Bids::pending();
        self.pool.retain(|t| !matches!(t, Target::Analysis(_)));
        for (i, question, priority) in cells {
            let cell = &table.cells[i];
            let job = Job::Cell {
                deal: cur.deal,
                contract: cell.contract,
                trump: cell.trump,
                rules: cur.rules,
                question,
            };
            let target = AnalysisTarget::Cell {
                key: cur.key.clone(),
                index: i,
                question,
            };
            self.pool.push(priority, job, Target::Analysis(target));
        }
        for i in bids {
            let job = Job::Bid {
                deal: cur.deal,
                announcement: all_bids.rows[i].announcement.clone(),
                rules: cur.rules,
            };
            let target = AnalysisTarget::Bid {
                key: cur.key.clone(),
                index: i,
            };
            self.pool.push(BID, job, Target::Analysis(target));
        }
        // Jobs already with a worker are not queued twice: mark them pending, not cancelled.
        let inflight = self.pool.inflight();
        self.pool
            .retain(|t| !inflight.contains(t) || !matches!(t, Target::Analysis(_)));
        self.state.update(|s| {
            s.table.resume();
            for r in &mut s.bids.rows {
                r.cancelled = false;
            }
            s.refresh_solving();
        });
    }

    /// Analyse `deal` under `rules`. The same hands with another trump keep the analysis and
    /// only move that trump's cells to the front.
    pub fn solve(&self, deal: Deal, rules: RuleOptions) {
        if self.pool.is_empty() {
            self.current.set_value(None);
            self.pool.start();
        }
        let key = analysis_key(&deal, rules);
        if self.current_key().as_ref() == Some(&key) {
            self.current.update_value(|c| {
                if let Some(c) = c {
                    c.deal = deal;
                    c.trump_started = None;
                }
            });
            self.state.update(|s| {
                s.deal = Some(deal);
                s.refresh_solving();
            });
            if self.state.with_untracked(|s| s.solving) {
                self.current.update_value(|c| {
                    if let Some(c) = c {
                        c.trump_started = Some(now_ms());
                    }
                });
            }
            self.enqueue_missing();
            self.pool.dispatch();
            return;
        }
        self.current.set_value(Some(Current {
            key: key.clone(),
            deal,
            rules,
            started: None,
            trump_started: None,
        }));
        if let Some((table, bids, [last_ms, table_ms, bids_ms])) =
            self.cache.with_value(|c| c.get(&key).cloned())
        {
            self.pool.retain(|t| !matches!(t, Target::Analysis(_)));
            self.state.update(|s| {
                s.deal = Some(deal);
                s.rules = rules;
                s.table = table;
                s.bids = bids;
                s.last_ms = last_ms;
                s.table_ms = table_ms;
                s.bids_ms = bids_ms;
                s.refresh_solving();
            });
            return;
        }
        self.state.update(|s| {
            s.deal = Some(deal);
            s.rules = rules;
            s.table = Table::pending();
            s.bids = Bids::pending();
            s.last_ms = None;
            s.table_ms = None;
            s.bids_ms = None;
            s.refresh_solving();
        });
        self.enqueue_missing();
        self.pool.dispatch();
    }

    /// Stop the analysis: cells and bids not answered yet show as cancelled.
    pub fn cancel(&self) {
        self.pool.retain(|t| !matches!(t, Target::Analysis(_)));
        self.state.update(|s| {
            s.table.cancel();
            s.bids.cancel();
            s.solving = false;
        });
    }

    /// Forget the analysis (the deal is incomplete).
    pub fn clear(&self) {
        self.current.set_value(None);
        self.state.update(|s| {
            s.deal = None;
            s.table = Table::pending();
            s.bids = Bids::pending();
            s.solving = false;
        });
    }

    /// The pool failed: the analysis stops where it is.
    pub fn pool_failed(&self) {
        self.current.set_value(None);
        self.state.update(|s| s.solving = false);
    }
}
