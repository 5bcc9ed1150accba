//! The tables of the server: resumed from the log at start, created on request, each run by
//! its own task ([`Actor`]), found by id with the hashes of its seats' tokens.

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, RwLock};

use base64::Engine as _;
use rand::RngCore;
use serde_json::Value;
use tokio::sync::{mpsc, oneshot};
use ulti_engine::whole_game::TableRules;

use crate::actor::{Actor, Cmd, Shared};
use crate::event::{Audience, Numbered, Stored};
use crate::protocol::{SeatKind, TableSummary};
use crate::store::{NewTable, TokenHash, token_hash};
use crate::table::{Table, TableMeta, table_seed};

/// A table as the HTTP side reaches it.
#[derive(Clone)]
pub struct TableHandle {
    /// Its task's inbox.
    pub inbox: mpsc::UnboundedSender<Cmd>,
    /// Its seats' token hashes (`None`: a computer seat).
    pub tokens: [Option<TokenHash>; 3],
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
        (0..3)
            .find(|&s| self.tokens[s] == Some(h))
            .map(Audience::Seat)
    }
}

/// Every table.
pub struct Hub {
    shared: Shared,
    seed: Option<u64>,
    /// Tests only: game 1 of every new table is this record's deal.
    test_deal: Option<ulti_engine::whole_game::TableRecord>,
    tables: RwLock<HashMap<String, TableHandle>>,
    next_conn: AtomicU64,
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

impl Hub {
    /// The hub over `shared`'s store, every stored table resumed (computer turns included).
    ///
    /// # Errors
    /// A log that cannot be read or replayed.
    pub fn start(
        shared: Shared,
        seed: Option<u64>,
        test_deal: Option<ulti_engine::whole_game::TableRecord>,
    ) -> Result<Arc<Hub>, String> {
        let hub = Arc::new(Hub {
            shared,
            seed,
            test_deal,
            tables: RwLock::new(HashMap::new()),
            next_conn: AtomicU64::new(1),
        });
        for (t, log) in hub.shared.store.load_all()? {
            let rules: TableRules =
                serde_json::from_str(&t.rules).map_err(|e| format!("table {}: {e}", t.id))?;
            let mut seats = [SeatKind::Human; 3];
            let mut tokens = [None; 3];
            for (s, (kind, hash)) in t.seats.iter().enumerate().take(3) {
                seats[s] = SeatKind::parse(kind)?;
                tokens[s] = *hash;
            }
            let mut table = Table::new(TableMeta {
                k: t.k,
                id: t.id.clone(),
                rules,
                seats,
                seed: t.seed,
            });
            let mut recent = Vec::with_capacity(log.len());
            for (v, body) in log {
                let m: Numbered = serde_json::from_str(&body)
                    .map_err(|e| format!("table {} v {v}: {e}", t.id))?;
                table
                    .apply(v, &m)
                    .map_err(|e| format!("table {} v {v}: {e}", t.id))?;
                recent.push(Stored::new(v, m));
            }
            hub.spawn(table, recent, tokens);
        }
        Ok(hub)
    }

    fn spawn(&self, table: Table, recent: Vec<Stored>, tokens: [Option<TokenHash>; 3]) {
        let (tx, rx) = mpsc::unbounded_channel();
        let id = table.meta.id.clone();
        let actor = Actor::new(table, recent, self.shared.clone(), tx.clone());
        tokio::spawn(actor.run(rx));
        self.tables
            .write()
            .unwrap_or_else(|p| p.into_inner())
            .insert(
                id,
                TableHandle {
                    inbox: tx,
                    tokens,
                    spectators: Arc::default(),
                },
            );
    }

    /// The table `id`.
    #[must_use]
    pub fn table(&self, id: &str) -> Option<TableHandle> {
        self.tables
            .read()
            .unwrap_or_else(|p| p.into_inner())
            .get(id)
            .cloned()
    }

    /// How many tables there are.
    #[must_use]
    pub fn len(&self) -> usize {
        self.tables.read().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Are there none?
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

    /// `GET /api/tables/ID`.
    pub async fn summary(&self, id: &str) -> Option<TableSummary> {
        let h = self.table(id)?;
        let (reply, wait) = oneshot::channel();
        h.inbox.send(Cmd::Summary { reply }).ok()?;
        wait.await.ok()
    }

    /// Create a table (its game 1 dealt and stored) and start it.
    ///
    /// # Errors
    /// The database refused.
    pub async fn create(&self, rules: TableRules, seats: [SeatKind; 3]) -> Result<Created, String> {
        let id = random_text(9);
        let tokens: [Option<String>; 3] = seats.map(|k| k.is_human().then(|| random_text(24)));
        let hashes = tokens.clone().map(|t| t.map(|t| token_hash(&t)));
        let seed = self.seed;
        let meta = TableMeta {
            k: 0,
            id: id.clone(),
            rules,
            seats,
            seed: 0,
        };
        let plan_meta = meta.clone();
        let test_deal = self.test_deal.clone();
        let plan: crate::store::Plan = Box::new(move |k| {
            let seed = match seed {
                Some(s) => table_seed(s, k),
                None => rand::rng().next_u64(),
            };
            let t = Table::new(TableMeta {
                k,
                seed,
                ..plan_meta
            });
            let deal = match test_deal {
                Some(r) => Numbered::Deal {
                    game: 1,
                    dealer: r.dealer,
                    rules: t.meta.rules,
                    hands: r.hands,
                },
                None => t.deal_next(),
            };
            Ok((
                seed,
                vec![(1, serde_json::to_string(&deal).expect("serialises"))],
            ))
        });
        let (k, seed, rows) = self
            .shared
            .store
            .create(NewTable {
                id: id.clone(),
                rules: serde_json::to_string(&rules).expect("serialises"),
                seats: seats.iter().map(|s| s.name()).zip(hashes).collect(),
                plan,
            })
            .await?;
        let mut table = Table::new(TableMeta { k, seed, ..meta });
        let mut recent = Vec::new();
        for (v, body) in rows {
            let m: Numbered = serde_json::from_str(&body).map_err(|e| e.to_string())?;
            table.apply(v, &m)?;
            recent.push(Stored::new(v, m));
        }
        self.spawn(table, recent, hashes);
        let mut out = serde_json::Map::new();
        for (s, t) in tokens.into_iter().enumerate() {
            if let Some(t) = t {
                out.insert(s.to_string(), Value::from(t));
            }
        }
        Ok(Created {
            table: id,
            tokens: out,
        })
    }
}
