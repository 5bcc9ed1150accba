//! An auction decision in steps (`auction_step`), its bid races run elsewhere the way the
//! page's worker pool runs them (each round cut into pieces, the pieces answered in any
//! order), gives the action and the numbers behind it that the player reaches alone.

use ulti_engine::Solver;
use ulti_engine::advise::Executor;
use ulti_engine::players::{
    AuctionStep, DecisionTimes, StepAnswer, StepQuestion, StepWork, TableLevel, TablePlayer,
    auction_step, decide, pickup_bid_race,
};
use ulti_engine::whole_game::{Stage, TableRules, WholeGame};

/// The work run to its end, each round in pieces of five tasks answered last piece first.
fn run_in_pieces(mut race: StepWork, solver: &mut Solver) -> StepAnswer {
    while let Some(tasks) = race.next_batch().expect("a round") {
        let pieces: Vec<(usize, Vec<_>)> = tasks
            .chunks(5)
            .enumerate()
            .map(|(i, chunk)| (i * 5, solver.run_all(chunk)))
            .collect();
        for (offset, results) in pieces.into_iter().rev() {
            race.feed(offset, results);
        }
    }
    assert!(race.is_done(), "no round left but answers missing");
    StepAnswer::of(race)
}

/// Every auction decision of a few games, stepped. Seed 0 steps as asked; seed 1 is given
/// the pick-up's bid race (`pickup_bid_race`) before it starts, as the page runs it on idle
/// workers: the same decisions either way.
#[test]
fn an_auction_decision_in_steps_is_the_same_as_alone() {
    let mut solver = Solver::new();
    // One race (the holder's stand or raise, the forehand's opening bid); a pick-up decision
    // that passes; one that picks up and bids, stepped as asked or with its bid race given.
    let (mut single, mut passes, mut bids, mut bids_given) = (0, 0, 0, 0);
    for level in [TableLevel::Normal, TableLevel::Strong] {
        for seed in 0..2u64 {
            let mut g = WholeGame::random(TableRules::default(), (seed % 3) as usize, seed);
            while g.stage() == Stage::Auction {
                let seat = g.to_act().expect("in the auction");
                let player_seed = 1000 + seed;
                let mut alone = TablePlayer::new(level, player_seed);
                let a = decide(&g, seat, &mut alone, &mut DecisionTimes::default(), &|| 0.0)
                    .unwrap()
                    .expect("its turn");
                let spare = pickup_bid_race(&g, seat, level, player_seed);
                let spare_question = spare.as_ref().map(|r| StepQuestion::Race(r.question()));
                let mut raced = Vec::new();
                if seed == 1 {
                    raced.extend(spare.map(|r| run_in_pieces(r.into(), &mut solver)));
                }
                let given = raced.len();
                let mut named = Vec::new();
                let (b, reason) = loop {
                    match auction_step(&g, seat, level, player_seed, &raced)
                        .expect("a normal or strong auction decision steps")
                    {
                        // Side by side: the last race first.
                        AuctionStep::Needs(races) => {
                            named.push(races.iter().map(StepWork::question).collect::<Vec<_>>());
                            for race in races.into_iter().rev() {
                                raced.push(run_in_pieces(race, &mut solver));
                            }
                        }
                        AuctionStep::Decided { action, reason } => break (action, reason),
                    }
                };
                assert_eq!(a, b, "{level:?} seed {seed}: another action");
                assert_eq!(alone.reason, reason, "{level:?} seed {seed}: other numbers");
                let tries = level.pickup_tries() as usize;
                let sizes: Vec<usize> = named.iter().map(Vec::len).collect();
                match (spare_question, given) {
                    // Not a pick-up decision.
                    (None, _) => {
                        assert_eq!(sizes, [1], "{level:?} seed {seed}");
                        single += 1;
                    }
                    // A pick-up decision stepped as asked: the talons and the solves of the
                    // standing bid on the holder's layouts side by side, then the bid race
                    // if it picks up, the one `pickup_bid_race` names.
                    (Some(q), 0) => {
                        assert!(
                            matches!(named[0].last(), Some(StepQuestion::Solves(t)) if !t.is_empty()),
                            "{level:?} seed {seed}: no holder's layouts solved"
                        );
                        if sizes == [tries + 1] {
                            passes += 1;
                        } else {
                            assert_eq!(sizes, [tries + 1, 1], "{level:?} seed {seed}");
                            assert!(named[1][0] == q, "{level:?} seed {seed}: another bid race");
                            bids += 1;
                        }
                    }
                    // With its bid race given: the talons and the holder's layouts only; a bid
                    // needs no second step.
                    (Some(_), _) => {
                        assert_eq!(sizes, [tries + 1], "{level:?} seed {seed}");
                        bids_given += usize::from(b.to_string().contains(" bid "));
                    }
                }
                g.apply(a).unwrap();
            }
        }
    }
    // (8, 6, 2 and 2 when written.)
    assert!(single >= 4, "{single} one-race decisions");
    assert!(passes >= 3, "{passes} pick-up decisions that passed");
    assert!(bids >= 1, "{bids} pick-ups that bid, stepped as asked");
    assert!(
        bids_given >= 1,
        "{bids_given} pick-ups that bid, their race given"
    );
}

/// Not an auction turn of a normal or strong player: no steps, the worker's `decide` answers.
#[test]
fn only_a_normal_or_strong_auction_turn_steps() {
    let g = WholeGame::random(TableRules::default(), 0, 1);
    let seat = g.to_act().expect("the forehand opens");
    let other = (seat + 1) % 3;
    assert!(auction_step(&g, other, TableLevel::Strong, 1, &[]).is_none());
    assert!(auction_step(&g, seat, TableLevel::Easy, 1, &[]).is_none());
    assert!(auction_step(&g, seat, TableLevel::Cheater, 1, &[]).is_none());
    assert!(matches!(
        auction_step(&g, seat, TableLevel::Strong, 1, &[]),
        Some(AuctionStep::Needs(r)) if r.len() == 1
    ));
}
