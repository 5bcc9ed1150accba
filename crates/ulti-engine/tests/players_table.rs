//! Computer players at the whole game's table: every level plays whole games to the end
//! through the rules, and a decision depends only on what its seat can see (moving the cards
//! it cannot see, consistently with everything public, never changes it).

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use ulti_engine::advise::{Sampler, SeatView, rng_for};
use ulti_engine::players::{
    AuctionModel, DecisionTimes, TableLevel, TablePlayer, auction_evidence, decide, play_table_game,
};
use ulti_engine::whole_game::{Action, Stage, TableRules, Verb, WholeGame};
use ulti_engine::{Card, CardSet};

/// Milliseconds since the first call.
fn wall() -> f64 {
    static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
    START
        .get_or_init(std::time::Instant::now)
        .elapsed()
        .as_secs_f64()
        * 1000.0
}

fn players(levels: [TableLevel; 3], seed: u64) -> [TablePlayer; 3] {
    levels.map(|l| TablePlayer::new(l, seed))
}

#[test]
fn every_level_plays_whole_games_to_a_zero_sum_payment() {
    use TableLevel::{Cheater, Easy, Normal, Strong};
    let mut bids = 0;
    for (i, levels) in [
        [Easy, Easy, Easy],
        [Normal, Easy, Cheater],
        [Strong, Cheater, Normal],
        [Cheater, Strong, Easy],
    ]
    .into_iter()
    .enumerate()
    {
        for deal in 0..3u64 {
            let seed = 100 * i as u64 + deal;
            let rules = TableRules {
                silent_bonuses: deal % 2 == 0,
                ..TableRules::default()
            };
            let mut g = WholeGame::random(rules, (deal % 3) as usize, seed);
            let mut ps = players(levels, seed);
            let mut times = DecisionTimes::default();
            play_table_game(&mut g, &mut ps, &mut times, &wall)
                .unwrap_or_else(|e| panic!("{levels:?} seed {seed}: {e}"));
            assert_eq!(g.stage(), Stage::Over);
            let s = g.settlement().unwrap();
            assert_eq!(s.payments.iter().sum::<i32>(), 0);
            assert_eq!(times.card.len(), 30);
            bids += g
                .actions()
                .iter()
                .filter(|a| matches!(a.verb, Verb::Bid { .. }))
                .count();
            // The record replays to the same game.
            let back = g.record().replay().unwrap();
            assert_eq!(back.settlement(), g.settlement());
        }
    }
    assert!(bids >= 12, "every game has an opening bid");
}

/// `world` with the cards seat `keep` cannot see dealt again at random (the forehand keeps
/// twelve, the others ten), replayed through `actions` where the hidden discard of an opening
/// bid is redrawn from the new twelve; `None` when the replay is refused.
fn other_world(world: &WholeGame, keep: usize, actions: &[Action], seed: u64) -> Option<WholeGame> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let dealt = world.dealt();
    let mut hidden: Vec<Card> = Card::all().filter(|&c| !dealt[keep].contains(c)).collect();
    hidden.shuffle(&mut rng);
    let mut hands = dealt;
    let mut it = hidden.into_iter();
    for (s, h) in hands.iter_mut().enumerate() {
        if s != keep {
            *h = (&mut it).take(dealt[s].len() as usize).collect();
        }
    }
    let mut g = WholeGame::new(world.rules(), world.dealer(), hands).ok()?;
    for a in actions {
        let mut a = a.clone();
        if let Verb::Bid { bid, .. } = &a.verb
            && a.seat != keep
        {
            let twelve = if g.opened() {
                CardSet(g.hand(a.seat).0 | g.talon().0)
            } else {
                g.hand(a.seat)
            };
            let cards: Vec<Card> = twelve.iter().collect();
            let mut found = None;
            'd: for i in 0..cards.len() {
                for j in i + 1..cards.len() {
                    let t = Action {
                        seat: a.seat,
                        verb: Verb::Bid {
                            bid: bid.clone(),
                            discard: [cards[i], cards[j]],
                        },
                    };
                    if g.check(&t).is_ok() {
                        found = Some(t);
                        break 'd;
                    }
                }
            }
            a = found?;
        }
        g.apply(a).ok()?;
    }
    Some(g)
}

#[test]
fn an_auction_decision_reads_only_its_own_seat() {
    let real_play = AuctionModel {
        real_play: true,
        ..AuctionModel::STRONG
    };
    let holder_value = AuctionModel {
        holder_value: true,
        ..AuctionModel::STRONG
    };
    // Whether the strong player with real-play values, or with the imagined holder's discard
    // chosen by value, priced something otherwise.
    let (mut priced, mut repriced, mut revalued) = (0, 0, 0);
    let mut open_reasons = Vec::new();
    for (level, model) in [
        (TableLevel::Easy, AuctionModel::NORMAL),
        (TableLevel::Normal, AuctionModel::NORMAL),
        (TableLevel::Strong, AuctionModel::STRONG),
        (TableLevel::Strong, real_play),
        (TableLevel::Strong, holder_value),
    ] {
        let mut checked = 0;
        for seed in 0..6u64 {
            let rules = TableRules::default();
            let mut g = WholeGame::random(rules, 2, seed);
            // The forehand (seat 0) opens with passz, discarding its two lowest cards.
            let mut cards: Vec<Card> = g.hand(0).iter().collect();
            cards.sort_by_key(|c| c.rank().trump_strength());
            let opening = Action {
                seat: 0,
                verb: Verb::Bid {
                    bid: "passz".parse().unwrap(),
                    discard: [cards[0], cards[1]],
                },
            };
            g.apply(opening.clone()).unwrap();
            let decide = |g: &WholeGame| {
                let mut p = TablePlayer::new(level, 9).with_auction_model(model);
                let standing = g.standing().map(|(_, b)| b.clone());
                let m = p.auction(
                    &g.view(1),
                    &g.higher_bids(),
                    g.holder_turn(),
                    standing.as_ref(),
                );
                // The numbers too: the pick-up's talons and the defence of the standing bid
                // come from holders imagined from this seat's view alone.
                (m, p.reason.take())
            };
            let here = decide(&g);
            if level == TableLevel::Strong {
                let payoff = here.1.as_ref().and_then(|r| r.chosen.expected_payoff);
                if model.real_play {
                    priced += 1;
                    repriced += usize::from(open_reasons.get(seed as usize) != Some(&payoff));
                } else if model.holder_value {
                    revalued += usize::from(open_reasons.get(seed as usize) != Some(&payoff));
                } else {
                    open_reasons.push(payoff);
                }
            }
            for k in 0..2 {
                let Some(alt) = other_world(&g, 1, std::slice::from_ref(&opening), seed * 10 + k)
                else {
                    continue;
                };
                assert_eq!(alt.view(1), g.view(1), "the same view");
                assert_eq!(
                    decide(&alt),
                    here,
                    "{level:?} seed {seed}: moving hidden cards changed the decision"
                );
                checked += 1;
            }
        }
        assert!(checked >= 6, "{level:?}: {checked} worlds checked");
    }
    assert_eq!(priced, 6);
    assert!(
        repriced >= 3,
        "real-play values changed {repriced} of {priced} decisions' numbers"
    );
    assert!(
        revalued >= 1,
        "the holder's discard by value changed {revalued} of 6 decisions' numbers"
    );
}

/// A random game (dealer 2, `seed`) through the auction as easy players bid it (a copy played
/// to the end gives their actions), with those actions; `None` when it was passed out.
fn through_the_auction(rules: TableRules, seed: u64) -> Option<(WholeGame, Vec<Action>)> {
    let mut g = WholeGame::random(rules, 2, seed);
    let mut whole = g.clone();
    play_table_game(
        &mut whole,
        &mut players([TableLevel::Easy; 3], seed),
        &mut DecisionTimes::default(),
        &wall,
    )
    .unwrap();
    let auction: Vec<Action> = whole
        .actions()
        .iter()
        .take_while(|a| !matches!(a.verb, Verb::Card(_) | Verb::Kontra { .. }))
        .cloned()
        .collect();
    for a in &auction {
        g.apply(a.clone()).unwrap();
    }
    (g.stage() == Stage::Play).then_some((g, auction))
}

#[test]
fn a_kontra_decision_reads_only_its_own_seat() {
    let mut checked = 0;
    let (mut kontra_rates, mut open_rates) = (Vec::new(), Vec::new());
    for seed in 0..20u64 {
        let rules = TableRules::default();
        let Some((mut g, _)) = through_the_auction(rules, seed) else {
            continue;
        };
        let c = g.contracted().unwrap();
        let first = g.legal_cards().iter().next().unwrap();
        g.apply(Action {
            seat: c.soloist,
            verb: Verb::Card(first),
        })
        .unwrap();
        let d1 = (c.soloist + 1) % 3;
        let Some((_, units)) = g.kontra_options_for(d1) else {
            continue;
        };
        let (deal, played) = g.position().unwrap();
        // What the seats said (public), as strong weighs its layouts by it.
        let evidence = auction_evidence(&g, c.soloist);
        let informed = |v: SeatView, level| {
            if level == TableLevel::Strong {
                v.with_evidence(evidence)
            } else {
                v
            }
        };
        let view = SeatView::from_deal(&deal, &c.bid.bid, &played, 1, rules.play()).unwrap();
        let open_hand = AuctionModel {
            real_play_kontra: false,
            ..AuctionModel::STRONG
        };
        for (level, model) in [
            (TableLevel::Normal, AuctionModel::NORMAL),
            (TableLevel::Strong, open_hand),
            (TableLevel::Strong, AuctionModel::STRONG),
        ] {
            let player = || TablePlayer::new(level, 3).with_auction_model(model);
            let view = informed(view.clone(), level);
            let mut p = player();
            let here = p.kontra(&view, &units, false);
            if level == TableLevel::Strong {
                // The numbers it decided on: rates in play with the model, else open-hand.
                let key = p.reason.as_ref().and_then(|r| r.chosen.win_prob).unwrap();
                let rates = if model.real_play_kontra {
                    &mut kontra_rates
                } else {
                    &mut open_rates
                };
                rates.push(key);
            }
            // Other layouts of the cards seat d1 cannot see, consistent with the play so far.
            let mut sampler = Sampler::new(&view).unwrap();
            let mut rng = rng_for(seed, 77);
            for _ in 0..2 {
                let alt = sampler.sample(&mut rng).unwrap();
                let alt_view = informed(
                    SeatView::from_deal(&alt, &c.bid.bid, &played, 1, rules.play()).unwrap(),
                    level,
                );
                assert_eq!(
                    player().kontra(&alt_view, &units, false),
                    here,
                    "{level:?} {model:?} seed {seed}"
                );
                checked += 1;
            }
        }
    }
    assert!(checked >= 12, "{checked} kontra worlds checked");
    // Play flattens the rates: none of the mapped ones is at the open-hand extremes.
    assert!(!kontra_rates.is_empty());
    assert_ne!(kontra_rates, open_rates);
    assert!(
        kontra_rates
            .iter()
            .all(|&p| p == 0.0 || (0.05..0.97).contains(&p)),
        "{kontra_rates:?}"
    );
}

#[test]
fn an_informed_card_decision_reads_only_its_own_seat() {
    // A strong soloist's lead weighs its layouts by the defenders' bids and passes (public):
    // moving the cards it cannot see, consistently with the auction, changes nothing.
    let mut checked = 0;
    for seed in 0..16u64 {
        let Some((g, auction)) = through_the_auction(TableRules::default(), seed) else {
            continue;
        };
        let soloist = g.contracted().unwrap().soloist;
        let strong = TablePlayer::new(TableLevel::Strong, 4);
        assert!(
            strong.inference(),
            "strong weighs its layouts by the auction"
        );
        let decide_at = |g: &WholeGame| {
            decide(
                g,
                soloist,
                &mut TablePlayer::new(TableLevel::Strong, 4),
                &mut DecisionTimes::default(),
                &wall,
            )
            .unwrap()
        };
        let here = decide_at(&g);
        for k in 0..2 {
            let Some(alt) = other_world(&g, soloist, &auction, seed * 10 + k) else {
                continue;
            };
            if alt.view(soloist) != g.view(soloist) {
                // It picked up a talon that the redeal changed: another view.
                continue;
            }
            assert_eq!(decide_at(&alt), here, "seed {seed}");
            checked += 1;
        }
    }
    assert!(checked >= 8, "{checked} worlds checked");
}

/// RULES.md, Auction, item 2: where no higher bid is playable, every level passes after its
/// pick-up (or without one) and the holder stands; a stepped decision needs no race for it.
#[test]
fn with_no_playable_raise_every_level_passes_and_the_holder_stands() {
    use ulti_engine::players::{AuctionStep, auction_step, pickup_bid_race};
    use ulti_engine::whole_game::TableRecord;
    let start = TableRecord::parse(ulti_testkit::NO_RAISE)
        .unwrap()
        .replay()
        .unwrap();
    for level in [
        TableLevel::Easy,
        TableLevel::Normal,
        TableLevel::Strong,
        TableLevel::Cheater,
    ] {
        for seed in 0..3 {
            let mut g = start.clone();
            for (seat, want) in [(1, "1 pass"), (2, "2 pass"), (0, "0 stand")] {
                let mut p = TablePlayer::new(level, seed);
                let mut times = DecisionTimes::default();
                let a = decide(&g, seat, &mut p, &mut times, &wall)
                    .unwrap()
                    .expect("the seat to act decides");
                assert_eq!(a.to_string(), want, "{level:?} seed {seed}");
                if matches!(level, TableLevel::Normal | TableLevel::Strong) {
                    assert!(pickup_bid_race(&g, seat, level, seed).is_none());
                    match auction_step(&g, seat, level, seed, &[]) {
                        Some(AuctionStep::Decided { action, .. }) if seat == 0 => {
                            assert_eq!(action.to_string(), want);
                        }
                        // A pick-up decision still races its sampled talons: it cannot see
                        // that the talon holds nothing for it.
                        Some(_) if seat != 0 => {}
                        other => panic!("{level:?} seat {seat}: {other:?}"),
                    }
                }
                g.apply(a).unwrap();
            }
            assert_eq!(g.stage(), Stage::Play, "{level:?}: the 40 stands");
        }
    }
}

/// A seat's decision from its view and turn alone, each sent through JSON as a live table
/// sends them, is the decision `decide` makes; a pick-up is its own step, the talon seen only
/// after it; and the view and turn stay the same when the cards the seat cannot see move.
#[test]
fn a_seat_decides_the_same_from_its_view_and_turn_sent_over_the_wire() {
    use ulti_engine::players::{SeatDecision, decide_seat};
    use ulti_engine::whole_game::{SeatTurn, TableView};
    fn wire<T: serde::Serialize + serde::de::DeserializeOwned>(x: &T) -> T {
        serde_json::from_str(&serde_json::to_string(x).unwrap()).unwrap()
    }
    let (mut pickups, mut cards, mut moved) = (0, 0, 0);
    for (level, games) in [
        (TableLevel::Easy, 0..6u64),
        (TableLevel::Normal, 0..2),
        (TableLevel::Strong, 0..1),
    ] {
        for seed in games {
            let mut g = WholeGame::random(TableRules::default(), (seed % 3) as usize, seed + 50);
            while g.stage() != Stage::Over {
                let to_act = g.to_act().unwrap();
                let open: Vec<usize> = g.kontra_open().into_iter().map(|(s, _, _)| s).collect();
                let seat = open
                    .iter()
                    .copied()
                    .find(|&s| s != to_act)
                    .unwrap_or(to_act);
                let mut p = TablePlayer::new(level, seed);
                let want = decide(&g, seat, &mut p, &mut DecisionTimes::default(), &wall).unwrap();
                let mut q = TablePlayer::new(level, seed);
                let view: TableView = wire(&g.view(seat));
                let turn: SeatTurn = wire(&g.seat_turn(seat, false));
                let mut got =
                    decide_seat(&view, &turn, &mut q, &mut DecisionTimes::default(), &wall)
                        .unwrap();
                if got == SeatDecision::PickUp {
                    pickups += 1;
                    assert_eq!(
                        view.known_talon, None,
                        "the talon is seen only after the pick-up"
                    );
                    got = decide_seat(
                        &wire(&g.view_after_pickup(seat)),
                        &wire(&g.seat_turn(seat, true)),
                        &mut q,
                        &mut DecisionTimes::default(),
                        &wall,
                    )
                    .unwrap();
                }
                let got = match got {
                    SeatDecision::Act(a) => Some(a),
                    SeatDecision::Nothing => None,
                    SeatDecision::PickUp => panic!("a second pick-up"),
                };
                assert_eq!(got, want, "{level:?} seed {seed} seat {seat}");
                // What the seat is given does not change when its hidden cards move.
                if seed == 0 && moved < 40 {
                    let actions = g.actions().to_vec();
                    if let Some(alt) = other_world(&g, seat, &actions, moved as u64) {
                        assert_eq!(alt.view(seat), g.view(seat));
                        assert_eq!(alt.seat_turn(seat, false), g.seat_turn(seat, false));
                        moved += 1;
                    }
                }
                match &want {
                    Some(a) => {
                        cards += usize::from(matches!(a.verb, Verb::Card(_)));
                        g.apply(a.clone()).unwrap();
                    }
                    None => {
                        // The kontra let go: the seat to act goes on.
                        let a = decide(
                            &g,
                            to_act,
                            &mut TablePlayer::new(level, seed),
                            &mut DecisionTimes::default(),
                            &wall,
                        )
                        .unwrap()
                        .unwrap();
                        g.apply(a).unwrap();
                    }
                }
            }
        }
    }
    assert!(pickups >= 2, "{pickups} pick-ups reached");
    assert!(cards >= 200, "{cards} cards");
    assert!(moved >= 10, "{moved} worlds with the hidden cards moved");
}

/// `TablePlayer::picked_up` says whether a decision took the talon: every bid after the
/// opening did (the holder's raise too), the forehand's opening bid and every decision after
/// the auction did not, and a pass after a pick-up happens only where no raise is playable.
#[test]
fn a_decision_says_whether_it_picked_up_the_talon() {
    let (mut pickups, mut openings) = (0, 0);
    for seed in 0..12u64 {
        let mut g = WholeGame::random(TableRules::default(), (seed % 3) as usize, 500 + seed);
        let level = if seed % 4 != 1 {
            TableLevel::Easy
        } else {
            TableLevel::Normal
        };
        let mut p = TablePlayer::new(level, seed);
        while g.stage() == Stage::Auction {
            let seat = g.to_act().unwrap();
            let mut times = DecisionTimes::default();
            let a = decide(&g, seat, &mut p, &mut times, &wall)
                .unwrap()
                .expect("the seat to act decides");
            match &a.verb {
                Verb::Bid { .. } if g.opened() => {
                    assert!(p.picked_up(), "seed {seed}: {a}");
                    pickups += 1;
                }
                Verb::Bid { .. } => {
                    assert!(!p.picked_up(), "seed {seed}: the opening {a}");
                    openings += 1;
                }
                Verb::Pass { .. } if p.picked_up() => {
                    assert!(!g.raise_exists(), "seed {seed}: {a} after a pick-up");
                }
                _ => assert!(!p.picked_up(), "seed {seed}: {a}"),
            }
            g.apply(a).unwrap();
        }
        let seat = g.to_act().unwrap();
        let mut times = DecisionTimes::default();
        decide(&g, seat, &mut p, &mut times, &wall).unwrap();
        assert!(!p.picked_up(), "seed {seed}: after the auction");
    }
    assert_eq!(openings, 12);
    assert!(pickups > 0, "no game had a bid after the opening");
}

#[test]
fn strong_decides_kontras_on_rates_in_play_and_normal_on_open_hands() {
    // Issue 50: the real-play kontra won its match against strong (BENCHMARKS.md), so the
    // strong player has it; normal keeps the open-hand rates, so the levels stay apart.
    let strong = TablePlayer::new(TableLevel::Strong, 1).auction_model();
    let normal = TablePlayer::new(TableLevel::Normal, 1).auction_model();
    assert!(strong.real_play_kontra);
    assert!(!normal.real_play_kontra);
    assert_eq!(strong, AuctionModel::of(TableLevel::Strong));
    assert_eq!(normal, AuctionModel::of(TableLevel::Normal));
    // The bid values stay open-hand for both: the real-play bids did not win theirs.
    assert!(!strong.real_play && !normal.real_play);
}
