//! The "at the table" toggle: beside each legal card's open-hand value, what the advice from
//! the seat to play's own view says (win rate, expected payoff and points), and where the two
//! disagree.

use leptos::prelude::*;
use ulti_engine::{Card, CardValue};

use super::{LineStatus, Viewer};
use crate::components::card::CardChip;
use crate::components::table_head::table_head;
use crate::i18n::{Lang, card_name, one_decimal, seat_name, text, tr, tr_with};
use crate::model::attable::{ADVICE_SEED, advice_job, compare};
use crate::model::url_state::{AtTable, format_played};
use crate::protocol::{CardAdviceAnswer, CardRowAnswer, Job};
use crate::solver_client::{CardAdviceKey, CardAdviceState, SolverClient};
use crate::state::SolverPageState;

/// The open-hand verdict of a card: ✔/✘ and the card points.
fn open_text(v: &CardValue) -> String {
    format!(
        "{}{}",
        if v.soloist_wins { "✔" } else { "✘" },
        v.soloist_points
            .map(|p| format!(" {p}"))
            .unwrap_or_default()
    )
}

fn row(
    lang: Lang,
    r: &CardRowAnswer,
    open: Option<&CardValue>,
    advised: bool,
    open_best: bool,
) -> impl IntoView + use<> {
    let pct = (r.stats.win_prob * 100.0).round();
    let disagree = advised && !open_best;
    let mut marks = Vec::new();
    if open_best {
        marks.push(tr(lang, "line.attable_open_best"));
    }
    if advised {
        marks.push(tr(lang, "line.attable_advised"));
    }
    view! {
        <tr
            data-testid="attable-row"
            data-card=r.card.to_string()
            data-wins=r.stats.wins.to_string()
            data-samples=r.stats.samples.to_string()
            data-payoff=format!("{:.4}", r.stats.expected_payoff)
            data-points=r.expected_points.map(|p| format!("{p:.4}"))
            data-open-status=open.map(|v| if v.soloist_wins { "wins" } else { "loses" })
            data-open-points=open.and_then(|v| v.soloist_points).map(|p| p.to_string())
            data-advised=advised.then_some("true")
            data-open-best=open_best.then_some("true")
            data-disagree=disagree.then_some("true")
            class:advised=advised
            class:disagree=disagree
        >
            <th scope="row"><CardChip card=r.card class="attable-chip" /></th>
            <td class="open" class:wins=open.is_some_and(|v| v.soloist_wins)>
                {open.map_or_else(|| "…".to_string(), open_text)}
            </td>
            <td class="num">{format!("{pct:.0} %")} <small>{format!("({}/{})", r.stats.wins, r.stats.samples)}</small></td>
            <td class="num">{one_decimal(lang, r.stats.expected_payoff)}</td>
            <td class="num">{r.expected_points.map_or_else(|| "—".to_string(), |p| one_decimal(lang, p))}</td>
            <td class="marks">{marks.join(" · ")}</td>
        </tr>
    }
}

/// The table of one answered position.
fn advice_table(
    lang: Lang,
    advice: &CardAdviceAnswer,
    values: Option<&[CardValue]>,
    ms: f64,
) -> impl IntoView + use<> {
    let cmp = values.and_then(|v| compare(v, advice, advice.seat));
    let summary = cmp.as_ref().map(|c| {
        let names = |cards: &[Card]| {
            cards
                .iter()
                .map(|&c| card_name(lang, c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        if c.disagree {
            (
                true,
                tr_with(
                    lang,
                    "line.attable_disagree",
                    &[
                        ("advised", &card_name(lang, c.advised)),
                        ("best", &names(&c.open_best)),
                    ],
                ),
            )
        } else {
            (false, tr(lang, "line.attable_agree"))
        }
    });
    let rows = advice
        .cards
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let open = values.and_then(|v| v.iter().find(|v| v.card == r.card));
            let best = cmp.as_ref().is_some_and(|c| c.open_best.contains(&r.card));
            row(lang, r, open, i == 0, best)
        })
        .collect_view();
    view! {
        {summary
            .map(|(disagree, s)| {
                view! {
                    <p
                        class="attable-summary"
                        class:disagree=disagree
                        data-testid="attable-summary"
                        data-disagree=disagree.to_string()
                    >
                        {s}
                    </p>
                }
            })}
        // Focusable, so the keyboard can scroll it where the table is wider than the screen.
        <div
            class="attable-scroll"
            tabindex="0"
            role="region"
            aria-label=tr(lang, "line.attable_caption")
        >
            <table class="attable-table">
                <caption class="visually-hidden">{tr(lang, "line.attable_caption")}</caption>
                {table_head(
                    [
                        "line.attable_card",
                        "line.attable_open",
                        "line.attable_win",
                        "line.attable_payoff",
                        "line.attable_points",
                        "line.attable_marks",
                    ]
                        .map(|key| tr(lang, key)),
                )}
                <tbody>{rows}</tbody>
            </table>
        </div>
        <p class="hint attable-note">
            {tr_with(
                lang,
                "line.attable_note",
                &[("samples", &advice.samples.to_string()), ("ms", &format!("{ms:.0}"))],
            )}
        </p>
    }
}

/// The toggle and, when on, the comparison for the current position. Hidden on a compound
/// bid's line: the advice is of single contracts.
#[component]
pub(super) fn AtTablePanel() -> impl IntoView {
    let state = SolverPageState::expect();
    let client = expect_context::<SolverClient>();
    let viewer = expect_context::<Viewer>();
    let lang = state.lang;
    let on = move || state.at_table.with(|a| a.on);
    // The advice job for the current position (only while the toggle is on).
    let job = Memo::new(move |_| {
        let AtTable { on, samples } = state.at_table.get();
        if !on || state.compound.with(Option::is_some) {
            return None;
        }
        let step = state.step.get();
        let (deal, game) = (state.deal.get()?, state.game.get()?);
        let rules = state.rules.get();
        viewer.status.with(|s| match s {
            LineStatus::Ready(line) if step < line.len() => {
                advice_job(&deal, game, rules, &line.cards()[..step], samples)
            }
            _ => None,
        })
    });
    // Ask for it; a new position (or the toggle off) drops the queued one.
    Effect::new(move |_| {
        client.want_card_advice(job.get().into_iter().collect());
    });
    let answer = Memo::new(move |_| {
        let key = job.with(|j| j.as_ref().map(CardAdviceKey::of))?;
        Some(
            client
                .card_advice()
                .with(|a| a.get(&key).cloned())
                .unwrap_or(CardAdviceState::Pending),
        )
    });
    let seat = Memo::new(move |_| viewer.view.with(|v| v.as_ref().and_then(|v| v.to_move)));
    let body = move || {
        if !on() || state.compound.with(Option::is_some) {
            return None;
        }
        let lang = lang.get();
        let state_id;
        let mut worker_ms = None;
        let content = match answer.get() {
            None => {
                state_id = "none";
                let key = if viewer.view.with(Option::is_some) {
                    "line.attable_over"
                } else {
                    "line.attable_waiting"
                };
                view! { <p class="hint">{tr(lang, key)}</p> }.into_any()
            }
            Some(CardAdviceState::Pending) => {
                state_id = "pending";
                let samples = state.at_table.with(|a| a.samples).to_string();
                view! {
                    <p class="hint pending" data-testid="attable-pending">
                        {tr_with(lang, "line.attable_pending", &[("samples", &samples)])}
                    </p>
                }
                .into_any()
            }
            Some(CardAdviceState::Failed(e)) => {
                state_id = "failed";
                view! {
                    <p class="error">{tr_with(lang, "line.attable_failed", &[("error", &e)])}</p>
                }
                .into_any()
            }
            Some(CardAdviceState::Ready(advice, ms)) => {
                state_id = "ready";
                worker_ms = Some(format!("{ms:.1}"));
                let step = state.step.get();
                let values = viewer.values.with(|w| {
                    w.as_ref()
                        .filter(|w| w.step == step)
                        .map(|w| w.cards.clone())
                });
                advice_table(lang, &advice, values.as_deref(), ms).into_any()
            }
        };
        let heading = seat.get().map(|s| {
            tr_with(
                lang,
                "line.attable_heading",
                &[
                    ("seat", &seat_name(lang, s)),
                    ("samples", &state.at_table.with(|a| a.samples).to_string()),
                    ("seed", &ADVICE_SEED.to_string()),
                ],
            )
        });
        let played = job.with(|j| match j {
            Some(Job::AdviseCard { view, .. }) => Some(format_played(view.played())),
            _ => None,
        });
        Some(view! {
            <div
                class="attable"
                data-testid="attable"
                data-state=state_id
                data-seat=seat.get().map(|s| s.to_string())
                data-played=played
                data-ms=worker_ms
                role="region"
                aria-live="polite"
                aria-label=tr(lang, "line.attable")
            >
                {heading.map(|h| view! { <p class="attable-heading">{h}</p> })}
                {content}
            </div>
        })
    };
    let single = move || state.compound.with(Option::is_none);
    view! {
        <div class="attable-bar" hidden=move || !single()>
            <button
                type="button"
                class="attable-toggle"
                data-testid="attable-toggle"
                aria-pressed=move || on().to_string()
                title=move || tr(lang.get(), "line.attable_help")
                on:click=move |_| state.at_table.update(|a| a.on = !a.on)
            >
                <span class="switch" aria-hidden="true"></span>
                {text(lang, "line.attable")}
            </button>
        </div>
        {body}
    }
}
