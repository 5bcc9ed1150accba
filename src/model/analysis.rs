//! The whole-deal analysis the pool computes: the full table (every contract × every trump)
//! and the value of every standard bid. Pure bookkeeping: which cells are done, the results
//! panel's rows for one trump, the best bid.

use ulti_engine::{
    Announcement, BidValue, Contract, Deal, Question, RuleOptions, Suit, best_bid,
    standard_announcements, table_slots,
};

use crate::model::results::{ContractResult, Status};
use crate::protocol::CellAnswer;

/// The key of a deal's analysis: the hands (the trump digit normalised, since the table covers
/// every trump) and the house rules.
#[must_use]
pub fn analysis_key(deal: &Deal, rules: RuleOptions) -> String {
    format!(
        "{}/{}{}",
        deal.with_trump(Suit::Piros).code(),
        u8::from(rules.must_beat_after_trump),
        u8::from(rules.marriage_needs_trick)
    )
}

/// The `data-trump` value of a cell: the suit letter, `none` for no-trump contracts.
#[must_use]
pub fn trump_id(trump: Option<Suit>) -> String {
    trump.map_or_else(|| "none".to_string(), |t| t.letter().to_string())
}

/// One cell of the full table.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The contract.
    pub contract: Contract,
    /// Its trump (`None` for betli and colourless durchmars).
    pub trump: Option<Suit>,
    /// Where it stands (`Unplayable` carries the reason).
    pub status: Status,
    /// Point contracts: the soloist's forced card points, once solved and playable.
    pub points: Option<u32>,
    /// Point contracts: are the exact card points still wanted (false after Cancel)?
    pub points_wanted: bool,
    /// Worker time, ms.
    pub ms: Option<f64>,
}

impl Cell {
    fn answered(&mut self, answer: Result<&CellAnswer, String>, ms: f64) {
        self.ms = Some(self.ms.map_or(ms, |before| before + ms));
        match answer {
            Ok(a) => {
                self.status = if !a.playable {
                    Status::Unplayable(a.unplayable_reason.clone().unwrap_or_default())
                } else if a.soloist_wins == Some(true) {
                    Status::Wins
                } else {
                    Status::Loses
                };
                // A verdict-only answer keeps points that came first (another worker).
                self.points = a.soloist_points.or(self.points).filter(|_| a.playable);
            }
            Err(message) => self.status = Status::Failed(message),
        }
    }

    /// The questions still to ask for this cell, the verdict first: a point contract is asked
    /// for its verdict (one cheap search, shown at once) and then for its exact card points.
    #[must_use]
    pub fn questions(&self) -> Vec<Question> {
        let point = self.contract.is_point_contract();
        match self.status {
            Status::Pending | Status::Cancelled if point => {
                vec![Question::WinLose, Question::Exact]
            }
            Status::Pending | Status::Cancelled => vec![Question::Exact],
            Status::Wins | Status::Loses if point && self.points.is_none() => {
                vec![Question::Exact]
            }
            _ => Vec::new(),
        }
    }

    /// A point contract whose verdict is in and whose exact card points are still wanted.
    #[must_use]
    pub fn points_pending(&self) -> bool {
        matches!(self.status, Status::Wins | Status::Loses)
            && self.contract.is_point_contract()
            && self.points.is_none()
            && self.points_wanted
    }
}

/// The full table: 30 cells in [`table_slots`] order.
#[derive(Clone, Debug, PartialEq)]
pub struct Table {
    /// The cells.
    pub cells: Vec<Cell>,
}

impl Default for Table {
    fn default() -> Table {
        Table::pending()
    }
}

impl Table {
    /// Every cell pending.
    #[must_use]
    pub fn pending() -> Table {
        Table {
            cells: table_slots()
                .into_iter()
                .map(|(contract, trump)| Cell {
                    contract,
                    trump,
                    status: Status::Pending,
                    points: None,
                    points_wanted: true,
                    ms: None,
                })
                .collect(),
        }
    }

    /// Number of cells.
    #[must_use]
    pub fn total(&self) -> usize {
        self.cells.len()
    }

    /// Cells answered in full (solved with their points, unplayable or failed; cancelled ones
    /// are not done).
    #[must_use]
    pub fn done(&self) -> usize {
        self.cells
            .iter()
            .filter(|c| c.questions().is_empty())
            .count()
    }

    /// Is every cell answered?
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.done() == self.total()
    }

    /// Record the answer for cell `index`.
    pub fn answer(&mut self, index: usize, answer: Result<&CellAnswer, String>, ms: f64) {
        if let Some(cell) = self.cells.get_mut(index) {
            cell.answered(answer, ms);
        }
    }

    /// Mark the unanswered cells cancelled (and card points not in yet unwanted).
    pub fn cancel(&mut self) {
        for c in &mut self.cells {
            if c.status == Status::Pending {
                c.status = Status::Cancelled;
            }
            c.points_wanted = c.points.is_some();
        }
    }

    /// Ask again for what Cancel dropped.
    pub fn resume(&mut self) {
        for c in &mut self.cells {
            if c.status == Status::Cancelled {
                c.status = Status::Pending;
            }
            c.points_wanted = true;
        }
    }

    /// Is `index` one of the cells shown for `trump` (its trump contracts and the no-trump
    /// ones)?
    #[must_use]
    pub fn is_for_trump(&self, index: usize, trump: Suit) -> bool {
        self.cells
            .get(index)
            .is_some_and(|c| c.trump.is_none_or(|t| t == trump))
    }

    /// The cell indices in solving order: those of `trump` first, then the rest.
    #[must_use]
    pub fn order_for(&self, trump: Suit) -> Vec<usize> {
        let (mut first, rest): (Vec<usize>, Vec<usize>) =
            (0..self.total()).partition(|&i| self.is_for_trump(i, trump));
        first.extend(rest);
        first
    }

    /// The results panel's rows for `trump`: one per contract, in [`Contract::ALL`] order.
    #[must_use]
    pub fn results_for(&self, trump: Suit) -> Vec<ContractResult> {
        Contract::ALL
            .iter()
            .map(|&contract| {
                let cell = self
                    .cells
                    .iter()
                    .find(|c| c.contract == contract && c.trump.is_none_or(|t| t == trump));
                match cell {
                    Some(c) => ContractResult {
                        contract,
                        status: c.status.clone(),
                        points: c.points,
                        points_pending: c.points_pending(),
                        line: Vec::new(),
                        ms: c.ms,
                    },
                    None => ContractResult::pending(contract),
                }
            })
            .collect()
    }
}

/// One row of the bid values.
#[derive(Clone, Debug, PartialEq)]
pub struct BidValueRow {
    /// The announcement.
    pub announcement: Announcement,
    /// Its value once answered.
    pub value: Option<BidValue>,
    /// The engine's error, if any.
    pub error: Option<String>,
    /// Cancelled before it was answered.
    pub cancelled: bool,
}

impl BidValueRow {
    /// The `data-bid-id` value.
    #[must_use]
    pub fn id(&self) -> String {
        self.announcement.id()
    }

    /// Is the answer in?
    #[must_use]
    pub fn is_done(&self) -> bool {
        self.value.is_some() || self.error.is_some()
    }
}

/// The value of every standard bid, in [`standard_announcements`] order.
#[derive(Clone, Debug, PartialEq)]
pub struct Bids {
    /// The rows.
    pub rows: Vec<BidValueRow>,
}

impl Default for Bids {
    fn default() -> Bids {
        Bids::pending()
    }
}

impl Bids {
    /// Every standard bid pending.
    #[must_use]
    pub fn pending() -> Bids {
        Bids {
            rows: standard_announcements()
                .into_iter()
                .map(|announcement| BidValueRow {
                    announcement,
                    value: None,
                    error: None,
                    cancelled: false,
                })
                .collect(),
        }
    }

    /// Rows answered.
    #[must_use]
    pub fn done(&self) -> usize {
        self.rows.iter().filter(|r| r.is_done()).count()
    }

    /// Is every row answered?
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.done() == self.rows.len()
    }

    /// Record the answer for row `index`.
    pub fn answer(&mut self, index: usize, answer: Result<BidValue, String>) {
        if let Some(row) = self.rows.get_mut(index) {
            match answer {
                Ok(v) => row.value = Some(v),
                Err(e) => row.error = Some(e),
            }
        }
    }

    /// Mark the unanswered rows cancelled.
    pub fn cancel(&mut self) {
        for r in self.rows.iter_mut().filter(|r| !r.is_done()) {
            r.cancelled = true;
        }
    }

    /// The id of the best bid (the engine's [`best_bid`]), once every bid is answered.
    #[must_use]
    pub fn best(&self) -> Option<String> {
        if self.rows.iter().any(|r| !r.is_done()) {
            return None;
        }
        let values: Vec<BidValue> = self.rows.iter().filter_map(|r| r.value.clone()).collect();
        best_bid(&values).map(|v| v.announcement.id())
    }
}

/// A signed payoff as players write it: `+4`, `−8` (a real minus sign), `0`.
#[must_use]
pub fn signed(n: i32) -> String {
    match n {
        0 => "0".to_string(),
        n if n > 0 => format!("+{n}"),
        n => format!("−{}", n.unsigned_abs()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::{Solver, table_cell};

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    fn cell_answer(deal: &Deal, contract: Contract, trump: Option<Suit>) -> CellAnswer {
        let c = table_cell(
            &mut Solver::new(),
            deal,
            contract,
            trump,
            RuleOptions::default(),
            false,
        );
        CellAnswer {
            playable: c.playable,
            unplayable_reason: c.unplayable_reason,
            soloist_wins: c.soloist_wins,
            soloist_points: c.soloist_points,
        }
    }

    #[test]
    fn the_key_ignores_the_trump_but_not_the_hands_or_rules() {
        let d = Deal::parse_code(STRONG).unwrap();
        let rules = RuleOptions::default();
        assert_eq!(
            analysis_key(&d, rules),
            analysis_key(&d.with_trump(Suit::Tok), rules)
        );
        let strict = RuleOptions {
            must_beat_after_trump: true,
            ..rules
        };
        assert_ne!(analysis_key(&d, rules), analysis_key(&d, strict));
        assert_eq!(trump_id(None), "none");
        assert_eq!(trump_id(Some(Suit::Zold)), "Z");
    }

    #[test]
    fn the_current_trumps_cells_come_first_and_feed_the_results_panel() {
        let d = Deal::parse_code(STRONG).unwrap();
        let mut table = Table::pending();
        assert_eq!(table.total(), 30);
        let order = table.order_for(Suit::Makk);
        assert_eq!(order.len(), 30);
        assert!(
            order[..9]
                .iter()
                .all(|&i| table.is_for_trump(i, Suit::Makk))
        );
        assert!(!table.is_for_trump(order[9], Suit::Makk));

        for &i in &order[..9] {
            let (c, t) = (table.cells[i].contract, table.cells[i].trump);
            let a = cell_answer(&d, c, t);
            table.answer(i, Ok(&a), 1.0);
        }
        assert_eq!(table.done(), 9);
        let rows = table.results_for(Suit::Makk);
        assert_eq!(rows.len(), 9);
        assert!(rows.iter().all(ContractResult::is_done));
        // Another trump's trump contracts are still pending; the no-trump ones are shared.
        let piros = table.results_for(Suit::Piros);
        assert_eq!(piros[0].status, Status::Pending);
        let betli = Contract::ALL
            .iter()
            .position(|&c| c == Contract::Betli)
            .unwrap();
        assert!(piros[betli].is_done());
        // Passz is a point contract: points shown once solved.
        assert!(rows[0].points.is_some());

        table.cancel();
        assert_eq!(table.done(), 9);
        assert!(!table.is_complete());
        assert_eq!(table.results_for(Suit::Piros)[0].status, Status::Cancelled);
    }

    fn cell_answer_to(deal: &Deal, contract: Contract, question: Question) -> CellAnswer {
        let mut q = ulti_engine::Query::new(*deal, ulti_engine::Bid::single(contract));
        q.line = false;
        q.question = question;
        let sol = Solver::new().solve(&q).unwrap();
        CellAnswer {
            playable: sol.playable,
            unplayable_reason: sol.unplayable_reason,
            soloist_wins: sol.soloist_wins,
            soloist_points: sol.soloist_points,
        }
    }

    #[test]
    fn a_point_cells_verdict_comes_first_and_its_points_right_after() {
        let d = Deal::parse_code(STRONG).unwrap();
        let mut table = Table::pending();
        let passz = (0..table.total())
            .find(|&i| {
                table.cells[i].contract == Contract::Passz && table.cells[i].trump == Some(d.trump)
            })
            .unwrap();
        let betli = (0..table.total())
            .find(|&i| table.cells[i].contract == Contract::Betli)
            .unwrap();
        assert_eq!(
            table.cells[passz].questions(),
            vec![Question::WinLose, Question::Exact]
        );
        assert_eq!(table.cells[betli].questions(), vec![Question::Exact]);
        let row = |t: &Table| t.results_for(d.trump)[0].clone();

        // The verdict: ✔/✘ shown, the row not done until its points are in.
        let verdict = cell_answer_to(&d, Contract::Passz, Question::WinLose);
        assert_eq!(verdict.soloist_points, None);
        table.answer(passz, Ok(&verdict), 0.1);
        assert_eq!(row(&table).status, Status::Wins);
        assert!(row(&table).points_pending && !row(&table).is_done());
        assert_eq!(table.cells[passz].questions(), vec![Question::Exact]);
        assert_eq!(table.done(), 0);

        // Cancel: no points will come, so nothing is pending; resuming asks again.
        table.cancel();
        assert!(!row(&table).points_pending && row(&table).is_done());
        table.resume();
        assert!(row(&table).points_pending);

        let exact = cell_answer_to(&d, Contract::Passz, Question::Exact);
        table.answer(passz, Ok(&exact), 0.3);
        assert_eq!(row(&table).points, exact.soloist_points);
        assert!(row(&table).is_done() && table.cells[passz].questions().is_empty());
        assert_eq!(table.done(), 1);
        // A late verdict (another worker) keeps the points.
        table.answer(passz, Ok(&verdict), 0.1);
        assert_eq!(row(&table).points, exact.soloist_points);
    }

    #[test]
    fn a_missing_prerequisite_is_an_unplayable_cell_without_points() {
        let d = Deal::parse_code(STRONG).unwrap();
        let mut table = Table::pending();
        let i = table
            .cells
            .iter()
            .position(|c| c.contract == Contract::Ulti && c.trump == Some(Suit::Piros))
            .unwrap();
        let a = cell_answer(&d, Contract::Ulti, Some(Suit::Piros));
        table.answer(i, Ok(&a), 1.0);
        // Piros VII is in the talon: ulti with trump Piros is not playable.
        assert_eq!(table.cells[i].status.id(), "unplayable");
        assert_eq!(table.cells[i].points, None);
    }

    #[test]
    fn the_best_bid_is_named_only_when_every_bid_is_in() {
        let d = Deal::parse_code(STRONG).unwrap();
        let mut bids = Bids::pending();
        assert_eq!(bids.rows.len(), standard_announcements().len());
        assert_eq!(bids.best(), None);
        let mut solver = Solver::new();
        let rules = RuleOptions::default();
        for i in 0..bids.rows.len() {
            let a = bids.rows[i].announcement.clone();
            let v = solver.bid_value(&d, &a, rules).unwrap();
            bids.answer(i, Ok(v));
            if i + 1 < bids.rows.len() {
                assert_eq!(bids.best(), None);
            }
        }
        let values: Vec<BidValue> = bids.rows.iter().filter_map(|r| r.value.clone()).collect();
        let best = best_bid(&values).unwrap();
        assert_eq!(bids.best(), Some(best.announcement.id()));
        assert!(
            best.payoff.unwrap() > 0,
            "the strong hand has a winning bid"
        );
    }
}
