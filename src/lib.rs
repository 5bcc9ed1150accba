//! # ulti-solver (the web app)
//!
//! A Leptos client-side app: a deal editor, the engine solving every contract in a web worker,
//! and an animated optimal line. The URL (`?deal=&game=&step=`) holds the shareable state.
//!
//! Layout: [`model`] is pure logic with native tests; [`protocol`] is the one worker protocol;
//! [`worker`] is the worker side and [`solver_client`] the page side of it; [`state`] holds
//! the page's signals and the URL sync; [`pages`] and [`components`] are the views;
//! [`offline`] registers the service worker that makes the app installable and offline.

pub mod components;
pub mod i18n;
pub mod live_client;
pub mod model;
pub mod offline;
pub mod pages;
pub mod protocol;
pub mod solver_client;
pub mod state;
pub mod url_sync;
pub mod worker;

use leptos::prelude::*;
use leptos_router::components::{Route, Router, Routes};
use leptos_router::path;

use crate::pages::daily::DailyPage;
use crate::pages::hand::HandPage;
use crate::pages::leaderboard::LeaderboardPage;
use crate::pages::lobby::LobbyPage;
use crate::pages::play::PlayPage;
use crate::pages::profile::ProfilePage;
use crate::pages::puzzles::PuzzlesPage;
use crate::pages::solver_page::SolverPage;
use crate::pages::table::TableRoute;
use crate::solver_client::SolverClient;
use crate::url_sync::router_base;

// The message catalogue: locales/hu.json and locales/en.json (see `i18n`).
rust_i18n::i18n!("locales", fallback = "en");

/// The whole app.
#[component]
pub fn App() -> impl IntoView {
    // One worker pool for the whole app: it survives route changes.
    SolverClient::provide();
    view! {
        <Router base=router_base()>
            <Routes fallback=SolverPage>
                <Route path=path!("/") view=SolverPage />
                <Route path=path!("/hand") view=HandPage />
                <Route path=path!("/play") view=PlayPage />
                <Route path=path!("/table") view=TableRoute />
                <Route path=path!("/lobby") view=LobbyPage />
                <Route path=path!("/daily") view=DailyPage />
                <Route path=path!("/puzzles") view=PuzzlesPage />
                <Route path=path!("/profile") view=ProfilePage />
                <Route path=path!("/leaderboard") view=LeaderboardPage />
            </Routes>
        </Router>
    }
}
