//! An evening of whole games at the browser table: each deal kept as its `ulti-game/1` record,
//! the dealer moving one seat a deal, the score sheet with running totals per seat, and the
//! forms the session takes outside the page (the browser's storage, an export of JSON lines,
//! an import that refuses a broken record with the words of `ulti replay`).
//!
//! Pure data: the page drives the game with the engine's [`WholeGame`] and hands each state
//! back with [`Session::save`].

use std::fmt;

use serde::{Deserialize, Serialize};
use ulti_engine::whole_game::{AuctionBid, RecordError, Stage, TableRecord, TableRules, WholeGame};
use ulti_engine::{Contract, Seat, Suit};

/// One line of the score sheet: a finished deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetRow {
    /// 1-based deal number.
    pub number: usize,
    /// Who dealt.
    pub dealer: Seat,
    /// The contract played (`None`: every seat passed).
    pub contract: Option<SheetBid>,
    /// What each seat won (positive) or paid in this deal; they sum to 0.
    pub payments: [i32; 3],
    /// The running totals after this deal.
    pub totals: [i32; 3],
}

/// The contract of a finished deal as the score sheet shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SheetBid {
    /// The soloist.
    pub soloist: Seat,
    /// The bid.
    pub bid: AuctionBid,
    /// Its trump (`None` for betli and colourless durchmars).
    pub trump: Option<Suit>,
    /// Each unit of the bid and whether the soloist made it.
    pub units: Vec<(Contract, bool)>,
}

impl SheetBid {
    /// Did the soloist make every unit?
    #[must_use]
    pub fn made(&self) -> bool {
        self.units.iter().all(|&(_, won)| won)
    }

    /// Did the soloist fail every unit?
    #[must_use]
    pub fn failed(&self) -> bool {
        self.units.iter().all(|&(_, won)| !won)
    }
}

/// Why a session could not be imported, with its 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ImportError {
    /// The record is broken or holds an illegal action (the words of `ulti replay`).
    Record {
        /// The line.
        line: usize,
        /// The record's error.
        error: Box<RecordError>,
    },
    /// A game in progress stands before another game.
    InProgressNotLast {
        /// The line of the game after it.
        line: usize,
    },
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Record { line, error } => write!(f, "line {line}: {error}"),
            ImportError::InProgressNotLast { line } => {
                write!(f, "line {line}: the game before it is not finished")
            }
        }
    }
}

impl std::error::Error for ImportError {}

/// The session: finished games and the one in progress, each as a record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Session {
    /// The table's rule options for every deal.
    pub rules: TableRules,
    /// The seed the deals are drawn from (deal `n` from `seed + n`).
    pub seed: u64,
    /// Finished games, in order.
    finished: Vec<TableRecord>,
    /// The game in progress, if any.
    current: Option<TableRecord>,
}

impl Session {
    /// A new evening under `rules`, its deals drawn from `seed`.
    #[must_use]
    pub fn new(rules: TableRules, seed: u64) -> Session {
        Session {
            rules,
            seed,
            finished: Vec::new(),
            current: None,
        }
    }

    /// The dealer of the next deal: seat 0 deals first, then one seat on each deal.
    #[must_use]
    pub fn next_dealer(&self) -> Seat {
        self.finished.len() % 3
    }

    /// The game in progress, restored from its record.
    #[must_use]
    pub fn current(&self) -> Option<WholeGame> {
        self.current.as_ref().and_then(|r| r.replay().ok())
    }

    /// The game in progress, or a new deal when there is none.
    #[must_use]
    pub fn deal(&mut self) -> WholeGame {
        if let Some(g) = self.current() {
            return g;
        }
        let n = self.finished.len() as u64;
        let game = WholeGame::random(self.rules, self.next_dealer(), self.seed.wrapping_add(n));
        self.current = Some(game.record());
        game
    }

    /// Keeps `game`, the game in progress after the page's last action; a finished game joins
    /// the score sheet and the next [`Session::deal`] deals anew.
    pub fn save(&mut self, game: &WholeGame) {
        if game.stage() == Stage::Over {
            self.finished.push(game.record());
            self.current = None;
        } else {
            self.current = Some(game.record());
        }
    }

    /// Finished deals.
    #[must_use]
    pub fn finished(&self) -> &[TableRecord] {
        &self.finished
    }

    /// The score sheet, a row per finished deal.
    #[must_use]
    pub fn sheet(&self) -> Vec<SheetRow> {
        let mut totals = [0i32; 3];
        self.finished
            .iter()
            .enumerate()
            .filter_map(|(i, r)| {
                let g = r.replay().ok()?;
                let settlement = g.settlement()?;
                let payments = settlement.payments;
                for s in 0..3 {
                    totals[s] += payments[s];
                }
                Some(SheetRow {
                    number: i + 1,
                    dealer: r.dealer,
                    contract: g.contracted().map(|c| SheetBid {
                        soloist: c.soloist,
                        trump: c.trump.filter(|_| c.bid.has_trumps()),
                        bid: c.bid,
                        units: settlement.units.iter().map(|u| (u.unit, u.won)).collect(),
                    }),
                    payments,
                    totals,
                })
            })
            .collect()
    }

    /// Each seat's total over the finished deals.
    #[must_use]
    pub fn totals(&self) -> [i32; 3] {
        self.sheet().last().map_or([0; 3], |r| r.totals)
    }

    /// Every game of the session as `ulti-game/1` JSON lines, the one in progress last.
    #[must_use]
    pub fn export(&self) -> String {
        self.finished
            .iter()
            .chain(self.current.as_ref())
            .map(|r| r.to_json() + "\n")
            .collect()
    }

    /// A session from `ulti-game/1` lines (blank lines skipped): the finished games in order
    /// and, last, at most one game in progress. The seed of later deals is `seed`.
    ///
    /// # Errors
    /// The first line whose record is broken or illegal (the words of `ulti replay`), or a
    /// game in progress that is not the last line.
    pub fn import(text: &str, seed: u64) -> Result<Session, ImportError> {
        let mut session = Session::new(TableRules::default(), seed);
        let lines = text
            .lines()
            .enumerate()
            .filter(|(_, l)| !l.trim().is_empty());
        for (i, line) in lines {
            let line_no = i + 1;
            let fail = |error| ImportError::Record {
                line: line_no,
                error: Box::new(error),
            };
            if session.current.is_some() {
                return Err(ImportError::InProgressNotLast { line: line_no });
            }
            let record = TableRecord::parse(line).map_err(fail)?;
            let game = record.replay().map_err(fail)?;
            session.rules = record.rules;
            session.save(&game);
        }
        Ok(session)
    }

    /// The session as the browser keeps it (JSON).
    #[must_use]
    pub fn to_storage(&self) -> String {
        serde_json::to_string(self).expect("a session serialises")
    }

    /// The session from the browser's storage; `None` when the text is not one (then the page
    /// starts a new session and says so).
    #[must_use]
    pub fn from_storage(text: &str) -> Option<Session> {
        let s: Session = serde_json::from_str(text).ok()?;
        // Every kept record must still replay (a record from an older version may not).
        let ok = s
            .finished
            .iter()
            .chain(s.current.as_ref())
            .all(|r| r.replay().is_ok());
        ok.then_some(s)
    }
}
