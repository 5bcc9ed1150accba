//! The one message protocol between the page ([`crate::solver_client`]) and the solver web
//! workers ([`crate::worker`]). Both sides use these enums; gloo-worker encodes them with bincode.
//!
//! The page owns a pool of workers and hands each idle worker one [`Job`] at a time; every job
//! gets exactly one [`SolverResponse::Done`]. Scheduling, priorities and cancelling live on the
//! page, so a worker never holds a queue.

use serde::{Deserialize, Serialize};
use ulti_engine::advise::{
    CardAdvice, CardRow, CardTallies, Knowable, SeatView, Stats, Task, TaskResult,
};
use ulti_engine::puzzles::turning::Turning;
use ulti_engine::{
    Announcement, Bid, BidValue, Card, CardSet, Contract, Deal, Query, Question, RuleOptions,
    Solution, Suit,
};

use ulti_engine::Seat;
use ulti_engine::players::{Level, Reason, TableLevel};
use ulti_engine::whole_game::{Action, SeatTurn, TableView};

/// The verb of a decision that picks up the talon first (not an action of the record: the
/// pick-up is part of the bid that follows it): a hint's advice `SEAT pickup`.
pub const PICK_UP: &str = "pickup";

/// Bumped whenever a message changes shape. Worker files keep fixed names (no content hash),
/// so a page can meet a cached worker of another version; the handshake detects that.
pub const PROTOCOL_VERSION: u32 = 14;

/// Identifies one job; answers to jobs the page no longer wants are dropped.
pub type RequestId = u64;

/// One unit of work for a worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Job {
    /// One cell of the full table: `contract` under `trump` (`None`: no-trump contract), from
    /// the start of play, without a line. A point contract's cell is asked twice: the verdict
    /// first ([`Question::WinLose`], one cheap search), then its exact card points.
    Cell {
        /// The deal (its own trump is replaced by `trump`).
        deal: Deal,
        /// The contract.
        contract: Contract,
        /// The trump of the cell.
        trump: Option<Suit>,
        /// House rules.
        rules: RuleOptions,
        /// Point contracts: the verdict only, or the exact card points.
        question: Question,
    },
    /// What a standard announcement is worth (`Solver::bid_value`).
    Bid {
        /// The deal.
        deal: Deal,
        /// The announcement.
        announcement: Announcement,
        /// House rules.
        rules: RuleOptions,
    },
    /// A position of a line: every legal card scored and one optimal continuation.
    Position {
        /// The query (played cards, `all_cards` and `line` set by the page).
        query: Query,
    },
    /// Sampled layouts of the real-table advice (a piece of one round of
    /// `ulti_engine::advise::BidRace`), solved in order.
    AdviseTasks {
        /// The tasks.
        tasks: Vec<Task>,
    },
    /// Card advice from one seat's own view (`ulti_engine::advise::advise_card`): each legal
    /// card's expected result over `samples` layouts of the cards the seat cannot see.
    AdviseCard {
        /// What the seat to play sees (never the other hands).
        view: SeatView,
        /// Layouts to sample.
        samples: u32,
        /// The sampling seed (the same seed gives the same advice as `ulti advise --seed`).
        seed: u64,
        /// Point contracts: also the expected card points after each card.
        points: bool,
    },
    /// Samples `from..to` of the [`Job::AdviseCard`] with the same fields
    /// (`ulti_engine::advise::card_tallies`): the pool's workers share one card advice, and the
    /// page merges their sums into exactly the whole job's answer.
    AdviseCardPart {
        /// What the seat to play sees (never the other hands).
        view: SeatView,
        /// Layouts in the whole advice.
        samples: u32,
        /// The sampling seed.
        seed: u64,
        /// Point contracts: also the expected card points after each card.
        points: bool,
        /// The first sample of this piece.
        from: u32,
        /// One past its last sample.
        to: u32,
    },
    /// The Play page's computer soloist: discard two of the twelve cards and announce a bid
    /// (`Player::bid`).
    PlayerBid {
        /// The computer's strength.
        level: Level,
        /// The soloist's twelve cards (hand and talon).
        hand: CardSet,
        /// House rules.
        rules: RuleOptions,
        /// The game's seed (the player derives the decision's seed from it).
        seed: u64,
    },
    /// Where a puzzle's refutation turns (`ulti_engine::puzzles::turning::turning`): an
    /// exact search over every continuation, up to a second natively, so it runs here and not
    /// on the page.
    Turning {
        /// The deal.
        deal: Deal,
        /// The puzzle's bid.
        bid: Bid,
        /// House rules.
        rules: RuleOptions,
        /// The cards played before the puzzle's position.
        played: Vec<Card>,
        /// The line from the position to the end of play: the wrong card, then the refutation.
        line: Vec<Card>,
    },
    /// The Play page's computer seat to move: the card it plays (`Player::card`), decided from
    /// what that seat sees only.
    PlayerCard {
        /// The computer's strength.
        level: Level,
        /// What the seat sees.
        view: Box<SeatView>,
        /// The game's seed (the player derives the decision's seed from it and the number of
        /// cards played).
        seed: u64,
    },
    /// The review's knowable cost of a card (`ulti_engine::advise::card_cost`): what playing
    /// `card` lost on average against the best card, over layouts consistent with the seat's
    /// view, with its 95 % interval (the default adaptive layouts and tolerance).
    Knowable {
        /// What the seat to play saw then (never the other hands).
        view: Box<SeatView>,
        /// The card it played.
        card: Card,
        /// The sampling seed.
        seed: u64,
    },
    /// The whole game at the table: what the computer at `seat` does now in the game of
    /// `record`: a kontra it says at this moment, else (its turn) its bid, pass, stand, trump
    /// or card, decided from that seat's view only, as `ulti move` decides it.
    TableDecision {
        /// The game so far, an `ulti-game/1` record (JSON text; every action is checked).
        record: String,
        /// The computer's seat.
        seat: Seat,
        /// Its strength.
        level: TableLevel,
        /// Its seed (`ulti move --seed`).
        seed: u64,
    },
    /// The review's knowable cost of an auction, trump or kontra decision
    /// (`ulti_engine::players::decision_cost`): what `taken` lost on average against the best
    /// choice the strong player finds from the seat's view then, with its 95 % interval.
    TableKnowable {
        /// What the seat saw just before the decision (never the other hands).
        view: Box<TableView>,
        /// What it could do then.
        turn: Box<SeatTurn>,
        /// Its view once it had picked up the talon, for a bid said at a pick-up moment.
        after: Option<Box<TableView>>,
        /// What it did (`None`: a kontra open to it and let go).
        taken: Option<Action>,
        /// The sampling seed.
        seed: u64,
    },
    /// The review's open-hand cost of a kontra decision on the actual deal
    /// (`ulti_engine::players::kontra_open_cost`): the money `taken` lost against the best set
    /// of units on the cards as they lie (the luck side of a kontra; it reads every card).
    KontraOpenCost {
        /// The game just before the decision, an `ulti-game/1` record (JSON text).
        record: String,
        /// The seat that decided.
        seat: Seat,
        /// What it did (`None`: the kontra open to it let go).
        taken: Option<Action>,
    },
    /// A seat's decision from what it knows and nothing else (a hint at a live table): its
    /// view and what it may do, as the table server sends them.
    SeatDecision {
        /// The seat's view.
        view: Box<TableView>,
        /// What it may do now.
        turn: Box<SeatTurn>,
        /// The player's strength.
        level: TableLevel,
        /// Its seed.
        seed: u64,
    },
}

/// The answer for one table cell (the engine's `TableCell` without the line; its own serde
/// form skips empty fields, which bincode cannot read back).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellAnswer {
    /// Does the soloist hold the prerequisites?
    pub playable: bool,
    /// Why not, when not playable.
    pub unplayable_reason: Option<String>,
    /// Does the soloist win under best play?
    pub soloist_wins: Option<bool>,
    /// Point contracts: the card points the soloist can force (`None` for the verdict alone).
    pub soloist_points: Option<u32>,
}

/// One legal card of [`CardAdviceAnswer`] (the engine's `CardRow`, whose serde form flattens
/// its statistics, which bincode cannot read back).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardRowAnswer {
    /// The card.
    pub card: Card,
    /// The soloist's results after this card, over the samples.
    pub stats: Stats,
    /// Point contracts: mean card points the soloist can force after this card.
    pub expected_points: Option<f64>,
}

/// The answer to [`Job::AdviseCard`]: the engine's `CardAdvice` in a bincode-safe form.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CardAdviceAnswer {
    /// The seat to play.
    pub seat: usize,
    /// The bid.
    pub bid: String,
    /// The seed of the run.
    pub seed: u64,
    /// Layouts solved.
    pub samples: u32,
    /// Layouts drawn but rejected by the whole-layout checks.
    pub rejected: u64,
    /// Consistent layouts of the per-card constraints (an upper bound).
    pub layouts: u64,
    /// Every legal card, best first for the seat to play.
    pub cards: Vec<CardRowAnswer>,
    /// Are the best two cards within sampling noise of each other?
    pub close_call: bool,
    /// The method's caveat (English, from the engine).
    pub caveat: String,
}

impl From<CardAdvice> for CardAdviceAnswer {
    fn from(a: CardAdvice) -> CardAdviceAnswer {
        CardAdviceAnswer {
            seat: a.seat,
            bid: a.bid,
            seed: a.seed,
            samples: a.samples,
            rejected: a.rejected,
            layouts: a.layouts,
            cards: a
                .cards
                .into_iter()
                .map(|r: CardRow| CardRowAnswer {
                    card: r.card,
                    stats: r.stats,
                    expected_points: r.expected_points,
                })
                .collect(),
            close_call: a.close_call,
            caveat: a.caveat,
        }
    }
}

/// What a worker computed for a [`Job`].
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Answer {
    /// For [`Job::Cell`].
    Cell(CellAnswer),
    /// For [`Job::Bid`].
    Bid(Box<BidValue>),
    /// For [`Job::Position`].
    Position(Box<Solution>),
    /// For [`Job::AdviseTasks`]: one result per task, in task order.
    AdviseTasks(Vec<TaskResult>),
    /// For [`Job::AdviseCard`].
    AdviseCard(Box<CardAdviceAnswer>),
    /// For [`Job::AdviseCardPart`].
    AdviseCardPart(Box<CardTallies>),
    /// For [`Job::PlayerBid`].
    PlayerBid {
        /// The two cards put down.
        discard: [Card; 2],
        /// The bid announced.
        announcement: Announcement,
    },
    /// For [`Job::Turning`] (`None`: the line does not reach the end of play).
    Turning(Option<Box<Turning>>),
    /// For [`Job::PlayerCard`].
    PlayerCard(Card),
    /// For [`Job::Knowable`] and [`Job::TableKnowable`].
    Knowable(Box<Knowable>),
    /// For [`Job::TableDecision`].
    TableDecision {
        /// The action in the record's words (`2 pass`, `1 kontra ulti` …), `None` when the seat
        /// says nothing at this moment (a kontra it declines out of turn).
        action: Option<String>,
        /// The numbers behind a normal or strong player's decision.
        reason: Option<Reason>,
    },
    /// For [`Job::KontraOpenCost`]: money for the seat, ≥ 0.
    OpenCost(f64),
    /// For [`Job::SeatDecision`]: the action in the record's words, `pickup` when the seat
    /// would pick up the talon first (the discard waits until it sees it), `None` to say
    /// nothing now.
    SeatDecision(Option<String>),
}

/// Why the worker pool failed (shown in the page's language).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerError {
    /// No worker answered the start handshake within this many seconds.
    Timeout(u64),
    /// The worker speaks another protocol version.
    Version {
        /// The worker's version.
        worker: u32,
        /// The page's version.
        page: u32,
    },
    /// The worker panicked (its message).
    Crashed(String),
    /// The worker could not be created (why).
    Unavailable(String),
}

/// The error of an answer of the wrong kind for its job.
pub const UNEXPECTED_ANSWER: &str = "unexpected answer from the worker";

/// A message from the page to a worker.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum SolverRequest {
    /// Handshake: the worker answers [`SolverResponse::Ready`]. `panic_channel` names a
    /// `BroadcastChannel` on which the worker reports a panic (gloo-worker has no error callback).
    Hello {
        /// Name of the page's `BroadcastChannel` for panic reports.
        panic_channel: String,
    },
    /// Do one job; the worker answers [`SolverResponse::Done`] with the same id.
    Run {
        /// The job's id, echoed in the answer.
        id: RequestId,
        /// The work.
        job: Job,
    },
}

/// A message from a worker to the page.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum SolverResponse {
    /// Answer to [`SolverRequest::Hello`].
    Ready {
        /// The worker's [`PROTOCOL_VERSION`].
        version: u32,
    },
    /// A job is done.
    Done {
        /// The job's id.
        id: RequestId,
        /// The answer, or the engine's one-line error.
        answer: Result<Answer, String>,
        /// Worker time for the job, in milliseconds.
        ms: f64,
    },
}
