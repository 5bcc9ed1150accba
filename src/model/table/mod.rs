//! The whole game at the browser table ([`Table`]): the user's seat and the computer's level,
//! the evening's [`Session`], and what happens next: the user's decision, a computer seat's
//! (asked of a worker with `Job::TableDecision`), or the end of the deal.
//!
//! The order of a moment is the one `ulti move` and the native test (`tests/table_decision.rs`)
//! follow: every seat that may double out of turn (the soloist's rekontra while a defender
//! leads trick 2) is asked once, then the seat to act acts.
//!
//! [`seats`] the three seats around the felt, [`auction`] the user's auction turn (the picked-up twelve, the bidding box),
//! [`stakes`] what a kontra does to the stakes and what each unit paid, [`review`] the
//! user's decisions in a finished deal and the moments to judge them at, and [`share`] the
//! link that opens the game on the table elsewhere.

pub mod auction;
pub mod review;
pub mod scene;
pub mod seats;
pub mod share;
pub mod stakes;

use serde::{Deserialize, Serialize};
use ulti_engine::Seat;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Action, ActionError, Stage, TableRules, Verb, WholeGame};

use crate::model::session::Session;

use self::scene::Scene;

pub use crate::protocol::PICK_UP;

/// Why the user may not pass after picking up the talon.
pub const PICKED_UP_MUST_BID: &str =
    "a player who has picked up the talon must bid: a higher bid is playable with its twelve";

/// What the page waits for now.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Next {
    /// The user's decision.
    User(UserTurn),
    /// A computer seat's decision (a kontra it may say out of turn, else its turn).
    Computer(Seat),
    /// The deal is over: its result, then the next deal.
    Over,
}

/// The kind of the user's decision.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UserTurn {
    /// Bid or pass (or, as the holder, stand or raise).
    Auction,
    /// Name the trump.
    Trump,
    /// Play a card (a kontra may come first).
    Card,
    /// Say a kontra out of turn, at `level`, or let it go.
    Kontra {
        /// The level (2 rekontra …).
        level: u8,
    },
}

/// The whole game at the table: one user seat, two computer seats of one level.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Table {
    /// The evening: finished deals and the one in progress.
    pub session: Session,
    /// The user's seat (0, 1 or 2, fixed for the evening; the dealer moves).
    pub user: Seat,
    /// The computer players' level.
    pub level: TableLevel,
    /// Out-of-turn kontra moments already answered without a kontra: (seat, cards played,
    /// level).
    declined: Vec<(Seat, usize, u8)>,
    /// The user picked up the talon and must bid (kept so a reload cannot undo it).
    picked_up: bool,
    /// The hints the user took: (deal number, actions before it, the advice in the record's
    /// words, or `None`: let the kontra go).
    #[serde(default)]
    hints: Vec<Hint>,
}

/// A hint the user took.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hint {
    /// The deal's number (1-based).
    pub deal: usize,
    /// The actions before it.
    pub at: usize,
    /// The advice as the record writes it (`None`: say nothing, a kontra let go).
    pub advice: Option<String>,
}

impl Table {
    /// A new evening at `user`'s seat against computers of `level`; deals from `seed`.
    #[must_use]
    pub fn new(user: Seat, level: TableLevel, seed: u64) -> Table {
        Table {
            session: Session::new(TableRules::default(), seed),
            user: user.min(2),
            level,
            declined: Vec::new(),
            picked_up: false,
            hints: Vec::new(),
        }
    }

    /// The level of the hints: the strongest player, from the user's own seat.
    pub const HINT_LEVEL: TableLevel = TableLevel::Strong;

    /// A hint's advice as the user may see it now (`advice` in the record's words): a bid that
    /// starts by picking up a talon the user has not seen is advised as the pick-up alone
    /// ([`PICK_UP`]), since its discard may name the talon's cards.
    #[must_use]
    pub fn hint_advice(&self, game: &WholeGame, advice: Option<String>) -> Option<String> {
        let unseen_talon = game.stage() == Stage::Auction
            && game.opened()
            && !game.holder_turn()
            && !self.picked_up;
        match advice {
            Some(a) if unseen_talon && a.split_whitespace().nth(1) == Some("bid") => {
                Some(format!("{} {PICK_UP}", self.user))
            }
            other => other,
        }
    }

    /// Keep a hint the user took at this moment of `game`.
    pub fn take_hint(&mut self, game: &WholeGame, advice: Option<String>) {
        let hint = Hint {
            deal: self.deal_number(),
            at: game.actions().len(),
            advice,
        };
        if !self.hints.contains(&hint) {
            self.hints.push(hint);
        }
    }

    /// The hints taken in the deal on the table.
    #[must_use]
    pub fn hints_now(&self) -> Vec<&Hint> {
        let n = self.deal_number();
        self.hints.iter().filter(|h| h.deal == n).collect()
    }

    /// The game on the table: the one in progress, else the last one finished (its result
    /// stays until the next deal).
    #[must_use]
    pub fn game(&self) -> Option<WholeGame> {
        self.session
            .current()
            .or_else(|| self.session.finished().last().and_then(|r| r.replay().ok()))
    }

    /// Deal the next game (or keep the one in progress).
    pub fn next_deal(&mut self) -> WholeGame {
        if self.session.current().is_none() {
            self.declined.clear();
            self.picked_up = false;
        }
        self.session.deal()
    }

    /// The 1-based number of the deal on the table.
    #[must_use]
    pub fn deal_number(&self) -> usize {
        self.session.finished().len() + usize::from(self.session.current().is_some())
    }

    /// The computer's seed at `seat` for this deal (`ulti move --seed`): from the evening's
    /// seed and the deal's cards and dealer, so the same game asks the same way again after a
    /// reload, and in a shared link's evening ([`share`]).
    #[must_use]
    pub fn computer_seed(&self, seat: Seat) -> u64 {
        let deal = self.game().map_or(0, |g| {
            let [a, b, c] = g.dealt().map(|h| u64::from(h.0));
            a ^ b.rotate_left(21) ^ c.rotate_left(42) ^ (g.dealer() as u64) << 62
        });
        self.session
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(deal.wrapping_mul(0xBF58_476D_1CE4_E5B9))
            .wrapping_add(seat as u64)
    }

    /// A key of the moment in `game`: the evening, the deal, the actions so far and what comes
    /// next (an answer for another moment, say of the evening before a new one, is dropped).
    #[must_use]
    pub fn moment(&self, game: &WholeGame) -> String {
        format!(
            "{}:{}:{}:{:?}",
            self.session.seed,
            self.deal_number(),
            game.actions().len(),
            self.next(game)
        )
    }

    /// Has the user picked up the talon (and so must bid)?
    #[must_use]
    pub fn picked_up(&self) -> bool {
        self.picked_up
    }

    /// The table as the user's seat sees it in `game`: its view (with the talon once it has
    /// picked it up), what it may do (a kontra it let go at this moment no longer offered),
    /// and the seat the table waits for.
    #[must_use]
    pub fn scene(&self, game: &WholeGame) -> Scene {
        let user = self.user;
        let view = if self.picked_up {
            game.view_after_pickup(user)
        } else {
            game.view(user)
        };
        let mut turn = game.seat_turn(user, self.picked_up);
        let played = cards_played(game);
        if turn
            .kontra
            .as_ref()
            .is_some_and(|(level, _)| self.declined.contains(&(user, played, *level)))
        {
            turn.kontra = None;
        }
        let waiting = match self.next(game) {
            Next::User(_) => Some(user),
            Next::Computer(s) => Some(s),
            Next::Over => None,
        };
        Scene {
            seat: user,
            player: true,
            view,
            turn: Some(turn),
            waiting,
            connected: None,
            away: [false; 3],
            by_computer: Vec::new(),
            names: [None, None, None],
        }
    }

    /// May the user pick up the talon now? On its auction turn once the auction is open; the
    /// holder only when a raise is playable from its twelve (RULES.md, Auction, item 2).
    #[must_use]
    pub fn may_pick_up(&self, game: &WholeGame) -> bool {
        self.next(game) == Next::User(UserTurn::Auction)
            && game.opened()
            && !self.picked_up
            && (!game.holder_turn() || game.raise_exists())
    }

    /// The user picks up the talon (during its auction turn, when it may).
    pub fn pick_up(&mut self, game: &WholeGame) {
        if self.may_pick_up(game) {
            self.picked_up = true;
        }
    }

    /// What happens next in `game`.
    #[must_use]
    pub fn next(&self, game: &WholeGame) -> Next {
        let Some(to_act) = game.to_act() else {
            return Next::Over;
        };
        if game.stage() == Stage::Over {
            return Next::Over;
        }
        let played = cards_played(game);
        for (seat, level, _) in game.kontra_open() {
            if seat != to_act && !self.declined.contains(&(seat, played, level)) {
                return if seat == self.user {
                    Next::User(UserTurn::Kontra { level })
                } else {
                    Next::Computer(seat)
                };
            }
        }
        if to_act != self.user {
            return Next::Computer(to_act);
        }
        Next::User(match game.stage() {
            Stage::Auction => UserTurn::Auction,
            Stage::Trump => UserTurn::Trump,
            _ => UserTurn::Card,
        })
    }

    /// Carry out `action` (the user's or a computer's) and keep the game in the session.
    ///
    /// # Errors
    /// An illegal action, with the rule it breaks; nothing changes then.
    pub fn act(&mut self, game: &mut WholeGame, action: Action) -> Result<(), ActionError> {
        let by_user = action.seat == self.user;
        if by_user
            && self.picked_up
            && matches!(action.verb, Verb::Pass { .. })
            && game.raise_exists()
        {
            return Err(ActionError::WrongPhase(PICKED_UP_MUST_BID));
        }
        game.apply(action)?;
        if by_user {
            self.picked_up = false;
        }
        self.session.save(game);
        Ok(())
    }

    /// `seat` lets its out-of-turn kontra go at this moment.
    pub fn decline(&mut self, game: &WholeGame, seat: Seat) {
        let played = cards_played(game);
        if let Some((level, _)) = game.kontra_options_for(seat) {
            self.declined.push((seat, played, level));
        }
    }

    /// The computer at `seat` answered: its action (carried out), or nothing (it let an
    /// out-of-turn kontra go).
    ///
    /// # Errors
    /// An action that cannot be read or is illegal (a worker out of step with the page).
    pub fn computer_answer(
        &mut self,
        game: &mut WholeGame,
        seat: Seat,
        action: Option<&str>,
    ) -> Result<(), String> {
        match action {
            None => {
                self.decline(game, seat);
                Ok(())
            }
            Some(words) => {
                let action: Action = words.parse().map_err(|e| format!("{words}: {e}"))?;
                if action.seat != seat {
                    return Err(format!("{words}: not seat {seat}'s action"));
                }
                self.act(game, action).map_err(|e| e.to_string())
            }
        }
    }

    /// The table as the browser keeps it (JSON).
    #[must_use]
    pub fn to_storage(&self) -> String {
        serde_json::to_string(self).expect("a table serialises")
    }

    /// The table from the browser's storage; `None` when the text is not one or a kept record
    /// no longer replays.
    #[must_use]
    pub fn from_storage(text: &str) -> Option<Table> {
        let t: Table = serde_json::from_str(text).ok()?;
        let session = Session::from_storage(&serde_json::to_string(&t.session).ok()?)?;
        (t.user <= 2).then_some(Table { session, ..t })
    }

    /// Replace the evening by an imported one (the user's seat and level stay).
    pub fn import(&mut self, session: Session) {
        self.session = session;
        self.declined.clear();
        self.picked_up = false;
        self.hints.clear();
    }
}

/// The cards played so far (0 before the play).
#[must_use]
pub fn cards_played(game: &WholeGame) -> usize {
    game.position().map_or(0, |(_, p)| p.len())
}

/// The solver page's query string (without `?`) for the card play of `game` at its last card:
/// the deal as played (soloist first, the final talon), the bid (a compound's id as a whole,
/// see [`bid_param`](crate::model::url_state::bid_param)), the rules, the cards played and the step. `None` before the play.
#[must_use]
pub fn solver_query(game: &WholeGame) -> Option<String> {
    solver_query_at(game, cards_played(game))
}

/// [`solver_query`] at the moment before card `step` (0-based) of the play: every card played
/// is in the link, the line viewer and the what-if open at that card.
#[must_use]
pub fn solver_query_at(game: &WholeGame, step: usize) -> Option<String> {
    use crate::model::url_state::{bid_param, format_played, format_rules};
    let c = game.contracted()?;
    let (deal, played) = game.position()?;
    let mut parts = vec![
        format!("deal={}", deal.code()),
        format!("game={}", bid_param(&c.bid.bid)),
    ];
    if let Some(r) = format_rules(game.rules().play()) {
        parts.insert(1, format!("rules={r}"));
    }
    if !played.is_empty() {
        parts.push(format!("played={}", format_played(&played)));
        parts.push(format!("step={}", step.min(played.len())));
    }
    Some(parts.join("&"))
}
