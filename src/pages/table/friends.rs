//! Playing with friends: a table on a table server with who sits where (me, a friend, or a
//! computer at a level) and the house rules; then the invitation links (one per friend's
//! seat, with a copy button and a QR code drawn in the page) and a link to watch; none at a
//! table of the deal of the day or one the lobby seated this browser at.

use leptos::prelude::*;
use leptos_router::hooks::use_navigate;
use qrcode::QrCode;
use qrcode::render::svg;
use ulti_engine::whole_game::{AllPass, EqualValue, TableRules};

use super::{TablePage, server_error, storage};
use crate::i18n::{Lang, table_seat, text, tr, tr_with};
use crate::live_client::{
    choose_server, create_table, keep_token, lobby_seat, own_origin, probe, resolve_server,
    set_server,
};
use crate::model::live::problem::is_loopback;
use crate::model::live::wire::SeatChoice;

/// The browser storage key of the invitations a creator hands on.
fn invites_key(server: &str, table: &str) -> String {
    format!("ulti-invites|{server}|{table}")
}

/// The choices of a seat in the form, by value.
const CHOICES: [(&str, SeatChoice); 5] = [
    ("me", SeatChoice::Me),
    ("friend", SeatChoice::Friend),
    ("easy", SeatChoice::Computer("easy")),
    ("normal", SeatChoice::Computer("normal")),
    ("strong", SeatChoice::Computer("strong")),
];

/// The app's address of `query` on the Table page.
fn table_link(query: &str) -> String {
    let origin = window().location().origin().unwrap_or_default();
    format!("{origin}{}/table?{query}", crate::url_sync::router_base())
}

/// The `server=` part of a link when the table server is not the app's own origin.
fn server_param(server: &str) -> String {
    let own = window().location().origin().unwrap_or_default();
    if server == own {
        String::new()
    } else {
        format!("&server={}", js_sys::encode_uri_component(server))
    }
}

/// The form that creates a table.
#[component]
pub(super) fn FriendsBox() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let navigate = use_navigate();
    let query = leptos_router::hooks::use_query_map();
    let param = query.with_untracked(|q| q.get_str("server").map(str::to_string));
    let server = RwSignal::new(choose_server(param.as_deref()));
    // The server a link without `?server=` uses: the app's own when it is a table server.
    // Asked once the box is opened (the local game alone asks no server anything).
    let resolved = StoredValue::new(param.is_some());
    let resolve = move || {
        if resolved.get_value() {
            return;
        }
        resolved.set_value(true);
        leptos::task::spawn_local(async move {
            let found = resolve_server(None).await;
            let _ = server.try_update(|s| *s = found);
        });
    };
    let seats = RwSignal::new(["me", "friend", "normal"]);
    let rules = RwSignal::new(TableRules::default());
    let busy = RwSignal::new(false);
    let problem: RwSignal<Option<String>> = RwSignal::new(None);

    let seat_select = move |s: usize| {
        view! {
            <label class="field">
                {move || table_seat(lang.get(), s, usize::MAX)}
                <select
                    data-testid="friends-seat"
                    data-seat=s.to_string()
                    on:change=move |ev| {
                        let v = event_target_value(&ev);
                        if let Some((id, _)) = CHOICES.iter().find(|(id, _)| *id == v) {
                            seats.update(|x| x[s] = id);
                        }
                    }
                >
                    {CHOICES
                        .iter()
                        .map(|(id, _)| {
                            let id = *id;
                            view! {
                                <option value=id selected=move || seats.with(|x| x[s] == id)>
                                    {move || tr(lang.get(), &format!("live.seat_{id}"))}
                                </option>
                            }
                        })
                        .collect_view()}
                </select>
            </label>
        }
    };
    let check =
        move |key: &'static str, get: fn(&TableRules) -> bool, set: fn(&mut TableRules, bool)| {
            view! {
                <label class="kontra-unit">
                    <input
                        type="checkbox"
                        data-testid="friends-rule"
                        data-rule=key
                        prop:checked=move || rules.with(get)
                        on:change=move |ev| {
                            let on = event_target_checked(&ev);
                            rules.update(|r| set(r, on));
                        }
                    />
                    {move || tr(lang.get(), &format!("live.rule_{key}"))}
                </label>
            }
        };
    let create = move |_| {
        let chosen = seats.get_untracked();
        let l = lang.get_untracked();
        let mine = chosen.iter().filter(|&&c| c == "me").count();
        if mine != 1 {
            problem.set(Some(tr(l, "live.one_me")));
            return;
        }
        let choice = chosen.map(|c| {
            CHOICES
                .iter()
                .find(|(id, _)| *id == c)
                .map_or(SeatChoice::Friend, |(_, x)| *x)
        });
        let srv = server
            .get_untracked()
            .trim()
            .trim_end_matches('/')
            .to_string();
        let r = rules.get_untracked();
        busy.set(true);
        problem.set(None);
        let navigate = navigate.clone();
        leptos::task::spawn_local(async move {
            let created = match probe(&srv).await {
                Ok(()) => create_table(&srv, r, choice).await,
                Err(e) => Err(e),
            };
            busy.set(false);
            let created = match created {
                Ok(c) => c,
                Err(e) => {
                    problem.set(Some(server_error(l, &srv, &e)));
                    return;
                }
            };
            set_server(&srv);
            let mut invites = Vec::new();
            for (s, c) in choice.iter().enumerate() {
                let Some(token) = created.tokens.get(&s.to_string()) else {
                    continue;
                };
                match c {
                    SeatChoice::Me => keep_token(&srv, &created.table, token),
                    SeatChoice::Friend => invites.push((s, token.clone())),
                    SeatChoice::Computer(_) => {}
                }
            }
            if let Some(st) = storage() {
                let _ = st.set_item(
                    &invites_key(&srv, &created.table),
                    &serde_json::to_string(&invites).unwrap_or_default(),
                );
            }
            // The router adds its base (the GitHub Pages sub-path) itself.
            navigate(
                &format!("/table?live={}{}", created.table, server_param(&srv)),
                Default::default(),
            );
        });
    };

    // The Lobby's "Table for friends only" opens the box (`#friends`).
    let asked = window().location().hash().is_ok_and(|h| h == "#friends");
    if asked {
        resolve();
    }
    view! {
        <details class="panel table-friends" id="friends" open=asked data-testid="friends" on:toggle=move |_| resolve()>
            <summary><h2>{text(lang, "live.friends")}</h2></summary>
            <p class="hint">{text(lang, "live.friends_hint")}</p>
            <label class="field">
                {text(lang, "live.server_field")}
                <input
                    type="url"
                    data-testid="friends-server"
                    prop:value=server
                    on:input=move |ev| server.set(event_target_value(&ev))
                />
            </label>
            <div class="table-controls">{(0..3).map(seat_select).collect_view()}</div>
            <fieldset class="friends-rules">
                <legend>{text(lang, "live.rules")}</legend>
                {check("silent_bonuses", |r| r.silent_bonuses, |r, on| r.silent_bonuses = on)}
                {check("holder_may_raise", |r| r.holder_may_raise, |r, on| r.holder_may_raise = on)}
                {check("must_beat_after_trump", |r| r.must_beat_after_trump, |r, on| r.must_beat_after_trump = on)}
                {check("marriage_needs_trick", |r| r.marriage_needs_trick, |r, on| r.marriage_needs_trick = on)}
                {check("allpass_forfeit", |r| r.allpass == AllPass::Forfeit, |r, on| {
                    r.allpass = if on { AllPass::Forfeit } else { AllPass::Play };
                })}
                {check("equal_by_rank", |r| r.equal_value == EqualValue::ByRank, |r, on| {
                    r.equal_value = if on { EqualValue::ByRank } else { EqualValue::FirstStands };
                })}
                <label class="field">
                    {text(lang, "live.rule_max_kontra")}
                    <select
                        data-testid="friends-max-kontra"
                        on:change=move |ev| {
                            if let Ok(k) = event_target_value(&ev).parse::<u8>() {
                                rules.update(|r| r.max_kontra = k);
                            }
                        }
                    >
                        {(1..=5u8)
                            .map(|k| {
                                view! {
                                    <option value=k.to_string() selected=move || rules.with(|r| r.max_kontra == k)>
                                        {move || crate::i18n::kontra_name(lang.get(), k)}
                                    </option>
                                }
                            })
                            .collect_view()}
                    </select>
                </label>
            </fieldset>
            <div class="table-controls">
                <button type="button" class="primary" data-testid="friends-create" disabled=busy on:click=create>
                    {text(lang, "live.create")}
                </button>
            </div>
            {move || {
                problem
                    .get()
                    .map(|p| view! { <p class="alert" role="alert" data-testid="friends-problem">{p}</p> })
            }}
        </details>
    }
}

/// A QR code of `text` as an SVG drawn in the page.
fn qr_svg(text: &str) -> String {
    QrCode::new(text.as_bytes()).map_or_else(
        |_| String::new(),
        |code| {
            code.render::<svg::Color>()
                .min_dimensions(160, 160)
                .quiet_zone(true)
                .build()
        },
    )
}

/// The invitations, where inviting makes sense: not at a table of the deal of the day (one
/// person against two computers: `daily` in the server's `state`) nor at a table the lobby
/// seated this browser at (play now, "Sit here": the lobby fills its seats; the app keeps
/// that, as the server no longer says it once the seats are filled). Shown once the table's
/// state is known.
#[component]
pub(super) fn Invitations(server: String, table: String) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let from_lobby = lobby_seat(&server, &table);
    let shown = Memo::new(move |_| {
        !from_lobby
            && tp.live.is_some_and(|c| {
                c.live
                    .with(|l| l.state.as_ref().is_some_and(|s| s.daily.is_none()))
            })
    });
    move || {
        shown
            .get()
            .then(|| view! { <InvitationList server=server.clone() table=table.clone() /> })
    }
}

/// The invitations a creator hands on (one per friend's seat) and the link to watch.
#[component]
fn InvitationList(server: String, table: String) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let invites: Vec<(usize, String)> = storage()
        .and_then(|s| s.get_item(&invites_key(&server, &table)).ok().flatten())
        .and_then(|t| serde_json::from_str(&t).ok())
        .unwrap_or_default();
    let sp = server_param(&server);
    let watch = table_link(&format!("live={table}{sp}"));
    let copied: RwSignal<Option<usize>> = RwSignal::new(None);
    let row = move |key: usize,
                    label: Box<dyn Fn(Lang) -> String + Send + Sync>,
                    link: String,
                    testid: &'static str| {
        let svg = qr_svg(&link);
        let to_copy = link.clone();
        view! {
            <li class="invite" data-testid=testid data-link=link.clone()>
                <label class="field invite-link">
                    {move || label(lang.get())}
                    <input type="text" readonly prop:value=link.clone() />
                </label>
                <button
                    type="button"
                    data-testid="invite-copy"
                    on:click=move |_| {
                        let _ = window().navigator().clipboard().write_text(&to_copy);
                        copied.set(Some(key));
                    }
                >
                    {move || tr(lang.get(), if copied.get() == Some(key) { "app.copied" } else { "live.copy" })}
                </button>
                <details class="invite-qr">
                    <summary>{text(lang, "live.qr")}</summary>
                    <div class="qr" role="img" aria-label=move || tr(lang.get(), "live.qr") inner_html=svg></div>
                </details>
            </li>
        }
    };
    let friends = invites
        .iter()
        .map(|(s, token)| {
            let s = *s;
            // The token in the fragment: a browser never sends it to any server.
            let link = table_link(&format!("live={table}{sp}#join={token}"));
            let label: Box<dyn Fn(Lang) -> String + Send + Sync> = Box::new(move |l| {
                tr_with(
                    l,
                    "live.invite_for",
                    &[("seat", &table_seat(l, s, usize::MAX))],
                )
            });
            row(s, label, link, "invite")
        })
        .collect_view();
    let label: Box<dyn Fn(Lang) -> String + Send + Sync> = Box::new(|l| tr(l, "live.watch_link"));
    let watcher = row(9, label, watch, "invite-watch");
    // Open while a person's seat has no one at it and this browser holds invitations to hand
    // on; folded once every seat is taken (or when there is only the link to watch).
    let handing_on = !invites.is_empty();
    let someone_missing = move || {
        handing_on
            && tp.live.is_some_and(|c| {
                c.live.with(|l| {
                    l.state
                        .as_ref()
                        .is_some_and(|s| s.seats.iter().any(|x| x.is_person() && !x.connected))
                })
            })
    };
    // Links to a loopback address work on this computer only: say so, and how to share.
    let origin = own_origin();
    let loopback = [origin.as_str(), server.as_str()]
        .into_iter()
        .find(|o| is_loopback(o))
        .map(|o| o.split_once("://").map_or(o, |(_, h)| h).to_string());
    let warning = loopback.map(|host| {
        view! {
            <p class="alert invite-loopback" role="note" data-testid="invite-loopback">
                {move || tr_with(lang.get(), "live.loopback", &[("host", &host)])}
            </p>
        }
    });
    view! {
        <details class="panel table-invitations" open=someone_missing data-testid="invitations">
            <summary>
                <h2 class="invites-title">{text(lang, "live.invitations")}</h2>
            </summary>
            {warning}
            <ul class="invites">{friends}{watcher}</ul>
        </details>
    }
}
