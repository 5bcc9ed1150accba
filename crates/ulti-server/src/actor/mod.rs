//! One task per table (tokio): the only place a table changes. Its inbox receives every
//! connection's messages, the computers' answers and its own timer, one at a time, so a
//! table needs no lock. The way of one action:
//!
//! 1. a connection's reader reads a frame and puts it in the inbox (`Cmd::Msg`);
//! 2. the task checks it against its [`Table`] (the engine's rules) — an error goes back to
//!    that connection alone and nothing changes;
//! 3. the messages it causes are numbered and appended to the log ([`Store::append`], one
//!    group commit);
//! 4. only then does the table carry them out ([`Table::apply`]) and every connection get
//!    each, filtered for it (`broadcast`), the acting connection then its `ack`;
//! 5. the task looks at whose turn it is (`drive`): a computer seat's decision goes to the
//!    [`Pool`], and its answer comes back to step 2 as `Cmd::Decided`; a person away past
//!    `--away-after` on its turn is decided for at level normal.
//!
//! A table whose people are all gone (none connected for `--away-after`, or none since it was
//! loaded) waits for a person: nothing is asked or dealt. A table with no connection for
//! `--rest-after` and nothing being decided leaves memory ([`Exit::Rest`]; the hub loads it
//! again when someone opens it). A commit that fails (a full disk) makes the table wait 1 s,
//! doubling to 30 s, before it asks a computer or deals again.

mod chat;
mod conns;
mod daily;
mod drive;
mod seats;

use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use serde_json::Value;
use tokio::sync::{OwnedSemaphorePermit, mpsc, oneshot};
use ulti_engine::Seat;

use crate::computer::{Answer, Pool};
use crate::event::{Numbered, Stored};
use crate::protocol::{self, BadMessage, ClientMsg, TableSummary};
use crate::stats::Stats;
use crate::store::Store;
use crate::table::{NextOutcome, Table};

pub use conns::{Conn, Out};
pub use seats::Sat;

/// A table's seats' token hashes, shared with its handle (a `sit` gives a seat a new one).
pub type Tokens = Arc<std::sync::RwLock<[Option<crate::store::TokenHash>; 3]>>;

/// A message to a table's task.
pub enum Cmd {
    /// A connection opens (with `since`: replay from there).
    Join {
        /// The connection.
        conn: Conn,
        /// `since=`.
        since: Option<u64>,
    },
    /// A connection closed.
    Leave {
        /// Its id.
        id: u64,
    },
    /// A connection's frame, read.
    Msg {
        /// The connection's id.
        id: u64,
        /// What it said.
        msg: Result<ClientMsg, BadMessage>,
        /// One of the connection's few places in the inbox, given back once the message is
        /// handled: a connection that sends faster than its table handles waits (TCP
        /// pushes back) instead of filling the server's memory.
        permit: OwnedSemaphorePermit,
    },
    /// A computer's answer.
    Decided {
        /// The question it answers.
        ticket: u64,
        /// The answer.
        answer: Answer,
    },
    /// The computer pool has room for the table's owner again: ask now.
    Wake,
    /// "Play now" seats a player here.
    Sit {
        /// The player's id.
        player: String,
        /// Its name.
        name: Option<String>,
        /// The seat, or why not (an HTTP status and words).
        reply: oneshot::Sender<Result<Sat, (u16, String)>>,
    },
    /// The player of this table of the deal of the day resumes its attempt: a fresh token
    /// for its seat (the old one stops holding it).
    RenewDailyToken {
        /// The player's id.
        player: String,
        /// The token, or why not.
        reply: oneshot::Sender<Result<String, String>>,
    },
    /// A player sitting here has a new name (`None`: its account was deleted).
    Renamed {
        /// The player's id.
        player: String,
        /// Its name now.
        name: Option<String>,
    },
    /// `GET /api/tables/ID`.
    Summary {
        /// Where the answer goes.
        reply: oneshot::Sender<TableSummary>,
    },
}

/// Why a table's task returned.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// No connection for `--rest-after` and nothing being decided: it may leave memory.
    Rest,
    /// Its inbox closed.
    Closed,
}

/// Tests only (`--test-panic table-after-N-commits`): commits left before a table's task
/// panics, once, right after its messages are stored (0: never).
static PANIC_AFTER_COMMITS: AtomicU64 = AtomicU64::new(0);

/// Tests only: the `n`-th commit of any table from now (its messages stored) panics its task.
pub fn test_panic_after_commits(n: u64) {
    PANIC_AFTER_COMMITS.store(n, Ordering::Relaxed);
}

/// Is this commit the one that panics?
fn panic_due() -> bool {
    PANIC_AFTER_COMMITS
        .fetch_update(Ordering::Relaxed, Ordering::Relaxed, |n| n.checked_sub(1))
        .is_ok_and(|n| n == 1)
}

/// The first wait after a failed commit (doubling to [`MAX_BACKOFF`]).
const FIRST_BACKOFF: Duration = Duration::from_secs(1);
/// The longest wait after failed commits.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// What every table's task shares.
#[derive(Clone)]
pub struct Shared {
    /// The database.
    pub store: Store,
    /// The computer threads.
    pub pool: Arc<Pool>,
    /// `--away-after`.
    pub away_after: Duration,
    /// Counters for `/api/stats` and `/metrics`.
    pub stats: Arc<Stats>,
    /// How often each WebSocket is pinged (two missed pongs close it).
    pub ping_every: Duration,
    /// A frame that takes longer than this to send closes its connection.
    pub send_timeout: Duration,
    /// Spectators per table.
    pub max_spectators: usize,
    /// A table without connections this long leaves memory.
    pub rest_after: Duration,
    /// Becomes `true` when the server stops (SIGTERM): every connection closes with 1001.
    pub stopping: tokio::sync::watch::Receiver<bool>,
    /// The lobby's feed (public tables tell it their entry).
    pub feed: Option<crate::feed::Feed>,
}

/// A computer decision on its way.
struct Thinking {
    ticket: u64,
    seat: Seat,
    /// A person's seat played while away.
    away: bool,
    /// Asked out of turn (a kontra it may say now): people's actions wait for it.
    out_of_turn: bool,
    /// The table as it was asked: an answer to another state is dropped.
    key: (u32, usize, Option<Seat>),
    level: ulti_engine::players::TableLevel,
}

/// How many recent messages a table keeps for reconnects (older ones come from the store).
const RECENT: usize = 128;

/// A table's task.
pub struct Actor {
    table: Table,
    shared: Shared,
    inbox: mpsc::UnboundedSender<Cmd>,
    conns: HashMap<u64, Conn>,
    /// Connections holding each seat.
    count: [usize; 3],
    /// Since when each person's seat has had no connection.
    gone_since: [Option<Instant>; 3],
    recent: VecDeque<Arc<Stored>>,
    thinking: Option<Thinking>,
    tickets: u64,
    /// Computer seats asked out of turn: (seat, cards played, level), this game.
    asked: HashSet<(Seat, usize, u8)>,
    asked_game: u32,
    /// People's messages held while a computer decides out of turn.
    held: VecDeque<(u64, ClientMsg, OwnedSemaphorePermit)>,
    deadline: Option<Instant>,
    /// Texts made once per audience for the table as it is now.
    texts: conns::Texts,
    /// When the last `presence` was stored, and when a change since is due to be.
    presence_stored: Option<Instant>,
    presence_due: Option<Instant>,
    /// Whose decisions these are on the computer pool (its creator's address, or the table).
    owner: Arc<str>,
    /// Since when the table has had no connection.
    idle_since: Option<Instant>,
    /// Each seat has been connected since the table was loaded.
    ever: [bool; 3],
    /// After a failed commit: nothing is asked or dealt before this.
    retry_at: Option<Instant>,
    /// The wait after the next failed commit.
    backoff: Duration,
    /// The computer pool holds a wake for this table (its owner's queue was full).
    wake_pending: bool,
    /// The seats' token hashes, shared with the table's handle.
    tokens: Option<Tokens>,
    /// The lobby's feed lists the table.
    listed: bool,
    /// Each seat's recent chat: when, and what (for the rate and near-duplicates).
    chats: [VecDeque<(Instant, String)>; 3],
}

impl Actor {
    /// The task of `table`, whose last messages are `recent`; `owner` takes its turns on the
    /// computer pool.
    #[must_use]
    pub fn new(
        table: Table,
        recent: Vec<Stored>,
        shared: Shared,
        inbox: mpsc::UnboundedSender<Cmd>,
        owner: Arc<str>,
    ) -> Actor {
        let now = Instant::now();
        let gone_since = table.meta.seats.map(|k| k.is_human().then_some(now));
        let skip = recent.len().saturating_sub(RECENT);
        Actor {
            table,
            shared,
            inbox,
            conns: HashMap::new(),
            count: [0; 3],
            gone_since,
            recent: recent.into_iter().skip(skip).map(Arc::new).collect(),
            thinking: None,
            tickets: 0,
            asked: HashSet::new(),
            asked_game: 0,
            held: VecDeque::new(),
            deadline: None,
            texts: conns::Texts::default(),
            presence_stored: None,
            presence_due: None,
            owner,
            idle_since: Some(now),
            ever: [false; 3],
            retry_at: None,
            backoff: FIRST_BACKOFF,
            wake_pending: false,
            tokens: None,
            listed: false,
            chats: Default::default(),
        }
    }

    /// The seats' token hashes it shares with its handle.
    #[must_use]
    pub fn tokens(&self) -> Option<Tokens> {
        self.tokens.clone()
    }

    /// Share the seats' token hashes with the table's handle.
    #[must_use]
    pub fn with_tokens(mut self, tokens: Tokens) -> Actor {
        self.tokens = Some(tokens);
        self
    }

    /// Its inbox (for a task started again in its place).
    #[must_use]
    pub fn inbox(&self) -> mpsc::UnboundedSender<Cmd> {
        self.inbox.clone()
    }

    /// Drop every connection (after a panic: their writers close them, and they come back
    /// with `since=`).
    pub fn drop_connections(&mut self) {
        let ids: Vec<u64> = self.conns.keys().copied().collect();
        for id in ids {
            self.remove(id);
        }
    }

    /// When the table may leave memory: no connection since `idle_since` plus `--rest-after`,
    /// nothing being decided, no message held.
    fn rest_at(&self) -> Option<Instant> {
        if !self.conns.is_empty() || self.thinking.is_some() || !self.held.is_empty() {
            return None;
        }
        self.idle_since.map(|t| t + self.shared.rest_after)
    }

    /// Run until the table may rest ([`Exit::Rest`]) or the inbox closes. Called again after
    /// a rest that someone interrupted.
    pub async fn run(&mut self, rx: &mut mpsc::UnboundedReceiver<Cmd>) -> Exit {
        // A loaded table resumes: presence as it is now (nobody yet), and what it waits for.
        self.relist();
        self.announce_presence().await;
        self.drive().await;
        loop {
            let wake = [self.deadline, self.presence_due, self.rest_at()]
                .into_iter()
                .flatten()
                .min();
            let cmd = match wake {
                Some(d) => tokio::select! {
                    c = rx.recv() => c,
                    () = tokio::time::sleep_until(d.into()) => {
                        self.timers().await;
                        // A presence change due was stored first, so a rest loses nothing.
                        if self.presence_due.is_none()
                            && self.rest_at().is_some_and(|r| r <= Instant::now())
                        {
                            return Exit::Rest;
                        }
                        continue;
                    }
                },
                None => rx.recv().await,
            };
            let Some(cmd) = cmd else {
                return Exit::Closed;
            };
            self.handle(cmd).await;
            for s in 0..3 {
                self.ever[s] |= self.count[s] > 0;
            }
            if self.conns.is_empty() {
                self.idle_since.get_or_insert_with(Instant::now);
            } else {
                self.idle_since = None;
            }
            // A slow connection dropped on the way changes who is present.
            self.announce_presence().await;
            while !self.held_back() {
                let Some((id, msg, _permit)) = self.held.pop_front() else {
                    break;
                };
                self.on_msg(id, msg).await;
            }
        }
    }

    /// The timers that are due: a coalesced `presence`, the table's own deadline.
    async fn timers(&mut self) {
        let now = Instant::now();
        if self.presence_due.is_some_and(|d| d <= now) {
            self.presence_due = None;
            self.announce_presence().await;
        }
        if self.deadline.is_some_and(|d| d <= now) {
            self.deadline = None;
            self.drive().await;
        }
        self.announce_presence().await;
    }

    fn held_back(&self) -> bool {
        self.thinking.as_ref().is_some_and(|t| t.out_of_turn)
    }

    async fn handle(&mut self, cmd: Cmd) {
        match cmd {
            Cmd::Join { conn, since } => self.join(conn, since).await,
            Cmd::Leave { id } => {
                self.remove(id);
                self.announce_presence().await;
                self.drive().await;
            }
            Cmd::Msg { id, msg, permit } => match msg {
                Err(bad) => self.send(id, protocol::error(&bad.id, &bad.error)),
                Ok(ClientMsg::Ping) => self.send(id, protocol::pong()),
                Ok(m) if self.held_back() => self.held.push_back((id, m, permit)),
                Ok(m) => self.on_msg(id, m).await,
            },
            Cmd::Decided { ticket, answer } => self.decided(ticket, answer).await,
            Cmd::Wake => {
                self.wake_pending = false;
                self.drive().await;
            }
            Cmd::Summary { reply } => {
                let _ = reply.send(self.table.summary());
            }
            Cmd::Renamed { player, name } => self.renamed(&player, name),
            Cmd::RenewDailyToken { player, reply } => {
                let r = self.renew_daily_token(player).await;
                let _ = reply.send(r);
            }
            Cmd::Sit {
                player,
                name,
                reply,
            } => {
                let r = self.sit(player, name).await;
                let _ = reply.send(r);
                self.drive().await;
            }
        }
    }

    /// A person's message.
    async fn on_msg(&mut self, id: u64, msg: ClientMsg) {
        let read = Instant::now();
        let Some(audience) = self.conns.get(&id).map(|c| c.audience) else {
            return;
        };
        let (mid, seat) = match (&msg, audience) {
            (
                ClientMsg::Act { id, .. }
                | ClientMsg::Pickup { id }
                | ClientMsg::Next { id }
                | ClientMsg::Chat { id, .. }
                | ClientMsg::ChatSettings { id, .. },
                a,
            ) => (id.clone(), a.seat()),
            (ClientMsg::Ping, _) => return self.send(id, protocol::pong()),
        };
        let Some(seat) = seat else {
            return self.send(
                id,
                protocol::error(
                    &mid,
                    "a spectator holds no seat: acting needs the seat's token (?token=…)",
                ),
            );
        };
        let result = match msg {
            ClientMsg::Act { action, .. } => {
                self.table.act(seat, &action, crate::event::By::Person)
            }
            ClientMsg::Pickup { .. } => self.table.pickup(seat),
            ClientMsg::Next { .. } => match self.table.next(seat, self.away_now()) {
                Ok(NextOutcome::Again(v)) => return self.send(id, protocol::ack(&mid, v)),
                Ok(NextOutcome::New(m)) => Ok(m),
                Err(e) => Err(e),
            },
            ClientMsg::Chat { text, .. } => self.chat(seat, &text),
            ClientMsg::ChatSettings {
                chat, spectators, ..
            } => self.chat_settings(seat, chat, spectators),
            ClientMsg::Ping => unreachable!("answered above"),
        };
        match result {
            Err(e) => self.send(id, protocol::error(&mid, &e)),
            Ok(msgs) => match self.commit(msgs).await {
                Ok(v) => {
                    self.send(id, protocol::ack(&mid, v));
                    self.shared.stats.ack(read.elapsed().as_secs_f64());
                    self.drive().await;
                }
                Err(e) => self.send(id, protocol::error(&mid, &e)),
            },
        }
    }

    /// Store `msgs`, then carry them out and send them: the number of the first.
    async fn commit(&mut self, msgs: Vec<Numbered>) -> Result<u64, String> {
        let first = self.table.v + 1;
        let mut rows = Vec::with_capacity(msgs.len());
        let mut games = Vec::new();
        for (i, m) in msgs.iter().enumerate() {
            rows.push((
                first + i as u64,
                serde_json::to_string(m).expect("serialises"),
            ));
            if let Numbered::Over {
                game,
                record,
                payments,
            } = m
            {
                let acted = self.persons_acted(&msgs);
                let holders = std::array::from_fn(|s| {
                    crate::rated::Holder::of(
                        &self.table.meta.seats[s],
                        self.table.players[s].as_ref(),
                        acted[s],
                    )
                });
                let mut finished =
                    crate::rated::FinishedGame::new(*game, record, *payments, holders);
                finished.daily = self.daily_row(*game, payments).await;
                games.push(finished);
            }
        }
        let rows_len = rows.len();
        if let Err(e) = self
            .shared
            .store
            .append(self.table.meta.k, rows, games)
            .await
        {
            // Wait before asking or dealing again (the disk may be full).
            self.retry_at = Some(Instant::now() + self.backoff);
            tracing::error!(
                table = %self.table.meta.id,
                "a commit failed ({e}): the table waits {:?} before it asks or deals again",
                self.backoff
            );
            self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
            return Err(format!(
                "the table's log could not be written, nothing changed: {e}"
            ));
        }
        self.backoff = FIRST_BACKOFF;
        assert!(
            !panic_due(),
            "--test-panic table-after-N-commits: a table's task panics"
        );
        for (i, m) in msgs.into_iter().enumerate() {
            let v = first + i as u64;
            if let Err(e) = self.table.apply(v, &m) {
                // Checked before it was stored: only a bug gets here.
                tracing::error!(
                    table = %self.table.meta.id,
                    "stored message {v} not applied: {e}"
                );
            }
            // Kept for reconnects without the texts made for this round (memory: a table
            // keeps only its message, the texts are made again when someone replays).
            self.recent.push_back(Arc::new(Stored::new(v, m.clone())));
            if self.recent.len() > RECENT {
                self.recent.pop_front();
            }
            self.broadcast(&Stored::new(v, m));
        }
        self.broadcast_state();
        self.shared.stats.stored(rows_len);
        if self.listed && self.table.public.is_some() {
            self.relist();
        }
        Ok(first)
    }

    /// The seats a person chose an action for in the current game, the actions of `msgs`
    /// (not yet applied) included.
    fn persons_acted(&self, msgs: &[Numbered]) -> [bool; 3] {
        let mut acted = [false; 3];
        for (a, by) in self.table.game.actions().iter().zip(&self.table.by) {
            if *by == crate::event::By::Person {
                acted[a.seat.min(2)] = true;
            }
        }
        for m in msgs {
            if let Numbered::Event {
                action,
                by: crate::event::By::Person,
                ..
            } = m
                && let Some(seat) = action
                    .split_whitespace()
                    .next()
                    .and_then(|t| t.parse::<usize>().ok())
            {
                acted[seat.min(2)] = true;
            }
        }
        acted
    }

    /// Persons' seats away: no connection for `--away-after`.
    fn away_now(&self) -> [bool; 3] {
        let now = Instant::now();
        std::array::from_fn(|s| {
            self.gone_since[s].is_some_and(|t| now.duration_since(t) >= self.shared.away_after)
        })
    }

    fn send(&mut self, id: u64, text: String) {
        if let Some(c) = self.conns.get(&id)
            && !c.send(text.into())
        {
            self.remove(id);
        }
    }
}

/// A JSON value's text as a shared string.
fn text(v: &Value) -> Arc<str> {
    v.to_string().into()
}
