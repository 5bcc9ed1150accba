//! A live table's page logic natively (`model::live`): the messages of `ulti-table/1` read as
//! the server writes them, a request pending until its ack or its event, a reconnect that
//! resends only what was not carried out, the backoff, and the scene built from the state.

use serde_json::json;
use ulti_engine::whole_game::{Action, Stage, TableRules, WholeGame};
use ulti_solver::model::live::wire::{ClientMsg, ServerMsg, State};
use ulti_solver::model::live::{Link, Live, Request, backoff_ms};

/// The `state` the server sends seat `seat` of `game` (as JSON text, then read back).
fn state(game: &WholeGame, seat: usize, at: u64) -> ServerMsg {
    let msg = json!({
        "t": "state",
        "at": at,
        "game": 1,
        "seat": seat,
        "table_view": game.view(seat),
        "turn": game.seat_turn(seat, false),
        "picked_up": null,
        "seats": [
            {"kind": "human", "level": null, "connected": true},
            {"kind": "human", "level": null, "connected": true},
            {"kind": "computer", "level": "easy", "connected": true}
        ],
        "sheet": {"games": [], "totals": [0, 0, 0]},
        "ready": [false, false, false],
        "open": null,
        "an_added_field": 7
    });
    serde_json::from_str(&msg.to_string()).unwrap()
}

fn read(text: &str) -> ServerMsg {
    serde_json::from_str(text).unwrap()
}

#[test]
fn every_server_message_reads_and_unknown_ones_pass() {
    let e = read(
        r#"{"t":"event","v":5,"game":1,"action":"1 bid passz ??,??","by":"person","to_act":2}"#,
    );
    assert_eq!(e.v(), Some(5));
    assert!(matches!(
        read(r#"{"t":"ack","id":3,"v":9}"#),
        ServerMsg::Ack { v: 9, .. }
    ));
    assert!(matches!(
        read(r#"{"t":"error","id":null,"error":"not your turn"}"#),
        ServerMsg::Error { .. }
    ));
    assert_eq!(read(r#"{"t":"pong"}"#), ServerMsg::Pong);
    assert_eq!(read(r#"{"t":"something-new","x":1}"#), ServerMsg::Other);
    let act = ClientMsg::Act {
        id: 4,
        action: "card PA".into(),
    };
    assert_eq!(act.to_json(), r#"{"t":"act","id":4,"action":"card PA"}"#);
}

#[test]
fn a_request_stays_pending_until_its_ack_or_event_and_a_reconnect_resends_only_the_rest() {
    let mut game = WholeGame::random(TableRules::default(), 2, 4);
    let mut live = Live::new("T", Some(0));
    assert_eq!(
        live.request(Request::PickUp),
        None,
        "no action before the connection"
    );
    live.opened();
    assert_eq!(live.link, Link::Catching);
    assert!(live.receive(state(&game, 0, 1)).is_empty());
    assert_eq!(live.link, Link::Open);
    // The forehand (seat 0) opens: its bid goes out and stays pending.
    let twelve: Vec<_> = game.hand(0).iter().collect();
    let opening = Action {
        seat: 0,
        verb: ulti_engine::whole_game::Verb::Bid {
            bid: "passz".parse().unwrap(),
            discard: [twelve[0], twelve[1]],
        },
    };
    let sent = live.request(Request::Act(opening.clone())).unwrap();
    let ClientMsg::Act { action, id } = &sent else {
        panic!("{sent:?}")
    };
    assert!(
        action.starts_with("bid passz "),
        "the seat is not sent: {action}"
    );
    assert_eq!(live.pending.len(), 1);
    // The connection drops before the ack; the replay shows the bid carried out.
    live.closed();
    assert_eq!(
        live.link,
        Link::Lost {
            attempt: 0,
            retry_ms: 500
        }
    );
    assert_eq!(live.request(Request::Next), None, "refused while away");
    live.connecting();
    assert_eq!(live.query(), "");
    assert_eq!(Live::protocols(Some("tok")), ["ulti-table", "token.tok"]);
    assert_eq!(Live::protocols(None), ["ulti-table"]);
    live.opened();
    game.apply(opening.clone()).unwrap();
    let event = format!(r#"{{"t":"event","v":2,"game":1,"action":"{opening}","by":"person"}}"#);
    assert!(live.receive(read(&event)).is_empty());
    assert_eq!(live.last_v, Some(2));
    assert!(live.pending.is_empty(), "carried out: not sent again");
    assert!(live.receive(read(r#"{"t":"resumed","v":2}"#)).is_empty());
    assert!(
        live.receive(state(&game, 0, 2)).is_empty(),
        "nothing to resend"
    );
    assert_eq!(live.query(), "since=2");
    // A request whose answer is lost with the connection and was not carried out is sent
    // again once the replay is complete, with the same id.
    let pass_later = live.request(Request::Next).unwrap();
    live.closed();
    live.connecting();
    live.opened();
    assert!(live.receive(read(r#"{"t":"resumed","v":2}"#)).is_empty());
    assert_eq!(live.receive(state(&game, 0, 2)), vec![pass_later.clone()]);
    // Its error clears it and says why.
    let err = format!(
        r#"{{"t":"error","id":{},"error":"the game is not over"}}"#,
        pass_later.id()
    );
    live.receive(read(&err));
    assert!(live.pending.is_empty());
    assert_eq!(live.refused.as_deref(), Some("the game is not over"));
    let _ = id;
}

#[test]
fn reconnecting_backs_off_to_fifteen_seconds() {
    let waits: Vec<u32> = (0..8).map(backoff_ms).collect();
    assert_eq!(waits, [500, 1000, 2000, 4000, 8000, 15000, 15000, 15000]);
    let mut live = Live::new("T", None);
    for want in [500, 1000, 2000] {
        assert_eq!(live.closed(), want);
        live.connecting();
    }
    live.opened();
    assert_eq!(live.closed(), 500, "a success starts over");
}

#[test]
fn the_scene_is_the_states_and_a_spectator_sees_no_hand() {
    let game = WholeGame::random(TableRules::default(), 2, 9);
    let mut live = Live::new("T", Some(1));
    live.opened();
    live.receive(state(&game, 1, 1));
    let scene = live.scene().unwrap();
    assert_eq!(scene.seat, 1);
    assert!(scene.player);
    assert_eq!(scene.view, game.view(1));
    assert_eq!(scene.waiting, Some(0), "the forehand opens");
    assert_eq!(scene.stage(), Stage::Auction);
    assert_eq!(scene.held(0), 12);
    let mut watching = Live::new("T", None);
    watching.opened();
    let mut v = game.view(0);
    v.hand = ulti_engine::CardSet::EMPTY;
    let msg = json!({"t": "state", "at": 1, "game": 1, "seat": null, "table_view": v,
        "turn": null, "seats": [], "ready": []});
    watching.receive(serde_json::from_str(&msg.to_string()).unwrap());
    let scene = watching.scene().unwrap();
    assert!(!scene.player);
    assert_eq!(scene.twelve(), None);
    assert!(scene.turn.is_none());
    let _: Option<State> = None;
}
