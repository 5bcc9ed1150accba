//! The own profile's privacy: what it hides from others (stored by the server,
//! `POST /api/me/privacy`), and the guest's delete (the Lobby's account box does it).

use leptos::prelude::*;

use super::Loaded;
use crate::i18n::{Lang, text};

#[component]
pub(super) fn Privacy(lang: RwSignal<Lang>, d: StoredValue<Loaded>) -> impl IntoView {
    let _ = d;
    let base = crate::url_sync::router_base();
    view! {
        <section class="profile-privacy" aria-labelledby="profile-privacy-title">
            <h3 id="profile-privacy-title">{text(lang, "profile.privacy")}</h3>
            <p>
                <a href=format!("{base}/lobby#account") data-testid="profile-delete">
                    {text(lang, "profile.delete")}
                </a>
            </p>
        </section>
    }
}
