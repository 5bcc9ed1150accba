//! A daily table: the date's deals in order, dealt by the daily dealer, computers seeded by
//! the date and the deal (not the table), and nothing dealt after its last deal.

use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide};
use ulti_engine::whole_game::TableRules;

use super::*;
use crate::table::moves::NextOutcome;

fn daily_table(seed: u64) -> Table {
    let mut t = Table::new(TableMeta {
        k: 1,
        id: "d".into(),
        rules: TableRules::default(),
        seats: [
            SeatKind::Human,
            SeatKind::Computer(TableLevel::Strong),
            SeatKind::Computer(TableLevel::Strong),
        ],
        seed,
    });
    let daily = Numbered::Daily {
        date: "2026-11-28".into(),
        deals: 2,
    };
    t.apply(1, &daily).unwrap();
    let d = t.deal_next();
    t.apply(2, &d).unwrap();
    t
}

fn carry(t: &mut Table, msgs: Vec<Numbered>) {
    for m in msgs {
        let v = t.v + 1;
        t.apply(v, &m).unwrap();
    }
}

/// Play the current game out, every seat decided by an easy computer seeded as the table
/// seeds its computers: the actions, in order.
fn play_out(t: &mut Table) -> Vec<String> {
    while !t.over() {
        let seat = t.game.to_act().unwrap();
        let mut p = TablePlayer::new(TableLevel::Easy, t.decision_seed(seat));
        let mut times = DecisionTimes::default();
        let a = decide(&t.game, seat, &mut p, &mut times, &|| 0.0)
            .unwrap()
            .unwrap();
        let m = t.computer_move(seat, &a, p.picked_up()).unwrap();
        carry(t, m);
    }
    t.game.actions().iter().map(ToString::to_string).collect()
}

#[test]
fn a_daily_table_plays_the_dates_deals_with_seeded_computers_then_stops() {
    // Two attempts at tables of different seeds: the same deals and the same answers.
    let (mut a, mut b) = (daily_table(7), daily_table(99));
    for n in 1..=2 {
        let want = crate::daily::daily_deal(TableRules::default(), "2026-11-28", n);
        assert_eq!(a.game.dealt(), want.dealt(), "deal {n}");
        assert_eq!(a.game.dealer(), crate::daily::DEALER);
        assert_eq!(a.game.forehand(), crate::daily::PLAYER_SEAT);
        assert_eq!(a.decision_seed(0), b.decision_seed(0));
        assert_eq!(play_out(&mut a), play_out(&mut b), "deal {n}");
        let NextOutcome::New(m) = a.next(0, [false; 3]).unwrap() else {
            panic!()
        };
        let NextOutcome::New(mb) = b.next(0, [false; 3]).unwrap() else {
            panic!()
        };
        if n == 2 {
            // The last deal is over: only the ready, no deal.
            assert_eq!(m.len(), 1);
            assert!(a.daily_done());
        }
        carry(&mut a, m);
        carry(&mut b, mb);
    }
    assert_eq!(a.game_no, 2);
    assert_eq!(a.deal_if_ready([false; 3]), None);
    // An ordinary table's computers follow the table's seed.
    let mut c = daily_table(7);
    c.daily = None;
    let mut d = daily_table(99);
    d.daily = None;
    assert_ne!(c.decision_seed(1), d.decision_seed(1));
}

#[test]
fn welcome_and_state_name_the_day_of_a_daily_table_only() {
    use crate::event::Audience;
    let t = daily_table(7);
    let want = serde_json::json!({"date": "2026-11-28", "deals": 2});
    for audience in [Audience::Seat(0), Audience::Spectator] {
        assert_eq!(t.welcome(audience)["daily"], want);
        assert_eq!(t.state(audience)["daily"], want);
    }
    let mut plain = daily_table(7);
    plain.daily = None;
    assert!(plain.welcome(Audience::Seat(0))["daily"].is_null());
    assert!(plain.state(Audience::Seat(0))["daily"].is_null());
}
