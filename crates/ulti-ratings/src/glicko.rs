//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a rating, its
//! deviation and volatility, updated after each rating period. The Puzzles page's rated
//! practice plays one game per period: the player against the puzzle, and the puzzle against
//! the player. A live table's game is one period for each of its players ([`crate::game`]);
//! between games the deviation grows with the time without games ([`Rating::after_idle`]).

use serde::{Deserialize, Serialize};

/// The Glicko-2 scale factor (400 / ln 10).
const SCALE: f64 = 173.7178;
/// The system constant τ: how much the volatility may change.
const TAU: f64 = 0.5;
/// The convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;
/// Deviations stay in this range: a rating never looks certain, nor less known than a new one.
pub const RD_RANGE: (f64, f64) = (45.0, 350.0);
/// A rating is provisional (shown with "?") while its deviation is at least this.
pub const PROVISIONAL_RD: f64 = 110.0;
/// A player is on the leaderboard while its deviation is below this.
pub const LEADERBOARD_RD: f64 = 75.0;
/// The length of a rating period without games, in milliseconds: one day.
pub const IDLE_PERIOD_MS: i64 = 86_400_000;

/// A rating with its deviation (RD) and volatility.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rating {
    /// The rating (1500 average).
    pub rating: f64,
    /// The rating deviation.
    pub rd: f64,
    /// The volatility.
    pub vol: f64,
}

impl Default for Rating {
    fn default() -> Rating {
        Rating::NEW_PLAYER
    }
}

impl Rating {
    /// A player who has not played.
    pub const NEW_PLAYER: Rating = Rating {
        rating: 1500.0,
        rd: 350.0,
        vol: 0.06,
    };

    /// A puzzle not played yet: its difficulty estimate, fairly uncertain.
    #[must_use]
    pub fn puzzle(difficulty: u32) -> Rating {
        Rating {
            rating: f64::from(difficulty),
            rd: 200.0,
            vol: 0.06,
        }
    }

    /// The rating rounded for display.
    #[must_use]
    pub fn shown(&self) -> i32 {
        self.rating.round() as i32
    }

    /// Is the rating still provisional (deviation at least [`PROVISIONAL_RD`])?
    #[must_use]
    pub fn provisional(&self) -> bool {
        self.rd >= PROVISIONAL_RD
    }

    /// May the player be on the leaderboard (deviation below [`LEADERBOARD_RD`])?
    #[must_use]
    pub fn ranked(&self) -> bool {
        self.rd < LEADERBOARD_RD
    }

    /// The rating after `periods` rating periods without games (Glickman's step 6 for a
    /// player who did not compete, once per period: φ² grows by σ² each period; fractions of a
    /// period count in proportion). The deviation never exceeds a new player's, 350, and never
    /// shrinks.
    #[must_use]
    pub fn after_idle(self, periods: f64) -> Rating {
        if periods <= 0.0 || !periods.is_finite() {
            return self;
        }
        let phi = self.rd / SCALE;
        let phi_star = (phi * phi + periods * self.vol * self.vol).sqrt();
        Rating {
            rd: (phi_star * SCALE).min(RD_RANGE.1).max(self.rd),
            ..self
        }
    }

    /// The rating `now_ms` after it was last rated at `rated_ms` (both in milliseconds):
    /// [`Rating::after_idle`] for the days between, in [`IDLE_PERIOD_MS`] periods.
    #[must_use]
    pub fn at(self, rated_ms: i64, now_ms: i64) -> Rating {
        self.after_idle(now_ms.saturating_sub(rated_ms) as f64 / IDLE_PERIOD_MS as f64)
    }

    /// The expected score of `self` against `other` (0 to 1).
    #[must_use]
    pub fn expected(&self, other: &Rating) -> f64 {
        let (mu, mu_j) = (to_mu(self.rating), to_mu(other.rating));
        let phi_j = other.rd / SCALE;
        1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
    }
}

fn to_mu(r: f64) -> f64 {
    (r - 1500.0) / SCALE
}

fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (std::f64::consts::PI * std::f64::consts::PI)).sqrt()
}

/// `player` after one rating period with `games` (opponent, score: 1 win, 0 loss, 0.5 draw).
#[must_use]
pub fn update(player: Rating, games: &[(Rating, f64)]) -> Rating {
    let mu = to_mu(player.rating);
    let phi = player.rd / SCALE;
    if games.is_empty() {
        let phi_star = (phi * phi + player.vol * player.vol).sqrt();
        return Rating {
            rd: (phi_star * SCALE).clamp(RD_RANGE.0, RD_RANGE.1),
            ..player
        };
    }
    let mut v_inv = 0.0;
    let mut sum = 0.0;
    for (opp, score) in games {
        let phi_j = opp.rd / SCALE;
        let gj = g(phi_j);
        let e = 1.0 / (1.0 + (-gj * (mu - to_mu(opp.rating))).exp());
        v_inv += gj * gj * e * (1.0 - e);
        sum += gj * (score - e);
    }
    let v = 1.0 / v_inv;
    let delta = v * sum;
    let vol = new_volatility(phi, v, delta, player.vol);
    let phi_star = (phi * phi + vol * vol).sqrt();
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * sum;
    Rating {
        rating: mu_new * SCALE + 1500.0,
        rd: (phi_new * SCALE).clamp(RD_RANGE.0, RD_RANGE.1),
        vol,
    }
}

/// Step 5 of Glicko-2: the new volatility (the Illinois algorithm).
fn new_volatility(phi: f64, v: f64, delta: f64, sigma: f64) -> f64 {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        let d = phi * phi + v + ex;
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * d * d) - (x - a) / (TAU * TAU)
    };
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        let mut k = 1.0;
        while f(a - k * TAU) < 0.0 {
            k += 1.0;
        }
        a - k * TAU
    };
    let (mut fa, mut fb) = (f(big_a), f(big_b));
    for _ in 0..100 {
        if (big_b - big_a).abs() <= EPSILON {
            break;
        }
        let c = big_a + (big_a - big_b) * fa / (fb - fa);
        let fc = f(c);
        if fc * fb <= 0.0 {
            big_a = big_b;
            fa = fb;
        } else {
            fa /= 2.0;
        }
        big_b = c;
        fb = fc;
    }
    (big_a / 2.0).exp()
}

/// One rated try: the player and the puzzle, before and after.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RatedGame {
    /// The player before.
    pub player_before: Rating,
    /// The player after.
    pub player_after: Rating,
    /// The puzzle before.
    pub puzzle_before: Rating,
    /// The puzzle after.
    pub puzzle_after: Rating,
}

/// Rate one try: the player scores 1 for a right answer, the puzzle 1 for a wrong one.
#[must_use]
pub fn rate(player: Rating, puzzle: Rating, right: bool) -> RatedGame {
    let s = if right { 1.0 } else { 0.0 };
    RatedGame {
        player_before: player,
        player_after: update(player, &[(puzzle, s)]),
        puzzle_before: puzzle,
        puzzle_after: update(puzzle, &[(player, 1.0 - s)]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn glickmans_worked_example() {
        // Glickman's paper: 1500 / 200 / 0.06 against 1400/30 (win), 1550/100 (loss),
        // 1700/300 (loss) → 1464.06 / 151.52 / 0.05999.
        let p = Rating {
            rating: 1500.0,
            rd: 200.0,
            vol: 0.06,
        };
        let opp = |r: f64, rd: f64| Rating {
            rating: r,
            rd,
            vol: 0.06,
        };
        let after = update(
            p,
            &[
                (opp(1400.0, 30.0), 1.0),
                (opp(1550.0, 100.0), 0.0),
                (opp(1700.0, 300.0), 0.0),
            ],
        );
        assert!((after.rating - 1464.06).abs() < 0.05, "{after:?}");
        assert!((after.rd - 151.52).abs() < 0.05, "{after:?}");
        assert!((after.vol - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_right_answer_raises_the_player_and_lowers_the_puzzle() {
        let g = rate(Rating::NEW_PLAYER, Rating::puzzle(1600), true);
        assert!(g.player_after.rating > 1500.0);
        assert!(g.puzzle_after.rating < 1600.0);
        assert!(g.player_after.rd < 350.0);
        let g = rate(Rating::NEW_PLAYER, Rating::puzzle(1600), false);
        assert!(g.player_after.rating < 1500.0);
        assert!(g.puzzle_after.rating > 1600.0);
        // Beating a harder puzzle gains more than beating an easier one.
        let hard = rate(Rating::NEW_PLAYER, Rating::puzzle(1900), true);
        let easy = rate(Rating::NEW_PLAYER, Rating::puzzle(1100), true);
        assert!(hard.player_after.rating > easy.player_after.rating);
    }

    #[test]
    fn deviations_stay_in_range() {
        let mut p = Rating::NEW_PLAYER;
        for i in 0..200 {
            p = update(p, &[(Rating::puzzle(1500), f64::from(i % 2))]);
        }
        assert!(p.rd >= RD_RANGE.0 && p.rd <= RD_RANGE.1);
        assert!((p.rating - 1500.0).abs() < 100.0, "{p:?}");
        assert!(update(Rating::NEW_PLAYER, &[]).rd <= RD_RANGE.1);
    }

    #[test]
    fn the_deviation_grows_with_idle_days_up_to_a_new_players() {
        let p = Rating {
            rating: 1700.0,
            rd: 60.0,
            vol: 0.06,
        };
        assert!(p.ranked() && !p.provisional());
        // By hand: φ = 60 / 173.7178 = 0.345388; 30 days: φ² + 30 · 0.0036 = 0.227293,
        // √ = 0.476753 → RD 82.82.
        let month = p.at(0, 30 * IDLE_PERIOD_MS);
        assert!((month.rd - 82.82).abs() < 0.01, "{month:?}");
        assert_eq!((month.rating, month.vol), (p.rating, p.vol));
        assert!(!month.ranked() && !month.provisional());
        // A day later than that is a little more; no time is nothing; time never shrinks it.
        assert!(p.at(0, 31 * IDLE_PERIOD_MS).rd > month.rd);
        assert_eq!(p.at(0, 0), p);
        assert_eq!(p.at(10, 0), p);
        // Years away: as unknown as a new player, no more.
        let years = p.at(0, 3000 * IDLE_PERIOD_MS);
        assert_eq!(years.rd, 350.0);
        assert!(years.provisional());
        assert_eq!(Rating::NEW_PLAYER.after_idle(5.0).rd, 350.0);
    }
}
