//! The page header: title, the page links, the language switch and the "Copy link" button.

use std::time::Duration;

use leptos::prelude::*;
use wasm_bindgen::JsValue;

use crate::i18n::{Lang, text, tr};
use crate::state::PageLang;

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

/// Magyar | English (HU | EN on a phone): the selected language has `aria-pressed="true"`.
#[component]
fn LangSwitch() -> impl IntoView {
    let page = PageLang::expect();
    let lang = page.lang;
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
                            on:click=move |_| page.set(l)
                        >
                            // A phone shows the code (HU, EN); the name stays the button's
                            // accessible name (style/main.css).
                            <span class="lang-long">{l.native_name()}</span>
                            <span class="lang-short" aria-hidden="true">
                                {l.code().to_uppercase()}
                            </span>
                        </button>
                    }
                })
                .into_iter()
                .collect_view()}
        </div>
    }
}

/// The app's pages: the solver (`/`), "My hand" (`/hand`), Play (`/play`), the whole game
/// (`/table`), the Lobby (`/lobby`), Puzzles (`/puzzles`), the Profile (`/profile`) and the
/// Leaderboard (`/leaderboard`), the current one marked with
/// `aria-current="page"`. Full links (the router base prepended), so they also work opened in
/// a new tab; the chosen language goes along. Last, the user guide (`guide/`, an mdBook built
/// beside the app, in English): `rel="external"` so the router leaves that link to the browser.
#[component]
fn PageLinks() -> impl IntoView {
    let page = PageLang::expect();
    let lang = page.lang;
    let location = leptos_router::hooks::use_location();
    let base = crate::url_sync::router_base();
    let guide = format!("{base}/guide/");
    let link = move |route: &'static str, key: &'static str, testid: &'static str| {
        let base = base.clone();
        let href = move || {
            let lang_q = if page.chosen.get() {
                format!("?lang={}", lang.get().code())
            } else {
                String::new()
            };
            format!("{base}{route}{lang_q}")
        };
        let current = move || {
            let path = location.pathname.get();
            let page = match path.trim_end_matches('/').rsplit('/').next() {
                Some("hand") => "/hand",
                Some("play") => "/play",
                Some("table") => "/table",
                Some("lobby") => "/lobby",
                Some("daily") => "/daily",
                Some("puzzles") => "/puzzles",
                Some("profile") => "/profile",
                Some("leaderboard") => "/leaderboard",
                _ => "/",
            };
            (page == route).then_some("page")
        };
        view! {
            <a href=href data-testid=testid aria-current=current>
                {text(lang, key)}
            </a>
        }
    };
    view! {
        <nav class="page-links" aria-label=text(lang, "app.pages")>
            {link("/", "app.page_solver", "nav-solver")}
            {link("/hand", "app.page_hand", "nav-hand")}
            {link("/play", "app.page_play", "nav-play")}
            {link("/table", "app.page_table", "nav-table")}
            {link("/lobby", "app.page_lobby", "nav-lobby")}
            {link("/daily", "daily.nav", "nav-daily")}
            {link("/puzzles", "app.page_puzzles", "nav-puzzles")}
            {link("/profile", "profile.nav", "nav-profile")}
            {link("/leaderboard", "leaderboard.nav", "nav-leaderboard")}
            <a
                href=guide
                rel="external"
                hreflang="en"
                title=text(lang, "app.guide_title")
                data-testid="nav-guide"
            >
                {text(lang, "app.page_guide")}
                // The guide is in English: a page in another language says so on the link.
                {move || {
                    (lang.get() != Lang::En)
                        .then(|| {
                            view! {
                                <span class="lang-tag" data-testid="nav-guide-lang">
                                    "EN"
                                </span>
                            }
                        })
                }}
            </a>
        </nav>
    }
}

/// Title bar: the title, the language switch and the "Copy link" button, then the page links
/// (in the DOM as on the screen, so Tab follows what the eye sees). On a phone (below 640 px,
/// style/main.css) it is compact: the switch and the button on the title's row, the links in
/// two rows in English, three in Hungarian, each still a 40 px touch target.
#[component]
pub fn Header() -> impl IntoView {
    let lang = PageLang::expect().lang;
    let copied = RwSignal::new(false);
    view! {
        <header class="app-header">
            <h1>
                <span class="logo" aria-hidden="true">"♠"</span>
                {text(lang, "app.title")}
            </h1>
            <p class="tagline">{text(lang, "app.tagline")}</p>
            <div class="header-tools">
                <LangSwitch />
                <button
                    type="button"
                    class="copy-link"
                    data-testid="copy-link"
                    on:click=move |_| {
                        if copy_url() {
                            copied.set(true);
                            set_timeout(move || copied.set(false), Duration::from_secs(2));
                        }
                    }
                >
                    {move || {
                        tr(lang.get(), if copied.get() { "app.copied" } else { "app.copy_link" })
                    }}
                </button>
            </div>
            <PageLinks />
        </header>
    }
}
