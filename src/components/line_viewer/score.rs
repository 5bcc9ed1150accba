//! The running score of the line.

use leptos::prelude::*;

use super::Viewer;
use crate::model::line::StepView;

/// Running card points and tricks per side.
#[component]
pub(super) fn Score() -> impl IntoView {
    let viewer = expect_context::<Viewer>();
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
                                view! {
                                    <div class="side soloist">
                                        <span class="side-name">"Felvevő (soloist)"</span>
                                        <span class="big">{v.soloist_points}</span>
                                        " pont · "
                                        <span class="big">{v.soloist_tricks}</span>
                                        " ütés (tricks)"
                                    </div>
                                    <div class="side defenders">
                                        <span class="side-name">"Védők (defenders)"</span>
                                        <span class="big">{v.defender_points}</span>
                                        " pont · "
                                        <span class="big">{v.defender_tricks}</span>
                                        " ütés (tricks)"
                                        <small class="talon-note">
                                            {format!(" + talon {} pont", v.talon_points)}
                                        </small>
                                    </div>
                                }
                            })
                    })
            }}
        </div>
    }
}
