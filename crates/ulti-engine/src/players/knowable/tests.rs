//! The knowable cost of table decisions: forced ones are free, certain ones exact, the cost
//! never reads a hidden card, close decisions sample more.

use super::*;
use crate::card::parse_cards;
use crate::contract::Contract;
use crate::whole_game::{AuctionBid, TableRules, WholeGame};

fn set(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

fn act(g: &mut WholeGame, s: &str) {
    g.apply(s.parse().unwrap()).unwrap();
}

/// Seat 0 (the forehand: dealer 2) holds every Makk, the Zöld Ász and X and two more cards;
/// it bids passz laying those two away, the others pass, and it is to name the trump. When
/// `moved`, seat 2 holds the soloist's discard and the soloist lays two other cards away
/// (seat 1 sees the same); when `swapped`, seats 1 and 2 exchange two cards (the soloist
/// sees the same).
fn game(moved: bool, swapped: bool) -> WholeGame {
    let makk = "M7,M8,M9,MX,MA,MU,MO,MK";
    let (discard, other) = if moved {
        ("T7,T8", "P7,P8")
    } else {
        ("P7,P8", "T7,T8")
    };
    let zero = set(&format!("{makk},ZA,ZX,{discard}"));
    let one = set(if swapped {
        "T9,PX,PA,PO,PK,PU,Z7,Z8,Z9,ZU"
    } else {
        "P9,PX,PA,PO,PK,PU,Z7,Z8,Z9,ZU"
    });
    let rest: CardSet = Card::all()
        .filter(|&c| !zero.contains(c) && !one.contains(c))
        .collect();
    assert!(rest.contains(set(other).iter().next().unwrap()));
    let mut g = WholeGame::new(TableRules::default(), 2, [zero, one, rest]).unwrap();
    act(&mut g, &format!("0 bid passz {discard}"));
    act(&mut g, "1 pass");
    act(&mut g, "2 pass");
    stand(&mut g);
    g
}

fn soloist_game(moved: bool) -> WholeGame {
    game(moved, false)
}

/// The holder ends the auction when it is asked to.
fn stand(g: &mut WholeGame) {
    if g.seat_turn(0, false).holder_turn {
        act(g, "0 stand");
    }
}

fn opts() -> KnowableOptions {
    KnowableOptions::default()
}

fn cost(g: &WholeGame, seat: usize, taken: Option<&str>) -> Knowable {
    let taken: Option<Action> = taken.map(|s| s.parse().unwrap());
    decision_cost(
        &g.view(seat),
        &g.seat_turn(seat, false),
        taken.as_ref(),
        None,
        &opts(),
    )
    .unwrap()
}

#[test]
fn a_forced_decision_costs_nothing_without_a_layout() {
    // An ulti needs the trump VII: with the Makk VII alone of the three, Makk is the only
    // trump the soloist may name.
    let zero = set("M7,M8,M9,MX,MA,MU,MO,MK,ZA,ZX,P7,P8");
    let one = set("Z7,Z8,Z9,ZO,ZK,ZU,P9,PX,PA,PO");
    let rest: CardSet = Card::all()
        .filter(|&c| !zero.contains(c) && !one.contains(c))
        .collect();
    let mut g = WholeGame::new(TableRules::default(), 2, [zero, one, rest]).unwrap();
    act(&mut g, "0 bid ulti P7,P8");
    act(&mut g, "1 pass");
    act(&mut g, "2 pass");
    stand(&mut g);
    assert_eq!(g.seat_turn(0, false).trumps, vec![crate::card::Suit::Makk]);
    let k = cost(&g, 0, Some("0 trump M"));
    assert_eq!(k, Knowable::forced());
    assert_eq!(k.layouts, 0);
}

#[test]
fn a_trump_that_loses_on_every_layout_costs_its_whole_difference() {
    let g = soloist_game(false);
    let makk = cost(&g, 0, Some("0 trump M"));
    assert_eq!(makk.mean, 0.0);
    assert_eq!(makk.half_width, 0.0);
    assert_eq!(makk.best.as_deref(), Some("trump M"));
    // With Makk trump the soloist takes every trick whatever the layout: its money is the
    // same on each; Tök (it holds none) loses on every layout it was measured on.
    let tok = cost(&g, 0, Some("0 trump T"));
    assert_eq!(tok.best.as_deref(), Some("trump M"));
    assert!(tok.mean > 0.0 && tok.layouts >= 16, "{tok:?}");
    assert_eq!(tok.half_width, 0.0, "{tok:?}");
    assert!(tok.mistake(0.5), "{tok:?}");
}

/// Plays the first legal card of the seat to play.
fn first_card(g: &mut WholeGame) {
    let seat = g.to_act().unwrap();
    let card = g.legal_cards().iter().next().unwrap();
    act(g, &format!("{seat} card {card}"));
}

#[test]
fn a_kontra_answer_on_a_contract_surely_made_costs_the_unit_exactly() {
    // The soloist holds every trump: it wins the passz whatever the defenders hold, and it
    // knows it. A defender cannot know it at trick 1 (the soloist's hand is hidden), so the
    // certain view is the soloist's, answering seat 1's kontra.
    let mut g = soloist_game(false);
    act(&mut g, "0 trump M");
    act(&mut g, "0 card MA");
    let (level, units) = g
        .seat_turn(1, false)
        .kontra
        .expect("a kontra open to seat 1");
    assert_eq!((level, units), (1, vec![Contract::Passz]));
    let kontra = cost(&g, 1, Some("1 kontra passz"));
    assert!(kontra.mean >= 0.0, "{kontra:?}");
    act(&mut g, "1 kontra passz");
    first_card(&mut g);
    first_card(&mut g);
    let (level, units) = g.seat_turn(0, false).kontra.expect("a rekontra open");
    assert_eq!((level, units), (2, vec![Contract::Passz]));
    // Letting the rekontra go leaves the passz at 2 per defender instead of 4: 2 less from
    // each of the two defenders, on every layout.
    let let_go = cost(&g, 0, None);
    assert_eq!(let_go.mean, 4.0);
    assert_eq!(let_go.half_width, 0.0);
    assert!(let_go.mistake(0.5));
    assert_eq!(let_go.best.as_deref(), Some("rekontra passz"));
    let said = cost(&g, 0, Some("0 rekontra passz"));
    assert_eq!(said.mean, 0.0);
    assert_eq!(said.half_width, 0.0);
}

#[test]
fn moving_the_hidden_cards_changes_no_cost() {
    let (a, b) = (game(false, false), game(false, true));
    assert_eq!(a.view(0), b.view(0), "the soloist sees the same");
    assert_ne!(a.hand(1), b.hand(1));
    for t in ["0 trump T", "0 trump Z"] {
        assert_eq!(cost(&a, 0, Some(t)), cost(&b, 0, Some(t)));
    }
    let kontra = |moved| {
        let mut g = soloist_game(moved);
        act(&mut g, "0 trump Z");
        act(&mut g, "0 card MA");
        (g.view(1), cost(&g, 1, None))
    };
    let (va, a) = kontra(false);
    let (vb, b) = kontra(true);
    assert_eq!(va, vb, "seat 1 sees the same");
    assert_eq!(a, b);
}

#[test]
fn a_close_decision_samples_more_layouts_than_a_clear_one() {
    // Random deals: the forehand bids passz with its two lowest cards and names Zöld; seat 1
    // lets the kontra go. Whether that was right is clear on some deals, close on others.
    let mut layouts = Vec::new();
    for seed in 0..12u64 {
        let mut g = WholeGame::random(TableRules::default(), 2, seed);
        let twelve = g.hand(0);
        let bid: AuctionBid = "passz".parse().unwrap();
        let Some(d) = bid.discard_for(twelve) else {
            continue;
        };
        act(&mut g, &format!("0 bid passz {},{}", d[0], d[1]));
        act(&mut g, "1 pass");
        act(&mut g, "2 pass");
        stand(&mut g);
        if g.apply("0 trump Z".parse().unwrap()).is_err() {
            continue;
        }
        let lead = g.legal_cards().iter().next().unwrap();
        act(&mut g, &format!("0 card {lead}"));
        if g.seat_turn(1, false).kontra.is_none() {
            continue;
        }
        layouts.push(cost(&g, 1, None).layouts);
    }
    let (lo, hi) = (
        layouts.iter().min().copied().unwrap(),
        layouts.iter().max().copied().unwrap(),
    );
    assert_eq!(lo, 16, "{layouts:?}");
    assert!(hi > 16, "{layouts:?}");
}

#[test]
fn a_pick_up_is_weighed_against_passing_and_a_bid_after_it_adds_its_own_cost() {
    // Seat 1 may pick up after the forehand's passz: it holds six Piros, the talon two more.
    let g = soloist_game(false);
    let mut at = g.record();
    at.actions.truncate(1);
    let g = at.replay().unwrap();
    let turn = g.seat_turn(1, false);
    assert!(turn.may_pick_up && turn.may_pass);
    let pass: Action = "1 pass".parse().unwrap();
    let k = decision_cost(&g.view(1), &turn, Some(&pass), None, &opts()).unwrap();
    let [first, cap] = TALONS;
    assert!(
        (first + 1..=cap * 5).contains(&k.layouts),
        "talons and holders: {k:?}"
    );
    assert!(k.mean >= 0.0 && k.half_width >= 0.0, "{k:?}");
    // Picking up and saying piros passz with the two Zöld laid away: the pick-up's cost and
    // the bid's, measured on layouts of its own.
    let bid: Action = "1 bid passz@P Z7,Z8".parse().unwrap();
    let after = g.view_after_pickup(1);
    let b = decision_cost(&g.view(1), &turn, Some(&bid), Some(&after), &opts()).unwrap();
    assert!(b.layouts >= 16 + first, "{b:?}");
    assert!(b.mean >= 0.0, "{b:?}");
}

#[test]
fn an_opening_pass_under_forfeit_is_valued_as_the_all_pass() {
    // Under `allpass = forfeit` the forehand may pass, and an all-pass costs it 2 to each
    // defender. Holding every Makk, passz is made on every layout (+2 from the two
    // defenders), so the pass loses 6 more than passz does against the best choice (an open
    // betli), on the same layouts.
    let zero = set("M7,M8,M9,MX,MA,MU,MO,MK,ZA,ZX,P7,P8");
    let one = set("Z7,Z8,Z9,ZO,ZK,ZU,P9,PX,PA,PO");
    let rest: CardSet = Card::all()
        .filter(|&c| !zero.contains(c) && !one.contains(c))
        .collect();
    let rules = TableRules {
        allpass: crate::whole_game::AllPass::Forfeit,
        ..TableRules::default()
    };
    let g = WholeGame::new(rules, 2, [zero, one, rest]).unwrap();
    assert!(g.seat_turn(0, false).may_pass);
    let pass = cost(&g, 0, Some("0 pass P7,P8"));
    assert!(pass.mean >= 4.0 && pass.mistake(0.5), "{pass:?}");
    assert_ne!(pass.best.as_deref(), Some("pass"), "{pass:?}");
    let passz = cost(&g, 0, Some("0 bid passz P7,P8"));
    assert_eq!(passz.best, pass.best);
    assert_eq!(pass.mean - passz.mean, 6.0, "{pass:?} {passz:?}");
}

/// The open-hand cost of a kontra decision of `seat` now in `g` (`None`: let go).
fn open(g: &WholeGame, seat: usize, taken: Option<&str>) -> f64 {
    let taken: Option<Action> = taken.map(|s| s.parse().unwrap());
    kontra_open_cost(g, seat, taken.as_ref()).unwrap()
}

/// [`soloist_game`] with `trump` named and the Makk Ász led: seat 1's kontra is open.
fn led(trump: &str) -> WholeGame {
    let mut g = soloist_game(false);
    act(&mut g, &format!("0 trump {trump}"));
    act(&mut g, "0 card MA");
    g
}

#[test]
fn a_kontra_on_a_unit_surely_made_costs_its_difference_on_the_actual_deal() {
    // With Makk trump the soloist holds every trump and makes the passz on any layout: seat
    // 1's kontra raises what it pays from 1 to 2, the rekontra let go leaves 4 from the two
    // defenders on the table. The best set is the other one: it costs nothing.
    let mut g = led("M");
    assert_eq!(open(&g, 1, Some("1 kontra passz")), 1.0);
    assert_eq!(open(&g, 1, None), 0.0);
    act(&mut g, "1 kontra passz");
    first_card(&mut g);
    first_card(&mut g);
    assert_eq!(open(&g, 0, None), 4.0);
    assert_eq!(open(&g, 0, Some("0 rekontra passz")), 0.0);
    // Certain from the soloist's view, the knowable cost says the same.
    assert_eq!(cost(&g, 0, None).mean, open(&g, 0, None));
}

#[test]
fn letting_go_a_unit_the_soloist_loses_costs_what_doubling_it_would_have_added() {
    // With Tök trump the soloist holds no trump: on these cards it loses the passz, so the
    // kontra seat 1 lets go would have won it 1 more (2 instead of 1), and saying it is best.
    let g = led("T");
    let (deal, played) = g.position().unwrap();
    let mut q = crate::solver::Query::new(deal, crate::contract::Bid::single(Contract::Passz));
    q.played = played;
    q.rules = g.rules().play();
    q.question = crate::solver::Question::WinLose;
    let s = crate::solver::Solver::new().solve(&q).unwrap();
    assert_eq!(s.soloist_wins, Some(false), "the soloist loses the passz");
    assert_eq!(open(&g, 1, None), 1.0);
    assert_eq!(open(&g, 1, Some("1 kontra passz")), 0.0);
    // The soloist has no kontra to answer, and a rekontra is not open to seat 1 yet.
    assert!(kontra_open_cost(&g, 0, None).is_err());
    let rekontra: Action = "1 rekontra passz".parse().unwrap();
    assert!(kontra_open_cost(&g, 1, Some(&rekontra)).is_err());
}
