//! Properties of the solver that must hold for every position (proptest):
//! - relabelling the three side suits (a permutation applied to all hands and the played
//!   cards) changes no result, and maps each card's value to its image;
//! - replaying the returned line is legal and ends in the returned result;
//! - solving from each position along the line gives the same result.
//!
//! Win/lose contracts are checked on full deals (they solve in well under a millisecond);
//! point contracts and payoff solves on endgames.

mod common;

use common::{cards_arg, check_line_result, is_payoff_solve, query, repro, solve};
use proptest::prelude::*;
use ulti_engine::{
    Bid, Card, Deal, Query, RuleOptions, Scoring, Solution, Solver, Suit, parse_cards,
};
use ulti_testkit::{WIN_LOSE, proptest_config};

/// Point contracts and payoff bids, solved from endgames.
const POINTS_AND_PAYOFF: [&str; 8] = [
    "passz",
    "40-100",
    "20-100",
    "40-100+ulti",
    "ulti+durchmars-adu",
    "20-100+ulti",
    "passz+negy-asz",
    "40-100+durchmars-adu",
];

/// The permutations of three things.
const PERMS: [[usize; 3]; 6] = [
    [0, 1, 2],
    [0, 2, 1],
    [1, 0, 2],
    [1, 2, 0],
    [2, 0, 1],
    [2, 1, 0],
];

/// A suit relabelling that fixes the trump and permutes the three side suits.
#[derive(Clone, Copy, Debug)]
struct Relabel {
    to: [Suit; 4],
}

impl Relabel {
    fn new(trump: Suit, perm: [usize; 3]) -> Relabel {
        let side: Vec<Suit> = Suit::ALL.iter().copied().filter(|&s| s != trump).collect();
        let mut to = Suit::ALL;
        for (i, &s) in side.iter().enumerate() {
            to[s.index() as usize] = side[perm[i]];
        }
        Relabel { to }
    }

    fn card(&self, c: Card) -> Card {
        Card::new(self.to[c.suit().index() as usize], c.rank())
    }

    fn cards(&self, cs: &[Card]) -> Vec<Card> {
        cs.iter().map(|&c| self.card(c)).collect()
    }

    fn deal(&self, d: &Deal) -> Deal {
        let hands = d.hands().map(|h| h.iter().map(|c| self.card(c)).collect());
        Deal::new(self.to[d.trump.index() as usize], hands).expect("a relabelled deal is a deal")
    }
}

/// A position: `tricks_left` tricks to go (plus up to two cards of the current trick played).
fn position(
    seed: u64,
    bid: &Bid,
    rules: RuleOptions,
    tricks_left: usize,
    in_trick: usize,
) -> (Deal, Vec<Card>) {
    let mut rng = common::rng(seed);
    let deal = common::playable_deal(seed, bid, &mut rng);
    let n = (3 * (10 - tricks_left) + in_trick).min(29);
    let played = common::random_play(&deal, bid, rules, n, &mut rng);
    (deal, played)
}

/// (wins, points, payoff) of a solution.
fn result(s: &Solution) -> (Option<bool>, Option<u32>, Option<i32>) {
    (s.soloist_wins, s.soloist_points, s.payoff)
}

fn check_relabelling(solver: &mut Solver, q: &Query, perm: [usize; 3]) {
    let r = Relabel::new(q.deal.trump, perm);
    let mut q2 = q.clone();
    q2.deal = r.deal(&q.deal);
    q2.played = r.cards(&q.played);
    q2.line = false;
    let a = solve(solver, q);
    let b = solve(solver, &q2);
    let ctx = || format!("{}\n  relabelled: {}", repro(q), repro(&q2));
    assert_eq!(a.playable, b.playable, "playable\n  {}", ctx());
    assert_eq!(result(&a), result(&b), "result\n  {}", ctx());
    assert_eq!(a.cards.len(), b.cards.len(), "legal cards\n  {}", ctx());
    for cv in &a.cards {
        let image = r.card(cv.card);
        let other =
            b.cards.iter().find(|x| x.card == image).unwrap_or_else(|| {
                panic!("{image} (image of {}) is not scored\n  {}", cv.card, ctx())
            });
        assert_eq!(
            (cv.soloist_wins, cv.soloist_points, cv.payoff),
            (other.soloist_wins, other.soloist_points, other.payoff),
            "card {} vs {image}\n  {}",
            cv.card,
            ctx()
        );
    }
}

/// The line replays legally to its result, and every position along it has the same result.
fn check_line(solver: &mut Solver, q: &Query) {
    let sol = solve(solver, q);
    if !sol.playable {
        return;
    }
    check_line_result(q, &sol);
    let want = result(&sol);
    for i in 0..=sol.line.len() {
        let mut qi = q.clone();
        qi.played.extend_from_slice(&sol.line[..i]);
        qi.line = false;
        qi.all_cards = false;
        let got = solve(solver, &qi);
        assert_eq!(
            result(&got),
            want,
            "result after {i} cards of the line {}\n  {}",
            cards_arg(&sol.line),
            repro(&qi)
        );
    }
    assert!(is_payoff_solve(q) == want.2.is_some());
}

/// Each legal card's value equals a fresh solve after it, and the position's value is the
/// best of them for the player to move.
fn check_one_step(solver: &mut Solver, q: &Query) {
    let sol = solve(solver, q);
    if !sol.playable || sol.cards.is_empty() {
        return;
    }
    let mut after = Vec::new();
    for cv in &sol.cards {
        let mut qc = q.clone();
        qc.played.push(cv.card);
        qc.line = false;
        qc.all_cards = false;
        let s = solve(solver, &qc);
        assert_eq!(
            (Some(cv.soloist_wins), cv.soloist_points, cv.payoff),
            result(&s),
            "value of {} vs a solve after it\n  {}",
            cv.card,
            repro(q)
        );
        after.push(s);
    }
    let g = ulti_engine::Game::with_played(&q.deal, &q.bid, q.rules, &q.played).unwrap();
    let soloist = g.to_move() == ulti_engine::SOLOIST;
    let pick = |v: Vec<i64>| {
        if soloist {
            v.into_iter().max()
        } else {
            v.into_iter().min()
        }
    };
    let key = |s: &Solution| -> i64 {
        match (s.payoff, s.soloist_points) {
            (Some(p), _) => i64::from(p),
            (None, Some(p)) => i64::from(p),
            (None, None) => i64::from(s.soloist_wins == Some(true)),
        }
    };
    assert_eq!(
        Some(key(&sol)),
        pick(after.iter().map(key).collect()),
        "the position's value is not the best card's\n  {}",
        repro(q)
    );
    let wins = after.iter().map(|s| s.soloist_wins == Some(true));
    let best_wins = if soloist {
        wins.clone().any(|w| w)
    } else {
        wins.clone().all(|w| w)
    };
    if !is_payoff_solve(q) {
        assert_eq!(sol.soloist_wins, Some(best_wins), "wins\n  {}", repro(q));
    }
}

fn rules(a: bool, b: bool) -> RuleOptions {
    RuleOptions {
        must_beat_after_trump: a,
        marriage_needs_trick: b,
    }
}

fn scoring(teritett: bool, kontra: u8) -> Scoring {
    Scoring {
        teritett,
        kontra,
        piros_no_trump: false,
    }
}

proptest! {
    #![proptest_config(proptest_config(300))]

    #[test]
    fn relabelling_side_suits_keeps_win_lose_results_of_full_deals(
        seed in any::<u64>(),
        bid in prop::sample::select(&WIN_LOSE[..]),
        perm in prop::sample::select(&PERMS[..]),
        trick in 0usize..3,
        a in any::<bool>(),
        b in any::<bool>(),
    ) {
        let bid: Bid = bid.parse().unwrap();
        let (deal, played) = position(seed, &bid, rules(a, b), 10, trick);
        let q = query(deal, &bid, &played, rules(a, b));
        check_relabelling(&mut Solver::new(), &q, perm);
    }

    #[test]
    fn card_values_of_full_deals_agree_with_solves_after_each_card(
        seed in any::<u64>(),
        bid in prop::sample::select(&WIN_LOSE[..]),
        trick in 0usize..3,
        a in any::<bool>(),
        b in any::<bool>(),
    ) {
        let bid: Bid = bid.parse().unwrap();
        let (deal, played) = position(seed, &bid, rules(a, b), 10, trick);
        check_one_step(&mut Solver::new(), &query(deal, &bid, &played, rules(a, b)));
    }

    #[test]
    fn lines_of_full_deals_replay_to_the_result_at_every_step(
        seed in any::<u64>(),
        bid in prop::sample::select(&WIN_LOSE[..]),
        a in any::<bool>(),
        b in any::<bool>(),
    ) {
        let bid: Bid = bid.parse().unwrap();
        let deal = common::playable_deal(seed, &bid, &mut common::rng(seed));
        let q = query(deal, &bid, &[], rules(a, b));
        check_line(&mut Solver::new(), &q);
    }
}

proptest! {
    #![proptest_config(proptest_config(128))]

    #[test]
    fn a_tiny_table_gives_the_same_answers(
        seed in any::<u64>(),
        bid in prop::sample::select([&WIN_LOSE[..], &POINTS_AND_PAYOFF[..]].concat()),
        trick in 0usize..3,
        a in any::<bool>(),
        b in any::<bool>(),
    ) {
        let bid: Bid = bid.parse().unwrap();
        // Win/lose bids from the first trick, point and payoff bids from 7 tricks left.
        let left = if WIN_LOSE.contains(&bid.to_string().as_str()) { 10 } else { 7 };
        let (deal, played) = position(seed, &bid, rules(a, b), left, trick);
        let q = query(deal, &bid, &played, rules(a, b));
        let big = solve(&mut Solver::new(), &q);
        let mut tiny_solver = Solver::with_memory(4 << 10);
        let tiny = solve(&mut tiny_solver, &q);
        prop_assert_eq!(result(&big), result(&tiny), "{}", repro(&q));
        prop_assert_eq!(&big.cards, &tiny.cards, "{}", repro(&q));
        if tiny.playable {
            check_line_result(&q, &tiny);
        }
    }

    #[test]
    fn relabelling_side_suits_keeps_points_and_payoffs(
        seed in any::<u64>(),
        bid in prop::sample::select(&POINTS_AND_PAYOFF[..]),
        payoff in any::<bool>(),
        perm in prop::sample::select(&PERMS[..]),
        left in 2usize..=7,
        trick in 0usize..3,
        a in any::<bool>(),
        b in any::<bool>(),
        teritett in any::<bool>(),
        kontra in 0u8..3,
    ) {
        let bid: Bid = bid.parse().unwrap();
        let (deal, played) = position(seed, &bid, rules(a, b), left, trick);
        let mut q = query(deal, &bid, &played, rules(a, b));
        q.payoff = payoff;
        q.scoring = scoring(teritett, kontra);
        check_relabelling(&mut Solver::new(), &q, perm);
    }

    #[test]
    fn card_values_of_deep_positions_agree_with_solves_after_each_card(
        seed in any::<u64>(),
        bid in prop::sample::select(&POINTS_AND_PAYOFF[..]),
        payoff in any::<bool>(),
        left in 5usize..=8,
        trick in 0usize..3,
        a in any::<bool>(),
        b in any::<bool>(),
        kontra in 0u8..3,
    ) {
        let bid: Bid = bid.parse().unwrap();
        let (deal, played) = position(seed, &bid, rules(a, b), left, trick);
        let mut q = query(deal, &bid, &played, rules(a, b));
        q.payoff = payoff;
        q.scoring = scoring(false, kontra);
        check_one_step(&mut Solver::new(), &q);
    }

    #[test]
    fn lines_of_endgames_replay_to_the_result_at_every_step(
        seed in any::<u64>(),
        bid in prop::sample::select(&POINTS_AND_PAYOFF[..]),
        payoff in any::<bool>(),
        left in 2usize..=7,
        trick in 0usize..3,
        a in any::<bool>(),
        b in any::<bool>(),
        kontra in 0u8..3,
    ) {
        let bid: Bid = bid.parse().unwrap();
        let (deal, played) = position(seed, &bid, rules(a, b), left, trick);
        let mut q = query(deal, &bid, &played, rules(a, b));
        q.payoff = payoff;
        q.scoring = scoring(false, kontra);
        check_line(&mut Solver::new(), &q);
    }
}

/// The relabelling itself: a bijection that fixes the trump and the ranks.
#[test]
fn relabel_is_a_side_suit_permutation() {
    let d = Deal::random(7);
    for perm in PERMS {
        let r = Relabel::new(d.trump, perm);
        let e = r.deal(&d);
        assert_eq!(e.trump, d.trump);
        assert_eq!(e.hand(0).len(), 10);
        for c in d.hand(1).iter() {
            assert!(e.hand(1).contains(r.card(c)));
            assert_eq!(r.card(c).rank(), c.rank());
        }
        let t = d.trump;
        assert!(d.hand(2).of_suit(t).iter().all(|c| e.hand(2).contains(c)));
    }
    let played = parse_cards("PA,P7").unwrap();
    assert_eq!(Relabel::new(Suit::Piros, [1, 0, 2]).cards(&played), played);
}
