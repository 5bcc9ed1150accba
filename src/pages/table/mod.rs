//! The Table page: whole games of Ulti, deal after deal. The user sits at one seat; the other
//! two are computer players deciding in the workers from their own seat's view
//! (`Job::TableDecision`, the decision `ulti move` makes). The auction with the talon, trump
//! naming, kontra, the card play and the payment, with a score sheet over the evening that the
//! browser keeps (a reload or a closed tab continues where it stood).
//!
//! Sections: [`felt`] (the card table: the seats around it, the talon, the trick, the
//! contract) with [`hand`] (the user's cards at its bottom), [`auction_log`] (the auction
//! heard, beside the felt), [`turn`] (whose turn it is and the user's decision) with
//! [`bidding`] (the bidding box), [`hint`] (the advisor from the user's seat), [`result`] (the
//! deal's payment), [`review`] (the user's decisions judged), [`share`] (a link to the game on
//! the table), [`sheet`] (the score sheet, export and import, a new evening).

mod auction_log;
mod bidding;
mod felt;
mod hand;
mod hint;
mod result;
mod review;
mod share;
mod sheet;
mod turn;

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Action, AuctionBid, Stage, WholeGame};
use ulti_engine::{Card, CardSet, Contract, Seat};

use crate::components::deck::random_seed;
use crate::components::header::Header;
use crate::i18n::{Lang, seats_in_words, text, tr_with};
use crate::model::table::auction::{discard_help, plays};
use crate::model::table::scene::Scene;
use crate::model::table::{Next, Table};
use crate::protocol::{Answer, UNEXPECTED_ANSWER};
use crate::solver_client::now_ms;
use crate::solver_client::{SolverClient, TableAsk, TableTickets};
use crate::state::PageLang;

use self::auction_log::AuctionLog;
use self::felt::Felt;
use self::result::DealResult;
use self::share::{IncomingShare, ShareBox, take_incoming};
use self::sheet::ScoreSheet;
use self::turn::UserTurnPanel;

/// The browser storage key of the evening.
const STORAGE_KEY: &str = "ulti-table";

/// The least time between two computer cards, so the user can follow the play.
const COMPUTER_CARD_MS: f64 = 700.0;

/// The browser's local storage, if the page may use it.
fn storage() -> Option<web_sys::Storage> {
    window().local_storage().ok().flatten()
}

/// The page's signals.
#[derive(Clone, Copy)]
struct TablePage {
    lang: RwSignal<Lang>,
    /// The evening (kept in the browser's storage on every change).
    table: RwSignal<Table>,
    /// The game on the table (the one in progress, or the last one finished).
    game: RwSignal<Option<WholeGame>>,
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
    /// What happens next.
    fn next(&self) -> Option<Next> {
        self.game
            .with(|g| g.as_ref().map(|g| self.table.with(|t| t.next(g))))
    }

    /// Carry out the user's `action`; a refusal shows the rule it breaks.
    fn act(&self, action: Action) {
        let Some(mut game) = self.game.get_untracked() else {
            return;
        };
        let done = self
            .table
            .try_update(|t| t.act(&mut game, action))
            .unwrap_or(Ok(()));
        match done {
            Ok(()) => {
                self.error.set(None);
                self.discard.set(Vec::new());
                self.chosen_bid.set(None);
                self.kontra_units.set(Vec::new());
                self.game.set(Some(game));
            }
            Err(e) => self.error.set(Some(e.to_string())),
        }
    }

    /// The user picks up the talon.
    fn pick_up(&self) {
        self.update(|t, g| {
            if let Some(g) = g {
                t.pick_up(g);
            }
        });
    }

    /// The user lets its out-of-turn kontra go at this moment.
    fn decline(&self) {
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
        self.error.set(None);
        self.computer_error.set(None);
        self.discard.set(Vec::new());
        self.chosen_bid.set(None);
        self.kontra_units.set(Vec::new());
        self.game.set(game);
    }

    /// Deal the next game.
    fn next_deal(&self) {
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

/// The evening kept in the browser, or a new one (`lost`: a kept one could not be read).
fn restore() -> (Table, bool) {
    let kept = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    match kept.as_deref().map(Table::from_storage) {
        Some(Some(t)) => (t, false),
        Some(None) => (Table::new(0, TableLevel::Normal, random_seed()), true),
        None => (Table::new(0, TableLevel::Normal, random_seed()), false),
    }
}

/// The Table page.
#[component]
pub fn TableRoute() -> impl IntoView {
    let query = use_query_map();
    let page = PageLang::provide(query.with_untracked(|q| q.get_str("lang").and_then(Lang::parse)));
    let client = expect_context::<SolverClient>();
    let lang = page.lang;

    let (mut table0, lost) = restore();
    // A shared link: opened at once into an empty evening, else asked.
    let incoming = RwSignal::new(take_incoming(
        query.with_untracked(|q| q.get_str("share").map(str::to_string)),
        &mut table0,
    ));
    if table0.session.current().is_none() && table0.session.finished().is_empty() {
        table0.next_deal();
    }
    let game0 = table0.game();
    let table = RwSignal::new(table0);
    let game = RwSignal::new(game0);
    let scene = Memo::new(move |_| game.with(|g| g.as_ref().map(|g| table.with(|t| t.scene(g)))));
    let twelve_now = Memo::new(move |_| scene.with(|s| s.as_ref().and_then(Scene::twelve)));
    let discard = RwSignal::new(Vec::new());
    let chosen_bid = RwSignal::new(None::<AuctionBid>);
    let suggested = Memo::new(move |_| {
        let bid = chosen_bid.get()?;
        let twelve = twelve_now.get()?;
        let chosen = discard.get();
        if let Ok(d) = <[Card; 2]>::try_from(chosen.as_slice())
            && plays(&bid, twelve, d)
        {
            return None;
        }
        discard_help(&bid, twelve, &chosen).map(|h| h.discard)
    });
    let tp = TablePage {
        lang,
        table,
        game,
        scene,
        twelve: twelve_now,
        discard,
        chosen_bid,
        suggested,
        show_all_bids: RwSignal::new(false),
        kontra_units: RwSignal::new(Vec::new()),
        error: RwSignal::new(None),
        computer_error: RwSignal::new(None),
        thinking: RwSignal::new(None),
        storage_lost: RwSignal::new(lost),
        hint: RwSignal::new(None),
        think: RwSignal::new(None),
    };
    provide_context(tp);

    // The evening survives a reload and a closed tab.
    Effect::new(move |_| {
        let text = tp.table.with(Table::to_storage);
        if let Some(s) = storage() {
            let _ = s.set_item(STORAGE_KEY, &text);
        }
    });

    // The computer seats: each moment asked once of a worker, with the record so far; a card
    // shows at least COMPUTER_CARD_MS after the last action.
    let asked: StoredValue<Option<(String, TableTickets)>, LocalStorage> =
        StoredValue::new_local(None);
    Effect::new(move |_| {
        let Some(Next::Computer(seat)) = tp.next() else {
            // The user's turn (or no game): a decision still on its way belongs to a game
            // that is gone (a new evening, an import), and is dropped.
            if let Some((_, t)) = asked.get_value() {
                client.forget_table_decision(&t);
                asked.set_value(None);
            }
            tp.thinking.set(None);
            return;
        };
        let Some((record, key)) = tp.game.with(|g| {
            g.as_ref()
                .map(|g| (g.record().to_json(), tp.table.with(|t| t.moment(g))))
        }) else {
            return;
        };
        if asked.with_value(|a| a.as_ref().is_some_and(|(k, _)| *k == key)) {
            return;
        }
        if let Some((_, t)) = asked.get_value() {
            client.forget_table_decision(&t);
        }
        tp.thinking.set(Some(seat));
        let (level, seed) = tp
            .table
            .with_untracked(|t| (t.level, t.computer_seed(seat)));
        // An auction decision's races go to every worker, round by round.
        let game = tp.game.get_untracked();
        let ask = TableAsk {
            record,
            seat,
            level,
            seed,
        };
        let t0 = now_ms();
        let k = key.clone();
        let still = move |key: &str| {
            // `try_`: the page may be gone when a late answer or timer comes. The moment asked
            // must still be the game's: another game may have replaced it meanwhile.
            asked
                .try_with_value(|a| a.as_ref().is_some_and(|(k, _)| k == key))
                .unwrap_or(false)
                && tp
                    .game
                    .try_with_untracked(|g| {
                        g.as_ref()
                            .is_some_and(|g| tp.table.with_untracked(|t| t.moment(g)) == key)
                    })
                    .unwrap_or(false)
        };
        let kind = tp
            .game
            .with_untracked(|g| match g.as_ref().map(WholeGame::stage) {
                Some(Stage::Auction) => "auction",
                Some(Stage::Trump) => "trump",
                _ if g.as_ref().and_then(WholeGame::to_act) != Some(seat) => "kontra",
                _ => "card",
            });
        let ticket = client.ask_table_decision(ask, game, move |answer| {
            if !still(&k) {
                return;
            }
            let ms = now_ms() - t0;
            let kind = match &answer {
                Ok(Answer::TableDecision {
                    action: Some(a), ..
                }) if a.contains("kontra") => "kontra",
                _ => kind,
            };
            tp.think
                .update(|t| *t = Some((kind, ms, t.map_or(1, |(_, _, n)| n + 1))));
            let action = match answer {
                Ok(Answer::TableDecision { action, .. }) => action,
                Ok(_) => {
                    tp.computer_error.set(Some(UNEXPECTED_ANSWER.into()));
                    return;
                }
                Err(e) => {
                    tp.computer_error.set(Some(e));
                    return;
                }
            };
            let wait = if action.is_some() {
                (COMPUTER_CARD_MS - (now_ms() - t0)).max(0.0)
            } else {
                0.0
            };
            set_timeout(
                move || {
                    if !still(&k) {
                        return;
                    }
                    let Some(mut game) = tp.game.get_untracked() else {
                        return;
                    };
                    let done = tp
                        .table
                        .try_update(|t| t.computer_answer(&mut game, seat, action.as_deref()));
                    match done {
                        Some(Ok(())) => tp.game.set(Some(game)),
                        Some(Err(e)) => tp.computer_error.set(Some(e)),
                        None => {}
                    }
                },
                Duration::from_millis(wait as u64),
            );
        });
        asked.set_value(Some((key, ticket)));
    });
    on_cleanup(move || {
        if let Some(Some((_, t))) = asked.try_get_value() {
            client.forget_table_decision(&t);
        }
    });

    let over = move || tp.next() == Some(Next::Over);
    view! {
        <Header />
        <main class="table-layout" data-testid="table-page">
            <h2 class="visually-hidden">{text(lang, "whole.title")}</h2>
            {move || {
                tp.storage_lost
                    .get()
                    .then(|| {
                        view! {
                            <p class="alert" role="alert" data-testid="table-storage-lost">
                                {text(lang, "whole.storage_lost")}
                            </p>
                        }
                    })
            }}
            <IncomingShare incoming />
            <div class="table-stage">
                <Felt />
                <AuctionLog />
                <div class="table-below">
                    {move || (!over()).then(|| view! { <UserTurnPanel /> })}
                    {move || over().then(|| view! { <DealResult /> })}
                    {move || {
                        tp.computer_error
                            .get()
                            .map(|e| {
                                view! {
                                    <p class="alert" role="alert" data-testid="table-computer-error">
                                        {move || {
                                            let l = lang.get();
                                            tr_with(l, "play.computer_error", &[("error", &seats_in_words(l, &e))])
                                        }}
                                    </p>
                                }
                            })
                    }}
                </div>
            </div>
            <ScoreSheet />
            <ShareBox />
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
        </main>
        <footer class="app-footer">{text(lang, "whole.footer")}</footer>
    }
}
