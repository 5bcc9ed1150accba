//! "How puzzles work": what is asked, what counts as right, and a link to the guide's
//! Puzzles chapter. Open on the first visit; folded once the player has folded it or
//! answered a puzzle (remembered in the browser's storage).

use leptos::prelude::*;
use wasm_bindgen::JsCast;

use super::{PuzzlesPage, storage};
use crate::i18n::text;

/// The storage key: "1" once the explanation was read.
const READ_KEY: &str = "ulti-puzzles-intro-read";

/// Was the explanation read in this browser?
fn was_read() -> bool {
    storage()
        .and_then(|s| s.get_item(READ_KEY).ok().flatten())
        .is_some_and(|v| v == "1")
}

/// Remember that it was read.
pub(super) fn mark_read() {
    if let Some(s) = storage() {
        let _ = s.set_item(READ_KEY, "1");
    }
}

#[component]
pub(super) fn Intro() -> impl IntoView {
    let p = expect_context::<PuzzlesPage>();
    let lang = p.lang;
    let open = !was_read();
    let guide = format!("{}/guide/puzzles.html", crate::url_sync::router_base());
    view! {
        <details
            class="panel puzzle-intro"
            data-testid="puzzle-intro"
            open=open
            on:toggle=move |e| {
                let closed = e
                    .target()
                    .and_then(|t| t.dyn_into::<web_sys::HtmlDetailsElement>().ok())
                    .is_some_and(|d| !d.open());
                if closed {
                    mark_read();
                }
            }
        >
            <summary>{text(lang, "puzzles.intro_title")}</summary>
            <ul>
                <li>{text(lang, "puzzles.intro_open")}</li>
                <li>{text(lang, "puzzles.intro_right")}</li>
                <li>{text(lang, "puzzles.intro_touching")}</li>
                <li>{text(lang, "puzzles.intro_after")}</li>
            </ul>
            <p>
                <a href=guide rel="external" data-testid="puzzle-guide-link">
                    {text(lang, "puzzles.intro_guide")}
                </a>
            </p>
        </details>
    }
}
