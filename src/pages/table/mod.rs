//! The Table page: whole games of Ulti, deal after deal: the auction with the talon, trump
//! naming, kontra, the card play and the payment, with a score sheet over the evening. Either
//! the browser's own evening against two computer players ([`local`]), or a live table on a
//! table server with friends ([`live`], `?live=ID`; started from [`friends`]). Both show the
//! same table from the same signals ([`TablePage`]).
//!
//! Sections: [`felt`] (the card table: the seats around it, the talon, the trick, the
//! contract) with [`hand`] (the user's cards at its bottom), [`auction_log`] (the auction
//! heard, beside the felt), [`turn`] (whose turn it is and the user's decision) with
//! [`bidding`] (the bidding box), [`hint`] (the advisor from the user's seat), [`result`] (the
//! deal's payment), [`review`] (the user's decisions judged), [`share`] (a link to the game on
//! the table), [`sheet`] (the score sheet, export and import, a new evening).

mod auction_log;
mod bidding;
mod chat;
mod daily_lines;
mod felt;
mod friends;
mod hand;
mod hint;
mod live;
mod live_status;
mod local;
mod result;
pub(crate) mod review;
mod share;
mod sheet;
mod turn;
mod waiting;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Action, AuctionBid, Stage, WholeGame};
use ulti_engine::{Card, CardSet, Contract, Seat};

use crate::components::deck::random_seed;
use crate::components::header::Header;
use crate::i18n::{Lang, seats_in_words, text, tr, tr_with};
use crate::live_client::{LiveConnection, ServerError};
use crate::model::live::Request;
use crate::model::table::auction::{discard_help, plays};
use crate::model::table::scene::Scene;
use crate::model::table::{Next, Table};
use crate::state::PageLang;

use self::live::LiveTable;
use self::local::LocalTable;

/// The browser's local storage, if the page may use it.
fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// Take `name=` out of the address bar (other parameters stay), without a new history entry:
/// a shared game's code once read, an invitation's token once kept.
fn drop_param_from_url(name: &str) {
    let w = window();
    let Ok(href) = w.location().href() else {
        return;
    };
    let Ok(url) = web_sys::Url::new(&href) else {
        return;
    };
    url.search_params().delete(name);
    let fragment = web_sys::UrlSearchParams::new_with_str(url.hash().trim_start_matches('#'));
    if let Ok(f) = fragment
        && f.has(name)
    {
        f.delete(name);
        let rest = String::from(f.to_string());
        url.set_hash(&rest);
    }
    if let Ok(h) = w.history() {
        let _ = h.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&url.href()));
    }
}

/// A parameter of the address's fragment (`#join=…`).
fn fragment_param(name: &str) -> Option<String> {
    let hash = window().location().hash().ok()?;
    let params = web_sys::UrlSearchParams::new_with_str(hash.trim_start_matches('#')).ok()?;
    params.get(name).filter(|v| !v.is_empty())
}

/// The page's signals: the same for the local evening and a live table, so every part of
/// the table reads them alike; `live` says where the user's requests go.
#[derive(Clone, Copy)]
struct TablePage {
    lang: RwSignal<Lang>,
    /// The evening (kept in the browser's storage on every change); at a live table the
    /// finished games the server sent, with the user's seat.
    table: RwSignal<Table>,
    /// The game on the table (the one in progress, or the last one finished); at a live table
    /// only a finished game (its record is whole then).
    game: RwSignal<Option<WholeGame>>,
    /// A live table's connection (`None`: the local evening).
    live: Option<LiveConnection>,
    /// The table as the user's seat sees it (everything the felt and the controls show).
    scene: Memo<Option<Scene>>,
    /// The twelve the user chooses its discard from, on its auction turn once it holds them.
    twelve: Memo<Option<CardSet>>,
    /// The cards chosen for the discard.
    discard: RwSignal<Vec<Card>>,
    /// A bid the user clicked that the discard chosen does not play.
    chosen_bid: RwSignal<Option<AuctionBid>>,
    /// A discard that plays `chosen_bid`, marked in the hand.
    suggested: Memo<Option<[Card; 2]>>,
    /// The bidding box shows every row, not only those with a bid to say.
    show_all_bids: RwSignal<bool>,
    /// The units chosen for a kontra.
    kontra_units: RwSignal<Vec<Contract>>,
    /// Why the user's last action was refused.
    error: RwSignal<Option<String>>,
    /// A computer decision failed (the worker's message).
    computer_error: RwSignal<Option<String>>,
    /// The computer seat thinking now.
    thinking: RwSignal<Option<Seat>>,
    /// The stored evening could not be read (a new one was started).
    storage_lost: RwSignal<bool>,
    /// The hint asked at a moment (its key) and where it stands.
    hint: RwSignal<Option<(String, HintState)>>,
    /// The last computer decision: what it decided (auction, trump, kontra, card), its
    /// page-side time in ms, and a count of decisions (a benchmark reads each one).
    think: RwSignal<Option<(&'static str, f64, u64)>>,
}

/// A hint asked of the workers.
#[derive(Clone, Debug, PartialEq)]
enum HintState {
    /// Being decided.
    Thinking,
    /// The advice in the record's words (`None`: say nothing now).
    Advice(Option<String>),
    /// The worker failed.
    Failed(String),
}

impl TablePage {
    /// The page's signals around `table`, `game` and the `scene` made of them (or of a live
    /// table's state).
    fn new(
        lang: RwSignal<Lang>,
        table: RwSignal<Table>,
        game: RwSignal<Option<WholeGame>>,
        scene: Memo<Option<Scene>>,
        live: Option<LiveConnection>,
    ) -> TablePage {
        let twelve = Memo::new(move |_| scene.with(|s| s.as_ref().and_then(Scene::twelve)));
        let discard = RwSignal::new(Vec::new());
        let chosen_bid = RwSignal::new(None::<AuctionBid>);
        let suggested = Memo::new(move |_| {
            let bid = chosen_bid.get()?;
            let twelve = twelve.get()?;
            let chosen = discard.get();
            if let Ok(d) = <[Card; 2]>::try_from(chosen.as_slice())
                && plays(&bid, twelve, d)
            {
                return None;
            }
            discard_help(&bid, twelve, &chosen).map(|h| h.discard)
        });
        TablePage {
            lang,
            table,
            game,
            live,
            scene,
            twelve,
            discard,
            chosen_bid,
            suggested,
            show_all_bids: RwSignal::new(false),
            kontra_units: RwSignal::new(Vec::new()),
            error: RwSignal::new(None),
            computer_error: RwSignal::new(None),
            thinking: RwSignal::new(None),
            storage_lost: RwSignal::new(false),
            hint: RwSignal::new(None),
            think: RwSignal::new(None),
        }
    }

    /// What happens next (at a live table, from the scene: the user's decision, another
    /// seat's, or the deal's end).
    fn next(&self) -> Option<Next> {
        if self.live.is_some() {
            return self.scene.with(|s| {
                let s = s.as_ref()?;
                Some(if s.stage() == Stage::Over {
                    Next::Over
                } else if let Some(t) = s.asked() {
                    Next::User(t)
                } else {
                    Next::Computer(s.waiting?)
                })
            });
        }
        self.game
            .with(|g| g.as_ref().map(|g| self.table.with(|t| t.next(g))))
    }

    /// The user's seat: at a live table the one its token holds (`None`: watching).
    fn viewer(&self) -> Option<Seat> {
        match self.live {
            Some(c) => c.seat(),
            None => Some(self.table.with(|t| t.user)),
        }
    }

    /// The 1-based number of the deal on the table.
    fn deal_number(&self) -> usize {
        match self.live {
            Some(c) => c
                .live
                .with(|l| l.state.as_ref().map_or(0, |s| s.game as usize)),
            None => self.table.with(Table::deal_number),
        }
    }

    /// Send `req` to the live table; says so when the connection is not there.
    fn request(&self, c: LiveConnection, req: Request) {
        if c.request(req) {
            self.cleared();
        } else {
            self.error
                .set(Some(tr(self.lang.get_untracked(), "live.not_connected")));
        }
    }

    /// The choices of the user's last decision are gone.
    fn cleared(&self) {
        self.error.set(None);
        self.discard.set(Vec::new());
        self.chosen_bid.set(None);
        self.kontra_units.set(Vec::new());
    }

    /// Carry out the user's `action`; a refusal shows the rule it breaks.
    fn act(&self, action: Action) {
        if let Some(c) = self.live {
            return self.request(c, Request::Act(action));
        }
        let Some(mut game) = self.game.get_untracked() else {
            return;
        };
        let done = self
            .table
            .try_update(|t| t.act(&mut game, action))
            .unwrap_or(Ok(()));
        match done {
            Ok(()) => {
                self.cleared();
                self.game.set(Some(game));
            }
            Err(e) => self.error.set(Some(e.to_string())),
        }
    }

    /// The user picks up the talon.
    fn pick_up(&self) {
        if let Some(c) = self.live {
            return self.request(c, Request::PickUp);
        }
        self.update(|t, g| {
            if let Some(g) = g {
                t.pick_up(g);
            }
        });
    }

    /// The user lets its out-of-turn kontra go at this moment.
    fn decline(&self) {
        if let Some(c) = self.live {
            c.decline();
            return self.cleared();
        }
        self.update(|t, g| {
            if let Some(g) = g {
                let user = t.user;
                t.decline(g, user);
            }
        });
    }

    /// Any change to the table: the game follows it.
    fn update(&self, f: impl FnOnce(&mut Table, &mut Option<WholeGame>)) {
        let mut game = self.game.get_untracked();
        self.table.update(|t| f(t, &mut game));
        self.computer_error.set(None);
        self.cleared();
        self.game.set(game);
    }

    /// Deal the next game (at a live table: the user is ready for it).
    fn next_deal(&self) {
        if let Some(c) = self.live {
            return self.request(c, Request::Next);
        }
        self.update(|t, g| *g = Some(t.next_deal()));
    }

    /// A new evening at `user`'s seat against `level` (the old score sheet is gone: the page
    /// asks first).
    fn new_evening(&self, user: Seat, level: TableLevel) {
        self.update(|t, g| {
            *t = Table::new(user, level, random_seed());
            *g = Some(t.next_deal());
        });
    }
}

/// A server error in words.
fn server_error(lang: Lang, server: &str, e: &ServerError) -> String {
    match e {
        ServerError::Unreachable(_) => tr_with(lang, "live.unreachable", &[("server", server)]),
        ServerError::NotOurs(_) => tr_with(lang, "live.not_ours", &[("server", server)]),
        ServerError::Protocol(p) => tr_with(
            lang,
            "live.other_protocol",
            &[("server", server), ("protocol", p)],
        ),
        ServerError::Refused(why) => tr_with(lang, "live.refused", &[("error", why)]),
    }
}

/// A computer decision that failed.
#[component]
fn ComputerError() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    move || {
        tp.computer_error.get().map(|e| {
            view! {
                <p class="alert" role="alert" data-testid="table-computer-error">
                    {move || {
                        let l = lang.get();
                        tr_with(l, "play.computer_error", &[("error", &seats_in_words(l, &e))])
                    }}
                </p>
            }
        })
    }
}

/// The details a player need not see: the computer's thinking time (a benchmark reads it).
#[component]
fn TableDetails() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    view! {
        <details class="panel table-details" data-testid="table-details">
            <summary>{text(lang, "whole.details")}</summary>
            {move || {
                tp.think
                    .get()
                    .map(|(kind, ms, n)| {
                        view! {
                            <p
                                class="hint"
                                data-testid="table-think-ms"
                                data-kind=kind
                                data-ms=format!("{ms:.0}")
                                data-n=n.to_string()
                            >
                                {move || tr_with(lang.get(), "play.think_ms", &[("ms", &format!("{ms:.0}"))])}
                            </p>
                        }
                    })
            }}
        </details>
    }
}

/// The Table page: the local evening, or a live table (`?live=ID`).
#[component]
pub fn TableRoute() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let lang = page.lang;
    let live = Memo::new(move |_| query.with(|q| q.get_str("live").map(str::to_string)));
    view! {
        <Header />
        <main class="table-layout" data-testid="table-page">
            <h2 class="visually-hidden">{text(lang, "whole.title")}</h2>
            {move || match live.get() {
                Some(table) => view! { <LiveTable lang table /> }.into_any(),
                None => view! { <LocalTable lang /> }.into_any(),
            }}
        </main>
        <footer class="app-footer">
            {move || tr(lang.get(), if live.with(Option::is_some) { "live.footer" } else { "whole.footer" })}
        </footer>
    }
}
