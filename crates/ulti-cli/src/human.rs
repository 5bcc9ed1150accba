//! Text output for people: a solve, the contract × trump table, the bid values.

use std::fmt::Write as _;

use ulti_engine::{
    BidValue, CardSet, ComponentResult, Contract, Deal, Game, Query, Seat, Solution, Suit,
    TableCell, best_bid,
};

const SEATS: [&str; 3] = ["soloist", "defender 1", "defender 2"];
const SEATS_SHORT: [&str; 3] = ["S", "D1", "D2"];

fn mark(win: bool) -> char {
    if win { '✔' } else { '✘' }
}

fn signed(v: i32) -> String {
    format!("{v:+}")
}

fn components(comps: &[ComponentResult]) -> String {
    ComponentResult::list(comps)
}

/// Cards grouped by suit, highest first: `PA PK PO  ZA  MA`.
fn cards(set: CardSet) -> String {
    Suit::ALL
        .iter()
        .map(|&s| {
            let mut v: Vec<String> = set.of_suit(s).iter().map(|c| c.to_string()).collect();
            v.reverse();
            v.join(" ")
        })
        .filter(|s| !s.is_empty())
        .collect::<Vec<_>>()
        .join("  ")
}

/// The deal code as given, the three hands and the talon.
fn hands(out: &mut String, code: &str, deal: &Deal) {
    let _ = writeln!(out, "Deal:      {}", code.trim());
    for (seat, name) in SEATS.iter().enumerate() {
        let _ = writeln!(out, "  {name:<11} {}", cards(deal.hand(seat)));
    }
    let _ = writeln!(out, "  {:<11} {}", "talon", cards(deal.talon()));
}

/// `ulti solve` without `--json`.
#[must_use]
pub fn solve(code: &str, q: &Query, sol: &Solution, ms: f64) -> String {
    let mut out = String::new();
    hands(&mut out, code, &q.deal);
    let names: Vec<&str> = sol.bid.contracts().iter().map(|c| c.hungarian()).collect();
    let _ = writeln!(out, "Contract:  {} ({})", sol.bid, names.join(" + "));
    let _ = writeln!(
        out,
        "Trump:     {}",
        sol.trump
            .map_or("none (no-trump contract)", Suit::hungarian)
    );
    if !q.played.is_empty() {
        let played: Vec<String> = q.played.iter().map(ToString::to_string).collect();
        let _ = writeln!(out, "Played:    {}", played.join(","));
    }
    if !sol.playable {
        let reason = sol
            .unplayable_reason
            .as_deref()
            .unwrap_or("prerequisites missing");
        let _ = writeln!(out, "Playable:  no: {reason}");
        return out;
    }
    let _ = writeln!(out, "Playable:  yes");
    if let Some(w) = sol.soloist_wins {
        let verdict = if w {
            "the soloist wins"
        } else {
            "the soloist loses"
        };
        let _ = writeln!(out, "Result:    {} {verdict} under best play", mark(w));
    }
    if let Some(p) = sol.soloist_points {
        let _ = writeln!(out, "Points:    {p} card points forced by the soloist");
    }
    if let Some(p) = sol.payoff {
        let _ = write!(out, "Payoff:    {} per defender", signed(p));
        if !sol.components.is_empty() {
            let _ = write!(out, " ({})", components(&sol.components));
        }
        out.push('\n');
    }
    if !sol.line.is_empty() {
        let _ = writeln!(out, "Line (one optimal play):");
        line(&mut out, q, &sol.line);
    } else if q.played.len() == 30 {
        let _ = writeln!(out, "Line:      none, all ten tricks have been played");
    }
    if !sol.cards.is_empty() {
        let game = Game::with_played(&q.deal, &q.bid, q.rules, &q.played)
            .expect("the position was checked");
        let _ = writeln!(out, "Legal cards ({} to play):", SEATS[game.to_move()]);
        for c in &sol.cards {
            let _ = write!(
                out,
                "  {}  {:<13} {}",
                c.card,
                c.card.hungarian(),
                mark(c.soloist_wins)
            );
            if let Some(p) = c.soloist_points {
                let _ = write!(out, " {p:>3} points");
            }
            if let Some(p) = c.payoff {
                let _ = write!(out, " {:>4}", signed(p));
            }
            out.push('\n');
        }
    }
    let _ = writeln!(out, "Solved in {ms:.3} ms ({} nodes)", sol.nodes);
    out
}

/// The line trick by trick: who played what, who won, the trick's card points. Cards of the
/// current trick played before the position are shown in parentheses.
fn line(out: &mut String, q: &Query, line: &[ulti_engine::Card]) {
    let mut game =
        Game::with_played(&q.deal, &q.bid, q.rules, &q.played).expect("the position was checked");
    let before = game.current_trick().len();
    let mut first = true;
    for &card in line {
        let done = game.tricks().len();
        if game.play(card).is_err() {
            let _ = writeln!(
                out,
                "  (the line continues with {card}, which is not legal here)"
            );
            return;
        }
        if game.tricks().len() == done {
            continue;
        }
        let trick = game.tricks()[done];
        let cards: Vec<String> = trick
            .cards
            .iter()
            .enumerate()
            .map(|(i, c)| {
                let seat: Seat = trick.seat_of(i);
                if first && i < before {
                    format!("{:>2} ({c})", SEATS_SHORT[seat])
                } else {
                    format!("{:>2} {c}  ", SEATS_SHORT[seat])
                }
            })
            .collect();
        first = false;
        let points: u32 =
            trick.cards.iter().map(|c| c.points()).sum::<u32>() + if done == 9 { 10 } else { 0 };
        let _ = writeln!(
            out,
            "  {:>2}. {}  -> {}{}",
            done + 1,
            cards.join(" "),
            SEATS[trick.winner],
            if points > 0 {
                format!(" ({points})")
            } else {
                String::new()
            }
        );
    }
    let _ = writeln!(
        out,
        "  The soloist took {} tricks and {} card points on this line.",
        game.soloist_tricks(),
        game.soloist_points()
    );
}

fn cell_text(cell: &TableCell) -> String {
    if !cell.playable {
        return "–".to_string();
    }
    let win = cell.soloist_wins.map_or(' ', mark);
    match cell.soloist_points {
        Some(p) => format!("{win} {p}"),
        None => win.to_string(),
    }
}

/// `ulti table` without `--json`: rows = contracts, columns = the four trumps.
#[must_use]
pub fn table(code: &str, deal: &Deal, cells: &[TableCell], bids: &[BidValue], ms: f64) -> String {
    let mut out = String::new();
    hands(&mut out, code, deal);
    out.push('\n');
    let mut grid = format!("{:<21}", "");
    for s in Suit::ALL {
        let _ = write!(grid, "{:<9}", s.hungarian());
    }
    grid.push('\n');
    for c in Contract::ALL {
        let row: Vec<&TableCell> = cells.iter().filter(|x| x.contract == c).collect();
        if row.is_empty() {
            continue;
        }
        let _ = write!(grid, "{:<21}", c.hungarian());
        if c.has_trumps() {
            for s in Suit::ALL {
                let text = row
                    .iter()
                    .find(|x| x.trump == Some(s))
                    .map_or_else(String::new, |x| cell_text(x));
                let _ = write!(grid, "{text:<9}");
            }
        } else {
            let _ = write!(grid, "{:<9}(no trumps)", cell_text(row[0]));
        }
        grid.push('\n');
    }
    for l in grid.lines() {
        let _ = writeln!(out, "{}", l.trim_end());
    }
    let _ = writeln!(
        out,
        "✔ the soloist wins, ✘ loses, – not playable; numbers are the card points forced."
    );
    let unplayable: Vec<String> = cells
        .iter()
        .filter(|c| !c.playable)
        .filter_map(|c| c.unplayable_reason.clone())
        .collect::<std::collections::BTreeSet<_>>()
        .into_iter()
        .collect();
    for r in unplayable {
        let _ = writeln!(out, "  – {r}");
    }
    out.push('\n');
    out.push_str(&bid_list(bids));
    let _ = writeln!(out, "Solved in {ms:.1} ms");
    out
}

/// The bid values, playable ones by payoff (best first, marked ★), then how many are not
/// playable.
#[must_use]
pub fn bid_list(bids: &[BidValue]) -> String {
    let mut out = String::new();
    let best = best_bid(bids).map(|b| b.announcement.id());
    let mut playable: Vec<&BidValue> = bids.iter().filter(|b| b.playable).collect();
    playable.sort_by_key(|b| std::cmp::Reverse(b.payoff));
    let _ = writeln!(out, "Bids (payoff per defender under best play):");
    for b in &playable {
        let id = b.announcement.id();
        let star = if best.as_ref() == Some(&id) {
            '★'
        } else {
            ' '
        };
        let _ = writeln!(
            out,
            "  {star} {:>4}  {:<34} {:<30} {}",
            b.payoff.map_or_else(String::new, signed),
            b.announcement.hungarian(),
            id,
            components(&b.components)
        );
    }
    let not = bids.len() - playable.len();
    if not > 0 {
        let _ = writeln!(out, "  ({not} more bids are not playable with this hand)");
    }
    if let Some(id) = best {
        let _ = writeln!(out, "Best bid: {id}");
    }
    out
}
