//! A live table's page logic natively (`model::live`): the messages of `ulti-table/1` read as
//! the server writes them, a request pending until its ack or its event, a reconnect that
//! resends only what was not carried out, the backoff, and the scene built from the state.

use serde_json::json;
use ulti_engine::players::{TableLevel, TablePlayer, play_table_game};
use ulti_engine::whole_game::{Action, Stage, TableRules, WholeGame};
use ulti_solver::model::live::problem::{Problem, is_loopback};
use ulti_solver::model::live::wire::{ClientMsg, ServerMsg, State};
use ulti_solver::model::live::{Beat, Link, Live, Request, backoff_ms};

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
    live.opened(0.0);
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
    live.closed(1000.0, false);
    assert_eq!(
        live.link,
        Link::Lost {
            attempt: 0,
            retry_at: 1500.0,
            offline: false,
        }
    );
    let before = live.pending.clone();
    assert_eq!(live.request(Request::Next), None, "refused while away");
    assert_eq!(
        live.pending, before,
        "a refused request is not kept to send later"
    );
    live.connecting(1500.0);
    assert_eq!(live.query(), "");
    assert_eq!(
        Live::protocols(Some("tok"), None),
        ["ulti-table", "token.tok"]
    );
    assert_eq!(Live::protocols(None, None), ["ulti-table"]);
    assert_eq!(
        Live::protocols(Some("tok"), Some("ses")),
        ["ulti-table", "token.tok", "session.ses"],
        "a player kept for the server names its session, so its seat shows its name"
    );
    assert_eq!(
        Live::protocols(None, Some("ses")),
        ["ulti-table"],
        "a spectator sends no session"
    );
    live.opened(1600.0);
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
    live.closed(2000.0, false);
    live.connecting(2500.0);
    live.opened(2600.0);
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
fn reconnecting_backs_off_to_two_seconds_and_the_countdown_counts() {
    let waits: Vec<u32> = (0..8).map(backoff_ms).collect();
    assert_eq!(waits, [500, 1000, 2000, 2000, 2000, 2000, 2000, 2000]);
    let mut live = Live::new("T", None);
    for want in [500, 1000, 2000, 2000] {
        assert_eq!(live.closed(0.0, false), want);
        live.connecting(0.0);
    }
    live.opened(0.0);
    assert_eq!(live.closed(0.0, false), 500, "a success starts over");
    // The countdown counts down to the attempt, which the clock then starts.
    live.connecting(0.0);
    live.connecting(0.0);
    live.closed(10_000.0, false);
    assert_eq!(live.link_id(), "lost");
    assert_eq!(live.retry_in_s(10_000.0), Some(1));
    live.connecting(11_000.0);
    live.closed(11_000.0, false);
    assert_eq!(live.retry_in_s(11_000.0), Some(2));
    assert_eq!(live.retry_in_s(12_100.0), Some(1));
    assert_eq!(live.tick(12_900.0), Beat::Idle);
    assert_eq!(live.tick(13_000.0), Beat::Connect);
    // "Reconnect now": the next tick connects.
    live.connecting(13_000.0);
    live.closed(13_100.0, false);
    assert_eq!(live.tick(13_200.0), Beat::Idle);
    live.retry_now(13_200.0);
    assert_eq!(live.tick(13_200.0), Beat::Connect);
}

#[test]
fn offline_is_noticed_by_the_browser_or_the_heartbeat_and_the_network_back_connects_at_once() {
    let mut live = Live::new("T", Some(0));
    live.connecting(0.0);
    live.opened(0.0);
    assert_eq!(live.link_id(), "catching");
    // Messages keep the heartbeat quiet; a silence brings a ping, an unanswered ping the end.
    assert_eq!(live.tick(1_000.0), Beat::Idle);
    live.heard(1_500.0);
    assert_eq!(live.tick(3_000.0), Beat::Idle);
    assert_eq!(live.tick(3_500.0), Beat::Ping);
    assert_eq!(live.tick(4_000.0), Beat::Idle, "one ping at a time");
    live.heard(4_100.0);
    assert_eq!(live.tick(6_100.0), Beat::Ping);
    assert_eq!(live.tick(9_100.0), Beat::Dead, "no answer within 3 s");
    live.closed(9_100.0, true);
    assert_eq!(live.link_id(), "offline");
    // The browser says offline: no attempt, no countdown, until it says online.
    live.set_online(false);
    assert_eq!(live.retry_in_s(20_000.0), None);
    assert_eq!(live.tick(20_000.0), Beat::Idle);
    live.set_online(true);
    live.retry_now(25_000.0);
    assert_eq!(
        live.tick(25_000.0),
        Beat::Connect,
        "at once when the network is back"
    );
    // A socket stuck connecting is given up.
    live.connecting(25_000.0);
    assert_eq!(live.tick(30_000.0), Beat::Idle);
    assert_eq!(live.tick(31_000.0), Beat::Dead);
    // Refused for good: nothing more is tried.
    live.closed(31_000.0, false);
    live.refused_for_good();
    assert_eq!(live.link_id(), "refused");
    assert_eq!(live.tick(99_000.0), Beat::Idle);
}

#[test]
fn a_refused_handshake_is_explained_by_the_http_statuses() {
    assert_eq!(Problem::from_statuses(404, None), Some(Problem::NoTable));
    assert_eq!(
        Problem::from_statuses(200, Some(403)),
        Some(Problem::BadInvitation)
    );
    assert_eq!(
        Problem::from_statuses(200, Some(404)),
        Some(Problem::NoTable)
    );
    assert_eq!(Problem::from_statuses(200, Some(200)), None);
    assert_eq!(Problem::from_statuses(200, None), None);
    assert!(Problem::BadInvitation.is_final() && Problem::NoTable.is_final());
    assert!(Problem::NotOurs.is_final());
    assert!(
        !Problem::Unreachable.is_final(),
        "a server down may come back"
    );
    for (o, want) in [
        ("http://127.0.0.1:8787", true),
        ("http://localhost:8787", true),
        ("http://[::1]:8787", true),
        ("http://127.8.0.1", true),
        ("http://192.168.1.20:8787", false),
        ("https://ulti.example.org", false),
        ("http://[2001:db8::1]:8787", false),
    ] {
        assert_eq!(is_loopback(o), want, "{o}");
    }
}

#[test]
fn actions_the_computer_took_for_an_away_person_are_marked_and_summed_up() {
    let mut game = WholeGame::random(TableRules::default(), 2, 4);
    let mut live = Live::new("T", Some(1));
    live.opened(0.0);
    live.receive(state(&game, 1, 1));
    let welcome = r#"{"t":"welcome","seat":1,"v":1,"game":1,"view":{"actions":[]}}"#;
    live.receive(read(welcome));
    // Seat 0 (a person) opens itself; seat 1's pass is the computer's (its person away).
    let twelve: Vec<_> = game.hand(0).iter().collect();
    let opening = Action {
        seat: 0,
        verb: ulti_engine::whole_game::Verb::Bid {
            bid: "passz".parse().unwrap(),
            discard: [twelve[0], twelve[1]],
        },
    };
    let pass: Action = "1 pass".parse().unwrap();
    for (v, (a, by)) in [(opening, "person"), (pass, "computer")]
        .into_iter()
        .enumerate()
    {
        game.apply(a.clone()).unwrap();
        let v = v as u64 + 2;
        let e = format!(r#"{{"t":"event","v":{v},"game":1,"action":"{a}","by":"{by}"}}"#);
        live.receive(read(&e));
        live.receive(state(&game, 1, v));
    }
    let scene = live.scene().unwrap();
    assert_eq!(scene.by_computer, vec![1]);
    assert!(scene.chosen_by_computer(1) && !scene.chosen_by_computer(0));
    assert_eq!(live.played_for_me(), 1);
    // A welcome with two actions already: the next event is the third.
    let mut again = Live::new("T", Some(1));
    again.receive(read(
        r#"{"t":"welcome","seat":1,"v":3,"game":1,"view":{"actions":["0 pass","1 pass"]}}"#,
    ));
    again.receive(read(
        r#"{"t":"event","v":4,"game":1,"action":"2 pass","by":"computer"}"#,
    ));
    assert_eq!(
        again.by_computer,
        Vec::<(u32, usize)>::new(),
        "seat 2 is no person's here"
    );
}

/// The `welcome` the server sends seat `seat` (its `view`: the whole record once the game
/// is over, else the hidden hands `null`), as `crates/ulti-server/src/table/view.rs` writes it.
fn welcome(game: &WholeGame, seat: usize, v: u64) -> ServerMsg {
    let mut view = serde_json::to_value(game.record()).unwrap();
    if game.stage() != Stage::Over {
        for s in (0..3).filter(|&s| s != seat) {
            view["hands"][s] = serde_json::Value::Null;
        }
    }
    let msg = json!({"t": "welcome", "seat": seat, "v": v, "game": 1, "view": view,
        "stage": game.stage(), "to_act": game.to_act(), "chat": [], "daily": null});
    serde_json::from_str(&msg.to_string()).unwrap()
}

#[test]
fn a_page_opened_after_the_deal_is_over_has_its_record_from_the_welcome() {
    let mut game = WholeGame::random(TableRules::default(), 2, 11);
    let mut players = [0, 1, 2].map(|s| TablePlayer::new(TableLevel::Easy, 5 + s));
    // In progress: the welcome hides two hands, no record, nothing over.
    let mut live = Live::new("T", Some(1));
    live.opened(0.0);
    live.receive(welcome(&game, 1, 3));
    live.receive(state(&game, 1, 3));
    assert!(live.records.is_empty() && live.over().is_none());
    play_table_game(&mut game, &mut players, &mut Default::default(), &|| 0.0).unwrap();
    assert_eq!(game.stage(), Stage::Over);
    // A reload once it is over: no `over` comes again, the welcome's view is the record.
    let mut reloaded = Live::new("T", Some(1));
    reloaded.opened(0.0);
    reloaded.receive(welcome(&game, 1, 40));
    reloaded.receive(state(&game, 1, 40));
    let record = reloaded.over().expect("the finished game is back");
    assert_eq!(*record, game.record());
    assert_eq!(
        record.replay().unwrap().settlement().unwrap().payments,
        game.settlement().unwrap().payments,
        "the same money"
    );
    // An `over` replayed after it (a reconnect) keeps one record.
    let over = json!({"t": "over", "v": 41, "game": 1, "record": game.record(),
        "payments": game.settlement().unwrap().payments});
    reloaded.receive(serde_json::from_str(&over.to_string()).unwrap());
    assert_eq!(reloaded.records.len(), 1);
    // A welcome without `stage` (an older server) or with a hidden hand adds nothing.
    let mut older = Live::new("T", Some(1));
    let mut msg = serde_json::to_value(game.record()).unwrap();
    msg = json!({"t": "welcome", "seat": 1, "v": 40, "game": 1, "view": msg});
    older.receive(serde_json::from_str(&msg.to_string()).unwrap());
    assert!(older.records.is_empty());
}

#[test]
fn the_scene_is_the_states_and_a_spectator_sees_no_hand() {
    let game = WholeGame::random(TableRules::default(), 2, 9);
    let mut live = Live::new("T", Some(1));
    live.opened(0.0);
    live.receive(state(&game, 1, 1));
    let scene = live.scene().unwrap();
    assert_eq!(scene.seat, 1);
    assert!(scene.player);
    assert_eq!(scene.view, game.view(1));
    assert_eq!(scene.waiting, Some(0), "the forehand opens");
    assert_eq!(scene.stage(), Stage::Auction);
    assert_eq!(scene.held(0), 12);
    let mut watching = Live::new("T", None);
    watching.opened(0.0);
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

#[test]
fn the_tables_chat_seat_and_fill_messages_are_numbered_and_move_since_on() {
    // Frames as `ulti-server` writes them (crates/ulti-server/src/event.rs `to_wire`).
    let frames = [
        (
            r#"{"t":"public","v":1,"level":"normal","fill_at":1764339000000,"waiting":[true,true,true]}"#,
            1,
        ),
        (r#"{"t":"sit","v":2,"seat":0,"player":"P4kq2x"}"#, 2),
        (r#"{"t":"fill","v":3,"seat":2,"level":"easy"}"#, 3),
        (
            r#"{"t":"chat","v":4,"seat":0,"player":"P4kq2x","text":"<script>alert(1)</script>"}"#,
            4,
        ),
        (r#"{"t":"chat","v":5,"seat":1,"player":null}"#, 5),
        (
            r#"{"t":"chat_settings","v":6,"chat":false,"spectators":true}"#,
            6,
        ),
    ];
    let mut live = Live::new("T", None);
    for (text, v) in frames {
        let m = read(text);
        assert_eq!(m.v(), Some(v), "{text}");
        live.receive(m);
        assert_eq!(live.query(), format!("since={v}"));
    }
    // The text is kept as written (the page shows it as text); a line without text adds none.
    assert_eq!(live.chat.lines.len(), 1);
    assert_eq!(live.chat.lines[0].text, "<script>alert(1)</script>");
    assert_eq!(live.chat.lines[0].player.as_deref(), Some("P4kq2x"));
    assert!(!live.chat.on());
}

#[test]
fn a_welcome_brings_the_chat_back_and_a_replay_adds_no_line_twice() {
    let game = WholeGame::random(TableRules::default(), 2, 4);
    let mut live = Live::new("T", Some(1));
    live.opened(0.0);
    let welcome = r#"{"t":"welcome","seat":1,"v":9,"game":1,"view":{"actions":[]},
        "seats":[],"chat":[{"t":"chat","v":7,"seat":0,"player":"PA","text":"Jó játékot!"},
        {"t":"chat","v":8,"seat":1,"player":null,"text":"Köszönöm"}],
        "chat_settings":{"chat":true,"spectators":false},"creator":0,"fill_at":null}"#;
    live.receive(read(welcome));
    live.receive(read(
        r#"{"t":"chat","v":8,"seat":1,"player":null,"text":"Köszönöm"}"#,
    ));
    let texts: Vec<&str> = live.chat.lines.iter().map(|l| l.text.as_str()).collect();
    assert_eq!(texts, ["Jó játékot!", "Köszönöm"]);
    // The history is not news; a line after it is.
    let none = ulti_solver::model::live::chat::Mutes::default();
    assert_eq!(live.chat.unread(&none, Some(1)), 0);
    live.receive(read(
        r#"{"t":"chat","v":10,"seat":0,"player":"PA","text":"Szia"}"#,
    ));
    assert_eq!(live.chat.unread(&none, Some(1)), 1);
    // The state carries the names, the waiting seats, the settings, the creator and fill_at.
    let mut s = serde_json::to_value(match state(&game, 1, 9) {
        ServerMsg::State(s) => *s,
        _ => unreachable!(),
    })
    .unwrap();
    s["t"] = json!("state");
    s["seats"][0] =
        json!({"kind":"human","level":null,"connected":true,"name":"Anna","player":"PA"});
    s["seats"][2] = json!({"kind":"human","level":null,"connected":false,"waiting":true});
    s["chat_settings"] = json!({"chat": true, "spectators": false});
    s["creator"] = json!(0);
    s["fill_at"] = json!(1_764_339_000_000_i64);
    // An ordinary table's state names no day.
    let ServerMsg::State(plain) = state(&game, 1, 9) else {
        unreachable!()
    };
    assert_eq!(plain.daily, None);
    s["daily"] = json!({"date": "2026-11-28", "deals": 8});
    live.receive(read(&s.to_string()));
    let st = live.state.as_ref().unwrap();
    let day = st
        .daily
        .as_ref()
        .expect("a daily table's state names its day");
    assert_eq!((day.date.as_str(), day.deals), ("2026-11-28", 8));
    assert_eq!(st.seats[0].name.as_deref(), Some("Anna"));
    assert!(st.seats[2].waiting && !st.seats[1].waiting);
    assert_eq!((st.creator, st.fill_at), (Some(0), Some(1_764_339_000_000)));
    assert!(!live.chat.settings.spectators);
    // The table's words name the seat by its player: "Anna's turn", not "Player 1's turn".
    assert_eq!(
        live.scene().unwrap().names,
        [Some("Anna".to_string()), None, None]
    );
}

#[test]
fn a_refused_chat_message_is_the_chats_and_an_accepted_one_empties_the_input() {
    let game = WholeGame::random(TableRules::default(), 2, 4);
    let mut live = Live::new("T", Some(0));
    assert_eq!(
        live.request(Request::Chat("hi".into())),
        None,
        "not connected"
    );
    live.opened(0.0);
    live.receive(state(&game, 0, 1));
    let Some(ClientMsg::Chat { id, text }) = live.request(Request::Chat("hi".into())) else {
        panic!("a chat message goes out")
    };
    assert_eq!(text, "hi");
    // The server sends the line, then the ack: taken once.
    live.receive(read(
        r#"{"t":"chat","v":2,"seat":0,"player":null,"text":"hi"}"#,
    ));
    live.receive(read(&format!(r#"{{"t":"ack","id":{id},"v":2}}"#)));
    assert_eq!(live.chat.taken, 1);
    assert!(live.pending.is_empty());
    let Some(m) = live.request(Request::Chat("again".into())) else {
        panic!()
    };
    assert_eq!(
        m.to_json(),
        format!(r#"{{"t":"chat","id":{},"text":"again"}}"#, m.id())
    );
    let words = "at most 4 chat messages in 10 seconds: wait a moment";
    live.receive(read(&format!(
        r#"{{"t":"error","id":{},"error":"{words}"}}"#,
        m.id()
    )));
    assert_eq!(live.chat.refused.as_deref(), Some(words));
    assert_eq!(live.refused, None, "the table's own refusal is untouched");
    assert_eq!(live.chat.taken, 1);
    assert!(live.pending.is_empty());
    let s = live
        .request(Request::ChatSettings {
            chat: false,
            spectators: true,
        })
        .unwrap();
    assert_eq!(
        s.to_json(),
        format!(
            r#"{{"t":"chat_settings","id":{},"chat":false,"spectators":true}}"#,
            s.id()
        )
    );
}

#[test]
fn the_users_own_seat_is_connected_while_its_link_is_open() {
    // A reload: the server still has the closed connection's presence (seat 1 away) when the
    // new connection's state arrives; the user must not see their own seat "offline".
    let game = WholeGame::random(TableRules::default(), 2, 4);
    let mut s = serde_json::to_value(match state(&game, 1, 1) {
        ServerMsg::State(s) => *s,
        _ => unreachable!(),
    })
    .unwrap();
    s["t"] = json!("state");
    s["seats"][1]["connected"] = json!(false);
    s["seats"][0]["connected"] = json!(false);
    let mut live = Live::new("T", Some(1));
    live.opened(0.0);
    live.receive(read(&s.to_string()));
    assert_eq!(live.link, Link::Open);
    let connected = live.scene().unwrap().connected.unwrap();
    assert!(connected[1], "the user's own seat, on an open link");
    assert!(!connected[0], "another seat keeps what the server says");
    // Once the link is lost, the seat says what the server last said.
    live.closed(1.0, false);
    assert!(!live.scene().unwrap().connected.unwrap()[1]);
}
