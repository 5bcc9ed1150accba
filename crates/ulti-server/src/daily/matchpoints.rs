//! Matchpoints: on a deal, each player's money against every other player's on the same
//! deal — 2 for each beaten, 1 for each tie — as a percentage of the most it could get
//! (2 for each other). A player alone on a deal gets 100 %. The day's score is the mean over
//! the deals the player played. Pure.

/// One player's result on one deal, scored.
#[derive(Clone, Debug, PartialEq)]
pub struct Scored {
    /// The player.
    pub player: String,
    /// Its money on the deal.
    pub money: i64,
    /// Its matchpoints, 0–100.
    pub mp: f64,
    /// How many others played the deal.
    pub field: usize,
}

/// Score every result of one deal: `(player, money)`.
#[must_use]
pub fn score_deal(results: &[(String, i64)]) -> Vec<Scored> {
    let others = results.len().saturating_sub(1);
    results
        .iter()
        .map(|(player, money)| {
            let mut points = 0usize;
            for (_, m) in results {
                if m < money {
                    points += 2;
                } else if m == money {
                    points += 1;
                }
            }
            // The loop counted the player against itself as a tie.
            points -= 1;
            let mp = if others == 0 {
                100.0
            } else {
                points as f64 * 100.0 / (2 * others) as f64
            };
            Scored {
                player: player.clone(),
                money: *money,
                mp,
                field: others,
            }
        })
        .collect()
}

/// The day's score: the mean of a player's matchpoints over the deals it played (`None`
/// before its first).
#[must_use]
pub fn day_score(mps: &[f64]) -> Option<f64> {
    (!mps.is_empty()).then(|| mps.iter().sum::<f64>() / mps.len() as f64)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn r(v: &[(&str, i64)]) -> Vec<(String, i64)> {
        v.iter().map(|(p, m)| ((*p).to_string(), *m)).collect()
    }

    #[test]
    fn beaten_and_tied_by_hand() {
        // a beats everyone; b and c tie and beat d.
        let s = score_deal(&r(&[("a", 8), ("b", 2), ("c", 2), ("d", -4)]));
        let mp: Vec<f64> = s.iter().map(|x| x.mp).collect();
        // a: 3 beaten = 6/6; b: 1 beaten + 1 tie = 3/6; c the same; d: 0/6.
        assert_eq!(mp, vec![100.0, 50.0, 50.0, 0.0]);
        assert!(s.iter().all(|x| x.field == 3));
        // The sum over a deal is always half the most (every pair shares 2 points).
        assert_eq!(mp.iter().sum::<f64>(), 200.0);
    }

    #[test]
    fn alone_everyone_tied_and_the_day() {
        let s = score_deal(&r(&[("a", -12)]));
        assert_eq!((s[0].mp, s[0].field), (100.0, 0));
        let s = score_deal(&r(&[("a", 4), ("b", 4), ("c", 4)]));
        assert!(s.iter().all(|x| x.mp == 50.0));
        assert_eq!(day_score(&[100.0, 50.0, 0.0]), Some(50.0));
        assert_eq!(day_score(&[]), None);
    }
}
