//! The profile's game history: one row per finished game (date, seat, the money, the rating
//! after), each opening that game on the Table page (`table?review=TABLE&game=N&seat=S`): its
//! record read from the server, with its result, the review from the player's seat and the
//! card play in the solver. On a phone the table scrolls sideways in its own region
//! (`ScrollTable`), every heading reachable.

use leptos::prelude::*;

use super::Loaded;
use crate::components::scroll_table::ScrollTable;
use crate::i18n::{Lang, text, tr, tr_with};
use crate::model::dates::date_of;

/// The history's column headings (message keys).
const HEADINGS: &[&str] = &[
    "profile.date",
    "profile.seat",
    "profile.money_axis",
    "profile.rating_axis",
    "profile.open",
];

/// The history in its own scroll region, so a phone scrolls the table, not the page.
#[component]
pub(super) fn History(
    lang: RwSignal<Lang>,
    d: StoredValue<Loaded>,
    chosen: RwSignal<bool>,
) -> impl IntoView {
    let (games, server, hidden) =
        d.with_value(|d| (d.games.clone(), d.server.clone(), d.profile.hides("games")));
    let base = crate::url_sync::router_base();
    let own = server == crate::live_client::own_origin();
    view! {
        <section class="profile-history" aria-labelledby="profile-history-title">
            <h3 id="profile-history-title">{text(lang, "profile.history")}</h3>
            {if hidden {
                view! { <p data-testid="profile-history-hidden">{text(lang, "profile.hidden")}</p> }.into_any()
            } else if games.is_empty() {
                view! { <p class="hint">{text(lang, "profile.no_games")}</p> }.into_any()
            } else {
                view! {
                    <ScrollTable
                        lang
                        labelled_by="profile-history-title"
                        headings=HEADINGS
                        class="profile-games"
                    >
                        {games
                            .into_iter()
                            .map(|g| {
                                let mut href = format!(
                                    "{base}/table?review={}&game={}&seat={}",
                                    String::from(js_sys::encode_uri_component(&g.table)),
                                    g.game,
                                    g.seat
                                );
                                if !own {
                                    href.push_str(&format!("&server={}", String::from(js_sys::encode_uri_component(&server))));
                                }
                                let seat = g.seat;
                                let n = g.game;
                                let href = move || {
                                    if chosen.get() { format!("{href}&lang={}", lang.get().code()) } else { href.clone() }
                                };
                                view! {
                                    <tr data-testid="profile-game" data-table=g.table.clone() data-game=g.game.to_string()>
                                        <td>{date_of(g.at)}</td>
                                        <td>{move || tr_with(lang.get(), "profile.seat_n", &[("n", &(seat + 1).to_string())])}</td>
                                        <td class="num">
                                            {if g.payments.is_empty() { "–".to_string() } else { format!("{:+}", g.money()) }}
                                        </td>
                                        <td class="num">{g.rating}</td>
                                        <td>
                                            <a
                                                href=href
                                                aria-label=move || tr_with(lang.get(), "profile.open_game", &[("n", &n.to_string())])
                                            >
                                                {move || tr_with(lang.get(), "profile.open_short", &[("n", &n.to_string())])}
                                            </a>
                                        </td>
                                    </tr>
                                }
                            })
                            .collect_view()}
                    </ScrollTable>
                    <p class="hint">{move || tr(lang.get(), "profile.history_note")}</p>
                }
                    .into_any()
            }}
        </section>
    }
}
