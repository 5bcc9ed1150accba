//! Puzzles the solver can prove (GitHub issue 38): a position of a standard bid, every hand
//! open, where the seat to move has exactly one right answer.
//!
//! - [`judge`] decides whether a position is a puzzle: the seat to move, the verdict it keeps,
//!   the right cards (one card, or cards equivalent in the solver's sense: adjacent in rank with
//!   nothing live between them and the same value), every other legal card changing the verdict
//!   with the line that refutes it, and a difficulty from the solver's own features
//!   ([`features`]). It rejects trivial positions ([`Rejection`]): fewer than three distinct
//!   answers, an answer a simple rule finds ([`classes::simple_picks`]), an answer that
//!   matters only in the last trick.
//! - [`source`] turns a seed and an index into a candidate position (random and biased deals,
//!   trick 1 and mid-game, single contracts and compound bids, each rule set); [`generate`]
//!   examines a range of indices. A candidate depends on nothing but the seed and its index, so
//!   any split of the indices over threads or Ray tasks gives the same puzzles.
//! - [`record`] is the JSON of a puzzle file (`puzzles/set.json`); [`verify`] re-solves a
//!   record and checks its uniqueness and its refutations; [`calibrate`] lets a computer player
//!   try a puzzle from its own seat's view.
//!
//! The verdict is the one of `ulti solve --all-cards --json`: `soloist_wins`, or for a compound
//! bid the sign of `payoff`.

pub mod calibrate;
pub mod classes;
pub mod features;
pub mod generate;
mod judge;
pub mod record;
pub mod source;
pub mod turning;
pub mod verify;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::card::Card;
use crate::contract::Bid;
use crate::deal::{Deal, SOLOIST, Seat};
use crate::rules::{Game, PlayError, RuleOptions};
use crate::solver::{CardValue, Query, Question, Solution};

pub use features::{Band, Features};
pub use judge::{final_verdict, judge};

/// A position: a deal, a bid, the cards played so far and the house rules.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Position {
    /// The deal (its trump digit is the bid's trump).
    pub deal: Deal,
    /// A single contract or a compound bid.
    pub bid: Bid,
    /// Cards played from trick 1 on.
    pub played: Vec<Card>,
    /// House rules.
    pub rules: RuleOptions,
}

impl Position {
    /// The game at this position.
    ///
    /// # Errors
    /// The first played card that breaks a rule.
    pub fn game(&self) -> Result<Game, PlayError> {
        Game::with_played(&self.deal, &self.bid, self.rules, &self.played)
    }

    /// The query `ulti solve --all-cards` answers for this position (exact values).
    #[must_use]
    pub fn query(&self) -> Query {
        let mut q = Query::new(self.deal, self.bid.clone());
        q.played = self.played.clone();
        q.rules = self.rules;
        q.all_cards = true;
        q
    }

    /// The position after `cards` more.
    #[must_use]
    pub fn after(&self, cards: &[Card]) -> Position {
        let mut p = self.clone();
        p.played.extend_from_slice(cards);
        p
    }

    /// A query for this position that asks only the verdict and its line.
    #[must_use]
    pub fn line_query(&self) -> Query {
        let mut q = Query::new(self.deal, self.bid.clone());
        q.played = self.played.clone();
        q.rules = self.rules;
        q.question = Question::WinLose;
        q
    }
}

/// Which side a position favours under best play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// The soloist makes the bid (a compound bid: a positive payoff).
    SoloistWins,
    /// The defenders beat it (a compound bid: a negative payoff).
    SoloistLoses,
}

impl Verdict {
    /// The verdict of a solved position: `soloist_wins`, or the sign of a compound bid's
    /// payoff; `None` for a payoff of 0 (neither side's) or an unplayable bid.
    #[must_use]
    pub fn of_solution(sol: &Solution) -> Option<Verdict> {
        Verdict::from_parts(sol.soloist_wins, sol.payoff)
    }

    /// The verdict after one card (see [`Verdict::of_solution`]).
    #[must_use]
    pub fn of_card(v: &CardValue) -> Option<Verdict> {
        Verdict::from_parts(Some(v.soloist_wins), v.payoff)
    }

    fn from_parts(wins: Option<bool>, payoff: Option<i32>) -> Option<Verdict> {
        match payoff {
            Some(p) if p > 0 => Some(Verdict::SoloistWins),
            Some(p) if p < 0 => Some(Verdict::SoloistLoses),
            Some(_) => None,
            None => wins.map(|w| {
                if w {
                    Verdict::SoloistWins
                } else {
                    Verdict::SoloistLoses
                }
            }),
        }
    }

    /// The verdict a seat to move plays for: the soloist to make the bid, a defender to beat
    /// it.
    #[must_use]
    pub fn wanted_by(seat: Seat) -> Verdict {
        if seat == SOLOIST {
            Verdict::SoloistWins
        } else {
            Verdict::SoloistLoses
        }
    }

    /// The other verdict.
    #[must_use]
    pub fn flipped(self) -> Verdict {
        match self {
            Verdict::SoloistWins => Verdict::SoloistLoses,
            Verdict::SoloistLoses => Verdict::SoloistWins,
        }
    }
}

/// A position that is a puzzle, with its proof.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The position.
    pub position: Position,
    /// The seat to move (the soloist to make the bid, a defender to beat it).
    pub seat: Seat,
    /// The verdict the right cards keep (the one the seat to move plays for).
    pub verdict: Verdict,
    /// The right cards: one card or one class of equivalent cards, in index order.
    pub answer: Vec<Card>,
    /// The solver's line from the position, its first card a right one, to the end of play.
    pub line: Vec<Card>,
    /// Every other legal card with the solver's line after it (its refutation), up to the end
    /// of the trick where that line first differs from [`Puzzle::line`] in who takes a trick
    /// or its card points (where the refutation shows); in index order.
    pub refutations: Vec<(Card, Vec<Card>)>,
    /// The solver's features of the position.
    pub features: Features,
    /// The difficulty estimate, on the scale of a player's rating (see [`features`]).
    pub difficulty: u32,
}

/// Why a position is not a puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Rejection {
    /// A played card breaks a rule, or the game is over.
    Illegal,
    /// The soloist lacks the bid's prerequisites.
    Unplayable,
    /// A compound bid worth exactly 0: neither side's.
    NoVerdict,
    /// Fewer than three distinct legal answers.
    FewChoices,
    /// Every legal card keeps the verdict: nothing to find (the side to move is lost, or
    /// cannot go wrong).
    NoWrongCard,
    /// The right cards are more than one answer.
    SeveralAnswers,
    /// A simple rule finds the answer (the highest card, the lowest, the cheapest card that
    /// takes the trick, which is the low trump when void).
    SimpleRule,
    /// The right and the wrong cards differ only in the last trick.
    LastTrickOnly,
}

impl Rejection {
    /// Every reason, in order.
    pub const ALL: [Rejection; 8] = [
        Rejection::Illegal,
        Rejection::Unplayable,
        Rejection::NoVerdict,
        Rejection::FewChoices,
        Rejection::NoWrongCard,
        Rejection::SeveralAnswers,
        Rejection::SimpleRule,
        Rejection::LastTrickOnly,
    ];

    /// The reason's id in reports.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Rejection::Illegal => "illegal",
            Rejection::Unplayable => "unplayable",
            Rejection::NoVerdict => "no-verdict",
            Rejection::FewChoices => "few-choices",
            Rejection::NoWrongCard => "no-wrong-card",
            Rejection::SeveralAnswers => "several-answers",
            Rejection::SimpleRule => "simple-rule",
            Rejection::LastTrickOnly => "last-trick-only",
        }
    }
}

impl fmt::Display for Rejection {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}
