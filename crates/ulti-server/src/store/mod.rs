//! The database: one SQLite file in WAL mode (rusqlite, SQLite bundled). Every table's
//! numbered messages are an append-only log (`events`, keyed by table and `v`: a number is
//! written once, and triggers refuse any update or delete); `tables` and `seats` say what each
//! table is — a person's seat by the SHA-256 of its token, never the token — and `games`
//! holds each finished game's `ulti-game/1` record, written in the same transaction as its
//! `over` — and with it its players' new ratings and their games (`ratings`).
//!
//! The WAL is copied into the database by a checkpoint thread of its own, every second, so no
//! commit waits for it.
//!
//! All writes go through one writer thread that commits whatever is queued in one
//! transaction (group commit; `synchronous = FULL` unless `--durability os`): a caller's
//! messages are durable when its
//! answer comes back, and only then are they sent to anyone. Reads (the log at start, a
//! reconnect's missed messages, finished games) use a connection of their own, which WAL lets
//! read while the writer writes.

use std::path::Path;
use std::sync::{Arc, Mutex};

use rusqlite::{Connection, OptionalExtension, params};
use sha2::{Digest, Sha256};
use tokio::sync::oneshot;

/// A token's stored form.
pub type TokenHash = [u8; 32];

/// The SHA-256 of a token.
#[must_use]
pub fn token_hash(token: &str) -> TokenHash {
    Sha256::digest(token.as_bytes()).into()
}

/// A token hash as hex (how a `sit` message stores it).
#[must_use]
pub fn hex(h: &TokenHash) -> String {
    h.iter().map(|b| format!("{b:02x}")).collect()
}

/// A token hash from hex (`None`: not 64 hex digits).
#[must_use]
pub fn from_hex(s: &str) -> Option<TokenHash> {
    if s.len() != 64 {
        return None;
    }
    let mut out = [0u8; 32];
    for (i, b) in out.iter_mut().enumerate() {
        *b = u8::from_str_radix(s.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(out)
}

/// One stored message: its number and its JSON.
pub type Row = (u64, String);

/// A finished game to store with its `over` (its players rated in the same transaction).
pub type GameRow = crate::rated::FinishedGame;

/// A table as the database holds it.
#[derive(Clone, Debug)]
pub struct StoredTable {
    /// Its place in the order of creation, from 1.
    pub k: i64,
    /// Its public id.
    pub id: String,
    /// The rules (JSON).
    pub rules: String,
    /// Its seed.
    pub seed: u64,
    /// Each seat's kind (`human`, `computer:LEVEL`) and token hash.
    pub seats: Vec<(String, Option<TokenHash>)>,
    /// Each seat's player, if one sits there.
    pub players: [players::SeatPlayer; 3],
}

/// A created table: its `k`, seed and first messages.
pub type Created = (i64, u64, Vec<Row>);

/// What the creation of a table writes, once its `k` is known: its seed and first messages.
pub type Plan = Box<dyn FnOnce(i64) -> Result<(u64, Vec<Row>), String> + Send>;

/// A new table.
pub struct NewTable {
    /// Its public id.
    pub id: String,
    /// The rules (JSON).
    pub rules: String,
    /// Each seat's kind and token hash.
    pub seats: Vec<(String, Option<TokenHash>)>,
    /// Its seed and first messages from its `k`.
    pub plan: Plan,
}

/// A write run inside the writer's transaction.
type RunFn = Box<dyn FnOnce(&Connection) -> Result<(), String> + Send>;

enum Job {
    Append {
        k: i64,
        rows: Vec<Row>,
        games: Vec<GameRow>,
        done: oneshot::Sender<Result<(), String>>,
    },
    Create {
        table: NewTable,
        done: oneshot::Sender<Result<Created, String>>,
    },
    /// Any other write (players, sessions): a closure run in the transaction.
    Run {
        f: RunFn,
        done: oneshot::Sender<Result<(), String>>,
    },
    /// A write that changes nothing of the tables: the database takes writes (`/healthz`),
    /// and everything queued before it is committed.
    Probe {
        done: oneshot::Sender<Result<(), String>>,
    },
}

/// The database: a writer thread and a reading connection.
#[derive(Clone)]
pub struct Store {
    writer: std::sync::mpsc::Sender<Job>,
    reader: Arc<Mutex<Connection>>,
    /// The exclusive lock on `<db>.lock`, held as long as the store lives: a second server on
    /// the same file refuses to start instead of splitting the tables' state with this one.
    _lock: Arc<std::fs::File>,
}

pub mod daily;
mod migrate;
pub mod players;
pub mod privacy;
pub mod ratings;

pub use migrate::{MIGRATIONS, schema_version};

/// When a commit counts as written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Durability {
    /// On the disk (`synchronous = FULL`: the WAL is synced at every commit): survives the
    /// machine's crash or a power loss.
    Disk,
    /// In the operating system (`synchronous = NORMAL`): survives the server's crash (SIGKILL
    /// included), not the machine's.
    Os,
}

fn open(path: &Path, durability: Durability) -> rusqlite::Result<Connection> {
    let c = Connection::open(path)?;
    c.busy_timeout(std::time::Duration::from_secs(10))?;
    c.pragma_update(None, "journal_mode", "WAL")?;
    let sync = match durability {
        Durability::Disk => "FULL",
        Durability::Os => "NORMAL",
    };
    c.pragma_update(None, "synchronous", sync)?;
    c.pragma_update(None, "foreign_keys", "ON")?;
    Ok(c)
}

pub(crate) fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

fn append(tx: &Connection, k: i64, rows: &[Row], games: &[GameRow]) -> rusqlite::Result<()> {
    let mut ins = tx.prepare_cached("INSERT INTO events (table_k, v, body) VALUES (?1, ?2, ?3)")?;
    for (v, body) in rows {
        ins.execute(params![k, *v as i64, body])?;
    }
    let mut g = tx.prepare_cached(
        "INSERT INTO games (table_k, n, record, payments) VALUES (?1, ?2, ?3, ?4)",
    )?;
    for game in games {
        let payments = serde_json::to_string(&game.payments).expect("serialises");
        g.execute(params![k, game.n, game.record, payments])?;
        ratings::rate_game(tx, k, game, now_ms())?;
        if let Some(d) = &game.daily {
            daily::insert_result(tx, d, now_ms())?;
        }
    }
    Ok(())
}

fn create(tx: &Connection, t: NewTable) -> Result<Created, String> {
    let e = |e: rusqlite::Error| e.to_string();
    tx.execute(
        "INSERT INTO tables (id, created_ms, rules, seed) VALUES (?1, ?2, ?3, 0)",
        params![t.id, now_ms(), t.rules],
    )
    .map_err(e)?;
    let k = tx.last_insert_rowid();
    let (seed, rows) = (t.plan)(k)?;
    tx.execute(
        "UPDATE tables SET seed = ?1 WHERE k = ?2",
        params![seed as i64, k],
    )
    .map_err(e)?;
    for (seat, (kind, hash)) in t.seats.iter().enumerate() {
        tx.execute(
            "INSERT INTO seats (table_k, seat, kind, token_sha256) VALUES (?1, ?2, ?3, ?4)",
            params![k, seat as i64, kind, hash.as_ref().map(|h| h.to_vec())],
        )
        .map_err(e)?;
    }
    append(tx, k, &rows, &[]).map_err(e)?;
    Ok((k, seed, rows))
}

/// Run one job inside the open transaction, in a savepoint of its own: a job that fails
/// leaves nothing behind and does not fail the others.
fn run(conn: &Connection, job: Job) -> Box<dyn FnOnce(Result<(), String>)> {
    let sp = |c: &Connection, sql: &str| c.execute_batch(sql).map_err(|e| e.to_string());
    if let Err(e) = sp(conn, "SAVEPOINT job") {
        return reply_err(job, e);
    }
    match job {
        Job::Append {
            k,
            rows,
            games,
            done,
        } => {
            let r = append(conn, k, &rows, &games).map_err(|e| e.to_string());
            let r = finish(conn, r);
            Box::new(move |commit| {
                let _ = done.send(r.and(commit));
            })
        }
        Job::Probe { done } => {
            let r = conn
                .execute(
                    "INSERT OR REPLACE INTO health (k, at_ms) VALUES (1, ?1)",
                    [now_ms()],
                )
                .map(|_| ())
                .map_err(|e| e.to_string());
            let r = finish(conn, r);
            Box::new(move |commit| {
                let _ = done.send(r.and(commit));
            })
        }
        Job::Run { f, done } => {
            let r = f(conn);
            let r = finish(conn, r);
            Box::new(move |commit| {
                let _ = done.send(r.and(commit));
            })
        }
        Job::Create { table, done } => {
            let r = create(conn, table);
            let ok = r.as_ref().map(|_| ()).map_err(Clone::clone);
            let r = finish(conn, ok).and(r);
            Box::new(move |commit| {
                let _ = done.send(commit.and(r));
            })
        }
    }
}

fn finish(conn: &Connection, r: Result<(), String>) -> Result<(), String> {
    match r {
        Ok(()) => conn.execute_batch("RELEASE job").map_err(|e| e.to_string()),
        Err(e) => {
            // Some errors (SQLITE_FULL) roll the whole transaction back already, savepoint
            // and all: the job's own error is the one to tell (and the commit then fails).
            if !conn.is_autocommit() {
                let _ = conn.execute_batch("ROLLBACK TO job; RELEASE job");
            }
            Err(e)
        }
    }
}

fn reply_err(job: Job, e: String) -> Box<dyn FnOnce(Result<(), String>)> {
    match job {
        Job::Append { done, .. } => Box::new(move |_| {
            let _ = done.send(Err(e));
        }),
        Job::Create { done, .. } => Box::new(move |_| {
            let _ = done.send(Err(e));
        }),
        Job::Probe { done } | Job::Run { done, .. } => Box::new(move |_| {
            let _ = done.send(Err(e));
        }),
    }
}

/// The writer thread: each round commits every job queued by then in one transaction.
fn writer(conn: Connection, rx: std::sync::mpsc::Receiver<Job>) {
    while let Ok(first) = rx.recv() {
        let mut jobs = vec![first];
        while jobs.len() < 512 {
            match rx.try_recv() {
                Ok(j) => jobs.push(j),
                Err(_) => break,
            }
        }
        if let Err(e) = conn.execute_batch("BEGIN IMMEDIATE") {
            for j in jobs {
                reply_err(j, e.to_string())(Ok(()));
            }
            continue;
        }
        let replies: Vec<_> = jobs.into_iter().map(|j| run(&conn, j)).collect();
        let commit = conn.execute_batch("COMMIT").map_err(|e| e.to_string());
        if commit.is_err() {
            let _ = conn.execute_batch("ROLLBACK");
        }
        for r in replies {
            r(commit.clone());
        }
    }
}

impl Store {
    /// Open (and create on first start) the database at `path`.
    ///
    /// # Errors
    /// A file SQLite cannot open or write.
    pub fn open(path: &Path, durability: Durability) -> Result<Store, String> {
        Store::open_with(path, durability, None)
    }

    /// [`Store::open`], the writer limited to `max_pages` pages of the file when given (tests:
    /// a full disk, SQLite's "database or disk is full", for real).
    ///
    /// # Errors
    /// A file SQLite cannot open or write, or one another server holds.
    pub fn open_with(
        path: &Path,
        durability: Durability,
        max_pages: Option<u64>,
    ) -> Result<Store, String> {
        let lock = lock(path)?;
        let e = |e: rusqlite::Error| format!("{}: {e}", path.display());
        let w = open(path, durability).map_err(e)?;
        migrate::migrate(&w).map_err(|m| format!("{}: {m}", path.display()))?;
        if let Some(n) = max_pages {
            w.pragma_update(None, "max_page_count", n).map_err(e)?;
        }
        // Checkpoints (copying the WAL into the database, with its own sync) run on a thread
        // of their own, never inside a commit that people's acks wait for.
        w.pragma_update(None, "wal_autocheckpoint", 0).map_err(e)?;
        let c = open(path, durability).map_err(e)?;
        std::thread::Builder::new()
            .name("store-checkpoint".into())
            .spawn(move || {
                loop {
                    std::thread::sleep(std::time::Duration::from_secs(1));
                    if let Err(e) = c.execute_batch("PRAGMA wal_checkpoint(PASSIVE)") {
                        tracing::warn!("store: checkpoint: {e}");
                    }
                }
            })
            .map_err(|e| e.to_string())?;
        let r = open(path, durability).map_err(e)?;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::Builder::new()
            .name("store-writer".into())
            .spawn(move || writer(w, rx))
            .map_err(|e| e.to_string())?;
        Ok(Store {
            writer: tx,
            reader: Arc::new(Mutex::new(r)),
            _lock: Arc::new(lock),
        })
    }

    /// Append `rows` (and finished `games`) to table `k`'s log; returns once committed.
    ///
    /// # Errors
    /// The database refused (nothing of it was written).
    pub async fn append(&self, k: i64, rows: Vec<Row>, games: Vec<GameRow>) -> Result<(), String> {
        let (done, wait) = oneshot::channel();
        self.writer
            .send(Job::Append {
                k,
                rows,
                games,
                done,
            })
            .map_err(|_| "the store has stopped".to_string())?;
        wait.await
            .map_err(|_| "the store has stopped".to_string())?
    }

    /// Create a table; returns its `k`, seed and first messages once committed.
    ///
    /// # Errors
    /// The database refused (nothing of it was written).
    pub async fn create(&self, table: NewTable) -> Result<Created, String> {
        let (done, wait) = oneshot::channel();
        self.writer
            .send(Job::Create { table, done })
            .map_err(|_| "the store has stopped".to_string())?;
        wait.await
            .map_err(|_| "the store has stopped".to_string())?
    }

    /// Run `f` in the writer's next transaction (a savepoint of its own: an `Err` leaves
    /// nothing behind); its result once committed.
    ///
    /// # Errors
    /// `f`'s error, or the commit's.
    pub async fn write<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> Result<T, String> + Send + 'static,
    ) -> Result<T, String> {
        let out = Arc::new(Mutex::new(None));
        let slot = out.clone();
        let f = Box::new(move |c: &Connection| {
            let v = f(c)?;
            *slot.lock().unwrap_or_else(|p| p.into_inner()) = Some(v);
            Ok(())
        });
        let (done, wait) = oneshot::channel();
        self.writer
            .send(Job::Run { f, done })
            .map_err(|_| "the store has stopped".to_string())?;
        wait.await
            .map_err(|_| "the store has stopped".to_string())??;
        let v = out.lock().unwrap_or_else(|p| p.into_inner()).take();
        v.ok_or_else(|| "the write left no result".to_string())
    }

    /// [`Store::write`] for a closure that only runs SQL: its error in words.
    ///
    /// # Errors
    /// The database's error, or a writer that is gone.
    pub async fn write_sql<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, String> {
        self.write(move |c| f(c).map_err(|e| e.to_string())).await
    }

    /// Read with the reading connection (on a blocking thread).
    ///
    /// # Errors
    /// `f`'s error.
    pub async fn read_async<T: Send + 'static>(
        &self,
        f: impl FnOnce(&Connection) -> rusqlite::Result<T> + Send + 'static,
    ) -> Result<T, String> {
        let me = self.clone();
        tokio::task::spawn_blocking(move || me.read(f))
            .await
            .map_err(|e| e.to_string())?
    }

    fn read<T>(&self, f: impl FnOnce(&Connection) -> rusqlite::Result<T>) -> Result<T, String> {
        let c = self.reader.lock().unwrap_or_else(|p| p.into_inner());
        f(&c).map_err(|e| e.to_string())
    }

    /// Table `id` with its whole log (`None`: no such table), when someone opens it.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub fn load_table(&self, id: &str) -> Result<Option<(StoredTable, Vec<Row>)>, String> {
        self.read(|c| {
            let t = c
                .query_row(
                    "SELECT k, id, rules, seed FROM tables WHERE id = ?1",
                    [id],
                    |r| {
                        Ok(StoredTable {
                            k: r.get(0)?,
                            id: r.get(1)?,
                            rules: r.get(2)?,
                            seed: r.get::<_, i64>(3)? as u64,
                            seats: Vec::new(),
                            players: Default::default(),
                        })
                    },
                )
                .optional()?;
            let Some(mut t) = t else { return Ok(None) };
            let mut seats = c.prepare_cached(
                "SELECT kind, token_sha256 FROM seats WHERE table_k = ?1 ORDER BY seat",
            )?;
            let s = seats.query_map([t.k], |r| {
                let h: Option<Vec<u8>> = r.get(1)?;
                Ok((r.get::<_, String>(0)?, h.and_then(|h| h.try_into().ok())))
            })?;
            for x in s {
                t.seats.push(x?);
            }
            t.players = players::seat_names(c, t.k)?;
            let log = events(c, t.k, 0, u64::MAX)?;
            Ok(Some((t, log)))
        })
    }

    /// Table `k`'s messages numbered above `after` and up to `upto`.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub fn events(&self, k: i64, after: u64, upto: u64) -> Result<Vec<Row>, String> {
        self.read(|c| events(c, k, after, upto))
    }

    /// Write and commit a probe once everything queued before it is committed: `Ok` when the
    /// database takes writes (`/healthz`; at a stop, the store's last writes are done).
    ///
    /// # Errors
    /// The database refused the write.
    pub async fn probe(&self) -> Result<(), String> {
        let (done, wait) = oneshot::channel();
        self.writer
            .send(Job::Probe { done })
            .map_err(|_| "the store has stopped".to_string())?;
        wait.await
            .map_err(|_| "the store has stopped".to_string())?
    }

    /// Table `id`'s finished games' records (JSON) from game `from`, at most `limit`, in order;
    /// `None` for no such table.
    ///
    /// # Errors
    /// A database that cannot be read.
    pub fn games(&self, id: &str, from: u32, limit: u32) -> Result<Option<Vec<String>>, String> {
        self.read(|c| {
            let k: Option<i64> = c
                .query_row("SELECT k FROM tables WHERE id = ?1", [id], |r| r.get(0))
                .optional()?;
            let Some(k) = k else { return Ok(None) };
            let mut st = c.prepare(
                "SELECT record FROM games WHERE table_k = ?1 AND n >= ?2 ORDER BY n LIMIT ?3",
            )?;
            let rows = st.query_map(params![k, from, limit], |r| r.get::<_, String>(0))?;
            Ok(Some(rows.collect::<rusqlite::Result<Vec<_>>>()?))
        })
    }
}

/// Take the exclusive lock beside the database (`<db>.lock`).
fn lock(path: &Path) -> Result<std::fs::File, String> {
    let mut name = path.as_os_str().to_owned();
    name.push(".lock");
    let lock_path = std::path::PathBuf::from(name);
    let f = std::fs::OpenOptions::new()
        .create(true)
        .truncate(false)
        .write(true)
        .open(&lock_path)
        .map_err(|e| format!("{}: {e}", lock_path.display()))?;
    match f.try_lock() {
        Ok(()) => Ok(f),
        Err(std::fs::TryLockError::WouldBlock) => Err(format!(
            "{} is in use by another ulti-server (it holds {}): one server per database",
            path.display(),
            lock_path.display()
        )),
        Err(std::fs::TryLockError::Error(e)) => Err(format!("{}: {e}", lock_path.display())),
    }
}

fn events(c: &Connection, k: i64, after: u64, upto: u64) -> rusqlite::Result<Vec<Row>> {
    let mut st = c.prepare_cached(
        "SELECT v, body FROM events WHERE table_k = ?1 AND v > ?2 AND v <= ?3 ORDER BY v",
    )?;
    let rows = st.query_map(
        params![k, after as i64, upto.min(i64::MAX as u64) as i64],
        |r| Ok((r.get::<_, i64>(0)? as u64, r.get::<_, String>(1)?)),
    )?;
    rows.collect()
}

#[cfg(test)]
mod tests;
