//! The shared link of the game on the table (`/table?share=CODE`, [`crate::model::table::share`]):
//! the button that writes it, and what the page does with one it is opened with: an empty
//! evening opens it at once; an evening with play asks first; a damaged or illegal one is
//! refused with the rule it breaks and the evening stays.

use leptos::prelude::*;

use super::{TablePage, drop_param_from_url};
use crate::i18n::{text, tr_with};
use crate::model::table::Table;
use crate::model::table::share::{Shared, read_share, share_code};

/// A shared link the page was opened with: waiting for the user's answer, or refused.
#[derive(Clone, Debug, PartialEq)]
pub(super) enum Incoming {
    /// Open it? (the evening has play to lose)
    Ask(Box<Shared>),
    /// Opened.
    Opened,
    /// Refused: why.
    Refused(String),
}

/// Read the `share=` code the page was opened with into `table`: opened at once when the
/// evening has nothing to lose, else kept to ask. The code leaves the address bar either way,
/// so a reload continues the evening instead of opening the link again.
pub(super) fn take_incoming(code: Option<String>, table: &mut Table) -> Option<Incoming> {
    let code = code?;
    drop_param_from_url("share");
    Some(match read_share(&code) {
        Err(e) => Incoming::Refused(e.to_string()),
        Ok(s) if !table.has_play() => match Table::from_shared(&s) {
            Ok(t) => {
                *table = t;
                Incoming::Opened
            }
            Err(e) => Incoming::Refused(e.to_string()),
        },
        Ok(s) => Incoming::Ask(Box::new(s)),
    })
}

/// The answer to a shared link: open it or keep the evening; or why it was refused.
#[component]
pub(super) fn IncomingShare(incoming: RwSignal<Option<Incoming>>) -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let open = move |_| {
        let Some(Incoming::Ask(s)) = incoming.get_untracked() else {
            return;
        };
        match Table::from_shared(&s) {
            Ok(t) => {
                tp.update(|table, g| {
                    *table = t;
                    *g = table.game();
                });
                incoming.set(Some(Incoming::Opened));
            }
            Err(e) => incoming.set(Some(Incoming::Refused(e.to_string()))),
        }
    };
    view! {
        {move || {
            incoming
                .get()
                .map(|i| match i {
                    Incoming::Ask(_) => {
                        view! {
                            <div class="panel table-shared" role="alertdialog" aria-labelledby="table-shared-q" data-testid="table-shared">
                                <p id="table-shared-q">{text(lang, "whole.shared_question")}</p>
                                <div class="table-controls">
                                    <button type="button" class="primary" data-testid="table-share-open" on:click=open>
                                        {text(lang, "whole.shared_open")}
                                    </button>
                                    <button type="button" data-testid="table-share-keep" on:click=move |_| incoming.set(None)>
                                        {text(lang, "whole.shared_keep")}
                                    </button>
                                </div>
                            </div>
                        }
                            .into_any()
                    }
                    Incoming::Opened => {
                        view! {
                            <p class="hint" role="status" data-testid="table-shared-opened">
                                {text(lang, "whole.shared_opened")}
                            </p>
                        }
                            .into_any()
                    }
                    Incoming::Refused(e) => {
                        view! {
                            <p class="alert" role="alert" data-testid="table-shared-refused">
                                {move || tr_with(lang.get(), "whole.shared_refused", &[("error", &e)])}
                            </p>
                        }
                            .into_any()
                    }
                })
        }}
    }
}

/// "Share this game": the link, shown and copied.
#[component]
pub(super) fn ShareBox() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let lang = tp.lang;
    let link: RwSignal<Option<String>> = RwSignal::new(None);
    let copied = RwSignal::new(false);
    let make = move |_| {
        let Some(code) = tp.game.with_untracked(|g| {
            g.as_ref()
                .map(|g| tp.table.with_untracked(|t| share_code(t, g)))
        }) else {
            return;
        };
        let origin = window().location().origin().unwrap_or_default();
        let url = format!(
            "{origin}{}/table?share={code}",
            crate::url_sync::router_base()
        );
        let _ = window().navigator().clipboard().write_text(&url);
        link.set(Some(url));
        copied.set(true);
        set_timeout(
            move || {
                let _ = copied.try_set(false);
            },
            std::time::Duration::from_secs(2),
        );
    };
    // A link made before the game moved on is not this game's any more.
    Effect::new(move |_| {
        tp.game.track();
        link.set(None);
    });
    view! {
        <section class="panel table-share" aria-labelledby="table-share-title">
            <h2 id="table-share-title">{text(lang, "whole.share")}</h2>
            <p class="hint">{text(lang, "whole.share_hint")}</p>
            <div class="table-controls">
                <button type="button" data-testid="table-share" on:click=make>
                    {move || text(lang, if copied.get() { "whole.share_copied" } else { "whole.share" })}
                </button>
            </div>
            {move || {
                link.get()
                    .map(|l| {
                        view! {
                            <label class="table-share-link">
                                {text(lang, "whole.share_link")}
                                <input type="text" readonly data-testid="table-share-link" prop:value=l />
                            </label>
                        }
                    })
            }}
        </section>
    }
}
