//! The Leaderboard (`/leaderboard`): the players whose rating's deviation is under 75 (the
//! server's `GET /api/leaderboard`), best first: rank, name (a link to the profile), rating,
//! games; words instead when nobody qualifies yet.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::components::header::Header;
use crate::i18n::{Lang, text, tr, tr_with};
use crate::live_client::profiles::{self, ProfileError};
use crate::live_client::resolve_server;
use crate::model::profile::{LeaderRow, games_to_rank};
use crate::pages::profile::profile_path;
use crate::state::PageLang;

/// The Leaderboard page.
#[component]
pub fn LeaderboardPage() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let param = query.with_untracked(|q| q.get_str("server").map(str::to_string));
    let rows: RwSignal<Option<(String, Vec<LeaderRow>)>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    leptos::task::spawn_local(async move {
        let server = resolve_server(param).await;
        match profiles::leaderboard(&server).await {
            Ok(r) => {
                let _ = rows.try_set(Some((server, r)));
            }
            Err(e) => {
                let l = lang.get_untracked();
                let _ = error.try_set(Some(match e {
                    ProfileError::Unreachable | ProfileError::NoPlayer => {
                        tr(l, "profile.unreachable")
                    }
                    ProfileError::Other(w) => w,
                }));
            }
        }
    });
    let base = crate::url_sync::router_base();
    view! {
        <Header />
        <main class="leaderboard-layout" data-testid="leaderboard">
            <h2>{text(lang, "leaderboard.title")}</h2>
            <p class="hint">{text(lang, "leaderboard.intro")}</p>
            {move || {
                error.get().map(|e| view! { <p class="alert" role="alert" data-testid="leaderboard-error">{e}</p> })
            }}
            {move || {
                let base = base.clone();
                rows.get()
                    .map(|(server, list)| {
                        if list.is_empty() {
                            view! {
                                <p data-testid="leaderboard-empty">
                                    {move || tr_with(lang.get(), "leaderboard.empty", &[("n", &games_to_rank().to_string())])}
                                </p>
                            }
                                .into_any()
                        } else {
                            view! {
                                <table class="leaderboard-table">
                                    <thead>
                                        <tr>
                                            <th scope="col">{text(lang, "leaderboard.rank")}</th>
                                            <th scope="col">{text(lang, "leaderboard.name")}</th>
                                            <th scope="col">{text(lang, "profile.rating")}</th>
                                            <th scope="col">{text(lang, "profile.games")}</th>
                                        </tr>
                                    </thead>
                                    <tbody>
                                        {list
                                            .into_iter()
                                            .map(|r| {
                                                let chosen = page.chosen.get_untracked().then(|| lang.get_untracked());
                                                let href = format!("{base}{}", profile_path(&server, &r.player, chosen));
                                                let name = r.name.clone();
                                                view! {
                                                    <tr data-testid="leaderboard-row" data-player=r.player.clone()>
                                                        <td class="num">{r.rank}</td>
                                                        <td>
                                                            <a href=href data-testid="player-link">
                                                                {move || name.clone().unwrap_or_else(|| tr(lang.get(), "profile.deleted_name"))}
                                                            </a>
                                                        </td>
                                                        <td class="num">{r.rating.text()}</td>
                                                        <td class="num">{r.games}</td>
                                                    </tr>
                                                }
                                            })
                                            .collect_view()}
                                    </tbody>
                                </table>
                            }
                                .into_any()
                        }
                    })
            }}
        </main>
    }
}
