//! Criterion benchmarks of the real-table advice (`cargo bench -p ulti-engine --bench advise`):
//! one bid-and-discard answer from twelve cards (default options: 32 samples for the
//! finalist discards) and one card decision with 100 samples (with and without the exact
//! card points of passz), and the slowest card decision of the app's benchmark (the first
//! defender's first card against an ulti, 100 samples), all on one thread (a
//! [`Solver`] as the executor, as in the web worker). `ulti advise` runs the same work on
//! several threads.

use std::hint::black_box;
use std::time::Duration;

use criterion::{Criterion, criterion_group, criterion_main};
use ulti_engine::advise::{BidOptions, CardOptions, SeatView, advise_bid, advise_card};
use ulti_engine::{Bid, CardSet, Deal, RuleOptions, Solver, parse_cards};

const SLOW_SIMULATION: &str = "0070605040300173727021213323322232414341510112021303125263536";

/// A middling hand: the soloist's ten cards and the talon of a seeded random deal.
fn twelve() -> CardSet {
    let d = Deal::random(3);
    CardSet(d.hand(0).0 | d.talon().0)
}

fn bid_advice(c: &mut Criterion) {
    let hand = twelve();
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("advise");
    group.sample_size(10);
    group.measurement_time(Duration::from_secs(30));
    group.bench_function("bid and discard, 32 samples, 1 thread", |b| {
        b.iter(|| {
            black_box(advise_bid(black_box(hand), &BidOptions::default(), &mut solver).unwrap())
        });
    });
    let deal = Deal::parse_code(SLOW_SIMULATION).unwrap();
    let bid: Bid = "passz".parse().unwrap();
    let played = parse_cards("PA,MU,Z8,P7").unwrap();
    let view = SeatView::from_deal(&deal, &bid, &played, 1, RuleOptions::default()).unwrap();
    group.bench_function("card, 100 samples, 1 thread", |b| {
        b.iter(|| {
            black_box(advise_card(black_box(&view), &CardOptions::default(), &mut solver).unwrap())
        });
    });
    let quick = CardOptions {
        points: false,
        ..CardOptions::default()
    };
    group.bench_function("card, 100 samples, no points, 1 thread", |b| {
        b.iter(|| black_box(advise_card(black_box(&view), &quick, &mut solver).unwrap()));
    });
    let ulti: Bid = "ulti".parse().unwrap();
    let lead = parse_cards("PA").unwrap();
    let first = SeatView::from_deal(&deal, &ulti, &lead, 1, RuleOptions::default()).unwrap();
    group.bench_function(
        "card, ulti, defender's first card, 100 samples, 1 thread",
        |b| {
            b.iter(|| {
                black_box(
                    advise_card(black_box(&first), &CardOptions::default(), &mut solver).unwrap(),
                )
            });
        },
    );
    group.finish();
}

criterion_group!(benches, bid_advice);
criterion_main!(benches);
