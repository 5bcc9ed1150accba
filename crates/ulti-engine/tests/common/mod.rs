//! Shared helpers for the oracle and property tests: seeded random positions, a brute-force
//! minimax over the validated rules API (`Game`), and reproduction strings.
//!
//! The brute force plays every legal card at every node, prunes nothing and keeps no table:
//! it is slow but obviously right, which is what the fast solver is compared with.

#![allow(dead_code)] // Each test binary uses its own subset.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use ulti_engine::{
    Bid, Card, CardSet, Contract, Deal, Game, Query, Rank, RuleOptions, SOLOIST, Scoring, Solution,
    Solver, Suit, component_payoff,
};

/// One quantity the brute force minimaxes: the soloist maximises it, the defenders minimise it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Objective {
    /// The soloist's final card points (last trick included).
    Points,
    /// 1 if the soloist makes the contract at the end of play, else 0.
    Wins(Contract),
    /// 1 if the soloist makes every component of the bid (the implicit passz included).
    AllWon(Bid),
    /// The bid's payoff per defender: the sum of its components' values, won or lost.
    Payoff(Bid, Scoring),
}

impl Objective {
    /// The value at the end of play.
    pub fn eval(&self, g: &Game) -> i32 {
        match self {
            Objective::Points => g.soloist_points() as i32,
            Objective::Wins(c) => i32::from(g.outcome(*c)),
            Objective::AllWon(bid) => i32::from(bid.components().iter().all(|&c| g.outcome(c))),
            Objective::Payoff(bid, scoring) => payoff_at_end(g, bid, *scoring),
        }
    }
}

/// The payoff of `bid` for a finished game.
pub fn payoff_at_end(g: &Game, bid: &Bid, scoring: Scoring) -> i32 {
    bid.components()
        .iter()
        .map(|&c| component_payoff(c, g.outcome(c), g.deal().trump, scoring))
        .sum()
}

/// Brute-force minimax of every objective at once (each minimaxed on its own: the tree is the
/// same, only the choices differ). Returns the values from the current position.
pub fn minimax(g: &mut Game, objs: &[Objective]) -> Vec<i32> {
    if g.is_over() {
        return objs.iter().map(|o| o.eval(g)).collect();
    }
    let maximize = g.to_move() == SOLOIST;
    let mut best: Option<Vec<i32>> = None;
    for card in g.legal_cards().iter() {
        g.play(card).expect("a legal card plays");
        let v = minimax(g, objs);
        g.undo();
        best = Some(match best {
            None => v,
            Some(mut b) => {
                for (x, y) in b.iter_mut().zip(v) {
                    *x = if maximize { (*x).max(y) } else { (*x).min(y) };
                }
                b
            }
        });
    }
    best.expect("a game that is not over has a legal card")
}

/// The brute-force values of the position and of each legal card of the player to move.
pub struct RootValues {
    /// Values of the position, one per objective.
    pub value: Vec<i32>,
    /// For each legal card, the values after playing it.
    pub cards: Vec<(Card, Vec<i32>)>,
}

/// [`minimax`] at the root, keeping each legal card's values.
pub fn minimax_root(g: &mut Game, objs: &[Objective]) -> RootValues {
    let maximize = g.to_move() == SOLOIST;
    let mut cards = Vec::new();
    for card in g.legal_cards().iter() {
        g.play(card).expect("a legal card plays");
        cards.push((card, minimax(g, objs)));
        g.undo();
    }
    let value = (0..objs.len())
        .map(|i| {
            let vals = cards.iter().map(|(_, v)| v[i]);
            if maximize { vals.max() } else { vals.min() }.expect("at least one legal card")
        })
        .collect();
    RootValues { value, cards }
}

/// Play `n` random legal cards from the start of `bid`'s game.
pub fn random_play(
    deal: &Deal,
    bid: &Bid,
    opts: RuleOptions,
    n: usize,
    rng: &mut SmallRng,
) -> Vec<Card> {
    let mut g = Game::new(deal, bid, opts);
    let mut played = Vec::with_capacity(n);
    for _ in 0..n {
        let legal: Vec<Card> = g.legal_cards().iter().collect();
        let card = legal[rng.random_range(0..legal.len())];
        g.play(card).expect("a legal card plays");
        played.push(card);
    }
    played
}

/// Move `wanted` into the soloist's hand, each in exchange for one of their other cards
/// (which takes the wanted card's place in a defender's hand or the talon).
pub fn give_soloist(deal: Deal, wanted: &[Card], rng: &mut SmallRng) -> Deal {
    give(deal, SOLOIST, wanted, rng)
}

/// Move `wanted` into `seat`'s hand, each in exchange for one of that seat's other cards
/// (which takes the wanted card's place in another hand or the talon).
pub fn give(deal: Deal, seat: usize, wanted: &[Card], rng: &mut SmallRng) -> Deal {
    let mut hands = deal.hands();
    for &card in wanted {
        if hands[seat].contains(card) {
            continue;
        }
        let spare: Vec<Card> = hands[seat].iter().filter(|c| !wanted.contains(c)).collect();
        let out = spare[rng.random_range(0..spare.len())];
        if let Some(other) = (0..3).find(|&s| hands[s].contains(card)) {
            hands[other].remove(card);
            hands[other].insert(out);
        }
        hands[seat].remove(out);
        hands[seat].insert(card);
    }
    Deal::new(deal.trump, hands).expect("swapping keeps ten cards a hand")
}

/// A random deal in which the soloist holds what `bid` needs (the trump VII for ulti, the
/// trump marriage for 40-100, a side marriage for 20-100).
pub fn playable_deal(seed: u64, bid: &Bid, rng: &mut SmallRng) -> Deal {
    let deal = Deal::random(seed);
    let t = deal.trump;
    let side = Suit::ALL[(t.index() as usize + rng.random_range(1..4)) % 4];
    let mut wanted = Vec::new();
    for c in bid.contracts() {
        match c {
            Contract::Ulti => wanted.push(Card::new(t, Rank::Seven)),
            Contract::Negyven100 => {
                wanted.extend([Card::new(t, Rank::Kiraly), Card::new(t, Rank::Felso)]);
            }
            Contract::Husz100 => {
                wanted.extend([Card::new(side, Rank::Kiraly), Card::new(side, Rank::Felso)]);
            }
            _ => {}
        }
    }
    give_soloist(deal, &wanted, rng)
}

/// Play `n` random legal cards, each chosen among those that leave the soloist winning the
/// trick (`soloist_wins_tricks`) or losing it, when there are such cards: an endgame where
/// durchmars (or betli) is still open.
pub fn aimed_play(
    deal: &Deal,
    bid: &Bid,
    opts: RuleOptions,
    n: usize,
    soloist_wins_tricks: bool,
    rng: &mut SmallRng,
) -> Vec<Card> {
    let mut g = Game::new(deal, bid, opts);
    let mut played = Vec::with_capacity(n);
    for _ in 0..n {
        let legal: Vec<Card> = g.legal_cards().iter().collect();
        let aimed: Vec<Card> = legal
            .iter()
            .copied()
            .filter(|&c| {
                g.play(c).expect("a legal card plays");
                let winner = match g.current_winner() {
                    Some(w) => w,
                    None => g.tricks().last().expect("a trick was completed").winner,
                };
                g.undo();
                (winner == SOLOIST) == soloist_wins_tricks
            })
            .collect();
        let pool = if aimed.is_empty() { &legal } else { &aimed };
        let card = pool[rng.random_range(0..pool.len())];
        g.play(card).expect("a legal card plays");
        played.push(card);
    }
    played
}

/// Move `cards` into the talon, each in exchange for a talon card not among them.
pub fn to_talon(deal: Deal, cards: &[Card]) -> Deal {
    let mut hands = deal.hands();
    for &card in cards {
        let Some(seat) = (0..3).find(|&s| hands[s].contains(card)) else {
            continue;
        };
        let talon = CardSet(!(hands[0].0 | hands[1].0 | hands[2].0));
        let swap = talon
            .iter()
            .find(|c| !cards.contains(c))
            .expect("a talon card to swap");
        hands[seat].remove(card);
        hands[seat].insert(swap);
    }
    Deal::new(deal.trump, hands).expect("swapping keeps ten cards a hand")
}

/// A seeded RNG for the test with this seed (separate from the deal's own).
pub fn rng(seed: u64) -> SmallRng {
    SmallRng::seed_from_u64(seed ^ 0x5EED_0FAC_1E00)
}

/// Cards as the CLI takes them: `PA,P7,PK`.
pub fn cards_arg(cards: &[Card]) -> String {
    cards
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// How to reproduce a query with the command-line solver, plus the options the CLI line does
/// not carry.
pub fn repro(q: &Query) -> String {
    let played = if q.played.is_empty() {
        String::new()
    } else {
        format!(" --played {}", cards_arg(&q.played))
    };
    format!(
        "ulti solve --deal {} --contract {}{played} --all-cards --json  [payoff solve: {}, rules: {:?}, scoring: {:?}]",
        q.deal.code(),
        q.bid,
        q.payoff,
        q.rules,
        q.scoring
    )
}

/// A query with every answer asked for.
pub fn query(deal: Deal, bid: &Bid, played: &[Card], rules: RuleOptions) -> Query {
    let mut q = Query::new(deal, bid.clone());
    q.played = played.to_vec();
    q.rules = rules;
    q.all_cards = true;
    q
}

/// Solve, panicking with the reproduction on an error.
pub fn solve(solver: &mut Solver, q: &Query) -> Solution {
    solver
        .solve(q)
        .unwrap_or_else(|e| panic!("solve failed: {e}\n  {}", repro(q)))
}

/// Is the query solved for its payoff (compound bids, or `Query::payoff`)?
pub fn is_payoff_solve(q: &Query) -> bool {
    q.payoff || q.bid.as_single().is_none()
}

/// Replay `sol.line` from the query's position: it must be legal and finish the game.
/// Returns the finished game.
pub fn replay_line(q: &Query, sol: &Solution) -> Game {
    let mut g = Game::with_played(&q.deal, &q.bid, q.rules, &q.played)
        .unwrap_or_else(|e| panic!("the query's played cards are illegal: {e}\n  {}", repro(q)));
    for (i, &c) in sol.line.iter().enumerate() {
        g.play(c).unwrap_or_else(|e| {
            panic!(
                "line card {} ({c}) is illegal: {e}\n  line {}\n  {}",
                i + 1,
                cards_arg(&sol.line),
                repro(q)
            )
        });
    }
    assert!(
        g.is_over(),
        "the line {} stops before the end of play\n  {}",
        cards_arg(&sol.line),
        repro(q)
    );
    g
}

/// Check that the returned line ends in the returned result: the optimal points for a point
/// contract, the outcome for a win/lose contract, the payoff for a payoff solve.
pub fn check_line_result(q: &Query, sol: &Solution) {
    let end = replay_line(q, sol);
    let ctx = || format!("line {}\n  {}", cards_arg(&sol.line), repro(q));
    if is_payoff_solve(q) {
        let got = payoff_at_end(&end, &q.bid, q.scoring);
        assert_eq!(Some(got), sol.payoff, "payoff on the line\n  {}", ctx());
        if !q.payoff {
            let listed: Vec<Contract> = sol.components.iter().map(|c| c.contract).collect();
            assert_eq!(listed, q.bid.components(), "components\n  {}", ctx());
            for comp in &sol.components {
                let won = end.outcome(comp.contract);
                assert_eq!(
                    (comp.won, comp.payoff),
                    (
                        won,
                        component_payoff(comp.contract, won, q.deal.trump, q.scoring)
                    ),
                    "component {} on the line\n  {}",
                    comp.contract,
                    ctx()
                );
            }
        }
    } else {
        let c = q.bid.as_single().expect("a single contract");
        if c.is_point_contract() {
            assert_eq!(
                Some(end.soloist_points()),
                sol.soloist_points,
                "card points on the line\n  {}",
                ctx()
            );
        }
        assert_eq!(
            Some(end.outcome(c)),
            sol.soloist_wins,
            "outcome of {c} on the line\n  {}",
            ctx()
        );
    }
}
