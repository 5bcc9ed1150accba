//! One table as a plain state machine over the engine's [`WholeGame`]: no clock, no socket,
//! no database. A change is computed as numbered messages ([`Numbered`], by `moves.rs`), the
//! caller stores them, and only then [`Table::apply`] carries them out — the same path a
//! restart replays the log through, so a resumed table is the table that was stored.
//!
//! The rules are the engine's: every action goes through [`WholeGame::apply`]. What the
//! table adds is only what is live and not in a record: the pick-up before a bid, the games
//! one after another with the dealer moving on, the ready seats, the score sheet, presence.

mod moves;
mod view;

use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{TableRules, WholeGame};
use ulti_engine::{CardSet, Seat, parse_cards};

use crate::event::{By, Numbered};
use crate::protocol::{SeatKind, Sheet};

pub use moves::NextOutcome;

/// What a table is, fixed when it is created.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TableMeta {
    /// Its place in the database's order of creation, from 1 (the `k` of `--seed`).
    pub k: i64,
    /// Its public id.
    pub id: String,
    /// The rule options.
    pub rules: TableRules,
    /// The three seats.
    pub seats: [SeatKind; 3],
    /// The seed every deal and computer decision of the table derives from.
    pub seed: u64,
}

/// A table's state after its last stored message.
#[derive(Clone, Debug)]
pub struct Table {
    /// What it is.
    pub meta: TableMeta,
    /// The number of its last message (0 before the first deal).
    pub v: u64,
    /// The current game's number (from 1; 0 before the first deal).
    pub game_no: u32,
    /// The current game.
    pub game: WholeGame,
    /// Who chose each action of the current game.
    pub by: Vec<By>,
    /// A seat that has picked up the talon and not yet bid.
    pub picked_up: Option<Seat>,
    /// The terített soloist's open hand.
    pub open: Option<(Seat, String)>,
    /// After a game is over: the number of each seat's `ready` message.
    pub ready: [Option<u64>; 3],
    /// The finished games' payments.
    pub sheet: Sheet,
    /// Presence as last announced.
    pub connected: [bool; 3],
    /// Each new deal is drawn from the operating system's randomness (without `--seed`);
    /// else it follows from the table's seed and the game's number (reproducible).
    pub deals_from_os: bool,
    /// A public table's filling: the computers' level and when (ms since 1970).
    pub public: Option<(TableLevel, i64)>,
    /// The seats of a public table still waiting for a person: nothing is played before
    /// none is.
    pub waiting: [bool; 3],
    /// A table of the deal of the day: its date and how many deals it plays.
    pub daily: Option<(String, u32)>,
    /// Each seat's player, when one sat down by name.
    pub players: [Option<String>; 3],
    /// Each seat's player's name (from the players' store: not in the log).
    pub names: [Option<String>; 3],
    /// The SHA-256 (hex) of the token a `sit` gave a seat.
    pub sat_tokens: [Option<String>; 3],
    /// The creator's seat (the first person's seat): it sets the chat.
    pub creator: Option<Seat>,
    /// Is chat on?
    pub chat_on: bool,
    /// Do spectators read the chat?
    pub chat_spectators: bool,
    /// The last [`CHAT_KEPT`] chat messages with their numbers (a `welcome` carries them, so
    /// a page that reloads shows what was said).
    pub chat_log: std::collections::VecDeque<(u64, Numbered)>,
}

/// How many of the last chat messages a `welcome` carries.
pub const CHAT_KEPT: usize = 50;

/// SplitMix64: a fixed, well-mixing 64-bit hash step (the engine's).
pub use ulti_engine::players::splitmix as mix;

/// The seed of the `k`-th table created under `--seed s`.
#[must_use]
pub fn table_seed(s: u64, k: i64) -> u64 {
    mix(mix(s) ^ (k as u64).wrapping_mul(0xA24B_AED4_963E_E407))
}

/// FNV-1a over text: the actions so far, for a computer decision's seed.
fn fnv(text: &str, mut h: u64) -> u64 {
    for b in text.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01B3);
    }
    h
}

/// Cards as the record writes them.
fn cards_text(c: CardSet) -> String {
    c.to_string()
}

impl Table {
    /// A table before its first deal.
    #[must_use]
    pub fn new(meta: TableMeta) -> Table {
        let game = WholeGame::random(meta.rules, 2, 0);
        let connected = meta.seats.map(|s| !s.is_human());
        let creator = meta.seats.iter().position(|s| s.is_human());
        Table {
            meta,
            v: 0,
            game_no: 0,
            game,
            by: Vec::new(),
            picked_up: None,
            open: None,
            ready: [None; 3],
            sheet: Sheet::default(),
            connected,
            deals_from_os: false,
            public: None,
            waiting: [false; 3],
            daily: None,
            players: Default::default(),
            names: Default::default(),
            sat_tokens: Default::default(),
            creator,
            chat_on: true,
            chat_spectators: true,
            chat_log: std::collections::VecDeque::new(),
        }
    }

    /// The deal of the next game: game N's dealer is seat (N + 1) mod 3; its cards are drawn
    /// from the operating system's randomness (`deals_from_os`), else they depend on the
    /// table's seed and N only. A deal seen tells nothing of the next one from the OS.
    #[must_use]
    pub fn deal_next(&self) -> Numbered {
        let n = self.game_no + 1;
        if let Some((date, _)) = &self.daily {
            let g = crate::daily::daily_deal(self.meta.rules, date, n);
            return Numbered::Deal {
                game: n,
                dealer: crate::daily::DEALER,
                rules: self.meta.rules,
                hands: g.dealt().map(cards_text),
            };
        }
        let dealer = (n as usize + 1) % 3;
        let seed = if self.deals_from_os {
            use rand::{RngCore as _, TryRngCore as _};
            rand::rngs::OsRng
                .try_next_u64()
                .unwrap_or_else(|_| rand::rng().next_u64())
        } else {
            mix(self.meta.seed ^ u64::from(n))
        };
        let g = WholeGame::random(self.meta.rules, dealer, seed);
        Numbered::Deal {
            game: n,
            dealer,
            rules: self.meta.rules,
            hands: g.dealt().map(cards_text),
        }
    }

    /// The seed of a computer decision for `seat` now: the table's seed (so `--seed` S and
    /// the table's place k), the game number and the actions so far. At a daily table the
    /// date and the deal's number stand for the table's seed: the same actions on the same
    /// daily deal meet the same answers, whoever plays them.
    #[must_use]
    pub fn decision_seed(&self, seat: Seat) -> u64 {
        let base = match &self.daily {
            Some((date, _)) => mix(crate::daily::daily_seed(date, self.game_no)),
            None => self.meta.seed,
        };
        let mut h = mix(base ^ u64::from(self.game_no).rotate_left(32));
        for a in self.game.actions() {
            h = fnv(&a.to_string(), h);
            h = fnv("\n", h);
        }
        mix(h ^ seat as u64)
    }

    /// Carry out stored message `v`. The only way a table changes.
    ///
    /// # Errors
    /// A message the table cannot carry out (a damaged log): the table is then unchanged.
    pub fn apply(&mut self, v: u64, msg: &Numbered) -> Result<(), String> {
        match msg {
            Numbered::Deal {
                game,
                dealer,
                hands,
                ..
            } => {
                let mut h = [CardSet::EMPTY; 3];
                for (s, text) in hands.iter().enumerate() {
                    let cards = parse_cards(text).map_err(|e| e.to_string())?;
                    h[s] = cards.into_iter().collect();
                }
                self.game = WholeGame::new(self.meta.rules, *dealer, h)?;
                self.game_no = *game;
                self.by.clear();
                self.picked_up = None;
                self.open = None;
                self.ready = [None; 3];
            }
            Numbered::Event { action, by, .. } => {
                let a = action.parse().map_err(|e| format!("{action}: {e}"))?;
                self.game.apply(a).map_err(|e| format!("{action}: {e}"))?;
                self.by.push(*by);
                self.picked_up = None;
            }
            Numbered::Talon { seat, .. } => self.picked_up = Some(*seat),
            Numbered::Open { seat, hand, .. } => self.open = Some((*seat, hand.clone())),
            Numbered::Over { payments, .. } => self.sheet.push(*payments),
            Numbered::Ready { seat, .. } => self.ready[*seat] = Some(v),
            Numbered::Presence { connected } => self.connected = *connected,
            Numbered::Public {
                level,
                fill_at,
                waiting,
            } => {
                self.public = Some((*level, *fill_at));
                self.waiting = *waiting;
            }
            Numbered::Daily { date, deals } => self.daily = Some((date.clone(), *deals)),
            Numbered::Sit {
                seat,
                player,
                token_sha256,
            } => {
                let s = (*seat).min(2);
                self.players[s] = Some(player.clone());
                self.sat_tokens[s] = Some(token_sha256.clone());
                self.waiting[s] = false;
            }
            Numbered::Fill { seat, level } => {
                let s = (*seat).min(2);
                self.meta.seats[s] = SeatKind::Computer(*level);
                self.connected[s] = true;
                self.waiting[s] = false;
            }
            Numbered::Chat { .. } => {
                self.chat_log.push_back((v, msg.clone()));
                while self.chat_log.len() > CHAT_KEPT {
                    self.chat_log.pop_front();
                }
            }
            Numbered::ChatSettings { chat, spectators } => {
                self.chat_on = *chat;
                self.chat_spectators = *spectators;
            }
        }
        self.v = v;
        Ok(())
    }

    /// Does a seat still wait for a person (then nothing is played)?
    #[must_use]
    pub fn waiting_for_people(&self) -> bool {
        self.waiting.iter().any(|&w| w)
    }

    /// The table as the lobby lists it, while it is public, a seat waits for a person and
    /// another holds one (a table just opened is listed once its opener sits, never with
    /// every seat free).
    #[must_use]
    pub fn lobby_entry(&self) -> Option<serde_json::Value> {
        let (level, fill_at) = self.public?;
        if !self.waiting_for_people() || self.waiting.iter().all(|&w| w) {
            return None;
        }
        Some(serde_json::json!({
            "table": self.meta.id,
            "rules": self.meta.rules,
            "level": level,
            "fill_at": fill_at,
            "seats": self.seat_infos(),
        }))
    }

    /// A daily table whose last deal is over: nothing more is dealt.
    #[must_use]
    pub fn daily_done(&self) -> bool {
        self.daily
            .as_ref()
            .is_some_and(|(_, deals)| self.game_no >= *deals && self.over())
    }

    /// Is the current game over?
    #[must_use]
    pub fn over(&self) -> bool {
        self.game.stage() == ulti_engine::whole_game::Stage::Over
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod daily_tests;
