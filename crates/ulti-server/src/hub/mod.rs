//! The tables of the server: created on request, each run by its own task ([`Actor`]), found
//! by id with the hashes of its seats' tokens.
//!
//! Only the tables in use are in memory. A table is loaded from the log when someone opens it
//! (a WebSocket, `GET /api/tables/ID`), and its task leaves memory once it has had no
//! connection for `--rest-after` and decides nothing: it removes itself from the map under the
//! map's write lock, with its inbox empty. Whoever took its handle just before still reaches
//! it: the resting task stays as a relay for as long as any handle of it lives, and hands each
//! connection to the table loaded anew, so nothing is lost.
//!
//! Faults stay with their table. A table whose log does not replay with this version is set
//! aside (logged; opening it answers 503 in words) and every other table works. A table's task
//! that panics is caught by its supervisor and started again from the log (its connections
//! are closed, and come back with `since=`).

use std::collections::HashMap;
use std::panic::AssertUnwindSafe;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, RwLock};

use futures_util::FutureExt as _;

use base64::Engine as _;
use rand::RngCore;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use ulti_engine::whole_game::TableRules;

use crate::actor::{Actor, Cmd, Exit, Shared, Tokens};
use crate::computer::panic_text;
use crate::event::{Audience, Numbered, Stored};
use crate::protocol::{SeatKind, TableSummary};
use crate::store::{Row, StoredTable, TokenHash, token_hash};
use crate::table::{Table, TableMeta};

mod create;

/// A table as the HTTP side reaches it.
#[derive(Clone)]
pub struct TableHandle {
    /// Its task's inbox.
    pub inbox: mpsc::UnboundedSender<Cmd>,
    /// Its seats' token hashes (`None`: a computer seat, or one waiting for a person).
    pub tokens: Tokens,
    /// Its open spectator connections (`--max-spectators`; see `ws::Spectator`).
    pub spectators: Arc<std::sync::atomic::AtomicUsize>,
}

impl TableHandle {
    /// Who a connection with `token` is: a seat, a spectator (no token), or `None` (an
    /// unknown token).
    #[must_use]
    pub fn audience(&self, token: Option<&str>) -> Option<Audience> {
        let Some(token) = token else {
            return Some(Audience::Spectator);
        };
        let h = token_hash(token);
        let tokens = self.tokens.read().unwrap_or_else(|p| p.into_inner());
        (0..3).find(|&s| tokens[s] == Some(h)).map(Audience::Seat)
    }
}

/// Why a table cannot be opened.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Unavailable {
    /// There is no such table (404).
    NotFound,
    /// Its log does not replay with this version: set aside, in words (503).
    SetAside(String),
    /// The database could not be read now (503).
    Failed(String),
}

impl Unavailable {
    /// The HTTP status that says it.
    #[must_use]
    pub fn status(&self) -> u16 {
        match self {
            Unavailable::NotFound => 404,
            Unavailable::SetAside(_) | Unavailable::Failed(_) => 503,
        }
    }

    /// In words, for `{"error": …}`.
    #[must_use]
    pub fn words(&self, id: &str) -> String {
        match self {
            Unavailable::NotFound => format!("no table {id:?}"),
            Unavailable::SetAside(why) => format!("this table cannot be loaded: {why}"),
            Unavailable::Failed(e) => format!("this table cannot be read now: {e}"),
        }
    }
}

/// A table replayed from its log: the table, its messages and its seats' token hashes.
type Loaded = (Table, Vec<Stored>, [Option<TokenHash>; 3]);

/// How many panics a table's task survives before it is set aside.
const MAX_RESTARTS: u32 = 3;

/// Every table in memory.
pub struct Hub {
    shared: Shared,
    seed: Option<u64>,
    /// Tests only: game 1 of every new table is this record's deal.
    test_deal: Option<ulti_engine::whole_game::TableRecord>,
    tables: RwLock<HashMap<String, TableHandle>>,
    /// Tables whose log does not replay, and why.
    set_aside: Mutex<HashMap<String, String>>,
    /// Who created each table created since start (the computer pool's turns; a table
    /// created before is its own owner).
    owners: Mutex<HashMap<String, Arc<str>>>,
    next_conn: AtomicU64,
    /// How many tables have rested: a load that read the log before a table rested may be
    /// older than what that table stored, and reads again.
    rests: AtomicU64,
}

/// A created table: its id and the person seats' tokens.
pub struct Created {
    /// The table id.
    pub table: String,
    /// Seat (as text) → token.
    pub tokens: serde_json::Map<String, Value>,
}

/// `n` random bytes, URL-safe base64 without padding.
fn random_text(n: usize) -> String {
    let mut b = vec![0u8; n];
    rand::rng().fill_bytes(&mut b);
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

/// Replay a stored table: the reason in words when its log does not replay.
fn replay(t: StoredTable, log: Vec<Row>, deals_from_os: bool) -> Result<Loaded, String> {
    let rules: TableRules =
        serde_json::from_str(&t.rules).map_err(|e| format!("its rules do not read: {e}"))?;
    let mut seats = [SeatKind::Human; 3];
    let mut tokens = [None; 3];
    for (s, (kind, hash)) in t.seats.iter().enumerate().take(3) {
        seats[s] = SeatKind::parse(kind).map_err(|e| format!("seat {s}: {e}"))?;
        tokens[s] = *hash;
    }
    let mut table = Table::new(TableMeta {
        k: t.k,
        id: t.id.clone(),
        rules,
        seats,
        seed: t.seed,
    });
    table.deals_from_os = deals_from_os;
    let mut recent = Vec::with_capacity(log.len());
    for (v, body) in log {
        let why =
            |e: String| format!("its log does not replay with this version (message {v}: {e})");
        let m: Numbered = serde_json::from_str(&body).map_err(|e| why(e.to_string()))?;
        table.apply(v, &m).map_err(why)?;
        recent.push(Stored::new(v, m));
    }
    for (s, token) in tokens.iter_mut().enumerate() {
        if let Some(h) = table.sat_tokens[s]
            .as_deref()
            .and_then(crate::store::from_hex)
        {
            *token = Some(h);
        }
        table.names[s] = t.players[s].as_ref().and_then(|(_, n)| n.clone());
    }
    Ok((table, recent, tokens))
}

impl Hub {
    /// The hub over `shared`'s store. No table is loaded: each is, when someone opens it.
    ///
    /// # Errors
    /// None today (kept for the callers).
    pub fn start(
        shared: Shared,
        seed: Option<u64>,
        test_deal: Option<ulti_engine::whole_game::TableRecord>,
    ) -> Result<Arc<Hub>, String> {
        Ok(Arc::new(Hub {
            shared,
            seed,
            test_deal,
            tables: RwLock::new(HashMap::new()),
            set_aside: Mutex::new(HashMap::new()),
            owners: Mutex::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
            rests: AtomicU64::new(0),
        }))
    }

    /// Start the task of `table` and put it in the map.
    fn spawn(
        self: &Arc<Self>,
        table: Table,
        recent: Vec<Stored>,
        tokens: [Option<TokenHash>; 3],
    ) -> TableHandle {
        self.spawn_read(table, recent, tokens, None)
            .expect("no check asked")
    }

    /// [`Hub::spawn`] of a table read from the log when `rests` tables had rested: `None`
    /// when some table has rested since (it may be this one, with more stored: read again).
    fn spawn_read(
        self: &Arc<Self>,
        table: Table,
        recent: Vec<Stored>,
        tokens: [Option<TokenHash>; 3],
        rests: Option<u64>,
    ) -> Option<TableHandle> {
        let id = table.meta.id.clone();
        let mut map = self.tables.write().unwrap_or_else(|p| p.into_inner());
        // Loaded twice at once: the first one in the map is the table.
        if let Some(h) = map.get(&id) {
            return Some(h.clone());
        }
        if rests.is_some_and(|n| n != self.rests.load(Ordering::SeqCst)) {
            return None;
        }
        let (tx, rx) = mpsc::unbounded_channel();
        let owner = self.owner(&id);
        let tokens: Tokens = Arc::new(std::sync::RwLock::new(tokens));
        let actor = Actor::new(table, recent, self.shared.clone(), tx.clone(), owner)
            .with_tokens(tokens.clone());
        let handle = TableHandle {
            inbox: tx,
            tokens,
            spectators: Arc::default(),
        };
        map.insert(id.clone(), handle.clone());
        drop(map);
        tokio::spawn(self.clone().supervise(id, actor, rx));
        Some(handle)
    }

    /// The computer pool's owner of table `id`.
    fn owner(&self, id: &str) -> Arc<str> {
        let owners = self.owners.lock().unwrap_or_else(|p| p.into_inner());
        owners.get(id).cloned().unwrap_or_else(|| id.into())
    }

    /// Run a table's task: again from the log after a panic; until it rests.
    async fn supervise(
        self: Arc<Self>,
        id: String,
        mut actor: Actor,
        mut rx: mpsc::UnboundedReceiver<Cmd>,
    ) {
        let mut restarts = 0;
        loop {
            let ran = std::time::Instant::now();
            let exit = AssertUnwindSafe(actor.run(&mut rx)).catch_unwind().await;
            if ran.elapsed() > std::time::Duration::from_secs(600) {
                // Panics far apart are not one fault repeating.
                restarts = 0;
            }
            match exit {
                Ok(Exit::Rest) => {
                    {
                        let mut map = self.tables.write().unwrap_or_else(|p| p.into_inner());
                        if !rx.is_empty() {
                            // Someone came meanwhile: on with the table.
                            continue;
                        }
                        map.remove(&id);
                        self.rests.fetch_add(1, Ordering::SeqCst);
                    }
                    tracing::info!(table = %id, "the table rests (it leaves memory)");
                    drop(actor);
                    self.relay(&id, rx).await;
                    return;
                }
                Ok(Exit::Closed) => return,
                Err(panic) => {
                    restarts += 1;
                    let why = panic_text(panic.as_ref());
                    tracing::error!(
                        table = %id,
                        "the table's task panicked ({why}): restart {restarts}, from the log"
                    );
                    actor.drop_connections();
                    let loaded = if restarts > MAX_RESTARTS {
                        Err(format!("its task failed {restarts} times (last: {why})"))
                    } else {
                        tokio::time::sleep(std::time::Duration::from_millis(100 << restarts)).await;
                        self.read(&id).await
                    };
                    match loaded {
                        Ok(Some((table, recent, _))) => {
                            let owner = self.owner(&id);
                            let tokens = actor.tokens();
                            actor = Actor::new(
                                table,
                                recent,
                                self.shared.clone(),
                                actor.inbox(),
                                owner,
                            );
                            if let Some(t) = tokens {
                                actor = actor.with_tokens(t);
                            }
                        }
                        Ok(None) | Err(_) => {
                            let why = match loaded {
                                Err(e) => e,
                                _ => "it is no longer in the database".into(),
                            };
                            self.set_aside(&id, why);
                            self.tables
                                .write()
                                .unwrap_or_else(|p| p.into_inner())
                                .remove(&id);
                            return;
                        }
                    }
                }
            }
        }
    }

    /// A resting table's relay: what reaches it through a handle taken before it rested goes
    /// to the table loaded anew. It ends when no such handle is left.
    async fn relay(self: &Arc<Self>, id: &str, mut rx: mpsc::UnboundedReceiver<Cmd>) {
        let mut routes: HashMap<u64, TableHandle> = HashMap::new();
        while let Some(cmd) = rx.recv().await {
            match cmd {
                Cmd::Join { conn, since } => {
                    let conn_id = conn.id;
                    // A table that cannot be loaded drops the connection (it is closed).
                    if let Ok(h) = self.table(id).await
                        && h.inbox.send(Cmd::Join { conn, since }).is_ok()
                    {
                        routes.insert(conn_id, h);
                    }
                }
                Cmd::Msg { id: c, msg, permit } => {
                    if let Some(h) = routes.get(&c) {
                        let _ = h.inbox.send(Cmd::Msg { id: c, msg, permit });
                    }
                }
                Cmd::Leave { id: c } => {
                    if let Some(h) = routes.remove(&c) {
                        let _ = h.inbox.send(Cmd::Leave { id: c });
                    }
                }
                Cmd::Summary { reply } => {
                    if let Ok(h) = self.table(id).await {
                        let _ = h.inbox.send(Cmd::Summary { reply });
                    }
                }
                Cmd::Sit {
                    player,
                    name,
                    reply,
                } => {
                    if let Ok(h) = self.table(id).await {
                        let _ = h.inbox.send(Cmd::Sit {
                            player,
                            name,
                            reply,
                        });
                    }
                }
                Cmd::RenewDailyToken { player, reply } => {
                    if let Ok(h) = self.table(id).await {
                        let _ = h.inbox.send(Cmd::RenewDailyToken { player, reply });
                    }
                }
                Cmd::Decided { .. } | Cmd::Wake | Cmd::Renamed { .. } => {}
            }
        }
    }

    /// Table `id` read from the log and replayed (`None`: no such table; `Err`: why it does
    /// not replay).
    async fn read(&self, id: &str) -> Result<Option<Loaded>, String> {
        let store = self.shared.store.clone();
        let key = id.to_string();
        let found = tokio::task::spawn_blocking(move || store.load_table(&key))
            .await
            .map_err(|e| e.to_string())?
            .map_err(|e| format!("the database could not be read: {e}"))?;
        let from_os = self.seed.is_none();
        found.map(|(t, log)| replay(t, log, from_os)).transpose()
    }

    /// Tell table `id`, if it is in memory, that `player` is named `name` now (a resting
    /// table reads the names when it is loaded).
    pub fn renamed(&self, id: &str, player: &str, name: Option<String>) {
        if let Some(h) = self.in_memory(id) {
            let _ = h.inbox.send(Cmd::Renamed {
                player: player.to_string(),
                name,
            });
        }
    }

    /// The table `id`, loaded from the log if it is resting.
    ///
    /// # Errors
    /// No such table, one set aside (its log does not replay), a database that cannot be read.
    pub async fn table(self: &Arc<Self>, id: &str) -> Result<TableHandle, Unavailable> {
        if let Some(h) = self.in_memory(id) {
            return Ok(h);
        }
        // Ids are 12 characters; anything much longer is nobody's table.
        if id.len() > 64 {
            return Err(Unavailable::NotFound);
        }
        // Read and replayed outside any lock (tables load in parallel); `spawn` keeps the
        // first of two loads of one table.
        if let Some(why) = self
            .set_aside
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
        {
            return Err(Unavailable::SetAside(why.clone()));
        }
        for _ in 0..8 {
            let rests = self.rests.load(Ordering::SeqCst);
            let store = self.shared.store.clone();
            let key = id.to_string();
            let found = tokio::task::spawn_blocking(move || store.load_table(&key))
                .await
                .map_err(|e| Unavailable::Failed(e.to_string()))?
                .map_err(Unavailable::Failed)?;
            let Some((t, log)) = found else {
                return Err(Unavailable::NotFound);
            };
            match replay(t, log, self.seed.is_none()) {
                Ok((table, recent, tokens)) => {
                    if let Some(h) = self.spawn_read(table, recent, tokens, Some(rests)) {
                        return Ok(h);
                    }
                }
                Err(why) => return Err(self.set_aside(id, why)),
            }
        }
        Err(Unavailable::Failed(
            "tables are resting too fast to load this one: try again".into(),
        ))
    }

    /// Set table `id` aside: its log does not replay.
    fn set_aside(&self, id: &str, why: String) -> Unavailable {
        tracing::error!(table = %id, "the table is set aside: {why}");
        self.set_aside
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id.to_string(), why.clone());
        Unavailable::SetAside(why)
    }

    fn in_memory(&self, id: &str) -> Option<TableHandle> {
        self.tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    /// How many tables are in memory.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tables.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Are there none in memory?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// A fresh connection id.
    #[must_use]
    pub fn conn_id(&self) -> u64 {
        self.next_conn.fetch_add(1, Ordering::Relaxed)
    }

    /// The counters.
    #[must_use]
    pub fn stats(&self) -> Value {
        self.shared.stats.report(self.len())
    }

    /// The counters themselves.
    #[must_use]
    pub fn stats_ref(&self) -> &crate::stats::Stats {
        &self.shared.stats
    }

    /// `/metrics`: the counters in Prometheus' text, `sockets` being the connections open.
    #[must_use]
    pub fn metrics(&self, sockets: usize) -> String {
        self.shared
            .stats
            .prometheus(self.len(), sockets, self.shared.pool.queued())
    }

    /// What the tables share (the connections' settings too).
    #[must_use]
    pub fn shared(&self) -> &Shared {
        &self.shared
    }

    /// The store.
    #[must_use]
    pub fn store(&self) -> &crate::store::Store {
        &self.shared.store
    }

    /// `GET /api/tables/ID` (loading the table if it rests).
    ///
    /// # Errors
    /// As [`Hub::table`].
    pub async fn summary(self: &Arc<Self>, id: &str) -> Result<TableSummary, Unavailable> {
        // A table that rests between the look-up and the question is asked again.
        for _ in 0..3 {
            let h = self.table(id).await?;
            let (reply, wait) = oneshot::channel();
            if h.inbox.send(Cmd::Summary { reply }).is_ok()
                && let Ok(s) = wait.await
            {
                return Ok(s);
            }
        }
        Err(Unavailable::Failed(
            "the table is restarting: try again".into(),
        ))
    }

    /// `player` resumes its attempt at the daily table `id` (loading it if it rests): a fresh
    /// token for its seat, the old one refused from now on.
    ///
    /// # Errors
    /// The table cannot be opened, is not the player's daily table, or its log refused (in
    /// words).
    pub async fn renew_daily_token(
        self: &Arc<Self>,
        id: &str,
        player: &str,
    ) -> Result<String, String> {
        // A table that rests between the look-up and the question is asked again.
        for _ in 0..3 {
            let h = self.table(id).await.map_err(|u| u.words(id))?;
            let (reply, wait) = oneshot::channel();
            let cmd = Cmd::RenewDailyToken {
                player: player.to_string(),
                reply,
            };
            if h.inbox.send(cmd).is_ok()
                && let Ok(r) = wait.await
            {
                return r;
            }
        }
        Err("the table is restarting: try again".into())
    }
}
