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
/// The width of the difficulty window a puzzle is drawn from.
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

    /// Lives left.
    #[must_use]
    pub fn lives(&self) -> u32 {
        RUSH_LIVES.saturating_sub(self.mistakes)
    }

    /// End the rush if its time is up at `now_ms`; `true` if it is over.
    pub fn tick(&mut self, now_ms: f64) -> bool {
        if self.end.is_none() && now_ms >= self.started_ms + RUSH_MS {
            self.end = Some(RushEnd::Time);
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
        Some(right)
    }

    /// Draw the next puzzle: one not asked yet, at the target difficulty or above (from the
    /// lowest window of [`RUSH_WINDOW`] that holds one), picked by the seed.
    fn draw(&mut self, set: &PuzzleSet) {
        let used: HashSet<&str> = self.results.iter().map(|a| a.id.as_str()).collect();
        let fresh: Vec<&Puzzle> = set
            .all()
            .iter()
            .filter(|p| !used.contains(p.id.as_str()))
            .collect();
        let target = self.target();
        let above: Vec<&Puzzle> = fresh
            .iter()
            .copied()
            .filter(|p| p.difficulty >= target)
            .collect();
        // The lowest window at or above the target; past the hardest puzzle, the hardest.
        let (pool, lo, hi) = if let Some(low) = above.iter().map(|p| p.difficulty).min() {
            (above, low, low + RUSH_WINDOW)
        } else if let Some(high) = fresh.iter().map(|p| p.difficulty).max() {
            (fresh, high.saturating_sub(RUSH_WINDOW), high + 1)
        } else {
            self.end = Some(RushEnd::Exhausted);
            return;
        };
        let mut window: Vec<&Puzzle> = pool
            .into_iter()
            .filter(|p| p.difficulty >= lo && p.difficulty < hi)
            .collect();
        window.sort_by(|a, b| a.id.cmp(&b.id));
        let k = mix(self.seed ^ (self.results.len() as u64 + 1)) % window.len() as u64;
        self.current = Some(window[k as usize].id.clone());
    }
}
