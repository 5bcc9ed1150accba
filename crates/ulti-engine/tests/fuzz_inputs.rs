//! Fuzzed inputs (proptest): everything a user can type or link — deal codes, card lists,
//! contract ids, played sequences — never panics, and every rejection is a named error that
//! says what is wrong. Each error is checked against an independent reading of the input (the
//! length, the character at the reported position, the repeated card, the first illegal card).
//!
//! A few seconds in all; `PROPTEST_CASES=100000 cargo test -p ulti-engine --test fuzz_inputs`
//! for a longer run by hand.

use proptest::prelude::*;
use ulti_engine::{
    Bid, Card, Contract, Deal, DealError, Game, PlayError, Query, RuleOptions, SolveError, Solver,
    parse_cards,
};
use ulti_testkit::proptest_config;

/// Text a user might paste: anything, digit runs near 61, and codes with stray characters.
fn any_text() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<String>(),
        "[0-9]{0,70}",
        "[0-9]{61}",
        "[0-9]{59,63}",
        "\\s{0,2}[0-9a-zA-Z ,+\\-éő]{55,66}\\s{0,2}",
    ]
}

/// A valid deal code (the canonical spelling of a random deal).
fn valid_code() -> impl Strategy<Value = String> {
    any::<u64>().prop_map(|seed| Deal::random(seed).code())
}

/// One edit of a code.
#[derive(Clone, Debug)]
enum Edit {
    Replace(usize, char),
    Insert(usize, char),
    Delete(usize),
    Swap(usize, usize),
}

fn edit() -> impl Strategy<Value = Edit> {
    // Mostly digits, so that edits get past the length and digit checks into the range and
    // repeated-card checks.
    let ch = prop_oneof![4 => proptest::char::range('0', '9'), 1 => any::<char>()];
    prop_oneof![
        4 => (0..64usize, ch.clone()).prop_map(|(i, c)| Edit::Replace(i, c)),
        1 => (0..64usize, ch).prop_map(|(i, c)| Edit::Insert(i, c)),
        1 => (0..64usize).prop_map(Edit::Delete),
        2 => (0..64usize, 0..64usize).prop_map(|(i, j)| Edit::Swap(i, j)),
    ]
}

fn apply(code: &str, edits: &[Edit]) -> String {
    let mut v: Vec<char> = code.chars().collect();
    for e in edits {
        let n = v.len();
        match *e {
            Edit::Replace(i, c) if n > 0 => v[i % n] = c,
            Edit::Insert(i, c) => v.insert(i % (n + 1), c),
            Edit::Delete(i) if n > 0 => {
                v.remove(i % n);
            }
            Edit::Swap(i, j) if n > 0 => v.swap(i % n, j % n),
            _ => {}
        }
    }
    v.into_iter().collect()
}

/// Parses `input` and checks the answer against an independent reading of it.
fn check_deal_code(input: &str) -> Result<(), TestCaseError> {
    let result = Deal::parse_code(input);
    let chars: Vec<char> = input.trim().chars().collect();
    match result {
        Ok(deal) => {
            prop_assert_eq!(chars.len(), 61);
            for seat in 0..3 {
                prop_assert_eq!(deal.hand(seat).len(), 10);
            }
            prop_assert_eq!(deal.talon().len(), 2);
            prop_assert_eq!(Deal::parse_code(&deal.code()), Ok(deal));
            prop_assert_eq!(char::from(b'0' + deal.trump.index()), chars[0]);
        }
        Err(ref e) => {
            prop_assert!(!e.to_string().is_empty());
            match *e {
                DealError::Length(n) => {
                    prop_assert_eq!(n, chars.len());
                    prop_assert_ne!(n, 61);
                }
                DealError::NotADigit { position, found } => {
                    prop_assert_eq!(chars.len(), 61);
                    prop_assert_eq!(chars[position - 1], found);
                    prop_assert!(!found.is_ascii_digit());
                    prop_assert!(chars[..position - 1].iter().all(char::is_ascii_digit));
                }
                DealError::DigitOutOfRange {
                    position,
                    digit,
                    max,
                    ..
                } => {
                    prop_assert!(chars.iter().all(char::is_ascii_digit));
                    prop_assert_eq!(chars[position - 1], char::from(b'0' + digit));
                    prop_assert!(digit > max);
                    // Position 1 is the trump, then suit (even) and value (odd) digits.
                    let want = if position == 1 || position % 2 == 0 {
                        3
                    } else {
                        7
                    };
                    prop_assert_eq!(max, want);
                }
                DealError::RepeatedCard(card) => {
                    let name = card.to_string();
                    prop_assert!(e.to_string().contains(&name), "{} names {}", e, name);
                    let pair = format!("{}{}", card.suit().index(), card.rank().index());
                    let digits: String = chars.iter().collect();
                    let times = (0..30)
                        .filter(|k| digits[1 + 2 * k..3 + 2 * k] == pair)
                        .count();
                    prop_assert!(times >= 2, "{} appears {} times in {}", name, times, digits);
                }
                DealError::HandSize { .. } => {
                    prop_assert!(false, "a deal code never has a short hand: {}", e);
                }
            }
        }
    }
    Ok(())
}

/// The card a [`PlayError`] names.
fn named_card(e: &PlayError) -> Card {
    match *e {
        PlayError::GameOver { card }
        | PlayError::NotInHand { card, .. }
        | PlayError::MustFollow { card, .. }
        | PlayError::MustBeat { card, .. }
        | PlayError::MustTrump { card, .. }
        | PlayError::MustOvertrump { card, .. }
        | PlayError::UltiSeven { card } => card,
    }
}

/// A position to replay: a deal, a bid, house rules, a legal prefix picked by `choices`, then
/// arbitrary cards (legal or not, repeated or not).
#[derive(Clone, Debug)]
struct Played {
    deal: Deal,
    bid: Bid,
    rules: RuleOptions,
    cards: Vec<Card>,
}

fn played() -> impl Strategy<Value = Played> {
    (
        any::<u64>(),
        0..Contract::ALL.len(),
        any::<(bool, bool)>(),
        proptest::collection::vec(any::<u8>(), 0..=31),
        proptest::collection::vec(0..32u8, 0..4),
    )
        .prop_map(|(seed, contract, (beat, marriage), choices, tail)| {
            let deal = Deal::random(seed);
            let bid = Bid::single(Contract::ALL[contract]);
            let rules = RuleOptions {
                must_beat_after_trump: beat,
                marriage_needs_trick: marriage,
            };
            let mut game = Game::new(&deal, &bid, rules);
            let mut cards = Vec::new();
            for choice in choices {
                let legal: Vec<Card> = game.legal_cards().iter().collect();
                if legal.is_empty() {
                    break;
                }
                let card = legal[usize::from(choice) % legal.len()];
                game.play(card).expect("a legal card plays");
                cards.push(card);
            }
            cards.extend(tail.into_iter().map(Card::from_index));
            Played {
                deal,
                bid,
                rules,
                cards,
            }
        })
}

proptest! {
    #![proptest_config(proptest_config(2000))]

    #[test]
    fn any_text_as_a_deal_code_is_a_deal_or_a_named_error(s in any_text()) {
        check_deal_code(&s)?;
    }

    #[test]
    fn an_edited_valid_code_is_a_deal_or_a_named_error(
        code in valid_code(),
        edits in proptest::collection::vec(edit(), 1..4),
    ) {
        check_deal_code(&apply(&code, &edits))?;
    }

    #[test]
    fn any_text_as_a_card_list_is_cards_or_names_the_bad_word(s in prop_oneof![
        any::<String>(),
        "([PZMTpzmt][789XUOKAxuoka]|[A-Za-z0-9]{1,3})([, \t]{1,2}([PZMTpzmt][789XUOKAxuoka]|[A-Za-z0-9]{1,3})){0,12}",
    ]) {
        let words: Vec<&str> = s
            .split(|c: char| c == ',' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        match parse_cards(&s) {
            Ok(cards) => {
                prop_assert_eq!(cards.len(), words.len());
                for (card, word) in cards.iter().zip(&words) {
                    prop_assert_eq!(card.to_string(), word.to_ascii_uppercase());
                }
                let names: Vec<String> = cards.iter().map(ToString::to_string).collect();
                prop_assert_eq!(parse_cards(&names.join(",")), Ok(cards));
            }
            Err(e) => {
                // The first word that is not a card, quoted in the message.
                let bad = words.iter().find(|w| w.parse::<Card>().is_err());
                prop_assert_eq!(Some(&e.0.as_str()), bad);
                prop_assert!(e.to_string().contains(&format!("{:?}", e.0)), "{}", e);
            }
        }
    }

    #[test]
    fn any_text_as_a_card_name_is_a_card_or_an_error(s in prop_oneof![any::<String>(), "\\s?[A-Za-z0-9]{1,3}\\s?"]) {
        match s.parse::<Card>() {
            Ok(card) => prop_assert_eq!(card.to_string(), s.trim().to_ascii_uppercase()),
            Err(e) => prop_assert_eq!(e.0, s),
        }
    }

    #[test]
    fn any_text_as_a_bid_is_a_bid_or_a_named_error(s in prop_oneof![
        any::<String>(),
        "(passz|40-100|ulti|betli|durchmars|durchmars-adu|20-100|negy-asz|negy-tizes|[a-z0-9\\-]{1,6}| ULTI )(\\+(passz|40-100|ulti|betli|durchmars|durchmars-adu|20-100|negy-asz|negy-tizes|[a-z0-9\\-]{0,6})){0,3}",
    ]) {
        match s.parse::<Bid>() {
            Ok(bid) => {
                prop_assert!(!bid.contracts().is_empty());
                prop_assert_eq!(bid.to_string().parse::<Bid>(), Ok(bid));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    #[test]
    fn a_played_sequence_replays_or_names_its_first_illegal_card(p in played()) {
        // The reference: card by card, `check` agrees with `play` and with `legal_cards`.
        let mut game = Game::new(&p.deal, &p.bid, p.rules);
        let mut first_bad = None;
        for (i, &card) in p.cards.iter().enumerate() {
            let legal = game.legal_cards().contains(card);
            let checked = game.check(card);
            prop_assert_eq!(checked.is_ok(), legal, "check and legal_cards disagree on {}", card);
            match game.play(card) {
                Ok(()) => prop_assert!(legal),
                Err(e) => {
                    prop_assert_eq!(Some(e.clone()), checked.err());
                    prop_assert_eq!(named_card(&e), card);
                    prop_assert!(e.to_string().starts_with(&card.to_string()), "{}", e);
                    first_bad = Some((i, card, e));
                    break;
                }
            }
        }
        let replayed = Game::with_played(&p.deal, &p.bid, p.rules, &p.cards);
        match (&first_bad, &replayed) {
            (None, Ok(g)) => prop_assert_eq!(g.played(), p.cards.clone()),
            (Some((_, _, want)), Err(got)) => prop_assert_eq!(want, got),
            _ => prop_assert!(false, "with_played gave {:?}, card by card {:?}", replayed.err(), first_bad),
        }
        // The solver checks the played cards first and names the first illegal one (1-based).
        // Legal positions are solved only near the end, where a solve is cheap.
        if first_bad.is_some() || p.cards.len() >= 24 {
            let mut q = Query::new(p.deal, p.bid.clone());
            q.played = p.cards.clone();
            q.rules = p.rules;
            q.line = false;
            let mut solver = Solver::with_memory(1 << 16);
            match (solver.solve(&q), first_bad) {
                (Ok(_), None) => {}
                (Err(SolveError::IllegalPlay { index, card, error }), Some((i, c, e))) => {
                    prop_assert_eq!((index, card, error), (i + 1, c, e));
                }
                (got, want) => prop_assert!(false, "solve gave {:?}, expected {:?}", got, want),
            }
        }
    }
}

/// A game record with its actions and rules edited at random: JSON of the right shape with
/// arbitrary action strings, rule values and hands.
fn any_record() -> impl Strategy<Value = String> {
    let action = prop_oneof![
        any::<String>(),
        "[0-3] (bid|pass|stand|trump|kontra|rekontra|card) [A-Za-z0-9@+,\\-]{0,24}",
        "[0-2] bid (passz|ulti|betli|40-100\\+ulti|durchmars@teritett|ulti@P) [PZMT][789XUOKA],[PZMT][789XUOKA]",
        "[0-2] card [PZMT][789XUOKA]",
    ];
    (
        proptest::collection::vec(action, 0..12),
        0u8..4,
        "\\{(\"max_kontra\":[0-9]|\"allpass\":\"(play|forfeit|x)\"|)\\}",
        any::<u64>(),
    )
        .prop_map(|(actions, dealer, rules, seed)| {
            let d = Deal::random(seed);
            let hand = |s: ulti_engine::CardSet| {
                s.iter()
                    .map(|c| c.to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            };
            let mut h0 = d.hand(0);
            for c in d.talon().iter() {
                h0.insert(c);
            }
            let hands = [hand(h0), hand(d.hand(1)), hand(d.hand(2))];
            serde_json::json!({
                "format": "ulti-game/1",
                "rules": serde_json::from_str::<serde_json::Value>(&rules).unwrap_or_default(),
                "dealer": dealer,
                "hands": hands,
                "actions": actions,
            })
            .to_string()
        })
}

proptest! {
    #![proptest_config(proptest_config(2000))]

    /// Any text as an action is an action that prints back the same, or a named error.
    #[test]
    fn any_text_as_an_action_is_an_action_or_a_named_error(s in prop_oneof![
        any::<String>(),
        "[0-2] (bid|pass|stand|trump|kontra|rekontra|szubkontra|card)( [A-Za-z0-9@+,\\-]{0,20}){0,3}",
    ]) {
        match s.parse::<ulti_engine::whole_game::Action>() {
            Ok(a) => prop_assert_eq!(a.to_string().parse::<ulti_engine::whole_game::Action>().unwrap(), a),
            Err(e) => prop_assert!(!e.to_string().is_empty()),
        }
    }

    /// Any record replays to a game or names the first thing wrong, without a panic.
    #[test]
    fn any_record_replays_or_names_the_problem(json in any_record()) {
        match ulti_engine::whole_game::TableRecord::parse(&json).and_then(|r| r.replay()) {
            Ok(g) => {
                let again = ulti_engine::whole_game::TableRecord::parse(&g.record().to_json())
                    .and_then(|r| r.replay())
                    .map(|b| b.record());
                prop_assert_eq!(again, Ok(g.record()));
            }
            Err(e) => prop_assert!(!e.to_string().is_empty() && !e.to_string().contains('\n')),
        }
    }
}
