//! The soloist's discard and announcement.

use leptos::prelude::*;
use ulti_engine::{Announcement, Card};

use super::Play;
use crate::components::bids::bid_optgroups;
use crate::components::card::HandCard;
use crate::i18n::{text, tr_with};
use crate::model::order::in_display_order;
use crate::model::play::{playable_bids, soloist_cards};

/// The soloist's discard and announcement.
#[component]
pub(super) fn UserBid() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let dealt = play.game.with_untracked(|g| g.as_ref().map(|g| g.dealt));
    let Some(dealt) = dealt else {
        return ().into_any();
    };
    // Before a bid is chosen, in the trump order.
    let twelve: Vec<Card> = in_display_order(soloist_cards(&dealt).iter(), true);
    let discard = move || <[Card; 2]>::try_from(play.discard.get()).ok();
    let groups = Memo::new(move |_| {
        discard()
            .map(|d| playable_bids(&dealt, d))
            .unwrap_or_default()
    });
    // The list keeps a playable choice: the first bid (passz of the deal's suit) by default.
    Effect::new(move |_| {
        let gs = groups.get();
        let current = play.bid_id.get_untracked();
        let ok = gs.iter().any(|g| g.bids.iter().any(|a| a.id() == current));
        if !ok {
            let first = gs
                .iter()
                .find(|g| g.trump == Some(dealt.trump))
                .or(gs.first())
                .and_then(|g| g.bids.first())
                .map(ulti_engine::Announcement::id)
                .unwrap_or_default();
            play.bid_id.set(first);
        }
    });
    let toggle = move |card: Card| {
        play.discard.update(|d| {
            if let Some(i) = d.iter().position(|&c| c == card) {
                d.remove(i);
            } else if d.len() < 2 {
                d.push(card);
            }
        });
    };
    let announce = move |_| {
        let Some(d) = discard() else {
            return;
        };
        let id = play.bid_id.get_untracked();
        let Some(a) = crate::model::play::announcement_by_id(&id) else {
            return;
        };
        play.game.update(|g| {
            if let Some(g) = g
                && let Err(e) = g.announce(a, d)
            {
                play.error.set(Some(e.to_string()));
            }
        });
    };
    let cards = twelve
        .into_iter()
        .map(|card| {
            let pressed = Signal::derive(move || Some(play.discard.with(|d| d.contains(&card))));
            view! {
                <HandCard
                    card=card
                    testid="bid-card"
                    pressed=pressed
                    legal=Signal::derive(|| true)
                    on_pick=toggle
                />
            }
        })
        .collect_view();
    view! {
        <section class="panel play-bid" aria-labelledby="play-bid-title" data-testid="play-bid">
            <h2 id="play-bid-title">{text(lang, "play.bid_title")}</h2>
            <p class="hint" id="play-bid-hint">{text(lang, "play.bid_hint")}</p>
            <div class="play-hand" role="group" aria-describedby="play-bid-hint">
                {cards}
            </div>
            <p class="hint" data-testid="play-discard-count">
                {move || {
                    tr_with(
                        lang.get(),
                        "play.discard_count",
                        &[("n", &play.discard.with(Vec::len).to_string())],
                    )
                }}
            </p>
            <div class="play-announce">
                <label for="play-bid-select">{text(lang, "play.bid_label")}</label>
                <select
                    id="play-bid-select"
                    data-testid="play-bid-select"
                    disabled=move || discard().is_none()
                    prop:value=move || play.bid_id.get()
                    on:change=move |ev| play.bid_id.set(event_target_value(&ev))
                >
                    {move || {
                        bid_optgroups(
                            lang.get(),
                            groups.get(),
                            Announcement::id,
                            &play.bid_id.get_untracked(),
                        )
                    }}
                </select>
                <button
                    type="button"
                    class="primary"
                    data-testid="play-announce"
                    disabled=move || discard().is_none() || play.bid_id.with(String::is_empty)
                    on:click=announce
                >
                    {text(lang, "play.announce")}
                </button>
            </div>
            {move || play.error.get().map(|e| view! { <p class="alert" role="alert">{e}</p> })}
        </section>
    }
    .into_any()
}
