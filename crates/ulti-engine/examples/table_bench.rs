//! The auction decisions of a table player, timed one after the other on one thread: natively,
//! and as wasm under Node's WASI (`scripts/wasm-bench.sh table`), the stand-in for one browser
//! worker (issue 18: a strong auction decision within 2 s there).
//!
//! Usage: `table_bench RECORDS_FILE [GAMES] [LEVEL]` — `ulti-game/1` lines (e.g. from
//! `ulti match --whole-game --records`). Every moment of the first GAMES games (default 12)
//! where a seat decides in the auction or names the trump is asked again of a fresh player of
//! LEVEL (default strong, seed 1), and timed; prints the median, p90 and maximum by kind.

use std::time::Instant;

use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide};
use ulti_engine::whole_game::{Stage, TableRecord};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let file = args
        .get(1)
        .expect("usage: table_bench RECORDS_FILE [GAMES] [LEVEL]");
    let games: usize = args.get(2).map_or(12, |n| n.parse().expect("GAMES"));
    let level: TableLevel = args
        .get(3)
        .map_or(Ok(TableLevel::Strong), |l| l.parse())
        .expect("LEVEL");
    let text = std::fs::read_to_string(file).expect("a readable records file");
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64() * 1e3;
    let mut kinds: Vec<(&str, Vec<f64>)> = Vec::new();
    for line in text.lines().filter(|l| !l.trim().is_empty()).take(games) {
        let record = TableRecord::parse(line).expect("an ulti-game/1 record");
        for i in 0..=record.actions.len() {
            let mut part = record.clone();
            part.actions.truncate(i);
            let game = part.replay().expect("a legal record");
            if !matches!(game.stage(), Stage::Auction | Stage::Trump) {
                break;
            }
            let Some(seat) = game.to_act() else { break };
            let kind = match game.stage() {
                Stage::Trump => "trump",
                _ if i == 0 => "opening bid",
                _ if game.holder_turn() => "stand or raise",
                _ => "pass or pick up",
            };
            let mut player = TablePlayer::new(level, 1);
            let t = clock();
            decide(
                &game,
                seat,
                &mut player,
                &mut DecisionTimes::default(),
                &clock,
            )
            .expect("a game in progress");
            let ms = clock() - t;
            match kinds.iter_mut().find(|k| k.0 == kind) {
                Some(k) => k.1.push(ms),
                None => kinds.push((kind, vec![ms])),
            }
        }
    }
    let mut all = Vec::new();
    println!(
        "{} decisions of {games} games, {level:?}, one thread",
        kinds.iter().map(|k| k.1.len()).sum::<usize>()
    );
    for (kind, xs) in &mut kinds {
        all.extend_from_slice(xs);
        report(kind, xs);
    }
    report("all", &mut all);
}

fn report(kind: &str, xs: &mut [f64]) {
    xs.sort_by(f64::total_cmp);
    let q = |p: f64| xs[((xs.len() - 1) as f64 * p).round() as usize];
    println!(
        "{kind:<16} {:>4}  median {:>6.0} ms  p90 {:>6.0} ms  max {:>6.0} ms",
        xs.len(),
        q(0.5),
        q(0.9),
        xs[xs.len() - 1]
    );
}
