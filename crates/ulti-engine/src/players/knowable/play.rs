//! The knowable cost of the trump named and of a kontra said or let go (see [`super`]).

use crate::advise::{Knowable, KnowableOptions, Sampler, rng_for, seat_money};
use crate::card::{CardSet, Suit};
use crate::contract::{Bid, Contract, Scoring, component_payoff};
use crate::deal::Deal;
use crate::solver::{Query, Question, Solver};
use crate::whole_game::{KontraBook, TableView, level_name};

use super::super::table_seat::play_view;
use super::{adaptive_paired, layout};

/// The knowable cost of naming `taken` among `options`, from the soloist's `view` (its ten
/// cards and the talon it laid down): each option's money for the soloist on the same
/// uniform layouts of the defenders' twenty cards, as [`super::super::TablePlayer::trump`]
/// weighs them.
pub(super) fn trump_cost(
    view: &TableView,
    options: &[Suit],
    taken: Suit,
    opts: &KnowableOptions,
) -> Result<Knowable, String> {
    let taken_at = options
        .iter()
        .position(|&t| t == taken)
        .ok_or_else(|| format!("{taken} is not a trump the bid may name"))?;
    if options.len() == 1 {
        return Ok(Knowable::forced());
    }
    let bid = view.bid().ok_or("no bid to name a trump for")?;
    let talon = view.known_talon.ok_or("the soloist's view has no talon")?;
    let known = CardSet(view.hand.0 | talon.0);
    let rules = view.rules.play();
    let mut solver = Solver::new();
    let names: Vec<String> = options
        .iter()
        .map(|t| format!("trump {}", t.letter()))
        .collect();
    adaptive_paired(&names, &[taken_at], opts, &mut |k| {
        let [d1, d2] = layout(known, opts.seed, k);
        options
            .iter()
            .map(|&t| {
                let deal = Deal::new(t, [view.hand, d1, d2]).ok()?;
                let v = solver.bid_value(&deal, &bid.announcement(t), rules).ok()?;
                Some(seat_money(0, v.payoff?))
            })
            .collect()
    })
}

/// What doubling `unit` at `level` adds to the money of the seat (`defender`: its index, 0 or
/// 1, `None` the soloist), won and lost: its payment at `level` less at the level below, for
/// each defender it raises (the seat's own only, for a defender).
fn unit_deltas(
    unit: Contract,
    level: u8,
    trump: Suit,
    scoring: Scoring,
    book: &KontraBook,
    defender: Option<usize>,
) -> [f64; 2] {
    let pay = |won: bool, k: u8| {
        f64::from(component_payoff(
            unit,
            won,
            trump,
            Scoring {
                kontra: k,
                ..scoring
            },
        ))
    };
    let below = level.saturating_sub(1);
    let raised = |won| pay(won, level) - pay(won, below);
    [true, false].map(|won| match defender {
        Some(_) => -raised(won),
        None => {
            let n = (0..2).filter(|&d| book.level(unit, d) == below).count();
            raised(won) * n as f64
        }
    })
}

/// The knowable cost of doubling `said` (none: the kontra let go) among `units` at `level`,
/// from the seat's view of the play (with the auction's evidence, as the strong player
/// samples it): on each layout every unit is won or lost (each solved alone, as
/// [`super::super::TablePlayer::kontra`] solves it), and every set of units is a choice whose
/// money is what doubling those units adds.
pub(super) fn kontra_cost(
    view: &TableView,
    level: u8,
    units: &[Contract],
    said: &[Contract],
    opts: &KnowableOptions,
) -> Result<Knowable, String> {
    if let Some(u) = said.iter().find(|u| !units.contains(u)) {
        return Err(format!("{u} may not be doubled now"));
    }
    if units.is_empty() {
        return Ok(Knowable::forced());
    }
    if units.len() > 8 {
        return Err("more units than a bid has".into());
    }
    let soloist = view.soloist.ok_or("no soloist yet")?;
    let bid = view.bid().ok_or("no bid")?;
    let sv = play_view(view, true).ok_or("no view of the play")?;
    let trump = view.trump().unwrap_or(Suit::Piros);
    let book = view
        .kontra
        .clone()
        .unwrap_or_else(|| KontraBook::new(bid.bid.contracts().to_vec(), !bid.has_trumps()));
    let rel = (view.seat + 3 - soloist) % 3;
    let defender = (rel != 0).then(|| rel - 1);
    let deltas: Vec<[f64; 2]> = units
        .iter()
        .map(|&u| unit_deltas(u, level, trump, bid.scoring(), &book, defender))
        .collect();
    let sets: Vec<u32> = (0..1u32 << units.len()).collect();
    let names: Vec<String> = sets
        .iter()
        .map(|&m| {
            let picked: Vec<&str> = (0..units.len())
                .filter(|&i| m & (1 << i) != 0)
                .map(|i| units[i].id())
                .collect();
            if picked.is_empty() {
                "no kontra".into()
            } else {
                format!("{} {}", level_name(level), picked.join(","))
            }
        })
        .collect();
    let taken = (0..units.len())
        .filter(|&i| said.contains(&units[i]))
        .fold(0u32, |m, i| m | (1 << i)) as usize;
    let mut sampler = Sampler::new(&sv).map_err(|e| e.to_string())?;
    let mut solver = Solver::new();
    adaptive_paired(&names, &[taken], opts, &mut |k| {
        let deal = sampler.sample(&mut rng_for(opts.seed, u64::from(k))).ok()?;
        let won: Vec<bool> = units
            .iter()
            .map(|&u| {
                let mut q = Query::new(deal, Bid::single(u));
                q.played = sv.played().to_vec();
                q.rules = sv.rules();
                q.line = false;
                q.question = Question::WinLose;
                solver.solve(&q).is_ok_and(|s| s.soloist_wins == Some(true))
            })
            .collect();
        Some(
            sets.iter()
                .map(|&m| {
                    (0..units.len())
                        .filter(|&i| m & (1 << i) != 0)
                        .map(|i| deltas[i][usize::from(!won[i])])
                        .sum()
                })
                .collect(),
        )
    })
}
