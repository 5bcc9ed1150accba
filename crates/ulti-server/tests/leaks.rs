//! Nothing leaks: every frame every connection receives over whole games — three seats, a
//! spectator, a seat that reconnects with `since=` and one that reconnects for a `welcome`,
//! a computer seat's pick-ups — is checked against the truth (the finished records): before
//! a game is `over` no frame holds a card of another seat's hand, another seat's discard or
//! the talon (unless the receiving seat picked it up), and no frame ever holds a token.

mod common;

use common::{Client, Seat, Server, create, http, run_seat, run_seat_until, temp_dir};
use serde_json::Value;
use ulti_engine::whole_game::{Action, TableRecord, Verb};
use ulti_engine::{Card, CardSet};

/// The cards named in a frame's text (every two-letter card name standing alone).
fn cards_in(text: &str) -> CardSet {
    text.split(|c: char| !c.is_ascii_alphanumeric())
        .filter(|w| w.len() == 2)
        .filter(|w| {
            let b = w.as_bytes();
            b"PZMT".contains(&b[0]) && b"789XUOKA".contains(&b[1])
        })
        .filter_map(|w| w.parse::<Card>().ok())
        .collect()
}

/// What is true of one game: where its messages are in the table's numbering.
struct GameTruth {
    deal_v: u64,
    over_v: u64,
    dealt: [CardSet; 3],
    /// (v, card) of each card played.
    cards: Vec<(u64, Card)>,
    /// (v, seat, the talon it picked up).
    talons: Vec<(u64, usize, CardSet)>,
    /// (v, the open hand).
    open: Option<(u64, CardSet)>,
}

fn set(text: &str) -> CardSet {
    ulti_engine::parse_cards(text)
        .unwrap()
        .into_iter()
        .collect()
}

/// The truth of a table from its records and a spectator's frames since v = 0.
fn truth(records: &[Value], spectator: &[Value]) -> Vec<GameTruth> {
    let mut out = Vec::new();
    for (n, rec) in records.iter().enumerate() {
        let game = (n + 1) as u64;
        let in_game: Vec<&Value> = spectator
            .iter()
            .filter(|f| f["game"] == game && f.get("v").is_some())
            .collect();
        let v_of = |t: &str| {
            in_game.iter().find(|f| f["t"] == t).unwrap()["v"]
                .as_u64()
                .unwrap()
        };
        let record = TableRecord::parse(&rec.to_string()).unwrap();
        let actions: Vec<Action> = record.actions.iter().map(|a| a.parse().unwrap()).collect();
        let event_vs: Vec<u64> = in_game
            .iter()
            .filter(|f| f["t"] == "event")
            .map(|f| f["v"].as_u64().unwrap())
            .collect();
        assert_eq!(
            event_vs.len(),
            actions.len(),
            "game {game}: every action has its event"
        );
        let mut cards = Vec::new();
        let mut discards: Vec<(u64, CardSet)> = Vec::new();
        for (a, &v) in actions.iter().zip(&event_vs) {
            match &a.verb {
                Verb::Card(c) => cards.push((v, *c)),
                Verb::Bid { discard, .. }
                | Verb::Pass {
                    discard: Some(discard),
                } => {
                    discards.push((v, discard.iter().copied().collect()));
                }
                _ => {}
            }
        }
        let talons = in_game
            .iter()
            .filter(|f| f["t"] == "talon")
            .map(|f| {
                let v = f["v"].as_u64().unwrap();
                let t = discards
                    .iter()
                    .rev()
                    .find(|d| d.0 < v)
                    .expect("a talon laid")
                    .1;
                (v, f["seat"].as_u64().unwrap() as usize, t)
            })
            .collect();
        let open = in_game.iter().find(|f| f["t"] == "open").map(|f| {
            let v = f["v"].as_u64().unwrap();
            // The truth of the open hand: the record replayed to the end of the auction.
            let k = event_vs.iter().filter(|&&e| e < v).count();
            let mut r = record.clone();
            r.actions.truncate(k);
            let g = r.replay().unwrap();
            let soloist = g.contracted().unwrap().soloist;
            assert_eq!(set(f["hand"].as_str().unwrap()), g.hand(soloist));
            (v, g.hand(soloist))
        });
        out.push(GameTruth {
            deal_v: v_of("deal"),
            over_v: v_of("over"),
            dealt: record.hands.clone().map(|h| set(&h)),
            cards,
            talons,
            open,
        });
    }
    out
}

/// What `seat` (`None`: a spectator) may have seen at position `p` (`None`: everything, the
/// game being over).
fn allowed(truth: &[GameTruth], seat: Option<usize>, p: u64) -> Option<CardSet> {
    let g = truth.iter().rev().find(|g| g.deal_v <= p)?;
    if p >= g.over_v {
        return None;
    }
    let mut ok = CardSet::EMPTY;
    if let Some(s) = seat {
        ok = CardSet(ok.0 | g.dealt[s].0);
        for (v, who, t) in &g.talons {
            if *v <= p && *who == s {
                ok = CardSet(ok.0 | t.0);
            }
        }
    }
    for (v, c) in &g.cards {
        if *v <= p {
            ok.insert(*c);
        }
    }
    if let Some((v, h)) = g.open
        && v <= p
    {
        ok = CardSet(ok.0 | h.0);
    }
    Some(ok)
}

/// Check every frame of one connection; returns how many frames held a card.
fn check(
    truth: &[GameTruth],
    seat: Option<usize>,
    frames: &[Value],
    tokens: &[String],
    who: &str,
) -> usize {
    let mut p = 0;
    let mut with_cards = 0;
    for f in frames {
        let text = f.to_string();
        for t in tokens {
            assert!(!text.contains(t.as_str()), "{who}: a token in {text}");
        }
        if let Some(v) = f.get("v").and_then(Value::as_u64) {
            p = v;
        }
        let seen = cards_in(&text);
        if seen.is_empty() {
            continue;
        }
        with_cards += 1;
        if let Some(ok) = allowed(truth, seat, p) {
            let leaked = CardSet(seen.0 & !ok.0);
            assert!(
                leaked.is_empty(),
                "{who} at v {p}: {leaked} leaked in {text}"
            );
        }
    }
    with_cards
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_sees_a_hidden_card_or_a_token() {
    let dir = temp_dir("leaks");
    let server = Server::start(&dir.join("t.sqlite"), &["--seed", "21"]);
    let addr = server.addr.clone();
    for (seats, games) in [
        (["human", "human", "human"], 3u32),
        (["human", "computer:easy", "human"], 3),
    ] {
        let (table, tokens) = create(&addr, seats).await;
        let all_tokens: Vec<String> = tokens.iter().flatten().cloned().collect();
        let mut spectator = Client::connect(&addr, &table, None, Some(0)).await.unwrap();
        let humans: Vec<usize> = (0..3).filter(|&s| tokens[s].is_some()).collect();
        let mut tasks = Vec::new();
        for &s in &humans {
            let token = tokens[s].clone().unwrap();
            let seat = Seat::connect(&addr, &table, &token, None, 100 + s as u64).await;
            let addr = addr.clone();
            let table = table.clone();
            tasks.push(tokio::spawn(async move {
                let mut conns: Vec<(Option<usize>, Vec<Value>)> = Vec::new();
                if s != 0 {
                    let seat = run_seat(seat, games).await;
                    conns.push((Some(s), seat.client.frames));
                    return conns;
                }
                // Seat 0 leaves twice: back with since= in game 2, for a welcome in game 3.
                let seat =
                    run_seat_until(seat, |x| x.bot.game == 2 && x.bot.actions().len() >= 5).await;
                let (bot, since) = (seat.bot.clone(), seat.bot.v);
                conns.push((Some(s), seat.client.frames));
                let seat = Seat::reconnect(&addr, &table, &token, bot, Some(since)).await;
                let seat =
                    run_seat_until(seat, |x| x.bot.game == 3 && x.bot.actions().len() >= 9).await;
                let bot = seat.bot.clone();
                conns.push((Some(s), seat.client.frames));
                let seat = Seat::reconnect(&addr, &table, &token, bot, None).await;
                let seat = run_seat(seat, games).await;
                conns.push((Some(s), seat.client.frames));
                conns
            }));
        }
        let mut conns = Vec::new();
        for t in tasks {
            conns.extend(t.await.unwrap());
        }
        let mut overs = 0;
        while overs < games {
            if spectator.recv().await["t"] == "over" {
                overs += 1;
            }
        }
        let (_, records) = http(&addr, "GET", &format!("/api/tables/{table}/games"), None).await;
        let records = records.as_array().unwrap().clone();
        assert_eq!(records.len(), games as usize);
        let truth = truth(&records, &spectator.frames);
        // Some discards and talons were there to leak.
        assert!(
            truth.iter().any(|g| !g.talons.is_empty()),
            "no pick-up in {seats:?}"
        );
        let mut checked = 0;
        for (seat, frames) in &conns {
            checked += check(
                &truth,
                *seat,
                frames,
                &all_tokens,
                &format!("{seats:?} seat {seat:?}"),
            );
        }
        checked += check(&truth, None, &spectator.frames, &all_tokens, "spectator");
        assert!(checked > 50, "{checked} frames with cards checked");
        assert_eq!(conns.len(), humans.len() + 2, "one seat reconnected twice");
        // The summary shows no card.
        let (_, s) = http(&addr, "GET", &format!("/api/tables/{table}"), None).await;
        assert!(cards_in(&s.to_string()).is_empty(), "{s}");
    }
}

#[test]
fn the_checker_catches_a_leak() {
    // One game: seat 0's hand leaked to seat 1 before the end.
    let t = vec![GameTruth {
        deal_v: 1,
        over_v: 10,
        dealt: [set("P7,P8"), set("Z7,Z8"), set("M7,M8")],
        cards: vec![(4, "M7".parse().unwrap())],
        talons: vec![(3, 1, set("TA,TX"))],
        open: None,
    }];
    let frames = |s: &str| vec![serde_json::json!({"t": "event", "v": 5, "action": s})];
    let bad = std::panic::catch_unwind(|| check(&t, Some(1), &frames("0 card P7"), &[], "x"));
    assert!(bad.is_err(), "another seat's card");
    let bad =
        std::panic::catch_unwind(|| check(&t, Some(2), &frames("1 bid ulti TA,TX"), &[], "x"));
    assert!(bad.is_err(), "a talon seat 2 never picked up");
    assert_eq!(check(&t, Some(1), &frames("1 bid ulti TA,TX"), &[], "x"), 1);
    assert_eq!(check(&t, None, &frames("2 card M7"), &[], "x"), 1);
    let bad =
        std::panic::catch_unwind(|| check(&t, None, &frames("a secret"), &["secret".into()], "x"));
    assert!(bad.is_err(), "a token");
    // After the over everything is public.
    let after = vec![serde_json::json!({"t": "over", "v": 10, "record": "P7,Z7,TA"})];
    assert_eq!(check(&t, None, &after, &[], "x"), 1);
}
