//! The player's own account, folded under the player box: change the password (the server
//! signs out every other device) and delete the player (an account with its password, a guest
//! as it is): the name goes, the games stay without it, and this browser forgets the player.

use leptos::prelude::*;

use super::{LobbyPage, words};
use crate::i18n::{text, tr};
use crate::live_client::players::{change_password, delete_player, kept_player};

/// A password field of this box.
fn password_field(
    lp: LobbyPage,
    label: &'static str,
    testid: &'static str,
    autocomplete: &'static str,
    value: RwSignal<String>,
) -> impl IntoView {
    view! {
        <label class="field lobby-field">
            <span>{text(lp.lang, label)}</span>
            <input
                type="password"
                maxlength="256"
                autocomplete=autocomplete
                data-testid=testid
                prop:value=value
                on:input=move |ev| value.set(event_target_value(&ev))
            />
        </label>
    }
}

/// Change the password, delete the player.
#[component]
pub(super) fn AccountBox() -> impl IntoView {
    let lp = expect_context::<LobbyPage>();
    let lang = lp.lang;
    let current = RwSignal::new(String::new());
    let new = RwSignal::new(String::new());
    let confirm = RwSignal::new(String::new());
    let server = move || lp.server.get_value();
    let is_account = move || lp.player.with(|p| p.as_ref().is_some_and(|p| p.account));

    let do_change = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let (c, n) = (current.get_untracked(), new.get_untracked());
        if c.is_empty() || n.is_empty() {
            lp.error.set(Some(words(&lp, "lobby.fill_both")));
            return;
        }
        if !lp.begin() {
            return;
        }
        leptos::task::spawn_local(async move {
            let r = change_password(&server(), &c, &n).await;
            lp.busy.set(false);
            match r {
                Ok(()) => {
                    current.set(String::new());
                    new.set(String::new());
                    lp.done(words(&lp, "lobby.password_changed"));
                }
                Err(e) => lp.refused(&e),
            }
        });
    };
    let do_delete = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let account = is_account();
        let password = confirm.get_untracked();
        if account && password.is_empty() {
            lp.error.set(Some(words(&lp, "lobby.fill_both")));
            return;
        }
        if !lp.begin() {
            return;
        }
        leptos::task::spawn_local(async move {
            let r = delete_player(&server(), account.then_some(password.as_str())).await;
            lp.busy.set(false);
            match r {
                Ok(()) => {
                    confirm.set(String::new());
                    lp.player.set(kept_player(&server()));
                    lp.table.set(None);
                    lp.done(words(&lp, "lobby.deleted"));
                }
                Err(e) => lp.refused(&e),
            }
        });
    };

    view! {
        <details class="lobby-account" data-testid="account-manage">
            <summary>{text(lang, "lobby.manage_title")}</summary>
            <Show when=is_account>
                <form class="lobby-form" on:submit=do_change aria-labelledby="lobby-password-title">
                    <h4 id="lobby-password-title">{text(lang, "lobby.password_title")}</h4>
                    {password_field(lp, "lobby.password_current", "password-current", "current-password", current)}
                    {password_field(lp, "lobby.password_new", "password-new", "new-password", new)}
                    <button type="submit" data-testid="password-submit" disabled=lp.busy>
                        {text(lang, "lobby.password_submit")}
                    </button>
                </form>
            </Show>
            <form class="lobby-form" on:submit=do_delete aria-labelledby="lobby-delete-title">
                <h4 id="lobby-delete-title">
                    {move || {
                        tr(lang.get(), if is_account() { "lobby.delete_title_account" } else { "lobby.delete_title_guest" })
                    }}
                </h4>
                <p class="hint">
                    {move || {
                        tr(lang.get(), if is_account() { "lobby.delete_hint_account" } else { "lobby.delete_hint_guest" })
                    }}
                </p>
                <Show when=is_account>
                    {password_field(lp, "lobby.delete_password", "delete-password", "current-password", confirm)}
                </Show>
                <button type="submit" class="danger" data-testid="delete-submit" disabled=lp.busy>
                    {text(lang, "lobby.delete_submit")}
                </button>
            </form>
        </details>
    }
}
