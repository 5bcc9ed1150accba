//! The running score of the line.

use leptos::prelude::*;

use super::Viewer;
use crate::components::card::use_lang;
use crate::i18n::{tr, tr_with};
use crate::model::line::StepView;

/// Running card points and tricks per side.
#[component]
pub(super) fn Score() -> impl IntoView {
    let viewer = expect_context::<Viewer>();
    let lang = use_lang();
    let get = move |f: fn(&StepView) -> String| move || viewer.view.with(|v| v.as_ref().map(f));
    view! {
        <div
            class="score"
            data-testid="score"
            data-soloist-points=get(|v| v.soloist_points.to_string())
            data-defender-points=get(|v| v.defender_points.to_string())
            data-soloist-tricks=get(|v| v.soloist_tricks.to_string())
            data-defender-tricks=get(|v| v.defender_tricks.to_string())
            data-talon-points=get(|v| v.talon_points.to_string())
        >
            {move || {
                viewer
                    .view
                    .with(|v| {
                        v.as_ref()
                            .map(|v| {
                                let l = lang.get();
                                let points = format!(" {} · ", tr(l, "line.points"));
                                // "1 trick", "2 tricks" (Hungarian says "ütés" for both).
                                let tricks = |n: usize| {
                                    let key = if n == 1 { "line.trick_one" } else { "line.tricks" };
                                    format!(" {}", tr(l, key))
                                };
                                let talon = format!(
                                    " {}",
                                    tr_with(l, "line.talon_points", &[("points", &v.talon_points.to_string())]),
                                );
                                view! {
                                    <div class="side soloist">
                                        <span class="side-name">{tr(l, "line.soloist")}</span>
                                        <span class="big">{v.soloist_points}</span>
                                        {points.clone()}
                                        <span class="big">{v.soloist_tricks}</span>
                                        {tricks(v.soloist_tricks)}
                                    </div>
                                    <div class="side defenders">
                                        <span class="side-name">{tr(l, "line.defenders")}</span>
                                        <span class="big">{v.defender_points}</span>
                                        {points}
                                        <span class="big">{v.defender_tricks}</span>
                                        {tricks(v.defender_tricks)}
                                        <small class="talon-note">{talon}</small>
                                    </div>
                                }
                            })
                    })
            }}
        </div>
    }
}
