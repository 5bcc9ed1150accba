//! Whose turn it is, and who decides it: a computer seat (on the pool), a person away past
//! `--away-after` (a normal computer for it, `"by": "computer"`), or a person connected
//! (nothing to do: its message will come). Also the next deal once every person is ready or
//! away, and the timer for the moment someone becomes away.

use std::time::Instant;

use ulti_engine::Seat;
use ulti_engine::players::TableLevel;

use super::{Actor, Cmd, Thinking};
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
            if self.table.over() {
                let away = self.away_now();
                if let Some(deal) = self.table.deal_if_ready(away) {
                    if let Err(e) = self.commit(vec![deal]).await {
                        eprintln!("table {}: {e}", self.table.meta.id);
                        return;
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
        self.shared.pool.ask(ask, out_of_turn, move |answer| {
            let _ = inbox.send(Cmd::Decided { ticket, answer });
        });
    }

    /// A computer's answer: carried out unless the table moved on meanwhile (or the person
    /// it played for is back).
    pub(super) async fn decided(&mut self, ticket: u64, answer: Answer) {
        let Some(th) = self.thinking.take_if(|t| t.ticket == ticket) else {
            return;
        };
        self.shared.stats.decision(answer.ms, answer.queued_ms);
        let t = &self.table;
        let now = (t.game_no, t.game.actions().len(), t.picked_up);
        let back = th.away && self.count[th.seat] > 0;
        if now == th.key
            && !back
            && let Some(a) = &answer.action
        {
            match self.table.computer_move(th.seat, a, answer.picked_up) {
                Ok(msgs) => {
                    if let Err(e) = self.commit(msgs).await {
                        eprintln!("table {}: {e}", self.table.meta.id);
                    }
                }
                Err(e) => {
                    eprintln!(
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
