//! The solver web worker: runs the engine off the main thread, one [`Job`] per message (the
//! page's pool sends a worker its next job only when the last one is answered).

use std::cell::RefCell;

use gloo_worker::{HandlerId, Worker, WorkerScope};
use ulti_engine::advise::{CardOptions, KnowableOptions, advise_card, card_cost, card_tallies};
use ulti_engine::players::{
    DecisionTimes, SeatDecision, TablePlayer, decide, decide_seat, decision_cost, kontra_open_cost,
    player,
};
use ulti_engine::puzzles::turning::turning;
use ulti_engine::whole_game::{TableRecord, WholeGame};
use ulti_engine::{Bid, Query, Seat, Solver};

use crate::protocol::{
    Answer, CellAnswer, Job, PICK_UP, PROTOCOL_VERSION, SolverRequest, SolverResponse,
};

/// The gloo-worker worker that owns one [`Solver`] (and so its transposition table) for its
/// whole life.
pub struct SolverWorker {
    solver: Solver,
}

thread_local! {
    /// The page's `BroadcastChannel` name for panic reports (set by `Hello`).
    static PANIC_CHANNEL: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// Report a panic to the page on its `BroadcastChannel`, then log it to the console.
fn install_panic_hook() {
    std::panic::set_hook(Box::new(|info| {
        // The page words the error in its language ("worker.crashed"); this is only the detail.
        let message = info.to_string();
        PANIC_CHANNEL.with(|c| {
            if let Some(name) = c.borrow().as_deref()
                && let Ok(channel) = web_sys::BroadcastChannel::new(name)
            {
                let _ = channel.post_message(&message.as_str().into());
            }
        });
        console_error_panic_hook::hook(info);
    }));
}

/// Milliseconds from an arbitrary origin (works in a worker).
fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Do one job with `solver`.
///
/// # Errors
/// The engine's one-line message when it rejects the query (e.g. an illegal played card).
pub fn run_job(solver: &mut Solver, job: Job) -> Result<Answer, String> {
    match job {
        Job::Cell {
            deal,
            contract,
            trump,
            rules,
            question,
        } => {
            let deal = trump.map_or(deal, |t| deal.with_trump(t));
            let mut q = Query::new(deal, Bid::single(contract));
            q.rules = rules;
            q.line = false;
            q.question = question;
            let sol = solver.solve(&q).map_err(|e| e.to_string())?;
            Ok(Answer::Cell(CellAnswer {
                playable: sol.playable,
                unplayable_reason: sol.unplayable_reason,
                soloist_wins: sol.soloist_wins,
                soloist_points: sol.soloist_points,
            }))
        }
        Job::Bid {
            deal,
            announcement,
            rules,
        } => solver
            .bid_value(&deal, &announcement, rules)
            .map(|v| Answer::Bid(Box::new(v)))
            .map_err(|e| e.to_string()),
        Job::Position { query } => solver
            .solve(&query)
            .map(|s| Answer::Position(Box::new(s)))
            .map_err(|e| e.to_string()),
        Job::AdviseTasks { tasks } => Ok(Answer::AdviseTasks(
            tasks.iter().map(|t| t.run(solver)).collect(),
        )),
        Job::Knowable { view, card, seed } => {
            let opts = KnowableOptions {
                seed,
                ..KnowableOptions::default()
            };
            card_cost(&view, card, &opts, solver)
                .map(|k| Answer::Knowable(Box::new(k)))
                .map_err(|e| e.to_string())
        }
        Job::AdviseCard {
            view,
            samples,
            seed,
            points,
        } => {
            let opts = CardOptions {
                samples,
                seed,
                points,
            };
            advise_card(&view, &opts, solver)
                .map(|a| Answer::AdviseCard(Box::new(a.into())))
                .map_err(|e| e.to_string())
        }
        Job::AdviseCardPart {
            view,
            samples,
            seed,
            points,
            from,
            to,
        } => {
            let opts = CardOptions {
                samples,
                seed,
                points,
            };
            card_tallies(&view, &opts, from..to, solver)
                .map(|t| Answer::AdviseCardPart(Box::new(t)))
                .map_err(|e| e.to_string())
        }
        Job::PlayerBid {
            level,
            hand,
            rules,
            seed,
        } => player(level, seed)
            .bid(hand, rules)
            .map(|c| Answer::PlayerBid {
                discard: c.discard,
                announcement: c.announcement,
            })
            .map_err(|e| e.to_string()),
        Job::Turning {
            deal,
            bid,
            rules,
            played,
            line,
        } => ulti_engine::Game::with_played(&deal, &bid, rules, &played)
            .map(|game| Answer::Turning(turning(&game, &bid, &line).map(Box::new)))
            .map_err(|e| e.to_string()),
        Job::PlayerCard { level, view, seed } => player(level, seed)
            .card(&view)
            .map(Answer::PlayerCard)
            .map_err(|e| e.to_string()),
        Job::TableDecision {
            record,
            seat,
            level,
            seed,
        } => {
            let game = table_game(&record, seat)?;
            let mut computer = TablePlayer::new(level, seed);
            let action = decide(
                &game,
                seat,
                &mut computer,
                &mut DecisionTimes::default(),
                &|| 0.0,
            )?;
            Ok(Answer::TableDecision {
                action: action.map(|a| a.to_string()),
                reason: computer.reason.take(),
            })
        }
        Job::TableKnowable {
            view,
            turn,
            after,
            taken,
            seed,
        } => {
            let opts = KnowableOptions {
                seed,
                ..KnowableOptions::default()
            };
            decision_cost(&view, &turn, taken.as_ref(), after.as_deref(), &opts)
                .map(|k| Answer::Knowable(Box::new(k)))
        }
        Job::KontraOpenCost {
            record,
            seat,
            taken,
        } => kontra_open_cost(&table_game(&record, seat)?, seat, taken.as_ref())
            .map(Answer::OpenCost),
        Job::SeatDecision {
            view,
            turn,
            level,
            seed,
        } => {
            let mut player = TablePlayer::new(level, seed);
            let d = decide_seat(
                &view,
                &turn,
                &mut player,
                &mut DecisionTimes::default(),
                &|| 0.0,
            )?;
            Ok(Answer::SeatDecision(match d {
                SeatDecision::Act(a) => Some(a.to_string()),
                SeatDecision::PickUp => Some(format!("{} {PICK_UP}", turn.seat)),
                SeatDecision::Nothing => None,
            }))
        }
    }
}

/// The game of an `ulti-game/1` record, every action checked, for a decision of `seat`.
fn table_game(record: &str, seat: Seat) -> Result<WholeGame, String> {
    if seat > 2 {
        return Err(format!("seat {seat} is not 0, 1 or 2"));
    }
    TableRecord::parse(record)
        .and_then(|r| r.replay())
        .map_err(|e| e.to_string())
}

impl Worker for SolverWorker {
    type Message = ();
    type Input = SolverRequest;
    type Output = SolverResponse;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        install_panic_hook();
        SolverWorker {
            solver: Solver::new(),
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, msg: SolverRequest, who: HandlerId) {
        match msg {
            SolverRequest::Hello { panic_channel } => {
                PANIC_CHANNEL.with(|c| *c.borrow_mut() = Some(panic_channel));
                scope.respond(
                    who,
                    SolverResponse::Ready {
                        version: PROTOCOL_VERSION,
                    },
                );
            }
            SolverRequest::Run { id, job } => {
                let t0 = now_ms();
                let answer = run_job(&mut self.solver, job);
                scope.respond(
                    who,
                    SolverResponse::Done {
                        id,
                        answer,
                        ms: now_ms() - t0,
                    },
                );
            }
        }
    }
}
