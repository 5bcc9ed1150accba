//! The Play page: the user plays one seat of a deal against the computer (the other two seats
//! decide in the workers, from what their seat sees), then the solver reviews every card.
//!
//! The game lives in the URL (`?deal=&seat=&level=&bid=&discard=&played=`): a reload or a
//! shared link continues at the same point, and the computer's seeds come from the deal, so it
//! decides the same way again.
//!
//! Sections: [`setup`] (seat and level), [`bid`] (the soloist's discard and announcement),
//! [`table`] (the trick, the hands, the play), [`review`] (the result, then every card with the
//! solver's verdict).

mod bid;
mod review;
mod setup;
mod table;

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::{Card, Deal, SOLOIST, Seat};

use crate::components::deck::random_seed;
use crate::components::header::Header;
use crate::i18n::{Lang, text, tr_with};
use crate::model::play::{
    Level, PlayGame, PlayPhase, PlayUrl, format_play_query, review_query, soloist_cards,
};
use crate::protocol::{Answer, Job, UNEXPECTED_ANSWER};
use crate::solver_client::SolverClient;
use crate::solver_client::now_ms;
use crate::state::PageLang;
use crate::url_sync::{set_if_changed, sync_url};

use self::bid::UserBid;
use self::review::Review;
use self::setup::Setup;
use self::table::PlayTable;

/// The least time between two computer cards, so the user can follow the play.
const COMPUTER_CARD_MS: f64 = 700.0;

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

    // The URL, both ways (replace: a game does not flood the history; back and forward bring
    // that entry's deal and game back).
    sync_url(
        move || {
            let deal = play.deal.get();
            let level = play.level.get();
            let lang_param = page.chosen.get().then(|| lang.get().code());
            play.game
                .with(|g| format_play_query(&deal, g.as_ref(), level, lang_param))
        },
        move |q| {
            let url = PlayUrl::parse(|k| q.get_str(k).map(str::to_string));
            let level = url.level.unwrap_or(Level::Normal);
            let game = url.game(level);
            set_if_changed(play.level, level);
            set_if_changed(play.seat, url.seat.unwrap_or(SOLOIST));
            set_if_changed(
                play.deal,
                url.deal.unwrap_or_else(|| Deal::random(random_seed())),
            );
            if play.game.with_untracked(|g| *g != game) {
                play.reset_table();
                play.game.set(game);
            }
            if let Some(l) = q.get_str("lang").and_then(Lang::parse) {
                page.chosen.set(true);
                set_if_changed(lang, l);
            }
        },
    );

    // The computer: the soloist's bid, and every card of a computer seat, asked of a worker
    // with what that seat sees; a card shows at least COMPUTER_CARD_MS after the last one.
    let asked: StoredValue<Option<(String, u64)>> = StoredValue::new(None);
    Effect::new(move |_| {
        let Some(g) = play.game.get() else {
            return;
        };
        let key = g.key();
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
                .try_with_untracked(|g| g.as_ref().is_some_and(|g| g.key() == key))
                .unwrap_or(false)
        };
        let t0 = now_ms();
        let job = match g.phase() {
            PlayPhase::ComputerBids => Job::PlayerBid {
                level: g.level,
                hand: soloist_cards(&g.dealt),
                rules: g.rules,
                seed: g.seed(),
            },
            PlayPhase::ComputerPlays(seat) => match g.view_of(seat) {
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
                Ok(_) => play.computer_error.set(Some(UNEXPECTED_ANSWER.into())),
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
                .filter(|g| g.phase() == PlayPhase::Over)
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
                Some(PlayPhase::UserBids) => view! { <UserBid /> }.into_any(),
                Some(_) => view! { <PlayTable /> }.into_any(),
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
                (play.game.with(|g| g.as_ref().map(PlayGame::phase)) == Some(PlayPhase::Over))
                    .then(|| view! { <Review /> })
            }}
        </main>
        <footer class="app-footer">{text(lang, "play.footer")}</footer>
    }
}
