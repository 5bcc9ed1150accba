//! The line viewer: the optimal line of the chosen contract (or compound bid), animated trick by trick on a
//! card table, with play/pause, stepping, speed, trick jumps and the running score.

use std::time::Duration;

use leptos::prelude::*;
use ulti_engine::{Bid, Card, CardValue, Contract, PlayError, Query};

use crate::i18n::{
    Lang, bid_name, contract_name, label, play_error, text, tr, tr_with, unplayable_reason,
};
use crate::model::line::{Line, StepView};
use crate::model::results::Status;
use crate::model::url_state::LAST_STEP;
use crate::model::whatif::{first_illegal, full_line, position_key, position_query};
use crate::solver_client::{PositionState, SolverClient};
use crate::state::SolverPageState;

mod attable;
mod controls;
mod felt;
mod history;
mod replay;
mod score;
mod whatif;

pub use replay::LineReplay;

use attable::AtTablePanel;
use controls::{Controls, SPEEDS};
use felt::Felt;
use history::TrickHistory;
use score::Score;

/// The tricks a page marks on a replay: the trick that decides the line, and the one where
/// the cards show it (the history and the trick jumps say so).
#[derive(Clone, Copy)]
pub struct TrickMarks(pub Signal<(Option<usize>, Option<usize>)>);

impl TrickMarks {
    /// Is trick `n` the deciding one? (`None`: no marks here.)
    pub fn decides(marks: Option<TrickMarks>, n: usize) -> bool {
        marks.is_some_and(|m| m.0.get().0 == Some(n))
    }

    /// Does trick `n` show the outcome?
    pub fn shows(marks: Option<TrickMarks>, n: usize) -> bool {
        marks.is_some_and(|m| m.0.get().1 == Some(n))
    }
}

/// What the viewer can show for the selected contract.
#[derive(Clone, Debug, PartialEq, Eq)]
enum LineStatus {
    /// No contract chosen.
    NoGame,
    /// The deal is not complete.
    NoDeal,
    /// The worker has not answered yet.
    Pending,
    /// No line: why.
    Unavailable(NoLine),
    /// The line.
    Ready(Line),
}

/// Why a line cannot be shown.
#[derive(Clone, Debug, PartialEq, Eq)]
enum NoLine {
    /// The soloist cannot play the contract.
    Unplayable(Contract),
    /// The solve was cancelled.
    Cancelled,
    /// The engine's error.
    Failed(String),
    /// The what-if's cards break a rule (the engine's error).
    WhatIf(String),
    /// Card `.0` (1-based) of the what-if breaks rule `.1`.
    WhatIfRule(usize, PlayError),
    /// The solved line breaks a rule (not expected).
    Invalid(String),
}

impl NoLine {
    fn text(&self, lang: Lang) -> String {
        match self {
            NoLine::Unplayable(c) => tr_with(
                lang,
                "line.unplayable",
                &[
                    ("contract", &contract_name(lang, *c)),
                    ("reason", &unplayable_reason(lang, *c)),
                ],
            ),
            NoLine::Cancelled => tr(lang, "line.cancelled"),
            NoLine::Failed(m) => m.clone(),
            NoLine::WhatIf(m) => tr_with(lang, "line.whatif_failed", &[("error", m)]),
            NoLine::WhatIfRule(i, e) => tr_with(
                lang,
                "line.whatif_failed",
                &[("error", &play_error(lang, *i, e))],
            ),
            NoLine::Invalid(m) => tr_with(lang, "line.invalid", &[("error", m)]),
        }
    }
}

/// The scored legal cards of the player to move at one step.
#[derive(Clone, Debug, PartialEq)]
struct WhatIf {
    /// The step (cards played before).
    step: usize,
    /// The card the shown line plays next.
    next: Option<Card>,
    /// Every legal card's value.
    cards: Vec<CardValue>,
}

/// Shared by the viewer's parts.
#[derive(Clone, Copy)]
struct Viewer {
    status: Memo<LineStatus>,
    view: Memo<Option<StepView>>,
    /// What the felt, score and history draw: `view`, or the what-if's played cards while
    /// its line is being solved.
    shown: Memo<Option<StepView>>,
    /// The values of the legal cards at the step, once solved.
    values: Memo<Option<WhatIf>>,
    playing: RwSignal<bool>,
    speed_ms: RwSignal<u32>,
    /// Cards played at the step shown.
    step: RwSignal<usize>,
}

impl Viewer {
    fn len(&self) -> usize {
        self.status.with(|s| match s {
            LineStatus::Ready(l) => l.len(),
            _ => LAST_STEP,
        })
    }
}

/// Autoplay: one card per tick while `viewer.playing`; stops at the end.
fn autoplay(viewer: Viewer) {
    let timer = StoredValue::new_local(None::<IntervalHandle>);
    Effect::new(move |_| {
        let playing = viewer.playing.get();
        let ms = viewer.speed_ms.get();
        timer.update_value(|t| {
            if let Some(h) = t.take() {
                h.clear();
            }
        });
        if playing {
            // The interval clears itself when its viewer is gone (a page that replaces the
            // viewer while it plays, as the Puzzles page does for the next puzzle): the
            // viewer's memos are disposed then, and reading them would panic.
            let own = std::rc::Rc::new(std::cell::Cell::new(None::<IntervalHandle>));
            let mine = own.clone();
            let handle = set_interval_with_handle(
                move || {
                    if viewer.status.try_with_untracked(|_| ()).is_none() {
                        if let Some(h) = mine.take() {
                            h.clear();
                        }
                        return;
                    }
                    let len = viewer.len();
                    let step = viewer.step.get_untracked();
                    if step < len {
                        viewer.step.set(step + 1);
                    }
                    if step + 1 >= len {
                        viewer.playing.set(false);
                    }
                },
                Duration::from_millis(u64::from(ms)),
            );
            own.set(handle.as_ref().ok().copied());
            timer.set_value(handle.ok());
        }
    });
    on_cleanup(move || {
        timer.update_value(|t| {
            if let Some(h) = t.take() {
                h.clear();
            }
        });
    });
}

/// The line viewer panel.
#[component]
pub fn LineViewer() -> impl IntoView {
    let state = SolverPageState::expect();
    let client = expect_context::<SolverClient>();
    // The bid whose line is shown: the compound, else the selected contract.
    let bid = Memo::new(move |_| state.viewer_bid());
    // Is the bid's every contract solved and playable (so it has a line)? The status of the
    // first contract that is not, else of the last one.
    let row_ready = Memo::new(move |_| {
        let (Some(bid), Some(deal)) = (bid.get(), state.deal.get()) else {
            return None;
        };
        let rules = state.rules.get();
        client.state().with(|s| {
            let status = |c: Contract| {
                if s.deal != Some(deal) || s.rules != rules {
                    return Status::Pending;
                }
                s.result(c).map_or(Status::Pending, |r| r.status)
            };
            let all = bid.contracts().iter().map(|&c| (c, status(c)));
            let mut last = None;
            for (c, st) in all {
                if !matches!(st, Status::Wins | Status::Loses) {
                    return Some((c, st));
                }
                last = Some((c, st));
            }
            last
        })
    });
    // The line's own position: the start (optimal line) or the what-if's played cards.
    let line_query = Memo::new(move |_| {
        let (Some(bid), Some(deal)) = (bid.get(), state.deal.get()) else {
            return None;
        };
        matches!(row_ready.get(), Some((_, Status::Wins | Status::Loses)))
            .then(|| position_query(deal, bid, state.rules.get(), &state.played.get()))
    });
    let status = Memo::new(move |_| {
        if bid.with(Option::is_none) {
            return LineStatus::NoGame;
        }
        let Some(deal) = state.deal.get() else {
            return LineStatus::NoDeal;
        };
        match row_ready.get() {
            None | Some((_, Status::Pending)) => LineStatus::Pending,
            Some((c, Status::Unplayable(_))) => LineStatus::Unavailable(NoLine::Unplayable(c)),
            Some((_, Status::Cancelled)) => LineStatus::Unavailable(NoLine::Cancelled),
            Some((_, Status::Failed(m))) => LineStatus::Unavailable(NoLine::Failed(m)),
            Some((_, Status::Wins | Status::Loses)) => {
                let Some(q) = line_query.get() else {
                    return LineStatus::Pending;
                };
                let key = position_key(&q);
                client.positions().with(|p| match p.get(&key) {
                    None | Some(PositionState::Pending) => LineStatus::Pending,
                    Some(PositionState::Failed(m)) => {
                        LineStatus::Unavailable(first_illegal(&q).map_or_else(
                            || NoLine::WhatIf(m.clone()),
                            |(i, e)| NoLine::WhatIfRule(i, e),
                        ))
                    }
                    Some(PositionState::Ready(sol)) => {
                        let cards = full_line(&q.played, &sol.line);
                        match Line::new(deal, q.bid.clone(), q.rules, cards) {
                            Ok(line) => LineStatus::Ready(line),
                            Err(e) => LineStatus::Unavailable(NoLine::Invalid(e.to_string())),
                        }
                    }
                })
            }
        }
    });
    // The position at the step, whose legal cards get their values.
    let step_query = Memo::new(move |_| {
        let step = state.step.get();
        status.with(|s| match s {
            LineStatus::Ready(line) if step < line.len() => Some(line.position(step)),
            _ => None,
        })
    });
    // Ask the pool for the line and for the step's card values.
    Effect::new(move |_| {
        let wanted: Vec<Query> = [line_query.get(), step_query.get()]
            .into_iter()
            .flatten()
            .collect();
        client.want_positions(wanted);
    });
    let values = Memo::new(move |_| {
        let q = step_query.get()?;
        let key = position_key(&q);
        let next = status.with(|s| match s {
            LineStatus::Ready(line) => line.cards().get(q.played.len()).copied(),
            _ => None,
        });
        client.positions().with(|p| match p.get(&key) {
            Some(PositionState::Ready(sol)) => Some(WhatIf {
                step: q.played.len(),
                next,
                cards: sol.cards.clone(),
            }),
            _ => None,
        })
    });
    let view = Memo::new(move |_| {
        let step = state.step.get();
        status.with(|s| match s {
            LineStatus::Ready(line) => Some(line.at(step)),
            _ => None,
        })
    });
    // While a new what-if line is being solved, the felt, the score and the history show the
    // played cards so far (no blank table); controls and data-step wait for the real line.
    let shown = Memo::new(move |_| {
        if let Some(v) = view.get() {
            return Some(v);
        }
        if !status.with(|s| matches!(s, LineStatus::Pending)) {
            return None;
        }
        let q = line_query.get().filter(|q| !q.played.is_empty())?;
        let line = Line::new(q.deal, q.bid, q.rules, q.played).ok()?;
        Some(line.at(state.step.get()))
    });
    let viewer = Viewer {
        status,
        view,
        shown,
        values,
        playing: RwSignal::new(false),
        speed_ms: RwSignal::new(SPEEDS[1].0),
        step: state.step,
    };
    provide_context(viewer);
    autoplay(viewer);
    // A new contract or deal stops the animation.
    Effect::new(move |_| {
        bid.track();
        state.deal.track();
        viewer.playing.set(false);
    });

    let game_id = move || bid.get().map(|b| b.to_string());
    // The title's name of the bid with its trump, as every page names it.
    let bid_title = move |lang: Lang, b: &Bid| {
        let trump = state
            .deal
            .with(|d| d.map(|d| d.trump))
            .filter(|_| b.has_trumps());
        label(&bid_name(lang, b, trump, false))
    };
    let lang = state.lang;
    view! {
        <section class="panel line-panel" aria-labelledby="line-title">
            <header class="panel-header">
                <h2 id="line-title">
                    {move || {
                        let key = if state.played.with(Vec::is_empty) {
                            "line.title_optimal"
                        } else {
                            "line.title_whatif"
                        };
                        tr(lang.get(), key)
                    }}
                    {move || {
                        bid.with(|b| b.as_ref().map(|b| format!(" — {}", bid_title(lang.get(), b))))
                    }}
                </h2>
            </header>
            <div
                class="line-viewer"
                data-testid="line-viewer"
                data-step=move || {
                    let shown = view.with(Option::is_some);
                    shown.then(|| state.step.get().to_string())
                }
                data-ready=move || view.with(Option::is_some).to_string()
                data-game=game_id
                data-whatif=move || state.played.with(|p| !p.is_empty()).then_some("true")
            >
                {move || {
                    state
                        .played
                        .with(|p| !p.is_empty())
                        .then(|| {
                            view! {
                                <div class="whatif-bar" role="status">
                                    <span>{text(lang, "line.whatif_bar")}</span>
                                    <button
                                        type="button"
                                        class="back-to-optimal"
                                        data-testid="back-to-optimal"
                                        on:click=move |_| {
                                            viewer.playing.set(false);
                                            state.played.set(Vec::new());
                                        }
                                    >
                                        {text(lang, "line.back_to_optimal")}
                                    </button>
                                </div>
                            }
                        })
                }}
                {move || {
                    let lang = lang.get();
                    status
                        .with(|s| match s {
                            LineStatus::NoGame => Some(tr(lang, "line.no_game")),
                            LineStatus::NoDeal => Some(tr(lang, "line.no_deal")),
                            LineStatus::Pending if shown.with(Option::is_some) => None,
                            LineStatus::Pending => Some(tr(lang, "line.pending")),
                            LineStatus::Unavailable(why) => Some(why.text(lang)),
                            LineStatus::Ready(_) => None,
                        })
                        .map(|m| {
                            view! {
                                <p class="hint line-message" data-testid="line-message">
                                    {m}
                                </p>
                            }
                        })
                }}
                <Controls />
                <Felt />
                <AtTablePanel />
                <Score />
                <TrickHistory />
            </div>
        </section>
    }
}
