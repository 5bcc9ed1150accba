//! The head row of the page's data tables.

use leptos::prelude::*;

/// A table's head: one column header (`scope="col"`) per item, in order.
pub fn table_head<H: IntoView + 'static>(heads: impl IntoIterator<Item = H>) -> impl IntoView {
    let cells = heads
        .into_iter()
        .map(|h| view! { <th scope="col">{h}</th> })
        .collect_view();
    view! {
        <thead>
            <tr>{cells}</tr>
        </thead>
    }
}
