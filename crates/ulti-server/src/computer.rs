//! The computer players: a fixed pool of threads that runs each decision exactly as
//! `ulti move` does — `players::decide` on the game, for one seat, with a player of that
//! level seeded for that decision — and hands the answer back to the table that asked. The
//! pool is bounded and its threads run at a lower priority (nice 10), so however busy the
//! computers are, the tables' own work (checking, storing and sending every action) goes
//! first and no table waits for another table's computer. A decision people are waiting for
//! (a computer asked out of turn while their messages are held) goes before the others.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::sync::{Arc, Condvar, Mutex};
use std::time::Instant;

use ulti_engine::Seat;
use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide};
use ulti_engine::whole_game::{Action, Verb, WholeGame};

/// A decision to make.
#[derive(Clone, Debug)]
pub struct Ask {
    /// The game as it stands (the player reads only `seat`'s view of it).
    pub game: WholeGame,
    /// The seat deciding.
    pub seat: Seat,
    /// The level.
    pub level: TableLevel,
    /// The decision's seed.
    pub seed: u64,
    /// The seat has picked up the talon already (a person's seat played while away): it
    /// bids, or passes when no raise is playable.
    pub after_pickup: bool,
}

/// A decision made.
#[derive(Clone, Debug)]
pub struct Answer {
    /// The action (`None`: a seat asked out of turn says no kontra).
    pub action: Option<Action>,
    /// It picked up the talon to make it.
    pub picked_up: bool,
    /// Wall-clock milliseconds of the decision itself.
    pub ms: f64,
    /// Milliseconds it waited for a thread.
    pub queued_ms: f64,
}

/// The pool of computer threads.
pub struct Pool {
    queues: Arc<(Mutex<Queues>, Condvar)>,
    threads: usize,
}

thread_local! {
    /// Warm players by level (a warm player given a seed decides as a fresh one would:
    /// `ulti engine` keeps them the same way).
    static PLAYERS: RefCell<HashMap<&'static str, TablePlayer>> = RefCell::new(HashMap::new());
}

/// Lower this thread's priority (Linux: a thread is a task with its own nice value).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: `gettid` and `setpriority` take plain integers and touch no memory of ours.
    unsafe {
        let tid = libc::syscall(libc::SYS_gettid) as libc::id_t;
        libc::setpriority(libc::PRIO_PROCESS, tid, 10);
    }
}

/// Decide `ask` on this thread.
#[must_use]
pub fn decide_now(ask: &Ask) -> Answer {
    let start = Instant::now();
    let (action, picked_up) = PLAYERS.with(|players| {
        let mut players = players.borrow_mut();
        let p = players
            .entry(ask.level.id())
            .or_insert_with(|| TablePlayer::new(ask.level, ask.seed));
        p.set_seed(ask.seed);
        if ask.after_pickup {
            return (Some(bid_after_pickup(&ask.game, ask.seat, p)), true);
        }
        let mut times = DecisionTimes::default();
        let clock = || 0.0;
        match decide(&ask.game, ask.seat, p, &mut times, &clock) {
            Ok(a) => (a, p.picked_up()),
            Err(_) => (None, false),
        }
    });
    Answer {
        action,
        picked_up,
        ms: start.elapsed().as_secs_f64() * 1000.0,
        queued_ms: 0.0,
    }
}

/// The decision of a seat that has already picked up the talon (RULES.md, Auction, item 2):
/// with no playable raise it puts the talon back and passes; else it bids as `decide` does
/// once committed to the talon (`TablePlayer::bid_with`, which falls back on the cheapest
/// playable raise).
fn bid_after_pickup(game: &WholeGame, seat: Seat, p: &mut TablePlayer) -> Action {
    let pass = Action {
        seat,
        verb: Verb::Pass { discard: None },
    };
    let Some(twelve) = game.pickup_twelve() else {
        return pass;
    };
    if !game.raise_exists() {
        return pass;
    }
    let higher = game.higher_bids();
    match p.bid_with(&game.view(seat), twelve, &higher) {
        Some(m) => Action {
            seat,
            verb: Verb::Bid {
                bid: m.bid,
                discard: m.discard,
            },
        },
        None => pass,
    }
}

type Job = Box<dyn FnOnce() + Send>;

/// The two queues: decisions people wait for (a computer asked out of turn, while the
/// people's messages are held) go before the others.
#[derive(Default)]
struct Queues {
    urgent: VecDeque<Job>,
    normal: VecDeque<Job>,
}

impl Pool {
    /// A pool of `threads` threads (at least one).
    ///
    /// # Panics
    /// When the threads cannot be started.
    #[must_use]
    pub fn new(threads: usize) -> Pool {
        let threads = threads.max(1);
        let queues = Arc::new((Mutex::new(Queues::default()), Condvar::new()));
        for i in 0..threads {
            let q = queues.clone();
            std::thread::Builder::new()
                .name(format!("computer-{i}"))
                .spawn(move || {
                    lower_priority();
                    loop {
                        let job = {
                            let (lock, ready) = &*q;
                            let mut g = lock.lock().unwrap_or_else(|p| p.into_inner());
                            loop {
                                if let Some(j) =
                                    g.urgent.pop_front().or_else(|| g.normal.pop_front())
                                {
                                    break j;
                                }
                                g = ready.wait(g).unwrap_or_else(|p| p.into_inner());
                            }
                        };
                        job();
                    }
                })
                .expect("the computer threads start");
        }
        Pool { queues, threads }
    }

    /// How many threads it has.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Decisions waiting for a thread.
    #[must_use]
    pub fn queued(&self) -> usize {
        let g = self.queues.0.lock().unwrap_or_else(|p| p.into_inner());
        g.urgent.len() + g.normal.len()
    }

    /// Decide `ask` on a pool thread (`urgent`: before every decision not urgent); `reply`
    /// gets the answer there.
    pub fn ask(&self, ask: Ask, urgent: bool, reply: impl FnOnce(Answer) + Send + 'static) {
        let queued = Instant::now();
        let job: Job = Box::new(move || {
            let queued_ms = queued.elapsed().as_secs_f64() * 1000.0;
            let mut a = decide_now(&ask);
            a.queued_ms = queued_ms;
            reply(a);
        });
        let (lock, ready) = &*self.queues;
        let mut g = lock.lock().unwrap_or_else(|p| p.into_inner());
        if urgent {
            g.urgent.push_back(job);
        } else {
            g.normal.push_back(job);
        }
        drop(g);
        ready.notify_one();
    }
}
