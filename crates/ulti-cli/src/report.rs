//! The JSON the command line prints (shared/FORMATS.md "Command-line solver"). Suits are
//! always their letter (`"P"`, `"Z"`, `"M"`, `"T"`), `null` for no-trump contracts.

use std::time::Duration;

use serde::Serialize;
use ulti_engine::{
    BidValue, Card, CardValue, ComponentResult, Query, RuleOptions, Solution, Suit, TableCell,
};

/// Milliseconds, rounded to the microsecond.
#[must_use]
pub fn millis(d: Duration) -> f64 {
    (d.as_secs_f64() * 1e6).round() / 1e3
}

fn letter(s: Option<Suit>) -> Option<char> {
    s.map(Suit::letter)
}

/// `ulti solve --json`, and each line of `ulti batch`.
#[derive(Debug, Serialize)]
pub struct SolveReport {
    /// The bid as given (canonical order), e.g. `40-100+ulti`.
    pub contract: String,
    /// Trump letter, `null` for no-trump contracts.
    pub trump: Option<char>,
    /// Does the soloist hold the prerequisites?
    pub playable: bool,
    /// Why not, when not playable.
    pub unplayable_reason: Option<String>,
    /// Does the soloist win under best play?
    pub soloist_wins: Option<bool>,
    /// Point contracts: the card points the soloist can force.
    pub soloist_points: Option<u32>,
    /// Compound bids: the payoff per defender under best play.
    pub payoff: Option<i32>,
    /// Compound bids: each component on the returned line.
    pub components: Vec<ComponentResult>,
    /// One optimal line from the position to the end of play.
    pub line: Vec<Card>,
    /// With `--all-cards`: every legal card of the player to move.
    pub cards: Vec<CardValue>,
    /// Search nodes.
    pub nodes: u64,
    /// Time of the solve in milliseconds.
    pub ms: f64,
    /// The deal code as given.
    pub deal: String,
    /// The cards played before the position.
    pub played: Vec<Card>,
    /// The house rules used.
    pub rules: RuleOptions,
}

impl SolveReport {
    /// The report of `sol`, the answer to `q` (whose deal was given as `code`), found in
    /// `elapsed`.
    #[must_use]
    pub fn new(code: &str, q: &Query, sol: Solution, elapsed: Duration) -> SolveReport {
        SolveReport {
            contract: sol.bid.to_string(),
            trump: letter(sol.trump),
            playable: sol.playable,
            unplayable_reason: sol.unplayable_reason,
            soloist_wins: sol.soloist_wins,
            soloist_points: sol.soloist_points,
            payoff: sol.payoff,
            components: sol.components,
            line: sol.line,
            cards: sol.cards,
            nodes: sol.nodes,
            ms: millis(elapsed),
            deal: code.trim().to_string(),
            played: q.played.clone(),
            rules: q.rules,
        }
    }
}

/// One cell of `ulti table --json`.
#[derive(Debug, Serialize)]
pub struct CellReport {
    /// Contract id.
    pub contract: String,
    /// Trump letter, `null` for no-trump contracts.
    pub trump: Option<char>,
    /// Does the soloist hold the prerequisites?
    pub playable: bool,
    /// Why not, when not playable.
    pub unplayable_reason: Option<String>,
    /// Does the soloist win under best play?
    pub soloist_wins: Option<bool>,
    /// Point contracts: the card points the soloist can force.
    pub soloist_points: Option<u32>,
    /// Search nodes.
    pub nodes: u64,
    /// Time of the solve in milliseconds.
    pub ms: f64,
}

impl CellReport {
    /// The report of a table cell solved in `elapsed`.
    #[must_use]
    pub fn new(cell: TableCell, elapsed: Duration) -> CellReport {
        CellReport {
            contract: cell.contract.id().to_string(),
            trump: letter(cell.trump),
            playable: cell.playable,
            unplayable_reason: cell.unplayable_reason,
            soloist_wins: cell.soloist_wins,
            soloist_points: cell.soloist_points,
            nodes: cell.nodes,
            ms: millis(elapsed),
        }
    }
}

/// One bid of `ulti table --json` / `ulti bids --json`.
#[derive(Debug, Serialize)]
pub struct BidReport {
    /// The bid's id with its form, e.g. `40-100+ulti@Z`, `betli@teritett`.
    pub id: String,
    /// The name players use, e.g. "40-100 ulti (Zöld)".
    pub name: String,
    /// Does the soloist hold the prerequisites?
    pub playable: bool,
    /// Payoff per defender under best play.
    pub payoff: Option<i32>,
    /// Does the soloist win every component?
    pub soloist_wins: Option<bool>,
    /// Each component on one optimal line.
    pub components: Vec<ComponentResult>,
}

impl From<&BidValue> for BidReport {
    fn from(v: &BidValue) -> BidReport {
        BidReport {
            id: v.announcement.id(),
            name: v.announcement.hungarian(),
            playable: v.playable,
            payoff: v.payoff,
            soloist_wins: v.soloist_wins,
            components: v.components.clone(),
        }
    }
}

/// `ulti table --json` (`cells` present) and `ulti bids --json` (`cells` absent).
#[derive(Debug, Serialize)]
pub struct DealReport {
    /// The deal code as given.
    pub deal: String,
    /// The house rules used.
    pub rules: RuleOptions,
    /// Every contract under every trump.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cells: Option<Vec<CellReport>>,
    /// Every standard bid.
    pub bids: Vec<BidReport>,
    /// The id of the bid with the highest payoff among the playable ones.
    pub best_bid: Option<String>,
}
