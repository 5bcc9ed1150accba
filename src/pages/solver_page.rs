//! The solver page: deal editor on one side, results and line viewer on the other.

use leptos::ev;
use leptos::prelude::*;

use crate::components::bids::BidsPanel;
use crate::components::deck::{DealError, Deck, EditorToolbar, HandTabs, Hands};
use crate::components::full_table::FullTable;
use crate::components::header::Header;
use crate::components::line_viewer::LineViewer;
use crate::components::results::ResultsPanel;
use crate::components::rules::HouseRules;
use crate::components::trump::TrumpPicker;
use crate::solver_client::SolverClient;
use crate::state::AppState;

/// Is a text field or select focused (so shortcuts must not fire)?
fn typing_in_field(e: &web_sys::KeyboardEvent) -> bool {
    use wasm_bindgen::JsCast;
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "SELECT" | "TEXTAREA"))
}

/// The one page of the app.
#[component]
pub fn SolverPage() -> impl IntoView {
    let state = AppState::provide();
    let client = SolverClient::provide();

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

    view! {
        <Header />
        <main class="layout">
            <section class="panel editor-panel" aria-labelledby="editor-title">
                <header class="panel-header">
                    <h2 id="editor-title">"Osztás (deal)"</h2>
                    <TrumpPicker />
                </header>
                <DealError />
                <HandTabs />
                <Deck />
                <EditorToolbar />
                <Hands />
                <HouseRules />
            </section>
            <div class="analysis">
                <ResultsPanel />
                <LineViewer />
                <FullTable />
                <BidsPanel />
            </div>
        </main>
        <footer class="app-footer">
            "Billentyűk (keys): 1/2/3 kéz (hand) · Enter/Szóköz lap (card) · ←/→ lépés (step)"
        </footer>
    }
}
