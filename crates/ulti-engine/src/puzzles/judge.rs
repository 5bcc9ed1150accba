//! Is a position a puzzle? The solver's value of every legal card decides it; the lines of the
//! right card and of each wrong one give the refutations and the features.

use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract, Scoring, component_payoff};
use crate::deal::SOLOIST;
use crate::rules::Game;
use crate::solver::Solver;

use super::classes::{classes, simple_picks};
use super::{Features, Position, Puzzle, Rejection, Verdict};

/// Judge `pos`: a [`Puzzle`] with its proof, or why it is not one.
///
/// # Errors
/// The [`Rejection`]: an illegal or finished position, an unplayable bid, no verdict, or a
/// position that is not a puzzle or a trivial one.
pub fn judge(solver: &mut Solver, pos: &Position) -> Result<Puzzle, Rejection> {
    let game = pos.game().map_err(|_| Rejection::Illegal)?;
    if game.is_over() {
        return Err(Rejection::Illegal);
    }
    if pos.bid.unplayable_reason(&pos.deal).is_some() {
        return Err(Rejection::Unplayable);
    }
    if game.legal_cards().len() < 3 {
        return Err(Rejection::FewChoices);
    }
    let seat = game.to_move();
    let sol = solver.solve(&pos.query()).map_err(|_| Rejection::Illegal)?;
    let verdict = Verdict::of_solution(&sol).ok_or(Rejection::NoVerdict)?;
    let classes = classes(&game, &sol.cards);
    if classes.len() < 3 {
        return Err(Rejection::FewChoices);
    }
    if verdict != Verdict::wanted_by(seat) {
        return Err(Rejection::NoWrongCard);
    }
    let keeps = |c: Card| {
        sol.cards
            .iter()
            .any(|v| v.card == c && Verdict::of_card(v) == Some(verdict))
    };
    let mut right: Vec<Card> = sol
        .cards
        .iter()
        .map(|v| v.card)
        .filter(|&c| keeps(c))
        .collect();
    right.sort();
    if right.len() == sol.cards.len() {
        return Err(Rejection::NoWrongCard);
    }
    let answer = classes
        .iter()
        .find(|class| class.contains(&right[0]))
        .expect("every legal card is in a class");
    if *answer != right {
        return Err(Rejection::SeveralAnswers);
    }
    let picks = simple_picks(&game);
    if right.iter().any(|&c| picks.contains(c)) {
        return Err(Rejection::SimpleRule);
    }
    let line = sol.line.clone();
    debug_assert!(
        line.first().is_some_and(|&c| keeps(c)),
        "the line keeps the verdict"
    );
    let mut refutations = Vec::new();
    for v in &sol.cards {
        if keeps(v.card) {
            continue;
        }
        let after = pos.after(&[v.card]);
        let s = solver
            .solve(&after.line_query())
            .expect("a legal card leads to a legal position");
        debug_assert_eq!(Verdict::of_solution(&s), Verdict::of_card(v));
        let mut r = vec![v.card];
        r.extend(s.line);
        refutations.push((v.card, r));
    }
    let base = trick_marks(&game, &line);
    let last = base.len() - 1;
    let depth_of = |r: &[Card]| {
        let marks = trick_marks(&game, r);
        marks
            .iter()
            .zip(&base)
            .position(|(a, b)| a != b)
            .unwrap_or(last)
    };
    let depths: Vec<(Card, usize)> = refutations.iter().map(|(c, r)| (*c, depth_of(r))).collect();
    if depths.iter().all(|&(_, d)| d >= last) {
        return Err(Rejection::LastTrickOnly);
    }
    let features = features(&classes, answer, &depths, &game, sol.nodes);
    // Each refutation up to the end of the trick where it first differs from the line.
    let open = game.current_trick().len();
    let refutations = refutations
        .into_iter()
        .zip(&depths)
        .map(|((c, mut r), &(_, d))| {
            r.truncate(3 - open + 3 * d);
            r.remove(0);
            (c, r)
        })
        .collect();
    Ok(Puzzle {
        position: pos.clone(),
        seat,
        verdict,
        answer: right,
        line,
        refutations,
        difficulty: features.difficulty(),
        features,
    })
}

/// The features of a puzzle whose legal cards fall into `classes`, `answer` among them, each
/// wrong card with the trick (counted from the current one) where its refutation first
/// differs from the solver's line.
fn features(
    classes: &[Vec<Card>],
    answer: &[Card],
    depths: &[(Card, usize)],
    game: &Game,
    nodes: u64,
) -> Features {
    let wrong: Vec<&Vec<Card>> = classes.iter().filter(|c| c.as_slice() != answer).collect();
    let depth_of_class = |class: &[Card]| {
        depths
            .iter()
            .filter(|(c, _)| class.contains(c))
            .map(|&(_, d)| d)
            .min()
            .unwrap_or(0)
    };
    let plausible = wrong.iter().filter(|c| depth_of_class(c) >= 1).count();
    let suit = answer[0].suit();
    let ranks: Vec<Rank> = answer.iter().map(|c| c.rank()).collect();
    let look_alike = wrong
        .iter()
        .filter(|c| {
            c.iter()
                .any(|x| x.suit() == suit || ranks.contains(&x.rank()))
        })
        .count();
    let depth = depths.iter().map(|&(_, d)| d).max().unwrap_or(0);
    let small = |n: usize| u8::try_from(n).unwrap_or(u8::MAX);
    Features {
        choices: small(classes.len()),
        right: small(answer.len()),
        plausible: small(plausible),
        depth: small(depth),
        look_alike: small(look_alike),
        cards: small(game.hand(game.to_move()).len() as usize),
        nodes,
    }
}

/// What a trick means for the result: who took it, its card points (the last trick's 10
/// included), the aces and tens in it, and whether it holds the trump VII.
type TrickMark = (bool, u32, u32, u32, bool);

/// The marks of the tricks from the current one to the last, with `cards` played from `game`'s
/// position to the end.
pub(super) fn trick_marks(game: &Game, cards: &[Card]) -> Vec<TrickMark> {
    let from = game.tricks().len();
    let mut g = game.clone();
    for &c in cards {
        g.play(c).expect("a solver's line is legal");
    }
    let seven = g.trump().map(|t| Card::new(t, Rank::Seven));
    let aces: CardSet = Suit::ALL.iter().map(|&s| Card::new(s, Rank::Asz)).collect();
    let tens: CardSet = Suit::ALL.iter().map(|&s| Card::new(s, Rank::Ten)).collect();
    g.tricks()[from..]
        .iter()
        .enumerate()
        .map(|(i, t)| {
            let set: CardSet = t.cards.into_iter().collect();
            let last = if from + i == 9 { 10 } else { 0 };
            (
                t.winner == SOLOIST,
                set.points() + last,
                CardSet(set.0 & aces.0).len(),
                CardSet(set.0 & tens.0).len(),
                seven.is_some_and(|s| set.contains(s)),
            )
        })
        .collect()
}

/// The verdict of a finished game: each component settled as `ulti solve` scores it
/// (`soloist_wins` of a single contract, the sign of a compound bid's payoff); `None` for a
/// game not over or a payoff of 0.
#[must_use]
pub fn final_verdict(game: &Game, bid: &Bid) -> Option<Verdict> {
    if !game.is_over() {
        return None;
    }
    let won = |c: Contract| game.outcome(c);
    let verdict = |w: bool| {
        if w {
            Verdict::SoloistWins
        } else {
            Verdict::SoloistLoses
        }
    };
    match bid.as_single() {
        Some(c) => Some(verdict(won(c))),
        None => {
            let trump = game.deal().trump;
            let payoff: i32 = bid
                .components()
                .into_iter()
                .map(|c| component_payoff(c, won(c), trump, Scoring::default()))
                .sum();
            (payoff != 0).then(|| verdict(payoff > 0))
        }
    }
}
