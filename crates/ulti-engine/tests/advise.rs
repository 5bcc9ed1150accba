//! The real-table adviser (GitHub issue 10): the sampler deals only what a seat cannot see and
//! nothing its view rules out, uniformly over the consistent layouts; the advice depends only
//! on the view (fairness); both answers have the documented shape and are reproducible.

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use ulti_engine::advise::{
    AdviseError, BidOptions, BidRace, CardOptions, CardTallies, Executor, Sampler, SeatView,
    ViewError, advise_bid, advise_card, card_tallies, close_call, rng_for, schedule, wilson,
};
use ulti_engine::{
    Bid, Card, CardSet, Contract, Deal, Game, Rank, RuleOptions, SOLOIST, Solver, parse_cards,
};

const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

/// Bids to play in random positions: plain, compound, no-trump, and ones with prerequisites.
const BIDS: [&str; 7] = [
    "passz",
    "ulti",
    "40-100",
    "betli",
    "40-100+ulti",
    "negy-asz",
    "20-100",
];

/// A random legal position: a deal where the soloist can play `bid`, and `plies` random legal
/// cards.
fn position(rng: &mut SmallRng, bid: &Bid, plies: usize) -> (Deal, Vec<Card>) {
    loop {
        let deal = Deal::random(rng.random());
        if bid.unplayable_reason(&deal).is_some() {
            continue;
        }
        let mut g = Game::new(&deal, bid, RuleOptions::default());
        for _ in 0..plies {
            let legal: Vec<Card> = g.legal_cards().iter().collect();
            g.play(*legal.choose(rng).unwrap()).unwrap();
        }
        return (deal, g.played());
    }
}

/// The place of each card in a deal: seat 0..2, or 3 for the talon.
fn places(deal: &Deal) -> [CardSet; 4] {
    [deal.hand(0), deal.hand(1), deal.hand(2), deal.talon()]
}

#[test]
fn the_sampler_deals_only_unseen_cards_and_nothing_the_view_rules_out() {
    let mut rng = SmallRng::seed_from_u64(10);
    let mut views = 0;
    let mut samples = 0;
    for round in 0..120 {
        let bid: Bid = BIDS[round % BIDS.len()].parse().unwrap();
        let plies = rng.random_range(0..28);
        let (deal, played) = position(&mut rng, &bid, plies);
        let g = Game::with_played(&deal, &bid, RuleOptions::default(), &played).unwrap();
        let seat = g.to_move();
        let view = SeatView::from_deal(&deal, &bid, &played, seat, RuleOptions::default()).unwrap();
        // What the view derives is sound: the real deal breaks none of it.
        let real = places(&deal);
        let gone: CardSet = played.iter().copied().collect();
        for (p, cards) in real.iter().enumerate() {
            assert_eq!(
                cards.0 & !gone.0 & view.excluded(p).0,
                0,
                "place {p} of {deal} after {played:?}"
            );
        }
        assert_eq!(view.required().0 & !deal.hand(SOLOIST).0, 0);
        let mut sampler = Sampler::new(&view).unwrap();
        views += 1;
        for k in 0..20 {
            let s = sampler.sample(&mut rng_for(round as u64, k)).unwrap();
            samples += 1;
            let got = places(&s);
            // The seat's own hand, the cards each seat played, and (for the soloist) the talon
            // are as seen; every hand holds ten cards.
            assert_eq!(s.hand(seat), deal.hand(seat));
            for (p, hand) in got.iter().enumerate().take(3) {
                let held = hand.0 & !view.played_by(p).0;
                assert_eq!(hand.len(), 10);
                assert_eq!(
                    view.played_by(p).0 & !hand.0,
                    0,
                    "seat {p} played its cards"
                );
                if p != seat {
                    assert_eq!(held & !view.unseen().0, 0, "only unseen cards are dealt");
                    assert_eq!(held & view.excluded(p).0, 0, "nothing ruled out");
                }
            }
            assert_eq!(got[3].0 & view.excluded(3).0, 0);
            if seat == SOLOIST {
                assert_eq!(s.talon(), deal.talon());
            } else {
                assert_eq!(s.talon().0 & !view.unseen().0, 0);
            }
            // The bid is playable and the play so far legal in the sample.
            assert_eq!(bid.unplayable_reason(&s), None);
            assert!(Game::with_played(&s, &bid, RuleOptions::default(), &played).is_ok());
        }
    }
    assert_eq!((views, samples), (120, 2400));
}

#[test]
fn a_revealed_void_and_a_refusal_to_beat_are_excluded() {
    // Hand-made tricks: defender 1 does not follow Piros (so holds no Piros, and no trump
    // since it did not trump in a trump game); defender 2 follows below the card to beat.
    let deal = Deal::parse_code(STRONG).unwrap();
    let bid: Bid = "passz".parse().unwrap();
    let mut rng = SmallRng::seed_from_u64(3);
    for _ in 0..200 {
        let (d, played) = position(&mut rng, &bid, 3);
        let _ = (d, &deal);
        let view = SeatView::from_deal(&d, &bid, &played, 0, RuleOptions::default());
        let Ok(view) = view else { continue };
        let led = played[0].suit();
        for (i, &c) in played.iter().enumerate().skip(1) {
            let seat = view.players()[i];
            if c.suit() != led {
                assert_eq!(view.excluded(seat).of_suit(led), led.cards());
                if c.suit() != d.trump {
                    assert_eq!(view.excluded(seat).of_suit(d.trump), d.trump.cards());
                }
            }
        }
    }
}

/// Every layout of the hidden cards of `view` that is consistent, by brute force.
fn consistent_layouts(view: &SeatView, bid: &Bid) -> Vec<[CardSet; 3]> {
    let unseen: Vec<Card> = view.unseen().iter().collect();
    let seat = view.seat();
    let hidden: Vec<usize> = (0..3).filter(|&s| s != seat).collect();
    let rooms: Vec<usize> = hidden
        .iter()
        .map(|&s| 10 - view.played_by(s).len() as usize)
        .collect();
    let n = unseen.len();
    let mut out = Vec::new();
    for mask in 0u32..(1 << n) {
        if mask.count_ones() as usize != rooms[0] {
            continue;
        }
        let a: CardSet = (0..n)
            .filter(|i| mask >> i & 1 != 0)
            .map(|i| unseen[i])
            .collect();
        let rest: Vec<Card> = (0..n)
            .filter(|i| mask >> i & 1 == 0)
            .map(|i| unseen[i])
            .collect();
        let m = rest.len();
        for mask2 in 0u32..(1 << m) {
            if mask2.count_ones() as usize != rooms[1] {
                continue;
            }
            let b: CardSet = (0..m)
                .filter(|i| mask2 >> i & 1 != 0)
                .map(|i| rest[i])
                .collect();
            let mut hands = [CardSet::EMPTY; 3];
            hands[seat] = view.hand();
            hands[hidden[0]] = CardSet(a.0 | view.played_by(hidden[0]).0);
            hands[hidden[1]] = CardSet(b.0 | view.played_by(hidden[1]).0);
            let d = Deal::new(view.trump(), hands).unwrap();
            if bid.unplayable_reason(&d).is_none()
                && Game::with_played(&d, bid, view.rules(), view.played()).is_ok()
            {
                out.push(hands);
            }
        }
    }
    out
}

#[test]
fn the_sampler_is_uniform_over_consistent_layouts() {
    // A defender's view late in an ulti game: the soloist must hold the trump VII, the talon
    // is unseen, and play has revealed voids. Chi-square over every consistent layout.
    let bid: Bid = "ulti".parse().unwrap();
    let mut rng = SmallRng::seed_from_u64(7);
    let mut tested = 0;
    while tested < 2 {
        let (deal, played) = position(&mut rng, &bid, 22);
        let g = Game::with_played(&deal, &bid, RuleOptions::default(), &played).unwrap();
        let seat = g.to_move();
        if seat == SOLOIST {
            continue;
        }
        let view = SeatView::from_deal(&deal, &bid, &played, seat, RuleOptions::default()).unwrap();
        let all = consistent_layouts(&view, &bid);
        if all.len() < 8 {
            continue;
        }
        tested += 1;
        let mut sampler = Sampler::new(&view).unwrap();
        let draws = 200 * all.len();
        let mut counts = vec![0u32; all.len()];
        for k in 0..draws {
            let s = sampler.sample(&mut rng_for(99, k as u64)).unwrap();
            let key = [s.hand(0), s.hand(1), s.hand(2)];
            let i = all
                .iter()
                .position(|l| *l == key)
                .expect("every sample is a consistent layout");
            counts[i] += 1;
        }
        let expected = draws as f64 / all.len() as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        let df = (all.len() - 1) as f64;
        // Far beyond the 99.9th percentile of chi-square(df) for these df.
        let limit = df + 4.5 * (2.0 * df).sqrt() + 10.0;
        assert!(
            chi2 < limit,
            "chi2 {chi2:.1} with {} layouts (limit {limit:.1}): {counts:?}",
            all.len()
        );
    }
}

/// Move hidden cards between the hidden places of `view` at random, keeping the deal legal
/// for the play so far: the seat's view is unchanged.
fn rearranged(deal: &Deal, bid: &Bid, played: &[Card], seat: usize, rng: &mut SmallRng) -> Deal {
    let played_set: CardSet = played.iter().copied().collect();
    for _ in 0..10_000 {
        let mut p = places(deal);
        let hidden: Vec<usize> = (0..4)
            .filter(|&x| x != seat && !(seat == SOLOIST && x == 3))
            .collect();
        for _ in 0..4 {
            let a = *hidden.choose(rng).unwrap();
            let b = *hidden.choose(rng).unwrap();
            let ca: Vec<Card> = CardSet(p[a].0 & !played_set.0).iter().collect();
            let cb: Vec<Card> = CardSet(p[b].0 & !played_set.0).iter().collect();
            if a == b || ca.is_empty() || cb.is_empty() {
                continue;
            }
            let (x, y) = (*ca.choose(rng).unwrap(), *cb.choose(rng).unwrap());
            p[a].remove(x);
            p[b].insert(x);
            p[b].remove(y);
            p[a].insert(y);
        }
        let d = Deal::new(deal.trump, [p[0], p[1], p[2]]).unwrap();
        if d != *deal
            && bid.unplayable_reason(&d).is_none()
            && Game::with_played(&d, bid, RuleOptions::default(), played).is_ok()
        {
            return d;
        }
    }
    panic!("no other legal layout for {deal} after {played:?}");
}

#[test]
fn rearranging_hidden_cards_never_changes_the_card_advice() {
    let mut rng = SmallRng::seed_from_u64(5);
    let mut solver = Solver::new();
    for round in 0..6 {
        let bid: Bid = ["passz", "40-100+ulti", "betli"][round % 3]
            .parse()
            .unwrap();
        let (deal, played) = position(&mut rng, &bid, 3 * (round + 1) + round % 3);
        let g = Game::with_played(&deal, &bid, RuleOptions::default(), &played).unwrap();
        let seat = g.to_move();
        let other = rearranged(&deal, &bid, &played, seat, &mut rng);
        let v1 = SeatView::from_deal(&deal, &bid, &played, seat, RuleOptions::default()).unwrap();
        let v2 = SeatView::from_deal(&other, &bid, &played, seat, RuleOptions::default()).unwrap();
        assert_eq!(v1, v2, "the view does not see hidden cards");
        let opts = CardOptions {
            samples: 12,
            seed: 42,
            points: round < 3,
        };
        let a1 = advise_card(&v1, &opts, &mut solver).unwrap();
        let a2 = advise_card(&v2, &opts, &mut solver).unwrap();
        assert_eq!(a1, a2);
        // Best first, and exactly the legal cards.
        let legal: CardSet = g.legal_cards();
        let advised: CardSet = a1.cards.iter().map(|r| r.card).collect();
        assert_eq!(advised, legal);
        for r in &a1.cards {
            assert_eq!(r.stats.samples, 12);
            let points_contract = bid.as_single().is_some_and(|c| c.is_point_contract());
            assert_eq!(r.expected_points.is_some(), points_contract && opts.points);
        }
        let key = |r: &ulti_engine::advise::CardRow| r.stats.expected_payoff;
        for w in a1.cards.windows(2) {
            if seat == SOLOIST {
                assert!(key(&w[0]) >= key(&w[1]));
            } else {
                assert!(key(&w[0]) <= key(&w[1]));
            }
        }
    }
}

/// The page's workers each solve a piece of a card advice's samples; the pieces merged in any
/// order give exactly the advice solved in one go (sample k is the same layout in any piece).
#[test]
fn card_advice_in_pieces_is_the_whole_advice() {
    let mut rng = SmallRng::seed_from_u64(9);
    let mut solver = Solver::new();
    for round in 0..3 {
        let bid: Bid = ["ulti", "passz", "betli"][round].parse().unwrap();
        let (deal, played) = position(&mut rng, &bid, 1 + 4 * round);
        let g = Game::with_played(&deal, &bid, RuleOptions::default(), &played).unwrap();
        let view =
            SeatView::from_deal(&deal, &bid, &played, g.to_move(), RuleOptions::default()).unwrap();
        let opts = CardOptions {
            samples: 10,
            seed: 3,
            points: true,
        };
        let whole = advise_card(&view, &opts, &mut solver).unwrap();
        let cuts = [0, 3, 4, 10];
        let mut pieces: Vec<CardTallies> = cuts
            .windows(2)
            .map(|w| card_tallies(&view, &opts, w[0]..w[1], &mut solver).unwrap())
            .collect();
        pieces.rotate_left(round + 1);
        let mut merged = pieces.remove(0);
        for p in pieces {
            merged.merge(p);
        }
        assert_eq!(merged.samples(), 10);
        assert_eq!(merged.advice(&view, &opts), whole, "{bid} after {played:?}");
        assert!(
            card_tallies(&view, &opts, 4..11, &mut solver).is_err(),
            "beyond the samples"
        );
    }
}

#[test]
fn card_advice_asks_the_seat_to_move() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let bid: Bid = "passz".parse().unwrap();
    let view = SeatView::from_deal(&deal, &bid, &[], 1, RuleOptions::default()).unwrap();
    let err = advise_card(&view, &CardOptions::default(), &mut Solver::new()).unwrap_err();
    assert_eq!(
        err,
        AdviseError::View(ViewError::NotToMove {
            seat: 1,
            to_move: 0
        })
    );
    // A defender does not see the talon; the soloist does.
    assert_eq!(view.talon(), None);
    assert_eq!(view.unseen().len(), 22);
    let v0 = SeatView::from_deal(&deal, &bid, &[], 0, RuleOptions::default()).unwrap();
    assert_eq!(v0.unseen().len(), 20);
}

#[test]
fn the_soloist_is_sampled_with_the_bids_cards() {
    // Defenders' view of an ulti: every sample gives the soloist the trump VII.
    let bid: Bid = "40-100+ulti".parse().unwrap();
    let mut rng = SmallRng::seed_from_u64(11);
    let (deal, played) = position(&mut rng, &bid, 1);
    let view = SeatView::from_deal(&deal, &bid, &played, 1, RuleOptions::default()).unwrap();
    let mut sampler = Sampler::new(&view).unwrap();
    let needed: Vec<Card> =
        parse_cards(&format!("{t}7,{t}K,{t}O", t = deal.trump.letter())).unwrap();
    for k in 0..200 {
        let s = sampler.sample(&mut rng_for(1, k)).unwrap();
        for &c in &needed {
            assert!(s.hand(SOLOIST).contains(c));
        }
    }
    let _ = Contract::Ulti;
}

#[test]
fn wilson_intervals_are_sane() {
    let (lo, hi) = wilson(0, 10);
    assert!(lo == 0.0 && hi > 0.25 && hi < 0.35, "{hi}");
    let (lo, hi) = wilson(10, 10);
    assert!(hi > 0.999 && lo > 0.65 && lo < 0.75, "{lo} {hi}");
    let stats = |payoff: f64, se: f64| ulti_engine::advise::Stats {
        samples: 10,
        wins: 5,
        win_prob: 0.5,
        win_low: 0.2,
        win_high: 0.8,
        expected_payoff: payoff,
        payoff_se: se,
    };
    assert!(close_call(&stats(1.0, 0.3), &stats(0.8, 0.3)));
    assert!(!close_call(&stats(1.0, 0.1), &stats(0.0, 0.1)));
    assert!(close_call(&stats(2.0, 0.0), &stats(2.0, 0.0)));
    let (lo, hi) = wilson(50, 100);
    assert!((lo - 0.404).abs() < 0.01 && (hi - 0.596).abs() < 0.01);
}

#[test]
fn bid_advice_is_reproducible_ranked_and_sees_only_the_twelve_cards() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let twelve = CardSet(deal.hand(0).0 | deal.talon().0);
    let opts = BidOptions {
        samples: 4,
        seed: 3,
        rules: RuleOptions::default(),
        confirm: 0,
        rest: 0,
        evidence: None,
    };
    let mut solver = Solver::new();
    let a = advise_bid(twelve, &opts, &mut solver).unwrap();
    assert_eq!(a.discards.len(), 66);
    assert_eq!(a.rounds, schedule(66, 4));
    let planned: u32 = {
        let s = schedule(66, 4);
        let mut total = 0;
        let mut prev = 0;
        for (d, k) in s {
            total += d * (k - prev);
            prev = k;
        }
        total
    };
    assert_eq!(a.samples_total, planned);
    assert!(a.passz.is_some());
    assert!(!a.caveat.is_empty());
    for w in a.bids.windows(2) {
        assert!(w[0].stats.expected_payoff >= w[1].stats.expected_payoff);
    }
    for r in &a.bids {
        assert!(r.stats.samples > 0);
        assert!(r.stats.win_low <= r.stats.win_prob && r.stats.win_prob <= r.stats.win_high);
        assert!(twelve.contains(r.discard[0]) && twelve.contains(r.discard[1]));
    }
    // The same twelve cards from a deal with other defenders' hands: the same advice.
    let mut rng = SmallRng::seed_from_u64(1);
    let other = rearranged(&deal, &"passz".parse().unwrap(), &[], SOLOIST, &mut rng);
    assert_eq!(CardSet(other.hand(0).0 | other.talon().0), twelve);
    let b = advise_bid(twelve, &opts, &mut solver).unwrap();
    assert_eq!(a, b);
    // Confirmation: the three leading rows get fresh samples and are ranked on them.
    let confirmed = advise_bid(twelve, &BidOptions { confirm: 5, ..opts }, &mut solver).unwrap();
    let top = &confirmed.bids[..3];
    assert!(top.iter().all(|r| r.confirmed && r.stats.samples == 5));
    assert!(confirmed.bids[3..].iter().all(|r| !r.confirmed));
    for w in top.windows(2) {
        assert!(w[0].stats.expected_payoff >= w[1].stats.expected_payoff);
    }
    // The rows of one discard share each fresh layout.
    let mut top_discards: Vec<_> = top.iter().map(|r| r.discard).collect();
    top_discards.sort_unstable();
    top_discards.dedup();
    assert_eq!(
        confirmed.samples_total,
        a.samples_total + 5 * top_discards.len() as u32
    );
    // Every other row too (`rest`): fresh samples, ranked again among themselves.
    let all = advise_bid(
        twelve,
        &BidOptions {
            confirm: 5,
            rest: 3,
            ..opts
        },
        &mut solver,
    )
    .unwrap();
    assert_eq!(all.bids[..3], confirmed.bids[..3]);
    assert!(all.bids.len() > 3);
    assert!(
        all.bids[3..]
            .iter()
            .all(|r| r.confirmed && r.stats.samples == 3)
    );
    for w in all.bids[3..].windows(2) {
        assert!(w[0].stats.expected_payoff >= w[1].stats.expected_payoff);
    }
    let mut rows = confirmed.bids.clone();
    rows[3..].sort_by(|x, y| x.id.cmp(&y.id));
    let mut again = all.bids.clone();
    again[3..].sort_by(|x, y| x.id.cmp(&y.id));
    for (x, y) in rows.iter().zip(&again) {
        assert_eq!((&x.id, x.discard), (&y.id, y.discard), "the same rows");
    }
    assert_eq!(
        advise_bid(CardSet(twelve.0 & !deal.talon().0), &opts, &mut solver).unwrap_err(),
        AdviseError::HandSize(10)
    );
}

#[test]
fn every_piros_with_the_forty_is_advised_the_top_bid_it_always_makes() {
    // Eight Piros, the Zöld Ász and Tízes, two Tök to lay away: every trick on every layout,
    // with the Piros marriage and the trump VII last. The ladder's best bid it makes is piros
    // 40-100 ulti terített durchmars (40 per defender); ulti terített durchmars (32) is less.
    let twelve: CardSet = parse_cards("P7,P8,P9,PX,PU,PO,PK,PA,ZA,ZX,T7,T8")
        .unwrap()
        .into_iter()
        .collect();
    let opts = BidOptions {
        samples: 4,
        seed: 5,
        rules: RuleOptions::default(),
        confirm: 0,
        rest: 0,
        evidence: None,
    };
    let advice = advise_bid(twelve, &opts, &mut Solver::new()).unwrap();
    let top = &advice.bids[0];
    assert_eq!(
        (
            top.id.as_str(),
            top.stats.expected_payoff,
            top.stats.win_prob
        ),
        ("40-100+ulti+durchmars-adu@P@teritett", 40.0, 1.0),
        "{:?}",
        advice
            .bids
            .iter()
            .take(3)
            .map(|r| &r.id)
            .collect::<Vec<_>>()
    );
}

#[test]
fn a_bid_race_stepped_in_pieces_gives_the_same_advice() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let twelve = CardSet(deal.hand(0).0 | deal.talon().0);
    let opts = BidOptions {
        samples: 4,
        seed: 7,
        rules: RuleOptions::default(),
        confirm: 3,
        rest: 2,
        evidence: None,
    };
    let mut solver = Solver::new();
    let whole = advise_bid(twelve, &opts, &mut solver).unwrap();
    // The page's way: each batch cut into random pieces, solved and fed back out of order.
    let mut rng = SmallRng::seed_from_u64(4);
    let mut race = BidRace::new(twelve, &opts).unwrap();
    let planned = race.planned();
    let mut batches = 0;
    let mut pieces = 0;
    let mut last_answered = 0;
    while let Some(tasks) = race.next_batch().unwrap() {
        batches += 1;
        let mut cuts = vec![0, tasks.len()];
        for _ in 0..rng.random_range(0..6) {
            cuts.push(rng.random_range(0..=tasks.len()));
        }
        cuts.sort_unstable();
        let mut ranges: Vec<(usize, usize)> = cuts.windows(2).map(|w| (w[0], w[1])).collect();
        ranges.reverse();
        let turn = rng.random_range(0..ranges.len());
        ranges.rotate_left(turn);
        for (i, (from, to)) in ranges.into_iter().enumerate() {
            // No next round while a piece of this one is missing.
            if i > 0 && from < to {
                assert_eq!(race.next_batch().unwrap(), None);
            }
            race.feed(from, solver.run_all(&tasks[from..to]));
            pieces += 1;
            // The numbers so far follow every piece.
            let snap = race.snapshot();
            assert_eq!(snap.samples_total, race.answered());
            assert!(snap.samples_total >= last_answered);
            last_answered = snap.samples_total;
        }
    }
    assert!(race.is_done());
    assert_eq!(
        batches,
        schedule(66, 4).len() + 1 + race.resolutions() as usize,
        "every round, the confirmation, and the open payoffs solved"
    );
    assert!(pieces > batches, "some batches were cut: {pieces} pieces");
    // The first plan counts the leading rows' confirmation only; once the rows are known, the
    // plan is exact.
    assert!(planned > 0);
    assert_eq!(race.answered(), race.planned());
    assert_eq!(race.finish(), whole);
}

/// Deals (of `shared/deals/random-1000.txt`) on which the soloist makes négy ász or négy
/// tízes.
const FOUR_WON: [&str; 13] = [
    "0030712151617273335370506101125263032343602041314202122232431",
    "0020305072225273036370406111617232632333400011012131521243135",
    "3020305060726273233370001151721223034353610111213141623242531",
    "2071317222425273034370102041114152631323500050612162021233336",
    "1111517262731333536370506071012142122243400010203041320232532",
    "0020406071314151731370105101112162127333500202223242526303436",
    "1111415161722262734370405071012202123313300010206132425303235",
    "2000607131723252735370104051516202426313602031112142122303334",
    "1101113151630313233370306071720212426343501020412142223252736",
    "0010406072526273132370002101316202124353605111214151722303334",
    "1020306121315232427370105071116252631333400141720212230323536",
    "3000203072730313234370406111215161721223301051014232425263536",
    "2010204071112172527370506141520212430343600031016222326313235",
];

#[test]
fn every_bid_task_agrees_with_the_exact_bid_values() {
    // The shared and shortcut solves of the advice (parts decided alone or lost whatever is
    // played, compound payoffs tested between the bounds of their parts, one solve for both
    // forms of ulti durchmars) give exactly `ulti bids`' payoffs, under every house rule.
    let mut solver = Solver::new();
    let anns = ulti_engine::advise::announcements();
    let mut ulti_durchmars = 0;
    // Négy ász and négy tízes with the trump ace or X in a defender's hand (decided without
    // a payoff solve), and with the trump ace in the soloist's (solved between bounds).
    let (mut four_lost, mut four_solved, mut four_won) = (0, 0, 0);
    let house = [
        RuleOptions::default(),
        RuleOptions {
            must_beat_after_trump: true,
            marriage_needs_trick: true,
        },
    ];
    let deals = (0..60)
        .map(|seed| (Deal::random(1000 + seed), house[usize::from(seed >= 40)]))
        .chain(FOUR_WON.iter().map(|c| (c.parse().unwrap(), house[0])));
    for (deal, rules) in deals {
        let got = ulti_engine::advise::Task::every_bid(deal, rules).run(&mut solver);
        let got = got.bid_outcomes().unwrap().to_vec();
        let want = ulti_engine::bids(&mut solver, &deal, rules);
        assert_eq!(got.len(), want.len());
        for ((g, w), a) in got.iter().zip(&want).zip(anns) {
            assert_eq!(&w.announcement, a);
            let w = w
                .playable
                .then(|| (w.soloist_wins.unwrap(), w.payoff.unwrap()));
            assert_eq!(*g, w, "{} on {deal} under {rules:?}", a.id());
            ulti_durchmars += usize::from(w.is_some() && a.id().starts_with("ulti+durchmars"));
            if let Some((_, payoff)) = w
                && (a.id().starts_with("negy-asz") || a.id().starts_with("negy-tizes"))
            {
                let trump = a.trump.unwrap();
                let ace = Card::new(trump, Rank::Asz);
                four_won += usize::from(payoff > 0);
                if deal.hand(0).contains(ace) {
                    four_solved += 1;
                } else {
                    four_lost += 1;
                }
            }
        }
    }
    assert!(
        ulti_durchmars >= 60,
        "ulti durchmars checked {ulti_durchmars} times"
    );
    assert!(
        four_lost >= 40 && four_solved >= 20 && four_won >= 10,
        "négy ász / tízes checked {four_lost} times lost outright, {four_solved} times solved, \
         {four_won} times won"
    );
}
