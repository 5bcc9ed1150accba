//! The notice for a link's parameters that were ignored or changed (`game=nonsense`,
//! `step=99`, …): one short line each, dismissible.

use leptos::prelude::*;

use crate::i18n::{text, url_issue};
use crate::state::SolverPageState;

/// The link notice, present while there is something to say.
#[component]
pub fn UrlNotices() -> impl IntoView {
    let state = SolverPageState::expect();
    let lang = state.lang;
    move || {
        let issues = state.url_issues.get();
        (!issues.is_empty()).then(|| {
            view! {
                <div class="url-notice" data-testid="url-notice" role="status">
                    <div class="url-notice-text">
                        <strong>{text(lang, "url.title")}</strong>
                        <ul>
                            {issues
                                .into_iter()
                                .map(|issue| {
                                    view! {
                                        <li data-testid="url-notice-item">
                                            {move || url_issue(lang.get(), &issue)}
                                        </li>
                                    }
                                })
                                .collect_view()}
                        </ul>
                    </div>
                    <button
                        type="button"
                        class="dismiss"
                        data-testid="url-notice-dismiss"
                        aria-label=text(lang, "url.dismiss")
                        on:click=move |_| state.url_issues.set(Vec::new())
                    >
                        "×"
                    </button>
                </div>
            }
        })
    }
}
