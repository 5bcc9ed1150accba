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
