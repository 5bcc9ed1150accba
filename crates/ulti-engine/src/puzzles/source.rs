//! Candidate positions: candidate `index` of a run seeded with `seed` depends on nothing else.
//!
//! - **The deal** ([`Source`]): a uniformly random deal with a standard bid the soloist can
//!   play, or a biased deal where the soloist makes ulti, betli, durchmars or 40-100 under best
//!   play from the start: the soloist's hand drawn with weights (low cards for betli, high
//!   cards and trumps for the others, the bid's prerequisites held), the defenders' at random,
//!   until the solver says the soloist makes it, and not with every first card (a hand where
//!   the play matters).
//! - **The bid**: single contracts and compound bids of the standard list.
//! - **The moment**: trick 1 (0 to 2 cards played) in a quarter of the candidates, else
//!   mid-game (3 to 21 cards played).
//! - **The play to it**: the solver's line, each card replaced with probability 0.15 by a
//!   random legal card (then the solver's line from there): positions where someone erred, as
//!   at a real table, so both sides get positions they win. From there the solver's line is
//!   followed to the first position where the seat to move is on the winning side and has
//!   at least three runs of touching legal cards: the others cannot be puzzles, and are
//!   passed over without a solve (counted as [`Candidate::skipped`]).
//! - **The rules**: the rule sets taken in turn (candidate `index` uses set `index mod n`).

use std::fmt;
use std::str::FromStr;

use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::advise::{below, rng_for};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract};
use crate::deal::Deal;
use crate::rules::RuleOptions;
use crate::solver::Solver;

use super::classes::runs;
use super::{Position, Verdict};

/// Where a candidate's deal comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Source {
    /// A uniformly random deal with a random standard bid the soloist can play.
    #[serde(rename = "random")]
    Random,
    /// A deal where the soloist makes ulti.
    #[serde(rename = "ulti")]
    Ulti,
    /// A deal where the soloist makes betli.
    #[serde(rename = "betli")]
    Betli,
    /// A deal where the soloist makes durchmars.
    #[serde(rename = "durchmars")]
    Durchmars,
    /// A deal where the soloist makes 40-100.
    #[serde(rename = "40-100")]
    Forty100,
}

impl Source {
    /// Every source, with its share of the candidates in percent.
    pub const MIX: [(Source, u64); 5] = [
        (Source::Random, 40),
        (Source::Ulti, 20),
        (Source::Betli, 15),
        (Source::Durchmars, 5),
        (Source::Forty100, 20),
    ];

    /// The id in records and reports.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Source::Random => "random",
            Source::Ulti => "ulti",
            Source::Betli => "betli",
            Source::Durchmars => "durchmars",
            Source::Forty100 => "40-100",
        }
    }

    /// The bids a biased deal is played in, each with its weight (the random source draws
    /// from [`STANDARD_BIDS`] instead).
    fn bids(self) -> &'static [(&'static str, u64)] {
        match self {
            Source::Random => &[],
            Source::Ulti => &[("ulti", 7), ("40-100+ulti", 3)],
            Source::Betli => &[("betli", 1)],
            Source::Durchmars => &[
                ("durchmars", 5),
                ("durchmars-adu", 3),
                ("ulti+durchmars-adu", 2),
            ],
            Source::Forty100 => &[("40-100", 7), ("40-100+ulti", 3)],
        }
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A source id that names no source.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown puzzle source {0:?}: use random, ulti, betli, durchmars or 40-100")]
pub struct UnknownSource(pub String);

impl FromStr for Source {
    type Err = UnknownSource;
    fn from_str(s: &str) -> Result<Source, UnknownSource> {
        Source::MIX
            .iter()
            .map(|&(src, _)| src)
            .find(|src| src.id() == s.trim())
            .ok_or_else(|| UnknownSource(s.to_string()))
    }
}

/// The standard bids (`ulti bids`, without their piros and terített forms) a random deal is
/// played in, with their weights: single contracts more often than compound bids.
pub const STANDARD_BIDS: [(&str, u64); 15] = [
    ("passz", 10),
    ("40-100", 8),
    ("ulti", 8),
    ("betli", 8),
    ("durchmars", 5),
    ("durchmars-adu", 3),
    ("20-100", 6),
    ("negy-asz", 3),
    ("40-100+ulti", 6),
    ("ulti+durchmars-adu", 2),
    ("40-100+durchmars-adu", 2),
    ("20-100+ulti", 3),
    ("20-100+durchmars-adu", 1),
    ("40-100+ulti+durchmars-adu", 1),
    ("20-100+ulti+durchmars-adu", 1),
];

/// The rule sets of a default run: the project's defaults, and both house rules on (the
/// rules of the peer program the README compares with).
pub const RULE_SETS: [RuleOptions; 2] = [
    RuleOptions {
        must_beat_after_trump: false,
        marriage_needs_trick: false,
    },
    RuleOptions {
        must_beat_after_trump: true,
        marriage_needs_trick: true,
    },
];

/// Deals a biased source draws before it gives up on a candidate.
const BIASED_TRIES: usize = 100;

/// Probability in percent that a card of the play to the position is a random legal one.
const DEVIATION_PERCENT: u64 = 15;

/// A candidate: a game played to a position, with the solver's line and verdict from there;
/// [`Candidate::walk`] takes it on to the next position that may be a puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Candidate {
    /// The deal's source.
    pub source: Source,
    /// Positions passed over so far without a solve (the seat to move on the losing side, or
    /// fewer than three runs of touching legal cards).
    pub skipped: u32,
    play: Play,
}

impl Candidate {
    /// The position reached.
    #[must_use]
    pub fn position(&self) -> &Position {
        &self.play.pos
    }

    /// Follow the solver's line to the first position (this one included) whose seat to move
    /// is on the winning side and has at least three runs of touching legal cards; `false`
    /// when the game gets to a seat with fewer than three cards first.
    pub fn walk(&mut self, solver: &mut Solver) -> bool {
        loop {
            let game = self.play.pos.game().expect("the play so far is legal");
            let seat = game.to_move();
            if game.hand(seat).len() < 3 {
                return false;
            }
            if self.play.verdict == Some(Verdict::wanted_by(seat)) && runs(&game).len() >= 3 {
                return true;
            }
            self.skipped += 1;
            self.step(solver);
        }
    }

    /// Play the solver's next card.
    pub fn step(&mut self, solver: &mut Solver) {
        let next = self.play.line[0];
        self.play.play(solver, next);
    }
}

/// Candidate `index` of the run seeded with `seed`, under `rule_sets[index % len]`; `None`
/// when a biased source found no deal in its tries.
///
/// # Panics
/// When `rule_sets` is empty.
#[must_use]
pub fn candidate(
    solver: &mut Solver,
    seed: u64,
    index: u64,
    rule_sets: &[RuleOptions],
) -> (Source, Option<Candidate>) {
    assert!(!rule_sets.is_empty(), "at least one rule set");
    let mut rng = rng_for(seed, index);
    let rules = rule_sets[(index % rule_sets.len() as u64) as usize];
    let source = pick(&mut rng, &Source::MIX);
    let start = match source {
        Source::Random => Some(random_bid(&mut rng, rules)),
        _ => biased(solver, &mut rng, source, rules),
    };
    let Some(start) = start else {
        return (source, None);
    };
    let cards = if below(&mut rng, 4) == 0 {
        below(&mut rng, 3)
    } else {
        3 + below(&mut rng, 19)
    };
    let mut play = Play::new(solver, start);
    play.to(solver, &mut rng, cards as usize);
    (
        source,
        Some(Candidate {
            source,
            skipped: 0,
            play,
        }),
    )
}

/// One of `items` with probability proportional to its weight.
fn pick<T: Copy>(rng: &mut ChaCha8Rng, items: &[(T, u64)]) -> T {
    let total: u64 = items.iter().map(|&(_, w)| w).sum();
    let mut r = below(rng, total);
    for &(item, w) in items {
        if r < w {
            return item;
        }
        r -= w;
    }
    unreachable!("r < total")
}

/// `cards` in a random order.
fn shuffled(rng: &mut ChaCha8Rng, mut cards: Vec<Card>) -> Vec<Card> {
    for i in (1..cards.len()).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        cards.swap(i, j);
    }
    cards
}

/// A deal of three hands: `soloist` and twenty of `rest` (shuffled) for the defenders.
fn deal_with(rng: &mut ChaCha8Rng, trump: Suit, soloist: CardSet) -> Deal {
    let rest = shuffled(rng, Card::all().filter(|&c| !soloist.contains(c)).collect());
    let mut hands = [soloist, CardSet::EMPTY, CardSet::EMPTY];
    for (i, &c) in rest.iter().take(20).enumerate() {
        hands[1 + i / 10].insert(c);
    }
    Deal::new(trump, hands).expect("thirty distinct cards")
}

/// A uniformly random deal (its trump set later).
fn random_deal(rng: &mut ChaCha8Rng) -> Deal {
    let cards = shuffled(rng, Card::all().collect());
    let soloist: CardSet = cards[..10].iter().copied().collect();
    deal_with(rng, Suit::Piros, soloist)
}

/// The suits in a random order.
fn suits(rng: &mut ChaCha8Rng) -> Vec<Suit> {
    let mut s = Suit::ALL.to_vec();
    for i in (1..4).rev() {
        let j = below(rng, i as u64 + 1) as usize;
        s.swap(i, j);
    }
    s
}

/// The deal under each trump (in a random order) that makes `bid` playable; a no-trump bid
/// keeps the deal's trump.
fn playable_trumps(rng: &mut ChaCha8Rng, deal: Deal, bid: &Bid) -> Vec<Deal> {
    if !bid.has_trumps() {
        return vec![deal];
    }
    suits(rng)
        .into_iter()
        .map(|t| deal.with_trump(t))
        .filter(|d| bid.unplayable_reason(d).is_none())
        .collect()
}

/// A random deal and a random standard bid the soloist can play.
fn random_bid(rng: &mut ChaCha8Rng, rules: RuleOptions) -> Position {
    loop {
        let deal = random_deal(rng);
        for _ in 0..8 {
            let bid: Bid = pick(rng, &STANDARD_BIDS).parse().expect("a standard bid");
            if let Some(&deal) = playable_trumps(rng, deal, &bid).first() {
                return Position {
                    deal,
                    bid,
                    played: Vec::new(),
                    rules,
                };
            }
        }
    }
}

/// How much more likely a card is in a biased soloist hand for `bid` with trump `trump`:
/// low cards for betli, high cards for the rest, trumps three times as likely in a trump bid.
fn weight(bid: &Bid, trump: Suit, c: Card) -> u64 {
    let s = u64::from(if bid.has_trumps() {
        c.rank().trump_strength()
    } else {
        c.rank().no_trump_strength()
    });
    if bid.as_single() == Some(Contract::Betli) {
        return (8 - s) * (8 - s);
    }
    let base = 2 + s * s;
    if bid.has_trumps() && c.suit() == trump {
        3 * base
    } else {
        base
    }
}

/// A deal whose soloist hand is drawn with [`weight`], holding the bid's prerequisites (the
/// trump VII of an ulti, the trump Király and Felső of a 40-100); the defenders' hands at
/// random.
fn biased_deal(rng: &mut ChaCha8Rng, bid: &Bid) -> Deal {
    let trump = suits(rng)[0];
    let mut hand = CardSet::EMPTY;
    for c in bid.contracts() {
        let needs: &[Rank] = match c {
            Contract::Ulti => &[Rank::Seven],
            Contract::Negyven100 => &[Rank::Kiraly, Rank::Felso],
            _ => &[],
        };
        for &r in needs {
            hand.insert(Card::new(trump, r));
        }
    }
    while hand.len() < 10 {
        let pool: Vec<(Card, u64)> = Card::all()
            .filter(|&c| !hand.contains(c))
            .map(|c| (c, weight(bid, trump, c)))
            .collect();
        hand.insert(pick(rng, &pool));
    }
    deal_with(rng, trump, hand)
}

/// A biased deal of `source` whose bid the soloist makes from the start.
fn biased(
    solver: &mut Solver,
    rng: &mut ChaCha8Rng,
    source: Source,
    rules: RuleOptions,
) -> Option<Position> {
    let bid: Bid = pick(rng, source.bids()).parse().expect("a standard bid");
    for _ in 0..BIASED_TRIES {
        let deal = biased_deal(rng, &bid);
        if bid.unplayable_reason(&deal).is_some() {
            continue;
        }
        let pos = Position {
            deal,
            bid: bid.clone(),
            played: Vec::new(),
            rules,
        };
        let mut q = pos.line_query();
        q.line = false;
        q.all_cards = true;
        let sol = solver.solve(&q).expect("the start is legal");
        let won = |v: Option<Verdict>| v == Some(Verdict::SoloistWins);
        if won(Verdict::of_solution(&sol)) && !sol.cards.iter().all(|v| won(Verdict::of_card(v))) {
            return Some(pos);
        }
    }
    None
}

/// A game being played to a candidate position, with the solver's line and verdict from it.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Play {
    pos: Position,
    line: Vec<Card>,
    verdict: Option<Verdict>,
}

impl Play {
    fn new(solver: &mut Solver, pos: Position) -> Play {
        let mut p = Play {
            pos,
            line: Vec::new(),
            verdict: None,
        };
        p.solve(solver);
        p
    }

    fn solve(&mut self, solver: &mut Solver) {
        let sol = solver
            .solve(&self.pos.line_query())
            .expect("the play so far is legal");
        self.verdict = Verdict::of_solution(&sol);
        self.line = sol.line;
    }

    /// Play `card`: the line goes on, or (another card) is solved again.
    fn play(&mut self, solver: &mut Solver, card: Card) {
        self.pos.played.push(card);
        if self.line.first() == Some(&card) {
            self.line.remove(0);
        } else {
            self.solve(solver);
        }
    }

    /// `cards` cards of the solver's line, each replaced with probability
    /// [`DEVIATION_PERCENT`] by a random legal one (never past the seventh trick).
    fn to(&mut self, solver: &mut Solver, rng: &mut ChaCha8Rng, cards: usize) {
        for _ in 0..cards {
            if self.pos.played.len() >= 21 {
                return;
            }
            let card = if below(rng, 100) < DEVIATION_PERCENT {
                let game = self.pos.game().expect("the play so far is legal");
                let legal: Vec<Card> = game.legal_cards().iter().collect();
                legal[below(rng, legal.len() as u64) as usize]
            } else {
                self.line[0]
            };
            self.play(solver, card);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_candidate_depends_on_the_seed_and_its_index_only() {
        let mut a = Solver::new();
        let mut b = Solver::new();
        for index in [0, 1, 7] {
            let x = candidate(&mut a, 5, index, &RULE_SETS);
            let y = candidate(&mut b, 5, index, &RULE_SETS);
            assert_eq!(x, y);
        }
        // A solver that solved other positions before gives the same candidates.
        let late = candidate(&mut a, 5, 0, &RULE_SETS);
        assert_eq!(late, candidate(&mut Solver::new(), 5, 0, &RULE_SETS));
        assert_ne!(
            candidate(&mut a, 5, 2, &RULE_SETS),
            candidate(&mut a, 6, 2, &RULE_SETS)
        );
    }

    #[test]
    fn candidates_are_legal_and_take_turns_with_the_rule_sets() {
        let mut s = Solver::new();
        for index in 0..12 {
            let (source, c) = candidate(&mut s, 11, index, &RULE_SETS);
            let Some(mut c) = c else { continue };
            assert_eq!(c.source, source);
            assert!(c.position().played.len() <= 21);
            if c.walk(&mut s) {
                let g = c.position().game().expect("legal");
                let seat = g.to_move();
                assert!(g.hand(seat).len() >= 3 && runs(&g).len() >= 3);
                let sol = s.solve(&c.position().line_query()).unwrap();
                assert_eq!(Verdict::of_solution(&sol), Some(Verdict::wanted_by(seat)));
            }
            assert!(
                c.position()
                    .bid
                    .unplayable_reason(&c.position().deal)
                    .is_none()
            );
            assert_eq!(c.position().rules, RULE_SETS[(index % 2) as usize]);
        }
    }

    #[test]
    fn biased_deals_are_won_from_the_start() {
        let mut s = Solver::new();
        let mut rng = rng_for(3, 0);
        for source in [Source::Ulti, Source::Betli, Source::Forty100] {
            let pos = biased(&mut s, &mut rng, source, RuleOptions::default()).expect("found");
            let sol = s.solve(&pos.line_query()).unwrap();
            assert_eq!(
                Verdict::of_solution(&sol),
                Some(Verdict::SoloistWins),
                "{source}"
            );
        }
    }

    #[test]
    fn source_ids_round_trip() {
        for (s, _) in Source::MIX {
            assert_eq!(s.id().parse::<Source>().unwrap(), s);
        }
        assert!("passz".parse::<Source>().is_err());
    }
}
