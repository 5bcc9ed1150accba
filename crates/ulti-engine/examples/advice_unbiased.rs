//! Is a bid row's win rate an unbiased estimate? For the hands of `ulti advise-eval --seed S`
//! (hands FROM..TO; S is 11 unless given), every ranked row predicted between 20 % and 70 % is solved again on N
//! fresh random layouts of the cards the soloist cannot see (drawn here, not by the advisor's
//! sampler) and on the actual deal. Prints one line per row: hand, rank, bid, wins, samples,
//! predicted, the rate on the N layouts, the actual outcome; then the means.
//!
//! ```sh
//! cargo run --release -p ulti-engine --example advice_unbiased -- 0 150 200
//! cargo run --release -p ulti-engine --example advice_unbiased -- 0 150 200 600001
//! ```

use rand::SeedableRng;
use rand::seq::SliceRandom;
use ulti_engine::advise::{BidOptions, Task, advise_bid, announcements};
use ulti_engine::{Card, CardSet, Deal, RuleOptions, Solver};

fn main() {
    let args: Vec<u64> = std::env::args()
        .skip(1)
        .map(|a| a.parse().expect("FROM TO N [SEED]"))
        .collect();
    let (from, to, n, seed) = match args[..] {
        [from, to, n] => (from, to, n, 11),
        [from, to, n, seed] => (from, to, n, seed),
        _ => panic!("usage: advice_unbiased FROM TO N [SEED]"),
    };
    let rules = RuleOptions::default();
    let mut solver = Solver::new();
    let anns = announcements();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(from);
    let (mut rows, mut predicted, mut layouts, mut actual) = (0u32, 0.0, 0.0, 0u32);
    for i in from..to {
        // The hand and the advice exactly as `ulti advise-eval --seed S` makes them.
        let deal = Deal::random(seed.wrapping_mul(1_000_003).wrapping_add(i));
        let twelve = CardSet(deal.hand(0).0 | deal.talon().0);
        let opts = BidOptions {
            seed: seed.wrapping_add(i),
            rules,
            ..BidOptions::default()
        };
        let advice = advise_bid(twelve, &opts, &mut solver).expect("twelve cards");
        for (rank, row) in advice.bids.iter().enumerate() {
            let p = row.stats.win_prob;
            if !(0.2..0.7).contains(&p) {
                continue;
            }
            let a = anns
                .iter()
                .position(|x| x.id() == row.id)
                .expect("a standard bid");
            let talon: CardSet = row.discard.iter().copied().collect();
            let hand = CardSet(twelve.0 & !talon.0);
            let won_on = |d1: CardSet, d2: CardSet, solver: &mut Solver| {
                let dl = Deal::new(deal.trump, [hand, d1, d2]).expect("a deal");
                Task::every_bid(dl, rules)
                    .run(solver)
                    .bid_outcomes()
                    .expect("bids")[a]
                    .map(|o| o.0)
            };
            let mut unseen: Vec<Card> = Card::all().filter(|c| !twelve.contains(*c)).collect();
            let (mut w, mut m) = (0u32, 0u32);
            for _ in 0..n {
                unseen.shuffle(&mut rng);
                let d1: CardSet = unseen[..10].iter().copied().collect();
                let d2: CardSet = unseen[10..].iter().copied().collect();
                if let Some(x) = won_on(d1, d2, &mut solver) {
                    m += 1;
                    w += u32::from(x);
                }
            }
            let Some(won) = won_on(deal.hand(1), deal.hand(2), &mut solver) else {
                continue;
            };
            let rate = f64::from(w) / f64::from(m.max(1));
            println!(
                "{i}\t{rank}\t{}\t{}\t{}\t{p:.3}\t{rate:.3}\t{won}",
                row.id, row.stats.wins, row.stats.samples
            );
            rows += 1;
            predicted += p;
            layouts += rate;
            actual += u32::from(won);
        }
    }
    let r = f64::from(rows.max(1));
    println!(
        "{rows} rows: predicted {:.3}, on {n} fresh layouts {:.3}, actual deals {:.3}",
        predicted / r,
        layouts / r,
        f64::from(actual) / r
    );
}
