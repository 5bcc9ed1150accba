use ulti_engine::whole_game::{Stage, TableRecord, TableRules};

use super::*;
use crate::event::Audience;
use crate::table::moves::NextOutcome;

fn meta(seats: [SeatKind; 3]) -> TableMeta {
    TableMeta {
        k: 1,
        id: "t".into(),
        rules: TableRules::default(),
        seats,
        seed: 7,
    }
}

fn people() -> Table {
    let mut t = Table::new(meta([SeatKind::Human; 3]));
    let d = t.deal_next();
    t.apply(1, &d).unwrap();
    t
}

fn carry(t: &mut Table, msgs: Vec<Numbered>) -> u64 {
    for m in msgs {
        let v = t.v + 1;
        t.apply(v, &m).unwrap();
    }
    t.v
}

/// The NO_RAISE record's deal at a table, its opening bid played.
fn no_raise() -> Table {
    let r = TableRecord::parse(ulti_testkit::NO_RAISE).unwrap();
    let mut t = Table::new(meta([SeatKind::Human; 3]));
    t.apply(
        1,
        &Numbered::Deal {
            game: 1,
            dealer: r.dealer,
            rules: r.rules,
            hands: r.hands.clone(),
        },
    )
    .unwrap();
    let open = r.actions[0].split_once(' ').unwrap().1.to_string();
    let m = t.act(0, &open, By::Person).unwrap();
    carry(&mut t, m);
    t
}

#[test]
fn game_n_is_dealt_by_seat_n_plus_1_mod_3() {
    let mut t = people();
    assert_eq!(t.game.dealer(), 2);
    assert_eq!(t.game.forehand(), 0);
    for n in 2..=4u32 {
        t.game_no = n - 1;
        let Numbered::Deal { dealer, game, .. } = t.deal_next() else {
            panic!()
        };
        assert_eq!((game, dealer), (n, (n as usize + 1) % 3));
    }
    // The same seed and game number give the same cards.
    let again = people();
    assert_eq!(again.game.dealt(), people().game.dealt());
}

#[test]
fn a_bid_after_the_opening_needs_its_own_pickup() {
    let mut t = people();
    let twelve = t.game.hand(0);
    let c: Vec<_> = twelve.iter().take(2).collect();
    let m = t
        .act(0, &format!("bid passz {},{}", c[0], c[1]), By::Person)
        .unwrap();
    carry(&mut t, m);
    // Seat 1 bids without picking up.
    let e = t.act(1, "bid 40-100 ZA,ZK", By::Person).unwrap_err();
    assert!(e.contains("pickup"), "{e}");
    // Only the seat to act picks up; the forehand at its opening cannot.
    assert!(t.pickup(2).unwrap_err().contains("turn"));
    let m = t.pickup(1).unwrap();
    let Numbered::Talon { cards, seat, .. } = &m[0] else {
        panic!()
    };
    assert_eq!(
        (*seat, cards.as_str()),
        (1, t.game.talon().to_string().as_str())
    );
    carry(&mut t, m);
    assert_eq!(t.picked_up, Some(1));
    assert!(t.pickup(1).unwrap_err().contains("already"));
    // After the pick-up: a stand is refused, a pass too while a raise is playable.
    if t.game.raise_exists() {
        let e = t.act(1, "pass", By::Person).unwrap_err();
        assert!(
            e.starts_with("action 2 (\"1 pass\"): seat has picked up"),
            "{e}"
        );
    }
}

#[test]
fn a_pick_up_with_no_playable_raise_passes_and_the_holder_is_offered_none() {
    let mut t = no_raise();
    for seat in [1, 2] {
        assert!(!t.game.raise_exists());
        let m = t.pickup(seat).unwrap();
        carry(&mut t, m);
        // Any bid is refused by the rules; the pass is the way out, in the record as `pass`.
        assert!(t.act(seat, "stand", By::Person).is_err());
        let m = t.act(seat, "pass", By::Person).unwrap();
        assert_eq!(
            m[0],
            Numbered::Event {
                game: 1,
                action: format!("{seat} pass"),
                by: By::Person,
                to_act: Some((seat + 1) % 3),
                stage: Stage::Auction,
            }
        );
        carry(&mut t, m);
        assert_eq!(t.picked_up, None);
    }
    // The holder: no pick-up offered, it stands; the terített bid opens its hand.
    let e = t.pickup(0).unwrap_err();
    assert!(e.contains("it stands"), "{e}");
    let m = t.act(0, "stand", By::Person).unwrap();
    assert!(matches!(m[1], Numbered::Open { seat: 0, .. }), "{m:?}");
    carry(&mut t, m);
    assert_eq!(t.game.stage(), Stage::Play);
}

#[test]
fn illegal_actions_are_refused_in_the_words_of_ulti_replay() {
    let t = people();
    let e = t.act(1, "pass", By::Person).unwrap_err();
    assert_eq!(
        e,
        "action 1 (\"1 pass\"): it is seat 0's turn (to bid), not seat 1's"
    );
    let e = t.act(0, "1 pass", By::Person).unwrap_err();
    assert_eq!(e, "this connection holds seat 0: it cannot act for seat 1");
    assert!(
        t.act(1, "1 pass", By::Person)
            .unwrap_err()
            .starts_with("action 1 (\"1 pass\")")
    );
    let e = t.act(0, "dance", By::Person).unwrap_err();
    assert!(e.starts_with("action 1 (\"0 dance\"): unknown verb"), "{e}");
    assert!(t.next(0, [false; 3]).unwrap_err().contains("in progress"));
}

#[test]
fn next_deals_when_every_person_is_ready_or_away() {
    let mut t = people();
    // Play the game out with easy computers deciding for everyone.
    while !t.over() {
        let seat = t.game.to_act().unwrap();
        let mut p = ulti_engine::players::TablePlayer::new(
            ulti_engine::players::TableLevel::Easy,
            t.decision_seed(seat),
        );
        let mut times = ulti_engine::players::DecisionTimes::default();
        let a = ulti_engine::players::decide(&t.game, seat, &mut p, &mut times, &|| 0.0)
            .unwrap()
            .unwrap();
        let m = t.computer_move(seat, &a, p.picked_up()).unwrap();
        carry(&mut t, m);
    }
    assert_eq!(t.sheet.games.len(), 1);
    assert_eq!(t.sheet.totals.iter().sum::<i32>(), 0);
    // Nobody said next: a table of people all away does not deal on alone.
    assert_eq!(t.deal_if_ready([true; 3]), None);
    let NextOutcome::New(m) = t.next(0, [false; 3]).unwrap() else {
        panic!()
    };
    assert_eq!(m.len(), 1);
    let v = carry(&mut t, m);
    assert_eq!(t.next(0, [false; 3]).unwrap(), NextOutcome::Again(v));
    assert_eq!(t.deal_if_ready([false; 3]), None);
    assert!(t.deal_if_ready([false, true, true]).is_some());
    let NextOutcome::New(m) = t.next(1, [false, false, true]).unwrap() else {
        panic!()
    };
    assert!(matches!(
        m[1],
        Numbered::Deal {
            game: 2,
            dealer: 0,
            ..
        }
    ));
    carry(&mut t, m);
    assert_eq!(t.game_no, 2);
    assert_eq!(t.game.forehand(), 1);
    assert_eq!(t.ready, [None; 3]);
}

#[test]
fn a_view_hides_what_the_seat_cannot_see() {
    let mut t = people();
    let hand0 = t.game.hand(0).to_string();
    let c: Vec<_> = t.game.hand(0).iter().take(2).collect();
    let m = t
        .act(0, &format!("bid passz {},{}", c[0], c[1]), By::Person)
        .unwrap();
    carry(&mut t, m);
    let w = t.welcome(Audience::Seat(1));
    assert_eq!(w["view"]["hands"][0], serde_json::Value::Null);
    assert_eq!(w["view"]["actions"][0], "0 bid passz ??,??");
    let w0 = t.welcome(Audience::Seat(0));
    assert_eq!(w0["view"]["hands"][0], hand0.as_str());
    assert_eq!(
        w0["view"]["actions"][0],
        format!("0 bid passz {},{}", c[0], c[1]).as_str()
    );
    let ws = t.welcome(Audience::Spectator);
    assert!(
        ws["view"]["hands"]
            .as_array()
            .unwrap()
            .iter()
            .all(|h| h.is_null())
    );
    assert_eq!(ws["seat"], serde_json::Value::Null);
    assert_eq!(ws["talon"], serde_json::Value::Null);
}

#[test]
fn a_welcome_carries_the_last_chat_lines_and_a_spectator_reads_only_what_it_may() {
    let mut t = people();
    let line = |seat, text: &str, spectators| Numbered::Chat {
        seat,
        player: None,
        text: text.into(),
        spectators,
    };
    carry(
        &mut t,
        vec![line(0, "hello", true), line(1, "<b>hi</b>", false)],
    );
    let w = t.welcome(Audience::Seat(2));
    let chat = w["chat"].as_array().unwrap();
    assert_eq!(chat.len(), 2);
    assert_eq!(chat[0]["t"], "chat");
    assert_eq!(
        (chat[0]["v"].as_u64(), chat[0]["seat"].as_u64()),
        (Some(2), Some(0))
    );
    assert_eq!(chat[1]["text"], "<b>hi</b>");
    // The line written while spectators were kept from the chat is not theirs.
    let seen = t.welcome(Audience::Spectator);
    let texts: Vec<_> = seen["chat"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m["text"].clone())
        .collect();
    assert_eq!(texts, vec![serde_json::json!("hello")]);
    // Only the last CHAT_KEPT lines.
    for i in 0..60 {
        carry(&mut t, vec![line(i % 3, &format!("line {i}"), true)]);
    }
    let chat = t.welcome(Audience::Seat(0))["chat"]
        .as_array()
        .unwrap()
        .clone();
    assert_eq!(chat.len(), CHAT_KEPT);
    assert_eq!(chat.last().unwrap()["text"], "line 59");
    assert_eq!(chat[0]["text"], "line 10");
    // The settings and the creator, in welcome and state alike.
    carry(
        &mut t,
        vec![Numbered::ChatSettings {
            chat: false,
            spectators: true,
        }],
    );
    for m in [t.welcome(Audience::Seat(1)), t.state(Audience::Seat(1))] {
        assert_eq!(
            m["chat_settings"],
            serde_json::json!({"chat": false, "spectators": true})
        );
        assert_eq!(m["creator"], 0);
        assert_eq!(m["fill_at"], serde_json::Value::Null);
    }
}

#[test]
fn welcome_and_state_say_when_computers_take_the_waiting_seats() {
    let mut t = Table::new(meta([SeatKind::Human; 3]));
    let public = Numbered::Public {
        level: ulti_engine::players::TableLevel::Easy,
        fill_at: 1_700_000_000_000,
        waiting: [true; 3],
    };
    carry(&mut t, vec![public]);
    for m in [t.welcome(Audience::Seat(0)), t.state(Audience::Spectator)] {
        assert_eq!(m["fill_at"], 1_700_000_000_000_i64);
        assert_eq!(m["seats"][1]["waiting"], true);
    }
    // Once no seat waits, no more.
    let fills = (0..3)
        .map(|seat| Numbered::Fill {
            seat,
            level: ulti_engine::players::TableLevel::Easy,
        })
        .collect();
    carry(&mut t, fills);
    assert_eq!(
        t.state(Audience::Seat(0))["fill_at"],
        serde_json::Value::Null
    );
}

#[test]
fn a_public_table_is_listed_once_its_opener_sits_and_while_a_seat_waits() {
    let mut t = Table::new(meta([SeatKind::Human; 3]));
    carry(
        &mut t,
        vec![Numbered::Public {
            level: ulti_engine::players::TableLevel::Easy,
            fill_at: 1_700_000_000_000,
            waiting: [true; 3],
        }],
    );
    // Just opened, nobody seated yet: a lobby would show three free seats and no opener.
    assert_eq!(t.lobby_entry(), None);
    let sit = |seat: usize| Numbered::Sit {
        seat,
        player: format!("p{seat}"),
        token_sha256: "ab".repeat(32),
    };
    carry(&mut t, vec![sit(0)]);
    let e = t.lobby_entry().expect("listed once its opener sits");
    assert_eq!(e["seats"][0]["waiting"], serde_json::Value::Null);
    assert_eq!(e["seats"][1]["waiting"], true);
    carry(&mut t, vec![sit(1), sit(2)]);
    assert_eq!(t.lobby_entry(), None, "full: no longer listed");
}
