//! The Puzzles page's logic (GitHub issue 38): the set of puzzles the solver proved
//! (`puzzles/set.json`, fetched by the page), the daily puzzle, the rush, the rated practice,
//! and what to show after an answer. No display text: the page words it.
//!
//! [`glicko`] (the `ulti-ratings` crate's Glicko-2) rates the player and each puzzle;
//! [`progress`] is what the browser keeps; [`rush`] is the three-minute run; [`url`] the page's
//! link (`?mode=&puzzle=&lang=`).

pub use ulti_ratings::glicko;
pub mod progress;
pub mod rush;
pub mod url;
pub mod verdict;

use std::collections::{BTreeMap, HashMap, HashSet};

use ulti_engine::puzzles::record::{PuzzleRecord, RecordError, parse_file};
use ulti_engine::puzzles::turning::{Turning, turning};
use ulti_engine::puzzles::{Band, Position};
use ulti_engine::{Bid, Card, Deal, Query, RuleOptions, SOLOIST, Seat};

use crate::model::line::Line;
use crate::model::order::in_display_order;
use crate::model::whatif::position_query;

/// One puzzle, read from its record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// The id (`?puzzle=`).
    pub id: String,
    /// The deal.
    pub deal: Deal,
    /// The bid.
    pub bid: Bid,
    /// The cards played before the puzzle.
    pub played: Vec<Card>,
    /// House rules.
    pub rules: RuleOptions,
    /// The seat to move.
    pub seat: Seat,
    /// The right cards.
    pub answer: Vec<Card>,
    /// The difficulty estimate (the puzzle's first rating).
    pub difficulty: u32,
    /// The solver's line from the position, a right card first.
    pub line: Vec<Card>,
    /// Each wrong card's refutation (the line after it, to the trick where it shows).
    pub refutations: BTreeMap<Card, Vec<Card>>,
    /// The legal cards at the position, in display order (`model::order`): as the board shows
    /// them and its number keys pick them.
    pub legal: Vec<Card>,
}

/// What the seat to move plays for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Goal {
    /// The soloist makes the bid.
    Make,
    /// A defender beats it.
    Beat,
}

impl Puzzle {
    /// The puzzle of a record.
    ///
    /// # Errors
    /// A record that does not describe a legal position with its cards.
    pub fn from_record(r: &PuzzleRecord) -> Result<Puzzle, RecordError> {
        let Position {
            deal,
            bid,
            played,
            rules,
        } = r.position()?;
        let bad = |what: String| RecordError {
            id: r.id.clone(),
            what,
        };
        let game = ulti_engine::Game::with_played(&deal, &bid, rules, &played)
            .map_err(|e| bad(e.to_string()))?;
        let legal = in_display_order(game.legal_cards().iter(), bid.has_trumps());
        let mut refutations = BTreeMap::new();
        for (card, line) in &r.refutations {
            let c: Card = card.parse().map_err(|e| bad(format!("{e}")))?;
            refutations.insert(c, r.cards("refutations", line)?);
        }
        Ok(Puzzle {
            id: r.id.clone(),
            deal,
            bid,
            played,
            rules,
            seat: r.seat,
            answer: r.cards("answer", &r.answer)?,
            difficulty: r.difficulty,
            line: r.cards("line", &r.line)?,
            refutations,
            legal,
        })
    }

    /// Is `card` a right answer?
    #[must_use]
    pub fn is_right(&self, card: Card) -> bool {
        self.answer.contains(&card)
    }

    /// What the seat to move plays for.
    #[must_use]
    pub fn goal(&self) -> Goal {
        if self.seat == SOLOIST {
            Goal::Make
        } else {
            Goal::Beat
        }
    }

    /// The puzzle's difficulty band.
    #[must_use]
    pub fn band(&self) -> Band {
        Band::of(self.difficulty)
    }

    /// The position as a line of the cards played so far (the board before an answer).
    #[must_use]
    pub fn position_line(&self) -> Option<Line> {
        Line::new(self.deal, self.bid.clone(), self.rules, self.played.clone()).ok()
    }

    /// The cards to show after `chosen`: for a right card the solver's line (with `chosen`
    /// in place of the equivalent card it starts with), for a wrong one `chosen` and its
    /// refutation, then `rest` (the solver's line from there, once the worker has it).
    #[must_use]
    pub fn answer_cards(&self, chosen: Card, rest: &[Card]) -> Vec<Card> {
        let mut cards = self.played.clone();
        if self.is_right(chosen) {
            let first = self.line[0];
            cards.extend(self.line.iter().map(|&c| {
                if c == first {
                    chosen
                } else if c == chosen {
                    first
                } else {
                    c
                }
            }));
        } else {
            cards.push(chosen);
            cards.extend(self.refutations.get(&chosen).into_iter().flatten());
            cards.extend_from_slice(rest);
        }
        cards
    }

    /// The line to show after `chosen` (see [`Puzzle::answer_cards`]); `None` if it breaks a
    /// rule (it never should: the lines are the solver's).
    #[must_use]
    pub fn answer_line(&self, chosen: Card, rest: &[Card]) -> Option<Line> {
        Line::new(
            self.deal,
            self.bid.clone(),
            self.rules,
            self.answer_cards(chosen, rest),
        )
        .ok()
    }

    /// The solver's question for the rest of a wrong card's line: the position after the
    /// card and its refutation (`None` for a right card, or when the refutation reaches the
    /// end of play).
    #[must_use]
    pub fn continuation(&self, chosen: Card) -> Option<Query> {
        if self.is_right(chosen) {
            return None;
        }
        let cards = self.answer_cards(chosen, &[]);
        (cards.len() < 30).then(|| position_query(self.deal, self.bid.clone(), self.rules, &cards))
    }

    /// Where the line of a wrong `chosen` turns (`rest`: the solver's line after the
    /// refutation): the first trick after which the verdict holds whatever anyone plays,
    /// and where the cards show it. `None` for a right card, or before `rest` reaches the
    /// end of play.
    #[must_use]
    pub fn turning(&self, chosen: Card, rest: &[Card]) -> Option<Turning> {
        let line = self.refuting_line(chosen, rest)?;
        let game =
            ulti_engine::Game::with_played(&self.deal, &self.bid, self.rules, &self.played).ok()?;
        turning(&game, &self.bid, &line)
    }

    /// The line [`Puzzle::turning`] searches: from the position to the end of play, the wrong
    /// `chosen` card first (the page hands it to a worker). `None` for a right card, or before
    /// `rest` reaches the end of play.
    #[must_use]
    pub fn refuting_line(&self, chosen: Card, rest: &[Card]) -> Option<Vec<Card>> {
        if self.is_right(chosen) {
            return None;
        }
        let cards = self.answer_cards(chosen, rest);
        (cards.len() >= 30).then(|| cards[self.played.len()..].to_vec())
    }

    /// The solver's question for the position after `card` (its payoff and parts under best
    /// play: the verdict's numbers for a compound bid).
    #[must_use]
    pub fn after(&self, card: Card) -> Query {
        let mut cards = self.played.clone();
        cards.push(card);
        position_query(self.deal, self.bid.clone(), self.rules, &cards)
    }

    /// The solver's question for the puzzle's position, every legal card scored: the proof
    /// the page shows after an answer.
    #[must_use]
    pub fn proof(&self) -> Query {
        position_query(self.deal, self.bid.clone(), self.rules, &self.played)
    }
}

/// The trick the viewer's table shows after `step` cards: its number, and whether it is
/// complete (a finished trick stays on the table until the next card, so at a puzzle that
/// starts a trick the table holds the trick before it).
#[must_use]
pub fn shown_trick(step: usize) -> (usize, bool) {
    if step == 0 {
        (1, false)
    } else {
        ((step - 1) / 3 + 1, step.is_multiple_of(3))
    }
}

/// A date of the calendar (the user's own), for the daily puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day, 1 to 31.
    pub day: u32,
}

impl Date {
    /// Days since 1970-01-01 (Howard Hinnant's `days_from_civil`).
    #[must_use]
    pub fn days(&self) -> i64 {
        let y = i64::from(self.year) - i64::from(self.month <= 2);
        let era = y.div_euclid(400);
        let yoe = y - era * 400;
        let m = i64::from(self.month);
        let doy = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + i64::from(self.day) - 1;
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
        era * 146_097 + doe - 719_468
    }

    /// `YYYY-MM-DD`.
    #[must_use]
    pub fn iso(&self) -> String {
        format!("{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// SplitMix64's finaliser (the engine's).
pub use ulti_engine::players::splitmix as mix;

/// The puzzles of a file.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzleSet {
    puzzles: Vec<Puzzle>,
    by_id: HashMap<String, usize>,
}

impl PuzzleSet {
    /// Read a puzzle file (`puzzles/set.json`).
    ///
    /// # Errors
    /// Text that is not a puzzle file, or a record that is not a legal position.
    pub fn parse(text: &str) -> Result<PuzzleSet, String> {
        let records = parse_file(text).map_err(|e| e.to_string())?;
        let puzzles = records
            .iter()
            .map(Puzzle::from_record)
            .collect::<Result<Vec<_>, _>>()
            .map_err(|e| e.to_string())?;
        Ok(PuzzleSet::new(puzzles))
    }

    /// A set of these puzzles.
    #[must_use]
    pub fn new(puzzles: Vec<Puzzle>) -> PuzzleSet {
        let by_id = puzzles
            .iter()
            .enumerate()
            .map(|(i, p)| (p.id.clone(), i))
            .collect();
        PuzzleSet { puzzles, by_id }
    }

    /// The number of puzzles.
    #[must_use]
    pub fn len(&self) -> usize {
        self.puzzles.len()
    }

    /// Is the set empty?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.puzzles.is_empty()
    }

    /// Every puzzle.
    #[must_use]
    pub fn all(&self) -> &[Puzzle] {
        &self.puzzles
    }

    /// The puzzle with this id.
    #[must_use]
    pub fn get(&self, id: &str) -> Option<&Puzzle> {
        self.by_id.get(id).map(|&i| &self.puzzles[i])
    }

    /// The puzzle of `date`: the same for everyone on that date. It is drawn from the
    /// medium and hard bands (in order of id) by a hash of the day number.
    #[must_use]
    pub fn daily(&self, date: Date) -> Option<&Puzzle> {
        let mut pool: Vec<&Puzzle> = self
            .puzzles
            .iter()
            .filter(|p| matches!(p.band(), Band::Medium | Band::Hard))
            .collect();
        if pool.is_empty() {
            pool = self.puzzles.iter().collect();
        }
        pool.sort_by(|a, b| a.id.cmp(&b.id));
        let n = pool.len() as u64;
        (n > 0).then(|| pool[(mix(date.days() as u64) % n) as usize])
    }

    /// The next rated puzzle: among those not in `seen`, one of the `spread` whose ratings
    /// (`rating_of`) are nearest to `rating`, picked by `pick` (a random number); `None` when
    /// every puzzle was seen.
    #[must_use]
    pub fn nearest(
        &self,
        rating: f64,
        rating_of: impl Fn(&Puzzle) -> f64,
        seen: &HashSet<String>,
        spread: usize,
        pick: u64,
    ) -> Option<&Puzzle> {
        let mut near: Vec<(f64, &Puzzle)> = self
            .puzzles
            .iter()
            .filter(|p| !seen.contains(&p.id))
            .map(|p| ((rating_of(p) - rating).abs(), p))
            .collect();
        near.sort_by(|a, b| a.0.total_cmp(&b.0).then_with(|| a.1.id.cmp(&b.1.id)));
        near.truncate(spread.max(1));
        (!near.is_empty()).then(|| near[(pick % near.len() as u64) as usize].1)
    }
}

#[cfg(test)]
mod tests;
