//! The Table page's own evening: the user at one seat, the two others computer players deciding
//! in the workers from their own seat's view (`Job::TableDecision`, the decision `ulti move`
//! makes), the evening kept in the browser (a reload or a closed tab continues where it
//! stood), a shared link or a table server's finished game opened, and a table with friends to
//! start ([`super::friends`]).

use std::time::Duration;

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Stage, WholeGame};

use super::auction_log::AuctionLog;
use super::felt::Felt;
use super::friends::FriendsBox;
use super::result::DealResult;
use super::share::{
    Incoming, IncomingShare, ShareBox, read_server_game, server_game, take_incoming,
};
use super::sheet::ScoreSheet;
use super::turn::UserTurnPanel;
use super::{ComputerError, TableDetails, TablePage, storage};
use crate::components::deck::random_seed;
use crate::i18n::{Lang, text};
use crate::model::table::{Next, Table};
use crate::protocol::{Answer, UNEXPECTED_ANSWER};
use crate::solver_client::now_ms;
use crate::solver_client::{SolverClient, TableAsk, TableTickets};

/// The browser storage key of the evening.
const STORAGE_KEY: &str = "ulti-table";

/// The least time between two computer cards, so the user can follow the play.
const COMPUTER_CARD_MS: f64 = 700.0;

/// The evening kept in the browser, or a new one (`lost`: a kept one could not be read).
fn restore() -> (Table, bool) {
    let kept = storage().and_then(|s| s.get_item(STORAGE_KEY).ok().flatten());
    match kept.as_deref().map(Table::from_storage) {
        Some(Some(t)) => (t, false),
        Some(None) => (Table::new(0, TableLevel::Normal, random_seed()), true),
        None => (Table::new(0, TableLevel::Normal, random_seed()), false),
    }
}

/// The Table page's own evening against the computer.
#[component]
pub(super) fn LocalTable(lang: RwSignal<Lang>) -> impl IntoView {
    let query = use_query_map();
    let client = expect_context::<SolverClient>();

    let (mut table0, lost) = restore();
    // A shared link: opened at once into an empty evening, else asked.
    let incoming = RwSignal::new(take_incoming(
        query.with_untracked(|q| q.get_str("share").map(str::to_string)),
        &mut table0,
    ));
    // A table server's finished game (the profile's history): read, then opened as one.
    let from_server = query.with_untracked(|q| server_game(lang.get_untracked(), q));
    let had_play = table0.has_play();
    if table0.session.current().is_none() && table0.session.finished().is_empty() {
        table0.next_deal();
    }
    let game0 = table0.game();
    let table = RwSignal::new(table0);
    let game = RwSignal::new(game0);
    let scene = Memo::new(move |_| game.with(|g| g.as_ref().map(|g| table.with(|t| t.scene(g)))));
    let tp = TablePage::new(lang, table, game, scene, None);
    tp.storage_lost.set(lost);
    provide_context(tp);
    match from_server {
        Some(Ok(g)) => read_server_game(tp, g, had_play, incoming),
        Some(Err(e)) => incoming.set(Some(Incoming::Refused(e, true))),
        None => {}
    }

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
        <div class="table-stage" class:over=over>
            <Felt />
            <AuctionLog />
            <div class="table-below">
                {move || (!over()).then(|| view! { <UserTurnPanel /> })}
                {move || over().then(|| view! { <DealResult /> })}
                <ComputerError />
            </div>
        </div>
        <ScoreSheet />
        <FriendsBox />
        <ShareBox />
        <TableDetails />
    }
}
