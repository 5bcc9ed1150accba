//! The difficulty of a puzzle from the solver's own features: how many answers there are and
//! how many of the cards are right, how many wrong answers look plausible, how deep the
//! refutations go, how many cards look alike, how much the solver had to search.
//!
//! The estimate is on the scale of a player's rating (Glicko-2, 1500 the average), so it is
//! also each puzzle's starting rating in the app's rated practice. Its weights come from the
//! computer players: the easy and the strong one tried all 2,400 puzzles of the set of seed
//! 38 from their own seat's view, and a logistic fit of their misses on half of the puzzles
//! (the other half held out) gave the log-odds of a miss
//!
//! ```text
//! η = 0.15 choices − 0.72 right + 0.065 depth + 0.03 look_alike − 0.16 cards + 0.25 log2(nodes)
//! ```
//!
//! (plausible wrong answers got no weight of their own once the others are known: they are
//! kept as a feature, not in the sum). The difficulty is `1500 + 350 (η − 1.12)`, 1.12 being
//! the set's mean η; 350 spreads the set over about 900 to 2100 (Elo's own scale, 174 per
//! unit of log-odds, would squeeze it into 1100–1900: the computer players' misses vary less
//! than people's).

use serde::{Deserialize, Serialize};

/// What the solver saw in a puzzle.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Features {
    /// Distinct legal answers (classes of equivalent cards).
    pub choices: u8,
    /// Right cards (the answer's equivalent cards): more of them, easier to hit.
    pub right: u8,
    /// Wrong answers whose refutation changes nothing in the current trick: their damage shows
    /// only later, so they look playable.
    pub plausible: u8,
    /// The deepest refutation: tricks after the current one until a wrong answer's line first
    /// differs from the solver's line in who takes a trick or its card points (0: in the
    /// current trick).
    pub depth: u8,
    /// Wrong answers that look like the answer: cards of its suit, or of its rank.
    pub look_alike: u8,
    /// Cards in the hand of the seat to move.
    pub cards: u8,
    /// Nodes of the solver's search of every legal card at the position.
    pub nodes: u64,
}

/// The lowest and the highest difficulty.
pub const DIFFICULTY_RANGE: (u32, u32) = (600, 2400);

impl Features {
    /// The difficulty estimate (see the module's text), within [`DIFFICULTY_RANGE`].
    #[must_use]
    pub fn difficulty(&self) -> u32 {
        let eta = 0.15 * f64::from(self.choices) - 0.72 * f64::from(self.right)
            + 0.065 * f64::from(self.depth)
            + 0.03 * f64::from(self.look_alike)
            - 0.16 * f64::from(self.cards)
            + 0.25 * (self.nodes.max(1) as f64).log2();
        let d = 1500.0 + 350.0 * (eta - 1.12);
        (d.round().max(0.0) as u32).clamp(DIFFICULTY_RANGE.0, DIFFICULTY_RANGE.1)
    }
}

/// A band of difficulty, for reports and the app's labels.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Band {
    /// Below 1200.
    Easy,
    /// 1200 to 1499.
    Medium,
    /// 1500 to 1799.
    Hard,
    /// 1800 and above.
    Expert,
}

impl Band {
    /// Every band, easiest first.
    pub const ALL: [Band; 4] = [Band::Easy, Band::Medium, Band::Hard, Band::Expert];

    /// The band of a difficulty.
    #[must_use]
    pub fn of(difficulty: u32) -> Band {
        match difficulty {
            0..1200 => Band::Easy,
            1200..1500 => Band::Medium,
            1500..1800 => Band::Hard,
            _ => Band::Expert,
        }
    }

    /// The band's id: `easy`, `medium`, `hard`, `expert`.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Band::Easy => "easy",
            Band::Medium => "medium",
            Band::Hard => "hard",
            Band::Expert => "expert",
        }
    }

    /// The band's difficulties, as text (`<1200`, `1200-1499`, …).
    #[must_use]
    pub const fn range(self) -> &'static str {
        match self {
            Band::Easy => "<1200",
            Band::Medium => "1200-1499",
            Band::Hard => "1500-1799",
            Band::Expert => ">=1800",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn more_answers_deeper_refutations_and_more_search_are_harder() {
        let base = Features {
            choices: 3,
            right: 1,
            plausible: 0,
            depth: 0,
            look_alike: 0,
            cards: 5,
            nodes: 500,
        };
        let d0 = base.difficulty();
        let more = Features { choices: 6, ..base };
        let deep = Features { depth: 4, ..base };
        let searched = Features {
            nodes: 50_000,
            ..base
        };
        let two_right = Features { right: 2, ..base };
        assert!(more.difficulty() > d0);
        assert!(deep.difficulty() > d0);
        assert!(searched.difficulty() > d0);
        assert!(two_right.difficulty() < d0);
        assert!(
            Features {
                nodes: 1_000_000_000,
                plausible: 9,
                depth: 9,
                look_alike: 9,
                choices: 10,
                right: 1,
                cards: 3,
            }
            .difficulty()
                <= DIFFICULTY_RANGE.1
        );
    }

    #[test]
    fn bands_cover_the_range_in_order() {
        assert_eq!(Band::of(0), Band::Easy);
        assert_eq!(Band::of(1199), Band::Easy);
        assert_eq!(Band::of(1200), Band::Medium);
        assert_eq!(Band::of(1500), Band::Hard);
        assert_eq!(Band::of(1800), Band::Expert);
        assert!(Band::ALL.windows(2).all(|w| w[0] < w[1]));
    }
}
