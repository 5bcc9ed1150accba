//! The Profile page (`/profile?player=ID`, without `player=` the browser's own kept player):
//! the counts ([`counts`]), the pictures ([`charts`]), the game history ([`history`]) and, on
//! the own profile, what it hides from others and the guest's delete ([`privacy`]). The
//! requests are `live_client::profiles`'s, the numbers `model::profile`'s.

mod charts;
mod counts;
mod history;
mod privacy;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;

use crate::components::header::Header;
use crate::i18n::{Lang, text, tr};
use crate::live_client::players::kept_player;
use crate::live_client::profiles::{self, ProfileError};
use crate::live_client::resolve_server;
use crate::model::profile::{GameRow, Profile};
use crate::state::PageLang;

/// The profile's address in the app: `/profile?player=ID` (its server named when not the app's
/// own, the chosen language along).
#[must_use]
pub fn profile_path(server: &str, player: &str, lang: Option<Lang>) -> String {
    let enc = |s: &str| String::from(js_sys::encode_uri_component(s));
    let mut q = format!("/profile?player={}", enc(player));
    if server != crate::live_client::own_origin() {
        q.push_str(&format!("&server={}", enc(server)));
    }
    if let Some(l) = lang {
        q.push_str(&format!("&lang={}", l.code()));
    }
    q
}

/// What the page shows once it is read.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Loaded {
    pub profile: Profile,
    pub games: Vec<GameRow>,
    /// Is it the browser's own kept player?
    pub own: bool,
    pub server: String,
}

/// The Profile page.
#[component]
pub fn ProfilePage() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let param = query.with_untracked(|q| q.get_str("server").map(str::to_string));
    let asked = query.with_untracked(|q| q.get_str("player").map(str::to_string));
    let loaded: RwSignal<Option<Loaded>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let no_player = RwSignal::new(false);
    leptos::task::spawn_local(async move {
        let server = resolve_server(param).await;
        let kept = kept_player(&server);
        let own = kept.as_ref().map(|k| k.player.clone());
        let Some(player) = asked.clone().or(own.clone()) else {
            let _ = no_player.try_set(true);
            return;
        };
        let result = async {
            let profile = profiles::profile(&server, &player).await?;
            let games = if profile.hides("games") {
                Vec::new()
            } else {
                profiles::games(&server, &player).await?
            };
            Ok::<_, ProfileError>((profile, games))
        }
        .await;
        match result {
            Ok((profile, games)) => {
                let _ = loaded.try_set(Some(Loaded {
                    own: own.as_deref() == Some(player.as_str()),
                    profile,
                    games,
                    server,
                }));
            }
            Err(e) => {
                let l = lang.get_untracked();
                let _ = error.try_set(Some(match e {
                    ProfileError::NoPlayer => tr(l, "profile.no_such_player"),
                    ProfileError::Unreachable => tr(l, "profile.unreachable"),
                    ProfileError::Other(w) => w,
                }));
            }
        }
    });
    view! {
        <Header />
        <main class="profile-layout" data-testid="profile">
            <h2 class="profile-title">{text(lang, "profile.title")}</h2>
            {move || {
                error
                    .get()
                    .map(|e| view! { <p class="alert" role="alert" data-testid="profile-error">{e}</p> })
            }}
            {move || {
                no_player
                    .get()
                    .then(|| view! { <p class="hint" data-testid="profile-none">{text(lang, "profile.none_yet")}</p> })
            }}
            {move || {
                loaded
                    .get()
                    .map(|d| {
                        let d = StoredValue::new(d);
                        view! {
                            <counts::Counts lang d />
                            <charts::Charts lang d />
                            <history::History lang d chosen=page.chosen />
                            {d.with_value(|d| d.own).then(|| view! { <privacy::Privacy lang d /> })}
                        }
                    })
            }}
        </main>
    }
}
