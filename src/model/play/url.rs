//! The Play page's URL: `?deal=&seat=&level=&bid=&discard=&played=` read and written.

use ulti_engine::{Announcement, Card, Deal, RuleOptions, Seat};

use super::{Level, PlayGame, announcement_by_id};
use crate::model::url_state::{LAST_STEP, format_played, format_rules, parse_played, parse_rules};

/// The Play page's URL parameters, read.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayUrl {
    /// `deal=` (the deal as dealt), when valid.
    pub deal: Option<Deal>,
    /// `seat=` 0, 1 or 2: the game has started with the user in this seat.
    pub seat: Option<Seat>,
    /// `level=`.
    pub level: Option<Level>,
    /// `bid=`: a standard announcement id.
    pub bid: Option<Announcement>,
    /// `discard=`: two card codes.
    pub discard: Option<[Card; 2]>,
    /// `played=`.
    pub played: Vec<Card>,
    /// `rules=`.
    pub rules: RuleOptions,
}

/// Read two card codes (`PA,PK`).
fn parse_discard(value: &str) -> Option<[Card; 2]> {
    let cards = parse_played(value);
    <[Card; 2]>::try_from(cards).ok()
}

impl PlayUrl {
    /// Read the parameters (absent or malformed values read as `None` / empty).
    #[must_use]
    pub fn parse(get: impl Fn(&str) -> Option<String>) -> PlayUrl {
        PlayUrl {
            deal: get("deal").and_then(|d| Deal::parse_code(d.trim()).ok()),
            seat: get("seat")
                .and_then(|s| s.trim().parse::<Seat>().ok())
                .filter(|&s| s <= 2),
            level: get("level").and_then(|l| l.trim().parse::<Level>().ok()),
            bid: get("bid").and_then(|b| announcement_by_id(&b)),
            discard: get("discard").and_then(|d| parse_discard(&d)),
            played: get("played").map(|p| parse_played(&p)).unwrap_or_default(),
            rules: get("rules").map(|r| parse_rules(&r)).unwrap_or_default(),
        }
    }

    /// The game the URL describes: `None` before the user picked a seat (or without a deal).
    /// A bid that does not fit the deal is dropped, and so are the played cards from the
    /// first one that breaks a rule.
    #[must_use]
    pub fn game(&self, default_level: Level) -> Option<PlayGame> {
        let mut g = PlayGame::new(
            self.deal?,
            self.seat?,
            self.level.unwrap_or(default_level),
            self.rules,
        );
        if let (Some(a), Some(d)) = (&self.bid, self.discard)
            && g.announce(a.clone(), d).is_ok()
        {
            for &c in self.played.iter().take(LAST_STEP) {
                if g.play(c).is_err() {
                    break;
                }
            }
        }
        Some(g)
    }
}

/// The query string (without `?`) of a game, or of a deal before the seat is chosen.
#[must_use]
pub fn format_play_query(
    deal: &Deal,
    game: Option<&PlayGame>,
    level: Level,
    lang: Option<&str>,
) -> String {
    let mut parts = vec![format!("deal={}", deal.code())];
    if let Some(g) = game {
        parts.push(format!("seat={}", g.seat));
    }
    parts.push(format!("level={level}"));
    if let Some(g) = game {
        if let Some(r) = format_rules(g.rules) {
            parts.push(format!("rules={r}"));
        }
        if let Some(c) = &g.contracted {
            // `+` reads as a space in a query: written as %2B.
            parts.push(format!("bid={}", c.announcement.id().replace('+', "%2B")));
            parts.push(format!("discard={}", format_played(&c.discard)));
            if !g.played.is_empty() {
                parts.push(format!("played={}", format_played(&g.played)));
            }
        }
    }
    if let Some(l) = lang {
        parts.push(format!("lang={l}"));
    }
    parts.join("&")
}
