//! Re-solve a puzzle record and check it: the seat to move, the right cards exactly the legal
//! cards that keep the verdict, one answer among at least three, no simple rule finding it,
//! and for every wrong card a refutation that is legal, reaches the other verdict at the end
//! of play and (in a deep check) never leaves it: the solver's verdict is the other one at
//! every position of the line. The solver's line for the right card is checked the same way.

use thiserror::Error;

use crate::card::{Card, CardSet};
use crate::rules::Game;
use crate::solver::Solver;

use super::classes::{classes, simple_picks};
use super::judge::final_verdict;
use super::record::{PuzzleRecord, RecordError, card_list};
use super::{Position, Verdict};

/// How a record fails its check.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum VerifyError {
    /// The record does not describe a legal position.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// The position is not legal, or the game is over.
    #[error("puzzle {id}: the position is not a legal one with a card to play ({why})")]
    Position {
        /// The record's id.
        id: String,
        /// Why.
        why: String,
    },
    /// The record's id is not the position's.
    #[error("puzzle {id}: the id of this position is {expected}")]
    Id {
        /// The record's id.
        id: String,
        /// The position's id.
        expected: String,
    },
    /// Another seat is to move.
    #[error("puzzle {id}: seat {seat} is to move, the record says seat {recorded}")]
    Seat {
        /// The record's id.
        id: String,
        /// The seat to move.
        seat: usize,
        /// The record's seat.
        recorded: usize,
    },
    /// The solver's verdict is not the one the seat to move plays for.
    #[error(
        "puzzle {id}: the solver's verdict is {found:?}, the seat to move plays for {wanted:?}"
    )]
    Verdict {
        /// The record's id.
        id: String,
        /// The solver's verdict (`None`: a compound bid worth 0).
        found: Option<Verdict>,
        /// What the seat to move plays for.
        wanted: Verdict,
    },
    /// The right cards are not the record's answer.
    #[error("puzzle {id}: the cards that keep the verdict are {right}, the record says {answer}")]
    Answer {
        /// The record's id.
        id: String,
        /// The cards that keep the verdict.
        right: String,
        /// The record's answer.
        answer: String,
    },
    /// The puzzle is not unique or is trivial.
    #[error("puzzle {id}: {why}")]
    Trivial {
        /// The record's id.
        id: String,
        /// Why.
        why: String,
    },
    /// A wrong card has no refutation, or a card that is not wrong has one.
    #[error("puzzle {id}: the refutations are for {recorded}, the wrong cards are {wrong}")]
    Refutations {
        /// The record's id.
        id: String,
        /// The cards with a refutation in the record.
        recorded: String,
        /// The wrong cards.
        wrong: String,
    },
    /// A line (a refutation, or the solver's line) is illegal, short, or does not reach or
    /// keep its verdict.
    #[error("puzzle {id}: the line after {card}: {why}")]
    Line {
        /// The record's id.
        id: String,
        /// The line's first card.
        card: Card,
        /// What is wrong.
        why: String,
    },
}

/// Check `rec` with the solver; `deep` also solves every position of every line.
///
/// # Errors
/// The first thing that is wrong with the record.
pub fn verify(solver: &mut Solver, rec: &PuzzleRecord, deep: bool) -> Result<(), VerifyError> {
    let id = || rec.id.clone();
    let pos = rec.position()?;
    let game = pos.game().map_err(|e| VerifyError::Position {
        id: id(),
        why: e.to_string(),
    })?;
    if game.is_over() {
        return Err(VerifyError::Position {
            id: id(),
            why: "all ten tricks are over".into(),
        });
    }
    let expected = super::record::position_id(&pos);
    if expected != rec.id {
        return Err(VerifyError::Id { id: id(), expected });
    }
    let seat = game.to_move();
    if seat != rec.seat {
        return Err(VerifyError::Seat {
            id: id(),
            seat,
            recorded: rec.seat,
        });
    }
    let sol = solver
        .solve(&pos.query())
        .map_err(|e| VerifyError::Position {
            id: id(),
            why: e.to_string(),
        })?;
    let wanted = Verdict::wanted_by(seat);
    let found = Verdict::of_solution(&sol);
    if !sol.playable || found != Some(wanted) {
        return Err(VerifyError::Verdict {
            id: id(),
            found,
            wanted,
        });
    }
    let mut right: Vec<Card> = sol
        .cards
        .iter()
        .filter(|v| Verdict::of_card(v) == Some(wanted))
        .map(|v| v.card)
        .collect();
    right.sort();
    let mut answer = rec.cards("answer", &rec.answer)?;
    answer.sort();
    if right != answer {
        return Err(VerifyError::Answer {
            id: id(),
            right: card_list(&right),
            answer: rec.answer.clone(),
        });
    }
    let trivial = |why: &str| VerifyError::Trivial {
        id: id(),
        why: why.to_string(),
    };
    let classes = classes(&game, &sol.cards);
    if classes.len() < 3 {
        return Err(trivial("fewer than three distinct answers"));
    }
    if !classes.contains(&right) {
        return Err(trivial("the right cards are more than one answer"));
    }
    let picks = simple_picks(&game);
    if right.iter().any(|&c| picks.contains(c)) {
        return Err(trivial("a simple rule finds the answer"));
    }
    let wrong: Vec<Card> = sol
        .cards
        .iter()
        .map(|v| v.card)
        .filter(|c| !right.contains(c))
        .collect();
    let recorded: Vec<Card> = rec
        .refutations
        .keys()
        .map(|k| rec.cards("refutations", k))
        .collect::<Result<Vec<Vec<Card>>, _>>()?
        .concat();
    let set = |v: &[Card]| v.iter().copied().collect::<CardSet>();
    if set(&recorded) != set(&wrong) || recorded.len() != wrong.len() {
        return Err(VerifyError::Refutations {
            id: id(),
            recorded: card_list(&recorded),
            wrong: card_list(&wrong),
        });
    }
    let line = rec.cards("line", &rec.line)?;
    if line.first().is_none_or(|c| !right.contains(c)) {
        return Err(VerifyError::Line {
            id: id(),
            card: line.first().copied().unwrap_or(right[0]),
            why: "the solver's line does not start with a right card".into(),
        });
    }
    check_line(solver, rec, &pos, &line, wanted, true, deep)?;
    let mut lines = Vec::new();
    for (card, text) in &rec.refutations {
        let mut r = rec.cards("refutations", card)?;
        r.extend(rec.cards("refutations", text)?);
        check_line(solver, rec, &pos, &r, wanted, false, deep)?;
        check_cut(rec, &game, &line, &r)?;
        lines.push(r);
    }
    if only_last_trick(&game, &line, &lines) {
        return Err(trivial("the answer matters only in the last trick"));
    }
    Ok(())
}

/// A refutation stops at the end of the trick where it first differs from the solver's line
/// (or at the end of play).
fn check_cut(
    rec: &PuzzleRecord,
    game: &Game,
    line: &[Card],
    r: &[Card],
) -> Result<(), VerifyError> {
    let marks = super::judge::trick_marks(game, r);
    let base = super::judge::trick_marks(game, line);
    let first = marks.iter().zip(&base).position(|(a, b)| a != b);
    let open = game.current_trick().len();
    let whole = (r.len() + open).is_multiple_of(3);
    let ends_there = match first {
        Some(d) => d + 1 == marks.len(),
        None => marks.len() == base.len(),
    };
    if whole && ends_there {
        Ok(())
    } else {
        Err(VerifyError::Line {
            id: rec.id.clone(),
            card: r[0],
            why: "it does not stop at the end of the trick where it first differs from the \
                  solver's line"
                .into(),
        })
    }
}

/// Does every refutation differ from the solver's line only in the last trick?
fn only_last_trick(game: &Game, line: &[Card], refutations: &[Vec<Card>]) -> bool {
    let base = super::judge::trick_marks(game, line);
    refutations.iter().all(|r| {
        let marks = super::judge::trick_marks(game, r);
        marks
            .iter()
            .zip(&base)
            .position(|(a, b)| a != b)
            .is_none_or(|d| d + 1 >= base.len())
    })
}

/// Check that `cards` from `pos` are legal and leave a position with `verdict` (`keep`: the
/// solver's line, which must reach the end of play) or without it (a refutation: the other
/// verdict, or a compound bid worth 0), by the solver, or by the result at the end of play;
/// with `deep`, that the solver says so at every position after the first card.
fn check_line(
    solver: &mut Solver,
    rec: &PuzzleRecord,
    pos: &Position,
    cards: &[Card],
    verdict: Verdict,
    keep: bool,
    deep: bool,
) -> Result<(), VerifyError> {
    let expect = if keep { "" } else { "not " };
    let err = |why: String| VerifyError::Line {
        id: rec.id.clone(),
        card: cards[0],
        why,
    };
    let mut game = pos.game().expect("checked");
    for (i, &c) in cards.iter().enumerate() {
        game.play(c)
            .map_err(|e| err(format!("card {} ({c}): {e}", i + 1)))?;
        let last = i + 1 == cards.len();
        if (deep || last) && !game.is_over() {
            let at = pos.after(&cards[..=i]);
            let mut q = at.line_query();
            q.line = false;
            let sol = solver.solve(&q).expect("a legal position");
            let found = Verdict::of_solution(&sol);
            if (found == Some(verdict)) != keep {
                return Err(err(format!(
                    "after card {} ({c}) the solver's verdict is {found:?}, {expect}{verdict:?}",
                    i + 1,
                )));
            }
        }
    }
    if !game.is_over() {
        if keep {
            return Err(err(format!(
                "it stops {} cards before the end of play",
                30 - game.played().len()
            )));
        }
        return Ok(());
    }
    let end = final_verdict(&game, &pos.bid);
    if (end == Some(verdict)) != keep {
        return Err(err(format!("it ends {end:?}, {expect}{verdict:?}")));
    }
    Ok(())
}
