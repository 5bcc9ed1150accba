//! Play now: the computers' level and the wait for people, then "Play now" (a waiting table
//! with the standard rules, or a new one), "Open a new table" (always a new one), and the link
//! to the Table page's form for a table with friends only. Above it, the table the user sits
//! at already, with the way back to it and a way to leave it.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use ulti_engine::players::TableLevel;

use super::{LobbyPage, words};
use crate::i18n::{level_name, text, tr, tr_with};
use crate::live_client::players::{leave, play};
use crate::model::players::{DEFAULT_WAIT_S, PlayAsk, WAITS_S};
use crate::url_sync::router_base;

const LEVELS: [TableLevel; 3] = [TableLevel::Easy, TableLevel::Normal, TableLevel::Strong];

/// Ask for a seat (`ask`) and go to the table found.
pub(super) fn take_seat(lp: LobbyPage, ask: PlayAsk, go: impl Fn(&str) + 'static) {
    if !lp.begin() {
        return;
    }
    let server = lp.server.get_value();
    leptos::task::spawn_local(async move {
        let r = play(&server, &ask).await;
        lp.busy.set(false);
        match r {
            Ok(seated) => {
                lp.table.set(Some(seated.table.clone()));
                go(&lp.table_path(&seated.table));
            }
            Err(e) => {
                lp.refused(&e);
                lp.refresh();
            }
        }
    });
}

/// The play-now form.
#[component]
pub(super) fn PlayNow() -> impl IntoView {
    let lp = expect_context::<LobbyPage>();
    let lang = lp.lang;
    let level = RwSignal::new(TableLevel::Normal);
    let wait = RwSignal::new(DEFAULT_WAIT_S);
    let navigate = use_navigate();
    let ask = move |new: bool| {
        let navigate = navigate.clone();
        take_seat(
            lp,
            PlayAsk {
                level: level.get_untracked(),
                wait_s: wait.get_untracked(),
                new,
                table: None,
            },
            move |path| navigate(path, Default::default()),
        );
    };
    let ask2 = ask.clone();
    let friends = format!("{}/table#friends", router_base());
    view! {
        <section class="panel lobby-play-now" aria-labelledby="lobby-play-title">
            <h3 id="lobby-play-title">{text(lang, "lobby.play_title")}</h3>
            <p class="hint">{text(lang, "lobby.play_hint")}</p>
            <div class="lobby-choices">
                <label class="field">
                    <span>{text(lang, "lobby.level")}</span>
                    <select
                        data-testid="play-level"
                        on:change=move |ev| {
                            let v = event_target_value(&ev);
                            if let Some(l) = LEVELS.iter().find(|l| l.id() == v) {
                                level.set(*l);
                            }
                        }
                    >
                        {LEVELS
                            .iter()
                            .map(|&l| {
                                view! {
                                    <option value=l.id() selected=move || level.get() == l>
                                        {move || level_name(lang.get(), l)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
                <label class="field">
                    <span>{text(lang, "lobby.wait")}</span>
                    <select
                        data-testid="play-wait"
                        on:change=move |ev| {
                            if let Ok(s) = event_target_value(&ev).parse::<u32>() {
                                wait.set(s);
                            }
                        }
                    >
                        {WAITS_S
                            .iter()
                            .map(|&s| {
                                view! {
                                    <option value=s.to_string() selected=move || wait.get() == s>
                                        {move || tr_with(lang.get(), "lobby.wait_s", &[("s", &s.to_string())])}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            </div>
            <div class="lobby-actions">
                <button type="button" class="primary" data-testid="play-now" disabled=lp.busy on:click=move |_| ask(false)>
                    {text(lang, "lobby.play_now")}
                </button>
                <button type="button" data-testid="create-public" disabled=lp.busy on:click=move |_| ask2(true)>
                    {text(lang, "lobby.create_public")}
                </button>
                <a class="lobby-private" href=friends data-testid="create-private">
                    {text(lang, "lobby.create_private")}
                </a>
            </div>
        </section>
    }
}

/// The table the user sits at already: back to it, or leave it.
#[component]
pub(super) fn CurrentTable() -> impl IntoView {
    let lp = expect_context::<LobbyPage>();
    let lang = lp.lang;
    let do_leave = move |_| {
        if !lp.begin() {
            return;
        }
        let server = lp.server.get_value();
        leptos::task::spawn_local(async move {
            let r = leave(&server).await;
            lp.busy.set(false);
            match r {
                Ok(()) => {
                    lp.table.set(None);
                    lp.done(words(&lp, "lobby.left"));
                }
                Err(e) => lp.refused(&e),
            }
        });
    };
    move || {
        lp.table.get().map(|t| {
            let href = format!("{}{}", router_base(), lp.table_path(&t));
            let data_table = t.clone();
            view! {
                <section class="panel lobby-current" data-testid="lobby-current" data-table=data_table>
                    <p>{move || tr_with(lang.get(), "lobby.current", &[("id", &t)])}</p>
                    <div class="lobby-actions">
                        <a class="button primary" href=href data-testid="lobby-return">
                            {move || tr(lang.get(), "lobby.return")}
                        </a>
                        <button type="button" data-testid="lobby-leave" disabled=lp.busy on:click=do_leave>
                            {move || tr(lang.get(), "lobby.leave")}
                        </button>
                    </div>
                </section>
            }
        })
    }
}
