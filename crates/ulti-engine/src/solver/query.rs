//! The solver's public question and answer types: [`Query`], [`Question`], [`Solution`],
//! [`CardValue`], [`ComponentResult`] and [`SolveError`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, Suit};
use crate::contract::{Bid, Contract, Scoring};
use crate::deal::Deal;
use crate::rules::{PlayError, RuleOptions};

/// Everything a solve needs: the position (deal + played cards), the bid and the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Query {
    /// The deal (its trump is used by trump contracts).
    pub deal: Deal,
    /// One contract or a compound bid.
    pub bid: Bid,
    /// Cards already played, in play order from trick 1.
    #[serde(default)]
    pub played: Vec<Card>,
    /// House rules.
    #[serde(default)]
    pub rules: RuleOptions,
    /// Also score every legal card of the player to move.
    #[serde(default)]
    pub all_cards: bool,
    /// Scoring options for compound-bid payoffs.
    #[serde(default)]
    pub scoring: Scoring,
    /// Also compute one optimal line to the end of play (on by default).
    #[serde(default = "yes")]
    pub line: bool,
    /// Solve the bid for its payoff (shared/RULES.md scoring) even when it is a single
    /// contract; compound bids are always solved for their payoff.
    #[serde(default)]
    pub payoff: bool,
    /// Point contracts: the exact card points, or only whether the soloist wins.
    #[serde(default)]
    pub question: Question,
}

/// What a point contract's solve answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// The exact card points the soloist can force (and with them, the outcome).
    #[default]
    Exact,
    /// Only whether the soloist wins (does a 40-100 reach 100?): one zero-window search at the
    /// contract's threshold, usually far cheaper than the exact points. `soloist_points` (of
    /// the position and of each card) is then `None`.
    WinLose,
}

fn yes() -> bool {
    true
}

impl Query {
    /// A query for the start of play with default rules.
    #[must_use]
    pub fn new(deal: Deal, bid: Bid) -> Query {
        Query {
            deal,
            bid,
            played: Vec::new(),
            rules: RuleOptions::default(),
            all_cards: false,
            scoring: Scoring::default(),
            line: true,
            payoff: false,
            question: Question::Exact,
        }
    }
}

/// A query that cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// A played card breaks a rule.
    #[error("played card {index} ({card}): {error}")]
    IllegalPlay {
        /// 1-based position in the played list.
        index: usize,
        /// The card.
        card: Card,
        /// The rule it breaks.
        error: PlayError,
    },
}

/// The result of one legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// Does the soloist win the bid after this card, with best play from then on?
    pub soloist_wins: bool,
    /// Point contracts: the card points the soloist can force after this card.
    pub soloist_points: Option<u32>,
    /// Compound bids: the payoff after this card.
    pub payoff: Option<i32>,
}

/// One component of a bid as it ends: on a solver's returned line, or in a game played out (a
/// plain ulti carries its passz as a component).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentResult {
    /// The component.
    pub contract: Contract,
    /// Did the soloist make it?
    pub won: bool,
    /// Its payoff per defender (positive: the soloist is paid).
    pub payoff: i32,
}

impl std::fmt::Display for ComponentResult {
    /// The part as `ulti solve` prints it: "40-100 ✘ -4".
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mark = if self.won { '✔' } else { '✘' };
        write!(f, "{} {mark} {:+}", self.contract, self.payoff)
    }
}

impl ComponentResult {
    /// The parts, comma-separated: "40-100 ✘ -4, ulti ✔ +4".
    #[must_use]
    pub fn list(parts: &[ComponentResult]) -> String {
        parts
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", ")
    }

    /// A compound bid's score as `ulti solve` prints it: "+0 (40-100 ✘ -4, ulti ✔ +4)".
    #[must_use]
    pub fn score(payoff: i32, parts: &[ComponentResult]) -> String {
        format!("{payoff:+} ({})", ComponentResult::list(parts))
    }
}

/// The answer to a [`Query`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The bid solved.
    pub bid: Bid,
    /// The trump suit, `None` for no-trump contracts.
    pub trump: Option<Suit>,
    /// Does the soloist hold the prerequisites?
    pub playable: bool,
    /// Why not, when not playable.
    pub unplayable_reason: Option<String>,
    /// Does the soloist win under best play? For a payoff solve (a compound bid, or
    /// [`Query::payoff`]): every component of the bid, the implicit passz included.
    pub soloist_wins: Option<bool>,
    /// Point contracts: the exact card points the soloist can force (including those taken).
    pub soloist_points: Option<u32>,
    /// Payoff solves (compound bids, or [`Query::payoff`]): the game-theoretic payoff per
    /// defender.
    pub payoff: Option<i32>,
    /// Compound bids: each component's outcome on the returned line (needs the line).
    pub components: Vec<ComponentResult>,
    /// One optimal line: every remaining card in play order (empty when not asked for).
    pub line: Vec<Card>,
    /// With `all_cards`: the value of each legal card of the player to move.
    pub cards: Vec<CardValue>,
    /// Search nodes visited.
    pub nodes: u64,
}
