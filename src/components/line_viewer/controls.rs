//! The viewer's transport: play/pause, stepping, speed and trick jumps.

use leptos::prelude::*;

use super::{TrickMarks, Viewer};
use crate::components::card::use_lang;
use crate::i18n::{Lang, text, tr, tr_with};

/// Milliseconds per card for each speed choice, with its name's catalogue key.
pub(super) const SPEEDS: [(u32, &str); 4] = [
    (1400, "line.speed_slow"),
    (800, "line.speed_normal"),
    (400, "line.speed_fast"),
    (150, "line.speed_very_fast"),
];

/// The transport buttons' symbols (inline SVG: no icon font needed).
#[derive(Clone, Copy)]
enum Icon {
    Start,
    Back,
    Play,
    Pause,
    Forward,
    End,
}

fn icon(which: Icon) -> impl IntoView {
    let d = match which {
        Icon::Start => "M5 5h2.5v14H5zM19 5v14L8.5 12z",
        Icon::Back => "M17 5v14L6 12z",
        Icon::Play => "M7 5v14l11-7z",
        Icon::Pause => "M6.5 5h4v14h-4zM13.5 5h4v14h-4z",
        Icon::Forward => "M7 5v14l11-7z",
        Icon::End => "M16.5 5H19v14h-2.5zM5 5v14l10.5-7z",
    };
    view! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true">
            <path d=d />
        </svg>
    }
}

/// A stepping button: clicked, it goes to the step `target` names (`go` clamps it).
fn step_button(
    lang: RwSignal<Lang>,
    testid: &'static str,
    label: &'static str,
    which: Icon,
    ready: impl Fn() -> bool + Copy + Send + Sync + 'static,
    go: impl Fn(usize) + Copy + Send + Sync + 'static,
    target: impl Fn() -> usize + Send + Sync + 'static,
) -> impl IntoView {
    view! {
        <button
            type="button"
            data-testid=testid
            title=move || tr(lang.get(), label)
            aria-label=move || tr(lang.get(), label)
            disabled=move || !ready()
            on:click=move |_| go(target())
        >
            {icon(which)}
        </button>
    }
}

/// Play/pause, stepping, speed and trick jumps.
#[component]
pub(super) fn Controls() -> impl IntoView {
    let lang = use_lang();
    let viewer = expect_context::<Viewer>();
    let step = viewer.step;
    let ready = move || viewer.view.with(Option::is_some);
    let len = move || viewer.len();
    let go = move |to: usize| {
        viewer.playing.set(false);
        step.set(to.min(len()));
    };
    let toggle_play = move || {
        if viewer.playing.get_untracked() {
            viewer.playing.set(false);
        } else {
            if step.get_untracked() >= len() {
                step.set(0);
            }
            viewer.playing.set(true);
        }
    };
    let current_trick = move || step.get().div_ceil(3);
    let marks = use_context::<TrickMarks>();
    view! {
        <div class="controls" class:disabled=move || !ready()>
            {step_button(lang, "step-start", "line.start", Icon::Start, ready, go, || 0)}
            {step_button(
                lang,
                "step-back",
                "line.back",
                Icon::Back,
                ready,
                go,
                move || step.get_untracked().saturating_sub(1),
            )}
            <button
                type="button"
                class="play"
                data-testid="play-pause"
                aria-pressed=move || viewer.playing.get().to_string()
                disabled=move || !ready()
                on:click=move |_| toggle_play()
            >
                {move || {
                    if viewer.playing.get() {
                        view! { {icon(Icon::Pause)} {text(lang, "line.pause")} }.into_any()
                    } else {
                        view! { {icon(Icon::Play)} {text(lang, "line.play")} }.into_any()
                    }
                }}
            </button>
            {step_button(
                lang,
                "step-forward",
                "line.forward",
                Icon::Forward,
                ready,
                go,
                move || step.get_untracked() + 1,
            )}
            {step_button(lang, "step-end", "line.end", Icon::End, ready, go, len)}
            <label class="speed">
                {text(lang, "line.speed")}
                <select
                    data-testid="speed"
                    on:change=move |ev| {
                        if let Ok(ms) = event_target_value(&ev).parse::<u32>() {
                            viewer.speed_ms.set(ms);
                        }
                    }
                >
                    {SPEEDS
                        .map(|(ms, label)| {
                            view! {
                                <option value=ms.to_string() selected=move || viewer.speed_ms.get() == ms>
                                    {move || tr(lang.get(), label)}
                                </option>
                            }
                        })
                        .into_iter()
                        .collect_view()}
                </select>
            </label>
            <span class="step-label">{move || format!("{}/{}", step.get(), len())}</span>
        </div>
        <div class="trick-jumps" role="group" aria-label=text(lang, "line.tricks_label")>
            <span class="label" aria-hidden="true">{text(lang, "line.trick")}</span>
            {(1..=10usize)
                .map(|n| {
                    view! {
                        <button
                            type="button"
                            data-testid="trick-jump"
                            data-trick=n.to_string()
                            class:active=move || current_trick() == n
                            class:turning=move || TrickMarks::decides(marks, n)
                            class:shows=move || TrickMarks::shows(marks, n)
                            data-turning=move || TrickMarks::decides(marks, n).then_some("true")
                            aria-label=move || tr_with(lang.get(), "line.trick_n", &[("n", &n.to_string())])
                            disabled=move || !ready()
                            on:click=move |_| go(3 * n)
                        >
                            {n}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}
