//! An evening at the browser table, natively (`model::session`): three deals played by
//! computer players with the dealer moving on, a reload in mid-auction, the score sheet against
//! an independent replay of the exported records, and imports that refuse broken records with
//! the words of `ulti replay`.

use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide, play_table_game};
use ulti_engine::whole_game::{Stage, TableRecord, TableRules};
use ulti_solver::model::session::{ImportError, Session};

/// Three deals: the first is saved (and reloaded from storage) after every action, the others
/// when they end.
fn evening() -> Session {
    let mut session = Session::new(TableRules::default(), 40);
    let mut players = [TableLevel::Easy; 3].map(|l| TablePlayer::new(l, 5));
    let mut times = DecisionTimes::default();
    for n in 0..3 {
        assert_eq!(
            session.next_dealer(),
            n % 3,
            "the dealer moves one seat a deal"
        );
        let mut game = session.deal();
        if n == 0 {
            while game.stage() != Stage::Over {
                let seat = game.to_act().expect("not over");
                let action = decide(&game, seat, &mut players[seat], &mut times, &|| 0.0)
                    .expect("a decision")
                    .expect("the seat to act acts");
                game.apply(action).expect("legal");
                session.save(&game);
                // A reload: the browser's storage gives the same game back.
                session = Session::from_storage(&session.to_storage()).expect("kept");
                if game.stage() != Stage::Over {
                    assert_eq!(
                        session.current().expect("in progress").actions(),
                        game.actions()
                    );
                }
            }
        } else {
            play_table_game(&mut game, &mut players, &mut times, &|| 0.0).expect("it ends");
            session.save(&game);
        }
    }
    session
}

#[test]
fn the_score_sheet_sums_the_payments_of_the_exported_records() {
    let session = evening();
    let sheet = session.sheet();
    assert_eq!(sheet.len(), 3);
    assert_eq!(
        sheet.iter().map(|r| r.dealer).collect::<Vec<_>>(),
        [0, 1, 2]
    );
    // An independent sum: every exported line replayed on its own.
    let mut totals = [0i32; 3];
    for line in session.export().lines() {
        let game = TableRecord::parse(line).unwrap().replay().unwrap();
        let p = game.settlement().expect("finished").payments;
        assert_eq!(p.iter().sum::<i32>(), 0, "a deal's payments sum to 0");
        for s in 0..3 {
            totals[s] += p[s];
        }
    }
    assert_eq!(session.totals(), totals);
    assert_eq!(sheet[2].totals, totals);
    assert!(
        totals.iter().any(|&t| t != 0),
        "money changed hands over three deals"
    );
}

#[test]
fn an_export_imports_to_the_same_session_and_a_game_in_progress_comes_back() {
    let mut session = evening();
    let mut game = session.deal();
    let seat = game.to_act().unwrap();
    let mut p = TablePlayer::new(TableLevel::Easy, 9);
    let a = decide(&game, seat, &mut p, &mut DecisionTimes::default(), &|| 0.0)
        .unwrap()
        .unwrap();
    game.apply(a).unwrap();
    session.save(&game);
    let back = Session::import(&session.export(), session.seed).expect("its own export");
    assert_eq!(back, session);
    assert_eq!(back.current().unwrap().actions(), game.actions());
    assert_eq!(
        back.next_dealer(),
        0,
        "the fourth deal is dealt by seat 0 again"
    );
}

#[test]
fn a_broken_record_is_refused_with_its_line_and_the_rule_it_breaks() {
    let session = evening();
    let lines: Vec<String> = session.export().lines().map(String::from).collect();
    // The second game with an action that is not its seat's turn appended.
    let mut bad = TableRecord::parse(&lines[1]).unwrap();
    let first = bad.actions[0].clone();
    let seat: u8 = first[..1].parse().unwrap();
    bad.actions.insert(0, format!("{} pass", (seat + 1) % 3));
    let text = [lines[0].clone(), bad.to_json(), lines[2].clone()].join("\n");
    let err = Session::import(&text, 1).expect_err("an illegal action");
    let replay = bad.replay().expect_err("replay refuses it too");
    assert_eq!(
        err,
        ImportError::Record {
            line: 2,
            error: Box::new(replay.clone())
        }
    );
    assert_eq!(err.to_string(), format!("line 2: {replay}"));
    assert!(err.to_string().starts_with("line 2: action 1 "), "{err}");
    // Not JSON, and a game in progress before another game.
    let err = Session::import("{\"format\":", 1).expect_err("not a record");
    assert!(matches!(err, ImportError::Record { line: 1, .. }), "{err}");
    let mut open = TableRecord::parse(&lines[0]).unwrap();
    open.actions.truncate(1);
    let text = [open.to_json(), lines[1].clone()].join("\n");
    assert_eq!(
        Session::import(&text, 1),
        Err(ImportError::InProgressNotLast { line: 2 })
    );
    // The browser's storage holding something else starts a new session.
    assert_eq!(Session::from_storage("not a session"), None);
}
