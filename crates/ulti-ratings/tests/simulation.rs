//! Players of known strength play many rated three-seat games (with and against computers);
//! their ratings end in the right order, near their true strengths, with sensible gaps.
//!
//! A seat's money in a game is its strength plus Gumbel noise: then seat i wins more than seat
//! j with probability 1 / (1 + 10^((Rj − Ri) / 400)), exactly the expectation Glicko-2 rates
//! by, so the true ratings are what the system should find. The computers' true strengths are
//! their fixed ratings, which anchor the scale.

use ulti_ratings::{Level, Rating, Sitter, rate_game};

/// SplitMix64: a seeded, dependency-free random stream.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in (0, 1).
    fn unit(&mut self) -> f64 {
        ((self.next() >> 11) as f64 + 0.5) / (1u64 << 53) as f64
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n as u64) as usize
    }

    /// Standard Gumbel.
    fn gumbel(&mut self) -> f64 {
        -(-self.unit().ln()).ln()
    }
}

/// One seat of a simulated game.
#[derive(Clone, Copy)]
enum Who {
    Player(usize),
    Computer(Level),
}

#[test]
fn players_of_known_strength_end_in_order_with_sensible_gaps() {
    let truth = [1100.0, 1300.0, 1500.0, 1700.0, 1900.0];
    let mut ratings = [Rating::NEW_PLAYER; 5];
    let mut rng = Rng(2026);
    let games = 6000;
    // Each player's rating summed over the second half of the games (where it settled).
    let mut settled = [0.0; 5];
    for g in 0..games {
        // Three distinct players in two games of three; a computer in the third.
        let a = rng.below(5);
        let b = (a + 1 + rng.below(4)) % 5;
        let third = if g % 3 == 2 {
            Who::Computer(Level::ALL[rng.below(3)])
        } else {
            let mut c = rng.below(5);
            while c == a || c == b {
                c = rng.below(5);
            }
            Who::Player(c)
        };
        let seats = [Who::Player(a), Who::Player(b), third];
        let strength = |w: Who| match w {
            Who::Player(p) => truth[p],
            Who::Computer(l) => l.rating().rating,
        };
        // Money: strength on the natural scale (ln 10 / 400 per point) plus Gumbel noise.
        let scale = std::f64::consts::LN_10 / 400.0;
        let payments =
            seats.map(|w| ((strength(w) * scale + rng.gumbel()) * 1000.0).round() as i64);
        let sitters = seats.map(|w| match w {
            Who::Player(p) => Sitter::Player(ratings[p]),
            Who::Computer(l) => Sitter::Computer(l),
        });
        let after = rate_game(&sitters, payments);
        for (s, w) in seats.iter().enumerate() {
            if let (Who::Player(p), Some(r)) = (w, after[s]) {
                ratings[*p] = r;
            }
        }
        if g >= games / 2 {
            for (sum, r) in settled.iter_mut().zip(&ratings) {
                *sum += r.rating;
            }
        }
    }
    let shown: Vec<(f64, f64)> = ratings.iter().map(|r| (r.rating, r.rd)).collect();
    let settled: Vec<f64> = settled.iter().map(|x| x / f64::from(games / 2)).collect();
    // The figures BENCHMARKS.md quotes (`cargo test -p ulti-ratings --test simulation -- --nocapture`).
    for ((t, r), s) in truth.iter().zip(&ratings).zip(&settled) {
        println!(
            "true {t:>4}: shown {:>4.0} ± {:>2.0}, settled {s:>4.0}",
            r.rating, r.rd
        );
    }
    // The right order, as shown at the end and as settled over the second half.
    for i in 1..5 {
        assert!(
            ratings[i].rating > ratings[i - 1].rating && settled[i] > settled[i - 1],
            "player {i} is stronger than player {}: {shown:?}, settled {settled:?}",
            i - 1
        );
    }
    for (i, r) in ratings.iter().enumerate() {
        // The deviation is honest: each shown rating within 2.5 RD of the true strength (the
        // computers anchor the scale) …
        assert!(
            (r.rating - truth[i]).abs() < 2.5 * r.rd,
            "player {i}: {} ± {} against a true {}: {shown:?}",
            r.rating,
            r.rd,
            truth[i]
        );
        // … and small enough for the leaderboard (a player who plays mostly lopsided games
        // stays a little less certain).
        assert!(r.rd < 80.0, "player {i}: RD {}", r.rd);
        // Settled, each within 60 of its true strength.
        assert!(
            (settled[i] - truth[i]).abs() < 60.0,
            "player {i}: settled {} against a true {}: {settled:?}",
            settled[i],
            truth[i]
        );
    }
    // Each settled gap between neighbours (a true 200) within 0.6 to 1.4 times the true one,
    // and the whole span within 10 %.
    for i in 1..5 {
        let (got, want) = (settled[i] - settled[i - 1], truth[i] - truth[i - 1]);
        assert!(
            got > want * 0.6 && got < want * 1.4,
            "gap {}–{i}: {got} for a true {want}: {settled:?}",
            i - 1
        );
    }
    let span = settled[4] - settled[0];
    assert!(
        (span - 800.0).abs() < 80.0,
        "span {span} for a true 800: {settled:?}"
    );
}
