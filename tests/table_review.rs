//! The review of a finished deal at the table (`model::table::review`), natively and through
//! the worker's wire: every decision of the user is found at its moment (kontras let go
//! included), the advisor and the open-hand player answer legally there, the open-hand best is
//! never worth less than the user's own bid, and every card gets its double-dummy verdict.

use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide};
use ulti_engine::whole_game::{Stage, Verb, WholeGame};
use ulti_engine::{Card, CardSet, Seat, Solver, parse_cards};
mod common;

use common::run_on_the_wire;
use ulti_solver::model::play::{card_check, verdict};
use ulti_solver::model::table::review::{
    Kind, Mark, as_choice, auction_mark, card_of, card_query, decisions, game_before, mark_money,
    open_hand_bid, play_seat, record_before,
};
use ulti_solver::model::table::{Next, Table};
use ulti_solver::protocol::{Answer, Job};

/// What the reviews reached.
#[derive(Default, Debug)]
struct Reached {
    auction: usize,
    user_bids: usize,
    open_hand_bids: usize,
    trump: usize,
    /// Trumps with an open-hand value, and those where the open-hand player named another.
    trumps_valued: usize,
    trumps_other: usize,
    kontra_said: usize,
    kontra_let_go: usize,
    /// Kontras whose open-hand money on the actual deal was asked, and those that lost some.
    kontra_open: usize,
    kontra_open_lost: usize,
    /// Passes (at a pick-up) and stands with the standing bid's open-hand value, and passes
    /// the open-hand player would have picked up on, with their money lost.
    passes_valued: usize,
    passes_against_a_bid: usize,
    cards: usize,
    cards_lost: usize,
}

/// A whole deal at `table` where every seat is a computer player, the user's of level `me`.
fn play_deal(table: &mut Table, solver: &mut Solver, me: TableLevel, seed: u64) -> WholeGame {
    let mut game = table.next_deal();
    let mut me = TablePlayer::new(me, seed);
    loop {
        match table.next(&game) {
            Next::Over => break,
            Next::Computer(seat) => {
                let job = Job::TableDecision {
                    record: game.record().to_json(),
                    seat,
                    level: table.level,
                    seed: table.computer_seed(seat),
                };
                let Ok(Answer::TableDecision { action, .. }) = run_on_the_wire(solver, job) else {
                    panic!("a table decision");
                };
                table
                    .computer_answer(&mut game, seat, action.as_deref())
                    .expect("legal");
            }
            Next::User(_) => {
                let a = decide(
                    &game,
                    table.user,
                    &mut me,
                    &mut DecisionTimes::default(),
                    &|| 0.0,
                )
                .expect("a decision");
                match a {
                    Some(a) => table.act(&mut game, a).expect("legal"),
                    None => table.decline(&game, table.user),
                }
            }
        }
    }
    assert_eq!(game.stage(), Stage::Over);
    game
}

/// The answer of a table decision at moment `at` for `seat`.
fn decision_at(
    solver: &mut Solver,
    game: &WholeGame,
    at: usize,
    seat: Seat,
    level: TableLevel,
) -> Option<String> {
    let job = Job::TableDecision {
        record: record_before(game, at),
        seat,
        level,
        seed: 7,
    };
    match run_on_the_wire(solver, job) {
        Ok(Answer::TableDecision { action, .. }) => action,
        other => panic!("a table decision, not {other:?}"),
    }
}

/// What a kontra decision (`None`: let go) at moment `at` lost on the cards as they lay.
fn kontra_open(
    solver: &mut Solver,
    game: &WholeGame,
    at: usize,
    seat: Seat,
    taken: Option<ulti_engine::whole_game::Action>,
) -> f64 {
    let job = Job::KontraOpenCost {
        record: record_before(game, at),
        seat,
        taken,
    };
    match run_on_the_wire(solver, job) {
        Ok(Answer::OpenCost(c)) => c,
        other => panic!("an open-hand cost, not {other:?}"),
    }
}

/// The best open-hand payoff per defender of a bid at moment `at` (its best trump).
fn open_hand_value(
    solver: &mut Solver,
    game: &WholeGame,
    at: usize,
    action: &ulti_engine::whole_game::Action,
) -> Option<i32> {
    open_hand_bid(game, at, action)
        .into_iter()
        .filter_map(|(deal, announcement)| {
            let job = Job::Bid {
                deal,
                announcement,
                rules: game.rules().play(),
            };
            match run_on_the_wire(solver, job) {
                Ok(Answer::Bid(v)) => v.payoff,
                other => panic!("a bid value, not {other:?}"),
            }
        })
        .max()
}

fn review(table: &Table, game: &WholeGame, solver: &mut Solver, reached: &mut Reached) {
    let user = table.user;
    let hints = table.hints_now();
    let ds = decisions(game, user, &hints);
    // Every action of the user is one decision, in order.
    let mine: Vec<_> = game.actions().iter().filter(|a| a.seat == user).collect();
    let said: Vec<_> = ds.iter().filter_map(|d| d.action.as_ref()).collect();
    assert_eq!(mine, said);
    for d in &ds {
        let before = game_before(game, d.at).expect("the moment replays");
        assert_eq!(before.actions().len(), d.at);
        match d.kind {
            Kind::Card => {
                let card = card_of(d).expect("a card");
                let index = d.card_index.expect("its index");
                let q = card_query(game, index).expect("a card's query");
                assert_eq!(q.played.len(), index);
                let Ok(Answer::Position(sol)) = run_on_the_wire(solver, Job::Position { query: q })
                else {
                    panic!("a position");
                };
                let check = card_check(&sol, card).expect("the card was legal there");
                let v = verdict(play_seat(game, user).unwrap(), &check);
                reached.cards += 1;
                reached.cards_lost +=
                    usize::from(!matches!(v, ulti_solver::model::play::Verdict::Kept));
            }
            kind => {
                // The moment is the user's: its turn, or a kontra it could say.
                assert!(
                    before.to_act() == Some(user) || before.kontra_options_for(user).is_some(),
                    "{d:?}"
                );
                let best = decision_at(solver, game, d.at, user, TableLevel::Cheater);
                let advisor = decision_at(solver, game, d.at, user, TableLevel::Strong);
                for a in [&best, &advisor].into_iter().flatten() {
                    let a: ulti_engine::whole_game::Action = a.parse().expect("readable");
                    assert_eq!(a.seat, user);
                    before.check(&a).expect("legal at the moment");
                }
                if kind == Kind::Kontra {
                    // The open-hand money of the user's kontra on the cards as they lay: never
                    // negative, and nothing for the open-hand player's own choice.
                    let yours = kontra_open(solver, game, d.at, user, d.action.clone());
                    assert!(yours >= 0.0, "{d:?} {yours}");
                    let cheater = as_choice(kind, best.as_deref().map(|b| b.parse().unwrap()));
                    assert_eq!(kontra_open(solver, game, d.at, user, cheater), 0.0);
                    reached.kontra_open += 1;
                    reached.kontra_open_lost += usize::from(yours > 0.0);
                }
                match kind {
                    Kind::Auction => reached.auction += 1,
                    Kind::Trump => reached.trump += 1,
                    _ if d.action.is_some() => reached.kontra_said += 1,
                    _ => reached.kontra_let_go += 1,
                }
                let Some(action) = d.action.as_ref() else {
                    assert!(
                        before.kontra_options_for(user).is_some(),
                        "a kontra let go where one could be said"
                    );
                    // A card answered at a kontra moment says "no kontra".
                    let best: Option<ulti_engine::whole_game::Action> =
                        best.as_deref().map(|b| b.parse().unwrap());
                    let said = as_choice(kind, best.clone());
                    assert!(
                        said.is_none()
                            == best
                                .as_ref()
                                .is_none_or(|b| matches!(b.verb, Verb::Card(_))),
                        "{best:?}"
                    );
                    continue;
                };
                if let Verb::Trump(t) = action.verb {
                    // A trump's open-hand value: the standing bid played with it, against the
                    // open-hand player's trump, which is never worth less.
                    let yours = open_hand_value(solver, game, d.at, action);
                    assert!(yours.is_some(), "a legal trump is playable: {action}");
                    let best: Option<ulti_engine::whole_game::Action> =
                        best.map(|b| b.parse().unwrap());
                    let Some(b) = best.filter(|b| matches!(b.verb, Verb::Trump(_))) else {
                        panic!("the open-hand player names a trump too");
                    };
                    let best_pay = open_hand_value(solver, game, d.at, &b);
                    assert!(
                        best_pay >= yours,
                        "{action} {yours:?} against {b} {best_pay:?}"
                    );
                    reached.trumps_valued += 1;
                    reached.trumps_other += usize::from(b.verb != Verb::Trump(t));
                    let mark = auction_mark(Some(action), Some(&b), yours, best_pay);
                    assert!(
                        matches!(mark, Mark::Best | Mark::Other(Some(1..))),
                        "{mark:?}"
                    );
                    continue;
                }
                if matches!(action.verb, Verb::Pass { discard: None } | Verb::Stand) {
                    // The standing bid as its holder plays it with every card open: what the
                    // user's pass paid (or stand earned), against the open-hand player's choice.
                    let yours = open_hand_value(solver, game, d.at, action);
                    assert!(yours.is_some(), "a standing bid is playable: {action}");
                    reached.passes_valued += 1;
                    let best: Option<ulti_engine::whole_game::Action> =
                        best.map(|b| b.parse().unwrap());
                    if let Some(b) = best.as_ref().filter(|b| matches!(b.verb, Verb::Bid { .. })) {
                        let best_pay = open_hand_value(solver, game, d.at, b);
                        let mark = auction_mark(Some(action), Some(b), yours, best_pay);
                        let (y, p) = (yours.unwrap(), best_pay.unwrap());
                        if matches!(action.verb, Verb::Pass { .. }) {
                            reached.passes_against_a_bid += 1;
                            // Passing paid the holder's payoff; the bid would have earned twice its own.
                            let lost = 2 * p + y;
                            let want = if lost > 0 {
                                Mark::Cost(lost)
                            } else {
                                Mark::Best
                            };
                            assert_eq!(mark, want, "{action} {y} against {b} {p}");
                        } else {
                            assert!(
                                matches!(mark, Mark::Best | Mark::Other(Some(1..))),
                                "{mark:?}"
                            );
                        }
                    }
                    continue;
                }
                if !matches!(action.verb, Verb::Bid { .. }) {
                    continue;
                }
                reached.user_bids += 1;
                let yours = open_hand_value(solver, game, d.at, action);
                assert!(yours.is_some(), "a legal bid is playable: {action}");
                let best: Option<ulti_engine::whole_game::Action> =
                    best.map(|b| b.parse().unwrap());
                if let Some(b) = best.as_ref().filter(|b| matches!(b.verb, Verb::Bid { .. })) {
                    reached.open_hand_bids += 1;
                    let best_pay = open_hand_value(solver, game, d.at, b);
                    // The open-hand player bids the best it can: never less than the user.
                    assert!(
                        best_pay >= yours,
                        "{action} {yours:?} against {b} {best_pay:?}"
                    );
                    let mark = auction_mark(Some(action), Some(b), yours, best_pay);
                    assert!(
                        matches!(mark, Mark::Best | Mark::Other(Some(1..))),
                        "{mark:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn every_decision_of_a_deal_is_judged_at_its_moment() {
    let mut solver = Solver::new();
    let mut reached = Reached::default();
    // A normal user against easy computers bids and doubles; an easy one against normal
    // computers defends more and lets kontras go.
    let (n, e) = (TableLevel::Normal, TableLevel::Easy);
    for (user, seed, me, others) in [(0, 3, n, e), (1, 8, e, n), (2, 21, n, e), (0, 30, e, n)] {
        let mut table = Table::new(user, others, seed);
        for _ in 0..2 {
            let game = play_deal(&mut table, &mut solver, me, seed);
            review(&table, &game, &mut solver, &mut reached);
        }
    }
    assert!(reached.auction >= 8, "{reached:?}");
    assert!(reached.user_bids >= 2, "{reached:?}");
    assert!(reached.open_hand_bids >= 2, "{reached:?}");
    assert!(reached.trumps_valued >= 1, "{reached:?}");
    assert!(reached.cards >= 40, "{reached:?}");
    assert!(reached.kontra_said >= 1, "{reached:?}");
    assert!(reached.kontra_let_go >= 1, "{reached:?}");
    assert_eq!(
        reached.kontra_open,
        reached.kontra_said + reached.kontra_let_go
    );
    // Some kontra lost money on the cards as they lay: the amount the review can call bad luck.
    assert!(reached.kontra_open_lost >= 1, "{reached:?}");
    // Passes are valued too, some against an open-hand player's bid.
    assert!(reached.passes_valued >= 4, "{reached:?}");
    assert!(reached.passes_against_a_bid >= 1, "{reached:?}");
    println!("{reached:?}");
}

/// Seat 0 holds every Makk and has bid passz, laying away P7 and P8; seat 1 holds six Zöld
/// and four Piros.
fn makk_passz() -> WholeGame {
    let zero = cards("M7,M8,M9,MX,MA,MU,MO,MK,ZA,ZX,P7,P8");
    let one = cards("Z7,Z8,Z9,ZO,ZK,ZU,P9,PX,PA,PO");
    let rest: CardSet = Card::all()
        .filter(|&c| !zero.contains(c) && !one.contains(c))
        .collect();
    let mut game = WholeGame::new(Default::default(), 2, [zero, one, rest]).unwrap();
    game.apply("0 bid passz P7,P8".parse().unwrap()).unwrap();
    game
}

fn cards(s: &str) -> CardSet {
    parse_cards(s).unwrap().into_iter().collect()
}

#[test]
fn a_trump_gets_its_open_hand_value_so_a_worse_one_can_be_bad_luck() {
    // Seat 0 holds every Makk and bids passz; naming Tök (it holds none) is worth less with
    // every card open than naming Makk, by an amount the review can call bad luck or count
    // as a mistake's open-hand cost.
    let mut game = makk_passz();
    for a in ["1 pass", "2 pass", "0 stand"] {
        game.apply(a.parse().unwrap()).unwrap();
    }
    let at = game.actions().len();
    let mut solver = Solver::new();
    let mut value = |t: &str| {
        let a: ulti_engine::whole_game::Action = format!("0 trump {t}").parse().unwrap();
        let deals = open_hand_bid(&game, at, &a);
        assert_eq!(deals.len(), 1, "one deal for a trump");
        assert_eq!(deals[0].1.id(), format!("passz@{t}"));
        let pay = open_hand_value(&mut solver, &game, at, &a);
        (a, pay)
    };
    let (tok, tok_pay) = value("T");
    let (makk, makk_pay) = value("M");
    assert!(makk_pay > tok_pay, "{makk_pay:?} {tok_pay:?}");
    assert_eq!(
        auction_mark(Some(&tok), Some(&makk), tok_pay, makk_pay),
        Mark::Other(Some(makk_pay.unwrap() - tok_pay.unwrap()))
    );
}

#[test]
fn a_pass_is_worth_the_standing_bid_so_passing_on_a_better_bid_can_be_bad_luck() {
    // Seat 0 holds every Makk and bids passz; seat 1, passing, defends it as seat 0 plays it
    // with every card open: its ten cards and the talon it laid down, the trump that does best.
    let game = makk_passz();
    let one = game.hand(1);
    let at = game.actions().len();
    let pass: ulti_engine::whole_game::Action = "1 pass".parse().unwrap();
    let deals = open_hand_bid(&game, at, &pass);
    assert!(!deals.is_empty());
    for (deal, a) in &deals {
        assert!(a.id().starts_with("passz@"), "{}", a.id());
        assert_eq!(deal.hand(0), game.hand(0), "the holder's ten cards");
        assert_eq!(deal.talon(), cards("P7,P8"), "the talon it laid down");
        assert_eq!(deal.hand(1), one, "the passing seat's own cards");
    }
    let mut solver = Solver::new();
    let paid = open_hand_value(&mut solver, &game, at, &pass).unwrap();
    // With eight Makk the holder makes its passz: passing pays it.
    assert!(paid > 0, "{paid}");
    // Against a bid worth 3 per defender open-hand, the pass gave away 2 × 3 + paid.
    let bid: ulti_engine::whole_game::Action = "1 bid 40-100 P7,P8".parse().unwrap();
    assert_eq!(
        auction_mark(Some(&pass), Some(&bid), Some(paid), Some(3)),
        Mark::Cost(6 + paid)
    );
    assert_eq!(mark_money(Mark::Cost(6 + paid)), f64::from(6 + paid));
    // Against a bid that loses more than the pass pays, the pass was as good.
    assert_eq!(
        auction_mark(Some(&pass), Some(&bid), Some(paid), Some(-paid)),
        Mark::Best
    );
    // A bid where passing was best gives away the other way round: a bid losing paid + 3 per
    // defender costs twice that, where passing would have cost paid.
    assert_eq!(
        auction_mark(Some(&bid), Some(&pass), Some(-paid - 3), Some(paid)),
        Mark::Cost(paid + 6)
    );
}
