//! `ulti advise`: real-table advice from what one seat sees (bid and discard, or a card).

use std::cell::RefCell;
use std::io::Write;
use std::num::NonZeroUsize;
use std::time::{Duration, Instant};

use anyhow::{Result, bail};
use indicatif::ProgressBar;
use rayon::prelude::*;
use serde::Serialize;
use ulti_engine::advise::{
    BidAdvice, BidOptions, CardAdvice, CardOptions, Executor, SeatView, Task, TaskResult,
    advise_bid, advise_card,
};
use ulti_engine::{CardSet, RuleOptions, Solver, parse_cards};

use crate::cli::AdviseArgs;
use crate::input;
use crate::progress;
use crate::report::millis;

thread_local! {
    /// One solver per worker thread, reused for every sample it solves.
    static SOLVER: RefCell<Solver> = RefCell::new(Solver::new());
}

/// Runs tasks on a rayon pool, one solver per thread, ticking a progress bar.
pub struct Parallel {
    pool: rayon::ThreadPool,
    bar: ProgressBar,
}

impl Parallel {
    /// A pool of `threads` workers (all cores when `None`), with a progress bar on a terminal
    /// unless `quiet`.
    pub fn new(threads: Option<NonZeroUsize>, quiet: bool) -> Result<Parallel> {
        let pool = progress::thread_pool(threads)?;
        let bar = if quiet {
            ProgressBar::hidden()
        } else {
            progress::bar(0, "samples")
        };
        Ok(Parallel { pool, bar })
    }

    /// The number of worker threads.
    pub fn threads(&self) -> usize {
        self.pool.current_num_threads()
    }

    /// [`Executor::run_all`], and each task's time in milliseconds on the thread that solved
    /// it (for `ulti advise-bench`).
    pub fn run_timed(&mut self, tasks: &[Task]) -> (Vec<TaskResult>, Vec<f64>) {
        self.pool.install(|| {
            tasks
                .par_iter()
                .map(|t| {
                    let start = Instant::now();
                    let r = SOLVER.with_borrow_mut(|s| t.run(s));
                    (r, millis(start.elapsed()))
                })
                .unzip()
        })
    }

    /// Clear the progress bar.
    pub fn finish(&self) {
        self.bar.finish_and_clear();
    }
}

impl Executor for Parallel {
    fn run_all(&mut self, tasks: &[Task]) -> Vec<TaskResult> {
        self.bar.inc_length(tasks.len() as u64);
        let bar = &self.bar;
        self.pool.install(|| {
            tasks
                .par_iter()
                .map(|t| {
                    let r = SOLVER.with_borrow_mut(|s| t.run(s));
                    bar.inc(1);
                    r
                })
                .collect()
        })
    }
}

/// `ulti advise --json`: the advice, how it was asked for, and the time it took.
#[derive(Debug, Serialize)]
struct Report<T> {
    #[serde(flatten)]
    advice: T,
    threads: usize,
    ms: f64,
}

/// Run `ulti advise`.
pub fn run(args: &AdviseArgs, out: &mut impl Write) -> Result<()> {
    let rules: RuleOptions = args.rules.into();
    let mut exec = Parallel::new(args.threads, args.json)?;
    if let Some(hand) = &args.hand {
        let cards = parse_cards(hand)?;
        let set: CardSet = cards.iter().copied().collect();
        if set.len() as usize != cards.len() {
            bail!("a card appears twice in --hand");
        }
        let opts = BidOptions {
            samples: args.samples.unwrap_or(BidOptions::default().samples),
            seed: args.seed,
            rules,
            confirm: args.confirm,
            rest: args.rest,
            evidence: None,
        };
        return answer(
            out,
            args.json,
            &mut exec,
            |e| advise_bid(set, &opts, e),
            bid_text,
        );
    }
    let (Some(code), Some(contract), Some(seat)) = (&args.deal, &args.contract, args.seat) else {
        bail!("give --hand CARDS for the bid advice, or --deal, --contract and --seat for a card");
    };
    let deal = input::deal(code)?;
    let bid = input::bid(contract)?;
    let played = parse_cards(args.played.as_deref().unwrap_or(""))?;
    // The only use of the full deal: the seat's view is taken out of it.
    let view = SeatView::from_deal(&deal, &bid, &played, seat, rules)?;
    let opts = CardOptions {
        samples: args.samples.unwrap_or(CardOptions::default().samples),
        seed: args.seed,
        points: !args.no_points,
    };
    answer(
        out,
        args.json,
        &mut exec,
        |e| advise_card(&view, &opts, e),
        card_text,
    )
}

/// Runs `advise` on `exec`, timed, and writes its answer as JSON or as `text` for people.
fn answer<T: Serialize, E: Into<anyhow::Error>>(
    out: &mut impl Write,
    json: bool,
    exec: &mut Parallel,
    advise: impl FnOnce(&mut Parallel) -> Result<T, E>,
    text: fn(&T, usize, Duration) -> String,
) -> Result<()> {
    let threads = exec.threads();
    let start = Instant::now();
    let advice = advise(exec);
    exec.finish();
    let advice = advice.map_err(Into::into)?;
    let elapsed = start.elapsed();
    if json {
        let report = Report {
            advice,
            threads,
            ms: millis(elapsed),
        };
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", text(&advice, threads, elapsed))?;
    }
    Ok(())
}

fn pct(p: f64) -> String {
    format!("{:5.1}%", 100.0 * p)
}

/// The bid advice for people.
fn bid_text(a: &BidAdvice, threads: usize, elapsed: Duration) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let hand: Vec<String> = a.hand.iter().map(ToString::to_string).collect();
    let _ = writeln!(s, "Hand:      {}", hand.join(" "));
    let _ = writeln!(
        s,
        "{:<34} {:<7} {:>6} {:>6} {:>17} {:>9} {:>7}",
        "bid", "discard", "real", "open", "open 95% interval", "payoff", "samples"
    );
    for r in a.bids.iter().take(15) {
        let _ = writeln!(
            s,
            "{:<34} {:<7} {} {} {:>7}–{:<7} {:>+9.2} {:>7}",
            r.name,
            format!("{} {}", r.discard[0], r.discard[1]),
            pct(r.real_win_prob),
            pct(r.stats.win_prob),
            pct(r.stats.win_low),
            pct(r.stats.win_high),
            r.stats.expected_payoff,
            format!("{}{}", r.stats.samples, if r.confirmed { "*" } else { "" })
        );
    }
    let _ = writeln!(
        s,
        "real: how often our card players make the bid, each seat playing from its own view \
         (the open-hand rate mapped for the bid's family); open: when every card is seen \
         (the samples' rate; payoff is open-hand too)"
    );
    if a.bids.iter().any(|r| r.confirmed) {
        let _ = writeln!(
            s,
            "* confirmed on fresh samples (the same for each), not the ones the row was chosen \
             on; the three leading rows ranked among themselves on those, the others among \
             themselves"
        );
    }
    if a.bids.len() > 15 {
        let _ = writeln!(
            s,
            "… {} more playable bids (--json lists them all)",
            a.bids.len() - 15
        );
    }
    if let Some(p) = &a.passz {
        let _ = writeln!(
            s,
            "Baseline:  {} discarding {} {}: made {} in real play ({} open-hand), payoff {:+.2}",
            p.name,
            p.discard[0],
            p.discard[1],
            pct(p.real_win_prob).trim(),
            pct(p.stats.win_prob).trim(),
            p.stats.expected_payoff
        );
    }
    let rounds: Vec<String> = a.rounds.iter().map(|(d, k)| format!("{d}×{k}")).collect();
    let _ = writeln!(
        s,
        "Samples:   {} layouts (discards × samples per round: {}), seed {}",
        a.samples_total,
        rounds.join(", "),
        a.seed
    );
    footer(&mut s, a.close_call, &a.caveat, threads, elapsed);
    s
}

/// The last lines of both advice texts: a close call, the caveat, the time.
fn footer(s: &mut String, close_call: bool, caveat: &str, threads: usize, elapsed: Duration) {
    use std::fmt::Write as _;
    if close_call {
        let _ = writeln!(
            s,
            "Close:     the best two are within sampling noise of each other; more --samples may reorder them"
        );
    }
    let _ = writeln!(s, "Note:      {caveat}");
    let _ = writeln!(
        s,
        "Solved in {:.1} ms on {threads} thread(s)",
        millis(elapsed)
    );
}

/// The card advice for people.
fn card_text(a: &CardAdvice, threads: usize, elapsed: Duration) -> String {
    use std::fmt::Write as _;
    let mut s = String::new();
    let _ = writeln!(s, "Seat {} to play, bid {}", a.seat, a.bid);
    let _ = writeln!(
        s,
        "{:<5} {:>7} {:>17} {:>9} {:>8}",
        "card", "win", "95% interval", "payoff", "points"
    );
    for r in &a.cards {
        let _ = writeln!(
            s,
            "{:<5} {} {:>7}–{:<7} {:>+9.2} {:>8}",
            r.card.to_string(),
            pct(r.stats.win_prob),
            pct(r.stats.win_low),
            pct(r.stats.win_high),
            r.stats.expected_payoff,
            r.expected_points
                .map_or_else(|| "–".to_string(), |p| format!("{p:.1}"))
        );
    }
    let _ = writeln!(
        s,
        "Win is the soloist's chance after the card; {} best first.",
        if a.seat == 0 {
            "the soloist's"
        } else {
            "the defenders'"
        }
    );
    let _ = writeln!(
        s,
        "Samples:   {} layouts of the hidden cards (seed {}; {} redrawn)",
        a.samples, a.seed, a.rejected
    );
    footer(&mut s, a.close_call, &a.caveat, threads, elapsed);
    s
}
