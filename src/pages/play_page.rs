//! The Play page: the user plays one seat of a deal against the computer (the other two seats
//! decide in the workers, from what their seat sees), then the solver reviews every card.
//!
//! The game lives in the URL (`?deal=&seat=&level=&bid=&discard=&played=`): a reload or a
//! shared link continues at the same point, and the computer's seeds come from the deal, so it
//! decides the same way again.

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::NavigateOptions;
use leptos_router::hooks::{use_location, use_navigate, use_query_map};
use ulti_engine::{Announcement, Card, CardSet, Deal, SOLOIST, Seat};

use crate::components::bids::bid_optgroups;
use crate::components::card::{CardFace, suit_class};
use crate::components::header::Header;
use crate::i18n::{
    Lang, announcement_name, card_name, contract_name, play_error, seat_name, text, tr, tr_with,
};
use crate::model::analysis::signed;
use crate::model::play::{
    Level, Phase, PlayGame, PlayUrl, Verdict, card_check, format_play_query, playable_bids,
    review_link, review_query, soloist_cards, turning_card, verdict,
};
use crate::protocol::{Answer, Job};
use crate::solver_client::{PositionState, SolverClient};
use crate::state::PageLang;

/// The least time between two computer cards, so the user can follow the play.
const COMPUTER_CARD_MS: f64 = 700.0;

/// A seed for a new random deal.
fn random_seed() -> u64 {
    (js_sys::Math::random() * 9.007_199_254_740_991e15) as u64
}

/// Milliseconds on the page's clock.
fn now_ms() -> f64 {
    window()
        .performance()
        .map_or_else(js_sys::Date::now, |p| p.now())
}

/// The state key of a game: a computer answer applies only to the position it was asked for.
fn game_key(g: &PlayGame) -> String {
    format!(
        "{}/{}/{}/{}",
        g.dealt.code(),
        g.seat,
        g.contracted.is_some(),
        g.played.len()
    )
}

/// The page's signals.
#[derive(Clone, Copy)]
struct Play {
    lang: RwSignal<Lang>,
    /// The deal on the table (as dealt).
    deal: RwSignal<Deal>,
    /// The seat picked for the next game.
    seat: RwSignal<Seat>,
    /// The computer's level.
    level: RwSignal<Level>,
    /// The game, once started.
    game: RwSignal<Option<PlayGame>>,
    /// Why the user's last card could not be played.
    error: RwSignal<Option<String>>,
    /// A computer decision failed (the worker's message).
    computer_error: RwSignal<Option<String>>,
    /// Page-side time of the last computer decision, ms.
    think_ms: RwSignal<Option<f64>>,
    /// The soloist's discard being chosen.
    discard: RwSignal<Vec<Card>>,
    /// The bid chosen in the list (announcement id).
    bid_id: RwSignal<String>,
}

impl Play {
    fn start(&self) {
        let g = PlayGame::new(
            self.deal.get_untracked(),
            self.seat.get_untracked(),
            self.level.get_untracked(),
            ulti_engine::RuleOptions::default(),
        );
        self.reset_table();
        self.game.set(Some(g));
    }

    fn reset_table(&self) {
        self.error.set(None);
        self.computer_error.set(None);
        self.think_ms.set(None);
        self.discard.set(Vec::new());
        self.bid_id.set(String::new());
    }

    /// "Again": a new random deal, same seat and level, started at once.
    fn again(&self) {
        self.deal.set(Deal::random(random_seed()));
        self.start();
    }

    /// A new deal, back to the seat and level choice.
    fn new_deal(&self) {
        self.game.set(None);
        self.reset_table();
        self.deal.set(Deal::random(random_seed()));
    }
}

/// The Play page.
#[component]
pub fn PlayPage() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let client = expect_context::<SolverClient>();
    let lang = page.lang;

    let url = query.with_untracked(|q| PlayUrl::parse(|k| q.get_str(k).map(str::to_string)));
    let level0 = url.level.unwrap_or(Level::Normal);
    let game0 = url.game(level0);
    let play = Play {
        lang,
        deal: RwSignal::new(url.deal.unwrap_or_else(|| Deal::random(random_seed()))),
        seat: RwSignal::new(url.seat.unwrap_or(SOLOIST)),
        level: RwSignal::new(level0),
        game: RwSignal::new(game0),
        error: RwSignal::new(None),
        computer_error: RwSignal::new(None),
        think_ms: RwSignal::new(None),
        discard: RwSignal::new(Vec::new()),
        bid_id: RwSignal::new(String::new()),
    };
    provide_context(play);

    // state -> URL (replace: a game does not flood the history).
    let location = use_location();
    let navigate = use_navigate();
    Effect::new(move |_| {
        let deal = play.deal.get();
        let level = play.level.get();
        let lang_param = page.chosen.get().then(|| lang.get().code());
        let q = play
            .game
            .with(|g| format_play_query(&deal, g.as_ref(), level, lang_param));
        if location.search.get_untracked().trim_start_matches('?') == q {
            return;
        }
        let to = format!("{}?{q}", location.pathname.get_untracked());
        navigate(
            &to,
            NavigateOptions {
                resolve: false,
                replace: true,
                scroll: false,
                ..NavigateOptions::default()
            },
        );
    });

    // The computer: the soloist's bid, and every card of a computer seat, asked of a worker
    // with what that seat sees; a card shows at least COMPUTER_CARD_MS after the last one.
    let asked: StoredValue<Option<(String, u64)>> = StoredValue::new(None);
    Effect::new(move |_| {
        let Some(g) = play.game.get() else {
            return;
        };
        let key = game_key(&g);
        if asked.with_value(|a| a.as_ref().is_some_and(|(k, _)| *k == key)) {
            return;
        }
        if let Some((_, t)) = asked.get_value() {
            client.forget(t);
        }
        asked.set_value(None);
        let still = move |key: &str| {
            // `try_`: the page may be gone (another route) when a late answer or timer comes.
            play.game
                .try_with_untracked(|g| g.as_ref().is_some_and(|g| game_key(g) == key))
                .unwrap_or(false)
        };
        let t0 = now_ms();
        let job = match g.phase() {
            Phase::ComputerBids => Job::PlayerBid {
                level: g.level,
                hand: soloist_cards(&g.dealt),
                rules: g.rules,
                seed: g.seed(),
            },
            Phase::ComputerPlays(seat) => match g.view_of(seat) {
                Ok(view) => Job::PlayerCard {
                    level: g.level,
                    view: Box::new(view),
                    seed: g.seed(),
                },
                Err(e) => {
                    play.computer_error.set(Some(e.to_string()));
                    return;
                }
            },
            _ => return,
        };
        let k = key.clone();
        let ticket = client.ask(job, move |answer, _ms| {
            if !still(&k) {
                return;
            }
            let elapsed = now_ms() - t0;
            play.think_ms.set(Some(elapsed));
            match answer {
                Ok(Answer::PlayerBid {
                    discard,
                    announcement,
                }) => play.game.update(|g| {
                    if let Some(g) = g
                        && let Err(e) = g.announce(announcement, discard)
                    {
                        play.computer_error.set(Some(e.to_string()));
                    }
                }),
                Ok(Answer::PlayerCard(card)) => {
                    let wait = (COMPUTER_CARD_MS - elapsed).max(0.0);
                    set_timeout(
                        move || {
                            if still(&k) {
                                play.game.update(|g| {
                                    if let Some(g) = g
                                        && let Err(e) = g.play(card)
                                    {
                                        play.computer_error.set(Some(e.to_string()));
                                    }
                                });
                            }
                        },
                        Duration::from_millis(wait as u64),
                    );
                }
                Ok(_) => play
                    .computer_error
                    .set(Some("unexpected answer from the worker".into())),
                Err(e) => play.computer_error.set(Some(e)),
            }
        });
        asked.set_value(Some((key, ticket)));
    });
    // The pool outlives the page: a decision still queued is dropped with it.
    on_cleanup(move || {
        if let Some(Some((_, t))) = asked.try_get_value() {
            client.forget(t);
        }
    });

    // The review: once the game is over, every position of it solved.
    Effect::new(move |_| {
        let queries: Vec<_> = play.game.with(|g| {
            g.as_ref()
                .filter(|g| g.phase() == Phase::Over)
                .map(|g| {
                    (0..g.played.len())
                        .filter_map(|i| review_query(g, i))
                        .collect()
                })
                .unwrap_or_default()
        });
        if !queries.is_empty() {
            client.want_positions(queries);
        }
    });

    view! {
        <Header />
        <main class="play-layout" data-testid="play-page">
            <h2 class="visually-hidden">{text(lang, "play.title")}</h2>
            {move || match play.game.with(|g| g.as_ref().map(PlayGame::phase)) {
                None => view! { <Setup /> }.into_any(),
                Some(Phase::UserBids) => view! { <UserBid /> }.into_any(),
                Some(_) => view! { <Table /> }.into_any(),
            }}
            {move || {
                play.computer_error
                    .get()
                    .map(|e| {
                        view! {
                            <p class="alert" role="alert" data-testid="play-computer-error">
                                {move || tr_with(lang.get(), "play.computer_error", &[("error", &e)])}
                            </p>
                        }
                    })
            }}
            {move || {
                (play.game.with(|g| g.as_ref().map(PlayGame::phase)) == Some(Phase::Over))
                    .then(|| view! { <Review /> })
            }}
        </main>
        <footer class="app-footer">{text(lang, "play.footer")}</footer>
    }
}

/// The seat and level choice before a game.
#[component]
fn Setup() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let seats = [0usize, 1, 2].map(|s| {
        view! {
            <button
                type="button"
                class="choice"
                data-testid=format!("play-seat-{s}")
                aria-pressed=move || (play.seat.get() == s).to_string()
                on:click=move |_| play.seat.set(s)
            >
                {move || seat_name(lang.get(), s)}
            </button>
        }
    });
    let levels = [Level::Easy, Level::Normal, Level::Strong].map(|l| {
        let key = match l {
            Level::Easy => "play.level_easy",
            Level::Normal => "play.level_normal",
            Level::Strong => "play.level_strong",
        };
        view! {
            <button
                type="button"
                class="choice"
                data-testid=format!("play-level-{l}")
                aria-pressed=move || (play.level.get() == l).to_string()
                on:click=move |_| play.level.set(l)
            >
                {text(lang, key)}
            </button>
        }
    });
    view! {
        <section class="panel play-setup" aria-labelledby="play-setup-title" data-testid="play-setup">
            <h2 id="play-setup-title">{text(lang, "play.setup_title")}</h2>
            <p class="hint">{text(lang, "play.setup_hint")}</p>
            <div class="choices" role="group" aria-label=text(lang, "play.seat")>
                <span class="choice-label" aria-hidden="true">{text(lang, "play.seat")}</span>
                {seats.into_iter().collect_view()}
            </div>
            <div class="choices" role="group" aria-label=text(lang, "play.level")>
                <span class="choice-label" aria-hidden="true">{text(lang, "play.level")}</span>
                {levels.into_iter().collect_view()}
            </div>
            <div class="play-actions">
                <button
                    type="button"
                    class="primary"
                    data-testid="play-start"
                    on:click=move |_| play.start()
                >
                    {text(lang, "play.start")}
                </button>
                <button type="button" data-testid="play-new-deal" on:click=move |_| play.new_deal()>
                    {text(lang, "play.new_deal")}
                </button>
            </div>
        </section>
    }
}

/// A card the user can click (a hand card, or one of the twelve before the discard).
#[component]
fn HandCard(
    card: Card,
    testid: &'static str,
    #[prop(into)] pressed: Signal<Option<bool>>,
    #[prop(into)] legal: Signal<bool>,
    on_pick: impl Fn(Card) + 'static,
) -> impl IntoView {
    let play = expect_context::<Play>();
    view! {
        <button
            type="button"
            class=format!("card play-card {}", suit_class(card.suit()))
            class:illegal=move || !legal.get()
            data-testid=testid
            data-card=card.to_string()
            data-legal=move || legal.get().to_string()
            aria-pressed=move || pressed.get().map(|p| p.to_string())
            aria-label=move || card_name(play.lang.get(), card)
            on:click=move |_| on_pick(card)
        >
            <CardFace card=card />
        </button>
    }
}

/// The soloist's discard and announcement.
#[component]
fn UserBid() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let dealt = play.game.with_untracked(|g| g.as_ref().map(|g| g.dealt));
    let Some(dealt) = dealt else {
        return ().into_any();
    };
    let twelve: Vec<Card> = soloist_cards(&dealt).iter().collect();
    let discard = move || <[Card; 2]>::try_from(play.discard.get()).ok();
    let groups = Memo::new(move |_| {
        discard()
            .map(|d| playable_bids(&dealt, d))
            .unwrap_or_default()
    });
    // The list keeps a playable choice: the first bid (passz of the deal's suit) by default.
    Effect::new(move |_| {
        let gs = groups.get();
        let current = play.bid_id.get_untracked();
        let ok = gs.iter().any(|g| g.bids.iter().any(|a| a.id() == current));
        if !ok {
            let first = gs
                .iter()
                .find(|g| g.trump == Some(dealt.trump))
                .or(gs.first())
                .and_then(|g| g.bids.first())
                .map(ulti_engine::Announcement::id)
                .unwrap_or_default();
            play.bid_id.set(first);
        }
    });
    let toggle = move |card: Card| {
        play.discard.update(|d| {
            if let Some(i) = d.iter().position(|&c| c == card) {
                d.remove(i);
            } else if d.len() < 2 {
                d.push(card);
            }
        });
    };
    let announce = move |_| {
        let Some(d) = discard() else {
            return;
        };
        let id = play.bid_id.get_untracked();
        let Some(a) = crate::model::play::announcement_by_id(&id) else {
            return;
        };
        play.game.update(|g| {
            if let Some(g) = g
                && let Err(e) = g.announce(a, d)
            {
                play.error.set(Some(e.to_string()));
            }
        });
    };
    let cards = twelve
        .into_iter()
        .map(|card| {
            let pressed = Signal::derive(move || Some(play.discard.with(|d| d.contains(&card))));
            view! {
                <HandCard
                    card=card
                    testid="bid-card"
                    pressed=pressed
                    legal=Signal::derive(|| true)
                    on_pick=toggle
                />
            }
        })
        .collect_view();
    view! {
        <section class="panel play-bid" aria-labelledby="play-bid-title" data-testid="play-bid">
            <h2 id="play-bid-title">{text(lang, "play.bid_title")}</h2>
            <p class="hint" id="play-bid-hint">{text(lang, "play.bid_hint")}</p>
            <div class="play-hand" role="group" aria-describedby="play-bid-hint">
                {cards}
            </div>
            <p class="hint" data-testid="play-discard-count">
                {move || {
                    tr_with(
                        lang.get(),
                        "play.discard_count",
                        &[("n", &play.discard.with(Vec::len).to_string())],
                    )
                }}
            </p>
            <div class="play-announce">
                <label for="play-bid-select">{text(lang, "play.bid_label")}</label>
                <select
                    id="play-bid-select"
                    data-testid="play-bid-select"
                    disabled=move || discard().is_none()
                    prop:value=move || play.bid_id.get()
                    on:change=move |ev| play.bid_id.set(event_target_value(&ev))
                >
                    {move || {
                        bid_optgroups(
                            lang.get(),
                            groups.get(),
                            Announcement::id,
                            &play.bid_id.get_untracked(),
                        )
                    }}
                </select>
                <button
                    type="button"
                    class="primary"
                    data-testid="play-announce"
                    disabled=move || discard().is_none() || play.bid_id.with(String::is_empty)
                    on:click=announce
                >
                    {text(lang, "play.announce")}
                </button>
            </div>
            {move || play.error.get().map(|e| view! { <p class="alert" role="alert">{e}</p> })}
        </section>
    }
    .into_any()
}

/// The table during play and at its end: the bid, the trick, the user's hand, the result.
#[component]
fn Table() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let game = play.game;
    let phase = Memo::new(move |_| game.with(|g| g.as_ref().map(PlayGame::phase)));
    let user = move || game.with(|g| g.as_ref().map_or(SOLOIST, |g| g.seat));

    let contract = move || {
        let l = lang.get();
        game.with(|g| {
            g.as_ref()
                .and_then(|g| g.contracted.as_ref())
                .map(|c| (c.announcement.id(), announcement_name(l, &c.announcement)))
        })
    };
    let status = move || {
        let l = lang.get();
        match phase.get() {
            Some(Phase::ComputerBids) => tr(l, "play.computer_bids"),
            Some(Phase::UserPlays) => tr(l, "play.your_turn"),
            Some(Phase::ComputerPlays(s)) => {
                tr_with(l, "play.thinking", &[("seat", &seat_name(l, s))])
            }
            Some(Phase::Over) => tr(l, "play.over"),
            _ => String::new(),
        }
    };

    // The cards on the table: the trick being played, or the last one while the next is empty.
    let trick = Memo::new(move |_| {
        game.with(|g| {
            let g = g.as_ref()?;
            let seats = g.players();
            let gm = g.game()?;
            let current = gm.current_trick();
            let n = g.played.len();
            if current.is_empty() {
                let t = gm.tricks().last()?;
                let cards: Vec<(Card, Seat)> = (0..3).map(|i| (t.cards[i], t.seat_of(i))).collect();
                Some((cards, Some(t.winner)))
            } else {
                let start = n - current.len();
                Some((
                    current
                        .iter()
                        .enumerate()
                        .map(|(i, &c)| (c, seats[start + i]))
                        .collect(),
                    None,
                ))
            }
        })
    });
    let tricks_won = move || {
        game.with(|g| {
            g.as_ref().and_then(PlayGame::game).map(|gm| {
                let solo = gm.tricks().iter().filter(|t| t.winner == SOLOIST).count();
                (solo, gm.tricks().len() - solo)
            })
        })
    };

    let pick = move |card: Card| {
        if phase.get_untracked() != Some(Phase::UserPlays) {
            return;
        }
        let l = lang.get_untracked();
        game.update(|g| {
            if let Some(g) = g {
                let index = g.played.len() + 1;
                match g.play(card) {
                    Ok(()) => play.error.set(None),
                    Err(e) => play.error.set(Some(play_error(l, index, &e))),
                }
            }
        });
    };
    let hand = move || game.with(|g| g.as_ref().map_or(CardSet::EMPTY, PlayGame::user_hand));
    let hand_view = move || {
        hand()
            .iter()
            .map(|card| {
                let legal = Signal::derive(move || {
                    phase.get() == Some(Phase::UserPlays)
                        && game.with(|g| g.as_ref().is_some_and(|g| g.check(card).is_none()))
                });
                view! {
                    <HandCard
                        card=card
                        testid="play-card"
                        pressed=Signal::derive(|| None)
                        legal=legal
                        on_pick=pick
                    />
                }
            })
            .collect_view()
    };
    let talon = move || {
        game.with(|g| {
            g.as_ref()
                .filter(|g| g.seat == SOLOIST)
                .and_then(|g| g.contracted.as_ref())
                .map(|c| c.discard)
        })
    };

    view! {
        <section class="panel play-table" aria-labelledby="play-table-title" data-testid="play-table">
            <header class="panel-header">
                <h2 id="play-table-title">
                    {move || {
                        let l = lang.get();
                        tr_with(l, "play.you_are", &[("seat", &seat_name(l, user()))])
                    }}
                </h2>
                <span
                    class="play-contract"
                    data-testid="play-contract"
                    data-bid=move || contract().map(|c| c.0).unwrap_or_default()
                >
                    {move || contract().map(|c| c.1)}
                </span>
            </header>
            <p
                class="play-status"
                data-testid="play-status"
                data-phase=move || match phase.get() {
                    Some(Phase::ComputerBids) => "computer-bids",
                    Some(Phase::UserPlays) => "user",
                    Some(Phase::ComputerPlays(_)) => "computer",
                    Some(Phase::Over) => "over",
                    _ => "",
                }
                aria-live="polite"
            >
                {status}
            </p>
            <div class="play-felt" data-testid="play-trick">
                {move || {
                    let l = lang.get();
                    trick
                        .get()
                        .map(|(cards, winner)| {
                            let label = winner
                                .map(|w| {
                                    tr_with(l, "play.last_trick", &[("seat", &seat_name(l, w))])
                                });
                            view! {
                                <div class="trick-cards">
                                    {cards
                                        .into_iter()
                                        .map(|(card, seat)| {
                                            view! {
                                                <figure class="trick-slot">
                                                    <span
                                                        class=format!("card {}", suit_class(card.suit()))
                                                        data-testid="trick-card"
                                                        data-card=card.to_string()
                                                        data-seat=seat.to_string()
                                                        role="img"
                                                        aria-label=format!(
                                                            "{}, {}",
                                                            card_name(l, card),
                                                            seat_name(l, seat),
                                                        )
                                                    >
                                                        <CardFace card=card />
                                                    </span>
                                                    <figcaption>{seat_name(l, seat)}</figcaption>
                                                </figure>
                                            }
                                        })
                                        .collect_view()}
                                </div>
                                {label.map(|t| view! { <p class="trick-label">{t}</p> })}
                            }
                        })
                }}
            </div>
            <p class="hint" data-testid="play-tricks">
                {move || {
                    let l = lang.get();
                    tricks_won()
                        .map(|(s, d)| {
                            tr_with(
                                l,
                                "play.tricks_won",
                                &[("soloist", &s.to_string()), ("defenders", &d.to_string())],
                            )
                        })
                }}
            </p>
            <h3 class="play-hand-title" id="play-hand-title">{text(lang, "play.your_hand")}</h3>
            <div class="play-hand" role="group" aria-labelledby="play-hand-title" data-testid="play-hand">
                {hand_view}
            </div>
            {move || {
                talon()
                    .map(|d| {
                        let l = lang.get();
                        view! {
                            <p class="hint" data-testid="play-talon">
                                {tr_with(
                                    l,
                                    "play.your_discard",
                                    &[("cards", &format!("{}, {}", card_name(l, d[0]), card_name(l, d[1])))],
                                )}
                            </p>
                        }
                    })
            }}
            {move || {
                play.error
                    .get()
                    .map(|e| view! { <p class="alert" role="alert" data-testid="play-error">{e}</p> })
            }}
            {move || {
                play.think_ms
                    .get()
                    .map(|ms| {
                        view! {
                            <p class="hint" data-testid="play-think-ms" data-ms=format!("{ms:.0}")>
                                {tr_with(lang.get(), "play.think_ms", &[("ms", &format!("{ms:.0}"))])}
                            </p>
                        }
                    })
            }}
            {move || (phase.get() == Some(Phase::Over)).then(|| view! { <ResultPanel /> })}
        </section>
    }
}

/// The result and payoff at the end of the game, and "again".
#[component]
fn ResultPanel() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let result = move || {
        play.game
            .with(|g| g.as_ref().and_then(|g| g.result().map(|r| (r, g.seat))))
    };
    view! {
        {move || {
            let l = lang.get();
            result()
                .map(|(r, seat)| {
                    let headline = if r.soloist_won() == (seat == SOLOIST) {
                        tr(l, "play.you_won")
                    } else {
                        tr(l, "play.you_lost")
                    };
                    let components = r
                        .components
                        .iter()
                        .map(|c| {
                            let key = if c.won { "play.component_won" } else { "play.component_lost" };
                            view! {
                                <li
                                    data-testid="play-component"
                                    data-contract=c.contract.id()
                                    data-won=c.won.to_string()
                                    data-payoff=c.payoff.to_string()
                                >
                                    {tr_with(
                                        l,
                                        key,
                                        &[
                                            ("contract", &contract_name(l, c.contract)),
                                            ("payoff", &signed(c.payoff)),
                                        ],
                                    )}
                                </li>
                            }
                        })
                        .collect_view();
                    view! {
                        <div
                            class="play-result"
                            data-testid="play-result"
                            data-payoff=r.payoff.to_string()
                            data-user-payoff=r.payoff_of(seat).to_string()
                            data-soloist-won=r.soloist_won().to_string()
                            data-soloist-points=r.soloist_points.to_string()
                            role="status"
                        >
                            <h3>{headline}</h3>
                            <ul class="play-components">{components}</ul>
                            <p>
                                {tr_with(
                                    l,
                                    if r.payoff >= 0 { "play.payoff" } else { "play.payoff_soloist_pays" },
                                    &[
                                        ("payoff", &r.payoff.abs().to_string()),
                                        ("you", &signed(r.payoff_of(seat))),
                                        ("points", &r.soloist_points.to_string()),
                                    ],
                                )}
                            </p>
                            <div class="play-actions">
                                <button
                                    type="button"
                                    class="primary"
                                    data-testid="play-again"
                                    on:click=move |_| play.again()
                                >
                                    {tr(l, "play.again")}
                                </button>
                                <button
                                    type="button"
                                    data-testid="play-change-seat"
                                    on:click=move |_| play.new_deal()
                                >
                                    {tr(l, "play.change_seat")}
                                </button>
                            </div>
                        </div>
                    }
                })
        }}
    }
}

/// Every card of the finished game with the double-dummy verdict at that moment; the first
/// card that turned the result is highlighted; each opens the solver's line viewer there.
#[component]
fn Review() -> impl IntoView {
    let play = expect_context::<Play>();
    let client = expect_context::<SolverClient>();
    let lang = play.lang;
    let positions = client.positions();
    let base = crate::router_base();
    let marks = Memo::new(move |_| {
        play.game.with(|g| {
            let Some(g) = g.as_ref() else {
                return Vec::new();
            };
            let seats = g.players();
            let verdicts: Vec<Option<Verdict>> = positions.with(|p| {
                (0..g.played.len())
                    .map(|i| {
                        let q = review_query(g, i)?;
                        match p.get(&crate::model::whatif::position_key(&q))? {
                            PositionState::Ready(sol) => {
                                card_check(sol, g.played[i]).map(|c| verdict(seats[i], &c))
                            }
                            _ => None,
                        }
                    })
                    .collect()
            });
            let turning = turning_card(&verdicts);
            (0..g.played.len())
                .map(|i| {
                    (
                        g.played[i],
                        seats[i],
                        verdicts[i],
                        turning == Some(i),
                        review_link(g, i).unwrap_or_default(),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    let done = move || marks.with(|m| m.iter().filter(|x| x.2.is_some()).count());
    view! {
        <section class="panel play-review" aria-labelledby="play-review-title" data-testid="play-review">
            <h2 id="play-review-title">{text(lang, "play.review_title")}</h2>
            <p class="hint">{text(lang, "play.review_hint")}</p>
            <p class="hint" data-testid="play-review-progress" data-done=move || done().to_string()>
                {move || {
                    tr_with(
                        lang.get(),
                        "play.review_progress",
                        &[("done", &done().to_string()), ("total", &marks.with(Vec::len).to_string())],
                    )
                }}
            </p>
            <ol class="review-tricks">
                {move || {
                    let l = lang.get();
                    let base = base.clone();
                    marks
                        .get()
                        .chunks(3)
                        .enumerate()
                        .map(|(t, chunk)| {
                            let cards = chunk
                                .iter()
                                .enumerate()
                                .map(|(j, (card, seat, v, turning, link))| {
                                    let i = t * 3 + j;
                                    let (kind, note) = match v {
                                        None => ("pending", tr(l, "play.verdict_pending")),
                                        Some(Verdict::Kept) => ("kept", tr(l, "play.verdict_kept")),
                                        Some(Verdict::ThrewAway) => {
                                            ("threw", tr(l, "play.verdict_threw"))
                                        }
                                        Some(Verdict::Lost(n)) => {
                                            (
                                                "lost",
                                                tr_with(l, "play.verdict_lost", &[("n", &n.to_string())]),
                                            )
                                        }
                                    };
                                    let lost = match v {
                                        Some(Verdict::Lost(n)) => n.to_string(),
                                        _ => "0".to_string(),
                                    };
                                    let label = format!(
                                        "{}. {}, {}: {}{}",
                                        i + 1,
                                        card_name(l, *card),
                                        seat_name(l, *seat),
                                        note,
                                        if *turning { format!(" — {}", tr(l, "play.turning")) } else { String::new() },
                                    );
                                    view! {
                                        <li>
                                            <a
                                                href=format!("{base}/?{link}")
                                                class=format!("review-card verdict-{kind}")
                                                class:turning=*turning
                                                data-testid="review-card"
                                                data-index=i.to_string()
                                                data-card=card.to_string()
                                                data-seat=seat.to_string()
                                                data-verdict=kind
                                                data-lost=lost
                                                data-turning=turning.to_string()
                                                aria-label=label
                                            >
                                                <span class=format!("card micro {}", suit_class(card.suit()))>
                                                    <CardFace card=*card />
                                                </span>
                                                <span class="review-note" aria-hidden="true">
                                                    {note}
                                                </span>
                                            </a>
                                        </li>
                                    }
                                })
                                .collect_view();
                            view! {
                                <li class="review-trick">
                                    <span class="review-trick-n">
                                        {tr_with(l, "play.trick_n", &[("n", &(t + 1).to_string())])}
                                    </span>
                                    <ol class="review-trick-cards">{cards}</ol>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
