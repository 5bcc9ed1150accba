//! The solver page: deal editor on one side, results and line viewer on the other.

use leptos::ev;
use leptos::prelude::*;

use crate::components::bids::BidsPanel;
use crate::components::deck::{DealError, Deck, EditorToolbar, HandTabs, Hands};
use crate::components::full_table::FullTable;
use crate::components::header::Header;
use crate::components::line_viewer::LineViewer;
use crate::components::notices::UrlNotices;
use crate::components::results::ResultsPanel;
use crate::components::rules::HouseRules;
use crate::components::trump::TrumpPicker;
use crate::i18n::{suit_name, text, tr, tr_with};
use crate::solver_client::SolverClient;
use crate::state::SolverPageState;

/// Is a text field or select focused (so shortcuts must not fire)?
fn typing_in_field(e: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// Below this width the page is one column: the editor folds away once the deal is complete,
/// so the results and the line come right after it (style/main.css has the same breakpoint).
const ONE_COLUMN_PX: f64 = 1100.0;

fn one_column() -> bool {
    window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w < ONE_COLUMN_PX)
}

/// The one page of the app.
#[component]
pub fn SolverPage() -> impl IntoView {
    let state = SolverPageState::provide();
    let client = expect_context::<SolverClient>();

    // Solve whenever the deal (hands or trump) changes; an incomplete deal clears the results.
    Effect::new(move |_| match state.deal.get() {
        Some(deal) => client.solve(deal, state.rules.get()),
        None => client.clear(),
    });

    // Keys 1/2/3 pick the active hand; arrows step through the line.
    let keys = window_event_listener(ev::keydown, move |e| {
        if e.ctrl_key() || e.meta_key() || e.alt_key() || typing_in_field(&e) {
            return;
        }
        match e.key().as_str() {
            "1" | "2" | "3" => {
                let seat = e.key().parse::<usize>().unwrap_or(1) - 1;
                state.editor.update(|ed| ed.set_active(seat));
            }
            "ArrowRight" if state.game.get_untracked().is_some() => {
                state.step.update(|s| *s = (*s + 1).min(30));
            }
            "ArrowLeft" if state.game.get_untracked().is_some() => {
                state.step.update(|s| *s = s.saturating_sub(1));
            }
            _ => {}
        }
    });
    on_cleanup(move || keys.remove());

    // The editor folds away on one-column screens once the deal is complete (and opens again
    // when it is not); the toggle does it by hand at any width.
    let lang = state.lang;
    let complete = Memo::new(move |_| state.deal.with(Option::is_some));
    let editor_open = RwSignal::new(true);
    Effect::new(move |_| {
        let complete = complete.get();
        editor_open.set(!(complete && one_column()));
    });
    let collapsed = move || complete.get() && !editor_open.get();

    view! {
        <Header />
        <main class="layout">
            <UrlNotices />
            <section
                class="panel editor-panel"
                class:collapsed=collapsed
                aria-labelledby="editor-title"
            >
                <header class="panel-header">
                    <h2 id="editor-title">{text(lang, "editor.title")}</h2>
                    <TrumpPicker />
                    {move || {
                        complete
                            .get()
                            .then(|| {
                                view! {
                                    <button
                                        type="button"
                                        class="editor-toggle"
                                        data-testid="editor-toggle"
                                        aria-expanded=move || editor_open.get().to_string()
                                        aria-controls="editor-body"
                                        on:click=move |_| editor_open.update(|o| *o = !*o)
                                    >
                                        {move || {
                                            let key = if editor_open.get() {
                                                "editor.collapse"
                                            } else {
                                                "editor.expand"
                                            };
                                            tr(lang.get(), key)
                                        }}
                                    </button>
                                }
                            })
                    }}
                </header>
                <DealError />
                {move || {
                    collapsed()
                        .then(|| {
                            let l = lang.get();
                            let suit = state.editor.with(|e| e.trump);
                            view! {
                                <p class="hint editor-summary" data-testid="editor-summary">
                                    {tr_with(l, "editor.summary", &[("suit", &suit_name(l, suit))])}
                                </p>
                            }
                        })
                }}
                <div class="editor-body" id="editor-body">
                    <HandTabs />
                    <Deck />
                    <EditorToolbar />
                    <Hands />
                    <HouseRules />
                </div>
            </section>
            <div class="analysis">
                <ResultsPanel />
                <LineViewer />
                <FullTable />
                <BidsPanel />
            </div>
        </main>
        <footer class="app-footer">{text(lang, "app.footer")}</footer>
    }
}
