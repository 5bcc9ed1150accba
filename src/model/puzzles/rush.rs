//! The rush: three minutes of puzzles, each right answer raising the difficulty of the next,
//! three mistakes ending it.

use std::collections::HashSet;

use ulti_engine::Card;

use super::{Puzzle, PuzzleSet, mix};

/// The rush's length in milliseconds.
pub const RUSH_MS: f64 = 180_000.0;
/// Mistakes that end a rush.
pub const RUSH_LIVES: u32 = 3;
/// The difficulty of the first puzzle.
pub const RUSH_START: u32 = 800;
/// How much each right answer raises the next puzzle's difficulty.
pub const RUSH_STEP: u32 = 60;
/// The width of the difficulty window a puzzle is drawn from (centred on the target).
pub const RUSH_WINDOW: u32 = 150;

/// Why a rush ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RushEnd {
    /// The three minutes are over.
    Time,
    /// Three mistakes.
    Mistakes,
    /// No puzzle was left to draw.
    Exhausted,
}

/// One answer of a rush.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct RushAnswer {
    /// The puzzle.
    pub id: String,
    /// The card chosen.
    pub card: Card,
    /// Was it right?
    pub right: bool,
}

/// A rush in progress or over.
#[derive(Clone, Debug, PartialEq)]
pub struct Rush {
    /// When it started (the page's clock, ms).
    pub started_ms: f64,
    /// The seed of its draws.
    pub seed: u64,
    /// Right answers.
    pub score: u32,
    /// Wrong answers.
    pub mistakes: u32,
    /// Each puzzle answered, in order.
    pub results: Vec<RushAnswer>,
    /// The puzzle being asked.
    pub current: Option<String>,
    /// How it ended, once it has.
    pub end: Option<RushEnd>,
    /// When it ended (the page's clock, ms), once it has.
    pub ended_ms: Option<f64>,
}

impl Rush {
    /// A rush started at `now_ms`, drawing with `seed`, its first puzzle drawn from `set`.
    #[must_use]
    pub fn start(set: &PuzzleSet, now_ms: f64, seed: u64) -> Rush {
        let mut r = Rush {
            started_ms: now_ms,
            seed,
            score: 0,
            mistakes: 0,
            results: Vec::new(),
            current: None,
            end: None,
            ended_ms: None,
        };
        r.draw(set);
        r
    }

    /// The difficulty the next puzzle is drawn at.
    #[must_use]
    pub fn target(&self) -> u32 {
        RUSH_START + RUSH_STEP * self.score
    }

    /// Milliseconds left at `now_ms` (0 when over).
    #[must_use]
    pub fn remaining_ms(&self, now_ms: f64) -> f64 {
        if self.end.is_some() {
            return 0.0;
        }
        (self.started_ms + RUSH_MS - now_ms).max(0.0)
    }

    /// How long the rush has run at `now_ms`, or ran once over (at most [`RUSH_MS`]).
    #[must_use]
    pub fn elapsed_ms(&self, now_ms: f64) -> f64 {
        (self.ended_ms.unwrap_or(now_ms) - self.started_ms).clamp(0.0, RUSH_MS)
    }

    /// Lives left.
    #[must_use]
    pub fn lives(&self) -> u32 {
        RUSH_LIVES.saturating_sub(self.mistakes)
    }

    /// End the rush if its time is up at `now_ms`; `true` if it is over.
    pub fn tick(&mut self, now_ms: f64) -> bool {
        if self.end.is_none() && now_ms >= self.started_ms + RUSH_MS {
            self.end = Some(RushEnd::Time);
            self.ended_ms = Some(self.started_ms + RUSH_MS);
            self.current = None;
        }
        self.end.is_some()
    }

    /// `card` played to the current puzzle at `now_ms`: counted, then the next puzzle drawn
    /// (or the rush ends). `None` when no answer was due (the rush is over).
    pub fn answer(&mut self, set: &PuzzleSet, card: Card, now_ms: f64) -> Option<bool> {
        if self.tick(now_ms) {
            return None;
        }
        let id = self.current.take()?;
        let right = set.get(&id).is_some_and(|p| p.is_right(card));
        self.results.push(RushAnswer { id, card, right });
        if right {
            self.score += 1;
        } else {
            self.mistakes += 1;
        }
        if self.mistakes >= RUSH_LIVES {
            self.end = Some(RushEnd::Mistakes);
        } else {
            self.draw(set);
        }
        if self.end.is_some() {
            self.ended_ms = Some(now_ms);
        }
        Some(right)
    }

    /// Draw the next puzzle: one not asked yet, within half a [`RUSH_WINDOW`] of the target
    /// difficulty (the first puzzle is about [`RUSH_START`]), picked by the seed; where no
    /// puzzle is that near (past the hardest), from the window of the nearest ones.
    fn draw(&mut self, set: &PuzzleSet) {
        let used: HashSet<&str> = self.results.iter().map(|a| a.id.as_str()).collect();
        let fresh: Vec<&Puzzle> = set
            .all()
            .iter()
            .filter(|p| !used.contains(p.id.as_str()))
            .collect();
        let target = self.target();
        let dist = |p: &Puzzle| p.difficulty.abs_diff(target);
        let Some(nearest) = fresh.iter().map(|p| dist(p)).min() else {
            self.end = Some(RushEnd::Exhausted);
            return;
        };
        let half = RUSH_WINDOW / 2;
        let reach = if nearest < half {
            half
        } else {
            nearest + RUSH_WINDOW
        };
        let mut window: Vec<&Puzzle> = fresh.into_iter().filter(|p| dist(p) < reach).collect();
        window.sort_by(|a, b| a.id.cmp(&b.id));
        let k = mix(self.seed ^ (self.results.len() as u64 + 1)) % window.len() as u64;
        self.current = Some(window[k as usize].id.clone());
    }
}
