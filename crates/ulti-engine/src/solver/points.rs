//! Point contracts (passz, 40-100, 20-100): the exact card points or the outcome alone, and
//! how card points decide each contract.

use crate::card::Card;
use crate::contract::Contract;
use crate::deal::Deal;
use crate::rules::{Game, RuleOptions};

use super::{
    Solver, goal::Goal, line::Mode, line::Second, query::CardValue, query::Query, query::Solution,
};

/// How card points decide a point contract.
#[derive(Clone, Copy, Debug)]
pub(super) enum PointRule {
    /// At least this many card points.
    AtLeast(u32),
    /// Decided by the marriages alone.
    Always(bool),
    /// Marriages win, but only with a trick (`marriage_needs_trick`).
    SomeTrick,
    /// Only taking every trick wins (`marriage_needs_trick`).
    AllTricks,
}

impl Solver {
    pub(super) fn solve_points(&mut self, q: &Query, c: Contract, g: &Game, sol: &mut Solution) {
        let taken = self.setup(&q.deal, &q.played, Goal::Points);
        let v = self.exact();
        let total = (taken + v) as u32 * 10;
        sol.soloist_points = Some(total);
        let rule = self.point_rule(c, q.rules, q.deal.talon().points() as i32);
        let mut per_card = Vec::new();
        if q.all_cards {
            for card in g.legal_cards().iter() {
                let d = self.make(self.layout.int(card));
                let v = self.exact();
                self.unmake();
                per_card.push((card, (taken + d + v) as u32 * 10));
            }
        }
        // The board is at the query's position again: the line reuses the table.
        if q.line {
            sol.line = match rule {
                // A points-optimal line alone may lose (or give away) the trick that decides.
                PointRule::SomeTrick => self.line(q, Mode::Exact(v), Some(Second::SoloTricks(1))),
                PointRule::AllTricks => self.line(q, Mode::Exact(v), Some(Second::SoloTricks(10))),
                _ => self.line(q, Mode::Exact(v), None),
            };
        }
        sol.soloist_wins = Some(self.point_rule_wins(rule, &q.deal, &q.played, total));
        for (card, pts) in per_card {
            let mut after = q.played.clone();
            after.push(card);
            let wins = self.point_rule_wins(rule, &q.deal, &after, pts);
            sol.cards.push(CardValue {
                card,
                soloist_wins: wins,
                soloist_points: Some(pts),
                payoff: None,
            });
        }
    }

    /// A point contract's outcome alone ([`Question::WinLose`]): one threshold search where the
    /// card points decide, the tricks search where they do not.
    pub(super) fn solve_points_win_lose(
        &mut self,
        q: &Query,
        c: Contract,
        g: &Game,
        sol: &mut Solution,
    ) {
        let taken = self.setup(&q.deal, &q.played, Goal::Points);
        let rule = self.point_rule(c, q.rules, q.deal.talon().points() as i32);
        // The threshold of a goal that decides the outcome, on this board.
        let (goal, need) = match rule {
            PointRule::AtLeast(t) => (Goal::Points, t as i32 / 10 - taken),
            PointRule::SomeTrick => (Goal::SoloTricks, 1),
            PointRule::AllTricks => (Goal::SoloTricks, 10),
            // Decided by the marriages: any card keeps it; the line plays for card points.
            PointRule::Always(w) => {
                sol.soloist_wins = Some(w);
                for card in g.legal_cards().iter().filter(|_| q.all_cards) {
                    sol.cards.push(CardValue {
                        card,
                        soloist_wins: w,
                        soloist_points: None,
                        payoff: None,
                    });
                }
                if q.line {
                    let v = self.exact();
                    sol.line = self.line(q, Mode::Exact(v), None);
                }
                return;
            }
        };
        let need = if goal == Goal::Points {
            need
        } else {
            need - self.setup(&q.deal, &q.played, goal)
        };
        self.solve_threshold(q, g, sol, need);
    }

    /// How card points decide point contract `c` (shared/RULES.md); `talon` is the talon's card
    /// points (the defenders').
    pub(super) fn point_rule(&self, c: Contract, rules: RuleOptions, talon: i32) -> PointRule {
        match c {
            Contract::Negyven100 => PointRule::AtLeast(60),
            Contract::Husz100 => PointRule::AtLeast(80),
            _ => {
                // Passz: the smallest multiple of 10 that wins, 2s > 90 + md - ms, if the
                // soloist can take that many card points at all (at most 90 - talon).
                let (ms, md) = (self.spec.ms, self.spec.md);
                let most = 90 - talon;
                match (0..=most).step_by(10).find(|&s| 2 * s > 90 + md - ms) {
                    Some(0) if rules.marriage_needs_trick => PointRule::SomeTrick,
                    Some(0) => PointRule::Always(true),
                    Some(t) => PointRule::AtLeast(t as u32),
                    // No card points are enough against the defenders' marriages; with
                    // `marriage_needs_trick` taking every trick wins (theirs do not count, and
                    // 90 - talon >= 70 card points beat the talon's).
                    None if rules.marriage_needs_trick => PointRule::AllTricks,
                    None => PointRule::Always(false),
                }
            }
        }
    }

    /// Does the soloist win under `rule` when they can force `total` card points from the
    /// position after `played`? (The trick rules need a search of their own.)
    pub(super) fn point_rule_wins(
        &mut self,
        rule: PointRule,
        deal: &Deal,
        played: &[Card],
        total: u32,
    ) -> bool {
        match rule {
            PointRule::AtLeast(t) => total >= t,
            PointRule::Always(w) => w,
            PointRule::SomeTrick => self.can_force(deal, played, Goal::SoloTricks, 1),
            PointRule::AllTricks => self.can_force(deal, played, Goal::SoloTricks, 10),
        }
    }

    /// Can the soloist reach a total of `target` for `goal` from the position after `played`?
    pub(super) fn can_force(
        &mut self,
        deal: &Deal,
        played: &[Card],
        goal: Goal,
        target: i32,
    ) -> bool {
        let taken = self.setup(deal, played, goal);
        self.search(target - taken)
    }
}
