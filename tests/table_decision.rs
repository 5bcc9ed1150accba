//! The whole game at the browser table, natively: each computer decision asked of the worker
//! (`Job::TableDecision`, the record so far on the wire; a pick-up decision's sampled talons
//! first, each its own `Job::TablePickup`, as the page asks them side by side) gives the same
//! game, action for action, as `ulti match --whole-game` plays with the same levels and seeds;
//! bad requests are refused with the words of `ulti replay`, never a panic.

use ulti_engine::players::{
    DecisionTimes, TableLevel, TablePlayer, pickup_tries_at, play_table_game,
};
use ulti_engine::whole_game::{Stage, TableRules, WholeGame};
use ulti_engine::{Seat, Solver};
mod common;

use common::run_on_the_wire;
use ulti_solver::protocol::{Answer, Job};
use ulti_solver::worker::run_job;

/// One decision through the worker, its messages checked on the wire: a pick-up decision's
/// sampled talons first, one job each, as the page asks them.
fn ask(
    solver: &mut Solver,
    game: &WholeGame,
    seat: Seat,
    level: TableLevel,
    seed: u64,
    pickups: &mut usize,
) -> Option<String> {
    let record = game.record().to_json();
    let tries = pickup_tries_at(game, seat, level);
    *pickups += usize::from(tries > 0);
    let pickup = (0..tries)
        .map(|k| {
            let job = Job::TablePickup {
                record: record.clone(),
                seat,
                level,
                seed,
                k,
            };
            match run_on_the_wire(solver, job).expect("a talon's value") {
                Answer::TablePickup(v) => v,
                other => panic!("not a talon's value: {other:?}"),
            }
        })
        .collect();
    let job = Job::TableDecision {
        record,
        seat,
        level,
        seed,
        pickup,
    };
    match run_on_the_wire(solver, job).expect("the computer decides") {
        Answer::TableDecision { action, .. } => action,
        other => panic!("not a table decision: {other:?}"),
    }
}

/// The game `play_table_game` plays, replayed by asking the worker at each moment the way the
/// page asks (out-of-turn kontras first, once per moment, then the seat to act).
fn through_the_worker(
    levels: [TableLevel; 3],
    dealer: Seat,
    deal_seed: u64,
    seed: u64,
) -> (usize, usize) {
    let rules = TableRules::default();
    let mut reference = WholeGame::random(rules, dealer, deal_seed);
    let mut players = levels.map(|l| TablePlayer::new(l, seed));
    play_table_game(
        &mut reference,
        &mut players,
        &mut DecisionTimes::default(),
        &|| 0.0,
    )
    .expect("the reference game ends");
    let expected: Vec<String> = reference
        .actions()
        .iter()
        .map(ToString::to_string)
        .collect();

    let mut solver = Solver::new();
    let mut game = WholeGame::random(rules, dealer, deal_seed);
    let mut asked = std::collections::HashSet::new();
    let mut kontras = 0;
    let mut pickups = 0;
    while game.stage() != Stage::Over {
        let to_act = game.to_act().expect("not over");
        let played = game.position().map_or(0, |(_, p)| p.len());
        let mut action = None;
        for (s, level, _) in game.kontra_open() {
            if s != to_act && asked.insert((s, played, level)) {
                action = ask(&mut solver, &game, s, levels[s], seed, &mut pickups);
                if action.is_some() {
                    break;
                }
            }
        }
        let action = action.unwrap_or_else(|| {
            ask(
                &mut solver,
                &game,
                to_act,
                levels[to_act],
                seed,
                &mut pickups,
            )
            .expect("the seat to act acts")
        });
        let n = game.actions().len();
        assert_eq!(action, expected[n], "action {n} of deal {deal_seed}");
        kontras += usize::from(action.contains("kontra"));
        game.apply(action.parse().expect("the record's words"))
            .expect("a legal action");
    }
    assert_eq!(game.actions(), reference.actions());
    let s = game.settlement().expect("settled");
    assert_eq!(s, reference.settlement().expect("settled"));
    (kontras, pickups)
}

#[test]
fn a_whole_game_through_the_worker_is_the_match_game_action_for_action() {
    let mut kontras = 0;
    let mut pickups = 0;
    let mut games = 0;
    for deal_seed in 0..8 {
        let levels = if deal_seed == 0 {
            [TableLevel::Easy, TableLevel::Normal, TableLevel::Easy]
        } else {
            [TableLevel::Easy; 3]
        };
        let (k, p) = through_the_worker(levels, (deal_seed % 3) as usize, deal_seed, 11);
        kontras += k;
        pickups += p;
        games += 1;
    }
    assert_eq!(games, 8);
    // Deal 0 (a normal defender) reaches a kontra: the out-of-turn asks are exercised.
    assert!(kontras >= 1, "the deals reach a kontra through the worker");
    // Its pick-up decisions go through the talons' own jobs.
    assert!(pickups >= 1, "no pick-up decision asked in parts");
}

#[test]
fn a_bad_table_request_is_refused_in_the_words_of_replay() {
    let mut solver = Solver::new();
    let game = WholeGame::random(TableRules::default(), 0, 1);
    let mut broken = game.record();
    // Seat 1 (forehand) is to act: seat 2 may not.
    broken.actions.push("2 pass".to_string());
    let job = |record: String, seat| Job::TableDecision {
        record,
        seat,
        level: TableLevel::Easy,
        seed: 1,
        pickup: Vec::new(),
    };
    let err = run_job(&mut solver, job(broken.to_json(), 1)).expect_err("an illegal record");
    assert!(err.starts_with("action 1"), "{err}");
    let err = run_job(&mut solver, job("{".into(), 1)).expect_err("not a record");
    assert!(!err.is_empty());
    let err = run_job(&mut solver, job(game.record().to_json(), 3)).expect_err("no seat 3");
    assert!(err.contains("seat 3"), "{err}");
    // The forehand's opening is not a pick-up decision: no talon to weigh.
    let pickup = Job::TablePickup {
        record: game.record().to_json(),
        seat: 1,
        level: TableLevel::Strong,
        seed: 1,
        k: 0,
    };
    let err = run_job(&mut solver, pickup).expect_err("no pick-up decision");
    assert!(err.contains("no sampled talon"), "{err}");
}
