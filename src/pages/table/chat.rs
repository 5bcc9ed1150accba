//! A live table's chat, beside the table on a wide screen and folded under it on a phone:
//! the lines (each author's player name, or its seat's name; the text always as text, never
//! as markup), the input (140 characters), three quick messages, a mute per other seat (kept
//! in the browser per player and table, so a reload keeps them), the creator's switches, and
//! the server's refusal in words with the text left in the input. What it means is
//! `model::live::chat`'s.

use leptos::prelude::*;
use ulti_engine::Seat;

use super::{TablePage, storage};
use crate::i18n::{Lang, table_seat, text, tr, tr_with};
use crate::live_client::LiveConnection;
use crate::model::live::chat::{CHAT_MAX, Line, Muted, Mutes, Refusal};
use crate::model::live::wire::SeatState;

/// Below this width the chat starts folded (the phone layout).
const FOLD_BELOW_PX: f64 = 901.0;

/// The quick messages' keys.
const PRESETS: [&str; 3] = ["chat.preset_gg", "chat.preset_wp", "chat.preset_thanks"];

/// The user's player id at `server` as the browser keeps it (`ulti-player|{server}`, written
/// by the lobby; read only here).
fn own_player(server: &str) -> Option<String> {
    let text = storage()?
        .get_item(&format!("ulti-player|{server}"))
        .ok()??;
    let v: serde_json::Value = serde_json::from_str(&text).ok()?;
    v.get("player")?.as_str().map(str::to_string)
}

/// The words of a refusal.
fn refusal_words(lang: Lang, error: &str) -> String {
    match Refusal::of(error) {
        Refusal::Flood => tr(lang, "chat.flood"),
        Refusal::Repeat => tr(lang, "chat.repeat"),
        Refusal::Off => tr(lang, "chat.off"),
        Refusal::TooLong => tr(lang, "chat.too_long"),
        Refusal::NotCreator => tr(lang, "chat.not_creator"),
        Refusal::Other(words) => tr_with(lang, "chat.refused", &[("error", &words)]),
    }
}

/// A seat's name in the chat: its player's name, else "Player 2" ("(you)" for the user's).
pub(super) fn author(lang: Lang, seats: &[SeatState], seat: Seat, me: Option<Seat>) -> String {
    seats
        .get(seat)
        .and_then(|s| s.name.clone())
        .unwrap_or_else(|| table_seat(lang, seat, me.unwrap_or(usize::MAX)))
}

/// The chat panel.
#[component]
pub(super) fn ChatPanel(conn: LiveConnection) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let live = conn.live;
    let me = Memo::new(move |_| live.with(|l| l.seat));
    let seats = Memo::new(move |_| {
        live.with(|l| {
            l.state
                .as_ref()
                .map(|s| s.seats.clone())
                .unwrap_or_default()
        })
    });
    let narrow = window()
        .inner_width()
        .ok()
        .and_then(|w| w.as_f64())
        .is_some_and(|w| w < FOLD_BELOW_PX);
    let open = RwSignal::new(!narrow);

    // The mutes, kept per player (else seat) and table.
    let server = conn.server();
    let player = own_player(&server);
    let key = Memo::new(move |_| {
        let table = live.with(|l| l.table.clone());
        let who = player.clone().or_else(|| {
            let s = me.get()?;
            seats.with(|x| x.get(s).and_then(|x| x.player.clone()))
        });
        let who = who.unwrap_or_else(|| match me.get() {
            Some(s) => format!("seat {s}"),
            None => "watching".into(),
        });
        Mutes::storage_key(&server, &table, &who)
    });
    let mutes = RwSignal::new(Mutes::default());
    Effect::new(move |_| {
        let k = key.get();
        let kept = storage()
            .and_then(|s| s.get_item(&k).ok().flatten())
            .map(|t| Mutes::from_storage(&t))
            .unwrap_or_default();
        mutes.set(kept);
    });
    let toggle_mute = move |who: Muted| {
        mutes.update(|m| m.toggle(who));
        if let Some(s) = storage() {
            let _ = s.set_item(
                &key.get_untracked(),
                &mutes.with_untracked(Mutes::to_storage),
            );
        }
    };

    let unread = Memo::new(move |_| mutes.with(|m| live.with(|l| l.chat.unread(m, me.get()))));
    // Open: every line is seen (only when some is not, so this does not wake itself).
    Effect::new(move |_| {
        if open.get() && unread.get() > 0 {
            live.update(|l| l.chat.seen_all());
        }
    });

    let input = RwSignal::new(String::new());
    let error: RwSignal<Option<String>> = RwSignal::new(None);
    // The text sent from the input, emptied once the server takes it.
    let awaiting: RwSignal<Option<String>> = RwSignal::new(None);
    let taken = Memo::new(move |_| live.with(|l| l.chat.taken));
    Effect::new(move |prev: Option<u32>| {
        let n = taken.get();
        if prev.is_some_and(|p| p != n)
            && let Some(sent) = awaiting.get_untracked()
        {
            if input.get_untracked().trim() == sent.trim() {
                input.set(String::new());
            }
            awaiting.set(None);
        }
        n
    });
    let refused = Memo::new(move |_| live.with(|l| l.chat.refused.clone()));
    Effect::new(move |_| {
        if let Some(e) = refused.get() {
            error.set(Some(refusal_words(lang.get_untracked(), &e)));
        }
    });
    let send = move |text: String, from_input: bool| {
        if text.trim().is_empty() {
            return;
        }
        if conn.chat(&text) {
            error.set(None);
            if from_input {
                awaiting.set(Some(text));
            }
        } else {
            error.set(Some(tr(lang.get_untracked(), "chat.not_connected")));
        }
    };

    let settings = Memo::new(move |_| live.with(|l| l.chat.settings));
    let creator = Memo::new(move |_| {
        live.with(|l| l.state.as_ref().and_then(|s| s.creator))
            .is_some_and(|c| Some(c) == me.get())
    });
    let lines = Memo::new(move |_| {
        mutes.with(|m| live.with(|l| l.chat.shown(m).cloned().collect::<Vec<Line>>()))
    });
    let others = move || {
        let me = me.get();
        (0..3).filter(move |&s| Some(s) != me)
    };
    let log = NodeRef::<leptos::html::Ol>::new();
    // The newest line in view.
    Effect::new(move |_| {
        lines.track();
        open.track();
        if let Some(el) = log.get() {
            el.set_scroll_top(el.scroll_height());
        }
    });

    view! {
        <section class="chat" class:open=move || open.get() data-testid="chat" aria-labelledby="chat-title">
            <h2 class="chat-head">
                <button
                    type="button"
                    class="chat-toggle"
                    data-testid="chat-toggle"
                    aria-expanded=move || open.get().to_string()
                    aria-controls="chat-body"
                    id="chat-title"
                    on:click=move |_| open.update(|o| *o = !*o)
                >
                    <span>{text(lang, "chat.title")}</span>
                    {move || {
                        let n = unread.get();
                        (n > 0 && !open.get())
                            .then(|| {
                                view! {
                                    <span class="chat-unread badge" data-testid="chat-unread" data-n=n.to_string()>
                                        {move || tr_with(lang.get(), "chat.unread", &[("n", &n.to_string())])}
                                    </span>
                                }
                            })
                    }}
                    <span class="chat-chevron" aria-hidden="true">{move || if open.get() { "▴" } else { "▾" }}</span>
                </button>
            </h2>
            <div class="chat-body" id="chat-body" hidden=move || !open.get()>
                <ol class="chat-log" data-testid="chat-log" node_ref=log aria-live="polite" tabindex="0" aria-label=move || tr(lang.get(), "chat.title")>
                    <For each=move || lines.get() key=|l| l.v let(line)>
                        {
                            let seat = line.seat;
                            let who = move || {
                                let l = lang.get();
                                seats.with(|s| author(l, s, seat, me.get()))
                            };
                            view! {
                                <li
                                    class="chat-line"
                                    class:mine=move || me.get() == Some(seat)
                                    data-testid="chat-line"
                                    data-seat=seat.to_string()
                                    data-player=line.player.clone()
                                >
                                    <strong class="chat-author">{who}</strong>
                                    ": "
                                    <span class="chat-text">{line.text.clone()}</span>
                                </li>
                            }
                        }
                    </For>
                </ol>
                {move || {
                    lines.with(Vec::is_empty).then(|| view! { <p class="chat-empty muted">{text(lang, "chat.empty")}</p> })
                }}
                {move || {
                    let s = settings.get();
                    if me.get().is_none() {
                        let key = if s.spectators { "chat.spectator" } else { "chat.hidden" };
                        return view! { <p class="chat-note muted" data-testid="chat-spectator">{text(lang, key)}</p> }.into_any();
                    }
                    if !s.chat {
                        return view! { <p class="chat-note" data-testid="chat-off">{text(lang, "chat.off")}</p> }.into_any();
                    }
                    view! {
                        <div class="chat-presets" role="group" aria-label=move || tr(lang.get(), "chat.presets")>
                            {PRESETS
                                .iter()
                                .map(|&k| {
                                    view! {
                                        <button type="button" class="chat-preset" data-testid="chat-preset" on:click=move |_| send(tr(lang.get_untracked(), k), false)>
                                            {text(lang, k)}
                                        </button>
                                    }
                                })
                                .collect_view()}
                        </div>
                        <form
                            class="chat-form"
                            on:submit=move |ev| {
                                ev.prevent_default();
                                send(input.get_untracked(), true);
                            }
                        >
                            <input
                                type="text"
                                class="chat-input"
                                data-testid="chat-input"
                                maxlength=CHAT_MAX.to_string()
                                autocomplete="off"
                                aria-label=move || tr(lang.get(), "chat.input")
                                placeholder=move || tr(lang.get(), "chat.input")
                                prop:value=move || input.get()
                                on:input=move |ev| input.set(event_target_value(&ev))
                            />
                            <button type="submit" class="chat-send primary" data-testid="chat-send">{text(lang, "chat.send")}</button>
                        </form>
                    }
                        .into_any()
                }}
                {move || {
                    error.get().map(|e| view! { <p class="alert chat-error" role="alert" data-testid="chat-error">{e}</p> })
                }}
                {move || {
                    me.get().is_some().then(|| {
                        view! {
                            <div class="chat-mutes" role="group" aria-label=move || tr(lang.get(), "chat.mutes")>
                                {move || {
                                    others()
                                        .map(|seat| {
                                            let who = move || seats.with(|s| Muted::of_seat(seat, s.get(seat)));
                                            let pressed = move || mutes.with(|m| m.has(&who()));
                                            let name = move || {
                                                let l = lang.get();
                                                seats.with(|s| author(l, s, seat, me.get()))
                                            };
                                            view! {
                                                <button
                                                    type="button"
                                                    class="chat-mute"
                                                    class:pressed=pressed
                                                    data-testid="chat-mute"
                                                    data-seat=seat.to_string()
                                                    aria-pressed=move || pressed().to_string()
                                                    on:click=move |_| toggle_mute(who())
                                                >
                                                    {move || tr_with(lang.get(), "chat.mute", &[("name", &name())])}
                                                </button>
                                            }
                                        })
                                        .collect_view()
                                }}
                            </div>
                        }
                    })
                }}
                {move || {
                    creator.get().then(|| {
                        let s = settings.get();
                        view! {
                            <fieldset class="chat-settings" data-testid="chat-settings">
                                <legend>{text(lang, "chat.settings")}</legend>
                                <label>
                                    <input
                                        type="checkbox"
                                        data-testid="chat-enabled"
                                        prop:checked=s.chat
                                        on:change=move |ev| {
                                            let on = event_target_checked(&ev);
                                            if !conn.chat_settings(on, settings.get_untracked().spectators) {
                                                error.set(Some(tr(lang.get_untracked(), "chat.not_connected")));
                                            }
                                        }
                                    />
                                    {text(lang, "chat.enabled")}
                                </label>
                                <label>
                                    <input
                                        type="checkbox"
                                        data-testid="chat-spectators"
                                        prop:checked=s.spectators
                                        on:change=move |ev| {
                                            let on = event_target_checked(&ev);
                                            if !conn.chat_settings(settings.get_untracked().chat, on) {
                                                error.set(Some(tr(lang.get_untracked(), "chat.not_connected")));
                                            }
                                        }
                                    />
                                    {text(lang, "chat.spectators")}
                                </label>
                            </fieldset>
                        }
                    })
                }}
            </div>
        </section>
    }
}
