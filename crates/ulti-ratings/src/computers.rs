//! The computer levels' fixed ratings. A computer seat is an opponent whose rating is known
//! and never changes: its level's figure below, with a small deviation (the calibration's own
//! uncertainty), never rated itself.
//!
//! # Calibration (2026-11-28)
//!
//! Two matches of the three levels, each deal in all three rotations over the seats (600 games):
//!
//! ```sh
//! ulti match --whole-game --players strong,normal,easy --deals 100 --seed 7 --records s7.jsonl
//! ulti match --whole-game --players strong,normal,easy --deals 100 --seed 8 --records s8.jsonl
//! scripts/calibrate-ratings.py ulti s7.jsonl s8.jsonl
//! ```
//!
//! Each game compares each pair of levels by the money each won in it (more 1, the same 0.5,
//! less 0), as a live table's game is rated ([`crate::game`]); a pair's score p is a rating
//! difference of 400 · log10(p / (1 − p)):
//!
//! | Pair | Score of 600 | p | Difference |
//! |---|---|---|---|
//! | strong against normal | 298 | 0.497 ± 0.020 | −2 (−17 … +12) |
//! | strong against easy | 355 | 0.592 ± 0.020 | +64 (+50 … +79) |
//! | normal against easy | 357.5 | 0.596 ± 0.020 | +67 (+53 … +82) |
//!
//! Normal is anchored at 1500; the least-squares fit of the three differences gives strong
//! 1497.7 and easy 1433.3, rounded to 5 points (finer than the measurement resolves): strong
//! 1500, easy 1435. Strong wins more money per deal than normal (+2.2 ± 20.9 and +14.2 ± 18.9
//! in the two matches) but not more often: pairwise by money the two are not told apart by 600
//! games. The ± are one standard error.

use crate::glicko::Rating;

/// A computer player's level.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Level {
    /// `easy`.
    Easy,
    /// `normal`.
    Normal,
    /// `strong`.
    Strong,
}

/// The deviation a computer's fixed rating is met with.
pub const COMPUTER_RD: f64 = 50.0;

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 3] = [Level::Easy, Level::Normal, Level::Strong];

    /// The level of a name (`easy`, `normal`, `strong`).
    #[must_use]
    pub fn parse(name: &str) -> Option<Level> {
        match name {
            "easy" => Some(Level::Easy),
            "normal" => Some(Level::Normal),
            "strong" => Some(Level::Strong),
            _ => None,
        }
    }

    /// The level's name.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Strong => "strong",
        }
    }

    /// The level's fixed rating (see the module's calibration).
    #[must_use]
    pub fn rating(self) -> Rating {
        let rating = match self {
            Level::Easy => EASY,
            Level::Normal => NORMAL,
            Level::Strong => STRONG,
        };
        Rating {
            rating,
            rd: COMPUTER_RD,
            vol: 0.06,
        }
    }
}

/// The rating difference of a pairwise score `p` (0 < p < 1): 400 · log10(p / (1 − p)).
#[must_use]
pub fn difference(p: f64) -> f64 {
    400.0 * (p / (1.0 - p)).log10()
}

/// Normal, the anchor.
pub const NORMAL: f64 = 1500.0;
/// Easy (see the module's calibration).
pub const EASY: f64 = 1435.0;
/// Strong (see the module's calibration: not told apart from normal).
pub const STRONG: f64 = 1500.0;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_by_name_in_order_of_strength() {
        for l in Level::ALL {
            assert_eq!(Level::parse(l.name()), Some(l));
        }
        assert_eq!(Level::parse("cheater"), None);
        assert!(Level::Easy.rating().rating < Level::Normal.rating().rating);
        assert!(Level::Normal.rating().rating <= Level::Strong.rating().rating);
        assert_eq!(Level::Normal.rating().rating, 1500.0);
    }

    #[test]
    fn a_pairwise_score_as_a_rating_difference() {
        assert!(difference(0.5).abs() < 1e-9);
        // 10:1 is 400 points; the scale is symmetric.
        assert!((difference(10.0 / 11.0) - 400.0).abs() < 1e-9);
        assert!((difference(0.64) + difference(0.36)).abs() < 1e-9);
    }
}
