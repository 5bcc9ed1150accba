//! A computer's decision at the table, asked of the pool. A normal or strong auction decision
//! is a few bid races and solves and nothing else that costs (a pick-up's sampled talons and
//! the standing bid on layouts of the holder's hand, then the bid with the talon it picks up;
//! the holder's stand or raise; the forehand's opening bid): the page replays it here with the
//! work finished so far ([`ulti_engine::players::auction_step`], no solves), and runs the work
//! it needs side by side, each round cut into [`Job::AdviseTasks`] pieces for every worker. While a pick-up
//! decision's talons run, the bid race it needs if it picks up
//! ([`ulti_engine::players::pickup_bid_race`]) runs at the [`SPARE`] queue order, on workers
//! the talons leave idle, and is dropped if it passes. Any other decision is one
//! [`Job::TableDecision`]. The action is the same either way, and the same as `ulti move`'s.

use std::cell::RefCell;
use std::rc::Rc;

use ulti_engine::Seat;
use ulti_engine::players::{
    AuctionStep, StepAnswer, StepWork, TableLevel, auction_step, pickup_bid_race,
};
use ulti_engine::whole_game::WholeGame;

use super::bid_advice::advise_pieces;
use super::{ON_DEMAND, SPARE, SolverClient, unexpected};
use crate::protocol::{Answer, Job};

/// Who decides at which moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableAsk {
    /// The game so far, an `ulti-game/1` record.
    pub record: String,
    /// The deciding seat.
    pub seat: Seat,
    /// Its strength.
    pub level: TableLevel,
    /// Its seed.
    pub seed: u64,
}

/// The jobs of one decision out now (all forgotten together).
#[derive(Clone, Default)]
pub struct TableTickets(Rc<RefCell<Vec<u64>>>);

impl TableTickets {
    fn push(&self, t: u64) {
        self.0.borrow_mut().push(t);
    }
}

/// Where a decision's answer goes.
type OnDone = Box<dyn FnOnce(Result<Answer, String>)>;

/// A race or a batch of solves under way.
struct Running {
    /// Names the work in its pieces' answers.
    id: u32,
    work: StepWork,
    /// Run ahead of need, on idle workers (the pick-up's bid race until the decision asks
    /// for it).
    spare: bool,
}

/// An auction decision under way in steps.
struct Stepping {
    ask: TableAsk,
    game: WholeGame,
    /// The work finished so far.
    finished: Vec<StepAnswer>,
    /// The races and solves under way, side by side.
    running: Vec<Running>,
    next_id: u32,
    /// Where the answer goes (taken once answered).
    done: Option<OnDone>,
    tickets: TableTickets,
}

type Shared = Rc<RefCell<Stepping>>;

impl Stepping {
    fn start(&mut self, work: StepWork, spare: bool) -> u32 {
        self.next_id += 1;
        self.running.push(Running {
            id: self.next_id,
            work,
            spare,
        });
        self.next_id
    }

    fn running(&mut self, id: u32) -> Option<&mut Running> {
        self.running.iter_mut().find(|r| r.id == id)
    }
}

impl SolverClient {
    /// Ask the decision of `ask` in `game` (the game of `ask.record`; `None`: one job, the
    /// worker replays the record). `on_done` gets the [`Answer::TableDecision`], or the first
    /// failure.
    pub fn ask_table_decision(
        &self,
        ask: TableAsk,
        game: Option<WholeGame>,
        on_done: impl FnOnce(Result<Answer, String>) + 'static,
    ) -> TableTickets {
        let tickets = TableTickets::default();
        let first = game
            .as_ref()
            .and_then(|g| auction_step(g, ask.seat, ask.level, ask.seed, &[]));
        match (game, first) {
            (Some(game), Some(step)) => {
                let spare = pickup_bid_race(&game, ask.seat, ask.level, ask.seed);
                let st = Rc::new(RefCell::new(Stepping {
                    ask,
                    game,
                    finished: Vec::new(),
                    running: Vec::new(),
                    next_id: 0,
                    done: Some(Box::new(on_done)),
                    tickets: tickets.clone(),
                }));
                self.take_step(&st, step);
                if let Some(race) = spare {
                    let id = st.borrow_mut().start(race.into(), true);
                    self.next_round(&st, id);
                }
            }
            _ => {
                let job = Job::TableDecision {
                    record: ask.record,
                    seat: ask.seat,
                    level: ask.level,
                    seed: ask.seed,
                };
                tickets.push(self.ask(job, move |a, _| on_done(a)));
            }
        }
        tickets
    }

    /// Drop a decision's jobs: those still queued are not run, late answers are ignored.
    pub fn forget_table_decision(&self, tickets: &TableTickets) {
        for &t in tickets.0.borrow().iter() {
            self.forget(t);
        }
    }

    /// Answer the decision (once): every race of it stops, its queued pieces are dropped.
    fn finish(&self, st: &Shared, answer: Result<Answer, String>) {
        let (done, tickets) = {
            let mut s = st.borrow_mut();
            s.running.clear();
            (s.done.take(), s.tickets.clone())
        };
        self.forget_table_decision(&tickets);
        if let Some(f) = done {
            f(answer);
        }
    }

    fn take_step(&self, st: &Shared, step: AuctionStep) {
        match step {
            AuctionStep::Decided { action, reason } => self.finish(
                st,
                Ok(Answer::TableDecision {
                    action: Some(action.to_string()),
                    reason,
                }),
            ),
            AuctionStep::Needs(needs) => {
                for work in needs {
                    let question = work.question();
                    let mut s = st.borrow_mut();
                    // The spare race, asked for now: it goes on, ahead of spare work.
                    if let Some(r) = s
                        .running
                        .iter_mut()
                        .find(|r| r.spare && r.work.question() == question)
                    {
                        r.spare = false;
                        continue;
                    }
                    let id = s.start(work, false);
                    drop(s);
                    self.next_round(st, id);
                }
            }
        }
    }

    /// Queue race `id`'s next round in pieces; once the races the decision waits for are
    /// over, its next step.
    fn next_round(&self, st: &Shared, id: u32) {
        let Some((batch, spare)) = st
            .borrow_mut()
            .running(id)
            .map(|r| (r.work.next_batch(), r.spare))
        else {
            return; // answered already
        };
        match batch {
            Ok(Some(tasks)) => {
                // Spare pieces are smaller: a waiting race's round is not held up long.
                let workers = self.pool.workers() * if spare { 2 } else { 1 };
                let order = if spare { SPARE } else { ON_DEMAND };
                for (offset, job) in advise_pieces(&tasks, workers) {
                    let (client, shared) = (*self, st.clone());
                    let t = self.asks.ask_at(order, job, move |answer, _| {
                        client.piece(&shared, id, offset, answer);
                    });
                    st.borrow().tickets.push(t);
                }
            }
            Ok(None) => {
                let step = {
                    let mut s = st.borrow_mut();
                    let Some(at) = s
                        .running
                        .iter()
                        .position(|r| r.id == id && r.work.is_done())
                    else {
                        return; // pieces still out
                    };
                    let done = s.running.swap_remove(at);
                    s.finished.push(StepAnswer::of(done.work));
                    if done.spare || s.running.iter().any(|r| !r.spare) {
                        return; // the decision still waits for another race
                    }
                    auction_step(&s.game, s.ask.seat, s.ask.level, s.ask.seed, &s.finished)
                };
                match step {
                    Some(step) => self.take_step(st, step),
                    None => self.finish(st, Err(unexpected())),
                }
            }
            Err(e) => self.finish(st, Err(e.to_string())),
        }
    }

    /// The answer of race `id`'s tasks `offset..`.
    fn piece(&self, st: &Shared, id: u32, offset: usize, answer: Result<Answer, String>) {
        match answer {
            Ok(Answer::AdviseTasks(results)) => {
                if let Some(r) = st.borrow_mut().running(id) {
                    r.work.feed(offset, results);
                }
                self.next_round(st, id);
            }
            Ok(_) => self.finish(st, Err(unexpected())),
            Err(e) => self.finish(st, Err(e)),
        }
    }
}
