//! `ulti match --whole-game`: whole games (auction, kontra, play, payment) between two or
//! three computer players. Each deal is played in all three rotations of the players over the
//! seats, so each player holds each hand once (a duplicate); the dealer moves one seat a deal.
//! Money per deal: what a player's seats win over the deal's three games (zero-sum), mean and
//! 95 % interval over the deals.

use std::collections::BTreeMap;
use std::io::Write;
use std::time::Instant;

use anyhow::{Context, Result, bail};
use serde::Serialize;
use ulti_engine::players::{
    AuctionModel, DecisionTimes, TableLevel, TablePlayer, play_table_game, splitmix,
};
use ulti_engine::whole_game::{AllPass, EqualValue, Stage, TableRules, Verb, WholeGame};

use crate::cli::MatchArgs;
use crate::commands::advise::Parallel;
use crate::commands::bench::thread_cpu_ms;
use crate::commands::stats::{Estimate, Timing, estimate, pm, timing};
use crate::progress;

/// One game's facts for the report.
struct Played {
    deal: u64,
    record: String,
    /// Player index (into the three seats' list) of each seat.
    seats: [usize; 3],
    payments: [i32; 3],
    soloist: Option<usize>,
    /// What the soloist's seat won in all (negative: paid).
    soloist_money: i32,
    family: Option<String>,
    won: bool,
    forfeit: bool,
    all_pass: bool,
    /// (player index, level said, did its side gain: the unit went its way).
    kontras: Vec<(usize, u8, bool)>,
    times: DecisionTimes,
}

/// One player's line.
#[derive(Serialize)]
struct Row {
    player: String,
    per_deal: Estimate,
    soloist_games: usize,
    soloist_won: usize,
    /// Per bid: games played, games with every part made, the soloist's money in all.
    bids: BTreeMap<String, (usize, usize, i64)>,
    kontras_said: usize,
    kontras_gained: usize,
    auction_time: Option<Timing>,
    kontra_time: Option<Timing>,
    card_time: Option<Timing>,
}

/// The report.
#[derive(Serialize)]
struct Report {
    players: Vec<String>,
    deals: u64,
    games: usize,
    seed: u64,
    rules: TableRules,
    all_pass_games: usize,
    forfeit_games: usize,
    /// Threads of each normal or strong decision, and the clock of the decision times:
    /// "cpu" (the thread's CPU time) with one, "wall" with more.
    decision_threads: usize,
    decision_clock: &'static str,
    rows: Vec<Row>,
    /// Each pair of players: the first's money per deal less the second's.
    pairs: Vec<Pair>,
}

/// How far one player is ahead of another, per deal.
#[derive(Serialize)]
struct Pair {
    ahead: String,
    of: String,
    per_deal: Estimate,
}

fn rules_of(args: &MatchArgs) -> TableRules {
    TableRules {
        must_beat_after_trump: args.rules.must_beat_after_trump,
        marriage_needs_trick: args.rules.marriage_needs_trick,
        allpass: if args.table.allpass_forfeit {
            AllPass::Forfeit
        } else {
            AllPass::Play
        },
        equal_value: if args.table.equal_value_by_rank {
            EqualValue::ByRank
        } else {
            EqualValue::FirstStands
        },
        holder_may_raise: !args.table.holder_may_not_raise,
        max_kontra: args.table.max_kontra,
        silent_bonuses: args.table.silent_bonuses,
    }
}

/// A player of the match: its level, whether a strong player weighs its layouts by the
/// auction, and how a normal or strong player weighs a pick-up ([`AuctionModel`]). The
/// variants bring back one shortcut of earlier builds each, to measure what closing it is
/// worth against the player without it, on the same deals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Seated {
    level: TableLevel,
    inference: bool,
    model: AuctionModel,
}

/// The strong variants: name, inference, auction model. Each changes one part of today's
/// strong player ([`AuctionModel::STRONG`]).
const VARIANTS: [(&str, bool, AuctionModel); 9] = [
    ("strong-no-inference", false, AuctionModel::STRONG),
    (
        "strong-fifth",
        true,
        AuctionModel {
            holder_defence: false,
            ..AuctionModel::STRONG
        },
    ),
    (
        "strong-uniform-talons",
        true,
        AuctionModel {
            holder_talons: false,
            ..AuctionModel::STRONG
        },
    ),
    (
        "strong-confirmed-pickup",
        true,
        AuctionModel {
            confirmed_pickup: true,
            ..AuctionModel::STRONG
        },
    ),
    (
        "strong-race-evidence",
        true,
        AuctionModel {
            race_evidence: true,
            ..AuctionModel::STRONG
        },
    ),
    (
        "strong-real-play",
        true,
        AuctionModel {
            real_play: true,
            ..AuctionModel::STRONG
        },
    ),
    (
        "strong-holder-value",
        true,
        AuctionModel {
            holder_value: true,
            ..AuctionModel::STRONG
        },
    ),
    // The strong player before kontras were decided on made rates in play (2026-11-29).
    (
        "strong-previous",
        true,
        AuctionModel {
            real_play_kontra: false,
            ..AuctionModel::STRONG
        },
    ),
    ("strong-before-40", true, AuctionModel::BEFORE_ISSUE_40),
];

impl Seated {
    fn parse(name: &str) -> Result<Seated> {
        let name = name.trim();
        if let Some(&(_, inference, model)) =
            VARIANTS.iter().find(|v| v.0.eq_ignore_ascii_case(name))
        {
            return Ok(Seated {
                level: TableLevel::Strong,
                inference,
                model,
            });
        }
        let level: TableLevel = name.parse().map_err(|e| {
            let names: Vec<&str> = VARIANTS.iter().map(|v| v.0).collect();
            anyhow::anyhow!("{e} (or {}) in --players", names.join(", "))
        })?;
        Ok(Seated {
            level,
            inference: level == TableLevel::Strong,
            model: AuctionModel::of(level),
        })
    }

    fn id(self) -> &'static str {
        VARIANTS
            .iter()
            .find(|v| {
                self.level == TableLevel::Strong && v.1 == self.inference && v.2 == self.model
            })
            .map_or(self.level.id(), |v| v.0)
    }

    fn player(self, seed: u64) -> TablePlayer {
        let p = TablePlayer::new(self.level, seed).with_auction_model(self.model);
        if self.inference {
            p
        } else {
            p.without_inference()
        }
    }
}

/// Play deal `deal` in rotation `r`.
fn play(
    levels: &[Seated; 3],
    rules: TableRules,
    seed: u64,
    (deal, r): (u64, usize),
    decision_threads: usize,
) -> Result<Played> {
    let deal_seed = splitmix(seed ^ splitmix(deal));
    let dealer = (deal % 3) as usize;
    let mut game = WholeGame::random(rules, dealer, deal_seed);
    let seats = [0, 1, 2].map(|s| (s + r) % 3);
    // Every player's decisions derive from the match seed (and what its seat sees), so
    // `ulti move --seed S` makes the same decision at any moment of these games.
    let mut players = Vec::with_capacity(3);
    for p in seats {
        let player = levels[p].player(seed);
        let advisor = matches!(levels[p].level, TableLevel::Normal | TableLevel::Strong);
        players.push(if decision_threads > 1 && advisor {
            player.with_executor(Box::new(Parallel::new(
                std::num::NonZeroUsize::new(decision_threads),
                true,
            )?))
        } else {
            player
        });
    }
    let mut players: [TablePlayer; 3] = players
        .try_into()
        .map_err(|_| anyhow::anyhow!("three players"))?;
    let mut times = DecisionTimes::default();
    let origin = Instant::now();
    let wall_ms = move || origin.elapsed().as_secs_f64() * 1e3;
    let clock: &dyn Fn() -> f64 = if decision_threads > 1 {
        &wall_ms
    } else {
        &thread_cpu_ms
    };
    play_table_game(&mut game, &mut players, &mut times, clock)
        .map_err(|e| anyhow::anyhow!("deal {deal}, rotation {r}: {e}"))?;
    let s = game.settlement().context("a finished game")?;
    let c = game.contracted();
    let bids = game
        .actions()
        .iter()
        .filter(|a| matches!(a.verb, Verb::Bid { .. }))
        .count();
    let mut kontras = Vec::new();
    if let Some(c) = &c {
        for a in game.actions() {
            if let Verb::Kontra { level, units } = &a.verb {
                let soloist_side = a.seat == c.soloist;
                for u in units {
                    let won = s.units.iter().find(|x| x.unit == *u).is_some_and(|x| x.won);
                    kontras.push((seats[a.seat], *level, won == soloist_side));
                }
            }
        }
    }
    Ok(Played {
        deal,
        record: game.record().to_json(),
        seats,
        payments: s.payments,
        soloist: c.as_ref().map(|c| seats[c.soloist]),
        soloist_money: c.as_ref().map_or(0, |c| s.payments[c.soloist]),
        family: c.as_ref().map(|c| c.bid.bid.to_string()),
        won: s.units.iter().all(|u| u.won),
        forfeit: c.is_none(),
        all_pass: c.is_some() && bids == 1 && game.stage() == Stage::Over,
        kontras,
        times,
    })
}

/// The games' worker threads: `threads`, or all cores.
fn workers(threads: Option<std::num::NonZeroUsize>) -> usize {
    threads.map_or_else(
        || std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        std::num::NonZeroUsize::get,
    )
}

/// Run `job` on every item of `jobs` over `workers` plain threads, the results in the jobs'
/// order. Not a rayon pool: a rayon worker waiting for a decision's own pool
/// (`--decision-threads`) would start other games meanwhile, and the wall-clock decision
/// times would count them.
fn run_jobs<J: Sync, T: Send>(
    jobs: &[J],
    workers: usize,
    job: impl Fn(&J) -> Result<T> + Sync,
) -> Result<Vec<T>> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let results: Vec<std::sync::Mutex<Option<Result<T>>>> =
        jobs.iter().map(|_| std::sync::Mutex::new(None)).collect();
    std::thread::scope(|scope| {
        for _ in 0..workers.clamp(1, jobs.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                    let Some(j) = jobs.get(i) else { break };
                    let r = job(j);
                    *results[i].lock().expect("a job's result") = Some(r);
                }
            });
        }
    });
    results
        .into_iter()
        .map(|m| {
            m.into_inner()
                .expect("a job's result")
                .expect("every job ran")
        })
        .collect()
}

/// Run the whole-game match.
pub fn run(args: &MatchArgs, out: &mut impl Write) -> Result<()> {
    let levels: Vec<Seated> = args
        .players
        .iter()
        .map(|p| Seated::parse(p))
        .collect::<Result<_>>()?;
    let levels: [Seated; 3] = match levels.as_slice() {
        [a, b] => [*a, *b, *a],
        [a, b, c] => [*a, *b, *c],
        _ => bail!(
            "--whole-game takes two or three players in --players, got {}",
            levels.len()
        ),
    };
    if args.deals == 0 {
        bail!("--deals must be at least 1");
    }
    let names: Vec<String> = if args.players.len() == 2 {
        vec![levels[0].id().to_string(), levels[1].id().to_string()]
    } else {
        levels
            .iter()
            .enumerate()
            .map(|(i, l)| {
                format!(
                    "{}{}",
                    l.id(),
                    if levels.iter().filter(|x| *x == l).count() > 1 {
                        format!("#{}", i + 1)
                    } else {
                        String::new()
                    }
                )
            })
            .collect()
    };
    // The name each of the three list positions counts for.
    let owner = |p: usize| if args.players.len() == 2 { p % 2 } else { p };
    let rules = rules_of(args);
    let jobs: Vec<(u64, usize)> = (0..args.deals)
        .flat_map(|d| (0..3).map(move |r| (d, r)))
        .collect();
    let bar = progress::bar(jobs.len() as u64, "games");
    let start = Instant::now();
    let games = run_jobs(&jobs, workers(args.threads), |job| {
        let p = play(&levels, rules, args.seed, *job, args.decision_threads.get());
        bar.inc(1);
        p
    })?;
    bar.finish_and_clear();
    if let Some(path) = &args.records {
        let mut f = std::io::BufWriter::new(
            std::fs::File::create(path).with_context(|| format!("--records {}", path.display()))?,
        );
        for g in &games {
            writeln!(f, "{}", g.record)?;
        }
        f.flush()?;
    }
    let mut rows = Vec::new();
    let mut money: Vec<Vec<f64>> = Vec::new();
    for (n, name) in names.iter().enumerate() {
        let mut per_deal = vec![0.0; args.deals as usize];
        let mut row = Row {
            player: name.clone(),
            per_deal: estimate(&[0.0]),
            soloist_games: 0,
            soloist_won: 0,
            bids: BTreeMap::new(),
            kontras_said: 0,
            kontras_gained: 0,
            auction_time: None,
            kontra_time: None,
            card_time: None,
        };
        let (mut auction, mut kontra, mut card) = (Vec::new(), Vec::new(), Vec::new());
        for g in &games {
            for s in 0..3 {
                if owner(g.seats[s]) == n {
                    per_deal[g.deal as usize] += f64::from(g.payments[s]);
                }
            }
            if g.soloist.is_some_and(|p| owner(p) == n) {
                row.soloist_games += 1;
                row.soloist_won += usize::from(g.won);
                let e = row
                    .bids
                    .entry(g.family.clone().unwrap_or_default())
                    .or_insert((0, 0, 0));
                e.0 += 1;
                e.1 += usize::from(g.won);
                e.2 += i64::from(g.soloist_money);
            }
            for &(p, _, gained) in &g.kontras {
                if owner(p) == n {
                    row.kontras_said += 1;
                    row.kontras_gained += usize::from(gained);
                }
            }
            let mine = |v: &[(usize, f64)], to: &mut Vec<f64>| {
                to.extend(
                    v.iter()
                        .filter(|(s, _)| owner(g.seats[*s]) == n)
                        .map(|(_, ms)| ms),
                );
            };
            mine(&g.times.auction, &mut auction);
            mine(&g.times.kontra, &mut kontra);
            mine(&g.times.card, &mut card);
        }
        row.per_deal = estimate(&per_deal);
        money.push(per_deal);
        row.auction_time = timing(&auction);
        row.kontra_time = timing(&kontra);
        row.card_time = timing(&card);
        rows.push(row);
    }
    // Each pair on the same deals: the difference of their money per deal (the deal's luck
    // cancels), so its interval says which is ahead.
    let mut pairs = Vec::new();
    for a in 0..names.len() {
        for b in a + 1..names.len() {
            let diff: Vec<f64> = money[a].iter().zip(&money[b]).map(|(x, y)| x - y).collect();
            pairs.push(Pair {
                ahead: names[a].clone(),
                of: names[b].clone(),
                per_deal: estimate(&diff),
            });
        }
    }
    let report = Report {
        players: names,
        deals: args.deals,
        games: games.len(),
        seed: args.seed,
        rules,
        all_pass_games: games.iter().filter(|g| g.all_pass).count(),
        forfeit_games: games.iter().filter(|g| g.forfeit).count(),
        decision_threads: args.decision_threads.get(),
        decision_clock: if args.decision_threads.get() > 1 {
            "wall"
        } else {
            "cpu"
        },
        rows,
        pairs,
    };
    if args.json {
        serde_json::to_writer(&mut *out, &report)?;
        writeln!(out)?;
        return Ok(());
    }
    writeln!(
        out,
        "Whole games: {} ({} deals × 3 rotations, seed {}), {:.1} s\n",
        report.games,
        report.deals,
        report.seed,
        start.elapsed().as_secs_f64()
    )?;
    writeln!(
        out,
        "{:<12} {:>18} {:>14} {:>14}",
        "player", "money per deal", "soloist (won)", "kontras (gained)"
    )?;
    for r in &report.rows {
        writeln!(
            out,
            "{:<12} {:>18} {:>8} ({:>3}) {:>9} ({:>3})",
            r.player,
            pm(r.per_deal),
            r.soloist_games,
            r.soloist_won,
            r.kontras_said,
            r.kontras_gained
        )?;
    }
    for p in &report.pairs {
        writeln!(out, "{} − {}: {} per deal", p.ahead, p.of, pm(p.per_deal))?;
    }
    writeln!(
        out,
        "\nall-pass games: {}, forfeits: {}",
        report.all_pass_games, report.forfeit_games
    )?;
    for r in &report.rows {
        let bids: Vec<String> = r
            .bids
            .iter()
            .map(|(b, (n, w, m))| format!("{b} {w}/{n} ({:+.1})", *m as f64 / *n as f64))
            .collect();
        writeln!(
            out,
            "{} bids (made in full/played, the soloist's money per game): {}",
            r.player,
            bids.join(", ")
        )?;
        let t = |x: &Option<Timing>| {
            x.as_ref().map_or("-".to_string(), |t| {
                format!(
                    "median {:.1} ms, p90 {:.1} ms, max {:.1} ms",
                    t.median_ms, t.p90_ms, t.max_ms
                )
            })
        };
        writeln!(
            out,
            "  {} per decision: auction {}; kontra {}; card {}",
            if args.decision_threads.get() > 1 {
                "wall-clock"
            } else {
                "CPU"
            },
            t(&r.auction_time),
            t(&r.kontra_time),
            t(&r.card_time)
        )?;
    }
    Ok(())
}
