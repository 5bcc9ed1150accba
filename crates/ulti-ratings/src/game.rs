//! One finished game of three seats as rating results.
//!
//! Ulti is not a two-player game: a seat wins or pays money against each of the other two. A
//! game therefore becomes three pairwise results, one per pair of seats, compared by the money
//! each won in that game: more scores 1, the same 0.5, less 0. Each player is then rated once,
//! the game being one rating period, against the other two seats (their ratings before the
//! game: the three are rated at the same time). A computer seat is an opponent with its level's
//! fixed rating ([`crate::computers`]) and is never rated itself; a seat nobody holds as a
//! player (an invitation's seat without a session) is left out: its pairs count for no one.
//!
//! Why pairs: the soloist's money is the defenders' together, so "who won" alone says little
//! about the two defenders; comparing each pair says that the soloist beat both (or lost to
//! both) and that two defenders who paid the same drew. A game's money is often zero-sum per
//! pair in this way, and the pairs keep that without weighing a big contract more than a
//! small one (money says who played better in that deal, not by how much skill).

use crate::computers::Level;
use crate::glicko::{Rating, update};

/// Who sits at a seat, as the ratings see it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Sitter {
    /// A player, with its rating before the game.
    Player(Rating),
    /// A computer at a level (its fixed rating).
    Computer(Level),
    /// A seat without a player (held by an invitation's token): not counted.
    Nobody,
}

impl Sitter {
    /// The rating an opponent meets at this seat (`None`: nobody to meet).
    #[must_use]
    pub fn as_opponent(&self) -> Option<Rating> {
        match self {
            Sitter::Player(r) => Some(*r),
            Sitter::Computer(l) => Some(l.rating()),
            Sitter::Nobody => None,
        }
    }
}

/// The score of money `mine` against money `theirs`: 1 more, 0.5 the same, 0 less.
#[must_use]
pub fn score(mine: i64, theirs: i64) -> f64 {
    match mine.cmp(&theirs) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    }
}

/// Each player seat's results in the game (opponent's rating before the game, score); empty
/// for a computer's seat and for a seat without a player.
#[must_use]
pub fn results(sitters: &[Sitter; 3], payments: [i64; 3]) -> [Vec<(Rating, f64)>; 3] {
    std::array::from_fn(|s| {
        if !matches!(sitters[s], Sitter::Player(_)) {
            return Vec::new();
        }
        (0..3)
            .filter(|&o| o != s)
            .filter_map(|o| {
                sitters[o]
                    .as_opponent()
                    .map(|r| (r, score(payments[s], payments[o])))
            })
            .collect()
    })
}

/// Each player seat's rating after the game (`None` for the other seats). A player whose
/// every opponent seat is empty keeps its rating (no results: nothing to learn).
#[must_use]
pub fn rate_game(sitters: &[Sitter; 3], payments: [i64; 3]) -> [Option<Rating>; 3] {
    let res = results(sitters, payments);
    std::array::from_fn(|s| match sitters[s] {
        Sitter::Player(r) if res[s].is_empty() => Some(r),
        Sitter::Player(r) => Some(update(r, &res[s])),
        _ => None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: Rating = Rating::NEW_PLAYER;

    #[test]
    fn each_pair_is_compared_by_money() {
        // Seat 0 the soloist won 20 from each defender: it beat both; the defenders drew.
        let s = [
            Sitter::Player(NEW),
            Sitter::Player(NEW),
            Sitter::Player(NEW),
        ];
        let r = results(&s, [40, -20, -20]);
        assert_eq!(r[0], vec![(NEW, 1.0), (NEW, 1.0)]);
        assert_eq!(r[1], vec![(NEW, 0.0), (NEW, 0.5)]);
        assert_eq!(r[2], vec![(NEW, 0.0), (NEW, 0.5)]);
        // A failed soloist lost to both.
        let r = results(&s, [-8, 4, 4]);
        assert_eq!(r[0], vec![(NEW, 0.0), (NEW, 0.0)]);
        assert_eq!(r[1], vec![(NEW, 1.0), (NEW, 0.5)]);
        // A soloist who won from one defender and lost to the other (a kontra'd unit) is
        // compared by the totals.
        let r = results(&s, [0, 6, -6]);
        assert_eq!(r[0], vec![(NEW, 0.0), (NEW, 1.0)]);
        assert_eq!(r[2], vec![(NEW, 0.0), (NEW, 0.0)]);
    }

    #[test]
    fn a_computer_is_met_at_its_fixed_rating_and_an_empty_seat_not_at_all() {
        let s = [
            Sitter::Player(NEW),
            Sitter::Computer(Level::Strong),
            Sitter::Nobody,
        ];
        let r = results(&s, [-10, 20, -10]);
        assert_eq!(r[0], vec![(Level::Strong.rating(), 0.0)]);
        assert!(r[1].is_empty() && r[2].is_empty());
        let after = rate_game(&s, [-10, 20, -10]);
        assert!(after[1].is_none() && after[2].is_none());
        assert!(after[0].unwrap().rating < 1500.0);
        // Alone with nobody: no results, the rating as it was.
        let alone = [Sitter::Player(NEW), Sitter::Nobody, Sitter::Nobody];
        assert_eq!(rate_game(&alone, [0, 0, 0]), [Some(NEW), None, None]);
    }

    #[test]
    fn a_new_player_beating_two_new_players_by_hand() {
        // Glicko-2 by hand for 1500/350/0.06 against two 1500/350 opponents, two wins:
        // φ = 350/173.7178 = 2.014762, g(φ) = 1/√(1 + 3φ²/π²) = 0.669069, E = 0.5,
        // v = 1/(2 · g² · 0.25) = 4.467737, Δ = v · 2 · g · 0.5 = 2.989226. The volatility
        // stays 0.06 (Δ² < φ² + v); φ* = √(φ² + σ²) = 2.015655,
        // φ' = 1/√(1/φ*² + 1/v) = 1.458714, μ' = φ'² · g = 1.423677 → 1747.3, RD 253.4.
        let s = [
            Sitter::Player(NEW),
            Sitter::Player(NEW),
            Sitter::Player(NEW),
        ];
        let after = rate_game(&s, [40, -20, -20]);
        let w = after[0].unwrap();
        assert!((w.rating - 1747.3).abs() < 0.5, "{w:?}");
        assert!((w.rd - 253.4).abs() < 0.5, "{w:?}");
        // The defenders: one loss and one draw each, the same for both.
        let d = after[1].unwrap();
        assert_eq!(after[1], after[2]);
        // sum = g · (0 − 0.5) + g · (0.5 − 0.5) = −0.334535; μ' = φ'² · sum → 1376.3.
        assert!((d.rating - 1376.3).abs() < 0.5, "{d:?}");
        assert!((d.rd - 253.4).abs() < 0.5, "{d:?}");
    }
}
