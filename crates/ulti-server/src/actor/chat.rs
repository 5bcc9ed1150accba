//! Table chat: a seat's short messages, numbered and stored in the table's log like every
//! other message, before anyone receives them. The limits are lichess's: at most
//! [`CHAT_MAX`](crate::account::CHAT_MAX) characters (control characters stripped first, the
//! rest unchanged and never interpreted: the client shows text), a seat's fifth message
//! within [`WINDOW`] refused, a near-duplicate of one of its last [`REMEMBERED`] messages
//! refused. The creator's seat turns chat on or off, and says whether spectators read it
//! (a spectator then receives each chat message's number without its text). Muting another
//! player is the client's: every chat message names its seat and player.

use std::time::{Duration, Instant};

use ulti_engine::Seat;

use super::Actor;
use crate::account::{chat_key, clean_chat};
use crate::event::Numbered;

/// The window of the rate: at most [`PER_WINDOW`] messages of one seat in it.
pub const WINDOW: Duration = Duration::from_secs(10);
/// Messages a seat may send within [`WINDOW`].
pub const PER_WINDOW: usize = 4;
/// How many of a seat's last messages a new one may not repeat.
pub const REMEMBERED: usize = 3;

impl Actor {
    /// A seat's chat message: the message to store, or why not (nothing stored).
    pub(super) fn chat(&mut self, seat: Seat, text: &str) -> Result<Vec<Numbered>, String> {
        if !self.table.chat_on {
            return Err("the table's creator has turned the chat off".into());
        }
        let text = clean_chat(text)?;
        let now = Instant::now();
        let mine = &mut self.chats[seat];
        let recent = mine
            .iter()
            .filter(|(t, _)| now.duration_since(*t) < WINDOW)
            .count();
        if recent >= PER_WINDOW {
            return Err(format!(
                "at most {PER_WINDOW} chat messages in {} seconds: wait a moment",
                WINDOW.as_secs()
            ));
        }
        let key = chat_key(&text);
        if !key.is_empty() && mine.iter().any(|(_, k)| *k == key) {
            return Err("you said that already".into());
        }
        mine.push_back((now, key));
        while mine.len() > REMEMBERED.max(PER_WINDOW) {
            mine.pop_front();
        }
        Ok(vec![Numbered::Chat {
            seat,
            player: self.table.players[seat].clone(),
            text,
            spectators: self.table.chat_spectators,
        }])
    }

    /// The creator's chat settings.
    pub(super) fn chat_settings(
        &mut self,
        seat: Seat,
        chat: bool,
        spectators: bool,
    ) -> Result<Vec<Numbered>, String> {
        if self.table.creator != Some(seat) {
            return Err(match self.table.creator {
                Some(c) => format!("only the table's creator (seat {c}) sets the chat"),
                None => "only the table's creator sets the chat".into(),
            });
        }
        Ok(vec![Numbered::ChatSettings { chat, spectators }])
    }
}
