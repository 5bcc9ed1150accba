//! Creating tables: a private one (`POST /api/tables`, its game 1 dealt and stored, a token
//! per person's seat) or a public one ("play now": its seats waiting for people).

use std::sync::Arc;

use rand::RngCore;
use serde_json::Value;
use ulti_engine::whole_game::TableRules;

use super::{Created, Hub, random_text};
use crate::event::{Numbered, Stored};
use crate::protocol::SeatKind;
use crate::store::{NewTable, token_hash};
use crate::table::{Table, TableMeta, table_seed};

impl Hub {
    /// Create a table (its game 1 dealt and stored) for `owner` (the creating client's
    /// address: its tables take their turns together on the computer pool) and start it.
    ///
    /// # Errors
    /// The database refused.
    pub async fn create(
        self: &Arc<Self>,
        rules: TableRules,
        seats: [SeatKind; 3],
        owner: String,
    ) -> Result<Created, String> {
        self.create_with(rules, seats, owner, None, None).await
    }

    /// Open `player`'s table of the deal of the day `date`: the player at seat
    /// [`PLAYER_SEAT`](crate::daily::PLAYER_SEAT) (its `sit` stored with the table), two
    /// strong computers, `deals` of the date's deals. Not public (never listed in the lobby).
    ///
    /// # Errors
    /// The database refused.
    pub async fn create_daily(
        self: &Arc<Self>,
        rules: TableRules,
        date: String,
        deals: u32,
        player: (String, Option<String>),
        owner: String,
    ) -> Result<Created, String> {
        let strong = SeatKind::Computer(ulti_engine::players::TableLevel::Strong);
        let seats = [SeatKind::Human, strong, strong];
        self.create_with(rules, seats, owner, None, Some((date, deals, player)))
            .await
    }

    /// Open a public table ("play now"): three seats waiting for people until `wait` has
    /// passed, then computers at `level` take the ones left. Its id.
    ///
    /// # Errors
    /// The database refused.
    pub async fn create_public(
        self: &Arc<Self>,
        rules: TableRules,
        level: ulti_engine::players::TableLevel,
        wait: std::time::Duration,
        owner: String,
    ) -> Result<String, String> {
        let fill_at = crate::store::now_ms() + wait.as_millis() as i64;
        let public = Numbered::Public {
            level,
            fill_at,
            waiting: [true; 3],
        };
        self.create_with(rules, [SeatKind::Human; 3], owner, Some(public), None)
            .await
            .map(|c| c.table)
    }

    async fn create_with(
        self: &Arc<Self>,
        rules: TableRules,
        seats: [SeatKind; 3],
        owner: String,
        public: Option<Numbered>,
        daily: Option<(String, u32, (String, Option<String>))>,
    ) -> Result<Created, String> {
        let id = random_text(9);
        let tokens: [Option<String>; 3] =
            seats.map(|k| (k.is_human() && public.is_none()).then(|| random_text(24)));
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
        let from_os = seed.is_none();
        let daily_name = daily.as_ref().and_then(|d| d.2.1.clone());
        let daily_first = daily.map(|(date, deals, (player, _))| {
            let hash = hashes[crate::daily::PLAYER_SEAT].expect("a person's seat");
            [
                Numbered::Daily { date, deals },
                Numbered::Sit {
                    seat: crate::daily::PLAYER_SEAT,
                    player,
                    token_sha256: crate::store::hex(&hash),
                },
            ]
        });
        let plan: crate::store::Plan = Box::new(move |k| {
            let seed = match seed {
                Some(s) => table_seed(s, k),
                None => rand::rng().next_u64(),
            };
            let mut t = Table::new(TableMeta {
                k,
                seed,
                ..plan_meta
            });
            t.deals_from_os = from_os;
            let mut rows = Vec::new();
            for m in daily_first.into_iter().flatten() {
                t.apply(rows.len() as u64 + 1, &m)?;
                rows.push((
                    rows.len() as u64 + 1,
                    serde_json::to_string(&m).expect("serialises"),
                ));
            }
            let deal = match test_deal {
                Some(_) if t.daily.is_some() => t.deal_next(),
                Some(r) => Numbered::Deal {
                    game: 1,
                    dealer: r.dealer,
                    rules: t.meta.rules,
                    hands: r.hands,
                },
                None => t.deal_next(),
            };
            if let Some(p) = public {
                rows.push((1, serde_json::to_string(&p).expect("serialises")));
            }
            rows.push((
                rows.len() as u64 + 1,
                serde_json::to_string(&deal).expect("serialises"),
            ));
            Ok((seed, rows))
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
        table.deals_from_os = from_os;
        table.names[crate::daily::PLAYER_SEAT] = daily_name;
        let mut recent = Vec::new();
        for (v, body) in rows {
            let m: Numbered = serde_json::from_str(&body).map_err(|e| e.to_string())?;
            table.apply(v, &m)?;
            recent.push(Stored::new(v, m));
        }
        self.owners
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(id.clone(), owner.into());
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
