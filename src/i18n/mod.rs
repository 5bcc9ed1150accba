//! The user's language: Hungarian or English, one at a time.
//!
//! Every user-visible text comes from the message catalogue in `locales/{hu,en}.json` (compiled
//! in by `rust-i18n`); components call [`tr`] / [`tr_with`] with a literal key, the names of
//! `names.rs` for suits, cards, contracts, bids and trumps (the only place that words them), or
//! the helpers below for seats and engine errors.
//! `tests/i18n.rs` fails when a key is missing in either language or used without an entry.

use ulti_engine::{ComponentResult, Contract, DealError, PlayError, Seat};

use crate::model::analysis::signed;
use crate::model::editor::{EditError, HAND_CARDS};
use crate::model::hand::HandError;
use crate::model::hand::card::PositionError;
pub use crate::model::lang::Lang;
use crate::model::url_state::{LAST_STEP, UrlIssue};
use crate::protocol::WorkerError;

mod lobby;
mod names;
mod puzzles;
mod review;
mod table;
pub use lobby::{refusal_words, rule_note_words, seat_words};
pub use names::{
    announcement_name, auction_bid_name, bid_name, card_name, contract_name, contract_part,
    form_name, label, played_bid_name, rank_name, rank_short, suit_name, with_article,
};
pub use puzzles::{compound_parts, compound_verdict, nth, turning_words};
pub use review::verdict_words;
pub use table::{
    advice_text, hint_text, import_error_words, kontra_name, level_name, seats_in_words, table_seat,
};

/// The catalogue's text for `key`.
#[must_use]
pub fn tr(lang: Lang, key: &str) -> String {
    rust_i18n::t!(key, locale = lang.code()).into_owned()
}

/// The catalogue's text for `key` in the page's language, as a signal for a view (one
/// concrete type for every such text, which keeps the wasm smaller than a closure each).
#[must_use]
pub fn text(
    lang: leptos::prelude::RwSignal<Lang>,
    key: &'static str,
) -> leptos::prelude::Signal<String> {
    use leptos::prelude::Get;
    leptos::prelude::Signal::derive(move || tr(lang.get(), key))
}

/// The catalogue's text for `key` with its `%{name}` placeholders filled in.
#[must_use]
pub fn tr_with(lang: Lang, key: &str, args: &[(&str, &str)]) -> String {
    let mut text = tr(lang, key);
    for (name, value) in args {
        text = text.replace(&format!("%{{{name}}}"), value);
    }
    text
}

/// A seat's name: Felvevő / Soloist, 1. védő / Defender 1, 2. védő / Defender 2.
#[must_use]
pub fn seat_name(lang: Lang, seat: Seat) -> String {
    match seat {
        0 => tr(lang, "seat.soloist"),
        1 => tr(lang, "seat.defender1"),
        _ => tr(lang, "seat.defender2"),
    }
}

/// A seat's one-letter badge on a dealt card: F/1/2 (Felvevő) or S/1/2 (Soloist).
#[must_use]
pub fn seat_badge(lang: Lang, seat: Seat) -> String {
    match seat {
        0 => tr(lang, "seat.badge_soloist"),
        1 => tr(lang, "seat.badge_defender1"),
        _ => tr(lang, "seat.badge_defender2"),
    }
}

/// Why the soloist cannot play `contract` (the engine's reasons, one per contract).
#[must_use]
pub fn unplayable_reason(lang: Lang, contract: Contract) -> String {
    match contract {
        Contract::Ulti => tr(lang, "unplayable.ulti"),
        Contract::Negyven100 => tr(lang, "unplayable.negyven100"),
        Contract::Husz100 => tr(lang, "unplayable.husz100"),
        Contract::NegyAsz => tr(lang, "unplayable.negy_asz"),
        Contract::NegyTizes => tr(lang, "unplayable.negy_tizes"),
        _ => tr(lang, "unplayable.other"),
    }
}

/// Why a link's deal code was rejected.
#[must_use]
pub fn deal_error(lang: Lang, e: &DealError) -> String {
    let detail = match e {
        DealError::Length(n) => tr_with(lang, "deal_error.length", &[("count", &n.to_string())]),
        DealError::NotADigit { position, found } => tr_with(
            lang,
            "deal_error.not_a_digit",
            &[
                ("position", &position.to_string()),
                ("found", &found.to_string()),
            ],
        ),
        DealError::DigitOutOfRange {
            position, digit, ..
        } => {
            // Digit 1 is the trump; then each card is a suit digit and a value digit.
            let key = if *position == 1 {
                "deal_error.trump_range"
            } else if position % 2 == 0 {
                "deal_error.suit_range"
            } else {
                "deal_error.rank_range"
            };
            tr_with(
                lang,
                key,
                &[
                    ("position", &position.to_string()),
                    ("digit", &digit.to_string()),
                ],
            )
        }
        DealError::RepeatedCard(card) => tr_with(
            lang,
            "deal_error.repeated",
            &[
                ("code", &card.to_string()),
                ("card", &card_name(lang, *card)),
            ],
        ),
        DealError::HandSize { seat, count } => tr_with(
            lang,
            "deal_error.hand_size",
            &[
                ("seat", &seat_name(lang, *seat)),
                ("count", &count.to_string()),
            ],
        ),
    };
    tr_with(lang, "deal_error.prefix", &[("error", &detail)])
}

/// Why card `index` (1-based) of a played sequence breaks a rule, e.g. "card 3, PA (Ace of
/// Hearts): it breaks the rule to follow suit: Defender 1 holds Leaves".
#[must_use]
pub fn play_error(lang: Lang, index: usize, e: &PlayError) -> String {
    let (key, card, seat, suit) = match *e {
        PlayError::GameOver { card } => ("play_error.game_over", card, None, None),
        PlayError::NotInHand { card, seat } => ("play_error.not_in_hand", card, Some(seat), None),
        PlayError::MustFollow { card, seat, led } => {
            ("play_error.must_follow", card, Some(seat), Some(led))
        }
        PlayError::MustBeat { card, seat, led } => {
            ("play_error.must_beat", card, Some(seat), Some(led))
        }
        PlayError::MustTrump { card, seat } => ("play_error.must_trump", card, Some(seat), None),
        PlayError::MustOvertrump { card, seat } => {
            ("play_error.must_overtrump", card, Some(seat), None)
        }
        PlayError::UltiSeven { card } => ("play_error.ulti_seven", card, None, None),
    };
    let seat = seat.map(|s| seat_name(lang, s)).unwrap_or_default();
    let suit = suit.map(|s| suit_name(lang, s)).unwrap_or_default();
    let error = tr_with(lang, key, &[("seat", &seat), ("suit", &suit)]);
    tr_with(
        lang,
        "play_error.prefix",
        &[
            ("index", &index.to_string()),
            ("code", &card.to_string()),
            ("card", &card_name(lang, card)),
            ("error", &error),
        ],
    )
}

/// Why the editor refused a card.
#[must_use]
pub fn edit_error(lang: Lang, e: EditError) -> String {
    match e {
        EditError::HandFull(seat) => tr_with(
            lang,
            "editor.hand_full",
            &[("seat", &seat_name(lang, seat))],
        ),
        EditError::DealFull => tr(lang, "editor.deal_full"),
    }
}

/// Why the solver workers failed.
#[must_use]
pub fn worker_error(lang: Lang, e: &WorkerError) -> String {
    match e {
        WorkerError::Timeout(secs) => {
            tr_with(lang, "worker.timeout", &[("secs", &secs.to_string())])
        }
        WorkerError::Version { worker, page } => tr_with(
            lang,
            "worker.version",
            &[("worker", &worker.to_string()), ("page", &page.to_string())],
        ),
        WorkerError::Crashed(m) => tr_with(lang, "worker.crashed", &[("message", m)]),
        WorkerError::Unavailable(m) => tr_with(lang, "worker.unavailable", &[("message", m)]),
    }
}

/// What happened to a link parameter that was ignored or changed.
#[must_use]
pub fn url_issue(lang: Lang, issue: &UrlIssue) -> String {
    let with_value = |key: &str, v: &str| tr_with(lang, key, &[("value", v)]);
    match issue {
        UrlIssue::UnknownGame(v) => with_value("url.game", v),
        UrlIssue::StepPastEnd(v) => tr_with(
            lang,
            "url.step_range",
            &[("value", v), ("max", &LAST_STEP.to_string())],
        ),
        UrlIssue::StepNotANumber(v) => with_value("url.step_bad", v),
        UrlIssue::StepWithoutGame(v) => with_value("url.step_no_game", v),
        UrlIssue::UnknownRule(v) => with_value("url.rules", v),
        UrlIssue::BadPlayed(v) => with_value("url.played", v),
        UrlIssue::PlayedWithoutGame => tr(lang, "url.played_no_game"),
        UrlIssue::UnknownLang(v) => with_value("url.lang", v),
        UrlIssue::BadSamples(v) => with_value("url.samples", v),
    }
}

/// A share as a whole percentage.
#[must_use]
pub fn percent(p: f64) -> String {
    format!("{:.0} %", p * 100.0)
}

/// One decimal, with the language's decimal separator (`2.5`, `2,5`).
#[must_use]
pub fn one_decimal(lang: Lang, x: f64) -> String {
    let s = format!("{x:.1}");
    if lang == Lang::Hu {
        s.replace('.', ",")
    } else {
        s
    }
}

/// A mean payoff with its sign, one decimal, with the language's decimal separator.
#[must_use]
pub fn payoff(lang: Lang, p: f64) -> String {
    let s = one_decimal(lang, p.abs());
    if format!("{:.1}", p.abs()) == "0.0" {
        s
    } else if p > 0.0 {
        format!("+{s}")
    } else {
        format!("−{s}")
    }
}

/// Why `?hand=` was rejected, in the page's language.
#[must_use]
pub fn hand_error(lang: Lang, e: &HandError) -> String {
    match e {
        HandError::BadCard(name) => tr_with(lang, "hand.error_bad_card", &[("name", name)]),
        HandError::Repeated(c) => tr_with(
            lang,
            "hand.error_repeated",
            &[("card", &card_name(lang, *c))],
        ),
        HandError::TooMany(n) => tr_with(lang, "hand.error_too_many", &[("n", &n.to_string())]),
    }
}

/// Why card mode cannot advise, in the page's language.
#[must_use]
pub fn position_error(lang: Lang, e: &PositionError) -> String {
    match e {
        PositionError::HandSize(n) => tr_with(
            lang,
            "hand.card_pick",
            &[("n", &(HAND_CARDS - (*n).min(HAND_CARDS)).to_string())],
        ),
        PositionError::Talon(v) => tr_with(lang, "hand.card_bad_talon", &[("value", v)]),
        PositionError::Bid(v) => tr_with(lang, "hand.card_bad_bid", &[("value", v)]),
        PositionError::Played(v) => tr_with(lang, "hand.card_bad_played", &[("value", v)]),
        PositionError::View(m) => tr_with(lang, "hand.card_bad_position", &[("message", m)]),
    }
}

/// One component's outcome, e.g. `40-100 ✔ +4`, `ulti ✘ −8`, `négy ász ✔ +8`.
#[must_use]
pub fn component_text(lang: Lang, c: &ComponentResult) -> String {
    format!(
        "{} {} {}",
        contract_name(lang, c.contract).to_lowercase(),
        if c.won { "✔" } else { "✘" },
        signed(c.payoff)
    )
}

/// Every component's outcome of a bid, joined by ` · `.
#[must_use]
pub fn components_text(lang: Lang, components: &[ComponentResult]) -> String {
    components
        .iter()
        .map(|c| component_text(lang, c))
        .collect::<Vec<_>>()
        .join(" · ")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::{Card, Rank, Suit};

    #[test]
    fn cards_have_spoken_names_in_both_languages() {
        let pa: Card = "PA".parse().unwrap();
        assert_eq!(card_name(Lang::Hu, pa), "Piros Ász");
        assert_eq!(card_name(Lang::En, pa), "Ace of Hearts");
        let zu: Card = "ZU".parse().unwrap();
        assert_eq!(card_name(Lang::Hu, zu), "Zöld Alsó");
        assert_eq!(card_name(Lang::En, zu), "Under of Leaves");
        assert_eq!(rank_short(Lang::Hu, Rank::Felso), "F");
        assert_eq!(rank_short(Lang::En, Rank::Ten), "10");
        assert_eq!(seat_name(Lang::Hu, 1), "1. védő");
        assert_eq!(seat_name(Lang::En, 2), "Defender 2");
    }

    #[test]
    fn the_browser_preference_picks_the_language() {
        assert_eq!(Lang::from_preferences(["hu-HU", "en"]), Lang::Hu);
        assert_eq!(Lang::from_preferences(["de-DE", "en-GB", "hu"]), Lang::En);
        assert_eq!(Lang::from_preferences(["fr"]), Lang::En);
        assert_eq!(Lang::parse(" HU "), Some(Lang::Hu));
        assert_eq!(Lang::parse("de"), None);
    }

    #[test]
    fn suits_and_contracts_have_the_engines_names() {
        for c in Contract::ALL {
            assert_eq!(contract_name(Lang::Hu, c), c.hungarian());
            assert_eq!(contract_name(Lang::En, c), c.english());
        }
        for s in Suit::ALL {
            assert_eq!(suit_name(Lang::Hu, s), s.hungarian());
            assert_eq!(suit_name(Lang::En, s), s.english());
        }
    }

    #[test]
    fn deal_errors_are_translated() {
        let e = Deal::parse_code("123").unwrap_err();
        assert!(deal_error(Lang::En, &e).contains("61 digits"));
        assert!(deal_error(Lang::Hu, &e).contains("61 számjegyű"));
        let strong = "0070605040302012737173112323313143435151620212322242526103011";
        let e = Deal::parse_code(&format!("9{}", &strong[1..])).unwrap_err();
        assert!(
            deal_error(Lang::En, &e).contains("trump suit must be 0..=3"),
            "{e}"
        );
        let e = Deal::parse_code(&format!("00707{}", &strong[5..])).unwrap_err();
        assert!(
            deal_error(Lang::En, &e).contains("PA (Ace of Hearts)"),
            "{e}"
        );
        assert!(deal_error(Lang::Hu, &e).contains("PA (Piros Ász)"), "{e}");
    }

    use ulti_engine::Deal;

    #[test]
    fn refusals_and_link_notices_name_what_happened() {
        assert_eq!(
            edit_error(Lang::Hu, EditError::HandFull(1)),
            "1. védő már 10 lapot tart"
        );
        assert_eq!(
            edit_error(Lang::En, EditError::HandFull(1)),
            "Defender 1 already holds 10 cards"
        );
        let step = url_issue(Lang::En, &UrlIssue::StepPastEnd("99".into()));
        assert!(step.contains("step=99") && step.contains("30"), "{step}");
        let game = url_issue(Lang::Hu, &UrlIssue::UnknownGame("nonsense".into()));
        assert!(game.contains("game=nonsense"), "{game}");
    }

    #[test]
    fn component_outcomes_read_like_a_score_sheet() {
        let parts = [
            ComponentResult {
                contract: Contract::Negyven100,
                won: true,
                payoff: 4,
            },
            ComponentResult {
                contract: Contract::Ulti,
                won: false,
                payoff: -8,
            },
        ];
        assert_eq!(components_text(Lang::Hu, &parts), "40-100 ✔ +4 · ulti ✘ −8");
        let aces = ComponentResult {
            contract: Contract::NegyAsz,
            won: true,
            payoff: 8,
        };
        assert_eq!(component_text(Lang::Hu, &aces), "négy ász ✔ +8");
        assert_eq!(signed(0), "0");
    }

    #[test]
    fn the_first_illegal_card_is_named_with_its_rule() {
        use crate::model::whatif::{first_illegal, position_query};
        use ulti_engine::{Bid, Deal, Game, RuleOptions};
        let deal =
            Deal::parse_code("0070605040302012737173112323313143435151620212322242526103011")
                .unwrap();
        let rules = RuleOptions::default();
        let mut g = Game::new(&deal, &Bid::single(Contract::Passz), rules);
        let mut ok = Vec::new();
        for _ in 0..3 {
            let c = g.legal_cards().iter().next().unwrap();
            g.play(c).unwrap();
            ok.push(c);
        }
        let legal = position_query(deal, Bid::single(Contract::Passz), rules, &ok);
        assert_eq!(first_illegal(&legal), None);
        // Defender 1 plays the second card: a card of the soloist's is not in their hand.
        let theirs = deal.hand(0).iter().find(|&c| c != ok[0]).unwrap();
        let q = position_query(deal, Bid::single(Contract::Passz), rules, &[ok[0], theirs]);
        let (i, e) = first_illegal(&q).expect("an illegal card");
        assert_eq!(
            (i, e.clone()),
            (
                2,
                PlayError::NotInHand {
                    card: theirs,
                    seat: 1
                }
            )
        );
        let (en, hu) = (play_error(Lang::En, i, &e), play_error(Lang::Hu, i, &e));
        assert!(
            en.contains(&theirs.to_string()) && en.contains("Defender 1"),
            "{en}"
        );
        assert!(
            hu.contains(&theirs.to_string()) && hu.contains("1. védő"),
            "{hu}"
        );
    }

    /// A refused import reads wholly in the page's language: the Hungarian words name the
    /// line, the action and whose turn it is, without the engine's English.
    #[test]
    fn import_errors_are_hungarian_in_hungarian() {
        use crate::model::session::Session;
        let record = r#"{"format":"ulti-game/1","dealer":0,"hands":["P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8","Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO","MK,MA,T7,T8,T9,TX,TU,TO,TK,TA"],"actions":["2 pass"]}"#;
        let Err(e) = Session::import(record, 1) else {
            panic!("a turn out of order imports")
        };
        let hu = import_error_words(Lang::Hu, &e);
        assert_eq!(
            hu,
            "1. sor, 1. lépés („2 pass”): 2. játékos következik (licitál), nem 3. játékos"
        );
        for english in ["turn", "seat", "'s", "to bid", "action"] {
            assert!(!hu.contains(english), "{english} in {hu}");
        }
        let en = import_error_words(Lang::En, &e);
        assert!(
            en.contains("Player 2's turn (to bid), not Player 3's"),
            "{en}"
        );
        let Err(e) = Session::import("{\"format\":\"x\"}", 1) else {
            panic!("another format imports")
        };
        assert_eq!(
            import_error_words(Lang::Hu, &e),
            "1. sor: ez nem ulti-game/1 jegyzőkönyv"
        );
    }
}
