//! The card table's logic natively: the seats around the felt (where each sits, its roles and
//! its cards after a pick-up), the pick-up that finds no playable higher bid (the holder is
//! not offered one; anyone else puts the talon back and passes), the bidding box before and
//! after the discard with the discard a bid needs, the score sheet's bid and result, and the
//! engine's seat numbers in the page's words.

use ulti_engine::whole_game::{Action, Stage, TableRecord, Verb, WholeGame};
use ulti_engine::{Card, Contract, parse_cards};
use ulti_solver::i18n::{Lang, seats_in_words, verdict_words};
use ulti_solver::model::play::Verdict;
use ulti_solver::model::session::Session;
use ulti_solver::model::table::auction::{Fit, Heard, bidding_box, discard_help, reach};
use ulti_solver::model::table::seats::{Place, Role, place, seats};
use ulti_solver::model::table::{Next, PICKED_UP_MUST_BID, Table, UserTurn};
use ulti_testkit::NO_RAISE;

fn cards(s: &str) -> Vec<Card> {
    parse_cards(s).unwrap()
}

/// The NO_RAISE game in progress at `user`'s seat, after `more` actions.
fn at_table(user: usize, more: &[&str]) -> (Table, WholeGame) {
    let mut record = TableRecord::parse(NO_RAISE).unwrap();
    record.actions.extend(more.iter().map(|a| a.to_string()));
    let mut table = Table::new(user, ulti_engine::players::TableLevel::Easy, 1);
    table.import(Session::import(&record.to_json(), 1).unwrap());
    let game = table.next_deal();
    (table, game)
}

#[test]
fn the_seats_sit_around_the_felt_in_playing_order() {
    // Play goes 0, 1, 2 anticlockwise: the seat after the user is on its right.
    for user in 0..3 {
        assert_eq!(place(user, user), Place::Bottom);
        assert_eq!(place((user + 1) % 3, user), Place::Right);
        assert_eq!(place((user + 2) % 3, user), Place::Left);
    }
    let (table, game) = at_table(1, &[]);
    assert_eq!(table.next(&game), Next::User(UserTurn::Auction));
    let s = seats(&table.scene(&game));
    assert_eq!(s[0].roles, [Role::Forehand, Role::Holder]);
    assert_eq!(s[2].roles, [Role::Dealer]);
    assert_eq!(s[0].place, Place::Left);
    assert!(s[1].to_act && !s[0].to_act && !s[2].to_act);
    assert_eq!(s.clone().map(|x| x.cards), [10, 10, 10]);
    match &s[0].said {
        Some(Heard::Bid(0, b)) => assert_eq!(b.to_string(), "durchmars-adu+20-100@P@teritett"),
        other => panic!("seat 0's last word: {other:?}"),
    }
    assert_eq!(s[1].said, None);
}

#[test]
fn a_pick_up_with_no_playable_raise_puts_the_talon_back_and_passes() {
    // Seat 1 (the user) may pick up: it cannot know the talon holds nothing for it.
    let (mut table, mut game) = at_table(1, &[]);
    assert!(table.may_pick_up(&game));
    table.pick_up(&game);
    assert!(table.picked_up());
    // After the pick-up the table shows the user with twelve cards and the talon.
    let scene = table.scene(&game);
    let s = seats(&scene);
    assert_eq!(s[1].cards, 12);
    assert!(s[1].roles.contains(&Role::PickedUp));
    assert!(s[0].roles.contains(&Role::Holder), "the bid still stands");
    let held = scene.twelve().unwrap();
    assert_eq!(held.len(), 12);
    assert_eq!(scene.talon_in_hand(), cards("T7,Z7").into_iter().collect());
    // No discard plays a higher bid: the box has nothing to say, and the page puts it back.
    let higher = &scene.turn.as_ref().unwrap().higher;
    let rows = bidding_box(&reach(higher, held), None);
    assert!(rows.iter().all(|r| !r.legal()), "no legal bid in the box");
    assert!(scene.must_put_back());
    table
        .act(&mut game, "1 pass".parse().unwrap())
        .expect("it passes after its pick-up");
    assert!(!table.picked_up());
    assert_eq!(
        game.talon(),
        cards("T7,Z7").into_iter().collect(),
        "the same talon"
    );
    // The record says only `pass`: the others learn nothing more.
    assert_eq!(game.record().actions.last().unwrap(), "1 pass");
}

#[test]
fn the_holder_is_not_offered_a_raise_that_no_discard_plays() {
    let (mut table, game) = at_table(0, &["1 pass", "2 pass"]);
    assert_eq!(table.next(&game), Next::User(UserTurn::Auction));
    assert!(game.holder_turn());
    assert!(
        !table.may_pick_up(&game),
        "no 'pick up and raise' without a raise"
    );
    table.pick_up(&game);
    assert!(!table.picked_up(), "a pick-up is refused");
}

#[test]
fn after_a_pick_up_with_a_raise_playable_the_user_must_bid() {
    // Seat 2 holds Zöld Király + Felső; with the Piros VII in the talon the 48 plays.
    let rec = NO_RAISE.replace("T7,Z7\"]", "T7,P7\"]").replace(
        "TU,ZX,MK,Z7,TA,PA,T7,TK,PO,P9,MO,P8\",\"Z8,PK,M9,MX,MU,P7",
        "TU,ZX,MK,P7,TA,PA,T7,TK,PO,P9,MO,P8\",\"Z8,PK,M9,MX,MU,Z7",
    );
    let mut record = TableRecord::parse(&rec).unwrap();
    record.actions.push("1 pass".into());
    let mut table = Table::new(2, ulti_engine::players::TableLevel::Easy, 1);
    table.import(Session::import(&record.to_json(), 1).unwrap());
    let mut game = table.next_deal();
    table.pick_up(&game);
    assert!(table.picked_up());
    let scene = table.scene(&game);
    assert!(!scene.must_put_back());
    let e = table.act(&mut game, "2 pass".parse().unwrap()).unwrap_err();
    assert_eq!(e.to_string(), PICKED_UP_MUST_BID);
    // The box says which cards the 48 needs: the Piros VII and the Zöld marriage.
    let held = scene.twelve().unwrap();
    let higher = scene.turn.as_ref().unwrap().higher.clone();
    let rows = bidding_box(&reach(&higher, held), None);
    let legal: Vec<_> = rows
        .iter()
        .flat_map(|r| r.cells.iter().flatten())
        .filter(|c| c.fit.legal())
        .collect();
    assert_eq!(legal.len(), 1);
    let help = discard_help(&legal[0].bid, held, &[]).unwrap();
    for c in cards("P7,ZK,ZO") {
        assert!(help.keep.contains(&c), "{c} must be kept: {:?}", help.keep);
        assert!(!help.discard.contains(&c));
    }
    // With that discard the bid is ready; with one that lays the VII down it is not.
    let d = help.discard;
    let fit = |discard| {
        bidding_box(&reach(&higher, held), Some(discard))
            .into_iter()
            .flat_map(|r| r.cells)
            .flatten()
            .find(|c| c.bid == legal[0].bid)
            .unwrap()
            .fit
    };
    assert_eq!(fit(d), Fit::Ready);
    let bad = ["P7".parse::<Card>().unwrap(), d[0]];
    assert!(matches!(fit(bad), Fit::Needs(n) if n == d || !n.contains(&bad[0])));
    // A discard chosen half right keeps its good card in the suggestion.
    let half = discard_help(&legal[0].bid, held, &[d[1], "P7".parse::<Card>().unwrap()]).unwrap();
    assert!(half.discard.contains(&d[1]));
    table
        .act(
            &mut game,
            Action {
                seat: 2,
                verb: Verb::Bid {
                    bid: legal[0].bid.clone(),
                    discard: d,
                },
            },
        )
        .expect("the raise with the discard the box names");
    assert_eq!(game.stage(), Stage::Auction);
}

#[test]
fn the_score_sheet_names_the_bid_with_its_trump_and_result() {
    let mut session = Session::new(Default::default(), 3);
    let mut players = [0, 1, 2].map(|s| {
        ulti_engine::players::TablePlayer::new(ulti_engine::players::TableLevel::Easy, 40 + s)
    });
    let mut made = 0;
    let mut failed = 0;
    for _ in 0..12 {
        let mut game = session.deal();
        ulti_engine::players::play_table_game(
            &mut game,
            &mut players,
            &mut Default::default(),
            &|| 0.0,
        )
        .unwrap();
        session.save(&game);
    }
    for row in session.sheet() {
        let c = row.contract.expect("default rules: someone plays");
        let record = &session.finished()[row.number - 1];
        let g = record.replay().unwrap();
        let settled = g.settlement().unwrap();
        assert_eq!(c.units.len(), settled.units.len());
        assert_eq!(c.made(), settled.units.iter().all(|u| u.won));
        assert_eq!(c.trump.is_some(), c.bid.has_trumps());
        made += usize::from(c.made());
        failed += usize::from(c.failed());
        if c.bid.bid.contracts().contains(&Contract::Betli) {
            assert_eq!(c.trump, None, "betli has no trump");
        }
    }
    assert!(made >= 1, "{made} made, {failed} failed");
}

#[test]
fn engine_seat_numbers_read_as_the_page_names_the_seats() {
    let e = "action 1 (\"2 pass\"): it is seat 0's turn (to bid), not seat 2's";
    assert_eq!(
        seats_in_words(Lang::En, e),
        "action 1 (\"2 pass\"): it is Player 1's turn (to bid), not Player 3's"
    );
    assert_eq!(
        seats_in_words(Lang::En, "seat 12 and seats"),
        "seat 12 and seats"
    );
    assert_eq!(
        seats_in_words(Lang::Hu, "the card PA is dealt to seat 1"),
        "the card PA is dealt to 2. játékos"
    );
}

#[test]
fn a_lost_card_says_its_unit() {
    let (_, w) = verdict_words(Lang::En, Some(Verdict::LostPoints(10)));
    assert_eq!(w, "lost 10 card points");
    let (_, w) = verdict_words(Lang::En, Some(Verdict::LostPayoff(4)));
    assert_eq!(w, "lost 4 per defender");
    assert_eq!(verdict_words(Lang::En, None).0, "pending");
}

#[test]
fn a_hint_before_the_pick_up_names_no_card_of_the_talon() {
    let bid = Some("1 bid ulti+durchmars-adu+20-100@P@teritett T7,Z7".to_string());
    let (mut table, game) = at_table(1, &[]);
    assert_eq!(
        table.hint_advice(&game, bid.clone()).as_deref(),
        Some("1 pickup")
    );
    assert_eq!(
        ulti_solver::i18n::hint_text(Lang::En, Some("1 pickup")),
        "pick up the talon"
    );
    assert_eq!(
        table.hint_advice(&game, Some("1 pass".into())).as_deref(),
        Some("1 pass")
    );
    // Once it holds the talon, the discard is its own to see.
    table.pick_up(&game);
    assert_eq!(table.hint_advice(&game, bid.clone()), bid);
    // The holder knows the talon it laid down.
    let (table, game) = at_table(0, &["1 pass", "2 pass"]);
    let raise = Some("0 bid passz@P T7,Z7".to_string());
    assert_eq!(table.hint_advice(&game, raise.clone()), raise);
}
