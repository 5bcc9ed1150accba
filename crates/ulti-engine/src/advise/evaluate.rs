//! Solving sampled layouts: every standard bid of a fresh deal, or every legal card of a
//! position. A [`Task`] is one sampled layout and what to compute; an [`Executor`] runs a
//! batch of them (one [`Solver`] in order, or the caller's threads).

use std::sync::{Arc, LazyLock};

use serde::{Deserialize, Serialize};

use crate::bids::{Announcement, standard_announcements};
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract, Scoring, component_payoff};
use crate::deal::{Deal, SOLOIST};
use crate::rules::RuleOptions;
use crate::solver::{CardValue, Query, Question, Solver};

/// The standard bids, and the distinct solves that answer them: a bid of one component is
/// won or lost alike in all its scoring forms (piros betli, terített durchmars …), so those
/// share one solve; compound bids are solved exactly for their payoff, form by form.
pub(crate) struct BidPlan {
    pub(crate) announcements: Vec<Announcement>,
    /// The solves: bid, trump, scoring.
    solves: Vec<(Bid, Option<Suit>, Scoring)>,
    /// For each announcement, its solve.
    solve_of: Vec<usize>,
    /// For each solve of plain ulti durchmars, the solve of its terített form.
    teritett_of: Vec<Option<usize>>,
}

pub(crate) static PLAN: LazyLock<BidPlan> = LazyLock::new(|| {
    let announcements = standard_announcements();
    let mut solves: Vec<(Bid, Option<Suit>, Scoring)> = Vec::new();
    let solve_of = announcements
        .iter()
        .map(|a| {
            let scoring = if a.bid.components().len() == 1 {
                Scoring::default()
            } else {
                a.scoring
            };
            let key = (a.bid.clone(), a.trump, scoring);
            solves.iter().position(|k| *k == key).unwrap_or_else(|| {
                solves.push(key);
                solves.len() - 1
            })
        })
        .collect();
    let ulti_durchmars: Bid = "ulti+durchmars-adu".parse().expect("a standard bid");
    let teritett_of = solves
        .iter()
        .map(|(bid, trump, scoring)| {
            (*bid == ulti_durchmars && !scoring.teritett)
                .then(|| {
                    solves.iter().position(|(b, t, s)| {
                        *b == ulti_durchmars
                            && t == trump
                            && s.teritett
                            && s.kontra == scoring.kontra
                    })
                })
                .flatten()
        })
        .collect();
    BidPlan {
        announcements,
        solves,
        solve_of,
        teritett_of,
    }
});

/// The outcome of one bid on one layout: `None` when the soloist cannot play it.
pub type BidOutcome = Option<(bool, i32)>;

/// The outcome of one bid on one layout of the bid race, which may leave a payoff open.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) enum RaceOutcome {
    /// Won or lost, and the payoff.
    Exact(bool, i32),
    /// Lost, with a payoff in `lo..=hi`: a compound none of whose parts the soloist makes
    /// alone and one they lose alone, whose exact payoff (one more search, often the
    /// costliest of the layout) the race asks for only when a decision depends on it.
    Open(i32, i32),
}

/// One sampled layout and what to compute for it. Serializable (also with bincode), so that
/// it can be sent to a worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Task(Kind);

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
enum Kind {
    /// The standard bids of a fresh deal that are still in contention (`wanted`, by
    /// announcement); with `open`, the payoffs of compounds lost on every part alone are
    /// left as bounds ([`RaceOutcome::Open`]).
    Bids {
        deal: Deal,
        rules: RuleOptions,
        wanted: Arc<[bool]>,
        open: bool,
    },
    /// Every legal card of the player to move.
    Cards {
        deal: Deal,
        bid: Bid,
        played: Arc<[Card]>,
        rules: RuleOptions,
        points: bool,
    },
}

/// What a [`Task`] found. Serializable (also with bincode).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct TaskResult(Answer);

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub(crate) enum Answer {
    /// Per standard announcement ([`standard_announcements`] order).
    Bids(Vec<BidOutcome>),
    /// Per standard announcement, some payoffs left open.
    Race(Vec<Option<RaceOutcome>>),
    /// Per legal card.
    Cards(Vec<CardValue>),
}

impl TaskResult {
    pub(crate) fn into_answer(self) -> Answer {
        self.0
    }

    /// A bid task's outcomes, in [`standard_announcements`] order.
    #[must_use]
    pub fn bid_outcomes(&self) -> Option<&[BidOutcome]> {
        match &self.0 {
            Answer::Bids(v) => Some(v),
            Answer::Race(_) | Answer::Cards(_) => None,
        }
    }
}

impl Task {
    /// The bids a bid task asks for (none for a cards task).
    #[cfg(test)]
    pub(crate) fn wanted(&self) -> &[bool] {
        match &self.0 {
            Kind::Bids { wanted, .. } => wanted,
            Kind::Cards { .. } => &[],
        }
    }

    pub(crate) fn bids(deal: Deal, rules: RuleOptions, wanted: Arc<[bool]>, open: bool) -> Task {
        Task(Kind::Bids {
            deal,
            rules,
            wanted,
            open,
        })
    }

    /// Every standard bid on a full deal at the start of play (for judging advice against
    /// the double-dummy truth).
    #[must_use]
    pub fn every_bid(deal: Deal, rules: RuleOptions) -> Task {
        Task::bids(
            deal,
            rules,
            vec![true; PLAN.announcements.len()].into(),
            false,
        )
    }

    /// [`Task::every_bid`] for each of the soloist's 66 discards on the actual `deal` (seat
    /// 0's hand and the talon as dealt, the defenders' hands as they are), in the order of
    /// [`super::discards`] of those twelve cards: the double-dummy truth of every bid choice.
    #[must_use]
    pub fn every_discard(deal: &Deal, rules: RuleOptions) -> Vec<Task> {
        let twelve = CardSet(deal.hand(SOLOIST).0 | deal.talon().0);
        super::discards(twelve)
            .iter()
            .map(|d| {
                let talon: CardSet = d.iter().copied().collect();
                let hand = CardSet(twelve.0 & !talon.0);
                let actual = Deal::new(deal.trump, [hand, deal.hand(1), deal.hand(2)])
                    .expect("twelve less two plus the defenders' hands is a deal");
                Task::every_bid(actual, rules)
            })
            .collect()
    }

    pub(crate) fn cards(
        deal: Deal,
        bid: Bid,
        played: Arc<[Card]>,
        rules: RuleOptions,
        points: bool,
    ) -> Task {
        Task(Kind::Cards {
            deal,
            bid,
            played,
            rules,
            points,
        })
    }

    /// Solve the task with `solver` (answers only, no lines).
    ///
    /// # Panics
    /// Never for tasks made by the advisers: their layouts replay the played cards legally.
    #[must_use]
    pub fn run(&self, solver: &mut Solver) -> TaskResult {
        match &self.0 {
            Kind::Bids {
                deal,
                rules,
                wanted,
                open,
            } => {
                let v = bid_outcomes(solver, deal, *rules, wanted, *open);
                TaskResult(if *open {
                    Answer::Race(v)
                } else {
                    Answer::Bids(
                        v.into_iter()
                            .map(|o| {
                                o.map(|o| match o {
                                    RaceOutcome::Exact(won, payoff) => (won, payoff),
                                    RaceOutcome::Open(..) => unreachable!("nothing left open"),
                                })
                            })
                            .collect(),
                    )
                })
            }
            Kind::Cards {
                deal,
                bid,
                played,
                rules,
                points,
            } => {
                let mut q = Query::new(*deal, bid.clone());
                q.played = played.to_vec();
                q.rules = *rules;
                q.all_cards = true;
                q.line = false;
                // A point contract alone keeps its exact points when asked for; a bid of one
                // win/lose component (betli, durchmars) is solved for its own goal, many
                // times faster than as a payoff, and scored from the outcome; everything
                // else is solved for its payoff (the implicit passz of a plain ulti included),
                // which for a point contract is one threshold per card, far faster.
                let point = bid.as_single().filter(|c| *points && c.is_point_contract());
                let goal = bid
                    .as_single()
                    .filter(|c| !c.is_point_contract() && bid.components().len() == 1);
                q.payoff = point.is_none() && goal.is_none();
                let sol = solver
                    .solve(&q)
                    .expect("a sampled layout replays the played cards legally");
                let mut cards = sol.cards;
                if let Some(c) = point.or(goal) {
                    for v in &mut cards {
                        v.payoff = Some(component_payoff(
                            c,
                            v.soloist_wins,
                            deal.trump,
                            Scoring::default(),
                        ));
                    }
                }
                TaskResult(Answer::Cards(cards))
            }
        }
    }
}

/// The outcome on `deal` at the start of play of every standard bid that is `wanted` (`None`
/// for the others and for those the soloist cannot play); with `open`, a compound whose
/// parts alone leave only lost payoffs open is answered by their bounds.
fn bid_outcomes(
    solver: &mut Solver,
    deal: &Deal,
    rules: RuleOptions,
    wanted: &[bool],
    open: bool,
) -> Vec<Option<RaceOutcome>> {
    let plan = &*PLAN;
    let mut needed = vec![false; plan.solves.len()];
    for (&k, &w) in plan.solve_of.iter().zip(wanted) {
        needed[k] |= w;
    }
    let mut singles = Vec::new();
    let mut solved: Vec<Option<(bool, i32)>> = vec![None; plan.solves.len()];
    let mut left_open: Vec<Option<(i32, i32)>> = vec![None; plan.solves.len()];
    let mut deferred = Vec::new();
    for (k, (bid, trump, scoring)) in plan.solves.iter().enumerate() {
        if !needed[k] {
            continue;
        }
        let deal = trump.map_or(*deal, |t| deal.with_trump(t));
        if bid.unplayable_reason(&deal).is_some() {
            continue;
        }
        let comps = bid.components();
        if let [c] = comps[..] {
            solved[k] = Some((single_won(solver, &deal, rules, c, &mut singles), 0));
            continue;
        }
        if let Some(v) = decided_by_parts(solver, &deal, rules, bid, *scoring, &mut singles) {
            solved[k] = Some(v);
            continue;
        }
        if let Some(open) = plan.teritett_of[k]
            && !single_won(solver, &deal, rules, Contract::DurchmarsAdu, &mut singles)
        {
            deferred.push((k, open));
            continue;
        }
        let (lo, hi) = compound_bounds(&deal, bid, *scoring, &singles);
        if open
            && lo < hi
            && hi < all_won(&deal, bid, *scoring)
            && lo == all_lost(&deal, bid, *scoring)
        {
            left_open[k] = Some((lo, hi));
            continue;
        }
        solved[k] = Some(compound(solver, &deal, rules, bid, *scoring, &singles));
    }
    // Ulti durchmars when the durchmars cannot be made alone: its terített form, whose
    // durchmars outweighs the ulti, is lost on the durchmars and decided by the ulti the
    // soloist can still make while the defenders beat the durchmars; the plain form, whose
    // two parts weigh the same, comes to the same ulti (a defence that lets the durchmars
    // through gains the ulti at best, and pays exactly as much for it). One solve for both.
    for (k, open) in deferred {
        let (bid, trump, scoring) = &plan.solves[open];
        let deal = trump.map_or(*deal, |t| deal.with_trump(t));
        left_open[open] = None;
        let (_, v_open) = *solved[open]
            .get_or_insert_with(|| compound(solver, &deal, rules, bid, *scoring, &singles));
        let t = deal.trump;
        let plain = plan.solves[k].2;
        let d = Contract::DurchmarsAdu;
        let ulti = v_open - component_payoff(d, false, t, *scoring);
        solved[k] = Some((false, component_payoff(d, false, t, plain) + ulti));
    }
    plan.announcements
        .iter()
        .zip(&plan.solve_of)
        .zip(wanted)
        .map(|((a, &k), &w)| {
            if !w {
                return None;
            }
            if let Some((lo, hi)) = left_open[k] {
                return Some(RaceOutcome::Open(lo, hi));
            }
            let (won, payoff) = solved[k]?;
            let comps = a.bid.components();
            Some(if comps.len() == 1 {
                let trump = a.trump.unwrap_or(deal.trump);
                RaceOutcome::Exact(won, component_payoff(comps[0], won, trump, a.scoring))
            } else {
                RaceOutcome::Exact(won, payoff)
            })
        })
        .collect()
}

/// A compound bid's exact payoff under best play (and whether every part is won).
///
/// The outcomes of its parts alone that `cache` already holds bound the payoff: a part `x`
/// the soloist cannot make alone, the defenders can beat against every plan (the ulti hold
/// rule of a compound only narrows the soloist's plays), so the payoff is at most `lose(x)`
/// plus every other part won; a part the soloist makes alone under the compound's rules, they
/// can make in it too, so the payoff is at least `win(x)` plus every other part lost. The
/// solver then tests only the payoffs in between (for two parts, one test).
fn compound(
    solver: &mut Solver,
    deal: &Deal,
    rules: RuleOptions,
    bid: &Bid,
    scoring: Scoring,
    cache: &[((Contract, Suit), bool)],
) -> (bool, i32) {
    let mut q = Query::new(*deal, bid.clone());
    q.rules = rules;
    q.scoring = scoring;
    q.payoff = true;
    q.line = false;
    let (lo, hi) = compound_bounds(deal, bid, scoring, cache);
    solver.payoff_within(&q, lo, hi)
}

/// The payoff of every part lost (`won` false) or won.
fn all_parts(deal: &Deal, bid: &Bid, scoring: Scoring, won: bool) -> i32 {
    bid.components()
        .iter()
        .map(|&c| component_payoff(c, won, deal.trump, scoring))
        .sum()
}

fn all_lost(deal: &Deal, bid: &Bid, scoring: Scoring) -> i32 {
    all_parts(deal, bid, scoring, false)
}

fn all_won(deal: &Deal, bid: &Bid, scoring: Scoring) -> i32 {
    all_parts(deal, bid, scoring, true)
}

/// The bounds on a compound's payoff that the outcomes of its parts alone in `cache` set (see
/// [`compound`]).
fn compound_bounds(
    deal: &Deal,
    bid: &Bid,
    scoring: Scoring,
    cache: &[((Contract, Suit), bool)],
) -> (i32, i32) {
    let t = deal.trump;
    let win = |c| component_payoff(c, true, t, scoring);
    let lose = |c| component_payoff(c, false, t, scoring);
    let (all_lost, all_won) = (all_lost(deal, bid, scoring), all_won(deal, bid, scoring));
    let (mut lo, mut hi) = (all_lost, all_won);
    for c in bid.components() {
        match cache.iter().find(|(k, _)| *k == (c, t)) {
            Some(&(_, false)) => hi = hi.min(all_won - win(c) + lose(c)),
            Some(&(_, true)) if !bid.has_ulti() || c == Contract::Ulti => {
                lo = lo.max(all_lost - lose(c) + win(c));
            }
            _ => {}
        }
    }
    (lo, hi)
}

/// Does the soloist win contract `c` alone on `deal` (trump as in `deal`) under best play?
/// Cached per layout in `cache`. The dedicated goals of betli, durchmars, ulti, négy ász and
/// négy tízes are far faster than a payoff solve; the point contracts ask
/// [`Question::WinLose`] (one card-points threshold), about twice as fast as a solve for
/// their payoff and far faster than their exact points.
fn single_won(
    solver: &mut Solver,
    deal: &Deal,
    rules: RuleOptions,
    c: Contract,
    cache: &mut Vec<((Contract, Suit), bool)>,
) -> bool {
    let key = (c, deal.trump);
    if let Some(&(_, won)) = cache.iter().find(|(k, _)| *k == key) {
        return won;
    }
    let mut q = Query::new(*deal, Bid::single(c));
    q.rules = rules;
    if c.is_point_contract() {
        q.question = Question::WinLose;
    }
    q.line = false;
    let won = solver
        .solve(&q)
        .expect("a start-of-play query has no illegal played card")
        .soloist_wins
        .unwrap_or(false);
    cache.push((key, won));
    won
}

/// A compound bid whose payoff follows exactly from its parts, without its own solve: when
/// the soloist cannot make a component `x` even alone, the defenders can beat `x` against
/// every plan of the soloist, so the compound is lost and its payoff is at least
/// `lose(x) + value(rest)` and at most `lose(x) + win(rest)`. When the rest is one component
/// that the soloist makes alone, under the same rules (the ulti hold rule applies to the rest
/// alone exactly when it applies to the compound), the two bounds meet.
fn decided_by_parts(
    solver: &mut Solver,
    deal: &Deal,
    rules: RuleOptions,
    bid: &Bid,
    scoring: Scoring,
    cache: &mut Vec<((Contract, Suit), bool)>,
) -> Option<(bool, i32)> {
    let comps = bid.components();
    if comps.len() != 2 {
        return None;
    }
    let t = deal.trump;
    for (x, rest) in [(comps[0], comps[1]), (comps[1], comps[0])] {
        let same_rules = !bid.has_ulti() || rest == Contract::Ulti;
        if same_rules && lost_whatever_is_played(deal, x) {
            let won = single_won(solver, deal, rules, rest, cache);
            return Some((
                false,
                component_payoff(x, false, t, scoring) + component_payoff(rest, won, t, scoring),
            ));
        }
    }
    // The rest first: an ulti lost alone leaves nothing to decide (and the other part's
    // outcome alone would not narrow the compound's payoff).
    for (x, rest) in [(comps[0], comps[1]), (comps[1], comps[0])] {
        let same_rules = !bid.has_ulti() || rest == Contract::Ulti;
        if same_rules
            && single_won(solver, deal, rules, rest, cache)
            && !single_won(solver, deal, rules, x, cache)
        {
            return Some((
                false,
                component_payoff(x, false, t, scoring) + component_payoff(rest, true, t, scoring),
            ));
        }
    }
    None
}

/// Is contract `c` lost on `deal` whatever anyone plays? Négy ász when a defender holds the
/// trump ace, négy tízes when a defender holds the trump X and the soloist not the trump ace:
/// every trick that card is played to is won by a trump at least as high, a defender's. Then
/// a compound's payoff is the loss of `c` plus the rest's payoff under best play.
fn lost_whatever_is_played(deal: &Deal, c: Contract) -> bool {
    let t = deal.trump;
    let defenders = CardSet(deal.hand(1).0 | deal.hand(2).0);
    let ace = Card::new(t, Rank::Asz);
    match c {
        Contract::NegyAsz => defenders.contains(ace),
        Contract::NegyTizes => {
            defenders.contains(Card::new(t, Rank::Ten)) && !deal.hand(SOLOIST).contains(ace)
        }
        _ => false,
    }
}

/// Runs batches of tasks.
pub trait Executor {
    /// Run every task, results in task order.
    fn run_all(&mut self, tasks: &[Task]) -> Vec<TaskResult>;
}

impl Executor for Solver {
    fn run_all(&mut self, tasks: &[Task]) -> Vec<TaskResult> {
        tasks.iter().map(|t| t.run(self)).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A race task leaves a payoff open only where the exact one lies within its bounds and
    /// the bid is lost, and answers every other bid exactly as the exact task does. Random
    /// deals reach open payoffs often (a hopeless négy ász or ulti); the test counts them.
    #[test]
    fn open_payoffs_bound_the_exact_ones() {
        let mut solver = Solver::new();
        let rules = RuleOptions::default();
        let all: Arc<[bool]> = vec![true; PLAN.announcements.len()].into();
        let (mut open, mut exact) = (0, 0);
        for seed in 0..12 {
            let deal = Deal::random(seed);
            let truth = Task::every_bid(deal, rules).run(&mut solver);
            let truth = truth.bid_outcomes().expect("bids").to_vec();
            let Answer::Race(race) = Task::bids(deal, rules, Arc::clone(&all), true)
                .run(&mut solver)
                .into_answer()
            else {
                panic!("a race task answers for the race")
            };
            for (a, (t, r)) in truth.iter().zip(&race).enumerate() {
                let id = PLAN.announcements[a].id();
                match (t, r) {
                    (None, None) => {}
                    (Some((won, p)), Some(RaceOutcome::Exact(w, q))) => {
                        assert_eq!((won, p), (w, q), "{id} on deal {seed}");
                        exact += 1;
                    }
                    (Some((won, p)), Some(RaceOutcome::Open(lo, hi))) => {
                        assert!(!won, "{id} on deal {seed} left open but won");
                        assert!(
                            lo < hi && (lo..=hi).contains(&p),
                            "{id}: {p} in {lo}..={hi}"
                        );
                        open += 1;
                    }
                    other => panic!("{id} on deal {seed}: {other:?}"),
                }
            }
        }
        assert!(open >= 30, "only {open} payoffs left open");
        assert!(exact >= 200, "only {exact} exact outcomes");
    }
}
