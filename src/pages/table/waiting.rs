//! A public table while a seat waits for a person (its first deal lies there, and nothing is
//! played until no seat waits): who sits where (a player's name, or a seat waiting for a
//! player) and how many seconds until computers take the empty seats (the server's
//! `fill_at`), counting down. Shown instead of the felt, so no table that cannot be played
//! shows yet.

use leptos::prelude::*;
use ulti_engine::Seat;

use super::TablePage;
use crate::i18n::{table_seat, text, tr, tr_with};
use crate::live_client::LiveConnection;
use crate::model::live::wire::SeatState;

/// The seconds left until `fill_at` (ms since 1970) at `now` (ms), rounded up.
fn seconds_left(fill_at: i64, now: f64) -> i64 {
    ((fill_at as f64 - now) / 1000.0).ceil().max(0.0) as i64
}

/// The name a seat shows: its player's, else none.
pub(super) fn seat_player_name(conn: Option<LiveConnection>, seat: Seat) -> Option<String> {
    conn?.live.with(|l| {
        l.state
            .as_ref()
            .and_then(|s| s.seats.get(seat))
            .and_then(|s| s.name.clone())
    })
}

/// Does `seat` wait for a person?
pub(super) fn seat_waits(conn: Option<LiveConnection>, seat: Seat) -> bool {
    conn.is_some_and(|c| {
        c.live.with(|l| {
            l.state
                .as_ref()
                .and_then(|s| s.seats.get(seat))
                .is_some_and(|s| s.waiting)
        })
    })
}

/// The waiting table.
#[component]
pub(super) fn TableWaiting(conn: LiveConnection) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let live = conn.live;
    let now = RwSignal::new(js_sys::Date::now());
    if let Ok(h) = set_interval_with_handle(
        move || {
            let _ = now.try_set(js_sys::Date::now());
        },
        std::time::Duration::from_millis(500),
    ) {
        on_cleanup(move || h.clear());
    }
    let fill_at = Memo::new(move |_| live.with(|l| l.state.as_ref().and_then(|s| s.fill_at)));
    let seats: Memo<Vec<SeatState>> = Memo::new(move |_| {
        live.with(|l| {
            l.state
                .as_ref()
                .map(|s| s.seats.clone())
                .unwrap_or_default()
        })
    });
    let me = Memo::new(move |_| live.with(|l| l.seat));
    view! {
        <section class="table-waiting" data-testid="table-waiting" aria-labelledby="waiting-title">
            <h2 id="waiting-title">{text(lang, "waiting.title")}</h2>
            {move || {
                fill_at.get().map(|at| {
                    let s = seconds_left(at, now.get());
                    let l = lang.get();
                    let words = if s > 0 {
                        tr_with(l, "waiting.countdown", &[("s", &s.to_string())])
                    } else {
                        tr(l, "waiting.filling")
                    };
                    view! { <p class="waiting-countdown" data-testid="table-waiting-seconds" data-s=s.to_string()>{words}</p> }
                })
            }}
            <ul class="waiting-seats" aria-label=move || tr(lang.get(), "waiting.seats")>
                {move || {
                    let l = lang.get();
                    let me = me.get().unwrap_or(usize::MAX);
                    seats
                        .get()
                        .into_iter()
                        .enumerate()
                        .map(|(seat, s)| {
                            let what = if let Some(name) = s.name.clone() {
                                view! { <span class="seat-player" data-testid="seat-name" data-seat=seat.to_string()>{name}</span> }.into_any()
                            } else if s.waiting {
                                view! { <span class="badge seat-waiting" data-testid="table-seat-waiting" data-seat=seat.to_string()>{tr(l, "waiting.seat")}</span> }.into_any()
                            } else {
                                ().into_any()
                            };
                            view! {
                                <li data-seat=seat.to_string()>
                                    <strong>{table_seat(l, seat, me)}</strong>
                                    " "
                                    {what}
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ul>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::seconds_left;

    #[test]
    fn the_countdown_rounds_up_and_stops_at_zero() {
        assert_eq!(seconds_left(10_000, 0.0), 10);
        assert_eq!(seconds_left(10_000, 100.0), 10);
        assert_eq!(seconds_left(10_000, 9_999.0), 1);
        assert_eq!(seconds_left(10_000, 12_000.0), 0);
    }
}
