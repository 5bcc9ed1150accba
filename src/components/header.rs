//! The page header: title, the language switch and the "Copy link" button.

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use leptos_router::hooks::use_location;

use crate::i18n::{Lang, text, tr};
use crate::router_base;
use crate::state::AppState;

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

/// Magyar | English: the selected language has `aria-pressed="true"`.
#[component]
fn LangSwitch() -> impl IntoView {
    let state = AppState::expect();
    let lang = state.lang;
    view! {
        <div class="lang-switch" role="group" aria-label=text(lang, "app.language")>
            {Lang::ALL
                .map(|l| {
                    view! {
                        <button
                            type="button"
                            lang=l.code()
                            data-testid=format!("lang-{}", l.code())
                            aria-pressed=move || (lang.get() == l).to_string()
                            on:click=move |_| state.set_lang(l)
                        >
                            {l.native_name()}
                        </button>
                    }
                })
                .into_iter()
                .collect_view()}
        </div>
    }
}

/// The app's pages: Solver | Play (the current one has `aria-current="page"`).
#[component]
fn PageNav() -> impl IntoView {
    let lang = AppState::expect().lang;
    let location = use_location();
    let base = router_base();
    let on_play = move || {
        location
            .pathname
            .get()
            .trim_end_matches('/')
            .ends_with("/play")
    };
    let link = move |href: String, testid: &'static str, key: &'static str, here: bool| {
        view! {
            <a
                href=href
                data-testid=testid
                aria-current=move || (on_play() == here).then_some("page")
            >
                {text(lang, key)}
            </a>
        }
    };
    view! {
        <nav class="page-nav" aria-label=text(lang, "nav.label")>
            {link(format!("{base}/"), "nav-solver", "nav.solver", false)}
            {link(format!("{base}/play"), "nav-play", "nav.play", true)}
        </nav>
    }
}

/// Title bar with the page links, the language switch and the "Copy link" button.
#[component]
pub fn Header() -> impl IntoView {
    let lang = AppState::expect().lang;
    let copied = RwSignal::new(false);
    view! {
        <header class="app-header">
            <h1>
                <span class="logo" aria-hidden="true">"♠"</span>
                {text(lang, "app.title")}
            </h1>
            <p class="tagline">{text(lang, "app.tagline")}</p>
            <PageNav />
            <LangSwitch />
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
                {move || tr(lang.get(), if copied.get() { "app.copied" } else { "app.copy_link" })}
            </button>
        </header>
    }
}
