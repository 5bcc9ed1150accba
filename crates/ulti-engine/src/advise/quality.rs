//! Judging probability forecasts against outcomes: calibration by decile, Brier score and
//! ROC-AUC (for `ulti advise-eval`).

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// One decile of the calibration table.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decile {
    /// Forecasts in `[low, low + 0.1)` (the last decile includes 1).
    pub low: f64,
    /// How many.
    pub count: u32,
    /// Their mean forecast.
    pub predicted: f64,
    /// The share that came true.
    pub observed: f64,
    /// The Wilson 95 % interval of that share: where the true rate of these forecasts' cases
    /// lies, so that a gap to `predicted` outside it is bias, not sampling noise.
    pub observed_low: f64,
    /// Its high end.
    pub observed_high: f64,
    /// The largest gap between `predicted` and the interval's far end: how far off these
    /// forecasts could be at worst (95 %).
    pub gap_bound: f64,
}

/// Calibration, Brier score and ROC-AUC of forecasts `p` of outcomes `o`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Quality {
    /// Forecasts judged.
    pub count: u32,
    /// Mean squared error of the forecasts (0 is perfect).
    pub brier: f64,
    /// The chance that a random true case got a higher forecast than a random false one
    /// (ties count half); `None` when all outcomes agree.
    pub auc: Option<f64>,
    /// The ROC-AUC these forecasts would get on average if each were exactly the chance of
    /// its outcome (each outcome a coin with that probability): the most any forecaster with
    /// the same information can expect for the same choices, since ranking by the true chance
    /// is the best ranking there is (Neyman–Pearson). `None` when every forecast is 0 or 1
    /// alike.
    pub auc_if_exact: Option<f64>,
    /// The ten deciles.
    pub deciles: Vec<Decile>,
}

/// Judge forecasts `(p, outcome)`.
#[must_use]
pub fn quality(forecasts: &[(f64, bool)]) -> Quality {
    let n = forecasts.len();
    let brier = if n == 0 {
        0.0
    } else {
        forecasts
            .iter()
            .map(|&(p, o)| (p - f64::from(u8::from(o))).powi(2))
            .sum::<f64>()
            / n as f64
    };
    let mut deciles: Vec<Decile> = (0..10)
        .map(|k| Decile {
            low: f64::from(k) / 10.0,
            count: 0,
            predicted: 0.0,
            observed: 0.0,
            observed_low: 0.0,
            observed_high: 1.0,
            gap_bound: 1.0,
        })
        .collect();
    for &(p, o) in forecasts {
        let k = ((p * 10.0).floor() as usize).min(9);
        deciles[k].count += 1;
        deciles[k].predicted += p;
        deciles[k].observed += f64::from(u8::from(o));
    }
    for d in &mut deciles {
        if d.count > 0 {
            let came_true = d.observed.round() as u32;
            (d.observed_low, d.observed_high) = super::wilson(came_true, d.count);
            d.predicted /= f64::from(d.count);
            d.observed /= f64::from(d.count);
            d.gap_bound = (d.predicted - d.observed_low).max(d.observed_high - d.predicted);
        }
    }
    Quality {
        count: n as u32,
        brier,
        auc: auc(forecasts),
        auc_if_exact: auc_if_exact(forecasts),
        deciles,
    }
}

/// The 95 % interval of each decile's gap, observed share less mean forecast, when forecasts
/// come in groups whose outcomes are not independent: the ranked rows of one hand share its
/// actual deal and the advice's layouts, so they win or lose together, and an interval that
/// counts them as independent rows (the Wilson interval of [`Decile`]) is too narrow. Whole
/// groups are resampled with replacement `rounds` times (ChaCha8 from `seed`, so runs repeat);
/// `None` for a decile without forecasts.
#[must_use]
pub fn group_gap_intervals(
    groups: &[Vec<(f64, bool)>],
    rounds: u32,
    seed: u64,
) -> [Option<(f64, f64)>; 10] {
    let mut gaps: Vec<Vec<f64>> = vec![Vec::new(); 10];
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let n = groups.len();
    for _ in 0..rounds.max(1) {
        let mut sums = [(0u32, 0.0f64, 0u32); 10];
        for _ in 0..n {
            for &(p, o) in &groups[rng.random_range(0..n)] {
                let s = &mut sums[((p * 10.0).floor() as usize).min(9)];
                s.0 += 1;
                s.1 += p;
                s.2 += u32::from(o);
            }
        }
        for (k, &(c, p, o)) in sums.iter().enumerate() {
            if c > 0 {
                gaps[k].push((f64::from(o) - p) / f64::from(c));
            }
        }
    }
    let whole: Vec<(f64, bool)> = groups.iter().flatten().copied().collect();
    let base = quality(&whole);
    std::array::from_fn(|k| {
        let g = &mut gaps[k];
        if base.deciles[k].count == 0 || g.is_empty() {
            return None;
        }
        g.sort_by(f64::total_cmp);
        let at = |q: f64| g[((g.len() - 1) as f64 * q).round() as usize];
        Some((at(0.025), at(0.975)))
    })
}

/// ROC-AUC by the Mann–Whitney rank sum, ties shared.
fn auc(forecasts: &[(f64, bool)]) -> Option<f64> {
    let pos = forecasts.iter().filter(|f| f.1).count();
    let neg = forecasts.len() - pos;
    if pos == 0 || neg == 0 {
        return None;
    }
    let mut v: Vec<(f64, bool)> = forecasts.to_vec();
    v.sort_by(|a, b| a.0.total_cmp(&b.0));
    let mut rank_sum = 0.0;
    let mut i = 0;
    while i < v.len() {
        let mut j = i;
        while j < v.len() && v[j].0 == v[i].0 {
            j += 1;
        }
        // Ranks i+1 ..= j share their mean.
        let mean_rank = (i + 1 + j) as f64 / 2.0;
        rank_sum += mean_rank * v[i..j].iter().filter(|f| f.1).count() as f64;
        i = j;
    }
    let pos = pos as f64;
    Some((rank_sum - pos * (pos + 1.0) / 2.0) / (pos * neg as f64))
}

/// The expected ROC-AUC when each outcome `i` is true with probability `p_i` and forecast by
/// `p_i` itself, as the ratio of the expected concordant weight to the expected number of
/// (true, false) pairs: `sum p_i (1 - p_j) [p_i > p_j] / sum p_i (1 - p_j)` over pairs
/// `i != j`, ties counting half. Sorted by forecast, each sum is one pass.
fn auc_if_exact(forecasts: &[(f64, bool)]) -> Option<f64> {
    let mut p: Vec<f64> = forecasts.iter().map(|f| f.0).collect();
    p.sort_by(f64::total_cmp);
    let (mut concordant, mut below_false) = (0.0, 0.0);
    let mut i = 0;
    while i < p.len() {
        let mut j = i;
        while j < p.len() && p[j] == p[i] {
            j += 1;
        }
        let k = (j - i) as f64;
        // Pairs with a lower forecast, and ties within the group (i != j) counted half.
        concordant += k * p[i] * below_false + 0.5 * k * (k - 1.0) * p[i] * (1.0 - p[i]);
        below_false += k * (1.0 - p[i]);
        i = j;
    }
    let total_true: f64 = p.iter().sum();
    let total_false: f64 = p.iter().map(|x| 1.0 - x).sum();
    let pairs = total_true * total_false - p.iter().map(|x| x * (1.0 - x)).sum::<f64>();
    (pairs > 0.0).then(|| concordant / pairs)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perfect_and_useless_forecasts() {
        let perfect = [(1.0, true), (0.0, false), (0.9, true), (0.2, false)];
        let q = quality(&perfect);
        assert_eq!(q.auc, Some(1.0));
        assert!(q.brier < 0.02);
        let flat = [(0.5, true), (0.5, false), (0.5, true), (0.5, false)];
        let q = quality(&flat);
        assert_eq!(q.auc, Some(0.5));
        assert!((q.brier - 0.25).abs() < 1e-12);
        assert_eq!(q.deciles[5].count, 4);
        assert!((q.deciles[5].observed - 0.5).abs() < 1e-12);
        // Two of four: the interval is wide and holds the forecast.
        let d = &q.deciles[5];
        assert!(d.observed_low < 0.2 && d.observed_high > 0.8, "{d:?}");
        assert!(d.gap_bound > 0.3);
        let reversed = [(0.1, true), (0.9, false)];
        assert_eq!(quality(&reversed).auc, Some(0.0));
        assert_eq!(quality(&[(0.3, true)]).auc, None);
    }

    /// Rows that always win or lose together count as one: five copies of each of 200 coins
    /// give an interval about √5 wider than 1,000 independent coins; it holds the gap and
    /// repeats with its seed.
    #[test]
    fn grouped_rows_widen_the_interval() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let coins: Vec<(f64, bool)> = (0..1000).map(|_| (0.5, rng.random_bool(0.5))).collect();
        let coin = |i: usize| coins[i];
        let copies: Vec<Vec<(f64, bool)>> = (0..200).map(|i| vec![coin(i); 5]).collect();
        let single: Vec<Vec<(f64, bool)>> = (0..1000).map(|i| vec![coin(i)]).collect();
        let width = |g: &[Vec<(f64, bool)>]| {
            let (lo, hi) = group_gap_intervals(g, 400, 1)[5].expect("forecasts at 0.5");
            let whole: Vec<(f64, bool)> = g.iter().flatten().copied().collect();
            let gap = quality(&whole).deciles[5].observed - 0.5;
            assert!(lo <= gap && gap <= hi, "{lo} {gap} {hi}");
            hi - lo
        };
        let ratio = width(&copies) / width(&single);
        assert!((1.7..2.9).contains(&ratio), "{ratio}");
        assert_eq!(
            group_gap_intervals(&copies, 50, 3),
            group_gap_intervals(&copies, 50, 3)
        );
        assert!(group_gap_intervals(&copies, 50, 3)[0].is_none());
    }

    /// The closed form against the pairs counted one by one, and what it means: forecasts of
    /// 0 and 1 are certain (1), coins of one chance cannot be told apart (0.5).
    #[test]
    fn auc_if_exact_matches_its_definition() {
        let f: Vec<(f64, bool)> = [0.05, 0.3, 0.3, 0.5, 0.8, 0.95, 0.95, 1.0]
            .iter()
            .map(|&p| (p, false))
            .collect();
        let (mut num, mut den) = (0.0, 0.0);
        for (i, a) in f.iter().enumerate() {
            for (j, b) in f.iter().enumerate() {
                if i != j {
                    let w = a.0 * (1.0 - b.0);
                    den += w;
                    num += w * if a.0 > b.0 {
                        1.0
                    } else if a.0 == b.0 {
                        0.5
                    } else {
                        0.0
                    };
                }
            }
        }
        let got = quality(&f).auc_if_exact.unwrap();
        assert!((got - num / den).abs() < 1e-12, "{got} vs {}", num / den);
        let certain = [(0.0, false), (1.0, true), (0.0, false), (1.0, true)];
        assert_eq!(quality(&certain).auc_if_exact, Some(1.0));
        let coins = [(0.5, true), (0.5, false), (0.5, false)];
        assert_eq!(quality(&coins).auc_if_exact, Some(0.5));
        assert_eq!(quality(&[(1.0, true), (1.0, true)]).auc_if_exact, None);
    }
}
