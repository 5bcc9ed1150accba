//! The player box: the user's name on the table server (and a way to change it), sign up (the
//! guest becomes an account and keeps its seats and games), sign in, sign out.

use leptos::prelude::*;

use super::account::AccountBox;
use super::{LobbyPage, words};
use crate::i18n::{text, tr_with};
use crate::live_client::players::{kept_player, rename, sign_in, sign_out, sign_up};

/// A name and a password typed in a form.
#[derive(Clone, Copy)]
struct Credentials {
    name: RwSignal<String>,
    password: RwSignal<String>,
}

impl Credentials {
    fn new() -> Credentials {
        Credentials {
            name: RwSignal::new(String::new()),
            password: RwSignal::new(String::new()),
        }
    }

    /// Both filled in: (name, password); else the page says so.
    fn take(&self, lp: &LobbyPage) -> Option<(String, String)> {
        let (n, p) = (
            self.name.get_untracked().trim().to_string(),
            self.password.get_untracked(),
        );
        if n.is_empty() || p.is_empty() {
            lp.error.set(Some(words(lp, "lobby.fill_both")));
            return None;
        }
        Some((n, p))
    }
}

/// A name field and a password field (`prefix`: `signup` or `signin`, the test ids').
fn credential_fields(lp: LobbyPage, c: Credentials, prefix: &'static str) -> impl IntoView {
    let lang = lp.lang;
    let new_password = prefix == "signup";
    view! {
        <label class="field lobby-field">
            <span>{text(lang, "lobby.name")}</span>
            <input
                type="text"
                autocomplete="username"
                maxlength="20"
                data-testid=format!("{prefix}-name")
                prop:value=c.name
                on:input=move |ev| c.name.set(event_target_value(&ev))
            />
        </label>
        <label class="field lobby-field">
            <span>{text(lang, "lobby.password")}</span>
            <input
                type="password"
                autocomplete=if new_password { "new-password" } else { "current-password" }
                maxlength="256"
                data-testid=format!("{prefix}-password")
                prop:value=c.password
                on:input=move |ev| c.password.set(event_target_value(&ev))
            />
        </label>
    }
}

/// The player box.
#[component]
pub(super) fn PlayerBox() -> impl IntoView {
    let lp = expect_context::<LobbyPage>();
    let lang = lp.lang;
    let new_name = RwSignal::new(String::new());
    let up = Credentials::new();
    let signin = Credentials::new();
    let server = move || lp.server.get_value();

    let save_name = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let name = new_name.get_untracked().trim().to_string();
        if name.is_empty() || !lp.begin() {
            return;
        }
        leptos::task::spawn_local(async move {
            let r = rename(&server(), &name).await;
            lp.busy.set(false);
            match r {
                Ok(p) => {
                    lp.done(tr_with(
                        lang.get_untracked(),
                        "lobby.renamed",
                        &[("name", &p.name)],
                    ));
                    lp.player.set(Some(p));
                    new_name.set(String::new());
                }
                Err(e) => lp.refused(&e),
            }
        });
    };
    let do_sign_up = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some((name, password)) = up.take(&lp) else {
            return;
        };
        if !lp.begin() {
            return;
        }
        leptos::task::spawn_local(async move {
            let r = sign_up(&server(), &name, &password).await;
            lp.busy.set(false);
            match r {
                Ok(p) => {
                    lp.done(tr_with(
                        lang.get_untracked(),
                        "lobby.signed_up",
                        &[("name", &p.name)],
                    ));
                    lp.player.set(Some(p));
                    up.password.set(String::new());
                }
                Err(e) => lp.refused(&e),
            }
        });
    };
    let do_sign_in = move |ev: leptos::ev::SubmitEvent| {
        ev.prevent_default();
        let Some((name, password)) = signin.take(&lp) else {
            return;
        };
        if !lp.begin() {
            return;
        }
        leptos::task::spawn_local(async move {
            let r = sign_in(&server(), &name, &password).await;
            lp.busy.set(false);
            match r {
                Ok(p) => {
                    lp.done(tr_with(
                        lang.get_untracked(),
                        "lobby.signed_in",
                        &[("name", &p.name)],
                    ));
                    lp.player.set(Some(p));
                    signin.password.set(String::new());
                    lp.refresh();
                }
                Err(e) => lp.refused(&e),
            }
        });
    };
    let do_sign_out = move |_| {
        if !lp.begin() {
            return;
        }
        leptos::task::spawn_local(async move {
            let r = sign_out(&server()).await;
            lp.busy.set(false);
            match r {
                Ok(()) => {
                    lp.player.set(kept_player(&server()));
                    lp.table.set(None);
                    lp.done(words(&lp, "lobby.signed_out"));
                }
                Err(e) => lp.refused(&e),
            }
        });
    };
    let is_account = move || lp.player.with(|p| p.as_ref().is_some_and(|p| p.account));
    let has_player = move || lp.player.with(Option::is_some);

    view! {
        <section class="panel lobby-player" data-testid="lobby-player" aria-labelledby="lobby-player-title">
            <h3 id="lobby-player-title">{text(lang, "lobby.player_title")}</h3>
            {move || match lp.player.get() {
                Some(p) => view! {
                    <p class="lobby-me">
                        {text(lang, "lobby.your_name")}": "
                        <strong data-testid="player-name">{p.name.clone()}</strong>
                    </p>
                    <p class="hint" data-testid="player-kind" data-account=p.account.to_string()>
                        {text(lang, if p.account { "lobby.account_note" } else { "lobby.guest_note" })}
                    </p>
                }
                .into_any(),
                None => view! { <p class="hint" data-testid="player-none">{text(lang, "lobby.no_player")}</p> }.into_any(),
            }}
            <form class="lobby-form lobby-rename" on:submit=save_name>
                <label class="field lobby-field">
                    <span>{text(lang, "lobby.rename")}</span>
                    <input
                        type="text"
                        maxlength="20"
                        autocomplete="nickname"
                        data-testid="player-rename"
                        prop:value=new_name
                        on:input=move |ev| new_name.set(event_target_value(&ev))
                    />
                </label>
                <button type="submit" data-testid="player-rename-save" disabled=lp.busy>
                    {text(lang, "lobby.rename_save")}
                </button>
            </form>
            <Show when=move || !is_account()>
                <form class="lobby-form" on:submit=do_sign_up aria-labelledby="lobby-signup-title">
                    <h4 id="lobby-signup-title">{text(lang, "lobby.signup_title")}</h4>
                    <p class="hint">{text(lang, "lobby.signup_hint")}</p>
                    {credential_fields(lp, up, "signup")}
                    <button type="submit" class="primary" data-testid="signup-submit" disabled=lp.busy>
                        {text(lang, "lobby.signup_submit")}
                    </button>
                </form>
                <form class="lobby-form" on:submit=do_sign_in aria-labelledby="lobby-signin-title">
                    <h4 id="lobby-signin-title">{text(lang, "lobby.signin_title")}</h4>
                    {credential_fields(lp, signin, "signin")}
                    <button type="submit" data-testid="signin-submit" disabled=lp.busy>
                        {text(lang, "lobby.signin_submit")}
                    </button>
                </form>
            </Show>
            <Show when=has_player>
                <AccountBox />
            </Show>
            <Show when=has_player>
                <button type="button" class="lobby-signout" data-testid="signout" disabled=lp.busy on:click=do_sign_out>
                    {text(lang, "lobby.signout")}
                </button>
            </Show>
        </section>
    }
}
