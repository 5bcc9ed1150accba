//! The auction as everyone heard it (bids without their discards), beside the felt on a wide
//! screen and under it on a phone.

use leptos::prelude::*;

use super::TablePage;
use super::felt::{heard_words, seat_name};
use crate::i18n::text;
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
                    .heard()
                    .iter()
                    .map(|h| {
                        let s = heard_seat(h);
                        let line = format!("{}: {}", seat_name(l, scene, s), heard_words(l, h));
                        let mine = scene.player && s == scene.seat;
                        view! {
                            <li data-testid="table-heard" data-seat=s.to_string() class:is-user=mine>
                                {line}
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
