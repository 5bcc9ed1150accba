//! The mode tabs and each mode's panel: the daily puzzle's date and result, the rush's clock,
//! score, lives and summary, the rated practice's ratings.

use leptos::prelude::*;

use super::{PuzzlesPage, today};
use crate::i18n::{card_name, text, tr, tr_with};
use crate::model::puzzles::rush::{RUSH_LIVES, RushEnd};
use crate::model::puzzles::url::Mode;

/// Daily · Rush · Rated practice: the selected mode has `aria-pressed="true"`.
#[component]
pub(super) fn ModeTabs() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    view! {
        <div class="puzzle-modes" role="group" aria-label=text(lang, "puzzles.modes")>
            {Mode::ALL
                .map(|m| {
                    let key = match m {
                        Mode::Daily => "puzzles.mode_daily",
                        Mode::Rush => "puzzles.mode_rush",
                        Mode::Rated => "puzzles.mode_rated",
                    };
                    view! {
                        <button
                            type="button"
                            data-testid=format!("mode-{}", m.id())
                            aria-pressed=move || (p.mode.get() == m).to_string()
                            on:click=move |_| p.mode.set(m)
                        >
                            {text(lang, key)}
                        </button>
                    }
                })
                .into_iter()
                .collect_view()}
        </div>
    }
}

/// The panel of the mode selected.
#[component]
pub(super) fn ModePanel() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    move || match p.mode.get() {
        Mode::Daily => view! { <DailyPanel /> }.into_any(),
        Mode::Rush => view! { <RushPanel /> }.into_any(),
        Mode::Rated => view! { <RatedPanel /> }.into_any(),
    }
}

#[component]
fn DailyPanel() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    let date = StoredValue::new(today().iso());
    let result = Memo::new(move |_| {
        date.with_value(|d| p.progress.with(|pr| pr.daily.get(d).map(|a| a.right)))
    });
    let result = move || result.get();
    view! {
        <section class="panel mode-panel" data-testid="daily-panel" data-date=date.get_value()>
            <h3>
                {move || date.with_value(|d| tr_with(lang.get(), "puzzles.daily_title", &[("date", d)]))}
            </h3>
            <p data-testid="daily-status" data-result=move || result().map(|r| if r { "right" } else { "wrong" })>
                {move || {
                    let key = match result() {
                        None => "puzzles.daily_hint",
                        Some(true) => "puzzles.daily_solved",
                        Some(false) => "puzzles.daily_missed",
                    };
                    tr(lang.get(), key)
                }}
            </p>
        </section>
    }
}

/// `m:ss` of a time in milliseconds (rounded up to the second).
fn clock(ms: f64) -> String {
    let s = (ms / 1000.0).ceil().max(0.0) as u32;
    format!("{}:{:02}", s / 60, s % 60)
}

#[component]
fn RushPanel() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    let running = move || p.rush.with(|r| r.as_ref().is_some_and(|r| r.end.is_none()));
    let over = move || p.rush.with(|r| r.as_ref().and_then(|r| r.end));
    let last = move || {
        p.rush
            .with(|r| r.as_ref().and_then(|r| r.results.last().cloned()))
    };
    view! {
        <section class="panel mode-panel rush-panel" data-testid="rush-panel" data-running=move || running().to_string()>
            {move || {
                (!running())
                    .then(|| {
                        view! {
                            <p>{text(lang, "puzzles.rush_intro")}</p>
                            <p data-testid="rush-best">
                                {move || {
                                    tr_with(
                                        lang.get(),
                                        "puzzles.rush_best",
                                        &[("n", &p.progress.with(|pr| pr.rush_best).to_string())],
                                    )
                                }}
                            </p>
                            <button
                                type="button"
                                class="primary"
                                data-testid="rush-start"
                                on:click=move |_| p.start_rush()
                            >
                                {move || {
                                    tr(
                                        lang.get(),
                                        if over().is_some() { "puzzles.rush_again" } else { "puzzles.rush_start" },
                                    )
                                }}
                            </button>
                        }
                    })
            }}
            {move || {
                p.rush
                    .with(|r| r.clone())
                    .map(|r| {
                        // Running: the time left; over: the time the rush took.
                        let ended = r.end.is_some();
                        let shown_ms = move || {
                            p.rush
                                .with(|r| {
                                    r.as_ref()
                                        .map(|r| {
                                            if r.end.is_some() {
                                                r.elapsed_ms(p.now.get())
                                            } else {
                                                r.remaining_ms(p.now.get())
                                            }
                                        })
                                })
                                .unwrap_or(0.0)
                        };
                        let lives = r.lives();
                        view! {
                            <dl class="rush-stats">
                                <div>
                                    <dt>
                                        {move || {
                                            tr(lang.get(), if ended { "puzzles.rush_time_taken" } else { "puzzles.rush_time" })
                                        }}
                                    </dt>
                                    <dd>
                                        <span
                                            data-testid="rush-timer"
                                            data-ended=ended.to_string()
                                            role=if ended { "status" } else { "timer" }
                                        >
                                            {move || clock(shown_ms())}
                                        </span>
                                    </dd>
                                </div>
                                <div>
                                    <dt>{text(lang, "puzzles.rush_score")}</dt>
                                    <dd data-testid="rush-score" data-score=r.score.to_string()>{r.score}</dd>
                                </div>
                                <div>
                                    <dt>{text(lang, "puzzles.rush_lives")}</dt>
                                    <dd data-testid="rush-lives" data-lives=lives.to_string()>
                                        <span aria-hidden="true">
                                            {(0..RUSH_LIVES).map(|i| if i < lives { "●" } else { "○" }).collect::<String>()}
                                        </span>
                                        <span class="visually-hidden">
                                            {move || {
                                                tr_with(lang.get(), "puzzles.rush_lives_left", &[("n", &lives.to_string())])
                                            }}
                                        </span>
                                    </dd>
                                </div>
                            </dl>
                        }
                    })
            }}
            <p class="rush-last" role="status" data-testid="rush-last" data-result=move || last().map(|a| if a.right { "right" } else { "wrong" })>
                {move || {
                    last()
                        .map(|a| {
                            let l = lang.get();
                            if a.right {
                                tr_with(l, "puzzles.rush_right", &[("card", &card_name(l, a.card))])
                            } else {
                                tr_with(l, "puzzles.rush_wrong", &[("card", &card_name(l, a.card))])
                            }
                        })
                }}
            </p>
            {move || {
                over()
                    .map(|end| {
                        let key = match end {
                            RushEnd::Time => "puzzles.rush_over_time",
                            RushEnd::Mistakes => "puzzles.rush_over_mistakes",
                            RushEnd::Exhausted => "puzzles.rush_over_exhausted",
                        };
                        let results = p.rush.with(|r| r.as_ref().map(|r| r.results.clone()).unwrap_or_default());
                        let score = p.rush.with(|r| r.as_ref().map_or(0, |r| r.score));
                        view! {
                            <div class="rush-summary" data-testid="rush-summary" data-end=format!("{end:?}").to_lowercase()>
                                <p>
                                    {move || tr(lang.get(), key)} " "
                                    {move || tr_with(lang.get(), "puzzles.rush_result", &[("score", &score.to_string())])}
                                </p>
                                <h4>{text(lang, "puzzles.rush_review")}</h4>
                                <ol class="rush-answers">
                                    {results
                                        .into_iter()
                                        .map(|a| {
                                            let id = a.id.clone();
                                            let shown = a.clone();
                                            view! {
                                                <li data-testid="rush-answer" data-id=a.id.clone() data-result=if a.right { "right" } else { "wrong" }>
                                                    <span aria-hidden="true">{if a.right { "✔ " } else { "✘ " }}</span>
                                                    {move || card_name(lang.get(), a.card)}
                                                    " "
                                                    <button
                                                        type="button"
                                                        data-testid="rush-show"
                                                        on:click=move |_| {
                                                            p.show(Some(id.clone()));
                                                            p.replay_answer(&shown.id, shown.card, shown.right);
                                                        }
                                                    >
                                                        {text(lang, "puzzles.rush_show")}
                                                    </button>
                                                </li>
                                            }
                                        })
                                        .collect_view()}
                                </ol>
                            </div>
                        }
                    })
            }}
        </section>
    }
}

#[component]
fn RatedPanel() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    let player = move || p.progress.with(|pr| pr.player);
    let puzzle_rating = move || {
        let q = p.puzzle()?;
        Some(p.progress.with(|pr| pr.rating_of(&q)))
    };
    view! {
        <section class="panel mode-panel" data-testid="rated-panel">
            {move || {
                p.unknown
                    .get()
                    .map(|id| {
                        view! {
                            <p class="notice" role="status" data-testid="puzzle-unknown">
                                {move || tr_with(lang.get(), "puzzles.unknown", &[("id", &id)])}
                            </p>
                        }
                    })
            }}
            <p
                data-testid="player-rating"
                data-rating=move || player().shown().to_string()
                data-rd=move || (player().rd.round() as i32).to_string()
            >
                {move || {
                    let r = player();
                    tr_with(
                        lang.get(),
                        "puzzles.rated_rating",
                        &[("rating", &r.shown().to_string()), ("rd", &(r.rd.round() as i32).to_string())],
                    )
                }}
            </p>
            <p data-testid="puzzle-rating" data-rating=move || puzzle_rating().map(|r| r.shown().to_string())>
                {move || {
                    puzzle_rating()
                        .map(|r| tr_with(lang.get(), "puzzles.rated_puzzle", &[("rating", &r.shown().to_string())]))
                }}
            </p>
            {move || {
                p.rated
                    .get()
                    .map(|g| {
                        let before = g.player_before.shown();
                        let after = g.player_after.shown();
                        view! {
                            <p class="rating-change" data-testid="rating-change" data-before=before.to_string() data-after=after.to_string()>
                                {move || {
                                    tr_with(
                                        lang.get(),
                                        "puzzles.rated_change",
                                        &[
                                            ("before", &before.to_string()),
                                            ("after", &after.to_string()),
                                            ("delta", &format!("{:+}", after - before)),
                                        ],
                                    )
                                }}
                            </p>
                        }
                    })
            }}
            <p class="hint" data-testid="rated-played">
                {move || {
                    tr_with(lang.get(), "puzzles.rated_played", &[("n", &p.progress.with(|pr| pr.tries.len()).to_string())])
                }}
            </p>
        </section>
    }
}
