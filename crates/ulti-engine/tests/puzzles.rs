//! Puzzles (GitHub issue 38): the judge's reasons hold when checked independently with the
//! solver's values; every puzzle it keeps passes the deep verification; a changed record
//! fails it.

use ulti_engine::puzzles::classes::{classes, simple_picks};
use ulti_engine::puzzles::record::{PuzzleRecord, position_id};
use ulti_engine::puzzles::source::{RULE_SETS, candidate};
use ulti_engine::puzzles::verify::{VerifyError, verify};
use ulti_engine::puzzles::{Position, Rejection, Verdict, judge};
use ulti_engine::{Card, Deal, Solver};

/// The solver's value of every legal card at `pos`: (the verdict, the cards that keep it).
fn right_cards(s: &mut Solver, pos: &Position) -> (Option<Verdict>, Vec<Card>) {
    let sol = s.solve(&pos.query()).unwrap();
    let v = Verdict::of_solution(&sol);
    let mut right: Vec<Card> = sol
        .cards
        .iter()
        .filter(|c| Verdict::of_card(c) == v)
        .map(|c| c.card)
        .collect();
    right.sort();
    (v, right)
}

/// Check the judge's answer for `pos` against the solver's values.
fn check_reason(s: &mut Solver, pos: &Position) -> Result<PuzzleRecord, Rejection> {
    let verdict_right = right_cards(s, pos);
    let game = pos.game().unwrap();
    let seat = game.to_move();
    let sol = s.solve(&pos.query()).unwrap();
    let classes = classes(&game, &sol.cards);
    match judge(s, pos) {
        Ok(p) => {
            let (v, right) = verdict_right;
            assert_eq!(v, Some(Verdict::wanted_by(seat)));
            assert_eq!(
                p.answer, right,
                "the answer is the cards that keep the verdict"
            );
            assert!(right.len() < sol.cards.len(), "some card is wrong");
            assert!(classes.len() >= 3 && classes.contains(&right));
            let picks = simple_picks(&game);
            assert!(right.iter().all(|&c| !picks.contains(c)));
            assert_eq!(p.refutations.len(), sol.cards.len() - right.len());
            let rec = PuzzleRecord::new(&p, ulti_engine::puzzles::source::Source::Random);
            verify(s, &rec, true).unwrap_or_else(|e| panic!("{e}"));
            Ok(rec)
        }
        Err(r) => {
            let (v, right) = verdict_right;
            match r {
                Rejection::FewChoices => assert!(classes.len() < 3),
                Rejection::NoWrongCard => {
                    assert!(v != Some(Verdict::wanted_by(seat)) || right.len() == sol.cards.len())
                }
                Rejection::SeveralAnswers => assert!(!classes.contains(&right)),
                Rejection::SimpleRule => {
                    let picks = simple_picks(&game);
                    assert!(right.iter().any(|&c| picks.contains(c)));
                }
                Rejection::LastTrickOnly => assert!(classes.contains(&right)),
                Rejection::NoVerdict => assert_eq!(v, None),
                Rejection::Illegal | Rejection::Unplayable => panic!("a candidate is legal"),
            }
            Err(r)
        }
    }
}

/// Walk seeded candidates and judge every position the generator would judge; `f` sees
/// each answer and says whether to go on.
fn walk_candidates(seed: u64, n: u64, mut f: impl FnMut(Result<PuzzleRecord, Rejection>) -> bool) {
    let mut s = Solver::new();
    for index in 0..n {
        let (_, c) = candidate(&mut s, seed, index, &RULE_SETS);
        let Some(mut c) = c else { continue };
        while c.walk(&mut s) {
            let pos = c.position().clone();
            let r = check_reason(&mut s, &pos);
            let found = r.is_ok();
            if !f(r) {
                return;
            }
            if found {
                break;
            }
            c.step(&mut s);
        }
    }
}

#[test]
fn the_judges_reasons_hold_and_its_puzzles_verify() {
    let mut kept = 0;
    let mut rejected = std::collections::BTreeSet::new();
    walk_candidates(17, 150, |r| {
        match r {
            Ok(_) => kept += 1,
            Err(r) => {
                rejected.insert(r);
            }
        }
        true
    });
    assert!(kept > 0, "some puzzle among 150 candidates");
    assert!(rejected.contains(&Rejection::NoWrongCard), "{rejected:?}");
}

/// The first puzzle of seed 17.
fn a_puzzle() -> PuzzleRecord {
    let mut first = None;
    walk_candidates(17, 500, |r| {
        if let Ok(rec) = r {
            first = Some(rec);
            return false;
        }
        true
    });
    first.expect("a puzzle")
}

/// `rec` with its id made the position's again (so the check gets past the id).
fn reid(mut rec: PuzzleRecord) -> PuzzleRecord {
    rec.id = position_id(&rec.position().unwrap());
    rec
}

#[test]
fn a_changed_record_fails_verification() {
    let rec = a_puzzle();
    let mut s = Solver::new();
    verify(&mut s, &rec, true).expect("the puzzle as found");
    let fails = |r: &PuzzleRecord| verify(&mut Solver::new(), r, false).unwrap_err();

    // Another answer: a wrong card.
    let mut r = rec.clone();
    r.answer = rec.refutations.keys().next().unwrap().clone();
    assert!(
        matches!(fails(&r), VerifyError::Answer { .. }),
        "{}",
        fails(&r)
    );

    // The position changed and its id left: the id no longer matches.
    let mut r = rec.clone();
    let pos = rec.position().unwrap();
    let game = pos.game().unwrap();
    let mut played = pos.played.clone();
    if played.pop().is_none() {
        played.push(rec.cards("line", &rec.line).unwrap()[0]);
    }
    r.played = ulti_engine::puzzles::record::card_list(&played);
    assert!(matches!(fails(&r), VerifyError::Id { .. }), "{}", fails(&r));
    // ... with its id made right: another seat is to move, or the seat has other right
    // cards, or none.
    let r = reid(r);
    let e = fails(&r);
    assert!(
        matches!(
            e,
            VerifyError::Seat { .. } | VerifyError::Answer { .. } | VerifyError::Verdict { .. }
        ),
        "{e}"
    );

    // The answer card dealt to another seat (exchanged for a card of that seat's hand that
    // is still held): the seat to move cannot play it.
    let answer: Card = rec.answer.split(',').next().unwrap().parse().unwrap();
    let other = (rec.seat + 1) % 3;
    let theirs = game.hand(other).iter().next().expect("a card");
    let mut hands = pos.deal.hands();
    hands[rec.seat].remove(answer);
    hands[rec.seat].insert(theirs);
    hands[other].remove(theirs);
    hands[other].insert(answer);
    let moved = Deal::new(pos.deal.trump, hands).unwrap();
    let mut r = rec.clone();
    r.deal = moved.code();
    let r = reid(r);
    let e = fails(&r);
    assert!(
        matches!(
            e,
            VerifyError::Answer { .. } | VerifyError::Position { .. } | VerifyError::Verdict { .. }
        ),
        "{e}"
    );

    // A wrong card without its refutation.
    let mut r = rec.clone();
    let first = r.refutations.keys().next().unwrap().clone();
    r.refutations.remove(&first);
    assert!(
        matches!(fails(&r), VerifyError::Refutations { .. }),
        "{}",
        fails(&r)
    );

    // A refutation cut short of the end of its trick.
    if let Some((card, line)) = rec.refutations.iter().find(|(_, l)| !l.is_empty()) {
        let mut r = rec.clone();
        let mut cards = rec.cards("refutation", line).unwrap();
        cards.pop();
        r.refutations.insert(
            card.clone(),
            ulti_engine::puzzles::record::card_list(&cards),
        );
        assert!(
            matches!(fails(&r), VerifyError::Line { .. }),
            "{}",
            fails(&r)
        );
    }

    // The solver's line cut short.
    let mut r = rec.clone();
    let mut line = rec.cards("line", &rec.line).unwrap();
    line.pop();
    r.line = ulti_engine::puzzles::record::card_list(&line);
    assert!(
        matches!(fails(&r), VerifyError::Line { .. }),
        "{}",
        fails(&r)
    );
}

#[test]
fn records_round_trip_through_a_file() {
    let rec = a_puzzle();
    let text = ulti_engine::puzzles::record::file_text(std::slice::from_ref(&rec));
    assert!(text.starts_with("[\n{") && text.ends_with("}\n]\n"));
    let back = ulti_engine::puzzles::record::parse_file(&text).unwrap();
    assert_eq!(back, vec![rec.clone()]);
    assert_eq!(rec.id, position_id(&rec.position().unwrap()));
    assert_eq!(rec.id.len(), 8);
}
