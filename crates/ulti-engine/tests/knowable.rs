//! The knowable cost of a card (the review's skill-or-luck measure): forced cards cost
//! nothing, a card that loses the same money on every layout the seat could imagine costs
//! exactly that with no doubt, and moving the hidden cards between the other hands (keeping
//! the seat's view) changes nothing.

use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use ulti_engine::advise::{Judgement, KnowableOptions, SeatView, card_cost, judge, seat_money};
use ulti_engine::{Bid, Card, CardSet, Deal, Game, Query, RuleOptions, SOLOIST, Seat, Solver};

/// A random legal position of `bid` after `plies` random cards.
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

fn to_move(deal: &Deal, bid: &Bid, played: &[Card]) -> Seat {
    Game::with_played(deal, bid, RuleOptions::default(), played)
        .unwrap()
        .to_move()
}

/// Every deal that `seat` cannot tell from `deal` (the same view), moving the unseen cards
/// between the other two hands (the talon as dealt).
fn twins(deal: &Deal, bid: &Bid, played: &[Card], seat: Seat) -> Vec<Deal> {
    let rules = RuleOptions::default();
    let view = SeatView::from_deal(deal, bid, played, seat, rules).unwrap();
    let others: Vec<Seat> = (0..3).filter(|&s| s != seat).collect();
    let gone: CardSet = played.iter().copied().collect();
    let (a, b) = (others[0], others[1]);
    let pool: Vec<Card> = CardSet(deal.hand(a).0 | deal.hand(b).0)
        .iter()
        .filter(|c| !gone.contains(*c))
        .collect();
    let keep_a = CardSet(deal.hand(a).0 & gone.0);
    let keep_b = CardSet(deal.hand(b).0 & gone.0);
    let room_a = 10 - keep_a.len() as usize;
    let mut out = Vec::new();
    for mask in 0u32..(1 << pool.len()) {
        if mask.count_ones() as usize != room_a {
            continue;
        }
        let (mut ha, mut hb) = (keep_a, keep_b);
        for (i, &c) in pool.iter().enumerate() {
            if mask & (1 << i) != 0 {
                ha.insert(c);
            } else {
                hb.insert(c);
            }
        }
        let mut hands = [deal.hand(0), deal.hand(1), deal.hand(2)];
        hands[a] = ha;
        hands[b] = hb;
        let twin = Deal::new(deal.trump, hands).unwrap();
        if SeatView::from_deal(&twin, bid, played, seat, rules).is_ok_and(|v| v == view) {
            out.push(twin);
        }
    }
    out
}

/// The open-hand money for `seat` of every legal card on `deal`.
fn open_values(
    solver: &mut Solver,
    deal: &Deal,
    bid: &Bid,
    played: &[Card],
    seat: Seat,
) -> Vec<(Card, f64)> {
    let mut q = Query::new(*deal, bid.clone());
    q.played = played.to_vec();
    q.all_cards = true;
    q.line = false;
    q.payoff = true;
    let sol = solver.solve(&q).unwrap();
    sol.cards
        .iter()
        .map(|v| (v.card, seat_money(seat, v.payoff.unwrap())))
        .collect()
}

#[test]
fn a_forced_card_costs_nothing_without_a_layout() {
    let mut rng = SmallRng::seed_from_u64(3);
    let bid: Bid = "ulti".parse().unwrap();
    let (deal, played) = position(&mut rng, &bid, 27);
    let seat = to_move(&deal, &bid, &played);
    let view = SeatView::from_deal(&deal, &bid, &played, seat, RuleOptions::default()).unwrap();
    let card = view.legal_cards().iter().next().unwrap();
    let k = card_cost(&view, card, &KnowableOptions::default(), &mut Solver::new()).unwrap();
    assert_eq!((k.mean, k.half_width, k.layouts), (0.0, 0.0, 0));
    assert_eq!(judge(&k, 0.0, 0.5), Judgement::Fine);
}

#[test]
fn a_card_that_loses_the_same_on_every_layout_costs_exactly_that() {
    // The soloist at trick 9 sees its hand and the talon: the four unseen cards lie in at
    // most six ways. Find a card that, on every one of them, loses the same money against
    // the best card (throwing away a contract that was won whatever the layout).
    let mut rng = SmallRng::seed_from_u64(7);
    let mut solver = Solver::new();
    let opts = KnowableOptions::default();
    let mut found = 0;
    for bid in ["ulti", "40-100+ulti"] {
        let bid: Bid = bid.parse().unwrap();
        for _ in 0..3000 {
            if found >= 3 {
                break;
            }
            let (deal, played) = position(&mut rng, &bid, 24);
            if to_move(&deal, &bid, &played) != SOLOIST {
                continue;
            }
            let layouts = twins(&deal, &bid, &played, SOLOIST);
            let per: Vec<Vec<(Card, f64)>> = layouts
                .iter()
                .map(|d| open_values(&mut solver, d, &bid, &played, SOLOIST))
                .collect();
            let cards: Vec<Card> = per[0].iter().map(|v| v.0).collect();
            if cards.len() < 2 {
                continue;
            }
            // Each card's value on every layout; a card strictly best everywhere and a
            // card losing the same amount everywhere.
            let value = |i: usize, c: Card| per[i].iter().find(|v| v.0 == c).unwrap().1;
            let best = cards.iter().copied().find(|&b| {
                (0..per.len()).all(|i| cards.iter().all(|&c| value(i, b) >= value(i, c)))
            });
            let Some(best) = best else { continue };
            let Some((worse, loss)) = cards.iter().copied().find_map(|c| {
                let d = value(0, best) - value(0, c);
                (d > 0.0 && (0..per.len()).all(|i| value(i, best) - value(i, c) == d))
                    .then_some((c, d))
            }) else {
                continue;
            };
            let view =
                SeatView::from_deal(&deal, &bid, &played, SOLOIST, RuleOptions::default()).unwrap();
            let k = card_cost(&view, worse, &opts, &mut solver).unwrap();
            assert_eq!(k.mean, loss, "{deal} {played:?} {worse}");
            assert_eq!(k.half_width, 0.0, "a certain loss has no doubt");
            assert_eq!(
                k.layouts, opts.start,
                "a clear answer needs no more layouts"
            );
            assert_eq!(judge(&k, 0.0, opts.tolerance), Judgement::Mistake);
            let b = card_cost(&view, best, &opts, &mut solver).unwrap();
            assert_eq!(
                (b.mean, b.half_width),
                (0.0, 0.0),
                "the best card costs nothing"
            );
            found += 1;
        }
    }
    assert!(found >= 3, "only {found} positions found");
}

#[test]
fn moving_the_hidden_cards_changes_nothing() {
    let mut rng = SmallRng::seed_from_u64(11);
    let bid: Bid = "40-100+ulti".parse().unwrap();
    let opts = KnowableOptions {
        seed: 5,
        start: 8,
        max: 16,
        ..KnowableOptions::default()
    };
    let mut checked = 0;
    while checked < 2 {
        let (deal, played) = position(&mut rng, &bid, 18);
        let seat = to_move(&deal, &bid, &played);
        let view = SeatView::from_deal(&deal, &bid, &played, seat, RuleOptions::default()).unwrap();
        let legal: Vec<Card> = view.legal_cards().iter().collect();
        if legal.len() < 2 {
            continue;
        }
        let all = twins(&deal, &bid, &played, seat);
        let Some(twin) = all.iter().find(|t| **t != deal) else {
            continue;
        };
        let moved = SeatView::from_deal(twin, &bid, &played, seat, RuleOptions::default()).unwrap();
        for &c in &legal {
            let a = card_cost(&view, c, &opts, &mut Solver::new()).unwrap();
            let b = card_cost(&moved, c, &opts, &mut Solver::new()).unwrap();
            assert_eq!(a, b, "{deal} vs {twin}");
        }
        checked += 1;
    }
}

#[test]
fn close_calls_get_more_layouts_than_clear_ones() {
    // An undecided interval doubles the layouts up to the most allowed.
    let mut rng = SmallRng::seed_from_u64(13);
    let bid: Bid = "ulti".parse().unwrap();
    let opts = KnowableOptions {
        seed: 2,
        start: 4,
        max: 16,
        tolerance: 0.5,
    };
    let mut solver = Solver::new();
    for _ in 0..40 {
        let (deal, played) = position(&mut rng, &bid, 21);
        let seat = to_move(&deal, &bid, &played);
        let view = SeatView::from_deal(&deal, &bid, &played, seat, RuleOptions::default()).unwrap();
        for c in view.legal_cards().iter() {
            let k = card_cost(&view, c, &opts, &mut solver).unwrap();
            assert!(
                k.mean >= 0.0,
                "the best on average is never worse on average"
            );
            let straddles = k.half_width > 0.0 && k.low() <= 0.5 && k.mean + k.half_width > 0.5;
            if k.layouts > 0 && k.layouts < opts.max {
                assert!(!straddles, "stopped early while undecided: {k:?}");
            }
            assert!([0, 4, 8, 16].contains(&k.layouts), "{k:?}");
        }
    }
}
