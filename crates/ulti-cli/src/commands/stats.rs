//! Means with 95 % intervals and decision-time percentiles, for the match reports.

use serde::Serialize;

/// A mean with its 95 % interval half-width (`null` in JSON with fewer than two deals).
#[derive(Debug, Clone, Copy, Serialize)]
pub struct Estimate {
    /// The mean.
    pub mean: f64,
    /// The 95 % interval's half-width.
    pub ci95: f64,
}

/// The mean of `xs` with its 95 % interval.
pub fn estimate(xs: &[f64]) -> Estimate {
    let n = xs.len() as f64;
    let mean = xs.iter().sum::<f64>() / n;
    let ci95 = if xs.len() < 2 {
        f64::NAN
    } else {
        let var = xs.iter().map(|x| (x - mean).powi(2)).sum::<f64>() / (n - 1.0);
        1.96 * (var / n).sqrt()
    };
    Estimate { mean, ci95 }
}

/// Median, 90th and 99th percentile and maximum of decision times.
#[derive(Debug, Serialize)]
pub struct Timing {
    /// How many.
    pub decisions: usize,
    /// Median.
    pub median_ms: f64,
    /// 90th percentile.
    pub p90_ms: f64,
    /// 99th percentile.
    pub p99_ms: f64,
    /// Maximum.
    pub max_ms: f64,
}

/// Median, p99 and maximum of `v` (milliseconds).
pub fn timing(v: &[f64]) -> Option<Timing> {
    if v.is_empty() {
        return None;
    }
    let mut v = v.to_vec();
    v.sort_by(f64::total_cmp);
    let at = |q: f64| v[((v.len() - 1) as f64 * q).round() as usize];
    Some(Timing {
        decisions: v.len(),
        median_ms: at(0.5),
        p90_ms: at(0.9),
        p99_ms: at(0.99),
        max_ms: v[v.len() - 1],
    })
}

/// `+1.23 ± 0.45`.
pub fn pm(e: Estimate) -> String {
    if e.ci95.is_nan() {
        format!("{:+.2}", e.mean)
    } else {
        format!("{:+.2} ± {:.2}", e.mean, e.ci95)
    }
}
