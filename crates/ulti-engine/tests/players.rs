//! Computer players (issue 11): they only play legal cards, every game ends with payoffs
//! that add up, the cheater's game reaches the solver's value, and no decision depends on a
//! card the deciding seat cannot see.

use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use ulti_engine::advise::{SeatView, announcements, discards};
use ulti_engine::players::{
    Advisor, BidChoice, DoubleDummy, GameRecord, Level, Player, Samples, Seating, play_game,
    play_out, player,
};
use ulti_engine::{Card, CardSet, Deal, Game, RuleOptions, SOLOIST, Solver, component_payoff};

fn twelve(deal: &Deal) -> CardSet {
    CardSet(deal.hand(SOLOIST).0 | deal.talon().0)
}

fn easy_seats() -> [Seating; 3] {
    [0, 1, 2].map(|_| Seating::Computer(player(Level::Easy, 0)))
}

/// Everything a finished game must satisfy, checked from the record alone.
fn check_record(r: &GameRecord, rules: RuleOptions) {
    let ann = &r.choice.announcement;
    // The thirty cards are the three hands, each played legally (Game rejects any other).
    assert_eq!(r.played.len(), 30);
    let all: CardSet = r.played.iter().copied().collect();
    let hands = r.played_deal.hands();
    assert_eq!(all.0, hands[0].0 | hands[1].0 | hands[2].0);
    let g = Game::with_played(&r.played_deal, &ann.bid, rules, &r.played)
        .expect("every card was legal");
    assert!(g.is_over());
    // The discard is the talon of the deal as played; the defenders' hands are as dealt.
    let talon: CardSet = r.choice.discard.iter().copied().collect();
    assert_eq!(r.played_deal.talon(), talon);
    assert_eq!(hands[1], r.deal.hand(1));
    assert_eq!(hands[2], r.deal.hand(2));
    assert_eq!(CardSet(hands[0].0 | talon.0), twelve(&r.deal));
    assert_eq!(ann.trump.unwrap_or(r.deal.trump), r.played_deal.trump);
    // Components: those of the bid, each scored as won or lost, adding up to the payoff
    // the soloist receives from each defender (the defenders pay it: zero-sum).
    assert_eq!(
        r.components.iter().map(|c| c.contract).collect::<Vec<_>>(),
        ann.bid.components()
    );
    for c in &r.components {
        assert_eq!(c.won, g.outcome(c.contract));
        assert_eq!(
            c.payoff,
            component_payoff(c.contract, c.won, r.played_deal.trump, ann.scoring)
        );
        assert_eq!(c.payoff > 0, c.won);
    }
    assert_eq!(r.payoff, r.components.iter().map(|c| c.payoff).sum::<i32>());
    assert_eq!(r.soloist_wins, r.components.iter().all(|c| c.won));
    if r.soloist_wins {
        assert!(r.payoff > 0);
    }
}

fn family(ann: &ulti_engine::Announcement) -> String {
    ann.bid.to_string()
}

#[test]
fn easy_players_finish_thousands_of_games_legally_with_consistent_payoffs() {
    let rules = RuleOptions::default();
    let mut own_bids: Vec<(String, usize)> = Vec::new();
    let mut forced: Vec<(String, usize)> = Vec::new();
    let mut all: Vec<(String, usize)> = Vec::new();
    let (mut wins, mut losses) = (0, 0);
    let mut rng = SmallRng::seed_from_u64(11);
    for i in 0..2000u64 {
        let deal = Deal::random(i);
        // The easy soloist's own bid…
        let r = play_game(&deal, &mut easy_seats(), rules).expect("an easy game finishes");
        check_record(&r, rules);
        bump(&mut own_bids, family(&r.choice.announcement));
        bump(&mut all, family(&r.choice.announcement));
        if r.soloist_wins {
            wins += 1;
        } else {
            losses += 1;
        }
        // …and a random playable announcement with a random discard, so every family of
        // bids is played out by the easy card rules.
        let ds = discards(twelve(&deal));
        let discard = *ds.choose(&mut rng).unwrap();
        let hand = CardSet(twelve(&deal).0 & !discard[0].bit() & !discard[1].bit());
        let playable: Vec<_> = announcements()
            .iter()
            .filter(|a| {
                let d = Deal::new(
                    a.trump.unwrap_or(deal.trump),
                    [hand, deal.hand(1), deal.hand(2)],
                )
                .unwrap();
                a.bid.unplayable_reason(&d).is_none()
            })
            .collect();
        let choice = BidChoice {
            discard,
            announcement: (*playable.choose(&mut rng).unwrap()).clone(),
        };
        let r = play_out(&deal, choice, &mut easy_seats(), rules).expect("it finishes");
        check_record(&r, rules);
        bump(&mut forced, family(&r.choice.announcement));
        bump(&mut all, family(&r.choice.announcement));
        if r.soloist_wins {
            wins += 1;
        } else {
            losses += 1;
        }
    }
    eprintln!("easy bids {own_bids:?}\nforced {forced:?}\nwins {wins} losses {losses}");
    let count = |v: &[(String, usize)], f: &str| v.iter().find(|x| x.0 == f).map_or(0, |x| x.1);
    // The easy soloist bids more than passz.
    for f in ["passz", "ulti", "40-100", "40-100+ulti"] {
        assert!(count(&own_bids, f) >= 10, "easy bids {f}: {own_bids:?}");
    }
    // Every family of the ladder was played out, compound bids included.
    for f in [
        "passz",
        "40-100",
        "ulti",
        "betli",
        "durchmars",
        "durchmars-adu",
        "20-100",
        "negy-asz",
        "negy-tizes",
        "40-100+ulti",
        "ulti+durchmars-adu",
        "40-100+durchmars-adu",
        "durchmars-adu+20-100",
        "ulti+20-100",
        "ulti+durchmars-adu+20-100",
    ] {
        assert!(count(&all, f) >= 5, "played {f}: {all:?}");
    }
    assert!(count(&all, "40-100+ulti+durchmars-adu") >= 1, "{all:?}");
    assert!(wins >= 500 && losses >= 500, "wins {wins}, losses {losses}");
}

fn bump(v: &mut Vec<(String, usize)>, f: String) {
    match v.iter_mut().find(|x| x.0 == f) {
        Some(x) => x.1 += 1,
        None => v.push((f, 1)),
    }
}

/// The advisor players at a few samples (the real levels only differ in the counts).
fn cheap_advisor(seed: u64) -> Box<dyn Player + Send> {
    Box::new(Advisor::new(
        Samples {
            bid: 1,
            confirm: 0,
            rest: 0,
            early_cards: [4, 4],
            cards: 4,
        },
        seed,
    ))
}

#[test]
fn advisor_players_finish_games_legally() {
    let rules = RuleOptions::default();
    let mut bids = Vec::new();
    let mut wins = 0;
    let n = 16;
    for i in 0..n {
        let deal = Deal::random(1000 + i);
        // The advisor as soloist against easy defenders, and as defenders against easy.
        let mut seats = [
            Seating::Computer(cheap_advisor(i)),
            Seating::Computer(player(Level::Easy, i)),
            Seating::Computer(player(Level::Easy, i)),
        ];
        if i % 2 == 1 {
            seats.swap(0, 1);
            seats.swap(1, 2);
        }
        let r = play_game(&deal, &mut seats, rules).expect("an advisor game finishes");
        check_record(&r, rules);
        bump(&mut bids, family(&r.choice.announcement));
        wins += usize::from(r.soloist_wins);
    }
    eprintln!("advisor games: bids {bids:?}, soloist wins {wins}/{n}");
    assert!(bids.len() >= 2, "more than one kind of bid: {bids:?}");
    assert!(wins >= 3 && wins <= n as usize - 3, "wins {wins}/{n}");
}

#[test]
fn the_cheaters_game_reaches_the_solvers_value() {
    // Three double-dummy players keep the value of the position with every card, so the
    // game ends with exactly the payoff the solver gives the bid at the start.
    let rules = RuleOptions::default();
    let mut solver = Solver::new();
    let mut rng = SmallRng::seed_from_u64(5);
    let mut kinds = Vec::new();
    for i in 0..12u64 {
        let deal = Deal::random(500 + i);
        let mut seats = [0, 1, 2].map(|_| Seating::Cheater(Box::new(DoubleDummy::new())));
        let r = if i % 3 == 0 {
            play_game(&deal, &mut seats, rules).unwrap()
        } else {
            // A playable standard announcement, discarding two random cards.
            let mut cards: Vec<Card> = twelve(&deal).iter().collect();
            let choice = loop {
                cards.shuffle(&mut rng);
                let a = announcements()[rng.random_range(0..announcements().len())].clone();
                let hand: CardSet = cards[..10].iter().copied().collect();
                let d = Deal::new(
                    a.trump.unwrap_or(deal.trump),
                    [hand, deal.hand(1), deal.hand(2)],
                )
                .unwrap();
                if a.bid.unplayable_reason(&d).is_none() {
                    break BidChoice {
                        discard: [cards[10], cards[11]],
                        announcement: a,
                    };
                }
            };
            play_out(&deal, choice, &mut seats, rules).unwrap()
        };
        check_record(&r, rules);
        let value = solver
            .bid_value(&r.played_deal, &r.choice.announcement, rules)
            .unwrap();
        assert_eq!(
            Some(r.payoff),
            value.payoff,
            "{} {} {:?}",
            r.played_deal.code(),
            r.choice.announcement.id(),
            r.played
        );
        kinds.push(r.choice.announcement.id());
    }
    eprintln!("cheater games: {kinds:?}");
}

/// `deal` with the unplayed cards `x` and `y` of two different hidden places exchanged
/// (a place is a seat 0..2, or 3 for the talon).
fn swapped(deal: &Deal, x: Card, y: Card) -> Deal {
    let mut hands = deal.hands();
    for h in &mut hands {
        let (hx, hy) = (h.contains(x), h.contains(y));
        if hx {
            h.remove(x);
            h.insert(y);
        }
        if hy {
            h.remove(y);
            h.insert(x);
        }
    }
    Deal::new(deal.trump, hands).unwrap()
}

/// A deal that differs from `deal` in the cards `seat` cannot see and gives `seat` exactly
/// the same view after `played`, if a few random exchanges find one.
fn hidden_twin(
    deal: &Deal,
    ann: &BidChoice,
    played: &[Card],
    seat: usize,
    rng: &mut SmallRng,
) -> Option<Deal> {
    let rules = RuleOptions::default();
    let bid = &ann.announcement.bid;
    let view = SeatView::from_deal(deal, bid, played, seat, rules).unwrap();
    let hidden: Vec<Card> = view.unseen().iter().collect();
    let place = |d: &Deal, c: Card| (0..3).find(|&s| d.hand(s).contains(c)).unwrap_or(3);
    for _ in 0..200 {
        let mut d = *deal;
        for _ in 0..rng.random_range(1..=3) {
            let x = *hidden.choose(rng).unwrap();
            let y = *hidden.choose(rng).unwrap();
            if place(&d, x) != place(&d, y) {
                d = swapped(&d, x, y);
            }
        }
        if d == *deal {
            continue;
        }
        if let Ok(v) = SeatView::from_deal(&d, bid, played, seat, rules)
            && v == view
        {
            return Some(d);
        }
    }
    None
}

#[test]
fn no_decision_depends_on_a_hidden_card() {
    let rules = RuleOptions::default();
    let mut rng = SmallRng::seed_from_u64(3);
    let mut checked = [0usize; 3];
    for (li, level) in Level::ALL.into_iter().enumerate() {
        // The advisor levels' bids take a second or two each: one deal checks them, and
        // their cards are checked in the games of the easy soloist's bids.
        let deals: u64 = if level == Level::Easy { 40 } else { 4 };
        for i in 0..deals {
            let seed = 77 + i;
            let deal = Deal::random(2000 + i);
            let mut p = player(level, seed);
            let choice = if level == Level::Easy || i == 0 {
                // The bid: the defenders' hands exchanged (3 random swaps between them) — the
                // soloist's twelve cards are the same — gives the same discard and bid, from
                // a fresh player with the same seed.
                let choice = p.bid(twelve(&deal), rules).unwrap();
                let mut other = deal;
                for _ in 0..3 {
                    let x = *other
                        .hand(1)
                        .iter()
                        .collect::<Vec<_>>()
                        .choose(&mut rng)
                        .unwrap();
                    let y = *other
                        .hand(2)
                        .iter()
                        .collect::<Vec<_>>()
                        .choose(&mut rng)
                        .unwrap();
                    other = swapped(&other, x, y);
                }
                assert_ne!(other, deal);
                assert_eq!(twelve(&other), twelve(&deal));
                assert_eq!(
                    player(level, seed).bid(twelve(&other), rules).unwrap(),
                    choice
                );
                checked[li] += 1;
                choice
            } else {
                player(Level::Easy, seed).bid(twelve(&deal), rules).unwrap()
            };
            // Cards: positions of an easy game of that bid; at each, the same player (used
            // for every earlier decision) on the real deal, and a fresh one on a deal whose
            // hidden cards differ with the same view, choose the same card.
            let r = play_out(&deal, choice.clone(), &mut easy_seats(), rules).unwrap();
            let positions: Vec<usize> = if level == Level::Easy {
                (0..30).collect()
            } else {
                vec![1, 5, 11, 16, 22]
            };
            for k in positions {
                let prefix = &r.played[..k];
                let g = Game::with_played(&r.played_deal, &choice.announcement.bid, rules, prefix)
                    .unwrap();
                let seat = g.to_move();
                if g.legal_cards().len() < 2 {
                    continue;
                }
                let Some(twin) = hidden_twin(&r.played_deal, &choice, prefix, seat, &mut rng)
                else {
                    continue;
                };
                let bid = &choice.announcement.bid;
                let view = SeatView::from_deal(&r.played_deal, bid, prefix, seat, rules).unwrap();
                let twin_view = SeatView::from_deal(&twin, bid, prefix, seat, rules).unwrap();
                assert_eq!(view, twin_view);
                assert_ne!(twin.hands(), r.played_deal.hands());
                let here = p.card(&view).unwrap();
                let there = player(level, seed).card(&twin_view).unwrap();
                assert_eq!(
                    here,
                    there,
                    "{level} at card {k} of {}",
                    r.played_deal.code()
                );
                assert!(g.legal_cards().contains(here));
                checked[li] += 1;
            }
        }
    }
    eprintln!("fairness checks per level (easy, normal, strong): {checked:?}");
    assert!(checked[0] >= 400, "{checked:?}");
    assert!(checked[1] >= 10 && checked[2] >= 10, "{checked:?}");
}
