//! A line replayed on its own (the Puzzles page): the felt, the transport, the score and the
//! trick history of a line the page gives, at a step the page may move, without the solver
//! page's state or its what-if cards.

use leptos::prelude::*;

use super::controls::{Controls, SPEEDS};
use super::felt::Felt;
use super::history::TrickHistory;
use super::score::Score;
use super::{LineStatus, TrickMarks, Viewer, autoplay};
use crate::model::line::Line;

/// The viewer of `line` (`None` while it is being solved) at `step`; `playing` runs the
/// animation (the page starts it). `testid` names the viewer's element.
#[component]
pub fn LineReplay(
    /// The line, from the first trick.
    #[prop(into)]
    line: Signal<Option<Line>>,
    /// Cards played at the step shown.
    step: RwSignal<usize>,
    /// Is the line being animated?
    playing: RwSignal<bool>,
    /// The element's `data-testid`.
    testid: &'static str,
    /// The tricks to mark (see [`TrickMarks`]).
    #[prop(optional)]
    marks: Option<Signal<(Option<usize>, Option<usize>)>>,
) -> impl IntoView {
    if let Some(m) = marks {
        provide_context(TrickMarks(m));
    }
    let status = Memo::new(move |_| match line.get() {
        Some(l) => LineStatus::Ready(l),
        None => LineStatus::Pending,
    });
    let view = Memo::new(move |_| {
        let s = step.get();
        status.with(|st| match st {
            LineStatus::Ready(l) => Some(l.at(s)),
            _ => None,
        })
    });
    let viewer = Viewer {
        status,
        view,
        shown: view,
        values: Memo::new(|_| None),
        playing,
        speed_ms: RwSignal::new(SPEEDS[1].0),
        step,
    };
    provide_context(viewer);
    autoplay(viewer);
    view! {
        <div
            class="line-viewer line-replay"
            data-testid=testid
            data-step=move || view.with(Option::is_some).then(|| step.get().to_string())
            data-ready=move || view.with(Option::is_some).to_string()
            data-len=move || line.with(|l| l.as_ref().map(|l| l.len().to_string()))
            data-playing=move || playing.get().to_string()
        >
            <Controls />
            <Felt />
            <Score />
            <TrickHistory />
        </div>
    }
}
