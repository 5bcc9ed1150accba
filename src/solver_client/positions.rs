//! The what-if positions (the line viewer's and the Play page's review): each legal card
//! scored and one optimal continuation, solved once and kept by [`position_key`].

use std::collections::HashMap;

use leptos::prelude::*;
use ulti_engine::{Query, Solution};

use super::pool::Pool;
use super::{ON_DEMAND, Target, unexpected};
use crate::model::whatif::position_key;
use crate::protocol::{Answer, Job};

/// Solved what-if positions kept before the cache starts over.
const MAX_POSITIONS: usize = 4096;

/// A what-if position's answer.
#[derive(Clone, Debug, PartialEq)]
pub enum PositionState {
    /// Queued or being solved.
    Pending,
    /// Solved.
    Ready(Box<Solution>),
    /// The engine rejected it (e.g. an illegal card in `played=`).
    Failed(String),
}

/// The positions asked for so far and their answers.
#[derive(Clone, Copy)]
pub(super) struct Positions {
    pool: Pool<Target>,
    positions: RwSignal<HashMap<String, PositionState>>,
}

impl Positions {
    pub fn new(pool: Pool<Target>) -> Positions {
        Positions {
            pool,
            positions: RwSignal::new(HashMap::new()),
        }
    }

    /// The positions asked for so far, by [`position_key`].
    pub fn get(&self) -> ReadSignal<HashMap<String, PositionState>> {
        self.positions.read_only()
    }

    /// Ask for the positions shown now. Positions already known are not solved again; queued
    /// positions no longer asked for are dropped.
    pub fn want(&self, queries: Vec<Query>) {
        let wanted: Vec<(String, Query)> =
            queries.into_iter().map(|q| (position_key(&q), q)).collect();
        let mut dropped = Vec::new();
        self.pool.retain(|t| match t {
            Target::Position { key } if !wanted.iter().any(|(k, _)| k == key) => {
                dropped.push(key.clone());
                false
            }
            _ => true,
        });
        let new: Vec<(String, Query)> = self.positions.with_untracked(|p| {
            wanted
                .into_iter()
                .filter(|(k, _)| !p.contains_key(k) || dropped.contains(k))
                .collect()
        });
        if dropped.is_empty() && new.is_empty() {
            return;
        }
        self.positions.update(|p| {
            if p.len() > MAX_POSITIONS {
                p.retain(|_, s| *s == PositionState::Pending);
            }
            for k in &dropped {
                p.remove(k);
            }
            for (k, _) in &new {
                p.insert(k.clone(), PositionState::Pending);
            }
        });
        if new.is_empty() {
            return;
        }
        self.pool.ensure_started();
        for (key, query) in new {
            self.pool
                .push(ON_DEMAND, Job::Position { query }, Target::Position { key });
        }
        self.pool.dispatch();
    }

    /// A position's answer.
    pub fn answer(&self, key: String, answer: Result<Answer, String>) {
        let entry = match answer {
            Ok(Answer::Position(sol)) => PositionState::Ready(sol),
            Ok(_) => PositionState::Failed(unexpected()),
            Err(e) => PositionState::Failed(e),
        };
        self.positions.update(|p| {
            p.insert(key, entry);
        });
    }

    /// Forget the positions still waiting (the pool failed, or the analysis was cleared).
    pub fn drop_pending(&self) {
        self.positions
            .update(|p| p.retain(|_, s| *s != PositionState::Pending));
    }
}
