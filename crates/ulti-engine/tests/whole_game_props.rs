//! Random whole games under random rule options: the machine never accepts an illegal action
//! (random actions are refused with the state unchanged, or accepted only where the rules
//! allow), every game finishes, payments sum to 0 and equal an independent settlement, and a
//! record round-trips. The generator is biased toward the cases that matter, and the test
//! counts them and asserts that each was reached.

mod whole_game_support;

use proptest::prelude::*;
use rand::rngs::SmallRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use ulti_engine::whole_game::{
    Action, AllPass, AuctionBid, EqualValue, Silent, Stage, TableRecord, TableRules, Verb,
    WholeGame,
};
use ulti_engine::{Card, CardSet, Contract, Suit};
use whole_game_support::{Bias, oracle, random_action, twelve};

/// Any action at all: a random seat and verb with random arguments.
fn garbage(rng: &mut SmallRng) -> Action {
    let seat = rng.random_range(0..3);
    let card = |rng: &mut SmallRng| Card::from_index(rng.random_range(0..32));
    let verb = match rng.random_range(0..7) {
        0 | 1 => Verb::Bid {
            bid: AuctionBid::ladder().choose(rng).unwrap().clone(),
            discard: [card(rng), card(rng)],
        },
        2 => Verb::Pass {
            discard: rng.random_bool(0.3).then(|| [card(rng), card(rng)]),
        },
        3 => Verb::Stand,
        4 => Verb::Trump(Suit::from_index(rng.random_range(0..4))),
        5 => Verb::Kontra {
            level: rng.random_range(1..=5),
            units: Contract::ALL
                .iter()
                .copied()
                .filter(|_| rng.random_bool(0.3))
                .collect(),
        },
        _ => Verb::Card(card(rng)),
    };
    Action { seat, verb }
}

/// An accepted action is one the rules allow, checked from the state before it.
fn allowed(before: &WholeGame, a: &Action) -> Result<(), String> {
    let kontra = matches!(a.verb, Verb::Kontra { .. });
    if !kontra && before.to_act() != Some(a.seat) {
        return Err(format!("{a}: not seat {}'s turn", a.seat));
    }
    match (&a.verb, before.stage()) {
        (Verb::Bid { bid, discard }, Stage::Auction) => {
            let twelve = twelve(before);
            if discard[0] == discard[1] || !discard.iter().all(|&c| twelve.contains(c)) {
                return Err(format!("{a}: discard not two of its twelve"));
            }
            if let Some((_, standing)) = before.standing() {
                let up = bid.value() > standing.value()
                    || (before.rules().equal_value == EqualValue::ByRank
                        && bid.value() == standing.value()
                        && bid.rank() > standing.rank());
                if !up {
                    return Err(format!("{a}: does not overcall {standing}"));
                }
            }
            Ok(())
        }
        (Verb::Pass { discard }, Stage::Auction) => {
            if before.holder_turn() {
                return Err(format!("{a}: the holder passed"));
            }
            match (before.opened(), discard) {
                (true, None) => Ok(()),
                (false, Some(_)) if before.rules().allpass == AllPass::Forfeit => Ok(()),
                _ => Err(format!("{a}: a pass against the opening rules")),
            }
        }
        (Verb::Stand, Stage::Auction) if before.holder_turn() => Ok(()),
        (Verb::Trump(s), Stage::Trump) if *s != Suit::Piros => Ok(()),
        (Verb::Kontra { level, units }, Stage::Play) => {
            let book = before.kontra().unwrap();
            if *level > before.rules().max_kontra
                || !units.iter().all(|u| book.units.iter().any(|(x, _)| x == u))
            {
                return Err(format!("{a}: kontra out of the rules"));
            }
            Ok(())
        }
        (Verb::Card(c), Stage::Play) if before.legal_cards().contains(*c) => Ok(()),
        _ => Err(format!("{a}: accepted at stage {:?}", before.stage())),
    }
}

/// The cards are all somewhere: the hands, the talon and the cards played.
fn cards_accounted(g: &WholeGame) -> Result<(), String> {
    let mut all = CardSet(g.talon().0);
    let played = g.position().map(|(_, p)| p).unwrap_or_default();
    for s in 0..3 {
        all = CardSet(all.0 | g.hand(s).0);
    }
    for c in &played {
        all.insert(*c);
    }
    if g.stage() == Stage::Auction && !g.opened() {
        // Before the opening the talon is still in the forehand's hand.
        if all.len() != 32 || g.hand(g.forehand()).len() != 12 {
            return Err("the deal is not 12 + 10 + 10".into());
        }
    } else if all.len() != 32 {
        return Err(format!("{} cards accounted for", all.len()));
    }
    Ok(())
}

/// What one game reached.
#[derive(Default, Debug)]
struct Reached {
    games: u32,
    all_pass: u32,
    forfeit: u32,
    raise: u32,
    defender_pick_up: u32,
    kontra: u32,
    rekontra: u32,
    betli_kontra: u32,
    silent_ulti_soloist: u32,
    silent_ulti_defenders: u32,
    silent_100: u32,
    piros: u32,
    refused: u32,
}

fn rules_from(x: u64) -> TableRules {
    TableRules {
        must_beat_after_trump: x & 1 != 0,
        marriage_needs_trick: x & 2 != 0,
        allpass: if x & 4 != 0 {
            AllPass::Forfeit
        } else {
            AllPass::Play
        },
        equal_value: if x & 8 != 0 {
            EqualValue::ByRank
        } else {
            EqualValue::FirstStands
        },
        holder_may_raise: x & 16 == 0,
        max_kontra: ((x >> 5) % 6) as u8,
        silent_bonuses: x & 256 == 0,
    }
}

/// Play one random game from `seed` under `rules`, checking everything on the way.
fn one_game(seed: u64, rules: TableRules, bias: Bias, r: &mut Reached) -> Result<(), String> {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut g = WholeGame::random(rules, (seed % 3) as usize, seed);
    let mut raised = false;
    let mut steps = 0;
    while g.stage() != Stage::Over {
        steps += 1;
        if steps > 400 {
            return Err("the game does not end".into());
        }
        for _ in 0..2 {
            let a = garbage(&mut rng);
            let before = g.clone();
            match g.apply(a.clone()) {
                Err(_) => {
                    r.refused += 1;
                    if g.record() != before.record() || g.to_act() != before.to_act() {
                        return Err(format!("{a} was refused but changed the state"));
                    }
                }
                Ok(()) => allowed(&before, &a)?,
            }
        }
        if g.stage() == Stage::Over {
            break;
        }
        let a = random_action(&g, &mut rng, bias);
        if let (Verb::Bid { .. }, Some((h, _))) = (&a.verb, g.standing())
            && h == a.seat
        {
            raised = true;
        }
        let before = g.clone();
        g.apply(a.clone()).map_err(|e| format!("{a}: {e}"))?;
        allowed(&before, &a)?;
        cards_accounted(&g)?;
    }
    // Finished: payments, the independent settlement, the record.
    let s = g.settlement().ok_or("over without a settlement")?;
    if s.payments.iter().sum::<i32>() != 0 {
        return Err(format!("payments {:?} do not sum to 0", s.payments));
    }
    let back = TableRecord::parse(&g.record().to_json())
        .and_then(|r| r.replay())
        .map_err(|e| e.to_string())?;
    if back.settlement() != g.settlement() || back.record() != g.record() {
        return Err("the record does not round-trip".into());
    }
    r.games += 1;
    r.raise += u32::from(raised);
    let bids: Vec<&Action> = g
        .actions()
        .iter()
        .filter(|a| matches!(a.verb, Verb::Bid { .. }))
        .collect();
    r.defender_pick_up += u32::from(bids.iter().any(|a| a.seat != g.forehand()));
    let Some(c) = g.contracted() else {
        r.forfeit += 1;
        let mut want = [2; 3];
        want[g.forehand()] = -4;
        return if s.payments == want {
            Ok(())
        } else {
            Err(format!("forfeit payments {:?}", s.payments))
        };
    };
    r.all_pass += u32::from(bids.len() == 1 && c.bid == AuctionBid::passz());
    r.piros += u32::from(c.bid.piros);
    let want = oracle(&g);
    if s.per_defender != want {
        return Err(format!(
            "settlement {:?} but the rules give {want:?}: {}",
            s.per_defender,
            g.record().to_json()
        ));
    }
    let book = g.kontra().unwrap();
    let top = book
        .units
        .iter()
        .flat_map(|(_, l)| l.iter().copied())
        .max()
        .unwrap_or(0);
    r.kontra += u32::from(top >= 1);
    r.rekontra += u32::from(top >= 2);
    r.betli_kontra += u32::from(book.individual && top >= 1);
    for b in &s.silent {
        match b.kind {
            Silent::Ulti if b.value > 0 => r.silent_ulti_soloist += 1,
            Silent::Ulti => r.silent_ulti_defenders += 1,
            Silent::Hundred => r.silent_100 += 1,
            Silent::Durchmars => {}
        }
    }
    r.silent_100 += s
        .units
        .iter()
        .filter(|u| u.replaced_by == Some(Silent::Hundred))
        .count() as u32;
    Ok(())
}

#[test]
fn random_whole_games_reach_every_case_that_matters() {
    let mut r = Reached::default();
    for seed in 0..1500u64 {
        let rules = rules_from(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40);
        let bias = Bias {
            bid: [0.05, 0.3, 0.6][(seed % 3) as usize],
            raise: 0.3,
            kontra: 0.5,
            keep_seven: seed % 2 == 0,
        };
        if let Err(e) = one_game(seed, rules, bias, &mut r) {
            panic!("seed {seed}, rules {rules:?}: {e}");
        }
    }
    eprintln!("{r:?}");
    let mins = [
        ("all-pass (the forehand's passz stands)", r.all_pass, 50),
        ("all-pass forfeit", r.forfeit, 20),
        ("a holder's re-raise", r.raise, 20),
        ("a defender's pick-up", r.defender_pick_up, 100),
        ("kontra", r.kontra, 100),
        ("rekontra", r.rekontra, 30),
        ("individual kontra on betli", r.betli_kontra, 10),
        ("silent ulti for the soloist", r.silent_ulti_soloist, 5),
        ("silent ulti for the defenders", r.silent_ulti_defenders, 5),
        ("silent 100", r.silent_100, 10),
        ("piros bids", r.piros, 50),
    ];
    for (what, n, min) in mins {
        assert!(
            n >= min,
            "{what}: reached {n} times, at least {min} wanted ({r:?})"
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Any seed and any rule options.
    #[test]
    fn any_whole_game_is_played_by_the_rules(seed in any::<u64>(), opts in any::<u64>(), bid in 0.0..0.8f64) {
        let bias = Bias { bid, ..Bias::default() };
        let mut r = Reached::default();
        let res = one_game(seed, rules_from(opts), bias, &mut r);
        prop_assert!(res.is_ok(), "{}", res.unwrap_err());
    }
}
