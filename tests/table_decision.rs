//! The whole game at the browser table, natively: each computer decision asked the way the
//! page asks it (a normal or strong auction decision in steps, `auction_step`, its bid races
//! run round by round as `Job::AdviseTasks` pieces on the wire; any other decision one
//! `Job::TableDecision`, the record so far on the wire) gives the same game, action for
//! action, as `ulti match --whole-game` plays with the same levels and seeds; bad requests are
//! refused with the words of `ulti replay`, never a panic.

use ulti_engine::players::{
    AuctionStep, DecisionTimes, StepAnswer, StepWork, TableLevel, TablePlayer, auction_step,
    play_table_game,
};
use ulti_engine::whole_game::{Stage, TableRules, WholeGame};
use ulti_engine::{Seat, Solver};
mod common;

use common::run_on_the_wire;
use ulti_solver::protocol::{Answer, Job};
use ulti_solver::worker::run_job;

/// A race or a batch of solves run to its end through the worker: each round in pieces of
/// seven tasks, answered last piece first.
fn race_on_the_wire(solver: &mut Solver, mut race: StepWork) -> StepAnswer {
    while let Some(tasks) = race.next_batch().expect("a round") {
        let mut pieces = Vec::new();
        for (i, chunk) in tasks.chunks(7).enumerate() {
            let job = Job::AdviseTasks {
                tasks: chunk.to_vec(),
            };
            match run_on_the_wire(solver, job).expect("the piece is solved") {
                Answer::AdviseTasks(r) => pieces.push((i * 7, r)),
                other => panic!("not a piece of a race: {other:?}"),
            }
        }
        for (offset, results) in pieces.into_iter().rev() {
            race.feed(offset, results);
        }
    }
    StepAnswer::of(race)
}

/// One decision, asked as the page asks it.
fn ask(
    solver: &mut Solver,
    game: &WholeGame,
    seat: Seat,
    level: TableLevel,
    seed: u64,
    stepped: &mut usize,
) -> Option<String> {
    let mut raced = Vec::new();
    while let Some(step) = auction_step(game, seat, level, seed, &raced) {
        match step {
            AuctionStep::Needs(races) => {
                for race in races {
                    raced.push(race_on_the_wire(solver, race));
                }
            }
            AuctionStep::Decided { action, .. } => {
                *stepped += 1;
                return Some(action.to_string());
            }
        }
    }
    let job = Job::TableDecision {
        record: game.record().to_json(),
        seat,
        level,
        seed,
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
    let mut stepped = 0;
    while game.stage() != Stage::Over {
        let to_act = game.to_act().expect("not over");
        let played = game.position().map_or(0, |(_, p)| p.len());
        let mut action = None;
        for (s, level, _) in game.kontra_open() {
            if s != to_act && asked.insert((s, played, level)) {
                action = ask(&mut solver, &game, s, levels[s], seed, &mut stepped);
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
                &mut stepped,
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
    (kontras, stepped)
}

#[test]
fn a_whole_game_through_the_worker_is_the_match_game_action_for_action() {
    let mut kontras = 0;
    let mut stepped = 0;
    let mut games = 0;
    for deal_seed in 0..8 {
        let levels = if deal_seed == 0 {
            [TableLevel::Easy, TableLevel::Normal, TableLevel::Easy]
        } else {
            [TableLevel::Easy; 3]
        };
        let (k, p) = through_the_worker(levels, (deal_seed % 3) as usize, deal_seed, 11);
        kontras += k;
        stepped += p;
        games += 1;
    }
    assert_eq!(games, 8);
    // Deal 0 (a normal defender) reaches a kontra: the out-of-turn asks are exercised.
    assert!(kontras >= 1, "the deals reach a kontra through the worker");
    // Its auction decisions go in steps, their races in pieces.
    assert!(stepped >= 1, "no auction decision asked in steps");
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
    };
    let err = run_job(&mut solver, job(broken.to_json(), 1)).expect_err("an illegal record");
    assert!(err.starts_with("action 1"), "{err}");
    let err = run_job(&mut solver, job("{".into(), 1)).expect_err("not a record");
    assert!(!err.is_empty());
    let err = run_job(&mut solver, job(game.record().to_json(), 3)).expect_err("no seat 3");
    assert!(err.contains("seat 3"), "{err}");
}
