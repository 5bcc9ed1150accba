//! Criterion benchmarks of the solver (`cargo bench -p ulti-engine`).
//!
//! Fixed, self-contained inputs: 64 seeded random deals (`Deal::random`, each with its own
//! trump) per contract, answers only (no line), an empty table per solve as in `ulti bench`;
//! the original app's "slow simulation" deal, every contract for its trump; and the whole
//! table (every contract × every trump) and the bid values of that deal; and each deal of
//! shared/deals/speed-hard.tsv on its contract under the peer's rules (must beat after a trump),
//! the deals where UltiArena's search comes closest to ours. The percentiles over the full
//! 1000-deal list come from `ulti bench` (CLI), which prints median/p90/p99/max, and
//! `ulti bench --deals shared/deals/speed-hard.tsv --must-beat-after-trump --per-deal` prints
//! the peer's time over ours per hard deal.

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

/// shared/deals/speed-hard.tsv (2026-11-24): the 8 passz and 8 ulti deals where the peer's exact
/// search comes closest to ours, with the peer's time in ms in the same run.
const SPEED_HARD: [(&str, Contract, f64); 16] = [
    (
        "0010022201507331337270634052103320224122325101130143135172636",
        Contract::Passz,
        2.109,
    ),
    (
        "2160502013134243310210635233600250420273014321107171526033722",
        Contract::Passz,
        1.865,
    ),
    (
        "1152635361022110030251421322313020333310720162427120434371706",
        Contract::Passz,
        1.218,
    ),
    (
        "3023415160132031714120036222004333106351011252327263037130507",
        Contract::Passz,
        1.349,
    ),
    (
        "3273200121716223625040313152335213110202405020130331114063734",
        Contract::Passz,
        2.678,
    ),
    (
        "3051403342110122016230224273517260107153306313600320437111322",
        Contract::Passz,
        3.044,
    ),
    (
        "2253420220113143611102700163537260723300232030412153105172124",
        Contract::Passz,
        0.856,
    ),
    (
        "1243436211420100233062303012505320712133522003111161537302627",
        Contract::Passz,
        2.339,
    ),
    (
        "1102516331532001412062024342223350703111337210130272604020531",
        Contract::Ulti,
        6.741,
    ),
    (
        "0230422342010000501072535300612311721151624373614270333321326",
        Contract::Ulti,
        6.184,
    ),
    (
        "1071132211722103634140416240520250103233300373530270613121526",
        Contract::Ulti,
        1.086,
    ),
    (
        "0020400060122143137261205242033210313361130322317071027351534",
        Contract::Ulti,
        8.996,
    ),
    (
        "0130022111407310136272426050430023512213310033237230615201625",
        Contract::Ulti,
        2.449,
    ),
    (
        "3200012301321362506373215040211272407313303101423011716340535",
        Contract::Ulti,
        1.051,
    ),
    (
        "1161004242221371506322636120333311425302702012005130723351134",
        Contract::Ulti,
        0.791,
    ),
    (
        "1273720101107030221321233013117350525061400363034132223162604",
        Contract::Ulti,
        1.351,
    ),
];

/// Each hard deal on its own (the target: at least 3x faster than the peer's time there).
fn speed_hard(c: &mut Criterion) {
    let mut group = c.benchmark_group("speed-hard (must beat after a trump)");
    group.sample_size(30);
    let mut solver = Solver::new();
    for (i, &(code, contract, peer_ms)) in SPEED_HARD.iter().enumerate() {
        let mut q = Query::new(
            Deal::parse_code(code).expect("a deal code"),
            Bid::single(contract),
        );
        q.line = false;
        q.rules.must_beat_after_trump = true;
        let name = format!("{} {} (peer {peer_ms} ms)", i + 1, contract.id());
        group.bench_function(name, |b| {
            b.iter(|| black_box(solver.solve(black_box(&q)).expect("a legal query")));
        });
    }
    group.finish();
}

criterion_group!(benches, per_contract, slow_simulation, speed_hard);
criterion_main!(benches);
