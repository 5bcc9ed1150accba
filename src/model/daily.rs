//! The Daily page's data (`GET /api/daily`, `GET /api/daily/history`), read and put in words.
//! Pure: the page and `live_client::daily` do the asking.

use serde::Deserialize;

/// One of the player's deals of the day.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct MyDeal {
    /// Its number, from 1.
    pub deal: u32,
    /// The player's money on it.
    pub money: i64,
    /// Its par from the player's seat.
    pub par: i64,
    /// Matchpoints, 0–100.
    pub mp: f64,
    /// How many others played it.
    pub field: u32,
}

/// One player of the day's standings.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Standing {
    /// Its id.
    pub player: String,
    /// Its name (`None`: a deleted account).
    #[serde(default)]
    pub name: Option<String>,
    /// Deals it played.
    pub deals: u32,
    /// Its mean matchpoints.
    pub mp: f64,
    /// Its money over the day.
    pub money: i64,
}

/// The player's attempt at the day.
#[derive(Clone, Debug, Deserialize, PartialEq, Eq)]
pub struct Attempt {
    /// Its table.
    pub table: String,
    /// Deals finished.
    pub played: u32,
    /// Deals of the day.
    pub deals: u32,
    /// Is it used up?
    pub done: bool,
}

/// A day as the server answers it.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct Day {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// Is it today (it can still be played)?
    pub today: bool,
    /// Deals a day has.
    pub deals: u32,
    /// Everyone's standings, best first.
    pub standings: Vec<Standing>,
    /// The player's deals (with a session).
    #[serde(default)]
    pub mine: Vec<MyDeal>,
    /// The player's attempt.
    #[serde(default)]
    pub attempt: Option<Attempt>,
}

/// A past day in the history.
#[derive(Clone, Debug, Deserialize, PartialEq)]
pub struct PastDay {
    /// `YYYY-MM-DD`.
    pub date: String,
    /// How many played it.
    pub players: u32,
    /// The best of the day.
    #[serde(default)]
    pub winner: Option<Standing>,
}

/// What the start button says, if there is one: `None` once used or not today.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StartState {
    /// Not started yet.
    Start,
    /// Started, not finished.
    Continue,
    /// Used up.
    Done,
    /// A past day: nothing to start.
    Past,
}

impl Day {
    /// Where the player stands with the day.
    #[must_use]
    pub fn start_state(&self) -> StartState {
        if !self.today {
            return StartState::Past;
        }
        match &self.attempt {
            None => StartState::Start,
            Some(a) if a.done => StartState::Done,
            Some(_) => StartState::Continue,
        }
    }

    /// The player's result on deal `n` (`None` until it is stored with its par).
    #[must_use]
    pub fn my_deal(&self, n: u32) -> Option<&MyDeal> {
        self.mine.iter().find(|d| d.deal == n)
    }

    /// The player's mean matchpoints over its deals (`None` before the first).
    #[must_use]
    pub fn my_score(&self) -> Option<f64> {
        (!self.mine.is_empty())
            .then(|| self.mine.iter().map(|d| d.mp).sum::<f64>() / self.mine.len() as f64)
    }
}

/// Money with its sign: `+4`, `−12`, `0`.
#[must_use]
pub fn signed(n: i64) -> String {
    match n {
        0 => "0".into(),
        n if n > 0 => format!("+{n}"),
        n => format!("\u{2212}{}", -n),
    }
}

/// Matchpoints as a percentage with one decimal at most: `62.5 %`, `100 %`.
#[must_use]
pub fn percent(mp: f64) -> String {
    let r = (mp * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}\u{a0}%")
    } else {
        format!("{r:.1}\u{a0}%")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY: &str = r#"{"date":"2026-11-28","today":true,"deals":8,
        "standings":[{"player":"a","name":"Anna","deals":2,"mp":75.0,"money":6},
                     {"player":"b","name":null,"deals":1,"mp":25.0,"money":-4}],
        "mine":[{"deal":1,"money":4,"par":2,"mp":100.0,"field":1},
                {"deal":2,"money":2,"par":6,"mp":50.0,"field":2}],
        "attempt":{"table":"T","played":2,"deals":8,"done":false}}"#;

    #[test]
    fn a_day_reads_and_says_where_the_player_stands() {
        let mut d: Day = serde_json::from_str(DAY).unwrap();
        assert_eq!(d.mine.len(), 2);
        assert_eq!(d.standings[1].name, None);
        assert_eq!(d.my_score(), Some(75.0));
        assert_eq!(d.my_deal(2).map(|m| (m.par, m.field)), Some((6, 2)));
        assert_eq!(d.my_deal(3), None, "not stored yet");
        assert_eq!(d.start_state(), StartState::Continue);
        d.attempt.as_mut().unwrap().done = true;
        assert_eq!(d.start_state(), StartState::Done);
        d.attempt = None;
        assert_eq!(d.start_state(), StartState::Start);
        d.today = false;
        assert_eq!(d.start_state(), StartState::Past);
        // Without a session: no deals, no attempt.
        let d: Day =
            serde_json::from_str(r#"{"date":"2026-11-27","today":false,"deals":8,"standings":[]}"#)
                .unwrap();
        assert_eq!((d.mine.len(), &d.attempt, d.my_score()), (0, &None, None));
    }

    #[test]
    fn words_for_money_matchpoints_and_past_days() {
        assert_eq!(signed(4), "+4");
        assert_eq!(signed(-12), "\u{2212}12");
        assert_eq!(signed(0), "0");
        assert_eq!(percent(100.0), "100\u{a0}%");
        assert_eq!(percent(62.5), "62.5\u{a0}%");
        assert_eq!(percent(33.333), "33.3\u{a0}%");
        let h: Vec<PastDay> = serde_json::from_str(
            r#"[{"date":"2026-11-27","players":3,"winner":{"player":"a","name":"Anna","deals":8,"mp":70.0,"money":12}}]"#,
        )
        .unwrap();
        assert_eq!(h[0].winner.as_ref().unwrap().name.as_deref(), Some("Anna"));
    }
}
