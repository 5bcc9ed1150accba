//! A live table's chat as one connection knows it: the lines (from `welcome`'s history and
//! each `chat` message, in the order of their numbers, none twice when a replay repeats
//! them), the creator's settings, the server's words for the user's last refused message,
//! how many lines the user has not seen yet, and whom the user muted (by player, or by seat
//! for an invitation's seat without a player; the page keeps the mutes in the browser).
//! Pure logic: the page shows it, `Live` feeds it.

use ulti_engine::Seat;

use super::wire::{ChatMsg, ChatSettings, SeatState};

/// The longest message the server takes (characters).
pub const CHAT_MAX: usize = 140;

/// One line of the chat.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    /// Its number.
    pub v: u64,
    /// Who wrote it.
    pub seat: Seat,
    /// The seat's player, when it has one.
    pub player: Option<String>,
    /// The text, as written (shown as text, never as markup).
    pub text: String,
}

/// Whom a mute hides: a player wherever it sits, or a seat without a player.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Muted {
    /// A player (by id).
    Player(String),
    /// A seat held by an invitation's token, without a player.
    Seat(Seat),
}

impl Muted {
    /// Who wrote `line`.
    #[must_use]
    pub fn of_line(line: &Line) -> Muted {
        match &line.player {
            Some(p) => Muted::Player(p.clone()),
            None => Muted::Seat(line.seat),
        }
    }

    /// Who sits at `seat` now.
    #[must_use]
    pub fn of_seat(seat: Seat, state: Option<&SeatState>) -> Muted {
        match state.and_then(|s| s.player.clone()) {
            Some(p) => Muted::Player(p),
            None => Muted::Seat(seat),
        }
    }
}

/// The user's mutes at one table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Mutes(Vec<Muted>);

impl Mutes {
    /// Is `who` muted?
    #[must_use]
    pub fn has(&self, who: &Muted) -> bool {
        self.0.contains(who)
    }

    /// Is `line` hidden?
    #[must_use]
    pub fn hides(&self, line: &Line) -> bool {
        self.has(&Muted::of_line(line))
    }

    /// Mute `who`, or unmute it when it is muted.
    pub fn toggle(&mut self, who: Muted) {
        if let Some(i) = self.0.iter().position(|m| *m == who) {
            self.0.remove(i);
        } else {
            self.0.push(who);
            self.0.sort();
        }
    }

    /// As the browser keeps them: one `p:ID` or `s:SEAT` a line.
    #[must_use]
    pub fn to_storage(&self) -> String {
        self.0
            .iter()
            .map(|m| match m {
                Muted::Player(p) => format!("p:{p}"),
                Muted::Seat(s) => format!("s:{s}"),
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    /// Read back what [`Mutes::to_storage`] wrote (anything else is passed over).
    #[must_use]
    pub fn from_storage(text: &str) -> Mutes {
        let mut m: Vec<Muted> = text
            .lines()
            .filter_map(|l| match l.split_once(':')? {
                ("p", id) if !id.is_empty() => Some(Muted::Player(id.to_string())),
                ("s", s) => s.parse().ok().filter(|&s: &Seat| s < 3).map(Muted::Seat),
                _ => None,
            })
            .collect();
        m.sort();
        m.dedup();
        Mutes(m)
    }

    /// The browser's key for the mutes of `me` (a player id, or `seat N`) at `table`.
    #[must_use]
    pub fn storage_key(server: &str, table: &str, me: &str) -> String {
        format!("ulti-chat-mutes|{server}|{table}|{me}")
    }
}

/// The chat of one table.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Chat {
    /// The lines, in the order of their numbers.
    pub lines: Vec<Line>,
    /// The creator's settings.
    pub settings: ChatSettings,
    /// The server's words for the user's last refused message (or settings).
    pub refused: Option<String>,
    /// How many of the user's messages the server took (the page empties the input on each).
    pub taken: u32,
    /// The last number the user has seen.
    seen: u64,
}

impl Chat {
    /// A chat message (from the table, or from `welcome`'s history); one already here is
    /// passed over. A message without text (a spectator kept from the chat) adds nothing.
    pub fn add(&mut self, m: ChatMsg) {
        let Some(text) = m.text else { return };
        match self.lines.binary_search_by_key(&m.v, |l| l.v) {
            Ok(_) => {}
            Err(i) => self.lines.insert(
                i,
                Line {
                    v: m.v,
                    seat: m.seat,
                    player: m.player,
                    text,
                },
            ),
        }
    }

    /// The lines the user sees (those of whom it muted left out).
    pub fn shown<'a>(&'a self, mutes: &'a Mutes) -> impl Iterator<Item = &'a Line> {
        self.lines.iter().filter(|l| !mutes.hides(l))
    }

    /// Lines the user has not seen yet: written by another seat, not muted.
    #[must_use]
    pub fn unread(&self, mutes: &Mutes, me: Option<Seat>) -> usize {
        self.shown(mutes)
            .filter(|l| l.v > self.seen && Some(l.seat) != me)
            .count()
    }

    /// The user has seen every line (the chat is open).
    pub fn seen_all(&mut self) {
        if let Some(l) = self.lines.last() {
            self.seen = self.seen.max(l.v);
        }
    }

    /// Is the chat on?
    #[must_use]
    pub fn on(&self) -> bool {
        self.settings.chat
    }
}

/// Why the server refused a chat message, as the page words it (the server's own words when
/// they are none of these).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Too many messages in a short time.
    Flood,
    /// The same as one of the seat's last messages.
    Repeat,
    /// The creator turned the chat off.
    Off,
    /// Longer than [`CHAT_MAX`].
    TooLong,
    /// Only the creator sets the chat.
    NotCreator,
    /// Anything else, in the server's words.
    Other(String),
}

impl Refusal {
    /// The refusal the server's `error` words.
    #[must_use]
    pub fn of(error: &str) -> Refusal {
        let e = error.to_lowercase();
        if e.contains("chat messages in") {
            Refusal::Flood
        } else if e.contains("said that already") {
            Refusal::Repeat
        } else if e.contains("turned the chat off") {
            Refusal::Off
        } else if e.contains("at most") && e.contains("characters") {
            Refusal::TooLong
        } else if e.contains("only the table's creator") {
            Refusal::NotCreator
        } else {
            Refusal::Other(error.to_string())
        }
    }
}

/// What the user typed, as it may go: trimmed, at most [`CHAT_MAX`] characters; `None` when
/// nothing is left.
#[must_use]
pub fn outgoing(text: &str) -> Option<String> {
    let t = text.trim();
    (!t.is_empty()).then(|| t.chars().take(CHAT_MAX).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn msg(v: u64, seat: Seat, player: Option<&str>, text: Option<&str>) -> ChatMsg {
        ChatMsg {
            v,
            seat,
            player: player.map(str::to_string),
            text: text.map(str::to_string),
        }
    }

    #[test]
    fn a_replay_repeating_lines_adds_none_twice_and_keeps_their_order() {
        let mut c = Chat::default();
        c.add(msg(5, 0, Some("P"), Some("hi")));
        c.add(msg(3, 1, None, Some("first")));
        c.add(msg(5, 0, Some("P"), Some("hi")));
        c.add(msg(7, 2, None, None));
        let v: Vec<u64> = c.lines.iter().map(|l| l.v).collect();
        assert_eq!(v, [3, 5]);
    }

    #[test]
    fn mutes_hide_a_player_or_a_seat_and_survive_the_storage() {
        let mut c = Chat::default();
        c.add(msg(1, 0, Some("P0"), Some("a")));
        c.add(msg(2, 1, None, Some("b")));
        c.add(msg(3, 2, Some("P2"), Some("c")));
        let mut m = Mutes::default();
        m.toggle(Muted::Player("P0".into()));
        m.toggle(Muted::Seat(1));
        let shown: Vec<&str> = c.shown(&m).map(|l| l.text.as_str()).collect();
        assert_eq!(shown, ["c"]);
        let back = Mutes::from_storage(&m.to_storage());
        assert_eq!(back, m);
        assert_eq!(Mutes::from_storage("junk\ns:9\np:\ns:1"), {
            let mut x = Mutes::default();
            x.toggle(Muted::Seat(1));
            x
        });
        m.toggle(Muted::Seat(1));
        assert!(!m.has(&Muted::Seat(1)));
        let seat = SeatState {
            kind: "human".into(),
            level: None,
            connected: true,
            name: Some("Anna".into()),
            player: Some("P2".into()),
            waiting: false,
        };
        assert_eq!(Muted::of_seat(2, Some(&seat)), Muted::Player("P2".into()));
        assert_eq!(Muted::of_seat(1, None), Muted::Seat(1));
    }

    #[test]
    fn unread_counts_other_seats_unmuted_lines_since_the_user_looked() {
        let mut c = Chat::default();
        let none = Mutes::default();
        c.add(msg(1, 0, None, Some("mine")));
        c.add(msg(2, 1, None, Some("theirs")));
        assert_eq!(c.unread(&none, Some(0)), 1);
        c.seen_all();
        assert_eq!(c.unread(&none, Some(0)), 0);
        c.add(msg(4, 2, Some("X"), Some("more")));
        c.add(msg(5, 1, None, Some("again")));
        assert_eq!(c.unread(&none, Some(0)), 2);
        let mut m = Mutes::default();
        m.toggle(Muted::Player("X".into()));
        assert_eq!(c.unread(&m, Some(0)), 1);
    }

    #[test]
    fn the_servers_refusals_are_told_apart_and_others_keep_their_words() {
        // The words of crates/ulti-server/src/actor/chat.rs and account.rs.
        let cases = [
            (
                "at most 4 chat messages in 10 seconds: wait a moment",
                Refusal::Flood,
            ),
            ("you said that already", Refusal::Repeat),
            ("the table's creator has turned the chat off", Refusal::Off),
            ("a chat message is at most 140 characters", Refusal::TooLong),
            (
                "only the table's creator (seat 0) sets the chat",
                Refusal::NotCreator,
            ),
            ("something new", Refusal::Other("something new".into())),
        ];
        for (words, r) in cases {
            assert_eq!(Refusal::of(words), r, "{words}");
        }
    }

    #[test]
    fn what_goes_out_is_trimmed_and_cut_to_140() {
        assert_eq!(outgoing("  "), None);
        assert_eq!(outgoing(" Jó játékot! ").as_deref(), Some("Jó játékot!"));
        let long = "é".repeat(10_000);
        assert_eq!(outgoing(&long).unwrap().chars().count(), CHAT_MAX);
    }
}
