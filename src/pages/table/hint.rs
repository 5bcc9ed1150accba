//! A hint on request at any of the user's decisions: the strongest computer player decides
//! from the user's own seat (its cards, the talon it laid down, the public auction; never a
//! hidden card), in a worker, and the page says what it would do. Hints taken are kept with
//! the evening. At a live table the worker decides from the seat's view and turn as the
//! server sent them (`Job::SeatDecision`): nothing else is there to read.

use leptos::prelude::*;

use super::{HintState, TablePage};
use crate::i18n::{hint_text, text, tr_with};
use crate::model::table::{Next, Table};
use crate::protocol::{Answer, Job, UNEXPECTED_ANSWER};
use crate::solver_client::{SolverClient, TableAsk};

/// The hint button and the advice.
#[component]
pub(super) fn HintBox() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let client = expect_context::<SolverClient>();
    let lang = tp.lang;
    // At a live table the moment is the last message the scene reflects.
    let live_moment = move || {
        let c = tp.live?;
        c.live.with(|l| {
            l.state
                .as_ref()
                .map(|s| format!("live:{}:{}", s.game, s.at))
        })
    };
    let moment = move || {
        if tp.live.is_some() {
            return live_moment();
        }
        tp.game
            .with(|g| g.as_ref().map(|g| tp.table.with(|t| t.moment(g))))
    };
    let user_turn = move || matches!(tp.next(), Some(Next::User(_)));
    let shown = move || {
        let m = moment()?;
        tp.hint
            .get()
            .filter(|(k, _)| *k == m)
            .map(|(_, state)| state)
    };
    // A live table: the strong player decides from the seat's view and turn alone, as the
    // server sent them (a pick-up advised as such: the talon is not seen before it).
    let ask_live = move || {
        let Some((key, view, turn)) = untrack(live_moment).and_then(|key| {
            tp.scene.with_untracked(|s| {
                let s = s.as_ref()?;
                Some((key, s.view.clone(), s.turn.clone()?))
            })
        }) else {
            return;
        };
        tp.hint.set(Some((key.clone(), HintState::Thinking)));
        let seed = 0x5EA7_D0C5 ^ key.len() as u64 ^ (view.public.len() as u64) << 8;
        let job = Job::SeatDecision {
            view: Box::new(view),
            turn: Box::new(turn),
            level: Table::HINT_LEVEL,
            seed,
        };
        client.ask(job, move |answer, _| {
            let state = match answer {
                Ok(Answer::SeatDecision(advice)) => HintState::Advice(advice),
                Ok(_) => HintState::Failed(UNEXPECTED_ANSWER.into()),
                Err(e) => HintState::Failed(e),
            };
            let _ = tp.hint.try_update(|h| {
                if h.as_ref().is_some_and(|(k, _)| *k == key) {
                    *h = Some((key, state));
                }
            });
        });
    };
    let ask = move |_| {
        if tp.live.is_some() {
            return ask_live();
        }
        let Some((record, key)) = tp.game.with_untracked(|g| {
            g.as_ref().map(|g| {
                (
                    g.record().to_json(),
                    tp.table.with_untracked(|t| t.moment(g)),
                )
            })
        }) else {
            return;
        };
        let (user, seed) = tp
            .table
            .with_untracked(|t| (t.user, t.computer_seed(t.user)));
        tp.hint.set(Some((key.clone(), HintState::Thinking)));
        // An auction decision's races on every worker, as for the computers.
        let game = tp.game.get_untracked();
        let ask = TableAsk {
            record,
            seat: user,
            level: Table::HINT_LEVEL,
            seed,
        };
        client.ask_table_decision(ask, game, move |answer| {
            let state = match answer {
                Ok(Answer::TableDecision { action, .. }) => {
                    let mut shown = action;
                    if let Some(g) = tp.game.get_untracked() {
                        tp.table.update(|t| {
                            shown = t.hint_advice(&g, shown.take());
                            t.take_hint(&g, shown.clone());
                        });
                    }
                    HintState::Advice(shown)
                }
                Ok(_) => HintState::Failed(UNEXPECTED_ANSWER.into()),
                Err(e) => HintState::Failed(e),
            };
            // `try_`: the page may be gone when the answer comes.
            let _ = tp.hint.try_update(|h| {
                if h.as_ref().is_some_and(|(k, _)| *k == key) {
                    *h = Some((key, state));
                }
            });
        });
    };
    let words = move || {
        let l = lang.get();
        shown().map(|state| match state {
            HintState::Thinking => (
                "thinking".to_string(),
                crate::i18n::tr(l, "whole.hint_thinking"),
            ),
            HintState::Advice(a) => {
                let words = hint_text(l, a.as_deref());
                (
                    a.unwrap_or_default(),
                    tr_with(l, "whole.hint_title", &[("advice", &words)]),
                )
            }
            HintState::Failed(e) => (
                "failed".to_string(),
                tr_with(l, "whole.hint_failed", &[("error", &e)]),
            ),
        })
    };
    let taken = move || tp.table.with(|t| t.hints_now().len());
    view! {
        {move || {
            user_turn()
                .then(|| {
                    view! {
                        <div class="table-controls">
                            <button
                                type="button"
                                data-testid="table-hint"
                                disabled=move || matches!(shown(), Some(HintState::Thinking))
                                on:click=ask
                            >
                                {text(lang, "whole.hint")}
                            </button>
                        </div>
                    }
                })
        }}
        {move || {
            words()
                .map(|(action, t)| {
                    view! {
                        <p class="hint table-advice" role="status" data-testid="table-advice" data-action=action>
                            {t}
                        </p>
                    }
                })
        }}
        {move || {
            let n = taken();
            (n > 0)
                .then(|| {
                    view! {
                        <p class="hint" data-testid="table-hints-taken" data-n=n.to_string()>
                            {move || tr_with(lang.get(), "whole.hints_taken", &[("n", &n.to_string())])}
                        </p>
                    }
                })
        }}
    }
}
