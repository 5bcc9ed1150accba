//! The user's decision under the felt: whose turn it is and what they may do (one banner),
//! then the controls: pass, pick up, stand, put the talon back ([`super::bidding`] holds the
//! bidding box), the trump, kontra with what it does to the deciding seat's own money, and
//! the hint.

use leptos::prelude::*;
use ulti_engine::Contract;
use ulti_engine::whole_game::{Action, SeatTurn, Stage, Verb};

use super::TablePage;
use super::bidding::BiddingBox;
use super::felt::seat_name;
use super::hint::HintBox;
use crate::components::card::{SuitIcon, suit_class};
use crate::i18n::{Lang, contract_name, kontra_name, seats_in_words, suit_name, text, tr, tr_with};
use crate::model::table::UserTurn;
use crate::model::table::scene::Scene;
use crate::model::table::stakes::kontra_stakes;

/// What the seat is asked now, in words (or who the table waits for).
fn status(lang: Lang, scene: &Scene) -> String {
    let Some(turn) = scene.turn.as_ref() else {
        return String::new();
    };
    match scene.asked() {
        Some(UserTurn::Auction) => {
            if scene.must_put_back() {
                tr(lang, "whole.ask_put_back")
            } else if turn.picked_up {
                tr(lang, "whole.ask_picked_up")
            } else if turn.holder_turn && !turn.may_pick_up {
                tr(lang, "whole.ask_stand_only")
            } else if turn.holder_turn {
                tr(lang, "whole.ask_stand")
            } else if !turn.opened {
                tr(lang, "whole.ask_open")
            } else {
                tr(lang, "whole.ask_bid")
            }
        }
        Some(UserTurn::Trump) => tr(lang, "whole.ask_trump"),
        Some(UserTurn::Card) => tr(lang, "whole.ask_card"),
        Some(UserTurn::Kontra { level }) => tr_with(
            lang,
            "whole.ask_kontra",
            &[("kontra", &kontra_name(lang, level))],
        ),
        // At a live table the seat may be a person's: choosing, not thinking.
        None => scene
            .waiting
            .map(|s| {
                tr_with(
                    lang,
                    if scene.connected.is_some() {
                        "live.choosing"
                    } else {
                        "play.thinking"
                    },
                    &[("seat", &seat_name(lang, scene, s))],
                )
            })
            .unwrap_or_default(),
    }
}

/// The seat the table waits for, in words: "Your turn" / "Player 2's turn".
fn whose(lang: Lang, scene: &Scene) -> String {
    match scene.waiting {
        Some(s) if scene.player && s == scene.seat => tr(lang, "whole.your_turn"),
        Some(s) => tr_with(
            lang,
            "whole.turn_of",
            &[("seat", &seat_name(lang, scene, s))],
        ),
        None => String::new(),
    }
}

/// What the table waits for, for tests and CSS: `auction|trump|card|kontra` (the user),
/// `computer-N` (another seat), `over`.
fn next_id(scene: &Scene) -> String {
    match (scene.asked(), scene.waiting) {
        (Some(UserTurn::Auction), _) => "auction".into(),
        (Some(UserTurn::Trump), _) => "trump".into(),
        (Some(UserTurn::Card), _) => "card".into(),
        (Some(UserTurn::Kontra { .. }), _) => "kontra".into(),
        (None, Some(s)) => format!("computer-{s}"),
        (None, None) => "over".into(),
    }
}

/// The table on one screen: when the user's decision comes (or changes), the turn panel gets
/// the room the screen leaves it (`--turn-max`: the viewport's height less what lies above
/// the panel from the felt's top; beside the felt on a wide screen, under it on a phone; the
/// bidding grid scrolls inside it when it needs more), and the felt's top goes to the top of
/// the screen if the user scrolled away. Nothing moves when all of it is on the screen already.
fn bring_turn_into_view() {
    let doc = document();
    let find = |q: &str| doc.query_selector(q).ok().flatten();
    let (Some(felt), Some(turn)) = (
        find("[data-testid=table-felt]"),
        find("[data-testid=table-turn]"),
    ) else {
        return;
    };
    let height = window()
        .inner_height()
        .ok()
        .and_then(|h| h.as_f64())
        .unwrap_or(0.0);
    if height <= 0.0 {
        return;
    }
    let felt_box = felt.get_bounding_client_rect();
    let above = turn.get_bounding_client_rect().top() - felt_box.top();
    // A margin under the panel: its bottom edge may fall on a fraction of a pixel.
    let room = (height - above - 8.0).floor();
    if let Some(turn) = wasm_bindgen::JsCast::dyn_ref::<web_sys::HtmlElement>(&turn) {
        let _ = turn
            .style()
            .set_property("--turn-max", &format!("{room}px"));
    }
    let top = felt_box.top();
    let bottom = felt_box
        .bottom()
        .max(turn.get_bounding_client_rect().bottom());
    if top >= 0.0 && bottom <= height {
        return;
    }
    let by = if bottom - top <= height {
        top
    } else {
        bottom - height + 4.0
    };
    window().scroll_by_with_x_and_y(0.0, by);
}

/// The user's decision.
#[component]
pub(super) fn UserTurnPanel() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let scene = tp.scene;
    let asked = Memo::new(move |_| scene.with(|s| s.as_ref().and_then(Scene::asked)));
    let mine = move || asked.get().is_some();
    let with_scene =
        move |f: &dyn Fn(&Scene) -> String| scene.with(|s| s.as_ref().map(f).unwrap_or_default());
    // The user's turn is brought onto the screen (at a live table the other players wait for
    // it): at each new decision, and at each move of the game while it is the user's.
    let moment = Memo::new(move |_| {
        scene.with(|s| {
            s.as_ref()
                .filter(|s| s.asked().is_some())
                .map(|s| (next_id(s), s.view.public.len(), s.picked_up()))
        })
    });
    Effect::new(move || {
        if moment.with(Option::is_some) {
            request_animation_frame(bring_turn_into_view);
        }
    });
    // A turned phone or a resized window: the panel's room again.
    let resize = window_event_listener(leptos::ev::resize, move |_| {
        if moment.with_untracked(Option::is_some) {
            bring_turn_into_view();
        }
    });
    on_cleanup(move || resize.remove());

    view! {
        <section class="panel table-turn" class:mine=mine aria-labelledby="table-turn-title" data-testid="table-turn">
            <div class="turn-banner" data-testid="table-whose" data-mine=move || mine().to_string()>
                <h2 id="table-turn-title">
                    {move || {
                        let l = lang.get();
                        with_scene(&|s| whose(l, s))
                    }}
                </h2>
                <p
                    class="play-status"
                    data-testid="table-status"
                    data-next=move || with_scene(&next_id)
                    aria-live="polite"
                >
                    {move || {
                        let l = lang.get();
                        with_scene(&|s| status(l, s))
                    }}
                </p>
            </div>
            {move || {
                scene
                    .with(|s| s.as_ref().is_some_and(|s| s.picked_up() && !s.must_put_back()))
                    .then(|| view! { <p class="hint" data-testid="table-talon-note">{text(lang, "whole.talon_note")}</p> })
            }}
            {move || (asked.get() == Some(UserTurn::Auction)).then(|| view! { <AuctionControls /> })}
            {move || (asked.get() == Some(UserTurn::Trump)).then(|| view! { <TrumpControls /> })}
            {move || match asked.get() {
                Some(UserTurn::Card) => view! { <KontraControls out_of_turn=false /> }.into_any(),
                Some(UserTurn::Kontra { .. }) => view! { <KontraControls out_of_turn=true /> }.into_any(),
                _ => ().into_any(),
            }}
            {move || {
                tp.error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="alert" role="alert" data-testid="table-error">
                                {move || seats_in_words(lang.get(), &e)}
                            </p>
                        }
                    })
            }}
            <HintBox />
        </section>
    }
}

/// Pass, pick up, stand, put the talon back; the bidding box once the user holds twelve.
#[component]
fn AuctionControls() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let scene = tp.scene;
    let seat = move || scene.with_untracked(|s| s.as_ref().map_or(0, |s| s.seat));
    let turn = move |f: fn(&SeatTurn) -> bool| {
        scene.with(|s| s.as_ref().and_then(|s| s.turn.as_ref()).is_some_and(f))
    };
    let picked = move || turn(|t| t.picked_up);
    let holder = move || turn(|t| t.holder_turn);
    let may_pass = move || turn(|t| t.may_pass && t.opened);
    let may_pick_up = move || turn(|t| t.may_pick_up);
    let put_back = move || scene.with(|s| s.as_ref().is_some_and(Scene::must_put_back));
    let pick_up = move |_| tp.pick_up();
    let say = move |verb: Verb| tp.act(Action { seat: seat(), verb });

    view! {
        <div class="table-controls" role="group" aria-label=text(lang, "whole.auction_controls")>
            {move || {
                (holder() && !picked())
                    .then(|| {
                        view! {
                            <button type="button" class="primary" data-testid="table-stand" on:click=move |_| say(Verb::Stand)>
                                {text(lang, "whole.stand")}
                            </button>
                        }
                    })
            }}
            {move || {
                may_pass()
                    .then(|| {
                        view! {
                            <button type="button" data-testid="table-pass" on:click=move |_| say(Verb::Pass { discard: None })>
                                {text(lang, "whole.pass")}
                            </button>
                        }
                    })
            }}
            {move || {
                may_pick_up()
                    .then(|| {
                        view! {
                            <button type="button" data-testid="table-pick-up" on:click=pick_up>
                                {move || tr(lang.get(), if holder() { "whole.pick_up_raise" } else { "whole.pick_up" })}
                            </button>
                        }
                    })
            }}
            {move || {
                put_back()
                    .then(|| {
                        view! {
                            <button type="button" class="primary" data-testid="table-put-back" on:click=move |_| say(Verb::Pass { discard: None })>
                                {text(lang, "whole.put_back")}
                            </button>
                        }
                    })
            }}
        </div>
        {move || (tp.twelve.get().is_some() && !put_back()).then(|| view! { <BiddingBox /> })}
    }
}

/// The trumps the soloist may name.
#[component]
fn TrumpControls() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let (user, options) = tp.scene.with_untracked(|s| {
        s.as_ref().map_or((0, Vec::new()), |s| {
            (
                s.seat,
                s.turn
                    .as_ref()
                    .map(|t| t.trumps.clone())
                    .unwrap_or_default(),
            )
        })
    });
    view! {
        <div class="table-controls" role="group" aria-label=text(lang, "whole.ask_trump")>
            {options
                .into_iter()
                .map(|s| {
                    view! {
                        <button
                            type="button"
                            class=format!("trump-button {}", suit_class(s))
                            data-testid="table-trump"
                            data-suit=s.letter().to_string()
                            on:click=move |_| tp.act(Action { seat: user, verb: Verb::Trump(s) })
                        >
                            <SuitIcon suit=s />
                            {move || suit_name(lang.get(), s)}
                        </button>
                    }
                })
                .collect_view()}
        </div>
    }
}

/// A kontra the user may say now: the units, what each is worth now and after it, and the
/// button; out of turn also the button that lets it go.
#[component]
fn KontraControls(out_of_turn: bool) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = tp
        .scene
        .with_untracked(|s| s.as_ref().map_or(0, |s| s.seat));
    let options = move || {
        tp.scene.with(|s| {
            let s = s.as_ref().filter(|s| s.stage() == Stage::Play)?;
            let (level, units) = s.turn.as_ref()?.kontra.clone()?;
            let (_, bid, trump) = s.contract()?;
            Some((level, kontra_stakes(&bid, trump, &units, level)))
        })
    };
    let soloist = tp.scene.with_untracked(|s| {
        s.as_ref()
            .and_then(Scene::contract)
            .is_some_and(|c| c.0 == user)
    });
    move || {
        let (level, stakes) = options()?;
        let l = lang.get();
        let name = kontra_name(l, level);
        let rows = stakes
            .into_iter()
            .map(|s| {
                let unit = s.unit;
                let checked = move || tp.kontra_units.with(|u| u.contains(&unit));
                let toggle = move |_| {
                    tp.kontra_units.update(|u| {
                        if let Some(i) = u.iter().position(|&x| x == unit) {
                            u.remove(i);
                        } else {
                            u.push(unit);
                        }
                    });
                };
                let words = tr_with(
                    l,
                    if soloist {
                        "whole.stakes_soloist"
                    } else {
                        "whole.stakes_defender"
                    },
                    &[
                        ("made_now", &s.won_now.abs().to_string()),
                        ("made_then", &s.won_then.abs().to_string()),
                        ("failed_now", &s.lost_now.abs().to_string()),
                        ("failed_then", &s.lost_then.abs().to_string()),
                    ],
                );
                view! {
                    <li>
                        <label class="kontra-unit">
                            <input
                                type="checkbox"
                                data-testid="table-kontra-unit"
                                data-unit=unit.id()
                                prop:checked=checked
                                on:change=toggle
                            />
                            <strong>{contract_name(l, unit)}</strong>
                            <span class="hint" data-testid="table-stakes">{words}</span>
                        </label>
                    </li>
                }
            })
            .collect_view();
        let say = move |_| {
            let units: Vec<Contract> = tp.kontra_units.get_untracked();
            if !units.is_empty() {
                tp.act(Action {
                    seat: user,
                    verb: Verb::Kontra { level, units },
                });
            }
        };
        let decline = move |_| tp.decline();
        Some(view! {
            <fieldset class="kontra-box" data-testid="table-kontra">
                <legend>{tr_with(l, "whole.kontra_offer", &[("kontra", &name)])}</legend>
                <ul class="kontra-units">{rows}</ul>
                <div class="table-controls">
                    <button
                        type="button"
                        class="primary"
                        data-testid="table-say-kontra"
                        disabled=move || tp.kontra_units.with(Vec::is_empty)
                        on:click=say
                    >
                        {tr_with(l, "whole.say_kontra", &[("kontra", &name)])}
                    </button>
                    {out_of_turn
                        .then(|| {
                            view! {
                                <button type="button" data-testid="table-no-kontra" on:click=decline>
                                    {tr_with(l, "whole.no_kontra", &[("kontra", &name)])}
                                </button>
                            }
                        })}
                </div>
                {(!out_of_turn).then(|| view! { <p class="hint">{text(lang, "whole.kontra_then_card")}</p> })}
            </fieldset>
        })
    }
}
