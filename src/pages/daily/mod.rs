//! The Daily page (`/daily`, `?date=YYYY-MM-DD` for a past day): today's date, the start of
//! today's attempt (a guest made first when none is kept; then the live table), the player's
//! deals with money, par and matchpoints, the day's standings, and the past days.

use leptos::prelude::*;
use leptos_router::hooks::{use_navigate, use_query_map};

use crate::components::header::Header;
use crate::components::scroll_table::ScrollTable;
use crate::i18n::{Lang, text, tr, tr_with};
use crate::live_client::daily::{DailyError, day, history, start};
use crate::live_client::resolve_server;
use crate::model::daily::{Day, PastDay, StartState, percent, signed};
use crate::model::dates::looks_like_date;
use crate::state::PageLang;
use crate::url_sync::router_base;

fn error_words(lang: Lang, e: &DailyError) -> String {
    match e {
        DailyError::Unreachable => tr(lang, "daily.unreachable"),
        DailyError::Refused(_, words) => words.clone(),
    }
}

/// The Daily page.
#[component]
pub fn DailyPage() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let param = query.with_untracked(|q| q.get_str("server").map(str::to_string));
    let date = query.with_untracked(|q| {
        q.get_str("date")
            .filter(|d| looks_like_date(d))
            .map(str::to_string)
    });
    let server: RwSignal<Option<String>> = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let found = resolve_server(param).await;
        let _ = server.try_set(Some(found));
    });
    view! {
        <Header />
        <main class="lobby-layout daily" data-testid="daily">
            <h2 class="lobby-title">{text(lang, "daily.title")}</h2>
            <p class="hint">{text(lang, "daily.intro")}</p>
            {move || {
                server
                    .get()
                    .map(|server| view! { <DailyAt lang server date=date.clone() /> })
            }}
        </main>
    }
}

/// The day on `server`.
#[component]
fn DailyAt(lang: RwSignal<Lang>, server: String, date: Option<String>) -> impl IntoView {
    let the_day: RwSignal<Option<Day>> = RwSignal::new(None);
    let past: RwSignal<Vec<PastDay>> = RwSignal::new(Vec::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let busy = RwSignal::new(false);
    let server = StoredValue::new(server);
    {
        let date = date.clone();
        leptos::task::spawn_local(async move {
            let s = server.get_value();
            match day(&s, date.as_deref()).await {
                Ok(d) => {
                    let _ = the_day.try_set(Some(d));
                }
                Err(e) => {
                    let _ = error.try_set(Some(error_words(lang.get_untracked(), &e)));
                }
            }
            if let Ok(h) = history(&s).await {
                let _ = past.try_set(h);
            }
        });
    }
    let navigate = use_navigate();
    let go = move |_| {
        if busy.get_untracked() {
            return;
        }
        busy.set(true);
        error.set(None);
        let navigate = navigate.clone();
        leptos::task::spawn_local(async move {
            let s = server.get_value();
            let r = start(&s).await;
            busy.set(false);
            match r {
                Ok(table) => {
                    let mut path = format!("/table?live={table}");
                    if s != crate::live_client::own_origin() {
                        path.push_str(&format!(
                            "&server={}",
                            String::from(js_sys::encode_uri_component(&s))
                        ));
                    }
                    navigate(&path, Default::default());
                }
                Err(e) => error.set(Some(error_words(lang.get_untracked(), &e))),
            }
        });
    };
    view! {
        {move || {
            error
                .get()
                .map(|e| view! { <p class="alert" role="alert" data-testid="daily-error">{e}</p> })
        }}
        {move || match the_day.get() {
            None => view! { <p class="hint">{text(lang, "daily.loading")}</p> }.into_any(),
            Some(d) => {
                let go = go.clone();
                let state = d.start_state();
                let date_words = tr_with(lang.get(), "daily.date", &[("date", &d.date)]);
                view! {
                    <section class="panel daily-head">
                        <h3>{date_words}</h3>
                        {match state {
                            StartState::Start | StartState::Continue => {
                                let key = if state == StartState::Start {
                                    "daily.start"
                                } else {
                                    "daily.continue"
                                };
                                view! {
                                    <button type="button" class="primary" data-testid="daily-start" disabled=busy on:click=go>
                                        {text(lang, key)}
                                    </button>
                                }
                                    .into_any()
                            }
                            StartState::Done => {
                                view! { <p data-testid="daily-done">{text(lang, "daily.done")}</p> }
                                    .into_any()
                            }
                            StartState::Past => view! { <p class="hint">{text(lang, "daily.past")}</p> }.into_any(),
                        }}
                        {d.my_score().map(|mp| {
                            view! { <p>{tr_with(lang.get(), "daily.your_score", &[("mp", &percent(mp))])}</p> }
                        })}
                    </section>
                    <MyDeals lang the_day=d.clone() />
                    <Standings lang the_day=d />
                }
                    .into_any()
            }
        }}
        <PastDays lang past />
    }
}

/// A panel of the day: its title, and a table of `headings` over `rows`, or `empty` in words
/// when there are no rows.
#[component]
fn DayTable(
    lang: RwSignal<Lang>,
    /// The title's id (it names the table's scroll region).
    title_id: &'static str,
    /// The title's message key.
    title: &'static str,
    /// The words when there are no rows.
    empty: &'static str,
    /// The column headings' message keys.
    headings: &'static [&'static str],
    rows: Vec<AnyView>,
    /// The panel's classes.
    #[prop(default = "panel")]
    class: &'static str,
    /// The panel's test id.
    #[prop(optional)]
    testid: Option<&'static str>,
) -> impl IntoView {
    view! {
        <section class=class aria-labelledby=title_id data-testid=testid>
            <h3 id=title_id>{text(lang, title)}</h3>
            {if rows.is_empty() {
                view! { <p class="hint">{text(lang, empty)}</p> }.into_any()
            } else {
                view! {
                    <ScrollTable lang labelled_by=title_id headings>
                        {rows}
                    </ScrollTable>
                }
                    .into_any()
            }}
        </section>
    }
}

/// The player's deals of the day.
#[component]
fn MyDeals(lang: RwSignal<Lang>, the_day: Day) -> impl IntoView {
    let l = lang.get_untracked();
    let rows = the_day
        .mine
        .iter()
        .map(|m| {
            view! {
                <tr data-testid="daily-deal" data-deal=m.deal.to_string()>
                    <th scope="row">{tr_with(l, "daily.deal", &[("n", &m.deal.to_string())])}</th>
                    <td data-testid="daily-money">{signed(m.money)}</td>
                    <td data-testid="daily-par">{signed(m.par)}</td>
                    <td data-testid="daily-mp">{percent(m.mp)}</td>
                    <td data-testid="daily-field">{m.field.to_string()}</td>
                </tr>
            }
            .into_any()
        })
        .collect();
    view! {
        <DayTable
            lang
            title_id="daily-mine-title"
            title="daily.mine"
            empty="daily.none"
            headings=&["daily.deals", "daily.money", "daily.par", "daily.mp", "daily.field"]
            rows
            class="panel daily-mine"
        />
    }
}

/// The day's standings.
#[component]
fn Standings(lang: RwSignal<Lang>, the_day: Day) -> impl IntoView {
    let l = lang.get_untracked();
    let rows = the_day
        .standings
        .iter()
        .map(|s| {
            let name = s.name.clone().unwrap_or_else(|| tr(l, "daily.deleted"));
            view! {
                <tr data-testid="daily-row" data-player=s.player.clone()>
                    <th scope="row">{name}</th>
                    <td>{s.deals.to_string()}</td>
                    <td>{percent(s.mp)}</td>
                    <td>{signed(s.money)}</td>
                </tr>
            }
            .into_any()
        })
        .collect();
    view! {
        <DayTable
            lang
            title_id="daily-standings-title"
            title="daily.standings"
            empty="daily.nobody"
            headings=&["daily.player", "daily.deals", "daily.mp", "daily.money"]
            rows
            testid="daily-standings"
        />
    }
}

/// Links to the past days.
#[component]
fn PastDays(lang: RwSignal<Lang>, past: RwSignal<Vec<PastDay>>) -> impl IntoView {
    view! {
        <section class="panel" aria-labelledby="daily-history-title" data-testid="daily-history">
            <h3 id="daily-history-title">{text(lang, "daily.history")}</h3>
            {move || {
                let l = lang.get();
                let list = past.get();
                if list.is_empty() {
                    return view! { <p class="hint">{tr(l, "daily.no_history")}</p> }.into_any();
                }
                view! {
                    <ul>
                        {list
                            .into_iter()
                            .map(|p| {
                                let href = format!("{}/daily?date={}", router_base(), p.date);
                                let players = tr_with(l, "daily.players", &[("n", &p.players.to_string())]);
                                let winner = p.winner.as_ref().and_then(|w| w.name.clone()).map(|n| {
                                    format!(", {}", tr_with(l, "daily.winner", &[("name", &n)]))
                                });
                                view! {
                                    <li>
                                        <a href=href>{p.date.clone()}</a>
                                        {format!(" — {players}{}", winner.unwrap_or_default())}
                                    </li>
                                }
                            })
                            .collect_view()}
                    </ul>
                }
                    .into_any()
            }}
        </section>
    }
}
