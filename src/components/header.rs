//! The page header: title and the "Copy link" button.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

/// Copy the page URL to the clipboard; `false` when the Clipboard API is unavailable.
fn copy_url() -> bool {
    let window = window();
    let Ok(href) = window.location().href() else {
        return false;
    };
    let navigator = window.navigator();
    // `navigator.clipboard` is undefined outside secure contexts: check before calling.
    let has_clipboard = js_sys::Reflect::get(&navigator, &JsValue::from_str("clipboard"))
        .is_ok_and(|c| !c.is_undefined() && !c.is_null());
    if !has_clipboard {
        return false;
    }
    // The promise may reject (no permission): that is ignored.
    let _ = navigator.clipboard().write_text(&href);
    true
}

/// Title bar with the "Copy link" button.
#[component]
pub fn Header() -> impl IntoView {
    let copied = RwSignal::new(false);
    view! {
        <header class="app-header">
            <h1>
                <span class="logo" aria-hidden="true">"♠"</span>
                "Ulti megoldó "
                <small>"(Ulti Solver)"</small>
            </h1>
            <p class="tagline">
                "Pontos, nyílt lapos elemzés minden játékra (exact double-dummy analysis of every contract)"
            </p>
            <button
                type="button"
                class="copy-link"
                data-testid="copy-link"
                on:click=move |_| {
                    if copy_url() {
                        copied.set(true);
                        set_timeout(move || copied.set(false), std::time::Duration::from_secs(2));
                    }
                }
            >
                {move || if copied.get() { "✔ Másolva (copied)" } else { "Link másolása (Copy link)" }}
            </button>
        </header>
    }
}
