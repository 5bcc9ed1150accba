//! Criterion benchmarks of the solver (`cargo bench -p ulti-engine`).
//!
//! Fixed, self-contained inputs: 64 seeded random deals (`Deal::random`, each with its own
//! trump) per contract, answers only (no line), an empty table per solve as in `ulti bench`;
//! the original app's "slow simulation" deal, every contract for its trump; and the whole
//! table (every contract × every trump) and the bid values of that deal. The percentiles over
//! the full 1000-deal list come from `ulti bench` (CLI), which prints median/p90/p99/max.

use std::hint::black_box;

use criterion::{BatchSize, Criterion, criterion_group, criterion_main};
use ulti_engine::{Bid, Contract, Deal, Query, RuleOptions, Solver, bids, table};

const SLOW_SIMULATION: &str = "0070605040300173727021213323322232414341510112021303125263536";
const DEALS: u64 = 64;

fn queries(contract: Contract) -> Vec<Query> {
    (0..DEALS)
        .map(|seed| {
            let mut q = Query::new(Deal::random(seed), Bid::single(contract));
            q.line = false;
            q
        })
        .collect()
}

/// One group per contract: the time to solve all 64 deals, one after the other.
fn per_contract(c: &mut Criterion) {
    let mut group = c.benchmark_group("64 random deals");
    group.sample_size(20);
    let mut solver = Solver::new();
    for contract in Contract::ALL {
        let qs = queries(contract);
        group.bench_function(contract.id(), |b| {
            b.iter(|| {
                for q in &qs {
                    black_box(solver.solve(black_box(q)).expect("a legal query"));
                }
            });
        });
    }
    group.finish();
}

/// The original README's slow deal: every contract for its trump, with the optimal lines
/// (what the web app asks for), then the whole table and the bid values.
fn slow_simulation(c: &mut Criterion) {
    let deal = Deal::parse_code(SLOW_SIMULATION).expect("the README deal parses");
    let mut solver = Solver::new();
    let mut group = c.benchmark_group("slow simulation deal");
    group.bench_function("all contracts with lines", |b| {
        b.iter_batched(
            || Contract::ALL.map(|k| Query::new(deal, Bid::single(k))),
            |qs| {
                for q in &qs {
                    black_box(solver.solve(q).expect("a legal query"));
                }
            },
            BatchSize::SmallInput,
        );
    });
    group.bench_function("table (every contract x every trump)", |b| {
        b.iter(|| black_box(table(&mut solver, black_box(&deal), RuleOptions::default())));
    });
    group.sample_size(20);
    group.bench_function("bid values (every standard bid)", |b| {
        b.iter(|| black_box(bids(&mut solver, black_box(&deal), RuleOptions::default())));
    });
    group.finish();
}

criterion_group!(benches, per_contract, slow_simulation);
criterion_main!(benches);
