//! The computer players: a fixed pool of threads that runs each decision exactly as
//! `ulti move` does — `players::decide` on the game, for one seat, with a player of that
//! level seeded for that decision — and hands the answer back to the table that asked. The
//! pool is bounded and its threads run at a lower priority (nice 10), so however busy the
//! computers are, the tables' own work (checking, storing and sending every action) goes
//! first and no table waits for another table's computer. A decision people are waiting for
//! (a computer asked out of turn while their messages are held) goes before the others.
//!
//! The pool is fair: each decision belongs to an owner (the address that created its table,
//! or the table itself), and the threads take the owners' decisions in turn, so one address
//! with many busy tables delays another table's decision by at most one decision per thread.
//! An owner has at most [`PER_OWNER`] decisions queued; its other tables wait in their own
//! task, and are woken one by one, in the order they came, as the owner's decisions start. A decision that panics is caught: its thread lives on and the table is told the
//! decision failed.

use std::cell::RefCell;
use std::collections::{HashMap, VecDeque};
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicBool, Ordering};
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
    /// The decision failed (the player panicked): `action` is `None` and means nothing.
    pub failed: bool,
}

/// Decisions one owner may have queued; its other tables wait in their own task.
pub const PER_OWNER: usize = 8;

/// Tests only (`--test-panic computer`): every decision above level easy panics.
static PANIC_ABOVE_EASY: AtomicBool = AtomicBool::new(false);

/// Tests only: make every decision above level easy panic from now on.
pub fn test_panic_above_easy() {
    PANIC_ABOVE_EASY.store(true, Ordering::Relaxed);
}

/// An owner has [`PER_OWNER`] decisions queued already: ask again later.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Busy;

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
    assert!(
        !(PANIC_ABOVE_EASY.load(Ordering::Relaxed) && ask.level != TableLevel::Easy),
        "--test-panic computer: a decision above level easy panics"
    );
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
        failed: false,
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

/// The queues: decisions people wait for (a computer asked out of turn, while the people's
/// messages are held) go before the others; the others by owner, in turn.
#[derive(Default)]
struct Queues {
    urgent: VecDeque<Job>,
    /// Each owner's queued decisions.
    by_owner: HashMap<Arc<str>, VecDeque<Job>>,
    /// The owners with decisions queued, the next to be served first.
    turn: VecDeque<Arc<str>>,
    /// Tables refused for their owner's full queue, to wake as it empties.
    waiting: HashMap<Arc<str>, VecDeque<Wake>>,
}

/// Wakes a table refused for its owner's full queue: it asks again.
pub type Wake = Box<dyn FnOnce() + Send>;

impl Queues {
    /// The next job: an urgent one, else the first of the owner whose turn it is (with the
    /// owner's first waiting table, which may now ask).
    fn next(&mut self) -> Option<(Job, Option<Wake>)> {
        if let Some(j) = self.urgent.pop_front() {
            return Some((j, None));
        }
        let owner = self.turn.pop_front()?;
        let q = self.by_owner.get_mut(&owner)?;
        let job = q.pop_front()?;
        if q.is_empty() {
            self.by_owner.remove(&owner);
        } else {
            self.turn.push_back(owner.clone());
        }
        let wake = match self.waiting.get_mut(&owner) {
            Some(w) => {
                let first = w.pop_front();
                if w.is_empty() {
                    self.waiting.remove(&owner);
                }
                first
            }
            None => None,
        };
        Some((job, wake))
    }

    /// Queue `job` as `owner`'s.
    fn push(&mut self, owner: &Arc<str>, job: Job) -> Result<(), Busy> {
        let q = self.by_owner.entry(owner.clone()).or_default();
        if q.len() >= PER_OWNER {
            return Err(Busy);
        }
        if q.is_empty() {
            self.turn.push_back(owner.clone());
        }
        q.push_back(job);
        Ok(())
    }
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
                                if let Some(j) = g.next() {
                                    break j;
                                }
                                g = ready.wait(g).unwrap_or_else(|p| p.into_inner());
                            }
                        };
                        let (job, wake) = job;
                        if let Some(w) = wake {
                            w();
                        }
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
        g.urgent.len() + g.by_owner.values().map(VecDeque::len).sum::<usize>()
    }

    /// Decide `ask` on a pool thread in `owner`'s turn (`urgent`: before every decision not
    /// urgent); `reply` gets the answer there (`failed` when the decision panicked).
    ///
    /// # Errors
    /// `owner` has [`PER_OWNER`] decisions queued (not urgent ones): nothing was queued, and
    /// `wake` (if any) is called when one of them starts (the table may ask again then).
    pub fn ask(
        &self,
        owner: &Arc<str>,
        ask: Ask,
        urgent: bool,
        reply: impl FnOnce(Answer) + Send + 'static,
        wake: Option<Wake>,
    ) -> Result<(), Busy> {
        let queued = Instant::now();
        let job: Job = Box::new(move || {
            let queued_ms = queued.elapsed().as_secs_f64() * 1000.0;
            let start = Instant::now();
            let mut a = match std::panic::catch_unwind(AssertUnwindSafe(|| decide_now(&ask))) {
                Ok(a) => a,
                Err(panic) => {
                    tracing::error!(
                        "a {} computer's decision for seat {} panicked: {}",
                        ask.level.id(),
                        ask.seat,
                        panic_text(panic.as_ref())
                    );
                    // The warm player may be half-changed: the next decision starts afresh.
                    PLAYERS.with(|p| p.borrow_mut().remove(ask.level.id()));
                    Answer {
                        action: None,
                        picked_up: false,
                        ms: start.elapsed().as_secs_f64() * 1000.0,
                        queued_ms: 0.0,
                        failed: true,
                    }
                }
            };
            a.queued_ms = queued_ms;
            reply(a);
        });
        let (lock, ready) = &*self.queues;
        let mut g = lock.lock().unwrap_or_else(|p| p.into_inner());
        if urgent {
            g.urgent.push_back(job);
        } else if g.push(owner, job).is_err() {
            if let Some(w) = wake {
                g.waiting.entry(owner.clone()).or_default().push_back(w);
            }
            return Err(Busy);
        }
        drop(g);
        ready.notify_one();
        Ok(())
    }
}

/// A panic's message.
#[must_use]
pub fn panic_text(p: &(dyn std::any::Any + Send)) -> String {
    p.downcast_ref::<&str>()
        .map(|s| (*s).to_string())
        .or_else(|| p.downcast_ref::<String>().cloned())
        .unwrap_or_else(|| "a panic without a message".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn job(log: &Arc<Mutex<Vec<&'static str>>>, name: &'static str) -> Job {
        let log = log.clone();
        Box::new(move || log.lock().unwrap().push(name))
    }

    #[test]
    fn owners_take_turns_and_each_has_a_cap() {
        let log = Arc::new(Mutex::new(Vec::new()));
        let mut q = Queues::default();
        let (a, b): (Arc<str>, Arc<str>) = ("a".into(), "b".into());
        for _ in 0..PER_OWNER {
            q.push(&a, job(&log, "a")).unwrap();
        }
        assert_eq!(q.push(&a, job(&log, "a")), Err(Busy));
        q.push(&b, job(&log, "b")).unwrap();
        q.urgent.push_back(job(&log, "u"));
        let woken = Arc::new(Mutex::new(0));
        let w = woken.clone();
        q.waiting
            .entry(a.clone())
            .or_default()
            .push_back(Box::new(move || *w.lock().unwrap() += 1));
        for _ in 0..3 {
            let (j, wake) = q.next().unwrap();
            j();
            if let Some(w) = wake {
                w();
            }
        }
        // The waiting table of a was woken when a's first decision started.
        assert_eq!(*woken.lock().unwrap(), 1);
        // The urgent one first, then the owners in turn: b does not wait for a's eight.
        assert_eq!(*log.lock().unwrap(), vec!["u", "a", "b"]);
        while let Some((j, _)) = q.next() {
            j();
        }
        assert_eq!(log.lock().unwrap().len(), PER_OWNER + 2);
        assert!(q.by_owner.is_empty() && q.turn.is_empty());
    }
}
