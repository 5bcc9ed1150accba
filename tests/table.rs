//! The Table page's logic natively (`model::table`): evenings where the user's seat is played
//! by a computer player through the page's own calls (pick up, bid, trump, kontra, cards) and
//! the other seats are asked of the worker, in the order the page asks; the score sheet
//! against a replay of the exported records; the bidding box, the picked-up twelve, and what a
//! kontra does to the stakes.

use std::collections::HashSet;

use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide};
use ulti_engine::whole_game::{Action, Stage, TableRecord, Verb, WholeGame};
use ulti_engine::{Card, Contract, Seat, Solver};
mod common;

use common::run_on_the_wire;
use ulti_solver::model::table::auction::{BoxRow, Fit, Heard, bidding_box, reach};
use ulti_solver::model::table::stakes::kontra_stakes;
use ulti_solver::model::table::{Next, Table, UserTurn, solver_query};
use ulti_solver::model::url_state::{UrlState, parse_played};
use ulti_solver::protocol::{Answer, Job};

/// What the evenings reached.
#[derive(Default, Debug)]
struct Reached {
    deals: usize,
    user_picked_up: usize,
    user_kontras: usize,
    user_declined: usize,
    computer_kontras: usize,
    user_soloist: usize,
}

/// The user's decision, made by `player` and carried out through the page's calls.
fn user_decides(
    table: &mut Table,
    game: &mut WholeGame,
    turn: &UserTurn,
    player: &mut TablePlayer,
    reached: &mut Reached,
) {
    let user = table.user;
    let action =
        decide(game, user, player, &mut DecisionTimes::default(), &|| 0.0).expect("a decision");
    let Some(action) = action else {
        assert!(
            matches!(turn, UserTurn::Kontra { .. }),
            "only a kontra is let go"
        );
        table.decline(game, user);
        reached.user_declined += 1;
        return;
    };
    if let Verb::Bid { discard, bid } = &action.verb
        && game.opened()
    {
        // The page: "Pick up", then the twelve with the talon, then the box.
        assert_eq!(
            table.scene(game).twelve(),
            None,
            "ten cards before picking up"
        );
        table.pick_up(game);
        assert!(table.picked_up());
        let scene = table.scene(game);
        let twelve = scene.twelve().expect("twelve after picking up");
        assert_eq!(twelve.len(), 12);
        for c in game.talon().iter() {
            assert!(twelve.contains(c), "the talon joins the hand");
        }
        let what = reach(&scene.turn.as_ref().unwrap().higher, twelve);
        let cell = |discard| {
            bidding_box(&what, discard)
                .into_iter()
                .flat_map(|r| r.cells)
                .flatten()
                .find(|c| c.bid == *bid)
                .map(|c| c.fit)
        };
        assert_eq!(
            cell(Some(*discard)),
            Some(Fit::Ready),
            "the box offers {bid} as ready with its discard"
        );
        // Before the discard, the bid stands out as playable with some discard.
        assert!(matches!(cell(None), Some(Fit::Needs(_))), "{bid}");
        reached.user_picked_up += 1;
    }
    if matches!(action.verb, Verb::Kontra { .. }) {
        reached.user_kontras += 1;
    }
    table.act(game, action).expect("the user's action is legal");
    assert!(!table.picked_up() || game.stage() == Stage::Auction);
}

/// An evening of `deals` at `user`'s seat; the user played by `user_level`.
fn evening(
    user: Seat,
    user_level: TableLevel,
    level: TableLevel,
    seed: u64,
    deals: usize,
) -> Reached {
    let mut table = Table::new(user, level, seed);
    let mut me = TablePlayer::new(user_level, seed ^ 0xABCD);
    let mut solver = Solver::new();
    let mut reached = Reached::default();
    for _ in 0..deals {
        let mut game = table.next_deal();
        let mut moments = HashSet::new();
        loop {
            let next = table.next(&game);
            // Each moment comes once: the page never asks the same thing twice.
            assert!(
                moments.insert((game.actions().len(), format!("{next:?}"))),
                "{next:?} asked twice"
            );
            match next {
                Next::Over => break,
                Next::Computer(seat) => {
                    assert_ne!(seat, user);
                    let job = Job::TableDecision {
                        record: game.record().to_json(),
                        seat,
                        level,
                        seed: table.computer_seed(seat),
                    };
                    let Ok(Answer::TableDecision { action, .. }) =
                        run_on_the_wire(&mut solver, job)
                    else {
                        panic!("a table decision");
                    };
                    reached.computer_kontras +=
                        usize::from(action.as_deref().is_some_and(|a| a.contains("kontra")));
                    table
                        .computer_answer(&mut game, seat, action.as_deref())
                        .expect("the computer's action is legal");
                }
                Next::User(turn) => {
                    user_decides(&mut table, &mut game, &turn, &mut me, &mut reached);
                }
            }
            // A reload at any moment gives the same table back.
            let kept = Table::from_storage(&table.to_storage()).expect("kept");
            assert_eq!(kept, table);
        }
        assert_eq!(game.stage(), Stage::Over);
        reached.user_soloist += usize::from(game.contracted().is_some_and(|c| c.soloist == user));
        let s = game.settlement().expect("settled");
        assert_eq!(s.payments.iter().sum::<i32>(), 0, "zero-sum");
        reached.deals += 1;
    }
    // The sheet's totals are the sum of the exported records' payments, replayed anew.
    let mut totals = [0; 3];
    for line in table.session.export().lines() {
        let g = TableRecord::parse(line)
            .and_then(|r| r.replay())
            .expect("replays");
        let p = g.settlement().expect("finished").payments;
        for s in 0..3 {
            totals[s] += p[s];
        }
    }
    assert_eq!(table.session.totals(), totals);
    assert_eq!(table.session.sheet().len(), deals);
    reached
}

/// Every seat decides by its own player, through the table, while `go` holds.
fn play_while(
    table: &mut Table,
    game: &mut WholeGame,
    players: &mut [TablePlayer; 3],
    go: impl Fn(&WholeGame) -> bool,
) {
    while go(game) {
        let s = game.to_act().unwrap();
        let a = decide(
            game,
            s,
            &mut players[s],
            &mut DecisionTimes::default(),
            &|| 0.0,
        )
        .unwrap()
        .unwrap();
        table.act(game, a).unwrap();
    }
}

#[test]
fn evenings_at_every_seat_reach_pick_ups_kontras_and_the_payment() {
    let mut all = Reached::default();
    for (user, seed) in [(0, 3), (1, 8), (2, 21)] {
        let r = evening(user, TableLevel::Normal, TableLevel::Easy, seed, 3);
        all.deals += r.deals;
        all.user_picked_up += r.user_picked_up;
        all.user_kontras += r.user_kontras + r.user_declined;
        all.computer_kontras += r.computer_kontras;
        all.user_soloist += r.user_soloist;
    }
    assert_eq!(all.deals, 9);
    assert!(all.user_picked_up >= 2, "{all:?}");
    assert!(all.user_soloist >= 2, "{all:?}");
    assert!(all.user_kontras + all.computer_kontras >= 1, "{all:?}");
}

#[test]
fn the_auction_heard_hides_the_discards_and_the_box_is_grouped_by_value() {
    let mut table = Table::new(0, TableLevel::Easy, 5);
    let game = table.next_deal();
    // Seat 1 is the forehand of deal 1 (seat 0 deals): it holds twelve and opens.
    assert_eq!(game.forehand(), 1);
    assert_eq!(table.next(&game), Next::Computer(1));
    // The forehand's twelve as its seat sees them (a table with the user there).
    let mut at_forehand = Table::new(1, TableLevel::Easy, 5);
    let forehand_game = at_forehand.next_deal();
    let scene = at_forehand.scene(&forehand_game);
    let twelve_cards = scene.twelve().expect("the forehand holds twelve");
    let rows = bidding_box(
        &reach(&scene.turn.as_ref().unwrap().higher, twelve_cards),
        None,
    );
    assert_eq!(
        rows[0].family.to_string(),
        "passz",
        "passz is the lowest bid"
    );
    let lowest = |r: &BoxRow| {
        r.cells
            .iter()
            .flatten()
            .map(|c| c.bid.value())
            .min()
            .unwrap()
    };
    assert!(
        rows.windows(2).all(|w| lowest(&w[0]) <= lowest(&w[1])),
        "by value"
    );
    assert_eq!(
        rows.iter().flat_map(|r| r.cells.iter().flatten()).count(),
        ulti_engine::whole_game::AuctionBid::ladder().len(),
        "the whole ladder, each bid in one cell"
    );
    // Before any bid, everything overcalls; betli plays with any discard.
    let betli = rows
        .iter()
        .find(|r| r.family.to_string() == "betli")
        .unwrap();
    assert!(
        betli
            .cells
            .iter()
            .flatten()
            .all(|c| matches!(c.fit, Fit::Needs(_)))
    );
    // Discarding both hearts of a hand without the heart marriage: no piros 40-100.
    let mut table2 = table.clone();
    let mut g = game.clone();
    let discard: Vec<Card> = twelve_cards.iter().take(2).collect();
    let action = Action {
        seat: 1,
        verb: Verb::Bid {
            bid: "passz".parse().unwrap(),
            discard: [discard[0], discard[1]],
        },
    };
    table2.act(&mut g, action).expect("an opening passz");
    assert_eq!(
        table2.scene(&g).heard(),
        vec![Heard::Bid(1, "passz".parse().unwrap())]
    );
    assert!(
        !g.view(2)
            .public
            .iter()
            .any(|a| a.contains(&discard[0].to_string()))
    );
    // Seat 2 may pass; the user (seat 0) has not picked up, so holds ten.
    assert_eq!(table2.next(&g), Next::Computer(2));
    assert_eq!(table2.scene(&g).twelve(), None);
}

#[test]
fn a_kontra_shows_what_it_does_to_the_stakes() {
    // Find a deal the computers bid an ulti in, then read the stakes at kontra.
    for seed in 0..60 {
        let mut table = Table::new(0, TableLevel::Normal, seed);
        let mut game = table.next_deal();
        let mut players = [0, 1, 2].map(|s| TablePlayer::new(TableLevel::Normal, seed + s));
        play_while(&mut table, &mut game, &mut players, |g| {
            g.stage() == Stage::Auction || g.stage() == Stage::Trump
        });
        let Some(c) = game.contracted() else { continue };
        if !c.bid.bid.contracts().contains(&Contract::Ulti) || c.bid.piros {
            continue;
        }
        let stakes = kontra_stakes(&c.bid, c.trump, &[Contract::Ulti], 1);
        let u = &stakes[0];
        // Ulti (base 4): made 4 → 8; lost 8 → 12 (base × (2^k + 1)).
        assert_eq!((u.won_now, u.won_then), (4, 8));
        assert_eq!((u.lost_now, u.lost_then), (-8, -12));
        return;
    }
    panic!("no ulti bid in 60 deals");
}

#[test]
fn hints_are_kept_per_deal_and_an_older_stored_table_still_loads() {
    let mut table = Table::new(2, TableLevel::Easy, 9);
    let game = table.next_deal();
    table.take_hint(&game, Some("2 pass".into()));
    table.take_hint(&game, Some("2 pass".into()));
    assert_eq!(
        table.hints_now().len(),
        1,
        "the same hint at the same moment once"
    );
    let kept = Table::from_storage(&table.to_storage()).expect("kept");
    assert_eq!(kept.hints_now().len(), 1);
    // A table stored before hints existed.
    let mut json: serde_json::Value = serde_json::from_str(&table.to_storage()).unwrap();
    json.as_object_mut().unwrap().remove("hints");
    let old = Table::from_storage(&json.to_string()).expect("an older table loads");
    assert!(old.hints_now().is_empty());
}

#[test]
fn a_new_evening_is_another_moment_even_at_the_same_point() {
    // An answer asked in the evening before must not be taken for the new one's.
    let mut a = Table::new(0, TableLevel::Easy, 1);
    let mut b = Table::new(0, TableLevel::Easy, 2);
    let ga = a.next_deal();
    let gb = b.next_deal();
    assert_eq!(a.next(&ga), b.next(&gb));
    assert_ne!(a.moment(&ga), b.moment(&gb));
}

#[test]
fn a_finished_deal_opens_in_the_solver_page_at_its_last_card() {
    let mut table = Table::new(0, TableLevel::Easy, 12);
    let mut game = table.next_deal();
    let mut players = [0, 1, 2].map(|s| TablePlayer::new(TableLevel::Easy, s));
    assert_eq!(solver_query(&game), None, "nothing to open before the play");
    play_while(&mut table, &mut game, &mut players, |g| {
        g.stage() != Stage::Over
    });
    let q = solver_query(&game).expect("a finished play");
    let param = |k: &str| {
        q.split('&')
            .find_map(|p| p.strip_prefix(&format!("{k}=")))
            .map(str::to_string)
    };
    let url = UrlState::parse(
        param("deal").as_deref(),
        param("game").as_deref(),
        param("step").as_deref(),
        param("rules").as_deref(),
    );
    assert!(url.issues.is_empty(), "{q}: {:?}", url.issues);
    let (deal, played) = game.position().unwrap();
    assert_eq!(url.deal, Some(Ok(deal)));
    assert_eq!(url.step, 30);
    assert_eq!(parse_played(&param("played").unwrap()), played);
    let c = game.contracted().unwrap();
    assert!(c.bid.bid.contracts().contains(&url.game.unwrap()));
}

#[test]
fn a_shared_link_opens_the_same_game_at_the_same_seat_and_hides_the_hands() {
    use base64::Engine;
    use ulti_solver::model::table::share::{ShareError, read_share, share_code};
    let mut solver = Solver::new();
    let mut table = Table::new(1, TableLevel::Normal, 77);
    // The second deal of the evening, a few actions in.
    table.next_deal();
    let mut game = table.next_deal();
    let mut players = [0, 1, 2].map(|s| TablePlayer::new(TableLevel::Easy, s));
    play_while(&mut table, &mut game, &mut players, |g| {
        g.actions().len() < 4
    });
    assert!(table.has_play());
    let code = share_code(&table, &game);
    // No hand is written out in the link: not one pair of its cards as the record lists them.
    let record = game.record();
    assert!(
        !code.contains("hands") && !code.contains("ulti-game"),
        "{code}"
    );
    for hand in &record.hands {
        let cards: Vec<&str> = hand.split(',').collect();
        for pair in cards.windows(2) {
            let words = pair.join(",");
            assert!(!code.contains(&words), "{words} is readable in {code}");
        }
    }
    let shared = read_share(&code).expect("the link opens");
    let opened = Table::from_shared(&shared).expect("an evening");
    assert_eq!(opened.user, 1);
    assert_eq!(opened.level, TableLevel::Normal);
    let g2 = opened.game().expect("the game");
    assert_eq!(g2.record(), record, "the same game at the same moment");
    assert!(!opened.has_play() || !g2.actions().is_empty());
    // The computers decide as they would have at the sharer's table.
    let Next::Computer(seat) = table.next(&game) else {
        panic!("a computer's turn after four actions at seat 1's table");
    };
    assert_eq!(opened.next(&g2), Next::Computer(seat));
    assert_eq!(opened.computer_seed(seat), table.computer_seed(seat));
    let ask = |t: &Table, g: &WholeGame, solver: &mut Solver| {
        run_on_the_wire(
            solver,
            Job::TableDecision {
                record: g.record().to_json(),
                seat,
                level: t.level,
                seed: t.computer_seed(seat),
            },
        )
    };
    assert_eq!(
        ask(&table, &game, &mut solver),
        ask(&opened, &g2, &mut solver)
    );
    // A damaged link and an illegal record are refused, with the rule.
    assert_eq!(read_share("not-a-game"), Err(ShareError::Damaged));
    assert_eq!(
        read_share(&code[..code.len() / 2]),
        Err(ShareError::Damaged)
    );
    let mut bad = shared.clone();
    bad.record
        .actions
        .push(format!("{} card PA", (seat + 1) % 3));
    let bad_code =
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(serde_json::to_vec(&bad).unwrap());
    match read_share(&bad_code) {
        Err(ShareError::Record(e)) => assert!(e.starts_with("action 5"), "{e}"),
        other => panic!("{other:?}"),
    }
    // An empty evening has nothing to lose.
    assert!(!Table::new(0, TableLevel::Easy, 1).has_play());
}

#[test]
fn a_compound_bids_link_opens_the_line_viewer_on_the_compound() {
    use ulti_engine::whole_game::TableRules;
    use ulti_engine::{Bid, Deal};
    use ulti_solver::model::table::solver_query_at;
    // The strong deal with the Piros VII kept (the VIII in the talon): the forehand holds it
    // and the talon, and bids piros 40-100 ulti.
    let deal =
        Deal::parse_code("0070605040302002737173112323313143435151620212322242526103011").unwrap();
    let talon: Vec<Card> = deal.talon().iter().collect();
    let mut forehand = deal.hand(0);
    for &c in &talon {
        forehand.insert(c);
    }
    let hands = [forehand, deal.hand(1), deal.hand(2)];
    let mut game = WholeGame::new(TableRules::default(), 2, hands).unwrap();
    let discard = format!("{},{}", talon[0], talon[1]);
    for text in [
        format!("0 bid 40-100+ulti@P {discard}"),
        "1 pass".into(),
        "2 pass".into(),
    ] {
        let action: Action = text.parse().unwrap();
        game.apply(action).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    if game.stage() != Stage::Play {
        game.apply("0 stand".parse().unwrap()).unwrap();
    }
    let bid: Bid = "40-100+ulti".parse().unwrap();
    assert_eq!(game.contracted().unwrap().bid.bid, bid);
    let q = solver_query_at(&game, 0).expect("the play has begun");
    assert!(q.contains("game=40-100%2Bulti"), "{q}");
    // Read back as the router does (`%2B` is a plus): the compound, and its biggest contract
    // for the analysis table.
    let game_value = q
        .split('&')
        .find_map(|p| p.strip_prefix("game="))
        .unwrap()
        .replace("%2B", "+");
    let url = UrlState::parse(None, Some(&game_value), None, None);
    assert!(url.issues.is_empty(), "{:?}", url.issues);
    assert_eq!(url.compound, Some(bid));
    assert_eq!(url.game, Some(Contract::Ulti));
}
