//! The line viewer: the optimal line of the chosen contract, animated trick by trick on a
//! card table, with play/pause, stepping, speed, trick jumps and the running score.

use std::time::Duration;

use leptos::prelude::*;
use ulti_engine::{Card, CardSet, CardValue, Contract, Query, SOLOIST, Seat};

use crate::components::card::{CardFace, card_label, suit_class};
use crate::model::editor::{seat_label_en, seat_label_hu};
use crate::model::line::{Line, StepView};
use crate::model::results::Status;
use crate::model::url_state::LAST_STEP;
use crate::model::whatif::{deviate, full_line, position_key, position_query};
use crate::solver_client::{PositionState, SolverClient};
use crate::state::AppState;

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
    Unavailable(String),
    /// The line.
    Ready(Line),
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

/// Milliseconds per card for each speed choice.
const SPEEDS: [(u32, &str); 4] = [
    (1400, "Lassú (slow)"),
    (800, "Normál (normal)"),
    (400, "Gyors (fast)"),
    (150, "Nagyon gyors (very fast)"),
];

/// The transport buttons' symbols (inline SVG: no icon font needed).
#[derive(Clone, Copy)]
enum Icon {
    Start,
    Back,
    Play,
    Pause,
    Forward,
    End,
}

fn icon(which: Icon) -> impl IntoView {
    let d = match which {
        Icon::Start => "M5 5h2.5v14H5zM19 5v14L8.5 12z",
        Icon::Back => "M17 5v14L6 12z",
        Icon::Play => "M7 5v14l11-7z",
        Icon::Pause => "M6.5 5h4v14h-4zM13.5 5h4v14h-4z",
        Icon::Forward => "M7 5v14l11-7z",
        Icon::End => "M16.5 5H19v14h-2.5zM5 5v14l10.5-7z",
    };
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d=d />
        </svg>
    }
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
}

impl Viewer {
    fn len(&self) -> usize {
        self.status.with(|s| match s {
            LineStatus::Ready(l) => l.len(),
            _ => LAST_STEP,
        })
    }
}

fn sorted(set: CardSet) -> Vec<Card> {
    let mut v: Vec<Card> = set.iter().collect();
    v.sort_by_key(|c| (c.suit().index(), std::cmp::Reverse(c.rank().index())));
    v
}

/// The line viewer panel.
#[component]
pub fn LineViewer() -> impl IntoView {
    let state = AppState::expect();
    let client = expect_context::<SolverClient>();
    // Is the selected contract solved and playable (so it has a line)?
    let row_ready = Memo::new(move |_| {
        let (Some(game), Some(deal)) = (state.game.get(), state.deal.get()) else {
            return None;
        };
        let rules = state.rules.get();
        client.state().with(|s| {
            if s.deal != Some(deal) || s.rules != rules {
                return Some(Status::Pending);
            }
            Some(s.result(game).map_or(Status::Pending, |r| r.status))
        })
    });
    // The line's own position: the start (optimal line) or the what-if's played cards.
    let line_query = Memo::new(move |_| {
        let (Some(game), Some(deal)) = (state.game.get(), state.deal.get()) else {
            return None;
        };
        matches!(row_ready.get(), Some(Status::Wins | Status::Loses))
            .then(|| position_query(deal, game, state.rules.get(), &state.played.get()))
    });
    let status = Memo::new(move |_| {
        let Some(game) = state.game.get() else {
            return LineStatus::NoGame;
        };
        let Some(deal) = state.deal.get() else {
            return LineStatus::NoDeal;
        };
        match row_ready.get() {
            None | Some(Status::Pending) => LineStatus::Pending,
            Some(Status::Unplayable(reason)) => LineStatus::Unavailable(format!(
                "{} nem játszható (not playable): {reason}",
                game.hungarian()
            )),
            Some(Status::Cancelled) => {
                LineStatus::Unavailable("A számolás megszakítva (solve cancelled)".into())
            }
            Some(Status::Failed(m)) => LineStatus::Unavailable(m),
            Some(Status::Wins | Status::Loses) => {
                let Some(q) = line_query.get() else {
                    return LineStatus::Pending;
                };
                let key = position_key(&q);
                client.positions().with(|p| match p.get(&key) {
                    None | Some(PositionState::Pending) => LineStatus::Pending,
                    Some(PositionState::Failed(m)) => LineStatus::Unavailable(format!(
                        "A what-if nem játszható (the what-if cannot be played): {m}"
                    )),
                    Some(PositionState::Ready(sol)) => {
                        let cards = full_line(&q.played, &sol.line);
                        match Line::new(deal, game, q.rules, cards) {
                            Ok(line) => LineStatus::Ready(line),
                            Err(e) => LineStatus::Unavailable(format!("invalid line: {e}")),
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
        let game = state.game.get()?;
        let line = Line::new(q.deal, game, q.rules, q.played).ok()?;
        Some(line.at(state.step.get()))
    });
    let viewer = Viewer {
        status,
        view,
        shown,
        values,
        playing: RwSignal::new(false),
        speed_ms: RwSignal::new(SPEEDS[1].0),
    };
    provide_context(viewer);

    // Autoplay: one card per tick; stops at the end.
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
            let handle = set_interval_with_handle(
                move || {
                    let len = viewer.len();
                    let step = state.step.get_untracked();
                    if step < len {
                        state.step.set(step + 1);
                    }
                    if step + 1 >= len {
                        viewer.playing.set(false);
                    }
                },
                Duration::from_millis(u64::from(ms)),
            );
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
    // A new contract or deal stops the animation.
    Effect::new(move |_| {
        state.game.track();
        state.deal.track();
        viewer.playing.set(false);
    });

    let game_id = move || state.game.get().map(Contract::id);
    view! {
        <section class="panel line-panel" aria-labelledby="line-title">
            <header class="panel-header">
                <h2 id="line-title">
                    {move || {
                        if state.played.with(Vec::is_empty) {
                            "Játszma (optimal line)"
                        } else {
                            "Mi lett volna, ha… (what-if line)"
                        }
                    }}
                    {move || {
                        state
                            .game
                            .get()
                            .map(|g| format!(" — {} ({})", g.hungarian(), g.english()))
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
                                    <span>
                                        "Mi lett volna, ha… (what if): eltérés az optimális játéktól (a deviation from the optimal line)"
                                    </span>
                                    <button
                                        type="button"
                                        class="back-to-optimal"
                                        data-testid="back-to-optimal"
                                        on:click=move |_| {
                                            viewer.playing.set(false);
                                            state.played.set(Vec::new());
                                        }
                                    >
                                        "↩ Vissza az optimális játékhoz (back to the optimal line)"
                                    </button>
                                </div>
                            }
                        })
                }}
                {move || {
                    status
                        .with(|s| match s {
                            LineStatus::NoGame => {
                                Some("Válassz egy játékot az eredmények közül (pick a contract in the results).".to_string())
                            }
                            LineStatus::NoDeal => Some("Nincs teljes osztás (no complete deal).".into()),
                            LineStatus::Pending if shown.with(Option::is_some) => None,
                            LineStatus::Pending => Some("A megoldó számol… (the solver is working)".into()),
                            LineStatus::Unavailable(m) => Some(m.clone()),
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
                <Score />
                <TrickHistory />
            </div>
        </section>
    }
}

/// Play/pause, stepping, speed and trick jumps.
#[component]
fn Controls() -> impl IntoView {
    let state = AppState::expect();
    let viewer = expect_context::<Viewer>();
    let ready = move || viewer.view.with(Option::is_some);
    let len = move || viewer.len();
    let go = move |step: usize| {
        viewer.playing.set(false);
        state.step.set(step.min(len()));
    };
    let toggle_play = move || {
        if viewer.playing.get_untracked() {
            viewer.playing.set(false);
        } else {
            if state.step.get_untracked() >= len() {
                state.step.set(0);
            }
            viewer.playing.set(true);
        }
    };
    let current_trick = move || state.step.get().div_ceil(3);
    view! {
        <div class="controls" class:disabled=move || !ready()>
            <button
                type="button"
                data-testid="step-start"
                title="Elejére (to the start)"
                aria-label="Elejére (to the start)"
                disabled=move || !ready()
                on:click=move |_| go(0)
            >
                {icon(Icon::Start)}
            </button>
            <button
                type="button"
                data-testid="step-back"
                title="Vissza egy lapot (step back)"
                aria-label="Vissza egy lapot (step back)"
                disabled=move || !ready()
                on:click=move |_| go(state.step.get_untracked().saturating_sub(1))
            >
                {icon(Icon::Back)}
            </button>
            <button
                type="button"
                class="play"
                data-testid="play-pause"
                aria-pressed=move || viewer.playing.get().to_string()
                disabled=move || !ready()
                on:click=move |_| toggle_play()
            >
                {move || {
                    if viewer.playing.get() {
                        view! { {icon(Icon::Pause)} " Szünet (pause)" }.into_any()
                    } else {
                        view! { {icon(Icon::Play)} " Lejátszás (play)" }.into_any()
                    }
                }}
            </button>
            <button
                type="button"
                data-testid="step-forward"
                title="Előre egy lapot (step forward)"
                aria-label="Előre egy lapot (step forward)"
                disabled=move || !ready()
                on:click=move |_| go(state.step.get_untracked() + 1)
            >
                {icon(Icon::Forward)}
            </button>
            <button
                type="button"
                data-testid="step-end"
                title="A végére (to the end)"
                aria-label="A végére (to the end)"
                disabled=move || !ready()
                on:click=move |_| go(len())
            >
                {icon(Icon::End)}
            </button>
            <label class="speed">
                "Sebesség (speed) "
                <select
                    data-testid="speed"
                    on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse::<u32>() {
                            viewer.speed_ms.set(ms);
                        }
                    }
                >
                    {SPEEDS
                        .map(|(ms, label)| {
                            view! {
                                <option value=ms.to_string() selected=move || viewer.speed_ms.get() == ms>
                                    {label}
                                </option>
                            }
                        })
                        .into_iter()
                        .collect_view()}
                </select>
            </label>
            <span class="step-label">{move || format!("{}/{}", state.step.get(), len())}</span>
        </div>
        <div class="trick-jumps" role="group" aria-label="Ütés (jump to trick)">
            <span class="label">"Ütés (trick)"</span>
            {(1..=10usize)
                .map(|n| {
                    view! {
                        <button
                            type="button"
                            data-testid="trick-jump"
                            data-trick=n.to_string()
                            class:active=move || current_trick() == n
                            disabled=move || !ready()
                            on:click=move |_| go(3 * n)
                        >
                            {n}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// The `data-status` of a what-if card.
fn whatif_status(v: &CardValue) -> &'static str {
    if v.soloist_wins { "wins" } else { "loses" }
}

/// Play `card` at the current step: the line's own card steps on; another card starts (or
/// changes) a what-if from there.
fn play_card(state: AppState, viewer: Viewer, card: Card) {
    viewer.playing.set(false);
    let step = state.step.get_untracked();
    let line: Vec<Card> = viewer.status.with_untracked(|s| match s {
        LineStatus::Ready(line) => line.cards().to_vec(),
        _ => Vec::new(),
    });
    if line.is_empty() {
        return;
    }
    if let Some(played) = deviate(&line, step, card) {
        state.played.set(played);
    }
    state.step.set(step + 1);
}

/// One card of a seat's hand: a what-if button with its value when it is a scored legal card
/// of the player to move, else a plain mini card.
fn hand_card(viewer: Viewer, seat: Seat, card: Card) -> impl IntoView {
    let state = AppState::expect();
    let value = move || {
        let to_move = viewer.shown.with(|v| v.as_ref().and_then(|v| v.to_move)) == Some(seat);
        let step = viewer.shown.with(|v| v.as_ref().map(|v| v.step));
        viewer.values.with(|w| {
            w.as_ref()
                .filter(|w| to_move && Some(w.step) == step)
                .and_then(|w| {
                    w.cards
                        .iter()
                        .find(|v| v.card == card)
                        .map(|v| (v.clone(), w.next == Some(card)))
                })
        })
    };
    move || match value() {
        Some((v, optimal)) => {
            let badge = format!(
                "{}{}",
                if v.soloist_wins { "✔" } else { "✘" },
                v.soloist_points
                    .map(|p| format!(" {p}"))
                    .unwrap_or_default()
            );
            let title = format!(
                "{}: {}{}",
                card_label(card),
                if v.soloist_wins {
                    "a felvevő nyer (soloist wins)"
                } else {
                    "a felvevő bukik (soloist loses)"
                },
                v.soloist_points
                    .map(|p| format!(", {p} pont (card points)"))
                    .unwrap_or_default()
            );
            view! {
                <button
                    type="button"
                    class=format!("card mini whatif-card {}", suit_class(card.suit()))
                    class:optimal=optimal
                    class:wins=v.soloist_wins
                    data-testid="whatif-card"
                    data-card=card.to_string()
                    data-status=whatif_status(&v)
                    data-points=v.soloist_points.map(|p| p.to_string())
                    data-optimal=optimal.then_some("true")
                    title=title.clone()
                    aria-label=title
                    on:click=move |_| play_card(state, viewer, card)
                >
                    <CardFace card=card />
                    <span class="whatif-badge">{badge}</span>
                </button>
            }
            .into_any()
        }
        None => view! {
            <span
                class=format!("card mini {}", suit_class(card.suit()))
                data-card=card.to_string()
                aria-label=card_label(card)
            >
                <CardFace card=card />
            </span>
        }
        .into_any(),
    }
}

/// One seat's label and remaining cards around the table.
fn seat_hand(viewer: Viewer, seat: Seat) -> impl IntoView {
    let cards = move || {
        viewer.shown.with(|v| {
            v.as_ref()
                .map(|v| sorted(v.hands[seat]))
                .unwrap_or_default()
        })
    };
    let to_move = move || viewer.shown.with(|v| v.as_ref().and_then(|v| v.to_move)) == Some(seat);
    view! {
        <div class=format!("seat seat-{seat}") class:to-move=to_move data-seat=seat.to_string()>
            <div class="seat-label">
                {seat_label_hu(seat)} <small>{format!(" ({})", seat_label_en(seat))}</small>
            </div>
            <div class="seat-cards">
                <For each=cards key=|c| c.index() let:card>
                    {hand_card(viewer, seat, card)}
                </For>
            </div>
        </div>
    }
}

/// The green felt: the three seats and the current trick.
#[component]
fn Felt() -> impl IntoView {
    let viewer = expect_context::<Viewer>();
    // A card is played once in a line, so the card alone keys the table's elements: a card
    // already on the table keeps its element (and does not fly in again).
    let table = move || {
        viewer.shown.with(|v| {
            v.as_ref()
                .map(|v| v.table.cards.clone())
                .unwrap_or_default()
        })
    };
    let winner = move || {
        viewer
            .view
            .with(|v| v.as_ref().and_then(|v| v.table.winner))
    };
    // The trick just taken (while the next trick's lead is on the table) and who took it.
    let collected = move || {
        viewer.shown.with(|v| {
            v.as_ref()
                .and_then(|v| v.collected.as_ref())
                .map(|t| (t.cards.clone(), t.winner.unwrap_or(SOLOIST)))
                .map(|(cards, w)| cards.into_iter().map(|p| (p, w)).collect::<Vec<_>>())
                .unwrap_or_default()
        })
    };
    view! {
        <div class="felt" aria-label="Asztal (table)">
            {seat_hand(viewer, 1)}
            <div class="trick-area">
                <For each=collected key=|(p, _)| p.card.index() let:item>
                    <span
                        class=format!(
                            "card table-card-shape collected seat-{} to-seat-{} {}",
                            item.0.seat,
                            item.1,
                            suit_class(item.0.card.suit()),
                        )
                        aria-hidden="true"
                    >
                        <CardFace card=item.0.card />
                    </span>
                </For>
                <For each=table key=|p| p.card.index() let:played>
                    <span
                        class=format!(
                            "card table-card-shape table-card seat-{} {}",
                            played.seat,
                            suit_class(played.card.suit()),
                        )
                        class:winner=move || winner() == Some(played.seat)
                        class:settled=move || winner().is_some()
                        data-testid="table-card"
                        data-card=played.card.to_string()
                        data-seat=played.seat.to_string()
                        aria-label=card_label(played.card)
                    >
                        <CardFace card=played.card />
                    </span>
                </For>
                {move || {
                    winner()
                        .map(|w| {
                            view! {
                                <span class=format!("trick-winner to-seat-{w}")>
                                    {format!("→ {}", seat_label_hu(w))}
                                </span>
                            }
                        })
                }}
            </div>
            {seat_hand(viewer, 2)}
            {seat_hand(viewer, 0)}
        </div>
    }
}

/// Running card points and tricks per side.
#[component]
fn Score() -> impl IntoView {
    let viewer = expect_context::<Viewer>();
    let get = move |f: fn(&StepView) -> String| move || viewer.view.with(|v| v.as_ref().map(f));
    view! {
        <div
            class="score"
            data-testid="score"
            data-soloist-points=get(|v| v.soloist_points.to_string())
            data-defender-points=get(|v| v.defender_points.to_string())
            data-soloist-tricks=get(|v| v.soloist_tricks.to_string())
            data-defender-tricks=get(|v| v.defender_tricks.to_string())
            data-talon-points=get(|v| v.talon_points.to_string())
        >
            {move || {
                viewer
                    .view
                    .with(|v| {
                        v.as_ref()
                            .map(|v| {
                                view! {
                                    <div class="side soloist">
                                        <span class="side-name">"Felvevő (soloist)"</span>
                                        <span class="big">{v.soloist_points}</span>
                                        " pont · "
                                        <span class="big">{v.soloist_tricks}</span>
                                        " ütés (tricks)"
                                    </div>
                                    <div class="side defenders">
                                        <span class="side-name">"Védők (defenders)"</span>
                                        <span class="big">{v.defender_points}</span>
                                        " pont · "
                                        <span class="big">{v.defender_tricks}</span>
                                        " ütés (tricks)"
                                        <small class="talon-note">
                                            {format!(" + talon {} pont", v.talon_points)}
                                        </small>
                                    </div>
                                }
                            })
                    })
            }}
        </div>
    }
}

/// Every card played up to the step, grouped by trick, the winner marked.
#[component]
fn TrickHistory() -> impl IntoView {
    let state = AppState::expect();
    let viewer = expect_context::<Viewer>();
    let tricks = move || {
        viewer
            .view
            .with(|v| v.as_ref().map(|v| v.history.clone()).unwrap_or_default())
    };
    view! {
        <ol class="trick-history" data-testid="trick-history">
            {move || {
                tricks()
                    .into_iter()
                    .map(|t| {
                        let n = t.number;
                        let winner = t.winner;
                        view! {
                            <li
                                class="history-trick"
                                class:complete=winner.is_some()
                                data-testid="history-trick"
                                data-trick=n.to_string()
                                data-winner=winner.map(|w| w.to_string())
                                on:click=move |_| state.step.set(3 * n)
                            >
                                <span class="trick-no">{format!("{n}.")}</span>
                                {t
                                    .cards
                                    .iter()
                                    .map(|p| {
                                        view! {
                                            <span
                                                class=format!("card micro seat-{} {}", p.seat, suit_class(p.card.suit()))
                                                class:winner=winner == Some(p.seat)
                                                data-testid="history-card"
                                                data-card=p.card.to_string()
                                                data-seat=p.seat.to_string()
                                                title=format!("{} — {}", card_label(p.card), seat_label_hu(p.seat))
                                            >
                                                <CardFace card=p.card />
                                            </span>
                                        }
                                    })
                                    .collect_view()}
                                <span class="trick-won">
                                    {winner.map(|w| format!("→ {}", seat_label_hu(w)))}
                                </span>
                            </li>
                        }
                    })
                    .collect_view()
            }}
        </ol>
    }
}
