//! Win/lose contracts (ulti, betli, durchmars, négy ász, négy tízes): one threshold search
//! for the outcome, each legal card and a line that keeps it.

use crate::contract::Contract;
use crate::rules::Game;

use super::{
    Solver, goal::Goal, line::Mode, line::Second, query::CardValue, query::Query, query::Solution,
};

impl Solver {
    pub(super) fn win_lose_goal(c: Contract) -> (Goal, i32) {
        match c {
            Contract::Ulti => (Goal::Ulti, 1),
            Contract::Betli => (Goal::DefTricks, 10),
            Contract::Durchmars | Contract::DurchmarsAdu => (Goal::SoloTricks, 10),
            Contract::NegyAsz => (Goal::Aces, 4),
            Contract::NegyTizes => (Goal::Tens, 4),
            _ => unreachable!("point contracts are solved by solve_points"),
        }
    }

    pub(super) fn solve_win_lose(&mut self, q: &Query, c: Contract, g: &Game, sol: &mut Solution) {
        let (goal, target) = Self::win_lose_goal(c);
        let taken = self.setup(&q.deal, &q.played, goal);
        self.solve_threshold(q, g, sol, target - taken);
    }

    /// A win/lose answer on the board as set up: does the soloist reach `need` more, the same
    /// for each legal card, and a line that keeps the outcome (then plays for card points).
    pub(super) fn solve_threshold(&mut self, q: &Query, g: &Game, sol: &mut Solution, need: i32) {
        sol.soloist_wins = Some(self.search(need));
        for card in g.legal_cards().iter().filter(|_| q.all_cards) {
            let d = self.make(self.layout.int(card));
            let w = self.search(need - d);
            self.unmake();
            sol.cards.push(CardValue {
                card,
                soloist_wins: w,
                soloist_points: None,
                payoff: None,
            });
        }
        if q.line {
            sol.line = self.line(q, Mode::Threshold(need), Some(Second::Points));
        }
    }
}
