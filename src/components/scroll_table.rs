//! A table in a scroll region of its own: on a narrow screen the table scrolls sideways inside
//! its region (named by the section's heading, reached by Tab so the keyboard scrolls it too)
//! instead of widening the page. The head row's words come from the catalogue; the rows are
//! the caller's. Used by the Daily page (the player's deals, the standings) and the Profile's
//! game history.

use leptos::prelude::*;

use crate::i18n::{Lang, text};

/// A scrollable table: `headings` are the columns' message keys, `children` the body's rows.
#[component]
pub fn ScrollTable(
    lang: RwSignal<Lang>,
    /// The id of the heading that names the region.
    labelled_by: &'static str,
    /// The column headings' message keys, in order.
    headings: &'static [&'static str],
    /// A class for the `<table>` (`None`: none).
    #[prop(optional)]
    class: Option<&'static str>,
    /// The `<tr>` rows.
    children: Children,
) -> impl IntoView {
    view! {
        <div class="table-scroll" tabindex="0" role="region" aria-labelledby=labelled_by>
            <table class=class>
                <thead>
                    <tr>
                        {headings
                            .iter()
                            .map(|key| view! { <th scope="col">{text(lang, key)}</th> })
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>{children()}</tbody>
            </table>
        </div>
    }
}
