//! Shared by the whole-game tests: a random player that takes legal actions (biased toward
//! the cases that matter), and an independent settlement from the rules of shared/RULES.md.
#![allow(dead_code)]

use rand::rngs::SmallRng;
use rand::seq::{IndexedRandom, SliceRandom};
use rand::{Rng, SeedableRng};
use ulti_engine::whole_game::{Action, AuctionBid, Stage, Verb, WholeGame};
use ulti_engine::{Card, CardSet, Contract, Rank, Suit};

/// How the random player leans.
#[derive(Clone, Copy, Debug)]
pub struct Bias {
    /// Chance to bid when it may (else pass).
    pub bid: f64,
    /// Chance the holder raises instead of standing.
    pub raise: f64,
    /// Chance to say a kontra when one is open.
    pub kontra: f64,
    /// Keep the trump VII to the last trick when it can.
    pub keep_seven: bool,
}

impl Default for Bias {
    fn default() -> Bias {
        Bias {
            bid: 0.35,
            raise: 0.2,
            kontra: 0.35,
            keep_seven: true,
        }
    }
}

/// All the two-card discards of `twelve`.
pub fn discards(twelve: CardSet) -> Vec<[Card; 2]> {
    let cards: Vec<Card> = twelve.iter().collect();
    let mut v = Vec::new();
    for i in 0..cards.len() {
        for j in i + 1..cards.len() {
            v.push([cards[i], cards[j]]);
        }
    }
    v
}

/// The twelve cards the seat to act bids from.
pub fn twelve(g: &WholeGame) -> CardSet {
    let seat = g.to_act().expect("someone to act");
    if seat == g.forehand() && !g.opened() {
        g.hand(seat)
    } else {
        CardSet(g.hand(seat).0 | g.talon().0)
    }
}

/// A random legal bid action for the seat to act, if it finds one in a few tries.
pub fn random_bid(
    g: &WholeGame,
    rng: &mut SmallRng,
    prefer: Option<&AuctionBid>,
) -> Option<Action> {
    let seat = g.to_act()?;
    let mut bids = g.higher_bids();
    if let Some(p) = prefer {
        bids.retain(|b| b == p);
    }
    let mut ds = discards(twelve(g));
    ds.shuffle(rng);
    for _ in 0..12 {
        let bid = bids.choose(rng)?.clone();
        for d in ds.iter().take(20) {
            let a = Action {
                seat,
                verb: Verb::Bid {
                    bid: bid.clone(),
                    discard: *d,
                },
            };
            if g.check(&a).is_ok() {
                return Some(a);
            }
        }
    }
    None
}

/// A random legal action for the seat to act.
pub fn random_action(g: &WholeGame, rng: &mut SmallRng, bias: Bias) -> Action {
    let seat = g.to_act().expect("not over");
    let act = |verb| Action { seat, verb };
    match g.stage() {
        Stage::Auction => {
            if !g.opened() && !g.may_pass() {
                // The forehand must open: passz at least (as at the table, often passz).
                let passz = AuctionBid::passz();
                let prefer = rng.random_bool(0.5).then_some(&passz);
                return random_bid(g, rng, prefer)
                    .or_else(|| random_bid(g, rng, Some(&AuctionBid::passz())))
                    .expect("passz is always playable");
            }
            if g.holder_turn() {
                if rng.random_bool(bias.raise)
                    && let Some(a) = random_bid(g, rng, None)
                {
                    return a;
                }
                return act(Verb::Stand);
            }
            if rng.random_bool(bias.bid)
                && let Some(a) = random_bid(g, rng, None)
            {
                return a;
            }
            if g.opened() {
                act(Verb::Pass { discard: None })
            } else {
                let d = *discards(g.hand(seat)).choose(rng).unwrap();
                act(Verb::Pass { discard: Some(d) })
            }
        }
        Stage::Trump => act(Verb::Trump(
            *g.trump_options().choose(rng).expect("a playable trump"),
        )),
        Stage::Play => {
            for (s, level, units) in g.kontra_open() {
                if rng.random_bool(bias.kontra) {
                    let mut pick: Vec<Contract> = units
                        .iter()
                        .copied()
                        .filter(|_| rng.random_bool(0.6))
                        .collect();
                    if pick.is_empty() {
                        pick.push(units[0]);
                    }
                    return Action {
                        seat: s,
                        verb: Verb::Kontra { level, units: pick },
                    };
                }
            }
            let legal: Vec<Card> = g.legal_cards().iter().collect();
            let seven = g
                .contracted()
                .and_then(|c| c.trump)
                .map(|t| Card::new(t, Rank::Seven));
            let keep: Vec<Card> = legal
                .iter()
                .copied()
                .filter(|&c| Some(c) != seven)
                .collect();
            let pool = if bias.keep_seven && !keep.is_empty() {
                &keep
            } else {
                &legal
            };
            act(Verb::Card(*pool.choose(rng).unwrap()))
        }
        Stage::Over => unreachable!("over"),
    }
}

/// Play a random game from `seed` to the end.
pub fn random_game(g: &mut WholeGame, seed: u64, bias: Bias) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut n = 0;
    while g.stage() != Stage::Over {
        let a = random_action(g, &mut rng, bias);
        g.apply(a.clone())
            .unwrap_or_else(|e| panic!("legal by construction {a}: {e}"));
        n += 1;
        assert!(n < 400, "a game ends");
    }
}

/// Base value per defender of a won component (RULES.md scoring), for the oracle.
fn base(c: Contract) -> i32 {
    match c {
        Contract::Passz => 1,
        Contract::Negyven100 | Contract::Ulti | Contract::NegyAsz | Contract::NegyTizes => 4,
        Contract::Betli => 5,
        Contract::Durchmars | Contract::DurchmarsAdu => 6,
        Contract::Husz100 => 8,
    }
}

/// The settlement recomputed from the rules, independently of the engine's: (S_1, S_2).
pub fn oracle(g: &WholeGame) -> [i32; 2] {
    let c = g.contracted().expect("played");
    let game = g.play().expect("played");
    let book = g.kontra().expect("a book");
    let trump = c.trump.unwrap_or(Suit::Piros);
    let piros = i32::from(c.bid.piros) + 1;
    let mut s = [0i32; 2];
    let cs = c.bid.bid.contracts();
    // Silent bonuses.
    let mut passz_bonus: Option<i32> = None;
    let mut alone = 0;
    if g.rules().silent_bonuses && c.bid.has_trumps() {
        let seven = Card::new(trump, Rank::Seven);
        let t10 = game.tricks()[9];
        if !cs.contains(&Contract::Ulti)
            && let Some(i) = t10.cards.iter().position(|&x| x == seven)
        {
            {
                let p = t10.seat_of(i);
                let sign = if p == 0 { 1 } else { -1 };
                if t10.winner == p {
                    alone += 2 * sign * piros;
                } else if (t10.winner == 0) != (p == 0) {
                    alone -= 4 * sign * piros;
                }
            }
        }
        let sp = game.soloist_points() as i32;
        let mut cands: Vec<i32> = Vec::new();
        if !cs.contains(&Contract::Negyven100) && !cs.contains(&Contract::Husz100) {
            let m = |seats: &[usize], suit: Suit| {
                seats.iter().any(|&h| {
                    let hand = game.deal().hand(h);
                    hand.contains(Card::new(suit, Rank::Kiraly))
                        && hand.contains(Card::new(suit, Rank::Felso))
                })
            };
            for (seats, pts, sign) in [(&[0usize][..], sp, 1), (&[1usize, 2][..], 90 - sp, -1)] {
                let side20 = Suit::ALL.iter().any(|&x| x != trump && m(seats, x));
                if side20 && pts >= 80 {
                    cands.push(4 * sign);
                } else if m(seats, trump) && pts >= 60 {
                    cands.push(2 * sign);
                }
            }
        }
        if !cs.contains(&Contract::DurchmarsAdu) && game.soloist_tricks() == 10 {
            cands.push(3);
        }
        if let Some(&b) = cands.iter().max_by_key(|v| v.abs()) {
            passz_bonus = Some(b * piros);
        }
    }
    let has_passz_unit = book.units.iter().any(|(u, _)| *u == Contract::Passz);
    for &(unit, k) in &book.units {
        let won = game.outcome(unit);
        let mut v = base(unit);
        if c.bid.teritett {
            v *= match unit {
                Contract::Betli | Contract::Durchmars => 4,
                Contract::DurchmarsAdu => 2,
                _ => 1,
            };
        }
        v *= piros;
        for d in 0..2 {
            let m = 1 << k[d];
            s[d] += match (unit, passz_bonus) {
                (Contract::Passz, Some(b)) => b * m,
                _ if won => v * m,
                (Contract::Ulti, _) if k[d] == 0 => -2 * v,
                (Contract::Ulti, _) => -v * (m + 1),
                _ => -v * m,
            };
        }
    }
    if !has_passz_unit && let Some(b) = passz_bonus {
        alone += b;
    }
    [s[0] + alone, s[1] + alone]
}
