//! The URL as the source of truth for every page: the router base, and one helper that keeps a
//! page's state and its query string in step both ways.

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use leptos_router::params::ParamsMap;

/// The router base: the path of `document.baseURI` without its trailing `/` (so the app
/// works at `/` and under a sub-path such as `/ulti-solver/`).
pub fn router_base() -> String {
    document()
        .base_uri()
        .ok()
        .flatten()
        .and_then(|b| web_sys::Url::new(&b).ok())
        .map(|u| u.pathname().trim_end_matches('/').to_string())
        .unwrap_or_default()
}

/// Keep the URL in step with a page's state, both ways. Must run inside the `<Router>`.
///
/// - state → URL: whenever `write` (the page's query string, without `?`) changes, the URL is
///   replaced (editing, picking cards and playing do not flood the history);
/// - URL → state: a URL the page did not write itself (back/forward, a link into the same
///   page) is handed to `read`, which sets the state's signals (only those that differ).
pub fn sync_url(write: impl Fn() -> String + 'static, read: impl Fn(&ParamsMap) + 'static) {
    let query = use_query_map();
    let location = use_location();
    let navigate = use_navigate();
    // The query string this page wrote last.
    let written: StoredValue<Option<String>> = StoredValue::new(None);

    // The page's own path: a page being replaced by another route neither reads that route's
    // URL nor writes over it.
    let own_path = location.pathname.get_untracked();
    let on_own_path = {
        let own_path = own_path.clone();
        move || location.pathname.with_untracked(|p| *p == own_path)
    };

    // The first run reads the link once more, over whatever the page's own effects changed
    // while it mounted.
    let here = on_own_path.clone();
    Effect::new(move |_| {
        let search = location.search.get();
        let search = search.trim_start_matches('?');
        if !here() || written.with_value(|w| w.as_deref() == Some(search)) {
            return;
        }
        query.with_untracked(&read);
    });

    Effect::new(move |first: Option<()>| {
        let q = write();
        written.set_value(Some(q.clone()));
        let navigate = navigate.clone();
        let path = own_path.clone();
        let here = on_own_path.clone();
        let replace = move || {
            // Not once the page is gone (another route): the URL is another page's then.
            if written.try_get_value().is_none() || !here() {
                return;
            }
            if location.search.get_untracked().trim_start_matches('?') == q {
                return;
            }
            let to = if q.is_empty() {
                path
            } else {
                format!("{path}?{q}")
            };
            navigate(
                &to,
                NavigateOptions {
                    resolve: false,
                    replace: true,
                    scroll: false,
                    ..NavigateOptions::default()
                },
            );
        };
        if first.is_none() {
            // A page just mounted by a link: the router pushes the link's entry once the page
            // is shown; replacing before that would overwrite the previous page's entry.
            set_timeout(replace, Duration::ZERO);
        } else {
            replace();
        }
    });
}

/// Set `signal` to `value` unless it holds it already (so reading a URL back wakes nothing).
pub fn set_if_changed<T: PartialEq + Send + Sync + 'static>(signal: RwSignal<T>, value: T) {
    if signal.with_untracked(|v| *v != value) {
        signal.set(value);
    }
}
