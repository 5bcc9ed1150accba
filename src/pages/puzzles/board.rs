//! The puzzle: who is to play and what for, the position on the line viewer (the play so far
//! can be stepped through; after an answer, the line of the card chosen), and the legal cards
//! to choose from.

use leptos::prelude::*;
use ulti_engine::Card;
use ulti_engine::puzzles::Band;
use ulti_engine::puzzles::turning::Turning;

use super::solution::Verdict;
use super::{PuzzlesPage, SetState, bid_title};
use crate::components::card::{CardFace, suit_class};
use crate::components::line_viewer::LineReplay;
use crate::i18n::{card_name, nth, seat_name, tr, tr_with, turning_words};
use crate::model::line::Line;
use crate::model::puzzles::url::Mode;
use crate::model::puzzles::{Goal, shown_trick};
use crate::model::whatif::position_key;
use crate::protocol::{Answer, Job};
use crate::solver_client::{PositionState, SolverClient};

/// The catalogue key of a difficulty band's name.
fn band_key(band: Band) -> &'static str {
    match band {
        Band::Easy => "puzzles.band_easy",
        Band::Medium => "puzzles.band_medium",
        Band::Hard => "puzzles.band_hard",
        Band::Expert => "puzzles.band_expert",
    }
}

/// The solver's line after the refutation of the wrong card answered, once the worker has
/// it: (the puzzle, the card, that line).
fn refuted_rest(p: PuzzlesPage, client: SolverClient) -> Memo<Option<(String, Card, Vec<Card>)>> {
    Memo::new(move |_| {
        let puzzle = p.puzzle()?;
        let a = p.answered.get().filter(|a| a.id == puzzle.id && !a.right)?;
        let rest = puzzle
            .continuation(a.card)
            .map(|q| {
                client.positions().with(|m| match m.get(&position_key(&q)) {
                    Some(PositionState::Ready(sol)) => Some(sol.line.clone()),
                    _ => None,
                })
            })
            .unwrap_or(Some(Vec::new()))?;
        Some((puzzle.id.clone(), a.card, rest))
    })
}

/// Where the refutation shown turns (the engine's exact search, once its whole line is
/// there; run by a worker: it can take a second); `None` for a right answer, the solver's
/// line, or while the worker searches.
fn turning_of(p: PuzzlesPage, client: SolverClient) -> Memo<Option<Turning>> {
    let rest = refuted_rest(p, client);
    let found = RwSignal::new(None::<(String, Card, Turning)>);
    let asked = StoredValue::new(None::<u64>);
    Effect::new(move || {
        if let Some(t) = asked.get_value() {
            client.forget(t);
            asked.set_value(None);
        }
        let Some((id, card, rest)) = rest.get() else {
            return;
        };
        let Some((job, id)) = p.puzzle().and_then(|q| {
            let line = q.refuting_line(card, &rest)?;
            Some((
                Job::Turning {
                    deal: q.deal,
                    bid: q.bid.clone(),
                    rules: q.rules,
                    played: q.played.clone(),
                    line,
                },
                id,
            ))
        }) else {
            return;
        };
        let ticket = client.ask(job, move |answer, _| {
            if let Ok(Answer::Turning(Some(t))) = answer {
                let _ = found.try_set(Some((id, card, *t)));
            }
        });
        asked.set_value(Some(ticket));
    });
    Memo::new(move |_| {
        if p.show_solver.get() {
            return None;
        }
        let (id, card, _) = rest.get()?;
        found.with(|f| {
            f.as_ref()
                .filter(|(i, c, _)| *i == id && *c == card)
                .map(|(_, _, t)| t.clone())
        })
    })
}

/// Where a refutation turns, in one line, with a button to that trick.
#[component]
fn TurningLine(turning: Memo<Option<Turning>>) -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    move || {
        let t = turning.get()?;
        let q = p.puzzle()?;
        let n = t.trick;
        let t2 = t.clone();
        Some(view! {
            <p class="puzzle-turning" data-testid="puzzle-turning" data-trick=n.to_string() data-shows=t.shows.1.to_string()>
                <span>{move || {
                    let l = lang.get();
                    turning_words(l, &t2, &bid_title(l, &q))
                }}</span>
                " "
                <button
                    type="button"
                    class="link"
                    data-testid="turning-go"
                    on:click=move |_| {
                        p.playing.set(false);
                        p.step.set((3 * n).min(30));
                    }
                >
                    {move || {
                        let l = lang.get();
                        tr_with(l, "puzzles.turning_go", &[("n", &nth(l, n, false))])
                    }}
                </button>
            </p>
        })
    }
}

/// The line the viewer shows: the play so far before an answer; then the chosen card's line
/// (its rest from the worker once solved) or, on demand, the solver's.
fn shown_line(p: PuzzlesPage, client: SolverClient) -> Signal<Option<Line>> {
    Signal::derive(move || {
        let puzzle = p.puzzle()?;
        let Some(a) = p.answered.get().filter(|a| a.id == puzzle.id) else {
            return puzzle.position_line();
        };
        let card = if p.show_solver.get() {
            puzzle.line[0]
        } else {
            a.card
        };
        let rest = puzzle
            .continuation(card)
            .map(|q| {
                client.positions().with(|m| match m.get(&position_key(&q)) {
                    Some(PositionState::Ready(sol)) => sol.line.clone(),
                    _ => Vec::new(),
                })
            })
            .unwrap_or_default();
        puzzle.answer_line(card, &rest)
    })
}

/// The puzzle's panel.
#[component]
pub(super) fn Board() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let client = expect_context::<SolverClient>();
    let lang = p.lang;
    let puzzle = Memo::new(move |_| p.puzzle());
    // A new puzzle: the viewer at its position (an answer shown with it, as the rush's
    // summary shows one, plays its line from there).
    Effect::new(move |_| {
        if let Some(q) = puzzle.get() {
            let answered = p
                .answered
                .with_untracked(|a| a.as_ref().is_some_and(|a| a.id == q.id));
            p.playing.set(answered);
            p.step.set(q.played.len());
        }
    });
    let line = shown_line(p, client);
    let turning = turning_of(p, client);
    let marks = Signal::derive(move || {
        turning
            .get()
            .map_or((None, None), |t| (Some(t.trick), Some(t.shows.1)))
    });
    move || {
        let Some(q) = puzzle.get() else {
            // The rush's panel says what to do before and after a rush.
            let idle =
                p.set.with(|s| matches!(s, SetState::Ready(_))) && p.mode.get() != Mode::Rush;
            return idle
                .then(|| {
                    view! {
                        <p class="hint" data-testid="puzzle-none">
                            {move || tr(lang.get(), "puzzles.none_left")}
                        </p>
                    }
                })
                .into_any();
        };
        let goal_key = match q.goal() {
            Goal::Make => "puzzles.goal_make",
            Goal::Beat => "puzzles.goal_beat",
        };
        let band = q.band();
        let rules = q.rules;
        let seat = q.seat;
        let id = q.id.clone();
        let legal = q.legal.clone();
        let answer = q.answer.clone();
        let q2 = q.clone();
        view! {
            <section
                class="panel puzzle-panel"
                aria-labelledby="puzzle-goal"
                data-testid="puzzle"
                data-id=id.clone()
                data-seat=seat.to_string()
                data-difficulty=q.difficulty.to_string()
                data-band=q.band().id()
                data-answered=move || p.answered.with(Option::is_some).to_string()
            >
                <header class="panel-header">
                    <h3 id="puzzle-goal" data-testid="puzzle-goal">
                        {move || {
                            let l = lang.get();
                            tr_with(
                                l,
                                goal_key,
                                &[("seat", &seat_name(l, seat)), ("bid", &bid_title(l, &q2))],
                            )
                        }}
                    </h3>
                    <p class="puzzle-facts">
                        // The trick on the table as the viewer steps: a finished one is
                        // "taken" (the puzzle's own trick is the next one).
                        <span data-testid="puzzle-trick" data-trick=move || shown_trick(p.step.get()).0.to_string()>
                            {move || {
                                let (n, taken) = shown_trick(p.step.get());
                                let key = if taken { "puzzles.trick_taken" } else { "puzzles.trick" };
                                tr_with(lang.get(), key, &[("n", &n.to_string())])
                            }}
                        </span>
                        <span data-testid="puzzle-difficulty">
                            {move || {
                                let l = lang.get();
                                tr_with(l, "puzzles.difficulty", &[("band", &tr(l, band_key(band)))])
                            }}
                        </span>
                        {(rules.must_beat_after_trump || rules.marriage_needs_trick)
                            .then(|| {
                                view! {
                                    <span data-testid="puzzle-rules">
                                        {move || {
                                            let l = lang.get();
                                            let mut names = Vec::new();
                                            if rules.must_beat_after_trump {
                                                names.push(tr(l, "rules.must_beat_after_trump"));
                                            }
                                            if rules.marriage_needs_trick {
                                                names.push(tr(l, "rules.marriage_needs_trick"));
                                            }
                                            tr_with(l, "puzzles.rules", &[("rules", &names.join("; "))])
                                        }}
                                    </span>
                                }
                            })}
                    </p>
                </header>
                <p class="choices-label" id="choices-label">
                    {move || {
                        let l = lang.get();
                        tr_with(l, "puzzles.choices", &[("seat", &seat_name(l, seat))])
                    }}
                </p>
                <div class="puzzle-choices" role="group" aria-labelledby="choices-label">
                    {legal
                        .into_iter()
                        .enumerate()
                        .map(|(i, card)| {
                            let right = answer.contains(&card);
                            let chosen = move || p.answered.with(|a| a.as_ref().is_some_and(|a| a.card == card));
                            let answered = move || p.answered.with(Option::is_some);
                            view! {
                                <button
                                    type="button"
                                    class=format!("card puzzle-card {}", suit_class(card.suit()))
                                    class:chosen=chosen
                                    class:right=move || answered() && right
                                    class:wrong=move || chosen() && !right
                                    data-testid="puzzle-card"
                                    data-card=card.to_string()
                                    data-key=(i + 1).to_string()
                                    aria-disabled=move || answered().to_string()
                                    aria-label=move || {
                                        let l = lang.get();
                                        tr_with(
                                            l,
                                            "puzzles.card_key",
                                            &[("n", &(i + 1).to_string()), ("card", &card_name(l, card))],
                                        )
                                    }
                                    on:click=move |_| p.answer(card)
                                >
                                    <CardFace card=card />
                                    <kbd aria-hidden="true">{i + 1}</kbd>
                                </button>
                            }
                        })
                        .collect_view()}
                </div>
                <div class="verdict-live" role="status">
                    <Verdict />
                </div>
                <TurningLine turning=turning />
                <LineReplay line=line step=p.step playing=p.playing testid="puzzle-viewer" marks=marks />
            </section>
        }
            .into_any()
    }
}
