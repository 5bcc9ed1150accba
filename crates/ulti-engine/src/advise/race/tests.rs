//! The race's own tests: what it solves, and what it leaves open.

use super::*;
use crate::card::parse_cards;
use crate::contract::Contract;
use crate::solver::Solver;

/// A twelve with trumps, aces and a seven: many bids in contention.
fn twelve() -> CardSet {
    parse_cards("TA,TO,TU,MK,M8,ZK,ZX,Z9,Z8,PU,M7,MA")
        .unwrap()
        .into_iter()
        .collect()
}

/// The race leaves payoffs open, yet every number the answer shows is exact: each bid
/// row's discard and each discard's best bid have no open payoff left.
#[test]
fn the_race_solves_every_payoff_it_shows() {
    let hand = twelve();
    let opts = BidOptions {
        samples: 8,
        confirm: 4,
        ..BidOptions::default()
    };
    let mut solver = Solver::new();
    let mut race = BidRace::new(hand, &opts).unwrap();
    while let Some(tasks) = race.next_batch().unwrap() {
        race.feed(0, solver.run_all(&tasks));
    }
    let left: usize = race.tallies.iter().flatten().map(|t| t.open.len()).sum();
    assert!(left > 0, "nothing was left open: no work saved");
    assert!(race.resolutions() > 0, "nothing shown needed solving");
    let advice = race.clone().finish();
    for r in &advice.bids {
        let d = race.discard_index(r.discard);
        let a = BidRace::announcement_index(&r.id);
        assert!(race.tallies[d][a].open.is_empty(), "row {} left open", r.id);
    }
    for d in 0..race.ds.len() {
        if let Some(a) = race.best_bid(d) {
            assert!(
                race.tallies[d][a].open.is_empty(),
                "discard {d}'s best bid left open"
            );
        }
    }
}

/// Few samples, a few confirming the leading rows and the others.
fn few_samples() -> BidOptions {
    BidOptions {
        samples: 8,
        confirm: 4,
        rest: 2,
        ..BidOptions::default()
    }
}

/// The bids with an ulti in them (a table's overcalls, say).
fn ulti_bids(a: &Announcement) -> bool {
    a.bid.contracts().contains(&Contract::Ulti)
}

/// A race among some bids (the table's overcalls) solves only those: its rows are theirs,
/// no task ever asks for another bid, and it asks for far fewer solves than the race over
/// every bid.
#[test]
fn a_race_among_some_bids_solves_only_those() {
    let hand = twelve();
    let opts = few_samples();
    let mut solver = Solver::new();
    let mut asked = [0usize; 2];
    for (i, filter) in [
        &(|_: &Announcement| true) as &dyn Fn(&Announcement) -> bool,
        &ulti_bids as &dyn Fn(&Announcement) -> bool,
    ]
    .into_iter()
    .enumerate()
    {
        let mut race = BidRace::among(hand, &opts, filter).unwrap();
        while let Some(tasks) = race.next_batch().unwrap() {
            for t in &tasks {
                for (a, &w) in t.wanted().iter().enumerate() {
                    if w {
                        asked[i] += 1;
                        assert!(
                            filter(&PLAN.announcements[a]),
                            "a task asks for {}",
                            PLAN.announcements[a].id()
                        );
                    }
                }
            }
            race.feed(0, solver.run_all(&tasks));
        }
        let advice = race.finish();
        assert!(!advice.bids.is_empty(), "no rows");
        for r in &advice.bids {
            let a = BidRace::announcement_index(&r.id);
            assert!(
                filter(&PLAN.announcements[a]),
                "row {} not among them",
                r.id
            );
        }
    }
    assert!(asked[1] * 2 < asked[0], "bids asked: {asked:?}");
}

/// Discards that play alike share their solves, and the advice is the one the race gives
/// solving every discard: the same rows, numbers and ranking, on hands with alike cards (runs
/// of low cards, a Felső with its Király) and without, for the whole race and among some bids.
#[test]
fn sharing_alike_discards_changes_no_advice() {
    let hands = [
        "TA,TO,TU,MK,M8,ZK,ZX,Z9,Z8,PU,M7,MA",
        "P8,P9,PU,PO,PK,Z8,Z9,ZX,ZU,M7,TA,TX",
        "P7,PA,PX,PK,PO,Z7,Z8,M9,MU,MO,T8,T9",
        "PA,PX,ZA,ZX,MA,MX,TA,TX,P7,Z7,M7,T7",
    ];
    let opts = few_samples();
    let every = |_: &Announcement| true;
    let mut solver = Solver::new();
    let mut solves = [0usize; 2];
    for hand in hands {
        let hand: CardSet = parse_cards(hand).unwrap().into_iter().collect();
        for filter in [
            &every as &dyn Fn(&Announcement) -> bool,
            &ulti_bids as &dyn Fn(&Announcement) -> bool,
        ] {
            let mut advice = Vec::new();
            for (i, shared) in [true, false].into_iter().enumerate() {
                let mut race = BidRace::among(hand, &opts, filter).unwrap();
                if !shared {
                    race.classes = (0..race.ds.len()).collect();
                }
                while let Some(tasks) = race.next_batch().unwrap() {
                    solves[i] += tasks.len();
                    race.feed(0, solver.run_all(&tasks));
                }
                advice.push(race.finish());
            }
            assert_eq!(advice[0], advice[1], "{hand:?}");
        }
    }
    // The hand of aces, tens and sevens has no alike cards; the others have several.
    assert!(
        solves[0] * 10 < solves[1] * 9,
        "solves shared {} of {}",
        solves[0],
        solves[1]
    );
}
