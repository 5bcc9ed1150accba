//! Before a game: the seat and the computer's level.

use leptos::prelude::*;

use super::Play;
use crate::i18n::{seat_name, text};
use crate::model::play::Level;

/// The seat and level choice before a game.
#[component]
pub(super) fn Setup() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let seats = [0usize, 1, 2].map(|s| {
        choice(format!("play-seat-{s}"), play.seat, s, move || {
            seat_name(lang.get(), s)
        })
    });
    let levels = [Level::Easy, Level::Normal, Level::Strong].map(|l| {
        let key = match l {
            Level::Easy => "play.level_easy",
            Level::Normal => "play.level_normal",
            Level::Strong => "play.level_strong",
        };
        choice(format!("play-level-{l}"), play.level, l, text(lang, key))
    });
    view! {
        <section class="panel play-setup" aria-labelledby="play-setup-title" data-testid="play-setup">
            <h2 id="play-setup-title">{text(lang, "play.setup_title")}</h2>
            <p class="hint">{text(lang, "play.setup_hint")}</p>
            <div class="choices" role="group" aria-label=text(lang, "play.seat")>
                <span class="choice-label" aria-hidden="true">{text(lang, "play.seat")}</span>
                {seats.into_iter().collect_view()}
            </div>
            <div class="choices" role="group" aria-label=text(lang, "play.level")>
                <span class="choice-label" aria-hidden="true">{text(lang, "play.level")}</span>
                {levels.into_iter().collect_view()}
            </div>
            <div class="play-actions">
                <button
                    type="button"
                    class="primary"
                    data-testid="play-start"
                    on:click=move |_| play.start()
                >
                    {text(lang, "play.start")}
                </button>
                <button type="button" data-testid="play-new-deal" on:click=move |_| play.new_deal()>
                    {text(lang, "play.new_deal")}
                </button>
            </div>
        </section>
    }
}

/// One button of a one-of-several choice: pressed while `signal` holds `value`, which a click
/// sets.
fn choice<T: Copy + PartialEq + Send + Sync + 'static>(
    testid: String,
    signal: RwSignal<T>,
    value: T,
    label: impl IntoView + 'static,
) -> impl IntoView {
    view! {
        <button
            type="button"
            class="choice"
            data-testid=testid
            aria-pressed=move || (signal.get() == value).to_string()
            on:click=move |_| signal.set(value)
        >
            {label}
        </button>
    }
}
