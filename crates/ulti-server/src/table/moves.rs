//! What a seat asks of a table — an action, a pick-up, `next` — checked and turned into the
//! numbered messages that carry it out, or refused in words with the table unchanged. The
//! rules are [`WholeGame`]'s; an illegal action is refused in the words of `ulti replay`
//! (`action N ("…"): <the rule it breaks>`).

use ulti_engine::Seat;
use ulti_engine::whole_game::{Action, Stage, Verb};

use super::{Table, cards_text};
use crate::event::{By, Numbered};

/// What a `next` does.
#[derive(Clone, Debug, PartialEq)]
pub enum NextOutcome {
    /// The seat's first `next` after this game: its `ready`, and the next deal when every
    /// person's seat is ready.
    New(Vec<Numbered>),
    /// A repeated `next`: acknowledged again with the number of its `ready`.
    Again(u64),
}

impl Table {
    /// The messages that carry out `text` (`VERB ARGS`) by `seat`.
    ///
    /// # Errors
    /// An unreadable or illegal action (the words of `ulti replay`), a bid without the seat's
    /// pick-up, or anything but a bid after it (a pass only when no raise is playable).
    pub fn act(&self, seat: Seat, text: &str, by: By) -> Result<Vec<Numbered>, String> {
        let g = &self.game;
        let index = g.actions().len() + 1;
        // The seat is the token's; a client that names one anyway names its own.
        let mut text = text.trim();
        if let Some((first, rest)) = text.split_once(' ')
            && let Ok(n) = first.parse::<Seat>()
        {
            if n != seat {
                return Err(format!(
                    "this connection holds seat {seat}: it cannot act for seat {n}"
                ));
            }
            text = rest.trim();
        }
        let full = format!("{seat} {text}");
        let action: Action = full
            .parse()
            .map_err(|e| format!("action {index} ({full:?}): {e}"))?;
        let said = action.to_string();
        let refuse = |why: &str| format!("action {index} ({said:?}): {why}");
        if g.stage() == Stage::Auction && g.to_act() == Some(seat) {
            if self.picked_up == Some(seat) {
                match &action.verb {
                    Verb::Bid { .. } => {}
                    Verb::Pass { discard: None } if !g.raise_exists() => {}
                    _ => {
                        return Err(refuse(
                            "seat has picked up the talon: it bids (a higher bid is playable \
                             with some discard of its twelve, RULES.md, Auction, item 2)",
                        ));
                    }
                }
            } else if matches!(action.verb, Verb::Bid { .. }) && g.opened() {
                return Err(refuse(
                    "a bid after the opening picks up the talon first: send {\"t\": \"pickup\"}",
                ));
            }
        }
        let mut after = g.clone();
        after
            .apply(action.clone())
            .map_err(|e| refuse(&e.to_string()))?;
        let mut out = vec![Numbered::Event {
            game: self.game_no,
            action: said,
            by,
            to_act: after.to_act(),
            stage: after.stage(),
        }];
        if g.stage() == Stage::Auction
            && after.stage() != Stage::Auction
            && let Some(c) = after.contracted().filter(|c| c.bid.teritett)
        {
            out.push(Numbered::Open {
                game: self.game_no,
                seat: c.soloist,
                hand: cards_text(after.hand(c.soloist)),
            });
        }
        if let Some(s) = after.settlement() {
            out.push(Numbered::Over {
                game: self.game_no,
                record: after.record(),
                payments: s.payments,
            });
        }
        Ok(out)
    }

    /// The message of `seat` picking up the talon.
    ///
    /// # Errors
    /// Not the seat's auction turn, the forehand's opening (its twelve are its own), a
    /// second pick-up, or a holder with no playable raise (it is offered none: it stands).
    pub fn pickup(&self, seat: Seat) -> Result<Vec<Numbered>, String> {
        let g = &self.game;
        if g.stage() != Stage::Auction {
            return Err("there is no talon to pick up: the auction is over".into());
        }
        let to_act = g.to_act().unwrap_or(seat);
        if to_act != seat {
            return Err(format!(
                "it is seat {to_act}'s turn ({}), not seat {seat}'s",
                g.asked()
            ));
        }
        if !g.opened() {
            return Err(
                "the forehand opens with its own twelve cards: it bids (bid BID C1,C2) without a pick-up"
                    .into(),
            );
        }
        if self.picked_up == Some(seat) {
            return Err(format!(
                "seat {seat} has already picked up the talon: it bids, or passes when no higher bid is playable"
            ));
        }
        if g.holder_turn() && !g.raise_exists() {
            return Err(format!(
                "seat {seat} holds the bid and no higher bid is playable with any discard of its twelve (RULES.md, Auction, item 2): it stands"
            ));
        }
        Ok(vec![Numbered::Talon {
            game: self.game_no,
            seat,
            cards: cards_text(g.talon()),
        }])
    }

    /// What `next` by `seat` does; `away` are the person's seats that count as ready without
    /// saying it (away for `--away-after`).
    ///
    /// # Errors
    /// A game in progress.
    pub fn next(&self, seat: Seat, away: [bool; 3]) -> Result<NextOutcome, String> {
        if self.game_no == 0 || !self.over() {
            return Err("a game is in progress: next is said once it is over".into());
        }
        if let Some(v) = self.ready[seat] {
            return Ok(NextOutcome::Again(v));
        }
        let mut out = vec![Numbered::Ready {
            game: self.game_no,
            seat,
        }];
        let mut ready = self.ready.map(|r| r.is_some());
        ready[seat] = true;
        if self.all_ready(ready, away) && !self.daily_done() {
            out.push(self.deal_next());
        }
        Ok(NextOutcome::New(out))
    }

    /// The next deal, when the game is over, some person has said `next` and every other
    /// person's seat has too or is away (a table of people all away does not play on alone).
    #[must_use]
    pub fn deal_if_ready(&self, away: [bool; 3]) -> Option<Numbered> {
        let ready = self.ready.map(|r| r.is_some());
        (self.game_no > 0 && self.over() && !self.daily_done() && self.all_ready(ready, away))
            .then(|| self.deal_next())
    }

    fn all_ready(&self, ready: [bool; 3], away: [bool; 3]) -> bool {
        let humans = self.meta.seats.map(|k| k.is_human());
        let someone = (0..3).any(|s| humans[s] && ready[s]);
        someone && (0..3).all(|s| !humans[s] || ready[s] || away[s])
    }

    /// The messages of a computer's `action` for `seat` (a computer seat's, or a person's seat
    /// played while away), with the pick-up it made first when it took the talon.
    ///
    /// # Errors
    /// An action the rules refuse (a player's bug).
    pub fn computer_move(
        &self,
        seat: Seat,
        action: &Action,
        picked_up: bool,
    ) -> Result<Vec<Numbered>, String> {
        let text = action.to_string();
        let verb = text.split_once(' ').map_or("", |(_, v)| v);
        let took = picked_up || (matches!(action.verb, Verb::Bid { .. }) && self.game.opened());
        if took && self.picked_up != Some(seat) {
            let mut tmp = self.clone();
            let mut out = tmp.pickup(seat)?;
            tmp.apply(self.v, &out[0])?;
            out.extend(tmp.act(seat, verb, By::Computer)?);
            Ok(out)
        } else {
            self.act(seat, verb, By::Computer)
        }
    }
}
