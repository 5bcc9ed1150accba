//! The page's shared state (typed context) and its two-way sync with the URL.

use leptos::prelude::*;
use leptos_router::hooks::use_query_map;
use ulti_engine::{Bid, Card, Contract, Deal, DealError, RuleOptions, Suit};

use crate::i18n::{Lang, tr};
use crate::model::editor::{DealEditor, EditError};
use crate::model::url_state::{
    AtTable, UrlIssue, UrlState, deal_param, format_query, with_at_table,
};
use crate::url_sync::sync_url;

/// The page's signals, shared through context (`SolverPageState::expect()`).
#[derive(Clone, Copy)]
pub struct SolverPageState {
    /// The deal being edited (hands, trump, active hand).
    pub editor: RwSignal<DealEditor>,
    /// The contract shown in the line viewer (`game=`).
    pub game: RwSignal<Option<Contract>>,
    /// The compound bid whose line the viewer shows instead (`game=40-100+ulti`; `game` is then
    /// its biggest component, for the analysis table); cleared when another contract is picked.
    pub compound: RwSignal<Option<Bid>>,
    /// Cards played in the line viewer (`step=`).
    pub step: RwSignal<usize>,
    /// A what-if (`played=`): the cards played when the user left the optimal line; empty
    /// while the optimal line is shown.
    pub played: RwSignal<Vec<Card>>,
    /// Why the link's `?deal=` was rejected.
    pub deal_error: RwSignal<Option<DealError>>,
    /// A passing message from the editor (e.g. a full hand).
    pub notice: RwSignal<Option<EditError>>,
    /// The link's parameters that were ignored or changed (the dismissible notice).
    pub url_issues: RwSignal<Vec<UrlIssue>>,
    /// The language of every text.
    pub lang: RwSignal<Lang>,
    /// Was the language chosen (by the link's `lang=` or the switch)? Only then is it written
    /// to the URL; otherwise it follows the browser.
    pub lang_chosen: RwSignal<bool>,
    /// House rules (`rules=`).
    pub rules: RwSignal<RuleOptions>,
    /// The line viewer's "at the table" advice (`table=`, `samples=`).
    pub at_table: RwSignal<AtTable>,
    /// The complete deal, if the editor holds one.
    pub deal: Memo<Option<Deal>>,
}

/// The language of the page shown, for the parts every page shares (the header, the card
/// faces): the solver page's [`SolverPageState`], or another page's own [`PageLang`].
#[derive(Clone, Copy)]
pub struct PageLang {
    /// The language of every text.
    pub lang: RwSignal<Lang>,
    /// Was it chosen (by the link's `lang=` or the switch)? Only then is it in the URL.
    pub chosen: RwSignal<bool>,
}

impl PageLang {
    /// The page's language from context.
    ///
    /// # Panics
    /// Outside a page (neither [`SolverPageState`] nor [`PageLang`] in context).
    #[must_use]
    pub fn expect() -> PageLang {
        use_context::<SolverPageState>().map_or_else(expect_context::<PageLang>, |s| PageLang {
            lang: s.lang,
            chosen: s.lang_chosen,
        })
    }

    /// A page's own language (from the link's `lang=`, else the browser's), in context;
    /// `<html lang>` and the window title follow it.
    pub fn provide(from_url: Option<Lang>) -> PageLang {
        let page = PageLang {
            lang: RwSignal::new(from_url.unwrap_or_else(browser_lang)),
            chosen: RwSignal::new(from_url.is_some()),
        };
        Effect::new(move |_| follow_lang(page.lang.get()));
        provide_context(page);
        page
    }

    /// Switch the language (kept in the URL as `lang=`, and remembered for the next visit).
    pub fn set(&self, lang: Lang) {
        save_lang(lang);
        self.chosen.set(true);
        self.lang.set(lang);
    }
}

/// `<html lang>` and the window title in `lang`.
fn follow_lang(lang: Lang) {
    let document = document();
    if let Some(html) = document.document_element() {
        let _ = html.set_attribute("lang", lang.code());
    }
    document.set_title(&tr(lang, "app.title"));
}

fn read_url(q: &leptos_router::params::ParamsMap) -> UrlState {
    UrlState::parse(
        q.get_str("deal"),
        q.get_str("game"),
        q.get_str("step"),
        q.get_str("rules"),
    )
    .with_played(q.get_str("played"))
    .with_lang(q.get_str("lang"))
    .with_at_table(q.get_str("table"), q.get_str("samples"))
}

/// Where the language chosen with the switch is kept, for the next visit.
const LANG_KEY: &str = "ulti-lang";

/// The language chosen with the switch on an earlier visit, else the browser's (a link's
/// `lang=` wins over both).
fn browser_lang() -> Lang {
    saved_lang().unwrap_or_else(navigator_lang)
}

fn saved_lang() -> Option<Lang> {
    let storage = window().local_storage().ok().flatten()?;
    storage
        .get_item(LANG_KEY)
        .ok()
        .flatten()
        .as_deref()
        .and_then(Lang::parse)
}

/// Remember the language the user chose with the switch.
fn save_lang(lang: Lang) {
    if let Some(storage) = window().local_storage().ok().flatten() {
        let _ = storage.set_item(LANG_KEY, lang.code());
    }
}

/// The browser's preferred language among the app's (English when it prefers neither).
fn navigator_lang() -> Lang {
    let navigator = window().navigator();
    let mut tags: Vec<String> = navigator
        .languages()
        .iter()
        .filter_map(|v| v.as_string())
        .collect();
    tags.extend(navigator.language());
    Lang::from_preferences(tags.iter().map(String::as_str))
}

impl SolverPageState {
    /// The state from context.
    ///
    /// # Panics
    /// Outside the solver page.
    #[must_use]
    pub fn expect() -> SolverPageState {
        expect_context()
    }

    /// Create the state from the current URL, keep the URL in step with it, and put it in
    /// context. Must run inside the `<Router>`.
    pub fn provide() -> SolverPageState {
        let editor = RwSignal::new(DealEditor::new());
        let state = SolverPageState {
            editor,
            game: RwSignal::new(None),
            compound: RwSignal::new(None),
            step: RwSignal::new(0),
            played: RwSignal::new(Vec::new()),
            deal_error: RwSignal::new(None),
            notice: RwSignal::new(None),
            url_issues: RwSignal::new(Vec::new()),
            lang: RwSignal::new(browser_lang()),
            lang_chosen: RwSignal::new(false),
            rules: RwSignal::new(RuleOptions::default()),
            at_table: RwSignal::new(AtTable::default()),
            deal: Memo::new(move |_| editor.with(DealEditor::deal)),
        };
        let query = use_query_map();
        state.apply_url(&query.with_untracked(read_url));

        // The URL, both ways (replace: editing and stepping do not flood the history; back and
        // forward, or a link pasted into the same tab, come back into the state).
        sync_url(
            move || {
                let deal = state
                    .deal
                    .get()
                    .map(|d| query.with_untracked(|q| deal_param(&d, q.get_str("deal"))));
                with_at_table(
                    format_query(
                        deal.as_deref(),
                        state.rules.get(),
                        state.game.get(),
                        state.compound.get().as_ref(),
                        &state.played.get(),
                        state.step.get(),
                        state.lang_chosen.get().then(|| state.lang.get()),
                    ),
                    state.at_table.get(),
                )
            },
            move |q| state.apply_url(&read_url(q)),
        );

        // A complete deal replaces a rejected link's message.
        Effect::new(move |_| {
            if state.deal.get().is_some() {
                state.deal_error.set(None);
            }
        });

        // `<html lang>` and the window title follow the language.
        Effect::new(move |_| follow_lang(state.lang.get()));

        provide_context(state);
        state
    }

    /// Switch the language (kept in the URL as `lang=`, and remembered for the next visit).
    pub fn set_lang(&self, lang: Lang) {
        save_lang(lang);
        self.lang_chosen.set(true);
        self.lang.set(lang);
    }

    fn apply_url(&self, url: &UrlState) {
        match &url.deal {
            Some(Ok(deal)) if self.editor.with_untracked(DealEditor::deal) != Some(*deal) => {
                let active = self.editor.with_untracked(DealEditor::active);
                let mut e = DealEditor::from_deal(deal);
                e.set_active(active);
                self.editor.set(e);
            }
            Some(Err(e)) => self.deal_error.set(Some(e.clone())),
            Some(Ok(_)) | None => {}
        }
        // The app's own rewrite of the URL drops what it ignored: keep the notice until
        // it is dismissed or another link brings its own.
        if !url.issues.is_empty() {
            self.url_issues.set(url.issues.clone());
        }
        if let Some(lang) = url.lang {
            self.lang_chosen.set(true);
            if self.lang.get_untracked() != lang {
                self.lang.set(lang);
            }
        }
        if self.rules.get_untracked() != url.rules {
            self.rules.set(url.rules);
        }
        if self.game.get_untracked() != url.game {
            self.game.set(url.game);
        }
        if self.compound.get_untracked() != url.compound {
            self.compound.set(url.compound.clone());
        }
        if self.played.get_untracked() != url.played {
            self.played.set(url.played.clone());
        }
        if self.step.get_untracked() != url.step {
            self.step.set(url.step);
        }
        if self.at_table.get_untracked() != url.at_table {
            self.at_table.set(url.at_table);
        }
    }

    /// Change the deal from the editor: the line restarts at step 0.
    pub fn edit(&self, f: impl FnOnce(&mut DealEditor)) {
        self.editor.update(f);
        self.notice.set(None);
        self.step.set(0);
        self.played.set(Vec::new());
    }

    /// The bid whose line the viewer shows: the compound, else the selected contract.
    #[must_use]
    pub fn viewer_bid(&self) -> Option<Bid> {
        self.compound
            .get()
            .or_else(|| self.game.get().map(Bid::single))
    }

    /// Show `contract`'s optimal line from step 0 (a different contract, or leaving a compound
    /// bid's line, leaves any what-if).
    pub fn select_game(&self, contract: Contract) {
        if self.game.get_untracked() != Some(contract)
            || self.compound.with_untracked(Option::is_some)
        {
            self.compound.set(None);
            self.game.set(Some(contract));
            self.step.set(0);
            self.played.set(Vec::new());
        }
    }

    /// Show a full-table cell: its trump (for trump contracts) and its contract's line.
    pub fn select_cell(&self, contract: Contract, trump: Option<Suit>) {
        if let Some(t) = trump
            && self.editor.with_untracked(|e| e.trump) != t
        {
            self.edit(|e| e.trump = t);
            self.compound.set(None);
            self.game.set(Some(contract));
            return;
        }
        self.select_game(contract);
    }
}
