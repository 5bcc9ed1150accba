//! Where a line is decided: the first card after which the outcome can no longer change,
//! whatever anyone plays.
//!
//! A refutation is a line under best play, so its verdict is already the game's value when it
//! starts; what a player wants to see is where the result *turns*: the first card after which
//! no continuation at all (the three seats playing together, for or against the soloist)
//! gives another outcome. The trick of that card is the line's turning trick.
//!
//! It is decided by an exact search over every legal continuation ([`Decider`]): a position
//! is open when some continuation ends with another outcome. The search stops early only on
//! outcomes that are settled by what was played (a trick the soloist took in betli, the trump
//! VII gone before the last trick, card points that can no longer reach or miss a 100), never
//! on a guess, and it keeps the positions it proved at trick boundaries.

use std::collections::HashMap;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract, Scoring, component_payoff};
use crate::deal::{SOLOIST, Seat};
use crate::rules::Game;

use super::Verdict;
use super::judge::final_verdict;

/// What a line's outcome is decided on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The bid's verdict (a compound bid: the sign of its payoff; `None` for a payoff of 0).
    Verdict(Option<Verdict>),
    /// One contract made (`true`) or lost.
    Part(Contract, bool),
}

/// Where a line turns.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Turning {
    /// The turning trick, 1-based.
    pub trick: usize,
    /// The cards of that trick up to the deciding one, with who played them, and whether
    /// each was its player's only legal card.
    pub cards: Vec<(Seat, Card, bool)>,
    /// The contract whose outcome is decided there (for a compound bid, the part decided at
    /// the same card as the verdict; `None` when no single part is).
    pub part: Option<Contract>,
    /// The line's verdict (`None`: a compound bid worth 0, neither side's).
    pub verdict: Option<Verdict>,
    /// Where the outcome shows in the cards played (the trump VII gone, a trick taken in
    /// betli, the points a 100 needs): the first card at or after the deciding one that
    /// settles it by itself, as (its index in the line, its trick, who played it, the card).
    pub shows: (usize, usize, Seat, Card),
    /// The deciding card's index in the line.
    pub at: usize,
    /// Was `part` made?
    pub made: bool,
}

/// A position at a trick boundary: the three hands, the leader, and what the soloist has
/// taken (card points, tricks, aces, tens): all that the rest of play depends on.
type Key = ([u32; 3], Seat, u32, usize, u32, u32);

/// The exact search: can the outcome still change from a position?
struct Decider<'a> {
    bid: &'a Bid,
    outcome: Outcome,
    /// Trick-boundary positions already proved open (`true`) or closed.
    memo: HashMap<Key, bool>,
}

fn verdict_of(won: bool) -> Verdict {
    if won {
        Verdict::SoloistWins
    } else {
        Verdict::SoloistLoses
    }
}

fn set_of(rank: Rank) -> CardSet {
    Suit::ALL.iter().map(|&s| Card::new(s, rank)).collect()
}

/// Is contract `c`'s result the same whatever is played from `g`? `Some(result)` when it is
/// (as `Game::outcome` will score it), `None` when it may still change. Only facts that no
/// card can undo are used.
fn settled(g: &Game, c: Contract) -> Option<bool> {
    if g.is_over() {
        return Some(g.outcome(c));
    }
    let live: CardSet = CardSet(g.hand(0).0 | g.hand(1).0 | g.hand(2).0);
    let live = CardSet(live.0 | g.current_trick().iter().copied().collect::<CardSet>().0);
    let s = g.soloist_points();
    // The last trick's 10 is still to come.
    let s_max = s + live.points() + 10;
    let sol_tricks = g.soloist_tricks();
    let def_tricks = g.tricks().len() - sol_tricks;
    let captured = |rank: Rank| {
        let which = set_of(rank);
        let mine = g.soloist_captured(which);
        let left = CardSet(live.0 & which.0).len();
        if mine == 4 {
            Some(true)
        } else if mine + left < 4 {
            Some(false)
        } else {
            None
        }
    };
    let at_least = |need: u32| {
        if s >= need {
            Some(true)
        } else if s_max < need {
            Some(false)
        } else {
            None
        }
    };
    match c {
        Contract::Passz => {
            if g.passz_won_with(s, sol_tricks > 0, true) {
                Some(true)
            } else if !g.passz_won_with(s_max.min(90), true, def_tricks > 0) {
                Some(false)
            } else {
                None
            }
        }
        Contract::Negyven100 => at_least(60),
        Contract::Husz100 => at_least(80),
        Contract::Ulti => {
            let seven = g.trump().map(|t| Card::new(t, Rank::Seven));
            match seven {
                // Held, or on the table in the last trick.
                Some(seven)
                    if g.hand(SOLOIST).contains(seven)
                        || (g.tricks().len() == 9 && g.current_trick().contains(&seven)) =>
                {
                    None
                }
                // Played before the last trick, or never the soloist's.
                _ => Some(false),
            }
        }
        Contract::Betli => (sol_tricks > 0).then_some(false),
        Contract::Durchmars | Contract::DurchmarsAdu => (def_tricks > 0).then_some(false),
        Contract::NegyAsz => captured(Rank::Asz),
        Contract::NegyTizes => captured(Rank::Ten),
    }
}

impl Decider<'_> {
    /// Does the outcome hold for every continuation from `g` (`Some(true)`), for none
    /// (`Some(false)`), or is it not settled yet (`None`)?
    fn status(&self, g: &Game) -> Option<bool> {
        match self.outcome {
            Outcome::Part(c, made) => settled(g, c).map(|r| r == made),
            Outcome::Verdict(v) => {
                if g.is_over() {
                    return Some(final_verdict(g, self.bid) == v);
                }
                if let Some(c) = self.bid.as_single() {
                    return settled(g, c).map(|won| Some(verdict_of(won)) == v);
                }
                let parts = self.bid.components();
                let results: Vec<Option<bool>> = parts.iter().map(|&c| settled(g, c)).collect();
                let open: Vec<usize> = (0..parts.len()).filter(|&i| results[i].is_none()).collect();
                let trump = g.deal().trump;
                let mut seen = [false; 2];
                // Every way the open parts may still end (a compound bid has a few parts).
                for mask in 0..(1u32 << open.len()) {
                    let payoff: i32 = (0..parts.len())
                        .map(|i| {
                            let won = results[i].unwrap_or_else(|| {
                                let k = open.iter().position(|&j| j == i).unwrap_or(0);
                                mask >> k & 1 == 1
                            });
                            component_payoff(parts[i], won, trump, Scoring::default())
                        })
                        .sum();
                    let verdict = (payoff != 0).then(|| verdict_of(payoff > 0));
                    seen[usize::from(verdict == v)] = true;
                }
                match seen {
                    [false, true] => Some(true),
                    [true, false] => Some(false),
                    _ => None,
                }
            }
        }
    }

    /// Is there a continuation from `g` whose outcome differs? (`g` is left as it was.)
    fn open(&mut self, g: &mut Game) -> bool {
        if let Some(holds) = self.status(g) {
            return !holds;
        }
        let boundary = g.current_trick().is_empty();
        let key = boundary.then(|| {
            let s = g.soloist_points();
            let aces = g.soloist_captured(set_of(Rank::Asz));
            let tens = g.soloist_captured(set_of(Rank::Ten));
            (
                [g.hand(0).0, g.hand(1).0, g.hand(2).0],
                g.leader(),
                s,
                g.soloist_tricks(),
                aces,
                tens,
            )
        });
        if let Some(k) = key
            && let Some(&v) = self.memo.get(&k)
        {
            return v;
        }
        let mut found = false;
        for card in g.legal_cards().iter() {
            g.play(card).expect("a legal card");
            found = self.open(g);
            g.undo();
            if found {
                break;
            }
        }
        if let Some(k) = key {
            self.memo.insert(k, found);
        }
        found
    }
}

/// The first card of `line` (played from `game` to the end of play) after which `outcome`
/// holds whatever anyone plays: its index in `line`. `None` if the line does not reach the
/// end with that outcome, or a card breaks a rule.
#[must_use]
pub fn deciding_card(game: &Game, bid: &Bid, line: &[Card], outcome: Outcome) -> Option<usize> {
    let mut end = game.clone();
    for &c in line {
        end.play(c).ok()?;
    }
    if !end.is_over() {
        return None;
    }
    let mut d = Decider {
        bid,
        outcome,
        memo: HashMap::new(),
    };
    if d.status(&end) != Some(true) {
        return None;
    }
    let mut g = game.clone();
    for (i, &c) in line.iter().enumerate() {
        g.play(c).ok()?;
        if !d.open(&mut g) {
            return Some(i);
        }
    }
    None
}

/// The turning trick of `line`, played from `game` to the end of play: the trick of the first
/// card after which the bid's verdict holds whatever anyone plays, with the cards of that
/// trick up to it. `None` if the line does not reach the end of play.
#[must_use]
pub fn turning(game: &Game, bid: &Bid, line: &[Card]) -> Option<Turning> {
    let mut end = game.clone();
    for &c in line {
        end.play(c).ok()?;
    }
    let verdict = final_verdict(&end, bid);
    let outcome = Outcome::Verdict(verdict);
    let at = deciding_card(game, bid, line, outcome)?;
    // The part decided at the same card: the one worth most.
    let trump = game.deal().trump;
    let part = bid
        .components()
        .into_iter()
        .map(|c| (c, end.outcome(c)))
        .filter(|&(c, made)| deciding_card(game, bid, line, Outcome::Part(c, made)) == Some(at))
        .max_by_key(|&(c, made)| component_payoff(c, made, trump, Scoring::default()).abs());
    // The trick of that card and its cards up to it; where the cards taken show it.
    let decider = Decider {
        bid,
        outcome,
        memo: HashMap::new(),
    };
    let mut g = game.clone();
    let mut cards = Vec::new();
    let mut shows = None;
    let mut trick = 0;
    for (i, &c) in line.iter().enumerate() {
        if i <= at && g.current_trick().is_empty() {
            cards.clear();
        }
        let seat = g.to_move();
        let forced = g.legal_cards().len() == 1;
        if i <= at {
            cards.push((seat, c, forced));
        }
        g.play(c).expect("checked above");
        if i == at {
            trick = g.tricks().len() + usize::from(!g.current_trick().is_empty());
        }
        if i >= at && shows.is_none() && decider.status(&g) == Some(true) {
            let n = g.tricks().len() + usize::from(!g.current_trick().is_empty());
            shows = Some((i, n, seat, c));
        }
    }
    Some(Turning {
        trick,
        cards,
        part: part.map(|(c, _)| c),
        verdict,
        made: part.is_some_and(|(_, m)| m),
        shows: shows?,
        at,
    })
}

#[cfg(test)]
mod tests;
