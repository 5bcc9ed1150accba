//! The Puzzles page's logic on the shipped set.

use std::collections::HashSet;

use ulti_engine::puzzles::Band;

use super::progress::Progress;
use super::rush::{RUSH_LIVES, RUSH_MS, RUSH_START, RUSH_STEP, RUSH_WINDOW, Rush, RushEnd};
use super::url::{Mode, PuzzlesUrl};
use super::{Date, Goal, PuzzleSet};

const SET: &str = include_str!("../../../puzzles/set.json");

fn set() -> PuzzleSet {
    PuzzleSet::parse(SET).expect("the shipped set reads")
}

#[test]
fn every_shipped_puzzle_reads_with_its_lines() {
    let set = set();
    assert!(set.len() >= 2000);
    for p in set.all() {
        assert!(p.answer.iter().all(|c| p.legal.contains(c)), "{}", p.id);
        let wrong: HashSet<_> = p.legal.iter().filter(|c| !p.is_right(**c)).collect();
        assert_eq!(wrong, p.refutations.keys().collect(), "{}", p.id);
        assert!(p.position_line().is_some(), "{}", p.id);
        assert_eq!(p.goal() == Goal::Make, p.seat == 0);
        for &c in &p.legal {
            let line = p
                .answer_line(c, &[])
                .unwrap_or_else(|| panic!("{} {c}", p.id));
            assert_eq!(line.cards()[p.played.len()], c);
            if p.is_right(c) {
                assert_eq!(
                    line.len(),
                    30,
                    "{}: a right card's line goes to the end",
                    p.id
                );
                assert!(p.continuation(c).is_none());
            } else {
                assert_eq!(p.continuation(c).is_some(), line.len() < 30, "{} {c}", p.id);
            }
        }
    }
}

#[test]
fn an_equivalent_right_card_takes_the_place_of_the_lines_first() {
    let set = set();
    let p = set
        .all()
        .iter()
        .find(|p| p.answer.len() > 1)
        .expect("a puzzle with equivalent right cards");
    let other = *p.answer.iter().find(|&&c| c != p.line[0]).unwrap();
    let line = p
        .answer_line(other, &[])
        .expect("the swapped line is legal");
    let cards = &line.cards()[p.played.len()..];
    assert_eq!(cards[0], other);
    assert!(cards.contains(&p.line[0]) || !p.line[1..].contains(&other));
    assert_eq!(line.len(), 30);
}

#[test]
fn dates_count_days_from_1970() {
    let d = |year, month, day| Date { year, month, day };
    assert_eq!(d(1970, 1, 1).days(), 0);
    assert_eq!(d(1969, 12, 31).days(), -1);
    assert_eq!(d(2000, 3, 1).days(), 11017);
    assert_eq!(d(2026, 11, 27).days(), 20784);
    assert_eq!(d(2026, 11, 27).iso(), "2026-11-27");
}

#[test]
fn the_daily_puzzle_is_one_per_date_of_medium_or_hard_difficulty() {
    let set = set();
    let day = |n: u32| Date {
        year: 2026,
        month: 12,
        day: n,
    };
    let first = set.daily(day(1)).unwrap();
    assert_eq!(
        set.daily(day(1)).unwrap().id,
        first.id,
        "the same for everyone"
    );
    let ids: HashSet<String> = (1..=31)
        .map(|n| set.daily(day(n)).unwrap())
        .inspect(|p| assert!(matches!(p.band(), Band::Medium | Band::Hard)))
        .map(|p| p.id.clone())
        .collect();
    assert!(
        ids.len() >= 28,
        "{} different puzzles in 31 days",
        ids.len()
    );
}

#[test]
fn the_next_rated_puzzle_is_near_the_players_rating_and_new() {
    let set = set();
    let progress = Progress::default();
    let rating_of = |p: &super::Puzzle| progress.rating_of(p).rating;
    for target in [900.0, 1500.0, 2000.0] {
        let p = set
            .nearest(target, rating_of, &HashSet::new(), 1, 0)
            .unwrap();
        let best = set
            .all()
            .iter()
            .map(|q| (rating_of(q) - target).abs())
            .fold(f64::INFINITY, f64::min);
        assert_eq!((rating_of(p) - target).abs(), best);
        // Among the ten nearest, never one seen.
        let seen: HashSet<String> = [p.id.clone()].into();
        for pick in 0..20 {
            let q = set.nearest(target, rating_of, &seen, 10, pick).unwrap();
            assert_ne!(q.id, p.id);
            assert!(
                (rating_of(q) - target).abs() < 120.0,
                "{target}: {}",
                rating_of(q)
            );
        }
    }
    let all: HashSet<String> = set.all().iter().map(|p| p.id.clone()).collect();
    assert!(set.nearest(1500.0, rating_of, &all, 10, 0).is_none());
}

#[test]
fn rated_tries_move_both_ratings_and_persist() {
    let set = set();
    let p = &set.all()[0];
    let mut progress = Progress::parse(None);
    let g = progress
        .record_rated(p, p.answer[0])
        .expect("a first answer is rated");
    assert!(g.player_after.rating > g.player_before.rating);
    assert!(progress.rating_of(p).rating < f64::from(p.difficulty));
    assert!(progress.seen().contains(&p.id));
    let wrong = *p.refutations.keys().next().unwrap();
    progress.record_daily("2026-11-27", p, wrong);
    progress.record_daily("2026-11-27", p, p.answer[0]);
    assert!(
        !progress.daily["2026-11-27"].right,
        "the first answer counts"
    );
    assert_eq!(progress.daily["2026-11-27"].card, wrong);
    assert!(progress.record_rush(5));
    assert!(!progress.record_rush(3));
    let back = Progress::parse(Some(&progress.to_json()));
    let close = |a: f64, b: f64| (a - b).abs() < 1e-9;
    assert!(close(back.player.rating, progress.player.rating));
    assert!(close(back.player.vol, progress.player.vol));
    assert_eq!(back.tries, progress.tries);
    assert_eq!(back.daily, progress.daily);
    assert_eq!(
        back.puzzles.keys().collect::<Vec<_>>(),
        progress.puzzles.keys().collect::<Vec<_>>()
    );
    assert_eq!(Progress::parse(Some("not json")), Progress::default());
}

#[test]
fn a_rush_rises_with_right_answers_and_ends_on_three_mistakes_or_time() {
    let set = set();
    let mut r = Rush::start(&set, 1000.0, 42);
    let current = |r: &Rush| set.get(r.current.as_ref().unwrap()).unwrap().clone();
    let mut last = 0;
    for k in 0..8 {
        let p = current(&r);
        assert!(
            p.difficulty.abs_diff(RUSH_START + RUSH_STEP * k) < RUSH_WINDOW / 2,
            "puzzle {k}: {}",
            p.difficulty
        );
        assert!(
            p.difficulty + 200 >= last,
            "never much easier than the one before"
        );
        last = p.difficulty;
        assert_eq!(r.answer(&set, p.answer[0], 2000.0), Some(true));
    }
    assert_eq!(r.score, 8);
    for _ in 0..RUSH_LIVES {
        assert!(r.end.is_none());
        let p = current(&r);
        let wrong = *p.refutations.keys().next().unwrap();
        assert_eq!(r.answer(&set, wrong, 3000.0), Some(false));
    }
    assert_eq!(r.end, Some(RushEnd::Mistakes));
    // Over, its clock shows the time it took, not 0:00.
    assert_eq!(r.elapsed_ms(99_000.0), 2000.0);
    assert_eq!(r.remaining_ms(3000.0), 0.0);
    assert_eq!(r.results.len(), 11);
    let ids: HashSet<&String> = r.results.iter().map(|a| &a.id).collect();
    assert_eq!(ids.len(), 11, "no puzzle twice");

    let mut r = Rush::start(&set, 0.0, 1);
    assert_eq!(r.remaining_ms(60_000.0), RUSH_MS - 60_000.0);
    assert!(!r.tick(RUSH_MS - 1.0));
    assert!(r.tick(RUSH_MS));
    assert_eq!(r.end, Some(RushEnd::Time));
    assert_eq!(r.elapsed_ms(RUSH_MS + 5000.0), RUSH_MS);
    let any = set.all()[0].answer[0];
    assert_eq!(
        r.answer(&set, any, RUSH_MS + 1.0),
        None,
        "no answer counts after the time"
    );
    assert_eq!(r.score, 0);
    // The same seed draws the same puzzles.
    assert_eq!(
        Rush::start(&set, 0.0, 9).current,
        Rush::start(&set, 5.0, 9).current
    );
}

#[test]
fn the_url_round_trips() {
    let parse = |q: &str| {
        PuzzlesUrl::parse(|k| {
            q.split('&')
                .filter_map(|kv| kv.split_once('='))
                .find(|(a, _)| *a == k)
                .map(|(_, v)| v.to_string())
        })
    };
    let u = parse("puzzle=3FA9C2D1");
    assert_eq!(u.mode, Mode::Rated);
    assert_eq!(u.puzzle.as_deref(), Some("3fa9c2d1"));
    assert_eq!(u.format(None), "puzzle=3fa9c2d1");
    assert_eq!(parse("mode=daily").format(Some("hu")), "mode=daily&lang=hu");
    assert_eq!(parse("mode=rush&puzzle=12345678").format(None), "mode=rush");
    assert_eq!(parse("mode=nonsense&puzzle=<script>").puzzle, None);
    assert_eq!(parse("mode=nonsense").mode, Mode::Rated);
}

#[test]
fn a_compound_verdict_shows_its_parts_and_payoff_as_ulti_solve_does() {
    use super::verdict::Outcome;
    use ulti_engine::{ComponentResult, Contract};
    let c = |contract, won, payoff| ComponentResult {
        contract,
        won,
        payoff,
    };
    // Every compound kind on the ladder, a part made and a part lost.
    let cases: &[(i32, Vec<ComponentResult>, &str)] = &[
        (
            0,
            vec![
                c(Contract::Negyven100, false, -4),
                c(Contract::Ulti, true, 4),
            ],
            "+0 (40-100 ✘ -4, ulti ✔ +4)",
        ),
        (
            -2,
            vec![
                c(Contract::Ulti, false, -8),
                c(Contract::DurchmarsAdu, true, 6),
            ],
            "-2 (ulti ✘ -8, durchmars-adu ✔ +6)",
        ),
        (
            0,
            vec![c(Contract::Husz100, true, 8), c(Contract::Ulti, false, -8)],
            "+0 (20-100 ✔ +8, ulti ✘ -8)",
        ),
        (
            -2,
            vec![
                c(Contract::Negyven100, true, 4),
                c(Contract::DurchmarsAdu, false, -6),
            ],
            "-2 (40-100 ✔ +4, durchmars-adu ✘ -6)",
        ),
        (
            6,
            vec![
                c(Contract::Husz100, true, 8),
                c(Contract::Ulti, true, 4),
                c(Contract::DurchmarsAdu, false, -6),
            ],
            "+6 (20-100 ✔ +8, ulti ✔ +4, durchmars-adu ✘ -6)",
        ),
    ];
    for (payoff, comps, want) in cases {
        let o = Outcome::from_components(*payoff, comps).expect("a compound bid");
        assert_eq!(o.score(), *want);
        assert_eq!(o.made().count() + o.lost().count(), comps.len());
    }
    // One part: no parts to show.
    assert!(Outcome::from_components(4, &[c(Contract::Ulti, true, 4)]).is_none());
}

#[test]
fn puzzle_99ad5968_after_the_nine_of_acorns_loses_the_100_and_makes_the_ulti() {
    use super::verdict::Outcome;
    let set = set();
    let p = set.get("99ad5968").expect("the puzzle is in the set");
    let card: ulti_engine::Card = "M9".parse().unwrap();
    assert!(!p.is_right(card));
    let sol = ulti_engine::Solver::new().solve(&p.after(card)).unwrap();
    let o = Outcome::of(&sol).expect("a compound bid");
    assert_eq!(o.score(), "+0 (40-100 ✘ -4, ulti ✔ +4)");
    // The old words ("the soloist makes the 40-100 ulti") were wrong: the 40-100 is lost.
    assert_eq!(
        o.lost().collect::<Vec<_>>(),
        [ulti_engine::Contract::Negyven100]
    );
    assert_eq!(o.made().collect::<Vec<_>>(), [ulti_engine::Contract::Ulti]);
}

#[test]
fn a_rated_puzzle_is_rated_once_even_after_a_reload() {
    let set = set();
    let p = &set.all()[1];
    let wrong = *p.refutations.keys().next().unwrap();
    let mut progress = Progress::parse(None);
    progress.record_rated(p, wrong).expect("rated");
    let after = progress.player;
    // A reload: the stored progress read again, the same puzzle answered again.
    let mut back = Progress::parse(Some(&progress.to_json()));
    let first = back.rated_answer(&p.id).expect("answered").clone();
    assert_eq!(first.card, Some(wrong));
    assert!(!first.right);
    assert!(
        back.record_rated(p, p.answer[0]).is_none(),
        "no second rating"
    );
    assert_eq!(back.player.rating.to_bits(), after.rating.to_bits());
    assert_eq!(back.tries.len(), 1, "rated puzzles played stays 1");
}

/// The solver's line after a wrong card's refutation, as the page's worker solves it.
fn rest_after(p: &super::Puzzle, card: ulti_engine::Card) -> Vec<ulti_engine::Card> {
    p.continuation(card)
        .map(|q| ulti_engine::Solver::new().solve(&q).expect("solved").line)
        .unwrap_or_default()
}

#[test]
fn a_refutation_of_8762f3a6_turns_in_trick_7_and_shows_in_trick_9() {
    let set = set();
    let p = set.get("8762f3a6").expect("the puzzle");
    let wrong: ulti_engine::Card = "PU".parse().unwrap();
    assert_eq!(
        p.turning(wrong, &[]),
        None,
        "not before the line reaches the end"
    );
    let t = p
        .turning(wrong, &rest_after(p, wrong))
        .expect("the whole line");
    assert_eq!(t.trick, 7);
    assert_eq!(t.shows.1, 9);
    assert_eq!(t.part, Some(ulti_engine::Contract::Ulti));
    let right = p.answer[0];
    assert_eq!(
        p.turning(right, &[]),
        None,
        "a right card has no refutation"
    );
}

#[test]
fn a_rush_starts_at_about_800_as_the_guide_says() {
    let set = set();
    let firsts: Vec<u32> = (0..200)
        .map(|seed| {
            let r = Rush::start(&set, 0.0, seed);
            set.get(r.current.as_ref().unwrap()).unwrap().difficulty
        })
        .collect();
    let mean = f64::from(firsts.iter().sum::<u32>()) / firsts.len() as f64;
    assert!((mean - f64::from(RUSH_START)).abs() < 40.0, "mean {mean}");
    assert!(
        firsts
            .iter()
            .all(|d| d.abs_diff(RUSH_START) < RUSH_WINDOW / 2)
    );
    assert_eq!(RUSH_START, 800, "docs/src/puzzles.md says about 800");
}

#[test]
fn the_trick_label_names_the_trick_on_the_table() {
    assert_eq!(super::shown_trick(0), (1, false));
    assert_eq!(super::shown_trick(2), (1, false));
    assert_eq!(super::shown_trick(3), (1, true));
    assert_eq!(super::shown_trick(4), (2, false));
    // 8762f3a6 starts after 15 cards: the table holds trick 5, taken; trick 6 is to play.
    let set = set();
    let p = set.get("8762f3a6").unwrap();
    assert_eq!(super::shown_trick(p.played.len()), (5, true));
}
