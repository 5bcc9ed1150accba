//! The user's decision under the felt: whose turn it is and what they may do (one banner),
//! then the controls: pass, pick up, stand, put the talon back ([`super::bidding`] holds the
//! bidding box), the trump, kontra with what it does to the deciding seat's own money, and
//! the hint.

use leptos::prelude::*;
use ulti_engine::whole_game::{Action, Stage, Verb, WholeGame};
use ulti_engine::{Contract, Seat, Suit};

use super::TablePage;
use super::bidding::BiddingBox;
use super::hint::HintBox;
use crate::components::card::{SuitIcon, suit_class};
use crate::i18n::{
    Lang, contract_name, kontra_name, seats_in_words, suit_name, table_seat, text, tr, tr_with,
};
use crate::model::table::stakes::kontra_stakes;
use crate::model::table::{Next, Table, UserTurn};

/// What the user is asked now, in words.
fn status(lang: Lang, next: Option<&Next>, game: Option<&WholeGame>, table: &Table) -> String {
    let user = table.user;
    match next {
        Some(Next::User(UserTurn::Auction)) => {
            let Some(g) = game else {
                return String::new();
            };
            if table.must_put_back(g) {
                tr(lang, "whole.ask_put_back")
            } else if table.picked_up() {
                tr(lang, "whole.ask_picked_up")
            } else if g.holder_turn() && !g.raise_exists() {
                tr(lang, "whole.ask_stand_only")
            } else if g.holder_turn() {
                tr(lang, "whole.ask_stand")
            } else if !g.opened() {
                tr(lang, "whole.ask_open")
            } else {
                tr(lang, "whole.ask_bid")
            }
        }
        Some(Next::User(UserTurn::Trump)) => tr(lang, "whole.ask_trump"),
        Some(Next::User(UserTurn::Card)) => tr(lang, "whole.ask_card"),
        Some(Next::User(UserTurn::Kontra { level })) => tr_with(
            lang,
            "whole.ask_kontra",
            &[("kontra", &kontra_name(lang, *level))],
        ),
        Some(Next::Computer(s)) => tr_with(
            lang,
            "play.thinking",
            &[("seat", &table_seat(lang, *s, user))],
        ),
        _ => String::new(),
    }
}

/// The seat the table waits for, in words: "Your turn" / "Player 2's turn".
fn whose(lang: Lang, next: Option<&Next>, user: Seat) -> String {
    match next {
        Some(Next::User(_)) => tr(lang, "whole.your_turn"),
        Some(Next::Computer(s)) => tr_with(
            lang,
            "whole.turn_of",
            &[("seat", &table_seat(lang, *s, user))],
        ),
        _ => String::new(),
    }
}

/// The user's decision.
#[component]
pub(super) fn UserTurnPanel() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let user = move || tp.table.with(|t| t.user);
    let next = Memo::new(move |_| tp.next());
    let auction_turn = move || next.get() == Some(Next::User(UserTurn::Auction));
    let mine = move || matches!(next.get(), Some(Next::User(_)));

    view! {
        <section class="panel table-turn" class:mine=mine aria-labelledby="table-turn-title" data-testid="table-turn">
            <div class="turn-banner" data-testid="table-whose" data-mine=move || mine().to_string()>
                <h2 id="table-turn-title">
                    {move || whose(lang.get(), next.get().as_ref(), user())}
                </h2>
                <p
                    class="play-status"
                    data-testid="table-status"
                    data-next=move || match next.get() {
                        Some(Next::User(UserTurn::Auction)) => "auction".to_string(),
                        Some(Next::User(UserTurn::Trump)) => "trump".to_string(),
                        Some(Next::User(UserTurn::Card)) => "card".to_string(),
                        Some(Next::User(UserTurn::Kontra { .. })) => "kontra".to_string(),
                        Some(Next::Computer(s)) => format!("computer-{s}"),
                        _ => "over".to_string(),
                    }
                    aria-live="polite"
                >
                    {move || {
                        let l = lang.get();
                        let n = next.get();
                        tp.table.with(|t| tp.game.with(|g| status(l, n.as_ref(), g.as_ref(), t)))
                    }}
                </p>
            </div>
            {move || {
                tp.twelve
                    .get()
                    .filter(|t| {
                        t.len() == 12
                            && tp.table.with(|tb| {
                                tb.picked_up()
                                    && tp.game.with(|g| g.as_ref().is_some_and(|g| !tb.must_put_back(g)))
                            })
                    })
                    .map(|_| view! { <p class="hint" data-testid="table-talon-note">{text(lang, "whole.talon_note")}</p> })
            }}
            {move || auction_turn().then(|| view! { <AuctionControls /> })}
            {move || (next.get() == Some(Next::User(UserTurn::Trump))).then(|| view! { <TrumpControls /> })}
            {move || match next.get() {
                Some(Next::User(UserTurn::Card)) => {
                    view! { <KontraControls out_of_turn=false /> }.into_any()
                }
                Some(Next::User(UserTurn::Kontra { .. })) => {
                    view! { <KontraControls out_of_turn=true /> }.into_any()
                }
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
    let user = move || tp.table.with_untracked(|t| t.user);
    let game = move || tp.game.get();
    let picked = move || tp.table.with(Table::picked_up);
    let holder = move || game().is_some_and(|g| g.holder_turn());
    let opened = move || game().is_some_and(|g| g.opened());
    let may_pass = move || game().is_some_and(|g| g.may_pass());
    let may_pick_up = move || {
        tp.game.with(|g| {
            g.as_ref()
                .is_some_and(|g| tp.table.with(|t| t.may_pick_up(g)))
        })
    };
    let put_back = move || {
        tp.game.with(|g| {
            g.as_ref()
                .is_some_and(|g| tp.table.with(|t| t.must_put_back(g)))
        })
    };
    let pick_up = move |_| {
        tp.update(|t, g| {
            if let Some(g) = g {
                t.pick_up(g);
            }
        });
    };
    let say = move |verb: Verb| tp.act(Action { seat: user(), verb });

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
                (may_pass() && opened() && !picked())
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
    let user = tp.table.with_untracked(|t| t.user);
    let options: Vec<Suit> = tp
        .game
        .with_untracked(|g| g.as_ref().map(WholeGame::trump_options).unwrap_or_default());
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
    let user = tp.table.with_untracked(|t| t.user);
    let options = move || {
        tp.game.with(|g| {
            g.as_ref()
                .filter(|g| g.stage() == Stage::Play)
                .and_then(|g| {
                    g.kontra_options_for(user)
                        .map(|(l, u)| (l, kontra_stakes(g, &u, l)))
                })
        })
    };
    let soloist = tp.game.with_untracked(|g| {
        g.as_ref()
            .and_then(WholeGame::contracted)
            .is_some_and(|c| c.soloist == user)
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
        let decline = move |_| {
            tp.update(|t, g| {
                if let Some(g) = g {
                    t.decline(g, user);
                }
            });
        };
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
