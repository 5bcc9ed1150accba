//! The evening: the score sheet with running totals, the seat and the computer's level, a new
//! evening (asked first: the old sheet goes), export as `ulti-game/1` lines (download or copy)
//! and import (paste or file), which refuses a broken record with its rule and keeps the
//! evening as it was.

use leptos::prelude::*;
use ulti_engine::Seat;
use ulti_engine::players::TableLevel;
use wasm_bindgen::JsCast;

use super::TablePage;
use crate::components::deck::random_seed;
use crate::i18n::{
    Lang, contract_name, import_error_words, level_name, played_bid_name, table_seat, text, tr,
    tr_with,
};
use crate::model::analysis::signed;
use crate::model::session::{Session, SheetBid};

/// A `data:` link that downloads `text` as a JSON-lines file.
fn download_href(text: &str) -> String {
    format!(
        "data:application/x-ndjson;charset=utf-8,{}",
        js_sys::encode_uri_component(text)
    )
}

/// The computer levels offered at the table (the cheater reads hidden cards: not a player).
const LEVELS: [TableLevel; 3] = [TableLevel::Easy, TableLevel::Normal, TableLevel::Strong];

/// The score sheet and the evening's controls.
#[component]
pub(super) fn ScoreSheet() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    // No seat is "you" for a spectator.
    let user = move || tp.viewer().unwrap_or(usize::MAX);
    let rows = move || tp.table.with(|t| t.session.sheet());
    let records = move || tp.table.with(|t| t.session.export());
    let seat_choice = RwSignal::new(tp.table.with_untracked(|t| t.user));
    let import_text = RwSignal::new(String::new());
    let import_msg: RwSignal<Option<(bool, String)>> = RwSignal::new(None);
    let copied = RwSignal::new(false);
    // A live table's sheet is the server's: no import, no new evening, no seat to choose.
    let local = tp.live.is_none();

    let new_evening = move |_| {
        let played = tp
            .table
            .with_untracked(|t| !t.session.finished().is_empty());
        let ok = !played
            || window()
                .confirm_with_message(&tr(lang.get_untracked(), "whole.new_evening_confirm"))
                .unwrap_or(false);
        if ok {
            let level = tp.table.with_untracked(|t| t.level);
            tp.new_evening(seat_choice.get_untracked(), level);
            import_msg.set(None);
        }
    };
    let import = move |text: String| {
        let l = lang.get_untracked();
        match Session::import(&text, random_seed()) {
            Ok(s) if s.finished().is_empty() && s.current().is_none() => {
                import_msg.set(Some((false, tr(l, "whole.import_empty"))));
            }
            Ok(s) => {
                tp.update(|t, g| {
                    t.import(s);
                    *g = Some(t.next_deal());
                });
                import_text.set(String::new());
                import_msg.set(Some((true, tr(l, "whole.imported"))));
            }
            Err(e) => import_msg.set(Some((
                false,
                tr_with(
                    l,
                    "whole.import_refused",
                    &[("error", &import_error_words(l, &e))],
                ),
            ))),
        }
    };
    let on_file = move |ev: leptos::ev::Event| {
        let Some(input) = ev
            .target()
            .and_then(|t| t.dyn_into::<web_sys::HtmlInputElement>().ok())
        else {
            return;
        };
        let Some(file) = input.files().and_then(|f| f.get(0)) else {
            return;
        };
        leptos::task::spawn_local(async move {
            let text = wasm_bindgen_futures::JsFuture::from(file.text())
                .await
                .ok()
                .and_then(|v| v.as_string())
                .unwrap_or_default();
            import(text);
        });
    };
    let copy = move |_| {
        let _ = window().navigator().clipboard().write_text(&records());
        copied.set(true);
        set_timeout(move || copied.set(false), std::time::Duration::from_secs(2));
    };

    let sheet_rows = move || {
        let l = lang.get();
        let u = user();
        rows()
            .into_iter()
            .map(|r| {
                let (contract, result) = r.contract.as_ref().map_or_else(
                    || (tr(l, "whole.passed_out"), None),
                    |c| (sheet_bid(l, c, u), Some(sheet_result(l, c))),
                );
                let outcome = r.contract.as_ref().map_or("passed", |c| {
                    if c.made() {
                        "made"
                    } else if c.failed() {
                        "failed"
                    } else {
                        "part"
                    }
                });
                view! {
                    <tr data-testid="table-sheet-row">
                        <th scope="row">
                            {r.number}
                            <small class="sheet-dealer" title=tr_with(l, "whole.sheet_dealer_long", &[("n", &(r.dealer + 1).to_string())])>
                                {format!(" {}{}", tr(l, "whole.sheet_dealer"), r.dealer + 1)}
                            </small>
                        </th>
                        <td class="sheet-bid" data-testid="table-sheet-bid" data-outcome=outcome>
                            {contract}
                            {result.map(|w| view! { <span class=format!("sheet-result {outcome}")>{w}</span> })}
                        </td>
                        {(0..3)
                            .map(|s| {
                                view! {
                                    <td class="num" data-testid="table-sheet-pay" data-seat=s.to_string()>
                                        {signed(r.payments[s])}
                                        <small>{signed(r.totals[s])}</small>
                                    </td>
                                }
                            })
                            .collect_view()}
                    </tr>
                }
            })
            .collect_view()
    };
    let totals = move || tp.table.with(|t| t.session.totals());

    view! {
        <section class="panel table-sheet" aria-labelledby="table-sheet-title" data-testid="table-sheet">
            <h2 id="table-sheet-title">{text(lang, "whole.sheet")}</h2>
            <div class="table-scroll">
                <table class="sheet">
                    <thead>
                        <tr>
                            <th scope="col">"#"</th>
                            <th scope="col">{text(lang, "whole.bid")}</th>
                            {(0..3)
                                .map(|s| {
                                    view! {
                                        <th scope="col" class="num">
                                            <span class="seat-long">{move || table_seat(lang.get(), s, user())}</span>
                                            <span class="seat-short">{move || seat_short(lang.get(), s, user())}</span>
                                        </th>
                                    }
                                })
                                .collect_view()}
                        </tr>
                    </thead>
                    <tbody>{sheet_rows}</tbody>
                    <tfoot>
                        <tr>
                            <th scope="row" colspan="2">{text(lang, "whole.totals")}</th>
                            {(0..3)
                                .map(|s| {
                                    view! {
                                        <td class="num" data-testid="table-total" data-seat=s.to_string()>
                                            {move || signed(totals()[s])}
                                        </td>
                                    }
                                })
                                .collect_view()}
                        </tr>
                    </tfoot>
                </table>
            </div>
            <div class="table-controls">
                <a
                    class="button"
                    data-testid="table-export"
                    download="ulti-session.jsonl"
                    href=move || download_href(&records())
                >
                    {text(lang, "whole.export")}
                </a>
                <button type="button" data-testid="table-copy" on:click=copy>
                    {move || tr(lang.get(), if copied.get() { "app.copied" } else { "whole.copy" })}
                </button>
            </div>
            {local
                .then(|| {
                    view! {
                    <details class="table-import">
                        <summary>{text(lang, "whole.import")}</summary>
                        <label for="table-import-text">{text(lang, "whole.import_hint")}</label>
                        <textarea
                            id="table-import-text"
                            rows="4"
                            data-testid="table-import-text"
                            prop:value=import_text
                            on:input=move |ev| import_text.set(event_target_value(&ev))
                        ></textarea>
                        <div class="table-controls">
                            <button
                                type="button"
                                data-testid="table-import-go"
                                on:click=move |_| import(import_text.get_untracked())
                            >
                                {text(lang, "whole.import_go")}
                            </button>
                            <label class="button">
                                {text(lang, "whole.import_file")}
                                <input
                                    type="file"
                                    class="visually-hidden"
                                    accept=".jsonl,.json,.txt"
                                    data-testid="table-import-file"
                                    on:change=on_file
                                />
                            </label>
                        </div>
                    </details>
                    {move || {
                        import_msg
                            .get()
                            .map(|(ok, m)| {
                                view! {
                                    <p class=if ok { "hint" } else { "alert" } role="alert" data-testid="table-import-msg" data-ok=ok.to_string()>
                                        {m}
                                    </p>
                                }
                            })
                    }}
                    <div class="table-controls table-setup">
                        <label class="field">
                            {text(lang, "play.seat")}
                            <select
                                data-testid="table-seat-choice"
                                on:change=move |ev| {
                                    if let Ok(s) = event_target_value(&ev).parse::<Seat>() {
                                        seat_choice.set(s.min(2));
                                    }
                                }
                            >
                                {(0..3)
                                    .map(|s| {
                                        view! {
                                            <option value=s.to_string() selected=move || seat_choice.get() == s>
                                                {move || tr_with(lang.get(), "whole.seat", &[("n", &(s + 1).to_string())])}
                                            </option>
                                        }
                                    })
                                    .collect_view()}
                            </select>
                        </label>
                        <label class="field">
                            {text(lang, "play.level")}
                            <select
                                data-testid="table-level"
                                on:change=move |ev| {
                                    if let Ok(l) = event_target_value(&ev).parse::<TableLevel>() {
                                        tp.table.update(|t| t.level = l);
                                    }
                                }
                            >
                                {LEVELS
                                    .map(|lv| {
                                        view! {
                                            <option value=lv.id() selected=move || tp.table.with(|t| t.level == lv)>
                                                {move || level_name(lang.get(), lv)}
                                            </option>
                                        }
                                    })
                                    .into_iter()
                                    .collect_view()}
                            </select>
                        </label>
                        <button type="button" data-testid="table-new-evening" on:click=new_evening>
                            {text(lang, "whole.new_evening")}
                        </button>
                    </div>
                    <p class="hint">{move || seat_hint(lang.get())}</p>
                    }
                })}
        </section>
    }
}

/// A seat's short name for a phone's score sheet: "P2", "P1 (you)" / "2.", "1. (te)".
fn seat_short(l: Lang, seat: Seat, user: Seat) -> String {
    let n = (seat + 1).to_string();
    tr_with(
        l,
        if seat == user {
            "whole.seat_short_you"
        } else {
            "whole.seat_short"
        },
        &[("n", &n)],
    )
}

/// A sheet row's bid: "Player 2: four aces in Hearts", "Player 1 (you): 40-100 ulti in
/// Acorns"; a 40-100 or 20-100 never splits at its hyphen on a narrow sheet.
fn sheet_bid(l: Lang, c: &SheetBid, user: Seat) -> String {
    let bid = played_bid_name(l, &c.bid, c.trump).replace("-100", "\u{2011}100");
    format!("{}: {bid}", table_seat(l, c.soloist, user))
}

/// A sheet row's result: "made", "failed", or the units failed ("Ulti failed").
fn sheet_result(l: Lang, c: &SheetBid) -> String {
    if c.made() {
        tr(l, "whole.sheet_made")
    } else if c.failed() {
        tr(l, "whole.sheet_failed")
    } else {
        let lost: Vec<String> = c
            .units
            .iter()
            .filter(|&&(_, won)| !won)
            .map(|&(u, _)| contract_name(l, u))
            .collect();
        tr_with(l, "whole.sheet_part_failed", &[("units", &lost.join(", "))])
    }
}

/// How the seat and level choices apply.
fn seat_hint(lang: Lang) -> String {
    tr(lang, "whole.setup_hint")
}
