//! The bidding box, once the user holds twelve cards: a row per family of bids, a column per
//! form (plain, red, open, red open), each cell the bid's value. The bids the twelve can play
//! with some discard stand out before the discard is chosen; with the two cards chosen, the
//! bids they play turn solid and say themselves at a click. A bid that needs another discard
//! says which cards to keep and offers one that plays it. Rows with nothing to say (too low,
//! or unplayable with any discard) fold away, so the box fits a phone.

use leptos::prelude::*;
use ulti_engine::Card;

use super::TablePage;
use crate::i18n::{
    Lang, auction_bid_name, bid_name, card_name, form_name, label, text, tr, tr_with, with_article,
};
use crate::model::table::auction::{
    BoxCell, FORMS, Fit, bid_action, bidding_box, discard_help, plays, reach,
};

/// A fit's name for CSS and tests.
fn fit_id(f: Fit) -> &'static str {
    match f {
        Fit::Low => "low",
        Fit::Unplayable => "unplayable",
        Fit::Ready => "ready",
        Fit::Needs(_) => "needs",
    }
}

/// Cards in words: "Seven of Hearts, Eight of Bells".
fn cards_words(lang: Lang, cards: &[Card]) -> String {
    cards
        .iter()
        .map(|&c| card_name(lang, c))
        .collect::<Vec<_>>()
        .join(", ")
}

/// The bidding box.
#[component]
pub(super) fn BiddingBox() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    // What the twelve can play: once per twelve and standing bid, not per click.
    let reached = Memo::new(move |_| {
        let twelve = tp.twelve.get()?;
        tp.scene.with(|s| {
            let turn = s.as_ref()?.turn.as_ref()?;
            Some(reach(&turn.higher, twelve))
        })
    });
    let discard = move || <[Card; 2]>::try_from(tp.discard.get()).ok();
    let rows = Memo::new(move |_| {
        reached
            .with(|r| r.as_ref().map(|r| bidding_box(r, discard())))
            .unwrap_or_default()
    });
    let hidden = move || rows.with(|r| r.iter().filter(|row| !row.legal()).count());
    let show_all = tp.show_all_bids;

    let cell_view = move |cell: Option<BoxCell>| {
        let Some(BoxCell { bid, fit }) = cell else {
            return view! { <td class="box-empty"></td> }.into_any();
        };
        let l = lang.get_untracked();
        let words = tr_with(
            l,
            match fit {
                Fit::Ready => "whole.fit_ready",
                Fit::Needs(_) => "whole.fit_needs",
                Fit::Unplayable => "whole.fit_unplayable",
                Fit::Low => "whole.fit_low",
            },
            &[
                ("bid", &label(&auction_bid_name(l, &bid))),
                ("value", &bid.value().to_string()),
            ],
        );
        let id = bid.to_string();
        let value = bid.value();
        let chosen = {
            let bid = bid.clone();
            move || tp.chosen_bid.with(|c| c.as_ref() == Some(&bid))
        };
        let click = move |_| match (fit, discard()) {
            (Fit::Ready, Some(d)) => {
                let user = tp
                    .scene
                    .with_untracked(|s| s.as_ref().map_or(0, |s| s.seat));
                tp.chosen_bid.set(None);
                tp.act(bid_action(user, bid.clone(), d));
            }
            (Fit::Needs(_), _) => tp.chosen_bid.set(Some(bid.clone())),
            _ => {}
        };
        view! {
            <td>
                <button
                    type="button"
                    class=format!("bid-cell fit-{}", fit_id(fit))
                    class:chosen=chosen
                    data-testid="table-bid"
                    data-bid=id
                    data-value=value.to_string()
                    data-fit=fit_id(fit)
                    disabled=!fit.legal()
                    aria-label=words.clone()
                    title=words
                    on:click=click
                >
                    {value}
                </button>
            </td>
        }
        .into_any()
    };

    view! {
        <div class="bidding-box" data-testid="table-bidding-box">
            <p class="hint" data-testid="table-discard-count">
                {move || {
                    tr_with(lang.get(), "play.discard_count", &[("n", &tp.discard.with(Vec::len).to_string())])
                }}
            </p>
            <table class="box-grid" data-testid="table-box-grid">
                <caption class="visually-hidden">{text(lang, "whole.box_title")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{text(lang, "whole.box_family")}</th>
                        {FORMS
                            .map(|(piros, teritett)| {
                                view! {
                                    <th scope="col" class="box-form">
                                        {move || form_name(lang.get(), piros, teritett)}
                                    </th>
                                }
                            })
                            .into_iter()
                            .collect_view()}
                    </tr>
                </thead>
                <tbody>
                    {move || {
                        let l = lang.get();
                        let all = show_all.get();
                        rows.get()
                            .into_iter()
                            .filter(|row| all || row.legal())
                            .map(|row| {
                                let legal = row.legal();
                                view! {
                                    <tr class="box-row" class:folded=!legal data-testid="table-box-row">
                                        <th scope="row">{label(&bid_name(l, &row.family, None, false))}</th>
                                        {row.cells.into_iter().map(cell_view).collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()
                    }}
                </tbody>
            </table>
            {move || {
                let n = hidden();
                (n > 0 || show_all.get())
                    .then(|| {
                        view! {
                            <button
                                type="button"
                                class="link-button"
                                data-testid="table-box-all"
                                aria-pressed=move || show_all.get().to_string()
                                on:click=move |_| show_all.update(|s| *s = !*s)
                            >
                                {move || {
                                    if show_all.get() {
                                        tr(lang.get(), "whole.box_hide")
                                    } else {
                                        tr_with(lang.get(), "whole.box_show_all", &[("n", &n.to_string())])
                                    }
                                }}
                            </button>
                        }
                    })
            }}
            <p class="hint box-legend">{text(lang, "whole.box_legend")}</p>
        </div>
        // Under the box, not in it: the box scrolls when the screen is short, the chosen bid's
        // button stays in view.
        <NeedsPanel />
    }
}

/// The bid clicked that the discard chosen does not play: the cards it needs kept, a discard
/// that plays it (the hand marks it) and a button that chooses that discard; once the discard
/// plays it, the button says the bid.
#[component]
fn NeedsPanel() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let help = Memo::new(move |_| {
        let bid = tp.chosen_bid.get()?;
        let twelve = tp.twelve.get()?;
        let chosen = tp.discard.get();
        Some((
            bid.clone(),
            twelve,
            chosen.clone(),
            discard_help(&bid, twelve, &chosen),
        ))
    });
    move || {
        let (bid, twelve, chosen, help) = help.get()?;
        let l = lang.get();
        let name = auction_bid_name(l, &bid);
        let the_bid = label(&with_article(l, &name));
        let name = label(&name);
        let value = bid.value().to_string();
        let user = tp
            .scene
            .with_untracked(|s| s.as_ref().map_or(0, |s| s.seat));
        if let Ok(d) = <[Card; 2]>::try_from(chosen.as_slice())
            && plays(&bid, twelve, d)
        {
            let label = tr_with(l, "whole.fit_ready", &[("bid", &name), ("value", &value)]);
            return Some(
                view! {
                    <div class="needs-panel" data-testid="table-needs">
                        <button
                            type="button"
                            class="primary"
                            data-testid="table-bid-chosen"
                            data-bid=bid.to_string()
                            on:click=move |_| {
                                tp.chosen_bid.set(None);
                                tp.act(bid_action(user, bid.clone(), d));
                            }
                        >
                            {label}
                        </button>
                    </div>
                }
                .into_any(),
            );
        }
        let help = help?;
        let keep = (!help.keep.is_empty()).then(|| {
            tr_with(
                l,
                "whole.needs_keep",
                &[("cards", &cards_words(l, &help.keep))],
            )
        });
        let d = help.discard;
        Some(
            view! {
                <div class="needs-panel" data-testid="table-needs" role="status">
                    <p>
                        <strong>{tr_with(l, "whole.needs_title", &[("bid", &the_bid), ("value", &value)])}</strong>
                        " "
                        <span data-testid="table-needs-keep">{keep}</span>
                        " "
                        {tr_with(l, "whole.needs_example", &[("cards", &cards_words(l, &d))])}
                    </p>
                    <button
                        type="button"
                        data-testid="table-use-discard"
                        data-cards=format!("{},{}", d[0], d[1])
                        on:click=move |_| tp.discard.set(d.to_vec())
                    >
                        {tr(l, "whole.use_discard")}
                    </button>
                </div>
            }
            .into_any(),
        )
    }
}
