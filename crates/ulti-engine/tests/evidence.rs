//! Auction inference (issue 18): a view that weighs its layouts by what the seats said in the
//! auction samples soloists that look like bidders — an ulti soloist with long trumps, a
//! defender who passed throughout without a long suit — and stays reproducible.

use ulti_engine::advise::{Evidence, Family, Said, Sampler, SeatView, rng_for};
use ulti_engine::{Bid, CardSet, Deal, RuleOptions, SOLOIST, Suit, parse_cards};

fn set(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

/// Defender 1's view of an ulti in zöld, before the first card.
fn defender_view() -> SeatView {
    let deal = Deal::new(
        Suit::Zold,
        [
            set("Z7,ZA,ZK,PA,PX,MA,MX,TA,TX,TK"),
            set("Z8,Z9,P7,P8,P9,PU,PO,M7,M8,M9"),
            set("ZU,ZX,ZO,MU,MO,MK,T7,T8,T9,TU"),
        ],
    )
    .unwrap();
    let bid: Bid = "ulti".parse().unwrap();
    SeatView::from_deal(&deal, &bid, &[], 1, RuleOptions::default()).unwrap()
}

/// The soloist's trumps (hand and talon) over `n` sampled layouts: the mean, and the share
/// with three or fewer.
fn soloist_trumps(view: &SeatView, n: u64) -> (f64, f64) {
    let mut sampler = Sampler::new(view).unwrap();
    let (mut sum, mut short) = (0u32, 0u32);
    for k in 0..n {
        let d = sampler.sample(&mut rng_for(5, k)).unwrap();
        let t = CardSet(d.hand(SOLOIST).0 | d.talon().0)
            .of_suit(d.trump)
            .len();
        sum += t;
        short += u32::from(t <= 3);
    }
    (f64::from(sum) / n as f64, f64::from(short) / n as f64)
}

/// An ulti soloist whose defenders passed every turn.
fn ulti_bid_then_passes() -> Evidence {
    Evidence::new([
        Said::Bid {
            family: Family::Ulti,
            piros: false,
        },
        Said::Passed,
        Said::Passed,
    ])
}

#[test]
fn a_defender_expects_an_ulti_bidder_to_hold_long_trumps() {
    let uniform = defender_view();
    let informed = uniform.clone().with_evidence(ulti_bid_then_passes());
    let (mean_u, short_u) = soloist_trumps(&uniform, 400);
    let (mean_i, short_i) = soloist_trumps(&informed, 400);
    // Uniformly the soloist (Z7 required; defender 1 holds Z8, Z9) holds three trumps or
    // fewer in about half the layouts; a bidder of ulti seldom does (2 % of 176 in the
    // fitting games; the weights' floor keeps such layouts possible).
    assert!(
        mean_i > mean_u + 0.8,
        "mean trumps {mean_u:.2} → {mean_i:.2}"
    );
    assert!(
        short_u > 0.3 && short_i < short_u / 4.0,
        "three or fewer {short_u:.2} → {short_i:.2}"
    );
    // The same seed gives the same layouts.
    let mut a = Sampler::new(&informed).unwrap();
    let mut b = Sampler::new(&informed).unwrap();
    for k in 0..20 {
        assert_eq!(
            a.sample(&mut rng_for(9, k)).unwrap(),
            b.sample(&mut rng_for(9, k)).unwrap()
        );
    }
}

#[test]
fn the_soloist_expects_defenders_who_passed_throughout_to_lack_a_long_suit() {
    let deal = Deal::new(
        Suit::Zold,
        [
            set("Z7,ZA,ZK,ZO,ZU,PA,PX,MA,MX,TA"),
            set("Z8,Z9,P7,P8,P9,PU,PO,M7,M8,M9"),
            set("ZX,MU,MO,MK,T7,T8,T9,TU,TX,TK"),
        ],
    )
    .unwrap();
    let bid: Bid = "ulti".parse().unwrap();
    let uniform = SeatView::from_deal(&deal, &bid, &[], SOLOIST, RuleOptions::default()).unwrap();
    let informed = uniform.clone().with_evidence(ulti_bid_then_passes());
    let longest = |view: &SeatView| {
        let mut s = Sampler::new(view).unwrap();
        let mut six = 0;
        for k in 0..400 {
            let d = s.sample(&mut rng_for(3, k)).unwrap();
            for seat in [1, 2] {
                let h = d.hand(seat);
                if Suit::ALL.iter().any(|&x| h.of_suit(x).len() >= 6) {
                    six += 1;
                }
            }
        }
        six
    };
    let (u, i) = (longest(&uniform), longest(&informed));
    assert!(
        i * 3 < u,
        "defenders with a six-card suit: {u} uniform, {i} informed"
    );
}
