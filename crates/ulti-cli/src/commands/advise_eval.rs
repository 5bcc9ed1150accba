//! `ulti advise-eval`: how good is the bid advice? For seeded random deals, the advice from
//! the soloist's twelve cards is judged against the double-dummy truth of the actual deal.
//!
//! - **Forecast**: the top row's win rate, against whether the soloist wins that bid with that
//!   discard in the actual deal under best play on both sides.
//! - **Payoff lost**: the full-information best is the highest payoff over every discard and
//!   every standard bid of the actual deal (what a player who sees all cards would choose);
//!   the advice earns the actual payoff of its bid and discard. Their difference per deal is
//!   the loss.

use std::io::Write;
use std::time::Instant;

use anyhow::{Result, bail};
use serde::Serialize;
use ulti_engine::advise::{
    BidOptions, Decile, Executor, Quality, Task, advise_bid, announcements, discards, quality,
};
use ulti_engine::{CardSet, Deal, RuleOptions};

use crate::cli::AdviseEvalArgs;
use crate::commands::advise::Parallel;
use crate::commands::bench::process_cpu_ms;
use crate::progress;
use crate::report::millis;

/// One judged deal.
#[derive(Debug, Serialize)]
struct Judged {
    deal: String,
    bid: String,
    discard: String,
    predicted: f64,
    won: bool,
    payoff: i32,
    best_payoff: i32,
    best_bid: String,
    ms: f64,
    /// The advice's CPU time over every thread (not inflated on a busy machine).
    cpu_ms: f64,
}

/// `ulti advise-eval --json`.
#[derive(Debug, Serialize)]
struct EvalReport {
    hands: u64,
    samples: u32,
    confirm: u32,
    seed: u64,
    threads: usize,
    quality: Quality,
    mean_payoff: f64,
    mean_best_payoff: f64,
    loss_per_deal: f64,
    advice_ms_median: f64,
    advice_ms_p90: f64,
    advice_cpu_ms_median: f64,
    advice_cpu_ms_p90: f64,
    /// Every ranked row of every advice against the truth (not only the advised bid).
    rows: Quality,
    /// The largest gap between predicted and observed win rate over the rows' deciles with at
    /// least 20 rows.
    rows_worst_decile_gap: f64,
    deals: Vec<Judged>,
    /// Every ranked row of every advice, one by one (for pooling runs and judging other
    /// estimates of the win rate).
    row_forecasts: Vec<RowForecast>,
}

/// One ranked row of one advice against its truth.
#[derive(Debug, Serialize)]
struct RowForecast {
    /// The deal's index in the run.
    deal: u64,
    /// The row's rank in the advice (0: the advised bid).
    rank: usize,
    id: String,
    predicted: f64,
    samples: u32,
    wins: u32,
    confirmed: bool,
    won: bool,
}

/// Hand `index` of a run of `seed`: the random deal, the first seat's twelve (its hand and the
/// talon) and the advice's options with `(samples, confirm, rest)`. `ulti advise-bench` times
/// exactly these hands.
pub fn hand(
    seed: u64,
    index: u64,
    (samples, confirm, rest): (u32, u32, u32),
    rules: RuleOptions,
) -> (Deal, CardSet, BidOptions) {
    let deal = Deal::random(seed.wrapping_mul(1_000_003).wrapping_add(index));
    let twelve = CardSet(deal.hand(0).0 | deal.talon().0);
    let opts = BidOptions {
        samples,
        seed: seed.wrapping_add(index),
        rules,
        confirm,
        rest,
        evidence: None,
    };
    (deal, twelve, opts)
}

/// Run `ulti advise-eval`.
pub fn run(args: &AdviseEvalArgs, out: &mut impl Write) -> Result<()> {
    if args.hands == 0 {
        bail!("--hands must be at least 1");
    }
    let rules: RuleOptions = args.rules.into();
    let mut exec = Parallel::new(args.threads, true)?;
    let threads = exec.threads();
    let anns = announcements();
    let bar = progress::bar(args.hands, "deals");
    let mut judged = Vec::new();
    // Every ranked row of every advice (bid and its discard) against its truth on the deal:
    // the auction compares rows with each other, so each must be calibrated.
    let mut row_forecasts: Vec<(f64, bool)> = Vec::new();
    let mut row_list: Vec<RowForecast> = Vec::new();
    for i in 0..args.hands {
        let (deal, twelve, opts) =
            hand(args.seed, i, (args.samples, args.confirm, args.rest), rules);
        let start = Instant::now();
        let cpu_start = process_cpu_ms();
        let advice = advise_bid(twelve, &opts, &mut exec)?;
        let cpu_ms = process_cpu_ms() - cpu_start;
        let ms = millis(start.elapsed());
        // The truth: every bid of every discard on the actual deal.
        let ds = discards(twelve);
        let tasks = Task::every_discard(&deal, rules);
        let truth = exec.run_all(&tasks);
        let outcomes: Vec<_> = truth
            .iter()
            .map(|r| r.bid_outcomes().expect("bid tasks").to_vec())
            .collect();
        let mut best = (i32::MIN, String::new());
        for (d, row) in outcomes.iter().enumerate() {
            for (a, o) in row.iter().enumerate() {
                if let Some((_, p)) = o
                    && *p > best.0
                {
                    best = (
                        *p,
                        format!("{} discarding {}{}", anns[a].id(), ds[d][0], ds[d][1]),
                    );
                }
            }
        }
        for (rank, row) in advice.bids.iter().enumerate() {
            let d = ds.iter().position(|x| *x == row.discard);
            let a = anns.iter().position(|x| x.id() == row.id);
            if let (Some(d), Some(a)) = (d, a)
                && let Some((won, _)) = outcomes[d][a]
            {
                row_forecasts.push((row.stats.win_prob, won));
                row_list.push(RowForecast {
                    deal: i,
                    rank,
                    id: row.id.clone(),
                    predicted: row.stats.win_prob,
                    samples: row.stats.samples,
                    wins: row.stats.wins,
                    confirmed: row.confirmed,
                    won,
                });
            }
        }
        let rec = advice.bids.first().expect("passz is always playable");
        let d = ds
            .iter()
            .position(|x| *x == rec.discard)
            .expect("the advised discard is one of the 66");
        let a = anns
            .iter()
            .position(|x| x.id() == rec.id)
            .expect("the advised bid is a standard one");
        let (won, payoff) = outcomes[d][a].expect("the advised bid is playable");
        judged.push(Judged {
            deal: deal.code(),
            bid: rec.id.clone(),
            discard: format!("{},{}", rec.discard[0], rec.discard[1]),
            predicted: rec.stats.win_prob,
            won,
            payoff,
            best_payoff: best.0,
            best_bid: best.1,
            ms,
            cpu_ms,
        });
        bar.inc(1);
    }
    bar.finish_and_clear();
    let forecasts: Vec<(f64, bool)> = judged.iter().map(|j| (j.predicted, j.won)).collect();
    let n = judged.len() as f64;
    let mean_payoff = judged.iter().map(|j| f64::from(j.payoff)).sum::<f64>() / n;
    let mean_best = judged.iter().map(|j| f64::from(j.best_payoff)).sum::<f64>() / n;
    let pct_of = |mut times: Vec<f64>, q: f64| {
        times.sort_by(f64::total_cmp);
        times[((times.len() - 1) as f64 * q).round() as usize]
    };
    let wall: Vec<f64> = judged.iter().map(|j| j.ms).collect();
    let cpu: Vec<f64> = judged.iter().map(|j| j.cpu_ms).collect();
    let pct = |q: f64| pct_of(wall.clone(), q);
    let report = EvalReport {
        hands: args.hands,
        samples: args.samples,
        confirm: args.confirm,
        seed: args.seed,
        threads,
        quality: quality(&forecasts),
        mean_payoff,
        mean_best_payoff: mean_best,
        loss_per_deal: mean_best - mean_payoff,
        advice_ms_median: pct(0.5),
        advice_ms_p90: pct(0.9),
        advice_cpu_ms_median: pct_of(cpu.clone(), 0.5),
        advice_cpu_ms_p90: pct_of(cpu.clone(), 0.9),
        rows_worst_decile_gap: worst_gap(&quality(&row_forecasts)),
        rows: quality(&row_forecasts),
        deals: judged,
        row_forecasts: row_list,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    let q = &report.quality;
    writeln!(
        out,
        "{} deals, {} samples per finalist discard, {} confirmation samples, seed {}, {} thread(s)",
        report.hands, report.samples, report.confirm, report.seed, report.threads
    )?;
    writeln!(
        out,
        "Calibration of the advised bid's win rate (double-dummy truth):"
    )?;
    print_deciles(out, &q.deciles, "deals")?;
    writeln!(out, "Brier score: {:.4}", q.brier)?;
    match q.auc {
        Some(auc) => writeln!(out, "ROC-AUC:     {auc:.4}")?,
        None => writeln!(out, "ROC-AUC:     – (every outcome alike)")?,
    }
    if let Some(ceiling) = q.auc_if_exact {
        writeln!(
            out,
            "ROC-AUC if every forecast were the exact chance: {ceiling:.4} (the most any forecast \
             from the soloist's cards can expect for these bids)"
        )?;
    }
    writeln!(
        out,
        "Every ranked row (bid with its discard), {} rows, by decile of the predicted win rate:",
        report.rows.deciles.iter().map(|d| d.count).sum::<u32>()
    )?;
    print_deciles(out, &report.rows.deciles, "rows")?;
    writeln!(
        out,
        "  largest gap over the deciles with 20 rows or more: {:.3}; deciles whose forecast lies \
         outside the 95 % interval of what came true: {}",
        report.rows_worst_decile_gap,
        outside(&report.rows)
    )?;
    writeln!(
        out,
        "Payoff per deal: advice {:+.3}, full information {:+.3}, lost {:.3}",
        report.mean_payoff, report.mean_best_payoff, report.loss_per_deal
    )?;
    writeln!(
        out,
        "Advice time: median {:.0} ms, p90 {:.0} ms wall; CPU (every thread) median {:.0} ms, p90 {:.0} ms",
        report.advice_ms_median,
        report.advice_ms_p90,
        report.advice_cpu_ms_median,
        report.advice_cpu_ms_p90
    )?;
    Ok(())
}

/// A calibration table: per decile the forecasts, their mean, the share that came true and
/// its 95 % interval (a forecast outside it is off by more than sampling noise).
fn print_deciles(out: &mut impl Write, deciles: &[Decile], unit: &str) -> Result<()> {
    writeln!(
        out,
        "  {:<9} {:>6} {:>10} {:>9}  {:>13}",
        "predicted", unit, "mean pred", "observed", "95 % interval"
    )?;
    for d in deciles.iter().filter(|d| d.count > 0) {
        writeln!(
            out,
            "  {:.1}–{:.1}   {:>6} {:>9.1}% {:>8.1}%  {:>5.1}–{:>5.1}%{}",
            d.low,
            d.low + 0.1,
            d.count,
            100.0 * d.predicted,
            100.0 * d.observed,
            100.0 * d.observed_low,
            100.0 * d.observed_high,
            if (d.observed_low..=d.observed_high).contains(&d.predicted) {
                ""
            } else {
                "  (forecast outside)"
            }
        )?;
    }
    Ok(())
}

/// The deciles whose mean forecast lies outside the 95 % interval of what came true, e.g.
/// "none" or "0.3–0.4, 0.5–0.6".
fn outside(q: &Quality) -> String {
    let v: Vec<String> = q
        .deciles
        .iter()
        .filter(|d| d.count > 0 && !(d.observed_low..=d.observed_high).contains(&d.predicted))
        .map(|d| format!("{:.1}–{:.1}", d.low, d.low + 0.1))
        .collect();
    if v.is_empty() {
        "none".into()
    } else {
        v.join(", ")
    }
}

/// The largest |predicted - observed| over the deciles with at least 20 forecasts.
fn worst_gap(q: &Quality) -> f64 {
    q.deciles
        .iter()
        .filter(|d| d.count >= 20)
        .map(|d| (d.predicted - d.observed).abs())
        .fold(0.0, f64::max)
}
