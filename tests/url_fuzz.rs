//! Fuzzed links (proptest): any query string — `deal=`, `game=`, `step=`, `rules=`, `played=`
//! with any values, repeated, misspelt or missing — reads without a panic into a state whose
//! deal is a deal or the engine's named [`DealError`], whose other fields fall back quietly,
//! and which writes back (`format_query`) to a link that reads as the same state.

#![cfg(not(target_arch = "wasm32"))]

use proptest::prelude::*;
use ulti_engine::{Card, Contract, Deal, RuleOptions};
use ulti_solver::model::url_state::{
    LAST_STEP, UrlState, deal_param, format_played, format_query, format_rules, parse_game,
    parse_played, parse_rules,
};
use ulti_testkit::{STRONG, proptest_config};

/// Any value without the separators of a query string.
fn text() -> impl Strategy<Value = String> {
    any::<String>().prop_map(|s| s.replace(['&', '='], ""))
}

fn deal_value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|s| Deal::random(s).code()),
        (0..61usize, proptest::char::range('0', '9')).prop_map(|(i, c)| {
            let mut s = STRONG.to_string();
            s.replace_range(i..=i, &c.to_string());
            s
        }),
        "[0-9]{55,66}",
        text(),
    ]
}

fn game_value() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::sample::select(Contract::ALL.map(Contract::id).to_vec()).prop_map(String::from),
        Just(" ULTI ".to_string()),
        Just("40-100+ulti".to_string()),
        text(),
    ]
}

fn step_value() -> impl Strategy<Value = String> {
    prop_oneof![
        (0..40usize).prop_map(|n| n.to_string()),
        Just("-1".to_string()),
        Just("+7".to_string()),
        Just(" 12 ".to_string()),
        Just("99999999999999999999999".to_string()),
        text(),
    ]
}

fn rules_value() -> impl Strategy<Value = String> {
    prop_oneof![
        "((must-beat-after-trump|marriage-needs-trick| must-beat-after-trump |[a-z\\-]{0,8}),?){0,3}",
        text(),
    ]
}

fn played_value() -> impl Strategy<Value = String> {
    prop_oneof![
        proptest::collection::vec(0..32u8, 0..34).prop_map(|v| {
            v.into_iter()
                .map(|i| Card::from_index(i).to_string())
                .collect::<Vec<_>>()
                .join(",")
        }),
        "(([PZMTpzmt][789XUOKAxuoka]|[A-Z0-9]{0,3}) ?,){0,6}",
        text(),
    ]
}

/// A query string: known and unknown parameters in any order, some repeated, some without `=`.
fn query() -> impl Strategy<Value = String> {
    let param = prop_oneof![
        deal_value().prop_map(|v| format!("deal={v}")),
        game_value().prop_map(|v| format!("game={v}")),
        step_value().prop_map(|v| format!("step={v}")),
        rules_value().prop_map(|v| format!("rules={v}")),
        played_value().prop_map(|v| format!("played={v}")),
        text().prop_map(|v| format!("lang={v}")),
        text(),
    ];
    proptest::collection::vec(param, 0..7).prop_map(|p| p.join("&"))
}

/// The first value of `key` (how the router's query map answers `get_str`).
fn get<'a>(query: &'a str, key: &str) -> Option<&'a str> {
    query
        .split('&')
        .filter_map(|p| p.split_once('='))
        .find(|(k, _)| *k == key)
        .map(|(_, v)| v)
}

/// The `game=` value as the router reads it here: `%2B` (how the app writes a compound's `+`)
/// decoded.
fn game(query: &str) -> Option<String> {
    get(query, "game").map(|g| g.replace("%2B", "+"))
}

fn read(query: &str) -> UrlState {
    UrlState::parse(
        get(query, "deal"),
        game(query).as_deref(),
        get(query, "step"),
        get(query, "rules"),
    )
    .with_played(get(query, "played"))
}

proptest! {
    #![proptest_config(proptest_config(1000))]

    #[test]
    fn any_link_reads_into_a_state_or_named_errors(q in query()) {
        let s = read(&q);
        match (get(&q, "deal"), &s.deal) {
            (None, None) => {}
            (Some(raw), Some(Ok(deal))) => prop_assert_eq!(Deal::parse_code(raw), Ok(*deal)),
            (Some(raw), Some(Err(e))) => {
                prop_assert_eq!(Deal::parse_code(raw).err(), Some(e.clone()));
                prop_assert!(!e.to_string().is_empty());
            }
            (raw, deal) => prop_assert!(false, "deal={:?} read as {:?}", raw, deal),
        }
        prop_assert_eq!(
            s.game,
            game(&q).and_then(|g| parse_game(&g)).map(|(c, _)| c)
        );
        prop_assert!(s.step <= LAST_STEP);
        prop_assert!(s.played.len() <= LAST_STEP);
        if let Some(raw) = get(&q, "played") {
            // All or nothing: a list with a bad name (or too long) is dropped as a whole.
            let names: Vec<&str> = raw.split(',').map(str::trim).collect();
            if !s.played.is_empty() {
                prop_assert_eq!(names.len(), s.played.len());
            } else {
                prop_assert!(
                    names.len() > LAST_STEP || names.iter().any(|n| n.parse::<Card>().is_err()),
                    "{:?} dropped", raw
                );
            }
        }
    }

    #[test]
    fn a_state_read_from_any_link_writes_a_link_that_reads_the_same(q in query()) {
        let s = read(&q);
        let deal = match &s.deal {
            Some(Ok(d)) => Some(deal_param(d, get(&q, "deal"))),
            _ => None,
        };
        let written = format_query(
            deal.as_deref(),
            s.rules,
            s.game,
            s.compound.as_ref(),
            &s.played,
            s.step,
            s.lang,
        );
        let again = read(&written);
        prop_assert_eq!(again.deal, s.deal.clone().filter(Result::is_ok));
        prop_assert_eq!(again.rules, s.rules);
        prop_assert_eq!(again.game, s.game);
        prop_assert_eq!(&again.compound, &s.compound);
        prop_assert_eq!(again.lang, s.lang);
        // What the app writes is never refused again.
        prop_assert_eq!(&again.issues, &Vec::new(), "{}", written);
        // Without a game there is no line: step and played are left out.
        if s.game.is_some() {
            prop_assert_eq!(again.step, s.step);
            prop_assert_eq!(again.played, s.played);
        } else {
            prop_assert_eq!((again.step, again.played.len()), (0, 0));
        }
    }

    #[test]
    fn a_deal_keeps_or_replaces_any_link_spelling(seed in any::<u64>(), current in prop_oneof![
        deal_value(),
        any::<u64>().prop_map(|s| format!("3{}", &Deal::random(s).code()[1..])),
    ]) {
        let deal = Deal::random(seed);
        let param = deal_param(&deal, Some(&current));
        prop_assert_eq!(Deal::parse_code(&param), Ok(deal));
    }

    #[test]
    fn rules_and_played_values_round_trip(rules in rules_value(), played in played_value()) {
        let r = parse_rules(&rules);
        prop_assert_eq!(parse_rules(&format_rules(r).unwrap_or_default()), r);
        prop_assert_eq!(format_rules(RuleOptions::default()), None);
        let p = parse_played(&played);
        prop_assert_eq!(parse_played(&format_played(&p)), p);
    }
}
