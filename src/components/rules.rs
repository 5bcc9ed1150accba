//! House-rule toggles (`RuleOptions`), kept in the URL as `rules=`.

use leptos::prelude::*;
use ulti_engine::RuleOptions;

use crate::i18n::{text, tr};
use crate::state::SolverPageState;

/// One checkbox bound to one house rule.
fn rule_toggle(
    state: SolverPageState,
    testid: &'static str,
    label_key: &'static str,
    get: fn(&RuleOptions) -> bool,
    set: fn(&mut RuleOptions, bool),
) -> impl IntoView {
    view! {
        <label class="rule">
            <input
                type="checkbox"
                data-testid=testid
                prop:checked=move || state.rules.with(get)
                on:change=move |ev| {
                    let on = event_target_checked(&ev);
                    state.rules.update(|r| set(r, on));
                    state.step.set(0);
                    state.played.set(Vec::new());
                }
            />
            <span>{move || tr(state.lang.get(), label_key)}</span>
        </label>
    }
}

/// The house rules real tables disagree on (shared/RULES.md); both off by default.
#[component]
pub fn HouseRules() -> impl IntoView {
    let state = SolverPageState::expect();
    view! {
        <details class="house-rules">
            <summary>{text(state.lang, "rules.title")}</summary>
            {rule_toggle(
                state,
                "rule-must-beat-after-trump",
                "rules.must_beat_after_trump",
                |r| r.must_beat_after_trump,
                |r, on| r.must_beat_after_trump = on,
            )}
            {rule_toggle(
                state,
                "rule-marriage-needs-trick",
                "rules.marriage_needs_trick",
                |r| r.marriage_needs_trick,
                |r, on| r.marriage_needs_trick = on,
            )}
        </details>
    }
}
