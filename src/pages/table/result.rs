//! The deal's result: each unit won or lost with its kontra level and value per defender, the
//! silent bonuses, each seat's payment (at a table of the deal of the day also its money, par
//! and matchpoints: `daily_lines`), the card play opened in the solver page, and the next
//! deal.

use leptos::prelude::*;
use ulti_engine::Seat;
use ulti_engine::whole_game::{Silent, UnitResult};

use super::TablePage;
use super::daily_lines::DailyLines;
use super::review::DealReview;
use crate::i18n::{Lang, contract_name, kontra_name, table_seat, text, tr, tr_with, with_article};
use crate::model::analysis::signed;
use crate::model::live::wire::SeatState;
use crate::model::table::solver_query;

/// A unit's line: "Ulti: failed, kontra: the soloist −12 against Player 2, −12 against
/// Player 3" (the soloist's side: negative when it pays).
fn unit_text(lang: Lang, u: &UnitResult, soloist: Seat, user: Seat) -> String {
    let name = match u.replaced_by {
        Some(kind) => format!(
            "{} → {}",
            contract_name(lang, u.unit),
            silent_name(lang, kind)
        ),
        None => contract_name(lang, u.unit),
    };
    let levels = if u.kontra[0] == u.kontra[1] {
        kontra_name(lang, u.kontra[0])
    } else {
        format!(
            "{} / {}",
            kontra_name(lang, u.kontra[0]),
            kontra_name(lang, u.kontra[1])
        )
    };
    tr_with(
        lang,
        if u.won {
            "whole.unit_won"
        } else {
            "whole.unit_lost"
        },
        &[
            ("unit", &name),
            ("kontra", &levels),
            ("v1", &signed(u.value[0])),
            ("v2", &signed(u.value[1])),
            (
                "d1",
                &with_article(lang, &table_seat(lang, (soloist + 1) % 3, user)),
            ),
            (
                "d2",
                &with_article(lang, &table_seat(lang, (soloist + 2) % 3, user)),
            ),
        ],
    )
}

/// A silent bonus's name.
fn silent_name(lang: Lang, kind: Silent) -> String {
    tr(
        lang,
        match kind {
            Silent::Ulti => "whole.silent_ulti",
            Silent::Hundred => "whole.silent_hundred",
            Silent::Durchmars => "whole.silent_durchmars",
        },
    )
}

/// The result of the deal on the table.
#[component]
pub(super) fn DealResult() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    // No seat is "you" for a spectator.
    let user = move || tp.viewer().unwrap_or(usize::MAX);
    let settlement = move || {
        tp.game
            .with(|g| g.as_ref().and_then(|g| g.settlement().cloned()))
    };
    let units = move || {
        let l = lang.get();
        let u = user();
        let soloist = tp.game.with(|g| {
            g.as_ref()
                .and_then(|g| g.contracted())
                .map_or(0, |c| c.soloist)
        });
        settlement().map(|s| {
            let mut lines: Vec<String> = s
                .units
                .iter()
                .map(|x| unit_text(l, x, soloist, u))
                .collect();
            lines.extend(s.silent.iter().map(|b| {
                tr_with(
                    l,
                    "whole.silent_line",
                    &[("kind", &silent_name(l, b.kind)), ("v", &signed(b.value))],
                )
            }));
            lines
                .into_iter()
                .map(|t| view! { <li data-testid="table-unit">{t}</li> })
                .collect_view()
        })
    };
    let payments = move || {
        let l = lang.get();
        let u = user();
        settlement().map(|s| {
            (0..3)
                .map(|seat| {
                    view! {
                        <li data-testid="table-payment" data-seat=seat.to_string() data-amount=s.payments[seat].to_string()>
                            {tr_with(
                                l,
                                "whole.payment",
                                &[("seat", &table_seat(l, seat, u)), ("amount", &signed(s.payments[seat]))],
                            )}
                        </li>
                    }
                })
                .collect_view()
        })
    };
    view! {
        <section class="panel table-result" aria-labelledby="table-result-title" data-testid="table-result">
            <h2 id="table-result-title">{text(lang, "whole.result")}</h2>
            <ul class="table-units">{units}</ul>
            <ul class="table-payments">{payments}</ul>
            <DailyLines />
            {move || {
                let base = crate::url_sync::router_base();
                tp.game
                    .with(|g| g.as_ref().and_then(solver_query))
                    .map(|q| {
                        view! {
                            <p>
                                <a class="button" href=format!("{base}/?{q}") data-testid="table-open-solver">
                                    {text(lang, "whole.open_solver")}
                                </a>
                            </p>
                        }
                    })
            }}
            // A watcher has no seat to be ready with: no button.
            {move || {
                (tp.live.is_none() || tp.viewer().is_some())
                    .then(|| {
                        view! {
                            <button type="button" class="primary" data-testid="table-next-deal" on:click=move |_| tp.next_deal()>
                                {text(lang, "whole.next_deal")}
                            </button>
                        }
                    })
            }}
            {move || {
                let l = lang.get();
                waiting_for(tp)
                    .map(|seats| {
                        let names: Vec<String> = seats
                            .iter()
                            .map(|&s| table_seat(l, s, usize::MAX))
                            .collect();
                        view! {
                            <p class="hint" data-testid="table-waiting-ready" aria-live="polite">
                                {tr_with(l, "live.waiting_ready", &[("seats", &names.join(", "))])}
                            </p>
                        }
                    })
            }}
        </section>
        {move || tp.viewer().is_some().then(|| view! { <DealReview /> })}
    }
}

/// At a live table once the user has said it is ready: the persons' seats not yet ready for
/// the next deal (`None`: not waiting).
fn waiting_for(tp: TablePage) -> Option<Vec<Seat>> {
    let conn = tp.live?;
    conn.live.with(|l| {
        let me = l.seat?;
        let st = l.state.as_ref()?;
        if !st.ready.get(me).copied().unwrap_or(false) {
            return None;
        }
        let rest: Vec<Seat> = (0..3)
            .filter(|&s| {
                st.seats.get(s).is_some_and(SeatState::is_person)
                    && !st.ready.get(s).copied().unwrap_or(false)
            })
            .collect();
        (!rest.is_empty()).then_some(rest)
    })
}
