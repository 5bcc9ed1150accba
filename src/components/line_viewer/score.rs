//! The running score of the line.

use leptos::prelude::*;

use super::Viewer;
use crate::components::card::use_lang;
use crate::i18n::{Lang, card_name, tr, tr_with};
use crate::model::line::StepView;

/// A side's points: the card points, and where announced points count, "70 + 40 announced =
/// 110".
fn side_points(lang: Lang, cards: u32, announced: u32) -> impl IntoView {
    if announced == 0 {
        return view! { <span class="big">{cards}</span> }.into_any();
    }
    let plus = format!(" + {announced} {} = ", tr(lang, "line.announced"));
    view! {
        <span class="big">{cards}</span>
        <span class="announced" data-testid="score-announced">{plus}</span>
        <span class="big" data-testid="score-total">{cards + announced}</span>
    }
    .into_any()
}

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
            data-soloist-announced=get(|v| v.soloist_announced.to_string())
            data-defender-announced=get(|v| v.defender_announced.to_string())
            data-talon=get(|v| v.talon.iter().map(|c| c.to_string()).collect::<Vec<_>>().join(","))
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
                                // The talon's two cards and their points (they count for the
                                // defenders).
                                let talon_cards = v.talon.iter().map(|c| card_name(l, c)).collect::<Vec<_>>().join(", ");
                                let talon = format!(
                                    " {}",
                                    tr_with(
                                        l,
                                        "line.talon_cards",
                                        &[("points", &v.talon_points.to_string()), ("cards", &talon_cards)],
                                    ),
                                );
                                view! {
                                    <div class="side soloist">
                                        <span class="side-name">{tr(l, "line.soloist")}</span>
                                        {side_points(l, v.soloist_points, v.soloist_announced)}
                                        {points.clone()}
                                        <span class="big">{v.soloist_tricks}</span>
                                        {tricks(v.soloist_tricks)}
                                    </div>
                                    <div class="side defenders">
                                        <span class="side-name">{tr(l, "line.defenders")}</span>
                                        {side_points(l, v.defender_points, v.defender_announced)}
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
