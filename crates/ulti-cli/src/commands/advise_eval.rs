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
    BidFamily, BidOptions, Decile, Executor, Quality, Task, advise_bid, announcements, discards,
    group_gap_intervals, quality,
};
use ulti_engine::players::Level;
use ulti_engine::{CardSet, Deal, RuleOptions};

use crate::cli::AdviseEvalArgs;
use crate::commands::advise::Parallel;
use crate::commands::bench::process_cpu_ms;
use crate::commands::real_play::{self, Candidate};
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
    /// Per decile of the rows, the 95 % interval of the gap (observed less predicted) with
    /// whole hands resampled: a hand's rows share its deal and win or lose together, so the
    /// Wilson interval of each decile, which counts rows as independent, is too narrow.
    rows_gap_over_hands: [Option<(f64, f64)>; 10],
    deals: Vec<Judged>,
    /// The rows played out by our card players (`--real-play`).
    #[serde(skip_serializing_if = "Option::is_none")]
    real_play: Option<RealPlayReport>,
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
    /// Its expected payoff per defender over the fresh samples (open-hand).
    expected_payoff: f64,
    /// Its payoff per defender on the actual deal, open-hand.
    payoff: i32,
    /// Made when played out by our card players from their own views (`--real-play`).
    #[serde(skip_serializing_if = "Option::is_none")]
    real_won: Option<bool>,
    /// Its payoff per defender then.
    #[serde(skip_serializing_if = "Option::is_none")]
    real_payoff: Option<i32>,
    /// The row's contract family (see [`family`]).
    family: &'static str,
}

/// One contract family's rows played out (`--real-play`).
#[derive(Debug, Serialize)]
struct FamilyRealPlay {
    family: &'static str,
    rows: u32,
    /// Mean predicted (open-hand) win rate.
    predicted: f64,
    /// Share made open-hand on the actual deal.
    open_hand: f64,
    /// Share made in real play on the actual deal.
    real_play: f64,
    /// Mean expected payoff per defender over the advice's samples (open-hand).
    expected_payoff: f64,
    /// Mean payoff per defender on the actual deal, open-hand.
    open_payoff: f64,
    /// Mean payoff per defender on the actual deal in real play.
    real_payoff: f64,
}

/// The rows played out (`--real-play`).
#[derive(Debug, Serialize)]
struct RealPlayReport {
    /// Their predicted rate against the real-play outcome.
    real: Quality,
    /// The same rows against the open-hand outcome.
    open_hand: Quality,
    families: Vec<FamilyRealPlay>,
}

/// The family a bid is calibrated in (the engine's [`BidFamily`], by its short name).
fn family(a: &ulti_engine::Announcement) -> &'static str {
    BidFamily::of(&a.bid).name()
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
        let first_row = row_list.len();
        let mut candidates = Vec::new();
        for (rank, row) in advice.bids.iter().enumerate() {
            let d = ds.iter().position(|x| *x == row.discard);
            let a = anns.iter().position(|x| x.id() == row.id);
            if let (Some(d), Some(a)) = (d, a)
                && let Some((won, payoff)) = outcomes[d][a]
            {
                if candidates.len() < args.real_play && row.stats.win_prob > 0.0 {
                    candidates.push(Candidate {
                        discard: row.discard,
                        announcement: anns[a].clone(),
                    });
                }
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
                    expected_payoff: row.stats.expected_payoff,
                    payoff,
                    real_won: None,
                    real_payoff: None,
                    family: family(&anns[a]),
                });
            }
        }
        if !candidates.is_empty() {
            let real = real_play::outcomes(&deal, &candidates, Level::Strong, rules, opts.seed);
            let played = row_list[first_row..]
                .iter_mut()
                .filter(|r| r.predicted > 0.0)
                .take(args.real_play);
            for (r, got) in played.zip(real) {
                r.real_won = got.map(|g| g.0);
                r.real_payoff = got.map(|g| g.1);
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
        rows_gap_over_hands: group_gap_intervals(&by_hand(&row_list), 400, args.seed),
        rows: quality(&row_forecasts),
        deals: judged,
        real_play: (args.real_play > 0).then(|| real_play_report(&row_list)),
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
    print_over_hands(out, &report.rows, &report.rows_gap_over_hands)?;
    if let Some(r) = &report.real_play {
        print_real_play(out, r)?;
    }
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

/// The rows' forecasts grouped by hand.
fn by_hand(rows: &[RowForecast]) -> Vec<Vec<(f64, bool)>> {
    let mut groups: Vec<Vec<(f64, bool)>> = Vec::new();
    for r in rows {
        if groups.len() <= r.deal as usize {
            groups.resize(r.deal as usize + 1, Vec::new());
        }
        groups[r.deal as usize].push((r.predicted, r.won));
    }
    groups
}

/// Each decile's gap with its interval over hands, and the deciles whose interval excludes 0.
fn print_over_hands(
    out: &mut impl Write,
    q: &Quality,
    over_hands: &[Option<(f64, f64)>; 10],
) -> Result<()> {
    writeln!(
        out,
        "  the gap (observed less predicted) with its 95 % interval when whole hands are \
         resampled (a hand's rows share its deal):"
    )?;
    let mut off = Vec::new();
    for (d, iv) in q.deciles.iter().zip(over_hands) {
        let Some((lo, hi)) = *iv else { continue };
        let name = format!("{:.1}–{:.1}", d.low, d.low + 0.1);
        writeln!(
            out,
            "  {name}   {:>+6.3}  [{lo:+.3}, {hi:+.3}]",
            d.observed - d.predicted
        )?;
        if lo > 0.0 || hi < 0.0 {
            off.push(name);
        }
    }
    writeln!(
        out,
        "  deciles whose gap's interval over hands excludes 0: {}",
        if off.is_empty() {
            "none".to_string()
        } else {
            off.join(", ")
        }
    )?;
    Ok(())
}

/// The largest |predicted - observed| over the deciles with at least 20 forecasts.
fn worst_gap(q: &Quality) -> f64 {
    q.deciles
        .iter()
        .filter(|d| d.count >= 20)
        .map(|d| (d.predicted - d.observed).abs())
        .fold(0.0, f64::max)
}

/// The rows played out: their forecasts against real play and against open-hand play, and
/// per family how often each made its bid.
fn real_play_report(rows: &[RowForecast]) -> RealPlayReport {
    let played: Vec<&RowForecast> = rows.iter().filter(|r| r.real_won.is_some()).collect();
    let real: Vec<(f64, bool)> = played
        .iter()
        .map(|r| (r.predicted, r.real_won == Some(true)))
        .collect();
    let open: Vec<(f64, bool)> = played.iter().map(|r| (r.predicted, r.won)).collect();
    let mut families = Vec::new();
    for f in ["passz", "100", "ulti", "betli", "durchmars", "other"] {
        let of: Vec<&&RowForecast> = played.iter().filter(|r| r.family == f).collect();
        if of.is_empty() {
            continue;
        }
        let n = of.len() as f64;
        let share =
            |p: &dyn Fn(&RowForecast) -> bool| of.iter().filter(|r| p(r)).count() as f64 / n;
        families.push(FamilyRealPlay {
            family: f,
            rows: of.len() as u32,
            predicted: of.iter().map(|r| r.predicted).sum::<f64>() / n,
            open_hand: share(&|r| r.won),
            real_play: share(&|r| r.real_won == Some(true)),
            expected_payoff: of.iter().map(|r| r.expected_payoff).sum::<f64>() / n,
            open_payoff: of.iter().map(|r| f64::from(r.payoff)).sum::<f64>() / n,
            real_payoff: of
                .iter()
                .map(|r| f64::from(r.real_payoff.unwrap_or(0)))
                .sum::<f64>()
                / n,
        });
    }
    RealPlayReport {
        real: quality(&real),
        open_hand: quality(&open),
        families,
    }
}

/// The real-play part of the text report.
fn print_real_play(out: &mut impl Write, r: &RealPlayReport) -> Result<()> {
    writeln!(
        out,
        "The leading rows played out by the strong card player at every seat, {} rows, against \
         real play:",
        r.real.count
    )?;
    print_deciles(out, &r.real.deciles, "rows")?;
    writeln!(out, "  the same rows against open-hand play:")?;
    print_deciles(out, &r.open_hand.deciles, "rows")?;
    writeln!(
        out,
        "  {:<10} {:>5} {:>10} {:>10} {:>10}   payoff per defender: {:>8} {:>10} {:>10}",
        "family",
        "rows",
        "predicted",
        "open-hand",
        "real play",
        "expected",
        "open-hand",
        "real play"
    )?;
    for f in &r.families {
        writeln!(
            out,
            "  {:<10} {:>5} {:>9.1}% {:>9.1}% {:>9.1}%                        {:>+8.2} {:>+10.2} {:>+10.2}",
            f.family,
            f.rows,
            100.0 * f.predicted,
            100.0 * f.open_hand,
            100.0 * f.real_play,
            f.expected_payoff,
            f.open_payoff,
            f.real_payoff
        )?;
    }
    Ok(())
}
