//! The Puzzles page (`/puzzles`): positions the solver proved to have exactly one right card
//! (`puzzles/set.json`, served as `data/puzzles/set.json`, fetched once and kept offline by the service worker). Three modes: the
//! daily puzzle (the same for everyone on a date), the rush (three minutes, rising difficulty,
//! three mistakes) and rated practice (Glicko-2 for the player and each puzzle, kept in the
//! browser's storage; the next puzzle near the player's rating).
//!
//! After an answer the page says at once whether it was right; then the line viewer plays the
//! solver's line for the right card, or the refutation of the card chosen (its rest solved by
//! a worker, `Job::Position`), and a worker proves the position again, card by card.
//!
//! Sections: [`modes`] (the tabs and each mode's panel), [`board`] (the position and the
//! cards to choose from), [`solution`] (the verdict, the line, the proof).

mod board;
mod intro;
mod modes;
mod solution;

use std::sync::Arc;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::{Announcement, Card, Scoring};
use wasm_bindgen::JsCast;
use wasm_bindgen_futures::JsFuture;

use crate::components::header::Header;
use crate::i18n::{Lang, announcement_name, text, with_article};
use crate::model::puzzles::glicko::RatedGame;
use crate::model::puzzles::progress::{Progress, STORAGE_KEY};
use crate::model::puzzles::rush::Rush;
use crate::model::puzzles::url::{Mode, PuzzlesUrl};
use crate::model::puzzles::{Date, Puzzle, PuzzleSet};
use crate::solver_client::SolverClient;
use crate::state::PageLang;
use crate::url_sync::{set_if_changed, sync_url};

use self::board::Board;
use self::intro::Intro;
use self::modes::{ModePanel, ModeTabs};
use self::solution::Solution;

/// The bid's name with its trump as the board's task and the solution's words say it: "a zöld
/// ulti", "a piros 40-100", "a betli" / "ulti in Leaves", "40-100 in Hearts", "betli".
pub(super) fn bid_title(lang: Lang, p: &Puzzle) -> String {
    let name = announcement_name(
        lang,
        &Announcement {
            bid: p.bid.clone(),
            trump: p.bid.has_trumps().then_some(p.deal.trump),
            scoring: Scoring::default(),
        },
    );
    with_article(lang, &name)
}

/// The set's file, relative to the app's base URL (the repository's `puzzles/set.json`, which
/// index.html copies there: not to `puzzles/`, which would shadow this page's route).
const SET_PATH: &str = "data/puzzles/set.json";

/// Puzzles the rated practice picks the next one from (the nearest to the player's rating).
const NEAR: usize = 12;

/// The puzzle set as the page has it.
#[derive(Clone, Debug)]
pub(crate) enum SetState {
    /// Being fetched.
    Loading,
    /// It could not be fetched or read.
    Failed(String),
    /// Ready.
    Ready(Arc<PuzzleSet>),
}

/// An answer given to the puzzle shown.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Answered {
    /// The puzzle.
    pub id: String,
    /// The card chosen.
    pub card: Card,
    /// Was it right?
    pub right: bool,
}

/// The page's signals.
#[derive(Clone, Copy)]
pub(crate) struct PuzzlesPage {
    pub lang: RwSignal<Lang>,
    pub set: RwSignal<SetState>,
    pub mode: RwSignal<Mode>,
    /// The puzzle shown (its id).
    pub current: RwSignal<Option<String>>,
    /// A `puzzle=` the set does not hold.
    pub unknown: RwSignal<Option<String>>,
    /// The answer to the puzzle shown.
    pub answered: RwSignal<Option<Answered>>,
    /// What the browser keeps.
    pub progress: RwSignal<Progress>,
    /// The last rated answer's rating change.
    pub rated: RwSignal<Option<RatedGame>>,
    /// The rush, once started.
    pub rush: RwSignal<Option<Rush>>,
    /// The clock for the rush (ms, `Date.now()`), ticking while a rush runs.
    pub now: RwSignal<f64>,
    /// The line viewer's step and animation.
    pub step: RwSignal<usize>,
    pub playing: RwSignal<bool>,
    /// Show the solver's line (else the line of the card chosen).
    pub show_solver: RwSignal<bool>,
}

impl PuzzlesPage {
    /// The puzzle shown.
    pub fn puzzle(&self) -> Option<Puzzle> {
        let id = self.current.get()?;
        self.set.with(|s| match s {
            SetState::Ready(set) => set.get(&id).cloned(),
            _ => None,
        })
    }

    /// The set, once ready.
    pub fn ready_set(&self) -> Option<Arc<PuzzleSet>> {
        self.set.with_untracked(|s| match s {
            SetState::Ready(set) => Some(set.clone()),
            _ => None,
        })
    }

    /// Show `id` (no answer yet).
    pub fn show(&self, id: Option<String>) {
        self.answered.set(None);
        self.rated.set(None);
        self.show_solver.set(false);
        self.playing.set(false);
        self.current.set(id);
    }

    /// The next rated puzzle: unseen, near the player's rating.
    pub fn next_rated(&self) {
        let Some(set) = self.ready_set() else {
            return;
        };
        let next = self.progress.with_untracked(|p| {
            let seen = p.seen();
            let pick = (js_sys::Math::random() * 1e9) as u64;
            set.nearest(
                p.player.rating,
                |q| p.rating_of(q).rating,
                &seen,
                NEAR,
                pick,
            )
            .or_else(|| {
                set.nearest(
                    p.player.rating,
                    |q| p.rating_of(q).rating,
                    &Default::default(),
                    NEAR,
                    pick,
                )
            })
            .map(|q| q.id.clone())
        });
        self.show(next);
    }

    /// The card `card` played to the puzzle shown: judged at once, and counted by the mode.
    pub fn answer(&self, card: Card) {
        if self.answered.with_untracked(Option::is_some) {
            return;
        }
        let (Some(p), Some(set)) = (self.puzzle_untracked(), self.ready_set()) else {
            return;
        };
        let right = p.is_right(card);
        intro::mark_read();
        match self.mode.get_untracked() {
            Mode::Rated => {
                // Rated once: a puzzle answered before (a reload) keeps its first answer.
                if let Some(t) = self
                    .progress
                    .with_untracked(|pr| pr.rated_answer(&p.id).cloned())
                {
                    self.show_answered(&p, t.card.unwrap_or(card), t.right);
                    return;
                }
                let mut game = None;
                self.progress.update(|pr| game = pr.record_rated(&p, card));
                self.rated.set(game);
            }
            Mode::Daily => {
                let date = today().iso();
                self.progress.update(|pr| pr.record_daily(&date, &p, card));
            }
            Mode::Rush => {
                let now = js_sys::Date::now();
                let mut next = None;
                self.rush.update(|r| {
                    if let Some(r) = r {
                        r.answer(&set, card, now);
                        next = r.current.clone();
                        if r.end.is_some() {
                            let score = r.score;
                            self.progress.update(|pr| {
                                pr.record_rush(score);
                            });
                        }
                    }
                });
                // The rush moves on at once; the verdict stays on screen (see modes).
                self.answered.set(None);
                self.current.set(next);
                return;
            }
        }
        self.show_answered(&p, card, right);
    }

    /// Replay an answer given before (the rush's summary): the puzzle `id` answered with
    /// `card`, its line playing from the position.
    pub fn replay_answer(&self, id: &str, card: Card, right: bool) {
        if let Some(p) = self.puzzle_untracked().filter(|p| p.id == id) {
            self.show_answered(&p, card, right);
        }
    }

    /// Show `p` answered with `card`.
    fn show_answered(&self, p: &Puzzle, card: Card, right: bool) {
        self.answered.set(Some(Answered {
            id: p.id.clone(),
            card,
            right,
        }));
        self.step.set(p.played.len());
        self.playing.set(true);
    }

    /// A rated puzzle answered before (in this browser) shows that answer.
    fn restore_rated(&self) {
        let Some(p) = self.puzzle_untracked() else {
            return;
        };
        if self.answered.with_untracked(Option::is_some) {
            return;
        }
        if let Some(t) = self
            .progress
            .with_untracked(|pr| pr.rated_answer(&p.id).cloned())
            && let Some(card) = t.card
        {
            self.show_answered(&p, card, t.right);
        }
    }

    fn puzzle_untracked(&self) -> Option<Puzzle> {
        let id = self.current.get_untracked()?;
        self.set.with_untracked(|s| match s {
            SetState::Ready(set) => set.get(&id).cloned(),
            _ => None,
        })
    }

    /// Start a rush now.
    pub fn start_rush(&self) {
        let Some(set) = self.ready_set() else {
            return;
        };
        let now = js_sys::Date::now();
        let rush = Rush::start(&set, now, now as u64);
        self.now.set(now);
        self.show(rush.current.clone());
        self.rush.set(Some(rush));
    }
}

/// The user's calendar date (the browser's local time).
pub(crate) fn today() -> Date {
    let d = js_sys::Date::new_0();
    Date {
        year: d.get_full_year() as i32,
        month: d.get_month() + 1,
        day: d.get_date(),
    }
}

/// The browser's local storage, if the page may use it.
pub(super) fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Fetch and read the set.
async fn fetch_set() -> Result<PuzzleSet, String> {
    let response = JsFuture::from(window().fetch_with_str(SET_PATH))
        .await
        .map_err(|e| format!("{e:?}"))?;
    let response: web_sys::Response = response.dyn_into().map_err(|e| format!("{e:?}"))?;
    if !response.ok() {
        return Err(format!("HTTP {}", response.status()));
    }
    let text = JsFuture::from(response.text().map_err(|e| format!("{e:?}"))?)
        .await
        .map_err(|e| format!("{e:?}"))?
        .as_string()
        .ok_or("the set is not text")?;
    PuzzleSet::parse(&text)
}

/// The Puzzles page.
#[component]
pub fn PuzzlesPage() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let client = expect_context::<SolverClient>();
    let url = query.with_untracked(|q| PuzzlesUrl::parse(|k| q.get_str(k).map(str::to_string)));
    let stored = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    let p = PuzzlesPage {
        lang,
        set: RwSignal::new(SetState::Loading),
        mode: RwSignal::new(url.mode),
        current: RwSignal::new(None),
        unknown: RwSignal::new(None),
        answered: RwSignal::new(None),
        progress: RwSignal::new(Progress::parse(stored.as_deref())),
        rated: RwSignal::new(None),
        rush: RwSignal::new(None),
        now: RwSignal::new(js_sys::Date::now()),
        step: RwSignal::new(0),
        playing: RwSignal::new(false),
        show_solver: RwSignal::new(false),
    };
    provide_context(p);
    // The link's puzzle, taken once the set is there.
    let wanted = StoredValue::new(url.puzzle);

    leptos::task::spawn_local(async move {
        let state = match fetch_set().await {
            Ok(set) => SetState::Ready(Arc::new(set)),
            Err(e) => SetState::Failed(e),
        };
        let _ = p.set.try_set(state);
    });

    // The progress, kept on every change.
    Effect::new(move |first: Option<()>| {
        let text = p.progress.with(Progress::to_json);
        if first.is_some()
            && let Some(s) = storage()
        {
            let _ = s.set_item(STORAGE_KEY, &text);
        }
    });

    // The puzzle to show when the set or the mode changes.
    Effect::new(move |_| {
        let mode = p.mode.get();
        let Some(set) = p.set.with(|s| match s {
            SetState::Ready(set) => Some(set.clone()),
            _ => None,
        }) else {
            return;
        };
        match mode {
            Mode::Daily => {
                let id = set.daily(today()).map(|q| q.id.clone());
                if p.current.get_untracked() != id {
                    p.show(id.clone());
                }
                // Answered today already: that answer again.
                let date = today().iso();
                let before = p.progress.with_untracked(|pr| pr.daily.get(&date).cloned());
                if let Some(a) = before.filter(|a| Some(&a.id) == id.as_ref()) {
                    if let Some(q) = set.get(&a.id) {
                        p.step.set(q.played.len());
                    }
                    p.answered.set(Some(Answered {
                        id: a.id,
                        card: a.card,
                        right: a.right,
                    }));
                }
            }
            Mode::Rated => {
                match wanted.get_value() {
                    Some(id) if set.get(&id).is_some() => {
                        if p.current.get_untracked().as_ref() != Some(&id) {
                            p.show(Some(id));
                        }
                    }
                    Some(id) => {
                        p.unknown.set(Some(id));
                        p.next_rated();
                    }
                    None => p.next_rated(),
                }
                wanted.set_value(None);
                p.restore_rated();
            }
            Mode::Rush => {
                let current = p
                    .rush
                    .with_untracked(|r| r.as_ref().and_then(|r| r.current.clone()));
                p.show(current);
            }
        }
    });

    // The URL, both ways.
    sync_url(
        move || {
            let u = PuzzlesUrl {
                mode: p.mode.get(),
                puzzle: p.current.get(),
            };
            u.format(page.chosen.get().then(|| lang.get().code()))
        },
        move |q| {
            let u = PuzzlesUrl::parse(|k| q.get_str(k).map(str::to_string));
            if let Some(l) = q.get_str("lang").and_then(Lang::parse) {
                page.chosen.set(true);
                set_if_changed(lang, l);
            }
            if u.mode == Mode::Rated && u.puzzle.is_some() && u.puzzle != p.current.get_untracked()
            {
                wanted.set_value(u.puzzle.clone());
            }
            set_if_changed(p.mode, u.mode);
            if u.mode == Mode::Rated
                && let Some(id) = wanted.get_value()
                && p.ready_set().is_some_and(|s| s.get(&id).is_some())
            {
                wanted.set_value(None);
                p.show(Some(id));
                p.restore_rated();
            }
        },
    );

    // After an answer: the worker proves the position again and solves the rest of a wrong
    // card's line.
    Effect::new(move |_| {
        let Some(a) = p.answered.get() else {
            client.want_positions(Vec::new());
            return;
        };
        let Some(puzzle) = p.puzzle() else {
            return;
        };
        let mut wanted = vec![puzzle.proof(), puzzle.after(a.card)];
        wanted.extend(puzzle.continuation(a.card));
        client.want_positions(wanted);
    });

    // The rush's clock: a tick four times a second while it runs; the time ends it.
    let ticker = StoredValue::new_local(None::<IntervalHandle>);
    Effect::new(move |_| {
        let running = p.rush.with(|r| r.as_ref().is_some_and(|r| r.end.is_none()));
        ticker.update_value(|t| {
            if let Some(h) = t.take() {
                h.clear();
            }
        });
        if running {
            let h = set_interval_with_handle(
                move || {
                    let now = js_sys::Date::now();
                    p.now.set(now);
                    let over = p.rush.with_untracked(|r| {
                        r.as_ref()
                            .is_some_and(|r| r.end.is_none() && r.remaining_ms(now) <= 0.0)
                    });
                    if over {
                        let mut score = 0;
                        p.rush.update(|r| {
                            if let Some(r) = r {
                                r.tick(now);
                                score = r.score;
                            }
                        });
                        p.progress.update(|pr| {
                            pr.record_rush(score);
                        });
                        p.show(None);
                    }
                },
                std::time::Duration::from_millis(250),
            );
            ticker.set_value(h.ok());
        }
    });
    on_cleanup(move || {
        ticker.update_value(|t| {
            if let Some(h) = t.take() {
                h.clear();
            }
        });
        client.want_positions(Vec::new());
    });

    // Keys: 1–9 pick a card; ←/→ step through the line.
    let keys = window_event_listener(leptos::ev::keydown, move |e| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() {
            return;
        }
        let key = e.key();
        if let Ok(n @ 1..=9) = key.parse::<usize>() {
            if let Some(puzzle) = p.puzzle_untracked()
                && p.answered.with_untracked(Option::is_none)
                && let Some(&card) = puzzle.legal.get(n - 1)
            {
                p.answer(card);
            }
        } else if p.answered.with_untracked(Option::is_some) {
            match key.as_str() {
                "ArrowRight" => {
                    p.playing.set(false);
                    p.step.update(|s| *s = (*s + 1).min(30));
                }
                "ArrowLeft" => {
                    p.playing.set(false);
                    p.step.update(|s| *s = s.saturating_sub(1));
                }
                _ => {}
            }
        }
    });
    on_cleanup(move || keys.remove());

    view! {
        <Header />
        <main
            class="puzzles-layout"
            data-testid="puzzles-page"
            data-mode=move || p.mode.get().id()
            data-ready=move || p.set.with(|s| matches!(s, SetState::Ready(_))).to_string()
        >
            <h2 class="visually-hidden">{text(lang, "puzzles.title")}</h2>
            <ModeTabs />
            {move || match p.set.get() {
                SetState::Loading => {
                    view! {
                        <p class="hint" role="status" data-testid="puzzles-loading">
                            {text(lang, "puzzles.loading")}
                        </p>
                    }
                        .into_any()
                }
                SetState::Failed(e) => {
                    view! {
                        <p class="alert" role="alert" data-testid="puzzles-error">
                            {move || {
                                crate::i18n::tr_with(lang.get(), "puzzles.load_failed", &[("error", &e)])
                            }}
                        </p>
                    }
                        .into_any()
                }
                SetState::Ready(_) => {
                    view! {
                        <Intro />
                        <ModePanel />
                        <Board />
                        <Solution />
                    }
                        .into_any()
                }
            }}
        </main>
        <footer class="app-footer">{text(lang, "puzzles.footer")}</footer>
    }
}
