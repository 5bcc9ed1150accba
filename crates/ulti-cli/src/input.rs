//! Reading user input: deal codes, bids, played cards, deal lists. Every error is one line
//! that names the problem.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result, bail};
use ulti_engine::{Bid, Deal, Game, Query, RuleOptions, parse_cards};

/// A deal from its 61-digit code.
pub fn deal(code: &str) -> Result<Deal> {
    Deal::parse_code(code).with_context(|| format!("bad deal code {:?}", code.trim()))
}

/// A bid from a contract id or ids joined with `+`.
pub fn bid(id: &str) -> Result<Bid> {
    Ok(id.parse::<Bid>()?)
}

/// A position to solve, checked: the played cards are names of cards and were played legally.
pub fn query(
    code: &str,
    contract: &str,
    played: &str,
    rules: RuleOptions,
    all_cards: bool,
) -> Result<Query> {
    let deal = deal(code)?;
    let bid = bid(contract)?;
    let played = parse_cards(played)?;
    let mut game = Game::new(&deal, &bid, rules);
    for (i, &card) in played.iter().enumerate() {
        game.play(card)
            .with_context(|| format!("played card {}", i + 1))?;
    }
    let mut q = Query::new(deal, bid);
    q.played = played;
    q.rules = rules;
    q.all_cards = all_cards;
    Ok(q)
}

/// Read a deals file: lines `CODE` or `NAME CODE`; blank lines and `#` comments skipped.
pub fn deals_file(path: &Path) -> Result<Vec<Deal>> {
    let text = std::fs::read_to_string(path)
        .with_context(|| format!("cannot read deals file {}", path.display()))?;
    let mut deals = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let words: Vec<&str> = line.split_whitespace().collect();
        let code = match words.as_slice() {
            [code] | [_, code] => *code,
            _ => bail!(
                "{} line {}: expected `CODE` or `NAME CODE`, found {} words",
                path.display(),
                i + 1,
                words.len()
            ),
        };
        let deal =
            Deal::parse_code(code).with_context(|| format!("{} line {}", path.display(), i + 1))?;
        deals.push(deal);
    }
    if deals.is_empty() {
        bail!("deals file {} holds no deal codes", path.display());
    }
    Ok(deals)
}

/// The default deals file of `ulti bench`: shared/deals/random-1000.txt in the current
/// directory or its parent.
pub fn default_deals_file() -> Result<PathBuf> {
    const REL: &str = "shared/deals/random-1000.txt";
    ["", ".."]
        .iter()
        .map(|dir| Path::new(dir).join(REL))
        .find(|p| p.is_file())
        .with_context(|| {
            format!(
                "no deals file given and {REL} is in neither the current directory nor its parent; pass --deals FILE"
            )
        })
}

/// Fuzzed inputs (proptest): every reader above answers any text with a value or a one-line
/// error that names the problem, and never panics.
#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;
    use ulti_engine::{Card, DealError};
    use ulti_testkit::{STRONG, WIN_LOSE, proptest_config};

    /// How the CLI prints an error (`main`: `error: {e:#}`), which must be one line.
    fn one_line(e: &anyhow::Error) -> Result<String, TestCaseError> {
        let text = format!("{e:#}");
        prop_assert!(!text.is_empty());
        prop_assert!(!text.contains('\n'), "two lines: {:?}", text);
        Ok(text)
    }

    /// A deal code: valid, a valid one with one digit changed, or any text.
    fn code() -> impl Strategy<Value = String> {
        prop_oneof![
            Just(STRONG.to_string()),
            any::<u64>().prop_map(|s| Deal::random(s).code()),
            (0..61usize, proptest::char::range('0', '9')).prop_map(|(i, c)| {
                let mut s = STRONG.to_string();
                s.replace_range(i..=i, &c.to_string());
                s
            }),
            any::<String>(),
        ]
    }

    /// A contract argument: an id, a compound, or any text.
    fn contract() -> impl Strategy<Value = String> {
        prop_oneof![
            proptest::sample::select(
                [
                    &WIN_LOSE[..],
                    &[
                        "passz",
                        "40-100+ulti",
                        "betli+ulti",
                        "ulti+ulti",
                        "40-100+20-100",
                        "",
                        "+"
                    ],
                ]
                .concat()
            )
            .prop_map(String::from),
            "[a-z0-9+\\-]{0,12}",
            any::<String>(),
        ]
    }

    /// A `--played` argument: card names (legal or not), or any text.
    fn played() -> impl Strategy<Value = String> {
        prop_oneof![
            proptest::collection::vec(0..32u8, 0..6).prop_map(|v| {
                v.into_iter()
                    .map(|i| Card::from_index(i).to_string())
                    .collect::<Vec<_>>()
                    .join(",")
            }),
            "([PZMT][789XUOKA]|[A-Z]{1,3})(, ?([PZMT][789XUOKA]|[A-Z0-9]{0,3})){0,5}",
            any::<String>(),
        ]
    }

    proptest! {
        #![proptest_config(proptest_config(1000))]

        #[test]
        fn a_deal_argument_is_a_deal_or_one_line_naming_the_problem(s in code()) {
            match (deal(&s), Deal::parse_code(&s)) {
                (Ok(d), Ok(e)) => prop_assert_eq!(d, e),
                (Err(err), Err(why)) => {
                    let text = one_line(&err)?;
                    prop_assert!(text.starts_with("bad deal code"), "{}", text);
                    prop_assert!(text.ends_with(&why.to_string()), "{} does not end with {}", text, why);
                    prop_assert!(err.chain().any(|c| c.downcast_ref::<DealError>() == Some(&why)));
                }
                (got, want) => prop_assert!(false, "{:?} vs {:?}", got.err(), want),
            }
        }

        #[test]
        fn a_contract_argument_is_a_bid_or_one_line_naming_the_problem(s in contract()) {
            match bid(&s) {
                Ok(b) => prop_assert_eq!(b.to_string().parse::<Bid>(), Ok(b)),
                Err(e) => {
                    let text = one_line(&e)?;
                    prop_assert!(
                        text.contains("contract") || text.contains("cannot be"),
                        "{}", text
                    );
                }
            }
        }

        #[test]
        fn a_position_is_checked_or_one_line_naming_the_problem(
            code in code(),
            contract in contract(),
            played in played(),
            beat in any::<bool>(),
            all_cards in any::<bool>(),
        ) {
            let rules = RuleOptions { must_beat_after_trump: beat, marriage_needs_trick: false };
            match query(&code, &contract, &played, rules, all_cards) {
                Ok(q) => {
                    // What `solve` accepts, the engine replays.
                    prop_assert!(Game::with_played(&q.deal, &q.bid, q.rules, &q.played).is_ok());
                    prop_assert_eq!(q.all_cards, all_cards);
                }
                Err(e) => {
                    let text = one_line(&e)?;
                    if let Some(rest) = text.strip_prefix("played card ") {
                        // "played card N: CARD …": the Nth card, by name.
                        let (n, reason) = rest.split_once(": ").expect("played card N: reason");
                        let n: usize = n.parse().expect("a card number");
                        let cards = parse_cards(&played).expect("the names were read");
                        prop_assert!(reason.starts_with(&cards[n - 1].to_string()), "{}", text);
                    }
                }
            }
        }

        #[test]
        fn a_deals_file_is_deals_or_one_line_naming_file_and_line(
            lines in proptest::collection::vec(prop_oneof![
                code(),
                code().prop_map(|c| format!("name {c}")),
                code().prop_map(|c| format!("a b {c}")),
                Just("# comment".to_string()),
                Just(String::new()),
            ], 0..6),
        ) {
            let path = std::env::temp_dir().join(format!(
                "ulti-cli-fuzz-{}-{:?}.txt",
                std::process::id(),
                std::thread::current().id()
            ));
            std::fs::write(&path, lines.join("\n")).unwrap();
            let result = deals_file(&path);
            std::fs::remove_file(&path).ok();
            match result {
                Ok(deals) => prop_assert!(!deals.is_empty() && deals.len() <= lines.len()),
                Err(e) => {
                    let text = one_line(&e)?;
                    prop_assert!(text.contains(&path.display().to_string()), "{}", text);
                }
            }
        }
    }
}
