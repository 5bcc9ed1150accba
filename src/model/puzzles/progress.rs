//! What the browser keeps of the puzzles (`localStorage`, one JSON value): the player's
//! rating, each puzzle's own rating once it was played, the rated tries, the daily puzzles
//! answered and the best rush.

use std::collections::{BTreeMap, HashSet};

use serde::{Deserialize, Serialize};
use ulti_engine::Card;

use super::Puzzle;
use super::glicko::{RatedGame, Rating, rate};

/// The storage key.
pub const STORAGE_KEY: &str = "ulti-puzzles-v1";

/// The rated tries kept (the oldest are forgotten first).
pub const MAX_TRIES: usize = 1000;

/// One rated try.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedTry {
    /// The puzzle.
    pub id: String,
    /// Was the answer right?
    pub right: bool,
    /// The player's rating after it.
    pub rating: f64,
    /// The card chosen (older records have none).
    #[serde(default)]
    pub card: Option<Card>,
}

/// The first answer to a daily puzzle.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DailyAnswer {
    /// The puzzle.
    pub id: String,
    /// The card chosen.
    pub card: Card,
    /// Was it right?
    pub right: bool,
}

/// The puzzles' progress in this browser.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Progress {
    /// The player's rating.
    #[serde(default)]
    pub player: Rating,
    /// Each played puzzle's own rating.
    #[serde(default)]
    pub puzzles: BTreeMap<String, Rating>,
    /// The rated tries, oldest first.
    #[serde(default)]
    pub tries: Vec<RatedTry>,
    /// The daily puzzles answered: date (`YYYY-MM-DD`) → the first answer.
    #[serde(default)]
    pub daily: BTreeMap<String, DailyAnswer>,
    /// The best rush score.
    #[serde(default)]
    pub rush_best: u32,
}

impl Progress {
    /// The progress stored as `text`; a fresh one when there is none or it cannot be read.
    #[must_use]
    pub fn parse(text: Option<&str>) -> Progress {
        text.and_then(|t| serde_json::from_str(t).ok())
            .unwrap_or_default()
    }

    /// The text to store.
    #[must_use]
    pub fn to_json(&self) -> String {
        serde_json::to_string(self).expect("progress serialises")
    }

    /// The puzzle's own rating: as played here, else its difficulty.
    #[must_use]
    pub fn rating_of(&self, p: &Puzzle) -> Rating {
        self.puzzles
            .get(&p.id)
            .copied()
            .unwrap_or_else(|| Rating::puzzle(p.difficulty))
    }

    /// The puzzles tried in rated practice.
    #[must_use]
    pub fn seen(&self) -> HashSet<String> {
        self.tries.iter().map(|t| t.id.clone()).collect()
    }

    /// The first rated answer to `id`, if it was answered.
    #[must_use]
    pub fn rated_answer(&self, id: &str) -> Option<&RatedTry> {
        self.tries.iter().find(|t| t.id == id)
    }

    /// Rate the first try of `p` with `card` and keep it; `None` (nothing changes) when `p`
    /// was answered before: a puzzle is rated once.
    pub fn record_rated(&mut self, p: &Puzzle, card: Card) -> Option<RatedGame> {
        if self.rated_answer(&p.id).is_some() {
            return None;
        }
        let right = p.is_right(card);
        let game = rate(self.player, self.rating_of(p), right);
        self.player = game.player_after;
        self.puzzles.insert(p.id.clone(), game.puzzle_after);
        self.tries.push(RatedTry {
            id: p.id.clone(),
            right,
            rating: game.player_after.rating,
            card: Some(card),
        });
        if self.tries.len() > MAX_TRIES {
            let extra = self.tries.len() - MAX_TRIES;
            self.tries.drain(..extra);
        }
        Some(game)
    }

    /// Keep the first answer to the daily puzzle of `date`; a later one does not count.
    pub fn record_daily(&mut self, date: &str, p: &Puzzle, card: Card) {
        self.daily.entry(date.to_string()).or_insert(DailyAnswer {
            id: p.id.clone(),
            card,
            right: p.is_right(card),
        });
    }

    /// Keep a rush score; `true` when it is a new best.
    pub fn record_rush(&mut self, score: u32) -> bool {
        let best = score > self.rush_best;
        if best {
            self.rush_best = score;
        }
        best
    }
}
