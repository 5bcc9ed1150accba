//! The Play page's logic, natively: a whole game driven the way the page drives it (the
//! computer's decisions through the worker's `run_job`, the URL written and read back after
//! every card), the result against the solver's payoff, the bid list, fair computer views, and
//! the review marks.

mod common;

use common::run_on_the_wire;
use ulti_engine::{Bid, Card, Contract, Deal, Query, RuleOptions, SOLOIST, Solver, Suit};
use ulti_solver::model::play::{
    Level, PlayGame, PlayPhase, PlayUrl, Verdict, card_check, format_play_query, game_deal,
    playable_bids, review_link, review_query, soloist_cards, turning_card, verdict,
};
use ulti_solver::model::url_state::UrlState;
use ulti_solver::protocol::{Answer, Job};
use ulti_solver::worker::run_job;

const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

/// Read a query string the way the page does (`+` is a space, `%2B` a plus).
fn read(q: &str) -> PlayUrl {
    let pairs: Vec<(String, String)> = q
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k.to_string(), v.replace('+', " ").replace("%2B", "+")))
        .collect();
    PlayUrl::parse(|k| pairs.iter().find(|(n, _)| n == k).map(|(_, v)| v.clone()))
}

/// One computer decision through the worker, its messages checked on the wire.
fn ask(solver: &mut Solver, job: Job) -> Answer {
    run_on_the_wire(solver, job).expect("the computer decides")
}

/// Play a whole game as the page does: the computer seats through `run_job`, the user's seat
/// with `user_card`; after every step the URL reads back to the same game.
fn play_game(
    dealt: Deal,
    seat: usize,
    level: Level,
    mut user_card: impl FnMut(&PlayGame) -> Card,
) -> PlayGame {
    let mut solver = Solver::new();
    let mut g = PlayGame::new(dealt, seat, level, RuleOptions::default());
    loop {
        let q = format_play_query(&dealt, Some(&g), level, None);
        assert_eq!(read(&q).game(Level::Normal).as_ref(), Some(&g), "{q}");
        match g.phase() {
            PlayPhase::UserBids => {
                let twelve: Vec<Card> = soloist_cards(&dealt).iter().collect();
                let discard = [twelve[0], twelve[1]];
                // A compound bid when there is one (its id has a `+`, which the URL escapes).
                let groups = playable_bids(&dealt, discard);
                let all: Vec<_> = groups.iter().flat_map(|g| g.bids.iter()).collect();
                let a = (*all.iter().find(|a| a.id().contains('+')).unwrap_or(&all[0])).clone();
                g.announce(a, discard).unwrap();
            }
            PlayPhase::ComputerBids => {
                let job = Job::PlayerBid {
                    level,
                    hand: soloist_cards(&dealt),
                    rules: g.rules,
                    seed: g.seed(),
                };
                let Answer::PlayerBid {
                    discard,
                    announcement,
                } = ask(&mut solver, job)
                else {
                    panic!("a bid job answers a bid");
                };
                g.announce(announcement, discard)
                    .expect("the computer announces a playable bid");
            }
            PlayPhase::UserPlays => {
                let c = user_card(&g);
                g.play(c).unwrap();
            }
            PlayPhase::ComputerPlays(s) => {
                let view = g.view_of(s).unwrap();
                let job = Job::PlayerCard {
                    level,
                    view: Box::new(view),
                    seed: g.seed(),
                };
                let Answer::PlayerCard(c) = ask(&mut solver, job) else {
                    panic!("a card job answers a card");
                };
                assert_eq!(g.check(c), None, "the computer plays legal cards");
                g.play(c).unwrap();
            }
            PlayPhase::Over => return g,
        }
    }
}

/// The user's first legal card.
fn first_legal(g: &PlayGame) -> Card {
    g.game().unwrap().legal_cards().iter().next().unwrap()
}

/// The review: a card that threw the contract away flips the double-dummy verdict, the others
/// keep it, so the verdict at the start flips once per thrown card to the result. Returns the
/// number of thrown cards and of cards that lost points or payoff.
fn assert_review_flips(g: &PlayGame) -> (usize, usize) {
    let r = g.result().unwrap();
    let mut solver = Solver::new();
    let seats = g.players();
    let mut start_wins = None;
    let mut verdicts = Vec::new();
    for (i, &seat) in seats.iter().enumerate() {
        let q = review_query(g, i).unwrap();
        assert_eq!(q.played, g.played[..i]);
        let Ok(Answer::Position(sol)) = run_job(&mut solver, Job::Position { query: q }) else {
            panic!("a position job answers a position");
        };
        start_wins.get_or_insert(sol.soloist_wins.unwrap());
        let check = card_check(&sol, g.played[i]).expect("the played card was legal");
        verdicts.push(Some(verdict(seat, &check)));
    }
    let flips = verdicts
        .iter()
        .filter(|v| **v == Some(Verdict::ThrewAway))
        .count();
    assert_eq!(
        start_wins.unwrap() ^ (flips % 2 == 1),
        r.soloist_won(),
        "{verdicts:?}"
    );
    assert_eq!(turning_card(&verdicts).is_some(), flips > 0);
    let lost = verdicts
        .iter()
        .filter(|v| v.is_some_and(|v| v.lost().is_some()))
        .count();
    (flips, lost)
}

#[test]
fn review_marks_follow_the_double_dummy_verdict_over_random_games() {
    // Easy players on random deals throw contracts away and lose points: every game's marks
    // must add up to its result.
    let (mut flips, mut lost) = (0, 0);
    for seed in 1..=8 {
        let g = play_game(Deal::random(seed), 1, Level::Easy, first_legal);
        let (f, l) = assert_review_flips(&g);
        flips += f;
        lost += l;
    }
    assert!(flips >= 3 && lost >= 3, "thrown {flips}, lost {lost}");
}

#[test]
fn a_defenders_game_replays_from_its_link_and_pays_what_the_solver_says() {
    let dealt = Deal::parse_code(STRONG).unwrap();
    let g = play_game(dealt, 1, Level::Easy, first_legal);
    assert_eq!(g.played.len(), 30);
    // The same link (deal, seat, level) makes the computer decide the same way again.
    let again = play_game(dealt, 1, Level::Easy, first_legal);
    assert_eq!(again, g);

    // The result and payoff equal the engine's payoff of the finished game.
    let c = g.contracted.clone().unwrap();
    let r = g.result().unwrap();
    let mut q = Query::new(c.deal, c.announcement.bid.clone());
    q.played = g.played.clone();
    q.payoff = true;
    q.scoring = c.announcement.scoring;
    let sol = Solver::new().solve(&q).unwrap();
    assert_eq!(sol.payoff, Some(r.payoff));
    let won: Vec<(Contract, bool)> = sol.components.iter().map(|c| (c.contract, c.won)).collect();
    let ours: Vec<(Contract, bool)> = r.components.iter().map(|c| (c.contract, c.won)).collect();
    assert_eq!(ours, won);
    assert_eq!(r.payoff_of(SOLOIST), 2 * r.payoff);
    assert_eq!(r.payoff_of(1), -r.payoff);

    assert_review_flips(&g);
    // Each card links to the solver page at the position before it, on the deal as played.
    // Read as the page does: a compound bid's `%2B` is a plus.
    let link = review_link(&g, 12).unwrap();
    let pairs: Vec<(&str, String)> = link
        .split('&')
        .filter_map(|p| p.split_once('='))
        .map(|(k, v)| (k, v.replace("%2B", "+")))
        .collect();
    let get = |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.as_str());
    let url = UrlState::parse(get("deal"), get("game"), get("step"), get("rules"))
        .with_played(get("played"));
    assert!(url.issues.is_empty(), "{:?}", url.issues);
    assert_eq!(url.deal, Some(Ok(c.deal)));
    assert_eq!(url.played, g.played);
    assert_eq!(url.step, 12);
    let viewed = url
        .compound
        .unwrap_or_else(|| Bid::single(url.game.unwrap()));
    assert_eq!(viewed, c.announcement.bid);
}

#[test]
fn a_soloists_game_ends_with_the_payoff_of_the_announced_form() {
    let dealt = Deal::parse_code(STRONG).unwrap();
    let g = play_game(dealt, SOLOIST, Level::Easy, first_legal);
    let c = g.contracted.clone().unwrap();
    assert_eq!(g.phase(), PlayPhase::Over);
    assert_eq!(c.deal.talon().iter().collect::<Vec<_>>().len(), 2);
    let r = g.result().unwrap();
    let mut q = Query::new(c.deal, c.announcement.bid.clone());
    q.played = g.played.clone();
    q.payoff = true;
    q.scoring = c.announcement.scoring;
    assert_eq!(Solver::new().solve(&q).unwrap().payoff, Some(r.payoff));
}

#[test]
fn the_bid_list_holds_only_what_the_hand_can_play_after_the_discard() {
    let dealt = Deal::parse_code(STRONG).unwrap();
    let twelve: Vec<Card> = soloist_cards(&dealt).iter().collect();
    assert_eq!(twelve.len(), 12);
    let mut with_ulti = 0;
    let mut without_ulti = 0;
    for (i, &a) in twelve.iter().enumerate() {
        for &b in &twelve[i + 1..] {
            let groups = playable_bids(&dealt, [a, b]);
            for s in Suit::ALL {
                let group = groups.iter().find(|g| g.trump == Some(s)).unwrap();
                // Passz is always on the list, for every trump.
                assert_eq!(group.bids[0].bid.to_string(), "passz");
                let seven = Card::new(s, ulti_engine::Rank::Seven);
                let holds_seven = soloist_cards(&dealt).contains(seven) && a != seven && b != seven;
                let has_ulti = group.bids.iter().any(|x| x.bid.has_ulti());
                assert_eq!(has_ulti, holds_seven, "{s:?} after discarding {a} {b}");
                if has_ulti {
                    with_ulti += 1;
                } else {
                    without_ulti += 1;
                }
            }
            for g in &groups {
                for x in &g.bids {
                    assert!(game_deal(&dealt, x, [a, b]).is_ok());
                }
            }
        }
    }
    assert!(
        with_ulti > 50 && without_ulti > 50,
        "{with_ulti} {without_ulti}"
    );
    // A discard not of the twelve, or twice the same card, is refused.
    let passz = &playable_bids(&dealt, [twelve[0], twelve[1]])[0].bids[0];
    assert!(game_deal(&dealt, passz, [twelve[0], twelve[0]]).is_err());
    let foreign = dealt.hand(1).iter().next().unwrap();
    assert!(game_deal(&dealt, passz, [twelve[0], foreign]).is_err());
}

#[test]
fn a_computer_seat_sees_the_same_whatever_the_hidden_cards() {
    // Seat 1's view is built from its own hand, the bid and the played cards: swapping an
    // unplayed card between the soloist and seat 2 changes nothing it sees.
    let dealt = Deal::parse_code(STRONG).unwrap();
    let g = play_game(dealt, 2, Level::Easy, first_legal);
    let c = g.contracted.clone().unwrap();
    let mut checked = 0;
    for n in (0..27).step_by(3) {
        let played = &g.played[..n];
        let h = c.deal.hands();
        let unplayed = |s: usize| -> Vec<Card> {
            h[s].iter().filter(|x| !g.played[..n].contains(x)).collect()
        };
        let mut a = g.clone();
        a.played = played.to_vec();
        // Any swap that keeps the played cards legal and the bid playable will do.
        let swapped = unplayed(0).into_iter().find_map(|x| {
            unplayed(2).into_iter().find_map(|y| {
                let (mut h0, mut h2) = (h[0], h[2]);
                h0.remove(x);
                h0.insert(y);
                h2.remove(y);
                h2.insert(x);
                let other = Deal::new(c.deal.trump, [h0, h[1], h2]).ok()?;
                let mut b = a.clone();
                b.contracted.as_mut().unwrap().deal = other;
                (b.game().is_some() && c.announcement.bid.unplayable_reason(&other).is_none())
                    .then_some(b)
            })
        });
        let Some(b) = swapped else {
            continue;
        };
        assert_eq!(a.view_of(1).unwrap(), b.view_of(1).unwrap());
        assert_ne!(a.view_of(0).unwrap(), b.view_of(0).unwrap());
        checked += 1;
    }
    assert!(checked >= 3, "only {checked} positions checked");
}

#[test]
fn a_games_seed_is_fixed_by_its_link() {
    let dealt = Deal::parse_code(STRONG).unwrap();
    let seed = |seat, level| PlayGame::new(dealt, seat, level, RuleOptions::default()).seed();
    assert_eq!(seed(1, Level::Strong), seed(1, Level::Strong));
    assert_ne!(seed(1, Level::Strong), seed(2, Level::Strong));
    assert_ne!(seed(1, Level::Strong), seed(1, Level::Normal));
    let other = dealt.with_trump(Suit::Tok);
    assert_ne!(
        seed(1, Level::Strong),
        PlayGame::new(other, 1, Level::Strong, RuleOptions::default()).seed()
    );
}

#[test]
fn a_link_with_a_bad_card_resumes_before_it() {
    let dealt = Deal::parse_code(STRONG).unwrap();
    let g = play_game(dealt, 1, Level::Easy, first_legal);
    let q = format_play_query(&dealt, Some(&g), Level::Easy, Some("hu"));
    assert!(q.starts_with(&format!("deal={}&seat=1&level=easy&bid=", dealt.code())));
    assert!(q.ends_with("&lang=hu"));
    // Swap the 5th and 6th cards: the game resumes at the last legal prefix.
    let mut bad = g.played.clone();
    bad.swap(4, 5);
    let mut h = g.clone();
    h.played = bad;
    let q = format_play_query(&dealt, Some(&h), Level::Easy, None);
    let back = read(&q).game(Level::Normal).unwrap();
    assert!(back.played.len() < 30);
    assert_eq!(back.played[..], g.played[..back.played.len()]);
    // No seat: the deal waits for the user's choice.
    assert_eq!(
        read(&format!("deal={STRONG}&level=strong")).game(Level::Easy),
        None
    );
}

#[test]
fn a_compound_bids_review_opens_the_line_viewer_on_the_compound() {
    let dealt = Deal::parse_code(STRONG).unwrap();
    let mut g = PlayGame::new(dealt, SOLOIST, Level::Easy, RuleOptions::default());
    let twelve: Vec<Card> = soloist_cards(&dealt).iter().collect();
    let discard = [twelve[0], twelve[1]];
    let a = playable_bids(&dealt, discard)
        .iter()
        .flat_map(|g| g.bids.iter())
        .find(|a| a.bid.contracts().len() > 1)
        .expect("a compound bid is playable")
        .clone();
    let bid: Bid = a.bid.clone();
    g.announce(a, discard).unwrap();
    let link = review_link(&g, 0).unwrap();
    assert!(
        link.contains(&format!("game={}", bid.to_string().replace('+', "%2B"))),
        "{link}"
    );
    // Read as the page does (`+` a space, `%2B` a plus).
    for decode in [
        |v: &str| v.replace("%2B", "+"),
        |v: &str| v.replace("%2B", " "),
    ] {
        let pairs: Vec<(&str, String)> = link
            .split('&')
            .filter_map(|p| p.split_once('='))
            .map(|(k, v)| (k, decode(v)))
            .collect();
        let get = |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.as_str());
        let url = UrlState::parse(get("deal"), get("game"), get("step"), get("rules"));
        assert!(url.issues.is_empty(), "{link}: {:?}", url.issues);
        assert_eq!(url.compound.as_ref(), Some(&bid));
        assert!(bid.contracts().contains(&url.game.unwrap()));
    }
}
