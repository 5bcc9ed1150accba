//! The per-contract results shown in the results panel, built from the engine's [`Solution`].

use ulti_engine::{Card, Contract, Solution};

/// Where one contract's solve stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// Not answered yet.
    Pending,
    /// The soloist wins under best play.
    Wins,
    /// The defenders beat it.
    Loses,
    /// The soloist lacks a prerequisite (the reason).
    Unplayable(String),
    /// The solve was cancelled before this contract.
    Cancelled,
    /// The engine rejected the query (its message).
    Failed(String),
}

impl Status {
    /// The `data-status` value of the DOM contract.
    #[must_use]
    pub fn id(&self) -> &'static str {
        match self {
            Status::Pending => "pending",
            Status::Wins => "wins",
            Status::Loses => "loses",
            Status::Unplayable(_) => "unplayable",
            Status::Cancelled => "cancelled",
            Status::Failed(_) => "failed",
        }
    }
}

/// One contract's row.
#[derive(Clone, Debug, PartialEq)]
pub struct ContractResult {
    /// The contract.
    pub contract: Contract,
    /// Its status.
    pub status: Status,
    /// Point contracts: the card points the soloist can force.
    pub points: Option<u32>,
    /// A point contract whose verdict is in and whose exact card points are still coming.
    pub points_pending: bool,
    /// One optimal line (30 cards) once solved and playable.
    pub line: Vec<Card>,
    /// Solve time in the worker, ms.
    pub ms: Option<f64>,
}

impl ContractResult {
    /// A row still waiting for its answer.
    #[must_use]
    pub fn pending(contract: Contract) -> ContractResult {
        ContractResult {
            contract,
            status: Status::Pending,
            points: None,
            points_pending: false,
            line: Vec::new(),
            ms: None,
        }
    }

    /// The row for an engine answer.
    #[must_use]
    pub fn from_solution(contract: Contract, solution: Solution, ms: f64) -> ContractResult {
        let status = if !solution.playable {
            Status::Unplayable(solution.unplayable_reason.unwrap_or_default())
        } else if solution.soloist_wins == Some(true) {
            Status::Wins
        } else {
            Status::Loses
        };
        ContractResult {
            contract,
            status,
            points: solution.soloist_points,
            points_pending: false,
            line: solution.line,
            ms: Some(ms),
        }
    }

    /// Is the answer in (whatever it is)?
    #[must_use]
    pub fn is_done(&self) -> bool {
        !matches!(self.status, Status::Pending) && !self.points_pending
    }
}

/// One pending row per contract, in the order of [`Contract::ALL`].
#[must_use]
pub fn all_pending() -> Vec<ContractResult> {
    Contract::ALL
        .iter()
        .map(|&c| ContractResult::pending(c))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::{Bid, Deal, Query, Solver};

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    #[test]
    fn solutions_become_rows_with_status_points_and_line() {
        let deal = Deal::parse_code(STRONG).unwrap();
        let mut solver = Solver::new();
        let solve =
            |solver: &mut Solver, c| solver.solve(&Query::new(deal, Bid::single(c))).unwrap();

        let passz = ContractResult::from_solution(
            Contract::Passz,
            solve(&mut solver, Contract::Passz),
            1.0,
        );
        assert!(matches!(passz.status, Status::Wins | Status::Loses));
        assert!(passz.points.is_some());
        assert_eq!(passz.line.len(), 30);
        assert!(passz.is_done());

        let betli = ContractResult::from_solution(
            Contract::Betli,
            solve(&mut solver, Contract::Betli),
            1.0,
        );
        assert_eq!(betli.points, None);
        assert_ne!(betli.status, Status::Pending);

        let rows = all_pending();
        assert_eq!(rows.len(), 9);
        assert_eq!(rows[2].contract, Contract::Ulti);
        assert_eq!(rows[0].status.id(), "pending");
    }

    #[test]
    fn a_missing_prerequisite_is_unplayable_with_its_reason() {
        // The strong hand's talon holds Piros VII, the trump VII: no ulti for the soloist.
        let deal = Deal::parse_code(STRONG).unwrap();
        let sol = Solver::new()
            .solve(&Query::new(deal, Bid::single(Contract::Ulti)))
            .unwrap();
        let row = ContractResult::from_solution(Contract::Ulti, sol, 0.5);
        assert_eq!(row.status.id(), "unplayable");
        match row.status {
            Status::Unplayable(reason) => assert!(reason.contains("VII"), "{reason}"),
            other => panic!("expected unplayable, got {other:?}"),
        }
        assert!(row.line.is_empty());
    }
}
