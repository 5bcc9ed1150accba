//! Judging probability forecasts against outcomes: calibration by decile, Brier score and
//! ROC-AUC (for `ulti advise-eval`).

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
            d.predicted /= f64::from(d.count);
            d.observed /= f64::from(d.count);
        }
    }
    Quality {
        count: n as u32,
        brier,
        auc: auc(forecasts),
        deciles,
    }
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
        let reversed = [(0.1, true), (0.9, false)];
        assert_eq!(quality(&reversed).auc, Some(0.0));
        assert_eq!(quality(&[(0.3, true)]).auc, None);
    }
}
