//! The review's knowable cost for one whole deal (`cargo bench -p ulti-engine --bench
//! knowable`): every card of one seat in a deal of ulti (each with the default adaptive
//! layouts: 16, doubled up to 64 while undecided), on one thread (a [`Solver`], as in one
//! web worker, fresh for each deal), for a defender and for the soloist; and one decision of
//! each costly kind at the table (`players::decision_cost`): the forehand's opening bid and
//! discard, a pass where the seat could pick up, a defender's kontra.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ulti_engine::advise::{KnowableOptions, SeatView, card_cost};
use ulti_engine::players::decision_cost;
use ulti_engine::whole_game::{AuctionBid, TableRules, WholeGame};
use ulti_engine::{Bid, Card, Deal, Game, RuleOptions, Seat, Solver};

const DEAL: &str = "0070605040300173727021213323322232414341510112021303125263536";

/// The deal played out with the first legal card at every turn.
fn line(deal: &Deal, bid: &Bid) -> Vec<Card> {
    let mut g = Game::new(deal, bid, RuleOptions::default());
    for _ in 0..30 {
        let c = g.legal_cards().iter().next().unwrap();
        g.play(c).unwrap();
    }
    g.played()
}

/// Every decision of `seat` in the deal: its view and the card it played.
fn decisions(deal: &Deal, bid: &Bid, seat: Seat) -> Vec<(SeatView, Card)> {
    let played = line(deal, bid);
    (0..30)
        .filter_map(|i| {
            let view =
                SeatView::from_deal(deal, bid, &played[..i], seat, RuleOptions::default()).ok()?;
            view.require_turn().ok()?;
            Some((view, played[i]))
        })
        .collect()
}

fn review(c: &mut Criterion) {
    let bid: Bid = "ulti".parse().unwrap();
    // The app's slow card-advice deal (its soloist wins whatever: its cards are quick), and
    // the first seeded random deal whose soloist can play ulti.
    let random = (1..)
        .map(Deal::random)
        .find(|d| bid.unplayable_reason(d).is_none())
        .unwrap();
    let opts = KnowableOptions::default();
    let mut group = c.benchmark_group("knowable");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let slow = Deal::parse_code(DEAL).unwrap();
    for (deal, seat, name) in [
        (slow, 1, "slow deal, a defender's 10 cards"),
        (slow, 0, "slow deal, the soloist's 10 cards"),
        (random, 1, "random deal, a defender's 10 cards"),
        (random, 0, "random deal, the soloist's 10 cards"),
    ] {
        let ds = decisions(&deal, &bid, seat);
        assert_eq!(ds.len(), 10);
        group.bench_function(format!("one deal, {name}, 1 thread"), |b| {
            // A fresh solver per deal: the same layouts again would hit its table.
            b.iter(|| {
                let mut solver = Solver::new();
                for (view, card) in &ds {
                    black_box(card_cost(black_box(view), *card, &opts, &mut solver).unwrap());
                }
            });
        });
    }
    group.finish();
}

/// A seeded whole game where the forehand (seat 0) bids passz with the cheapest discard: the
/// moment seat 1 passes or picks up, and the moment, after Zöld is named and the first card
/// led, seat 1 says kontra or lets it go.
fn table_moments(seed: u64) -> Option<(WholeGame, WholeGame, WholeGame, String)> {
    let mut g = WholeGame::random(TableRules::default(), 2, seed);
    let bid: AuctionBid = "passz".parse().unwrap();
    let d = bid.discard_for(g.hand(0))?;
    let opening = g.clone();
    let said = format!("0 bid passz {},{}", d[0], d[1]);
    g.apply(said.parse().unwrap()).ok()?;
    let pickup = g.clone();
    g.apply("1 pass".parse().unwrap()).ok()?;
    g.apply("2 pass".parse().unwrap()).ok()?;
    if g.seat_turn(0, false).holder_turn {
        g.apply("0 stand".parse().unwrap()).ok()?;
    }
    g.apply("0 trump Z".parse().unwrap()).ok()?;
    let lead = g.legal_cards().iter().next()?;
    g.apply(format!("0 card {lead}").parse().unwrap()).ok()?;
    g.seat_turn(1, false)
        .kontra
        .is_some()
        .then_some((opening, pickup, g, said))
}

fn table_decisions(c: &mut Criterion) {
    let opts = KnowableOptions::default();
    let (opening, pickup, kontra, said) = (1..).find_map(table_moments).unwrap();
    let mut group = c.benchmark_group("knowable");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(20));
    let (pass, kontra_said) = ("1 pass".to_string(), "1 kontra passz".to_string());
    for (name, game, seat, action) in [
        (
            "an auction decision: the opening bid and discard, 1 thread",
            &opening,
            0,
            &said,
        ),
        (
            "an auction decision: pass or pick up, 1 thread",
            &pickup,
            1,
            &pass,
        ),
        ("a kontra decision, 1 thread", &kontra, 1, &kontra_said),
    ] {
        let action = action.parse().unwrap();
        group.bench_function(name, |b| {
            b.iter(|| {
                let (view, turn) = (game.view(seat), game.seat_turn(seat, false));
                black_box(decision_cost(&view, &turn, Some(&action), None, &opts).unwrap())
            });
        });
    }
    group.finish();
}

criterion_group!(benches, review, table_decisions);
criterion_main!(benches);
