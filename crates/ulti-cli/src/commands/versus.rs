//! `ulti match`: two player types against each other on seeded random deals. Each deal is
//! played twice on the same cards: A as soloist against two B defenders, then B as soloist
//! against two A defenders, which cancels most of the luck of the cards.
//!
//! Money per deal: the soloist receives their payoff (shared/RULES.md, per defender) from
//! each defender, so over a deal's two games A wins `2 × (payoff as soloist) − 2 × (B's payoff
//! as soloist)` and B the opposite. The 95 % interval is the mean ± 1.96 standard errors over
//! the deals.

use std::io::Write;
use std::str::FromStr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use anyhow::{Context, Result, bail};
use rayon::prelude::*;
use serde::Serialize;
use ulti_engine::advise::{AdviseError, SeatView};
use ulti_engine::players::{
    BidChoice, DoubleDummy, GameRecord, Level, Player, Seating, play_game, player,
};
use ulti_engine::{Card, CardSet, Contract, Deal, RuleOptions};

use crate::cli::MatchArgs;
use crate::commands::bench::thread_cpu_ms;
use crate::commands::stats::{Estimate, Timing, estimate, pm, timing};
use crate::progress;
use crate::report::millis;

/// A contestant: a computer player of some level, or the double-dummy cheater.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Contestant {
    Level(Level),
    Cheater,
}

impl FromStr for Contestant {
    type Err = anyhow::Error;
    fn from_str(s: &str) -> Result<Contestant> {
        if s.trim().eq_ignore_ascii_case("cheater") {
            return Ok(Contestant::Cheater);
        }
        s.parse::<Level>().map(Contestant::Level).map_err(|_| {
            anyhow::anyhow!(
                "unknown player {s:?} in --players: use easy, normal, strong or cheater"
            )
        })
    }
}

impl Contestant {
    fn name(self) -> &'static str {
        match self {
            Contestant::Level(l) => l.id(),
            Contestant::Cheater => "cheater",
        }
    }
}

/// Decision times of one contestant: the deciding thread's CPU milliseconds (steady on a
/// shared machine, and what one browser worker would spend).
#[derive(Debug, Default)]
struct Times {
    bids: Vec<f64>,
    /// Card decisions with a choice (forced cards are not timed).
    cards: Vec<f64>,
    /// The same by trick (0-based).
    by_trick: [Vec<f64>; 10],
    /// The slowest card decision.
    slowest: Option<Slowest>,
}

/// Where the slowest card decision was.
#[derive(Debug, Clone, Serialize)]
struct Slowest {
    cpu_ms: f64,
    /// The deal as dealt.
    deal: String,
    bid: String,
    seat: usize,
    played: String,
}

/// A player that records how long it thinks.
struct Timed {
    inner: Box<dyn Player + Send>,
    times: Arc<Mutex<Times>>,
    deal: String,
}

impl Player for Timed {
    fn bid(&mut self, hand: CardSet, rules: RuleOptions) -> Result<BidChoice, AdviseError> {
        let start = thread_cpu_ms();
        let r = self.inner.bid(hand, rules);
        let ms = thread_cpu_ms() - start;
        self.times
            .lock()
            .expect("no panic holds the lock")
            .bids
            .push(ms);
        r
    }

    fn card(&mut self, view: &SeatView) -> Result<Card, AdviseError> {
        let start = thread_cpu_ms();
        let r = self.inner.card(view);
        let ms = thread_cpu_ms() - start;
        if view.legal_cards().len() > 1 {
            let mut t = self.times.lock().expect("no panic holds the lock");
            t.cards.push(ms);
            t.by_trick[view.played().len() / 3].push(ms);
            if t.slowest.as_ref().is_none_or(|s| ms > s.cpu_ms) {
                t.slowest = Some(Slowest {
                    cpu_ms: ms,
                    deal: self.deal.clone(),
                    bid: view.bid().map(ToString::to_string).unwrap_or_default(),
                    seat: view.seat(),
                    played: view
                        .played()
                        .iter()
                        .map(Card::to_string)
                        .collect::<Vec<_>>()
                        .join(","),
                });
            }
        }
        r
    }
}

fn seat(c: Contestant, seed: u64, times: &Arc<Mutex<Times>>, deal: &Deal) -> Seating {
    match c {
        Contestant::Level(l) => Seating::Computer(Box::new(Timed {
            inner: player(l, seed),
            times: Arc::clone(times),
            deal: deal.code(),
        })),
        Contestant::Cheater => Seating::Cheater(Box::new(DoubleDummy::new())),
    }
}

/// One game as the report lists it.
#[derive(Debug, Serialize)]
struct GameLine {
    bid: String,
    discard: String,
    soloist_wins: bool,
    payoff: i32,
    played: String,
}

impl From<&GameRecord> for GameLine {
    fn from(r: &GameRecord) -> GameLine {
        GameLine {
            bid: r.choice.announcement.id(),
            discard: format!("{},{}", r.choice.discard[0], r.choice.discard[1]),
            soloist_wins: r.soloist_wins,
            payoff: r.payoff,
            played: r
                .played
                .iter()
                .map(Card::to_string)
                .collect::<Vec<_>>()
                .join(","),
        }
    }
}

/// One deal, both seatings.
#[derive(Debug, Serialize)]
struct DealLine {
    deal: String,
    /// A soloist, B defending.
    a_soloist: GameLine,
    /// B soloist, A defending.
    b_soloist: GameLine,
}

/// One contestant's line of the report.
#[derive(Debug, Serialize)]
struct Row {
    player: String,
    /// Payoff per defender as soloist.
    as_soloist: Estimate,
    /// Share of its games as soloist it won (every component made).
    soloist_win_rate: f64,
    /// Money per deal over both seatings (see the module doc).
    per_deal: Estimate,
    /// Its bids as soloist, by family.
    bids: Vec<(String, usize)>,
    /// CPU milliseconds per bid decision.
    bid_time: Option<Timing>,
    /// CPU milliseconds per card decision (with more than one legal card).
    card_time: Option<Timing>,
    /// The slowest card decision in each trick, CPU milliseconds.
    card_max_by_trick: Vec<f64>,
    /// The slowest card decision (its deal as dealt, the bid, the seat and the played cards).
    slowest_card: Option<Slowest>,
}

/// `ulti match --json`.
#[derive(Debug, Serialize)]
struct MatchReport {
    players: [String; 2],
    deals: u64,
    seed: u64,
    threads: usize,
    rows: [Row; 2],
    ms: f64,
    games: Vec<DealLine>,
}

/// The family of a bid for the report: its contracts without trump or form.
fn family(r: &GameRecord) -> String {
    let b = &r.choice.announcement.bid;
    if b.contracts() == [Contract::Passz] {
        "passz".to_string()
    } else {
        b.to_string()
    }
}

/// Run `ulti match`.
pub fn run(args: &MatchArgs, out: &mut impl Write) -> Result<()> {
    if args.players.len() != 2 {
        bail!(
            "--players takes two players, e.g. --players strong,easy (got {})",
            args.players.len()
        );
    }
    let a: Contestant = args.players[0].parse()?;
    let b: Contestant = args.players[1].parse()?;
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let rules: RuleOptions = args.rules.into();
    let pool = progress::thread_pool(args.threads)?;
    let threads = pool.current_num_threads();
    let bar = progress::bar(args.deals, "deals");
    let times = [
        Arc::new(Mutex::new(Times::default())),
        Arc::new(Mutex::new(Times::default())),
    ];
    let start = Instant::now();
    let results: Vec<Result<(Deal, GameRecord, GameRecord)>> = pool.install(|| {
        (0..args.deals)
            .into_par_iter()
            .map(|i| {
                let deal = Deal::random(args.seed.wrapping_mul(1_000_003).wrapping_add(i));
                // Each deal's players get their own seed; every decision's sampling derives
                // from it and the position (see ulti_engine::players).
                let ps = args.seed.wrapping_mul(0x9E37_79B9).wrapping_add(i);
                let mut ab = [
                    seat(a, ps, &times[0], &deal),
                    seat(b, ps, &times[1], &deal),
                    seat(b, ps, &times[1], &deal),
                ];
                let ga = play_game(&deal, &mut ab, rules)
                    .with_context(|| format!("deal {}, {} soloist", deal.code(), a.name()))?;
                let mut ba = [
                    seat(b, ps, &times[1], &deal),
                    seat(a, ps, &times[0], &deal),
                    seat(a, ps, &times[0], &deal),
                ];
                let gb = play_game(&deal, &mut ba, rules)
                    .with_context(|| format!("deal {}, {} soloist", deal.code(), b.name()))?;
                bar.inc(1);
                Ok((deal, ga, gb))
            })
            .collect()
    });
    bar.finish_and_clear();
    let elapsed = start.elapsed();
    let games = results.into_iter().collect::<Result<Vec<_>>>()?;
    let names = if a == b {
        [format!("{} (A)", a.name()), format!("{} (B)", b.name())]
    } else {
        [a.name().to_string(), b.name().to_string()]
    };
    let rows = [0, 1].map(|k| {
        let solo: Vec<&GameRecord> = games
            .iter()
            .map(|(_, ga, gb)| if k == 0 { ga } else { gb })
            .collect();
        let as_soloist: Vec<f64> = solo.iter().map(|g| f64::from(g.payoff)).collect();
        let per_deal: Vec<f64> = games
            .iter()
            .map(|(_, ga, gb)| {
                let net = 2 * (ga.payoff - gb.payoff);
                f64::from(if k == 0 { net } else { -net })
            })
            .collect();
        let mut bids: Vec<(String, usize)> = Vec::new();
        for g in &solo {
            let f = family(g);
            match bids.iter_mut().find(|(x, _)| *x == f) {
                Some((_, n)) => *n += 1,
                None => bids.push((f, 1)),
            }
        }
        bids.sort_by(|x, y| y.1.cmp(&x.1).then(x.0.cmp(&y.0)));
        let t = times[k].lock().expect("no panic holds the lock");
        Row {
            player: names[k].clone(),
            as_soloist: estimate(&as_soloist),
            soloist_win_rate: solo.iter().filter(|g| g.soloist_wins).count() as f64
                / solo.len() as f64,
            per_deal: estimate(&per_deal),
            bids,
            bid_time: timing(&t.bids),
            card_time: timing(&t.cards),
            slowest_card: t.slowest.clone(),
            card_max_by_trick: t
                .by_trick
                .iter()
                .map(|v| v.iter().copied().fold(0.0, f64::max))
                .collect(),
        }
    });
    let report = MatchReport {
        players: [a.name().to_string(), b.name().to_string()],
        deals: args.deals,
        seed: args.seed,
        threads,
        rows,
        ms: millis(elapsed),
        games: games
            .iter()
            .map(|(deal, ga, gb)| DealLine {
                deal: deal.code(),
                a_soloist: ga.into(),
                b_soloist: gb.into(),
            })
            .collect(),
    };
    if args.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
    } else {
        write!(out, "{}", text(&report, elapsed))?;
    }
    Ok(())
}

fn text(r: &MatchReport, elapsed: Duration) -> String {
    let mut s = format!(
        "{} vs {}: {} deals (seed {}), each played with both seatings\n\n",
        r.players[0], r.players[1], r.deals, r.seed
    );
    s.push_str(&format!(
        "{:<14} {:>18} {:>8} {:>18}\n",
        "player", "as soloist", "won", "per deal"
    ));
    for row in &r.rows {
        s.push_str(&format!(
            "{:<14} {:>18} {:>7.0}% {:>18}\n",
            row.player,
            pm(row.as_soloist),
            100.0 * row.soloist_win_rate,
            pm(row.per_deal)
        ));
    }
    s.push_str(
        "\nas soloist: payoff per defender (RULES.md), mean ± 95 % interval; won: every \
         component made;\nper deal: money over both games of a deal (the soloist is paid by \
         both defenders).\n\n",
    );
    for row in &r.rows {
        let bids: Vec<String> = row.bids.iter().map(|(f, n)| format!("{f} {n}")).collect();
        s.push_str(&format!("{} bids: {}\n", row.player, bids.join(", ")));
        for (what, t) in [("bid", &row.bid_time), ("card", &row.card_time)] {
            if let Some(t) = t {
                s.push_str(&format!(
                    "  {what} decisions: {}, CPU median {:.1} ms, p99 {:.1} ms, max {:.1} ms\n",
                    t.decisions, t.median_ms, t.p99_ms, t.max_ms
                ));
            }
        }
    }
    s.push_str(&format!(
        "\n{:.1} s on {} threads\n",
        elapsed.as_secs_f64(),
        r.threads
    ));
    s
}
