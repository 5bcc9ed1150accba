//! The profile's three pictures (money over time, rating over time, the soloist's bids made
//! and failed), each an SVG drawn by `components::charts` into an element with `role="img"`
//! and an accessible name, with the same numbers as a text table in a `<details>`.

use leptos::prelude::*;

use super::Loaded;
use super::counts::family_name;
use crate::components::charts::{Labels, bar_chart, line_chart};
use crate::i18n::{Lang, text, tr};
use crate::model::profile::{bid_bars, money_over_time, rating_over_time};

/// One picture and its text table (`rows`: the first column's and the second's words).
fn figure(
    lang: RwSignal<Lang>,
    testid: &'static str,
    title: &'static str,
    svg: impl Fn(Lang) -> String + Send + Sync + 'static,
    head: [&'static str; 3],
    rows: Vec<[String; 3]>,
) -> impl IntoView {
    let cols = if head[2].is_empty() { 2 } else { 3 };
    view! {
        <figure class="profile-chart">
            <figcaption>{text(lang, title)}</figcaption>
            <div
                class="chart-svg"
                role="img"
                data-testid=testid
                aria-label=move || tr(lang.get(), title)
                inner_html=move || svg(lang.get())
            ></div>
            <details class="chart-table">
                <summary>{text(lang, "profile.as_table")}</summary>
                <table>
                    <thead>
                        <tr>
                            {head[..cols]
                                .iter()
                                .map(|k| view! { <th scope="col">{text(lang, k)}</th> })
                                .collect_view()}
                        </tr>
                    </thead>
                    <tbody>
                        {rows
                            .into_iter()
                            .map(|r| {
                                view! {
                                    <tr>
                                        {r[..cols].iter().map(|c| view! { <td>{c.clone()}</td> }).collect_view()}
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </tbody>
                </table>
            </details>
        </figure>
    }
}

#[component]
pub(super) fn Charts(lang: RwSignal<Lang>, d: StoredValue<Loaded>) -> impl IntoView {
    let (games, profile) = d.with_value(|d| (d.games.clone(), d.profile.clone()));
    let money_hidden = profile.money.is_none() || profile.hides("money");
    let money = money_over_time(&games);
    let rating = rating_over_time(&games);
    let bars = bid_bars(&profile.bids);
    let numbered = |v: &[i64]| -> Vec<[String; 3]> {
        v.iter()
            .enumerate()
            .map(|(i, x)| [(i + 1).to_string(), x.to_string(), String::new()])
            .collect()
    };
    let money_rows = numbered(&money);
    let rating_rows = numbered(&rating);
    let bar_rows: Vec<[String; 3]> = bars
        .iter()
        .map(|(k, m, f)| [k.clone(), m.to_string(), f.to_string()])
        .collect();
    let bars_svg = bars.clone();
    view! {
        <section class="profile-charts" aria-label=move || tr(lang.get(), "profile.pictures")>
            {(!money_hidden)
                .then(|| {
                    figure(
                        lang,
                        "chart-money",
                        "profile.chart_money",
                        move |l| line_chart(&money, &Labels { x: &tr(l, "profile.game_axis"), y: &tr(l, "profile.money_axis") }, true),
                        ["profile.game_axis", "profile.money_axis", ""],
                        money_rows,
                    )
                })}
            {figure(
                lang,
                "chart-rating",
                "profile.chart_rating",
                move |l| line_chart(&rating, &Labels { x: &tr(l, "profile.game_axis"), y: &tr(l, "profile.rating_axis") }, false),
                ["profile.game_axis", "profile.rating_axis", ""],
                rating_rows,
            )}
            {figure(
                lang,
                "chart-bids",
                "profile.chart_bids",
                move |l| {
                    let named: Vec<_> = bars_svg.iter().map(|(k, m, f)| (family_name(l, k), *m, *f)).collect();
                    bar_chart(&named, &Labels { x: &tr(l, "profile.contract"), y: &tr(l, "profile.bids_axis") })
                },
                ["profile.contract", "profile.made", "profile.failed"],
                bar_rows,
            )}
        </section>
    }
}
