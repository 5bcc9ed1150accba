//! The fast solver against a brute-force minimax over the validated rules API, on seeded
//! random endgames (mostly 4–5 tricks left, some 1–3; at and between trick boundaries)
//! reached by random legal play from random deals, for every contract, several compound bids,
//! payoff solves, both rule options, the value of every legal card, and the returned line.
//!
//! A mismatch names the deal code, the played cards and the bid as a command line for the CLI.
//! Longer runs by hand: `ORACLE_SCALE=30` (30 times the endgames), `ORACLE_MAX_LEFT=6`.

mod common;

use std::collections::BTreeMap;
use std::time::Instant;

use common::{Objective, RootValues, is_payoff_solve, minimax_root, query, repro, solve};
use rand::Rng;
use rand::rngs::SmallRng;
use ulti_engine::{
    Bid, Card, Contract, Deal, Game, Rank, RuleOptions, SOLOIST, Scoring, Solver, Suit,
    has_marriage, parse_cards,
};

/// One bid to solve at a position.
#[derive(Clone, Debug)]
struct Spec {
    bid: Bid,
    payoff: bool,
    scoring: Scoring,
}

impl Spec {
    fn label(&self) -> String {
        if self.payoff {
            format!("{} (payoff)", self.bid)
        } else {
            self.bid.to_string()
        }
    }

    fn is_payoff(&self) -> bool {
        self.payoff || self.bid.as_single().is_none()
    }

    /// The objectives the brute force must minimax for this spec.
    fn objectives(&self) -> Vec<Objective> {
        if self.is_payoff() {
            vec![
                Objective::Payoff(self.bid.clone(), self.scoring),
                Objective::AllWon(self.bid.clone()),
            ]
        } else {
            let c = self.bid.as_single().expect("single");
            if c.is_point_contract() {
                vec![Objective::Points, Objective::Wins(c)]
            } else {
                vec![Objective::Wins(c)]
            }
        }
    }
}

/// Families of games: the bids in one family share the rules of play (trumps or not, the
/// ulti hold rule), so one brute-force tree answers all of them.
#[derive(Clone, Copy, Debug)]
enum Family {
    Trump,
    Ulti,
    NoTrump,
    /// Trump contracts with lopsided marriages: one side holds all four, or the defenders'
    /// ask for more card points than the talon leaves (the passz edge cases: the marriages
    /// alone decide, or only a trick or every trick does with `marriage_needs_trick`).
    Marriages,
}

fn bid(s: &str) -> Bid {
    s.parse().expect("a valid bid")
}

fn random_scoring(rng: &mut SmallRng) -> Scoring {
    Scoring {
        teritett: rng.random_bool(0.3),
        kontra: rng.random_range(0..=2),
        piros_no_trump: rng.random_bool(0.3),
    }
}

fn specs(family: Family, rng: &mut SmallRng) -> Vec<Spec> {
    let (singles, compounds, payoff_singles): (&[&str], &[&str], &[&str]) = match family {
        Family::Trump | Family::Marriages => (
            &[
                "passz",
                "40-100",
                "20-100",
                "durchmars-adu",
                "negy-asz",
                "negy-tizes",
            ],
            &[
                "40-100+durchmars-adu",
                "20-100+negy-asz",
                "passz+durchmars-adu",
                "40-100+negy-tizes",
            ],
            &["passz", "negy-asz", "20-100"],
        ),
        Family::Ulti => (
            &["ulti"],
            &[
                "40-100+ulti",
                "ulti+durchmars-adu",
                "20-100+ulti",
                "passz+ulti",
                "40-100+ulti+durchmars-adu",
                "ulti+negy-asz",
            ],
            &["ulti"],
        ),
        Family::NoTrump => (&["betli", "durchmars"], &[], &["betli", "durchmars"]),
    };
    let mut v = Vec::new();
    for s in singles {
        v.push(Spec {
            bid: bid(s),
            payoff: false,
            scoring: Scoring::default(),
        });
    }
    for s in compounds {
        v.push(Spec {
            bid: bid(s),
            payoff: false,
            scoring: random_scoring(rng),
        });
    }
    for s in payoff_singles {
        v.push(Spec {
            bid: bid(s),
            payoff: true,
            scoring: random_scoring(rng),
        });
    }
    v
}

/// The soloist's prerequisites, written out from shared/RULES.md (independently of
/// `Contract::unplayable_reason`).
fn playable(c: Contract, deal: &Deal) -> bool {
    let hand = deal.hand(SOLOIST);
    let t = deal.trump;
    let talon = deal.talon();
    match c {
        Contract::Ulti => hand.contains(Card::new(t, Rank::Seven)),
        Contract::Negyven100 => has_marriage(hand, t),
        Contract::Husz100 => Suit::ALL.iter().any(|&s| s != t && has_marriage(hand, s)),
        Contract::NegyAsz => !talon.iter().any(|c| c.rank() == Rank::Asz),
        Contract::NegyTizes => !talon.iter().any(|c| c.rank() == Rank::Ten),
        _ => true,
    }
}

fn bid_playable(bid: &Bid, deal: &Deal) -> bool {
    bid.contracts().iter().all(|&c| playable(c, deal))
}

/// A random deal for `family`, often changed to make the family's contracts playable: the
/// trump VII for ulti, the trump marriage for 40-100, a side marriage for 20-100.
fn family_deal(family: Family, seed: u64, rng: &mut SmallRng) -> Deal {
    let deal = Deal::random(seed);
    let t = deal.trump;
    let side = Suit::ALL[(t.index() as usize + rng.random_range(1..4)) % 4];
    let (p_seven, p_trump_marriage, p_side_marriage) = match family {
        Family::Trump => (0.0, 0.6, 0.6),
        Family::Ulti => (0.95, 0.5, 0.5),
        Family::NoTrump => return deal,
        Family::Marriages => {
            let pair = |s: Suit| [Card::new(s, Rank::Kiraly), Card::new(s, Rank::Felso)];
            let [a, b, c, d] = Suit::ALL.map(pair);
            return match rng.random_range(0..3) {
                0 => common::give_soloist(deal, &[a, b, c, d].concat(), rng),
                1 => {
                    let deal = common::give(deal, 1, &[a, b].concat(), rng);
                    common::give(deal, 2, &[c, d].concat(), rng)
                }
                _ => {
                    // The defenders' marriages ask for more card points than the soloist
                    // can take with 20 in the talon: only every trick wins (with the rule).
                    let deal = common::give(deal, rng.random_range(1..3), &[b, c].concat(), rng);
                    let deal = common::give_soloist(
                        deal,
                        &[Card::new(t, Rank::Asz), Card::new(t, Rank::Ten)],
                        rng,
                    );
                    let side: Vec<Card> = Card::all()
                        .filter(|c| c.suit() != t && c.points() > 0)
                        .collect();
                    let i = rng.random_range(0..side.len());
                    let j = (i + rng.random_range(1..side.len())) % side.len();
                    common::to_talon(deal, &[side[i], side[j]])
                }
            };
        }
    };
    let mut wanted = Vec::new();
    if rng.random_bool(p_seven) {
        wanted.push(Card::new(t, Rank::Seven));
    }
    if rng.random_bool(p_trump_marriage) {
        wanted.extend([Card::new(t, Rank::Kiraly), Card::new(t, Rank::Felso)]);
    }
    if rng.random_bool(p_side_marriage) {
        wanted.extend([Card::new(side, Rank::Kiraly), Card::new(side, Rank::Felso)]);
    }
    common::give_soloist(deal, &wanted, rng)
}

/// Compare one solved spec with the brute-force values; `false` when the bid is unplayable
/// (and reported so).
fn check_spec(
    solver: &mut Solver,
    spec: &Spec,
    deal: Deal,
    played: &[Card],
    rules: RuleOptions,
    objs: &[Objective],
    root: &RootValues,
) -> bool {
    let mut q = query(deal, &spec.bid, played, rules);
    q.payoff = spec.payoff;
    q.scoring = spec.scoring;
    let sol = solve(solver, &q);
    let ctx = repro(&q);
    assert_eq!(
        sol.playable,
        bid_playable(&spec.bid, &deal),
        "playable\n  {ctx}"
    );
    assert_eq!(
        sol.unplayable_reason.as_deref(),
        spec.bid.unplayable_reason(&deal),
        "unplayable reason\n  {ctx}"
    );
    if !sol.playable {
        assert!(sol.soloist_wins.is_none() && sol.line.is_empty() && sol.cards.is_empty());
        return false;
    }
    let at = |o: &Objective| objs.iter().position(|x| x == o).expect("objective listed");
    let want = spec.objectives();
    let idx: Vec<usize> = want.iter().map(at).collect();
    // (soloist_wins, soloist_points, payoff) from brute-force values.
    let expect = |vals: &[i32]| -> (Option<bool>, Option<u32>, Option<i32>) {
        if spec.is_payoff() {
            (Some(vals[idx[1]] == 1), None, Some(vals[idx[0]]))
        } else if idx.len() == 2 {
            (Some(vals[idx[1]] == 1), Some(vals[idx[0]] as u32), None)
        } else {
            (Some(vals[idx[0]] == 1), None, None)
        }
    };
    let (wins, points, payoff) = expect(&root.value);
    assert_eq!(sol.soloist_wins, wins, "soloist_wins\n  {ctx}");
    assert_eq!(sol.soloist_points, points, "soloist_points\n  {ctx}");
    assert_eq!(sol.payoff, payoff, "payoff\n  {ctx}");
    // Every legal card, in any order.
    let got: BTreeMap<Card, _> = sol
        .cards
        .iter()
        .map(|cv| {
            (
                cv.card,
                (Some(cv.soloist_wins), cv.soloist_points, cv.payoff),
            )
        })
        .collect();
    assert_eq!(got.len(), sol.cards.len(), "a card listed twice\n  {ctx}");
    let want_cards: BTreeMap<Card, _> = root.cards.iter().map(|(c, v)| (*c, expect(v))).collect();
    assert_eq!(
        got.keys().collect::<Vec<_>>(),
        want_cards.keys().collect::<Vec<_>>(),
        "the legal cards\n  {ctx}"
    );
    for (card, w) in &want_cards {
        assert_eq!(
            &got[card], w,
            "value of card {card} (wins, points, payoff)\n  {ctx}"
        );
    }
    assert!(is_payoff_solve(&q) == spec.is_payoff());
    common::check_line_result(&q, &sol);
    true
}

/// Solve every spec at one position (all in the same family) and compare with one
/// brute-force tree; for each spec, whether it was playable (and so compared).
fn compare_position(
    solver: &mut Solver,
    specs: &[Spec],
    deal: Deal,
    played: &[Card],
    rules: RuleOptions,
) -> Vec<bool> {
    let mut objs: Vec<Objective> = Vec::new();
    for s in specs {
        for o in s.objectives() {
            if !objs.contains(&o) {
                objs.push(o);
            }
        }
    }
    let mut game = Game::with_played(&deal, &specs[0].bid, rules, played).expect("legal");
    let root = minimax_root(&mut game, &objs);
    specs
        .iter()
        .map(|spec| check_spec(solver, spec, deal, played, rules, &objs, &root))
        .collect()
}

/// Positions compared with the brute force and positions found unplayable, per bid.
type Counts = BTreeMap<String, (usize, usize)>;

/// A number from the environment (for longer runs by hand), else `default`.
fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// Run `count` random endgames of one family (times `ORACLE_SCALE`), one per seed from
/// `first_seed`. Mostly 4–5 tricks left (up to `ORACLE_MAX_LEFT`), one in five 1–3.
fn run_family(family: Family, first_seed: u64, count: u64) -> Counts {
    let mut solver = Solver::new();
    let mut counts = BTreeMap::new();
    let max_left = env_or("ORACLE_MAX_LEFT", 5) as usize;
    let count = count * env_or("ORACLE_SCALE", 1);
    for seed in first_seed..first_seed + count {
        let mut rng = common::rng(seed);
        let deal = family_deal(family, seed, &mut rng);
        let rules = RuleOptions {
            must_beat_after_trump: rng.random_bool(0.35),
            marriage_needs_trick: rng.random_bool(0.35),
        };
        let specs = specs(family, &mut rng);
        let play_bid = &specs[0].bid;
        let left = if rng.random_bool(0.2) {
            rng.random_range(1..=3)
        } else {
            rng.random_range(4..=max_left)
        };
        counts
            .entry(format!("({left} tricks left)"))
            .or_insert((0, 0))
            .0 += 1;
        let n = 3 * (10 - left) + rng.random_range(0..3);
        // Often the defenders help the soloist's aim so far (every trick, or none for betli),
        // so that durchmars, betli, four aces and the all-tricks passz are still open.
        let played = if rng.random_bool(0.4) {
            let wants_tricks =
                !play_bid.contracts().contains(&Contract::Betli) || rng.random_bool(0.5);
            common::aimed_play(&deal, play_bid, rules, n, wants_tricks, &mut rng)
        } else {
            common::random_play(&deal, play_bid, rules, n, &mut rng)
        };
        let compared = compare_position(&mut solver, &specs, deal, &played, rules);
        for (spec, compared) in specs.iter().zip(compared) {
            let e = counts.entry(spec.label()).or_insert((0, 0));
            if compared {
                e.0 += 1;
            } else {
                e.1 += 1;
            }
        }
    }
    counts
}

fn report(family: Family, counts: &Counts, start: Instant) {
    eprintln!("oracle {family:?}: {:.1?}", start.elapsed());
    for (label, (n, unplayable)) in counts {
        if label.starts_with('(') {
            eprintln!("  {label:<28} {n:>4} endgames");
            continue;
        }
        eprintln!("  {label:<28} {n:>4} positions compared, {unplayable:>4} unplayable");
        assert!(*n >= 10, "too few playable positions for {label}");
    }
}

#[test]
fn trump_contracts_match_brute_force() {
    let start = Instant::now();
    let counts = run_family(Family::Trump, 0, 300);
    report(Family::Trump, &counts, start);
}

#[test]
fn bids_with_all_marriages_on_one_side_match_brute_force() {
    let start = Instant::now();
    let counts = run_family(Family::Marriages, 3_000_000, 120);
    report(Family::Marriages, &counts, start);
}

#[test]
fn ulti_bids_match_brute_force() {
    let start = Instant::now();
    let counts = run_family(Family::Ulti, 1_000_000, 250);
    report(Family::Ulti, &counts, start);
}

#[test]
fn no_trump_contracts_match_brute_force() {
    let start = Instant::now();
    let counts = run_family(Family::NoTrump, 2_000_000, 200);
    report(Family::NoTrump, &counts, start);
}

/// Every contract and a few compound bids: `playable` follows the prerequisites, from the
/// start and mid-game alike.
#[test]
fn unplayable_bids_are_reported_not_searched() {
    let mut solver = Solver::new();
    let bids: Vec<Bid> = Contract::ALL
        .iter()
        .map(|&c| Bid::single(c))
        .chain(["40-100+ulti", "20-100+ulti+durchmars-adu", "ulti+negy-asz"].map(bid))
        .collect();
    let mut unplayable = 0;
    for seed in 0..150u64 {
        let deal = Deal::random(seed);
        for b in &bids {
            let mut rng = common::rng(seed);
            let played = common::random_play(&deal, b, RuleOptions::default(), 27, &mut rng);
            let q = query(deal, b, &played, RuleOptions::default());
            let sol = solve(&mut solver, &q);
            let ok = bid_playable(b, &deal);
            assert_eq!(sol.playable, ok, "playable\n  {}", repro(&q));
            assert_eq!(
                sol.unplayable_reason.as_deref(),
                b.unplayable_reason(&deal),
                "{}",
                repro(&q)
            );
            if ok {
                assert!(sol.soloist_wins.is_some(), "{}", repro(&q));
            } else {
                unplayable += 1;
                assert!(sol.soloist_wins.is_none() && sol.line.is_empty());
            }
        }
    }
    eprintln!("unplayable: {unplayable} of {} bids", 150 * bids.len());
    assert!(unplayable > 100);
}

fn hands(trump: Suit, hands: [&str; 3]) -> Deal {
    let hands = hands.map(|h| parse_cards(h).expect("card names").into_iter().collect());
    Deal::new(trump, hands).expect("a valid deal")
}

fn passz_specs() -> Vec<Spec> {
    vec![
        Spec {
            bid: bid("passz"),
            payoff: false,
            scoring: Scoring::default(),
        },
        Spec {
            bid: bid("passz"),
            payoff: true,
            scoring: Scoring::default(),
        },
    ]
}

/// Regression (solver/points.rs `point_rule`): with `marriage_needs_trick`, the defenders' 60 in
/// marriages asked for 80 card points, more than the 70 the soloist can take with 20 in the
/// talon, and the passz solve reported a loss although taking every trick wins (the
/// defenders' marriages then do not count). The payoff solve had it right.
#[test]
fn passz_all_tricks_beat_marriages_that_no_card_points_can() {
    let deal = hands(
        Suit::Piros,
        [
            "PA PX PU P9 P8 P7 ZA ZX MA MX",
            "PK PO ZK ZO ZU Z9 TK MO TU T9",
            "Z8 Z7 MK TO MU M9 M8 M7 T8 T7",
        ],
    );
    let played = parse_cards("PA PO M7 PX PK M8 PU T9 M9 P9 TU MU P8 MO TO").unwrap();
    let rules = RuleOptions {
        marriage_needs_trick: true,
        ..RuleOptions::default()
    };
    let mut solver = Solver::new();
    compare_position(&mut solver, &passz_specs(), deal, &played, rules);
    let sol = solve(&mut solver, &query(deal, &bid("passz"), &played, rules));
    assert_eq!(
        (sol.soloist_wins, sol.soloist_points),
        (Some(true), Some(70))
    );
    // Without the option the defenders' marriages count and 70 loses.
    let sol = solve(
        &mut solver,
        &query(deal, &bid("passz"), &played, RuleOptions::default()),
    );
    assert_eq!(
        (sol.soloist_wins, sol.soloist_points),
        (Some(false), Some(70))
    );
}

/// Regression (solver/line.rs, the line of a passz decided by tricks): the soloist holds all four
/// marriages (100) and with `marriage_needs_trick` wins with any trick, even a pointless one.
/// The line kept only the card points, so it could lose the trick the soloist can force
/// (first position: wins, 0 points, the line took no trick) or hand the defenders' trick to
/// the soloist (second position: loses, the line took one).
#[test]
fn passz_lines_keep_the_trick_that_decides() {
    let rules = RuleOptions {
        marriage_needs_trick: true,
        ..RuleOptions::default()
    };
    let mut solver = Solver::new();
    for (code, played, wins) in [
        (
            "0363532262516151206053734332220171407040331272423211110020100",
            "ZO,ZA,Z8,PX,P8,PO,TA,T8,TO,TX,P9,TK,MX,MK,M7,MA,MO,M9,M8,PK,PA",
            true,
        ),
        (
            "0363532262522161506053433312723201713100130242114110704030200",
            "PK,P8,PA,M8,MK,MA,MX,MU,M9,ZX,ZU,ZO,TX,T7,TK,M7,P9,MO,PX,PO,Z7",
            false,
        ),
    ] {
        let deal = Deal::parse_code(code).unwrap();
        let played = parse_cards(played).unwrap();
        compare_position(&mut solver, &passz_specs(), deal, &played, rules);
        let sol = solve(&mut solver, &query(deal, &bid("passz"), &played, rules));
        assert_eq!(
            (sol.soloist_wins, sol.soloist_points),
            (Some(wins), Some(0))
        );
    }
}
