//! The own profile's privacy: what it hides from others (`profile-hide` boxes, kept by the
//! server, `POST /api/me/privacy`), and deleting the player (a guest here at once after a
//! confirmation; an account needs its password, in the Lobby's account box).

use leptos::prelude::*;

use super::Loaded;
use crate::i18n::{Lang, text, tr};
use crate::live_client::players::{delete_player, kept_player};
use crate::live_client::profiles::{ProfileError, set_privacy};
use crate::model::profile::HIDEABLE;

#[component]
pub(super) fn Privacy(lang: RwSignal<Lang>, d: StoredValue<Loaded>) -> impl IntoView {
    let (server, hidden0) = d.with_value(|d| (d.server.clone(), d.profile.hidden.clone()));
    let hidden = RwSignal::new(hidden0);
    let note: RwSignal<Option<String>> = RwSignal::new(None);
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    let deleted = RwSignal::new(false);
    let account = kept_player(&server).is_some_and(|p| p.account);
    let server = StoredValue::new(server);
    let toggle = move |what: &'static str, on: bool| {
        let mut want: Vec<&str> = HIDEABLE
            .iter()
            .copied()
            .filter(|w| hidden.with_untracked(|h| h.iter().any(|x| x == w)))
            .collect();
        want.retain(|w| *w != what);
        if on {
            want.push(what);
        }
        let want: Vec<String> = want.into_iter().map(str::to_string).collect();
        leptos::task::spawn_local(async move {
            let refs: Vec<&str> = want.iter().map(String::as_str).collect();
            match set_privacy(&server.get_value(), &refs).await {
                Ok(h) => {
                    let _ = hidden.try_set(h);
                    let _ = error.try_set(None);
                    let _ = note.try_set(Some(tr(lang.get_untracked(), "profile.saved")));
                }
                Err(e) => {
                    let l = lang.get_untracked();
                    let _ = note.try_set(None);
                    let _ = error.try_set(Some(match e {
                        ProfileError::Unreachable => tr(l, "profile.unreachable"),
                        ProfileError::NoPlayer => tr(l, "profile.none_yet"),
                        ProfileError::Other(w) => w,
                    }));
                }
            }
        });
    };
    let delete = move |_| {
        let ok = window()
            .confirm_with_message(&tr(lang.get_untracked(), "profile.delete_confirm"))
            .unwrap_or(false);
        if !ok {
            return;
        }
        leptos::task::spawn_local(async move {
            match delete_player(&server.get_value(), None).await {
                Ok(()) => {
                    let _ = deleted.try_set(true);
                    let _ = note.try_set(Some(tr(lang.get_untracked(), "profile.deleted")));
                }
                Err(e) => {
                    let _ = error.try_set(Some(format!("{e:?}")));
                }
            }
        });
    };
    let base = crate::url_sync::router_base();
    view! {
        <section class="profile-privacy" aria-labelledby="profile-privacy-title">
            <h3 id="profile-privacy-title">{text(lang, "profile.privacy")}</h3>
            <p class="hint">{text(lang, "profile.privacy_note")}</p>
            {HIDEABLE
                .iter()
                .map(|&what| {
                    let key = if what == "money" { "profile.hide_money" } else { "profile.hide_games" };
                    view! {
                        <label>
                            <input
                                type="checkbox"
                                data-testid="profile-hide"
                                data-hide=what
                                prop:checked=move || hidden.with(|h| h.iter().any(|x| x == what))
                                disabled=deleted
                                on:change=move |ev| toggle(what, event_target_checked(&ev))
                            />
                            " "
                            {text(lang, key)}
                        </label>
                    }
                })
                .collect_view()}
            <p role="status" data-testid="profile-privacy-note">{move || note.get()}</p>
            {move || error.get().map(|e| view! { <p class="alert" role="alert">{e}</p> })}
            <p>
                {if account {
                    view! {
                        <a href=format!("{base}/lobby") data-testid="profile-delete">
                            {text(lang, "profile.delete_account")}
                        </a>
                    }
                        .into_any()
                } else {
                    view! {
                        <button type="button" class="danger" data-testid="profile-delete" disabled=deleted on:click=delete>
                            {text(lang, "profile.delete")}
                        </button>
                    }
                        .into_any()
                }}
            </p>
        </section>
    }
}
