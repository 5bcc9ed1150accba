//! At a live table of the deal of the day, the result panel's lines for the deal just over:
//! the player's money, the deal's par from its seat and the matchpoints against the field so
//! far, read as the Daily page reads them (`GET /api/daily?date=`), and a link to the Daily
//! page. The par is stored with the deal's result; until the read finds the deal the lines
//! say the par is being computed and read again, a few times, then say in words that it did
//! not come.

use std::time::Duration;

use leptos::prelude::*;

use super::TablePage;
use crate::i18n::{Lang, text, tr, tr_with};
use crate::live_client::daily::{DailyError, day};
use crate::model::daily::{Day, MyDeal, percent, signed};
use crate::url_sync::router_base;

/// Reads of the day before the lines stop waiting for a deal's par.
const TRIES: u32 = 20;
/// The wait between two reads.
const EVERY: Duration = Duration::from_millis(1500);

/// What the lines know of the deal.
#[derive(Clone, Debug, PartialEq)]
enum Lines {
    /// The first read is under way.
    Loading,
    /// The day answered without the deal: its par is being computed.
    Computing,
    /// The deal's result.
    Ready(MyDeal),
    /// The server refused or did not answer.
    Failed(DailyError),
    /// The deal's par did not come after every read.
    GaveUp,
}

/// At a table of the deal of the day where the user has a seat: the server, the day, the
/// deal on the table and the day's deals.
fn daily_deal(tp: TablePage) -> Option<(String, String, u32, u32)> {
    let conn = tp.live?;
    conn.live.with(|l| {
        let st = l.state.as_ref()?;
        let day = st.daily.as_ref()?;
        st.seat?;
        Some((conn.server(), day.date.clone(), st.game, day.deals))
    })
}

/// What the day's answer says of deal `deal`, with `left` more reads allowed.
fn lines_of(answer: Result<Day, DailyError>, deal: u32, left: u32) -> Lines {
    match answer {
        Ok(d) => match d.my_deal(deal) {
            Some(m) => Lines::Ready(m.clone()),
            None if left == 0 => Lines::GaveUp,
            None => Lines::Computing,
        },
        Err(e) => Lines::Failed(e),
    }
}

/// Read the day until the deal is in it, at most `left` more times.
fn ask(server: String, date: String, deal: u32, left: u32, lines: RwSignal<Lines>) {
    leptos::task::spawn_local(async move {
        let next = lines_of(day(&server, Some(&date)).await, deal, left);
        // The panel is gone (the next deal, another page): nothing more to read.
        if lines.is_disposed() {
            return;
        }
        let again = next == Lines::Computing;
        lines.set(next);
        if again {
            set_timeout(move || ask(server, date, deal, left - 1, lines), EVERY);
        }
    });
}

/// A label and its value.
fn cell(lang: Lang, label: &str, id: &'static str, value: String) -> impl IntoView {
    view! {
        <dt>{tr(lang, label)}</dt>
        <dd data-testid=id>{value}</dd>
    }
}

fn failed_words(lang: Lang, lines: &Lines) -> Option<String> {
    match lines {
        Lines::Failed(DailyError::Unreachable) => Some(tr(lang, "daily.unreachable")),
        Lines::Failed(DailyError::Refused(_, words)) => Some(words.clone()),
        Lines::GaveUp => Some(tr(lang, "daily.par_missing")),
        _ => None,
    }
}

/// The deal of the day's lines in the result panel (nothing at any other table).
#[component]
pub(super) fn DailyLines() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let found = Memo::new(move |_| daily_deal(tp));
    move || {
        found
            .get()
            .map(|(server, date, deal, deals)| view! { <DailyDeal server date deal deals /> })
    }
}

/// The lines of deal `deal` (of `deals`) of day `date` on `server`.
#[component]
fn DailyDeal(server: String, date: String, deal: u32, deals: u32) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let lines = RwSignal::new(Lines::Loading);
    ask(server, date, deal, TRIES, lines);
    let body = move || {
        let l = lang.get();
        match lines.get() {
            Lines::Loading => view! {
                <p class="hint" data-testid="table-daily-loading">{tr(l, "daily.loading")}</p>
            }
            .into_any(),
            Lines::Computing => view! {
                <dl class="table-daily-lines">
                    {cell(l, "daily.par", "table-daily-par-pending", tr(l, "daily.par_pending"))}
                </dl>
            }
            .into_any(),
            Lines::Ready(m) => view! {
                <dl class="table-daily-lines">
                    {cell(l, "daily.money", "table-daily-money", signed(m.money))}
                    {cell(l, "daily.par", "table-daily-par", signed(m.par))}
                    {cell(l, "daily.mp", "table-daily-mp", percent(m.mp))}
                    {cell(l, "daily.field", "table-daily-field", m.field.to_string())}
                </dl>
            }
            .into_any(),
            other => view! {
                <p class="error" role="alert" data-testid="table-daily-error">
                    {failed_words(l, &other)}
                </p>
            }
            .into_any(),
        }
    };
    let base = router_base();
    view! {
        <div class="table-daily" data-testid="table-daily" aria-live="polite">
            <h3>
                {move || {
                    tr_with(
                        lang.get(),
                        "daily.table_title",
                        &[("n", &deal.to_string()), ("deals", &deals.to_string())],
                    )
                }}
            </h3>
            {body}
            <p>
                <a href=format!("{base}/daily") data-testid="table-daily-link">
                    {text(lang, "daily.table_link")}
                </a>
            </p>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_par_is_waited_for_a_few_reads_then_missed_in_words() {
        let day: Day = serde_json::from_str(
            r#"{"date":"2026-11-28","today":true,"deals":8,"standings":[],
                "mine":[{"deal":1,"money":4,"par":2,"mp":50.0,"field":2}]}"#,
        )
        .unwrap();
        match lines_of(Ok(day.clone()), 1, 3) {
            Lines::Ready(m) => assert_eq!((m.money, m.par, m.field), (4, 2, 2)),
            other => panic!("{other:?}"),
        }
        // Deal 2 is not stored yet: being computed, read again; out of reads: said so.
        assert_eq!(lines_of(Ok(day.clone()), 2, 3), Lines::Computing);
        assert_eq!(lines_of(Ok(day), 2, 0), Lines::GaveUp);
        let missed = failed_words(Lang::En, &Lines::GaveUp).unwrap();
        assert!(missed.starts_with("The par has not arrived"), "{missed}");
        let refused = lines_of(Err(DailyError::Refused(400, "bad date".into())), 1, 3);
        assert_eq!(
            failed_words(Lang::En, &refused).as_deref(),
            Some("bad date")
        );
        assert_eq!(failed_words(Lang::En, &Lines::Computing), None);
    }
}
