//! Whose turn it is, and who decides it: a computer seat (on the pool), a person away past
//! `--away-after` (a normal computer for it, `"by": "computer"`), or a person connected
//! (nothing to do: its message will come). Also the next deal once every person is ready or
//! away, and the timer for the moment someone becomes away.
//!
//! Nothing is asked or dealt while the table waits for a person (every person's seat
//! unconnected for `--away-after`, or never connected since the table was loaded), after a
//! failed commit until its wait is over, or while the server stops.

use std::time::{Duration, Instant};

use ulti_engine::Seat;
use ulti_engine::players::TableLevel;

use super::{Actor, Cmd, Thinking};

/// How soon a table whose owner has a full queue on the computer pool asks again if it is not
/// woken first (it is, as soon as one of the owner's decisions starts).
const BUSY_RETRY: Duration = Duration::from_secs(1);
use crate::computer::{Answer, Ask};
use crate::protocol::SeatKind;

impl Actor {
    /// Start whatever the table waits for that is not a person's message.
    pub(super) async fn drive(&mut self) {
        loop {
            self.deadline = None;
            if self.thinking.is_some() || self.table.game_no == 0 {
                return;
            }
            if let Some(t) = self.retry_at {
                if Instant::now() < t {
                    self.deadline = Some(t);
                    return;
                }
                self.retry_at = None;
            }
            if *self.shared.stopping.borrow() || self.fill_due().await {
                return;
            }
            if self.waits_for_a_person() {
                return;
            }
            if self.table.over() {
                let away = self.away_now();
                if let Some(deal) = self.table.deal_if_ready(away) {
                    if self.commit(vec![deal]).await.is_err() {
                        // Logged by `commit`, which set the wait before the next try.
                        continue;
                    }
                    continue;
                }
                // Wake when a seat that has not said next becomes away.
                self.deadline = (0..3)
                    .filter(|&s| self.table.ready[s].is_none())
                    .filter_map(|s| self.gone_since[s])
                    .map(|t| t + self.shared.away_after)
                    .filter(|&t| t > Instant::now())
                    .min();
                return;
            }
            self.ask_next();
            return;
        }
    }

    /// Are all the people gone: every person's seat unconnected, each for `--away-after` or
    /// since the table was loaded? Then the computers do not play the table by themselves.
    fn waits_for_a_person(&self) -> bool {
        let now = Instant::now();
        (0..3)
            .filter(|&s| self.table.meta.seats[s].is_human())
            .all(|s| {
                self.count[s] == 0
                    && (!self.ever[s]
                        || self.gone_since[s]
                            .is_some_and(|t| now.duration_since(t) >= self.shared.away_after))
            })
    }

    /// Ask a computer if one decides now, or set the away timer.
    fn ask_next(&mut self) {
        let g = &self.table.game;
        let Some(to_act) = g.to_act() else { return };
        if self.asked_game != self.table.game_no {
            self.asked.clear();
            self.asked_game = self.table.game_no;
        }
        // A computer seat that may double out of turn (the soloist's rekontra between tricks
        // 1 and 2) is asked first, once per moment, as `play_table_game` asks it.
        let played = g.position().map_or(0, |(_, p)| p.len());
        let open = g.kontra_open();
        for (s, level, _) in open {
            if s == to_act {
                continue;
            }
            if let SeatKind::Computer(l) = self.table.meta.seats[s]
                && self.asked.insert((s, played, level))
            {
                self.ask(s, l, false, true);
                return;
            }
        }
        match self.table.meta.seats[to_act] {
            SeatKind::Computer(l) => self.ask(to_act, l, false, false),
            SeatKind::Human => {
                if self.count[to_act] > 0 {
                    return;
                }
                let since = self.gone_since[to_act].unwrap_or_else(Instant::now);
                let due = since + self.shared.away_after;
                if Instant::now() >= due {
                    self.ask(to_act, TableLevel::Normal, true, false);
                } else {
                    self.deadline = Some(due);
                }
            }
        }
    }

    fn ask(&mut self, seat: Seat, level: TableLevel, away: bool, out_of_turn: bool) {
        self.tickets += 1;
        let ticket = self.tickets;
        let t = &self.table;
        self.thinking = Some(Thinking {
            ticket,
            seat,
            away,
            out_of_turn,
            key: (t.game_no, t.game.actions().len(), t.picked_up),
            level,
        });
        let ask = Ask {
            game: t.game.clone(),
            seat,
            level,
            seed: t.decision_seed(seat),
            after_pickup: t.picked_up == Some(seat),
        };
        let inbox = self.inbox.clone();
        // One wake at a time per table on the pool (its retries register none).
        let wake: Option<crate::computer::Wake> = (!self.wake_pending).then(|| {
            let again = self.inbox.clone();
            Box::new(move || {
                let _ = again.send(Cmd::Wake);
            }) as crate::computer::Wake
        });
        let queued = self.shared.pool.ask(
            &self.owner,
            ask,
            out_of_turn,
            move |answer| {
                let _ = inbox.send(Cmd::Decided { ticket, answer });
            },
            wake,
        );
        if queued.is_err() {
            self.wake_pending = true;
            // Its owner has enough decisions queued: this table waits here to be woken.
            self.thinking = None;
            self.deadline = Some(Instant::now() + BUSY_RETRY);
        }
    }

    /// A computer's answer: carried out unless the table moved on meanwhile (or the person
    /// it played for is back).
    pub(super) async fn decided(&mut self, ticket: u64, answer: Answer) {
        let Some(th) = self.thinking.take_if(|t| t.ticket == ticket) else {
            return;
        };
        self.shared.stats.decision(answer.ms, answer.queued_ms);
        if answer.failed {
            if th.level == TableLevel::Easy {
                // Even the easy player failed: wait before asking again.
                self.retry_at = Some(Instant::now() + self.backoff);
                self.backoff = (self.backoff * 2).min(super::MAX_BACKOFF);
            } else {
                self.ask(th.seat, TableLevel::Easy, th.away, th.out_of_turn);
                return;
            }
            self.drive().await;
            return;
        }
        let t = &self.table;
        let now = (t.game_no, t.game.actions().len(), t.picked_up);
        let back = th.away && self.count[th.seat] > 0;
        if now == th.key
            && !back
            && let Some(a) = &answer.action
        {
            match self.table.computer_move(th.seat, a, answer.picked_up) {
                Ok(msgs) => {
                    // A failure is logged by `commit`, which sets the wait before the next try.
                    let _ = self.commit(msgs).await;
                }
                Err(e) => {
                    tracing::error!(
                        "table {}: the {} computer for seat {} chose {a}: {e}",
                        self.table.meta.id,
                        th.level.id(),
                        th.seat
                    );
                    if th.level != TableLevel::Easy {
                        // Never leave a table stuck on a player's mistake.
                        self.ask(th.seat, TableLevel::Easy, th.away, th.out_of_turn);
                        return;
                    }
                }
            }
        }
        self.drive().await;
    }
}
