//! After an answer: right or wrong at once, the right cards, which line the viewer plays (the
//! card chosen, or the solver's), the worker's proof of every legal card, and the next puzzle.

use leptos::prelude::*;
use ulti_engine::Card;

use super::{PuzzlesPage, bid_title};
use crate::i18n::{card_name, compound_verdict, text, tr, tr_with, with_article};
use crate::model::puzzles::url::Mode;
use crate::model::puzzles::verdict::Outcome;
use crate::model::puzzles::{Goal, Puzzle};
use crate::model::whatif::position_key;
use crate::solver_client::{PositionState, SolverClient};

/// The right cards in words: "Zöld Király" or "Zöld Király, Zöld Felső".
fn cards_words(lang: crate::i18n::Lang, cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| card_name(lang, c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The answer shown: the puzzle and the answer, once there is one.
fn answered(p: PuzzlesPage) -> Memo<Option<(Puzzle, super::Answered)>> {
    Memo::new(move |_| {
        let a = p.answered.get()?;
        let q = p.puzzle().filter(|q| q.id == a.id)?;
        Some((q, a))
    })
}

/// Right or wrong, at once, under the cards (in the board's live region).
#[component]
pub(super) fn Verdict() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    let shown = answered(p);
    move || {
        let (q, a) = shown.get()?;
        let goal = q.goal();
        let right = a.right;
        let card = a.card;
        let answer = q.answer.clone();
        let q2 = q.clone();
        // A compound bid: the parts and the payoff after the card, as the worker solves them.
        let client = expect_context::<SolverClient>();
        let after_key = position_key(&q.after(card));
        let compound = q.bid.contracts().len() >= 2;
        let outcome = Memo::new(move |_| {
            if !compound {
                return None;
            }
            client.positions().with(|m| match m.get(&after_key) {
                Some(PositionState::Ready(sol)) => Outcome::of(sol),
                _ => None,
            })
        });
        Some(view! {
                <p
                    class="puzzle-verdict"
                    class:right=right
                    class:wrong=!right
                    data-testid="puzzle-verdict"
                    data-result=if right { "right" } else { "wrong" }
                >
                    {move || {
                        let l = lang.get();
                        let bid = bid_title(l, &q2);
                        let key = match (right, goal) {
                            (true, Goal::Make) => "puzzles.right_make",
                            (true, Goal::Beat) => "puzzles.right_beat",
                            (false, Goal::Make) => "puzzles.wrong_make",
                            (false, Goal::Beat) => "puzzles.wrong_beat",
                        };
                        let mut s = match outcome.get() {
                            // The parts in plain words, then the score as `ulti solve` gives it.
                            Some(o) => compound_verdict(l, &o, goal, card, right),
                            // A compound bid's parts are not the bid's name: wait for them.
                            None if compound => format!(
                                "{} {}",
                                if right { "✔" } else { "✘" },
                                tr(l, "puzzles.verdict_pending")
                            ),
                            None => tr_with(l, key, &[("card", &with_article(l, &card_name(l, card))), ("bid", &bid)]),
                        };
                        if !right {
                            s.push(' ');
                            s.push_str(&tr_with(l, "puzzles.answer_was", &[("cards", &cards_words(l, &answer))]));
                        }
                        s
                    }}
                </p>
        })
    }
}

/// The lines to show and the proof.
#[component]
pub(super) fn Solution() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let client = expect_context::<SolverClient>();
    let lang = p.lang;
    let shown = answered(p);
    move || {
        let (q, a) = shown.get()?;
        let right = a.right;
        Some(view! {
            <section class="panel puzzle-solution" data-testid="puzzle-solution" aria-labelledby="solution-title">
                <h3 id="solution-title" class="visually-hidden">{text(lang, "puzzles.solution")}</h3>
                {(!right)
                    .then(|| {
                        let start = q.played.len();
                        let pick = move |solver: bool| {
                            p.show_solver.set(solver);
                            p.playing.set(false);
                            p.step.set(start);
                            p.playing.set(true);
                        };
                        view! {
                            <div class="line-choice" role="group" aria-label=text(lang, "puzzles.which_line")>
                                <button
                                    type="button"
                                    data-testid="show-refutation"
                                    aria-pressed=move || (!p.show_solver.get()).to_string()
                                    on:click=move |_| pick(false)
                                >
                                    {text(lang, "puzzles.show_refutation")}
                                </button>
                                <button
                                    type="button"
                                    data-testid="show-solver-line"
                                    aria-pressed=move || p.show_solver.get().to_string()
                                    on:click=move |_| pick(true)
                                >
                                    {text(lang, "puzzles.show_solver")}
                                </button>
                            </div>
                        }
                    })}
                <Proof puzzle=q.clone() client=client />
                {move || {
                    (p.mode.get() == Mode::Rated)
                        .then(|| {
                            view! {
                                <button
                                    type="button"
                                    class="primary"
                                    data-testid="puzzle-next"
                                    on:click=move |_| p.next_rated()
                                >
                                    {text(lang, "puzzles.next")}
                                </button>
                            }
                        })
                }}
            </section>
        })
    }
}

/// Every legal card of the position as the worker solves it now: keeps the verdict or
/// changes it.
#[component]
fn Proof(puzzle: Puzzle, client: SolverClient) -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    let key = position_key(&puzzle.proof());
    let goal = puzzle.goal();
    let values = Memo::new(move |_| {
        client.positions().with(|m| match m.get(&key) {
            Some(PositionState::Ready(sol)) => Some(sol.cards.clone()),
            _ => None,
        })
    });
    let values = move || values.get();
    view! {
        <div class="puzzle-proof" data-testid="puzzle-proof" data-ready=move || values().is_some().to_string()>
            <p>{text(lang, "puzzles.proof_title")}</p>
            {move || match values() {
                None => view! { <p class="hint">{text(lang, "puzzles.proof_pending")}</p> }.into_any(),
                Some(cards) => {
                    let wanted = matches!(goal, Goal::Make);
                    view! {
                        <ul class="proof-cards">
                            {cards
                                .into_iter()
                                .map(|v| {
                                    // The verdict after the card, as `ulti solve` gives it.
                                    let wins = v.payoff.map_or(v.soloist_wins, |x| x > 0);
                                    let zero = v.payoff == Some(0);
                                    let keeps = if wanted { wins } else { !wins && !zero };
                                    let c = v.card;
                                    view! {
                                        <li data-testid="proof-card" data-card=c.to_string() data-keeps=keeps.to_string() class:keeps=keeps>
                                            <span aria-hidden="true">{if keeps { "✔ " } else { "✘ " }}</span>
                                            {move || {
                                                let l = lang.get();
                                                let key = if keeps { "puzzles.proof_keeps" } else { "puzzles.proof_changes" };
                                                tr_with(l, key, &[("card", &card_name(l, c))])
                                            }}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    }
                        .into_any()
                }
            }}
            <p class="hint">{move || tr(lang.get(), "puzzles.proof_note")}</p>
        </div>
    }
}
