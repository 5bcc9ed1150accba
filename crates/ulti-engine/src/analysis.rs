//! Whole-deal analysis: every contract under every trump (the "table"), and what each
//! standard bid is worth.
//!
//! These are the answers the command line's `ulti table` / `ulti bids` and the web app show
//! for a freshly dealt hand (no cards played yet). Timing is left to the caller, since the
//! engine also runs in wasm, where `std::time::Instant` is not available.

use serde::{Deserialize, Serialize};

use crate::bids::{BidValue, standard_announcements};
use crate::card::{Card, Suit};
use crate::contract::{Bid, Contract};
use crate::deal::Deal;
use crate::rules::RuleOptions;
use crate::solver::{Query, Solver};

/// One cell of the table: a contract played with one trump (or without trumps).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableCell {
    /// The contract.
    pub contract: Contract,
    /// The trump suit; `None` for the no-trump contracts (betli, colourless durchmars).
    pub trump: Option<Suit>,
    /// Does the soloist hold the contract's prerequisites?
    pub playable: bool,
    /// Why not, when not playable.
    pub unplayable_reason: Option<String>,
    /// Does the soloist win under best play? `None` when not playable.
    pub soloist_wins: Option<bool>,
    /// Point contracts (passz, 40-100, 20-100): the card points the soloist can force.
    pub soloist_points: Option<u32>,
    /// Search nodes the solve visited.
    pub nodes: u64,
    /// One optimal line, when asked for (see [`table_cell`]); empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub line: Vec<Card>,
}

/// The cells of the table in display order: the contracts in [`Contract::ALL`] order, each
/// trump contract once per suit (Piros, Zöld, Makk, Tök), each no-trump contract once.
#[must_use]
pub fn table_slots() -> Vec<(Contract, Option<Suit>)> {
    Contract::ALL
        .into_iter()
        .flat_map(|c| {
            let trumps: Vec<Option<Suit>> = if c.has_trumps() {
                Suit::ALL.into_iter().map(Some).collect()
            } else {
                vec![None]
            };
            trumps.into_iter().map(move |t| (c, t))
        })
        .collect()
}

/// Solve one cell of the table from the start of play: `contract` with trump `trump` (the
/// deal's own trump is replaced; it is ignored for no-trump contracts), optionally with one
/// optimal line.
///
/// # Panics
/// Never: a start-of-play query has no played cards that could be illegal.
#[must_use]
pub fn table_cell(
    solver: &mut Solver,
    deal: &Deal,
    contract: Contract,
    trump: Option<Suit>,
    rules: RuleOptions,
    line: bool,
) -> TableCell {
    let deal = trump.map_or(*deal, |t| deal.with_trump(t));
    let mut q = Query::new(deal, Bid::single(contract));
    q.rules = rules;
    q.line = line;
    let sol = solver
        .solve(&q)
        .expect("a start-of-play query has no illegal played card");
    TableCell {
        contract,
        trump: sol.trump,
        playable: sol.playable,
        unplayable_reason: sol.unplayable_reason,
        soloist_wins: sol.soloist_wins,
        soloist_points: sol.soloist_points,
        nodes: sol.nodes,
        line: sol.line,
    }
}

/// Every contract under every trump for `deal` at the start of play (answers only, no
/// lines): 7 trump contracts × 4 suits + 2 no-trump contracts = 30 cells, in
/// [`table_slots`] order.
#[must_use]
pub fn table(solver: &mut Solver, deal: &Deal, rules: RuleOptions) -> Vec<TableCell> {
    table_slots()
        .into_iter()
        .map(|(c, t)| table_cell(solver, deal, c, t, rules, false))
        .collect()
}

/// The value of every standard bid ([`standard_announcements`]) for `deal`, in that order.
/// Pick the best with [`crate::best_bid`].
///
/// # Panics
/// Never: a start-of-play query has no played cards that could be illegal.
#[must_use]
pub fn bids(solver: &mut Solver, deal: &Deal, rules: RuleOptions) -> Vec<BidValue> {
    standard_announcements()
        .iter()
        .map(|a| {
            solver
                .bid_value(deal, a, rules)
                .expect("a start-of-play query has no illegal played card")
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bids::best_bid;
    use crate::rules::Game;

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";
    const GREAT_BETLI: &str = "0202122232425262700013736351514021334331207060504031716323111";

    fn deal(code: &str) -> Deal {
        Deal::parse_code(code).unwrap()
    }

    #[test]
    fn slots_cover_every_contract_and_trump_once() {
        let slots = table_slots();
        assert_eq!(slots.len(), 7 * 4 + 2);
        let mut dedup = slots.clone();
        dedup.sort();
        dedup.dedup();
        assert_eq!(dedup.len(), slots.len());
        assert_eq!(slots[0], (Contract::Passz, Some(Suit::Piros)));
        assert!(slots.contains(&(Contract::Betli, None)));
        assert!(slots.contains(&(Contract::Durchmars, None)));
        assert!(!slots.contains(&(Contract::Betli, Some(Suit::Piros))));
    }

    #[test]
    fn table_cells_agree_with_single_solves() {
        let d = deal(STRONG);
        let mut solver = Solver::new();
        let cells = table(&mut solver, &d, RuleOptions::default());
        assert_eq!(cells.len(), 30);
        for cell in &cells {
            assert!(cell.line.is_empty(), "no lines unless asked");
            let deal = cell.trump.map_or(d, |t| d.with_trump(t));
            let mut q = Query::new(deal, Bid::single(cell.contract));
            q.line = false;
            let sol = Solver::new().solve(&q).unwrap();
            assert_eq!(cell.playable, sol.playable, "{cell:?}");
            assert_eq!(cell.soloist_wins, sol.soloist_wins, "{cell:?}");
            assert_eq!(cell.soloist_points, sol.soloist_points, "{cell:?}");
            assert_eq!(cell.trump.is_some(), cell.contract.has_trumps());
            if cell.playable {
                assert!(cell.soloist_wins.is_some());
                assert_eq!(
                    cell.soloist_points.is_some(),
                    cell.contract.is_point_contract()
                );
            } else {
                assert!(cell.unplayable_reason.is_some());
                assert_eq!(cell.soloist_wins, None);
            }
        }
    }

    #[test]
    fn unplayable_cells_say_why() {
        // The strong hand holds the Piros marriage (PK, PO) but not the Zöld one.
        let d = deal(STRONG);
        let mut solver = Solver::new();
        let p = table_cell(
            &mut solver,
            &d,
            Contract::Negyven100,
            Some(Suit::Piros),
            RuleOptions::default(),
            false,
        );
        assert!(p.playable);
        let hand = d.hand(0);
        let zold_marriage =
            hand.contains("ZK".parse().unwrap()) && hand.contains("ZO".parse().unwrap());
        let z = table_cell(
            &mut solver,
            &d,
            Contract::Negyven100,
            Some(Suit::Zold),
            RuleOptions::default(),
            false,
        );
        assert_eq!(z.playable, zold_marriage);
        if !z.playable {
            assert!(z.unplayable_reason.unwrap().contains("40-100"));
        }
    }

    #[test]
    fn asked_for_lines_replay_to_the_cell_result() {
        let d = deal(GREAT_BETLI);
        let mut solver = Solver::new();
        let cell = table_cell(
            &mut solver,
            &d,
            Contract::Betli,
            None,
            RuleOptions::default(),
            true,
        );
        assert!(cell.playable);
        assert_eq!(cell.line.len(), 30);
        let mut g = Game::new(&d, &Bid::single(Contract::Betli), RuleOptions::default());
        for &c in &cell.line {
            g.play(c).unwrap();
        }
        assert_eq!(Some(g.outcome(Contract::Betli)), cell.soloist_wins);
    }

    #[test]
    fn bids_cover_the_standard_announcements_and_a_best_exists() {
        let d = deal(STRONG);
        let mut solver = Solver::new();
        let values = bids(&mut solver, &d, RuleOptions::default());
        let all = standard_announcements();
        assert_eq!(values.len(), all.len());
        for (v, a) in values.iter().zip(&all) {
            assert_eq!(&v.announcement, a);
            assert_eq!(v.payoff.is_some(), v.playable, "{}", a.id());
            if v.playable {
                let sum: i32 = v.components.iter().map(|c| c.payoff).sum();
                assert_eq!(Some(sum), v.payoff, "components add up for {}", a.id());
            }
        }
        let best = best_bid(&values).expect("passz is always playable");
        assert!(
            values
                .iter()
                .filter(|v| v.playable)
                .all(|v| v.payoff <= best.payoff)
        );
    }
}
