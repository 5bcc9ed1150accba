//! The auction as everyone heard it (bids without their discards), beside the felt on a wide
//! screen and under it on a phone; at a live table, what the computer said for a person who
//! was away is marked so.

use leptos::prelude::*;

use super::TablePage;
use super::felt::{heard_words, seat_name};
use crate::i18n::{text, tr};
use crate::model::table::seats::heard_seat;

/// The auction heard.
#[component]
pub(super) fn AuctionLog() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let items = move || {
        let l = lang.get();
        tp.scene.with(|scene| {
            scene.as_ref().map(|scene| {
                scene
                    .heard_at()
                    .iter()
                    .map(|(place, h)| {
                        let s = heard_seat(h);
                        let line = format!("{}: {}", seat_name(l, scene, s), heard_words(l, h));
                        let mine = scene.player && s == scene.seat;
                        let computer = scene.chosen_by_computer(*place);
                        let mark = computer.then(|| {
                            let key = if mine { "live.by_computer_you" } else { "live.by_computer" };
                            view! { <small class="by-computer" data-testid="table-by-computer">{format!(" ({})", tr(l, key))}</small> }
                        });
                        view! {
                            <li
                                data-testid="table-heard"
                                data-seat=s.to_string()
                                data-by=if computer { "computer" } else { "person" }
                                class:is-user=mine
                            >
                                {line}
                                {mark}
                            </li>
                        }
                    })
                    .collect_view()
            })
        })
    };
    view! {
        <section class="panel table-auction-log" aria-labelledby="table-auction-title" data-testid="table-auction-log">
            <h2 id="table-auction-title">{text(lang, "whole.auction")}</h2>
            <ol class="table-auction" data-testid="table-auction">{items}</ol>
        </section>
    }
}
