//! The profile's counts: name, rating ("1512 ± 210?" and what provisional means), games
//! (on the own profile also the local evening's), money, the soloist's bids by contract,
//! kontras and games left mid-way.

use leptos::prelude::*;

use super::Loaded;
use crate::i18n::{Lang, text, tr, tr_with};
use crate::model::profile::{bid_bars, local_games};

/// A contract family's name (the server's key, in words when the catalogue knows it).
pub(super) fn family_name(lang: Lang, key: &str) -> String {
    let k = format!("bid.part.{key}");
    let w = tr(lang, &k);
    // A key the catalogue does not know comes back as itself.
    if w.ends_with(&k) { key.to_string() } else { w }
}

/// The number of games of the browser's own evening at the Table page.
fn own_local_games() -> usize {
    let kept = leptos::prelude::window()
        .local_storage()
        .ok()
        .flatten()
        .and_then(|s| s.get_item("ulti-table").ok().flatten());
    local_games(kept.as_deref())
}

/// "Hidden by the player".
pub(super) fn hidden_note(lang: RwSignal<Lang>) -> impl IntoView {
    view! { <span class="profile-hidden">{text(lang, "profile.hidden")}</span> }
}

#[component]
pub(super) fn Counts(lang: RwSignal<Lang>, d: StoredValue<Loaded>) -> impl IntoView {
    let p = d.with_value(|d| d.profile.clone());
    let own = d.with_value(|d| d.own);
    let local = own.then(own_local_games).unwrap_or(0);
    let name = p.name.clone();
    let rating = p.rating;
    let games = p.games;
    let money = p.money;
    let money_hidden = p.hides("money");
    let bars = bid_bars(&p.bids);
    let kontras = p.kontras;
    let left = p.left_midway;
    let completion = p.completion_percent();
    view! {
        <section class="profile-head" aria-labelledby="profile-name">
            <h3 id="profile-name" data-testid="profile-name">
                {move || name.clone().unwrap_or_else(|| tr(lang.get(), "profile.deleted_name"))}
                {own.then(|| view! { <span class="profile-you">{text(lang, "profile.you")}</span> })}
            </h3>
            <dl class="profile-counts">
                <dt>{text(lang, "profile.rating")}</dt>
                <dd>
                    <span data-testid="profile-rating">{rating.text()}</span>
                    <span class="hint profile-rating-note">
                        {move || {
                            let l = lang.get();
                            if rating.provisional {
                                tr(l, "profile.provisional")
                            } else if rating.ranked {
                                tr(l, "profile.ranked")
                            } else {
                                tr(l, "profile.settling")
                            }
                        }}
                    </span>
                </dd>
                <dt>{text(lang, "profile.games")}</dt>
                <dd data-testid="profile-games" data-games=games.to_string()>
                    {games.to_string()}
                    {(own && local > 0)
                        .then(|| {
                            view! {
                                <span class="hint" data-testid="profile-local-games">
                                    {move || tr_with(lang.get(), "profile.local_games", &[("n", &local.to_string())])}
                                </span>
                            }
                        })}
                </dd>
                <dt>{text(lang, "profile.money")}</dt>
                <dd data-testid="profile-money" data-total=money.map(|m| m.total.to_string())>
                    {match money {
                        Some(m) => {
                            view! {
                                {move || {
                                    let per = m.per_deal.map_or_else(|| "–".to_string(), |x| format!("{x:+.2}"));
                                    tr_with(lang.get(), "profile.money_text", &[("total", &format!("{:+}", m.total)), ("per", &per)])
                                }}
                            }
                                .into_any()
                        }
                        None if money_hidden => hidden_note(lang).into_any(),
                        None => "–".into_any(),
                    }}
                </dd>
                <dt>{text(lang, "profile.kontras")}</dt>
                <dd data-testid="profile-kontras">
                    {move || tr_with(lang.get(), "profile.kontras_text", &[("said", &kontras.said.to_string()), ("won", &kontras.won.to_string())])}
                </dd>
                <dt>{text(lang, "profile.left")}</dt>
                <dd data-testid="profile-left">
                    {move || {
                        let pc = completion.map_or_else(|| "–".to_string(), |c| format!("{c}%"));
                        tr_with(lang.get(), "profile.left_text", &[("n", &left.to_string()), ("pc", &pc)])
                    }}
                </dd>
            </dl>
            <table class="profile-bids" data-testid="profile-bids">
                <caption>{text(lang, "profile.bids")}</caption>
                <thead>
                    <tr>
                        <th scope="col">{text(lang, "profile.contract")}</th>
                        <th scope="col">{text(lang, "profile.made")}</th>
                        <th scope="col">{text(lang, "profile.failed")}</th>
                    </tr>
                </thead>
                <tbody>
                    {if bars.is_empty() {
                        view! {
                            <tr>
                                <td colspan="3">{text(lang, "profile.no_bids")}</td>
                            </tr>
                        }
                            .into_any()
                    } else {
                        bars.into_iter()
                            .map(|(key, made, failed)| {
                                let k = key.clone();
                                view! {
                                    <tr data-testid="profile-bid" data-bid=key>
                                        <th scope="row">{move || family_name(lang.get(), &k)}</th>
                                        <td>{made}</td>
                                        <td>{failed}</td>
                                    </tr>
                                }
                            })
                            .collect_view()
                            .into_any()
                    }}
                </tbody>
            </table>
        </section>
    }
}
