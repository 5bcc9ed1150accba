//! The knowable cost of the trump named and of a kontra said or let go (see [`super`]), and a
//! kontra's open-hand cost on the actual deal.

use crate::advise::{Knowable, KnowableOptions, Sampler, rng_for, seat_money};
use crate::card::{CardSet, Suit};
use crate::contract::{Contract, Scoring, component_payoff};
use crate::deal::{Deal, Seat};
use crate::solver::Solver;
use crate::whole_game::{KontraBook, TableView, WholeGame, level_name};

use super::super::table_play::units_won;
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

/// A kontra decision: the units open to the seat at `level`, what doubling each adds to its
/// money (won and lost, [`unit_deltas`]), and the set it took (a bit per unit). Every set of
/// units is a choice.
struct KontraChoice {
    level: u8,
    units: Vec<Contract>,
    deltas: Vec<[f64; 2]>,
    taken: u32,
}

impl KontraChoice {
    /// The choice of doubling `said` (none: let go) among `units` at `level`, from the seat's
    /// `view` (its seat, the soloist, the bid and the kontras said so far).
    fn new(
        view: &TableView,
        level: u8,
        units: &[Contract],
        said: &[Contract],
    ) -> Result<KontraChoice, String> {
        if let Some(u) = said.iter().find(|u| !units.contains(u)) {
            return Err(format!("{u} may not be doubled now"));
        }
        if units.len() > 8 {
            return Err("more units than a bid has".into());
        }
        let taken = (0..units.len())
            .filter(|&i| said.contains(&units[i]))
            .fold(0u32, |m, i| m | (1 << i));
        let mut choice = KontraChoice {
            level,
            units: units.to_vec(),
            deltas: Vec::new(),
            taken,
        };
        if units.is_empty() {
            return Ok(choice);
        }
        let soloist = view.soloist.ok_or("no soloist yet")?;
        let bid = view.bid().ok_or("no bid")?;
        let trump = view.trump().unwrap_or(Suit::Piros);
        let book = view
            .kontra
            .clone()
            .unwrap_or_else(|| KontraBook::new(bid.bid.contracts().to_vec(), !bid.has_trumps()));
        let rel = (view.seat + 3 - soloist) % 3;
        let defender = (rel != 0).then(|| rel - 1);
        choice.deltas = units
            .iter()
            .map(|&u| unit_deltas(u, level, trump, bid.scoring(), &book, defender))
            .collect();
        Ok(choice)
    }

    /// Every set of units, as bits.
    fn sets(&self) -> std::ops::Range<u32> {
        0..1u32 << self.units.len()
    }

    /// A set's name in the record's words (`no kontra`, `rekontra passz,ulti`).
    fn name(&self, set: u32) -> String {
        let picked: Vec<&str> = (0..self.units.len())
            .filter(|&i| set & (1 << i) != 0)
            .map(|i| self.units[i].id())
            .collect();
        if picked.is_empty() {
            "no kontra".into()
        } else {
            format!("{} {}", level_name(self.level), picked.join(","))
        }
    }

    /// What doubling `set` adds to the seat's money when each unit is won (`won[i]`: by the
    /// soloist) or lost.
    fn money(&self, set: u32, won: &[bool]) -> f64 {
        (0..self.units.len())
            .filter(|&i| set & (1 << i) != 0)
            .map(|i| self.deltas[i][usize::from(!won[i])])
            .sum()
    }
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
    let choice = KontraChoice::new(view, level, units, said)?;
    if units.is_empty() {
        return Ok(Knowable::forced());
    }
    let sv = play_view(view, true).ok_or("no view of the play")?;
    let names: Vec<String> = choice.sets().map(|m| choice.name(m)).collect();
    let mut sampler = Sampler::new(&sv).map_err(|e| e.to_string())?;
    let mut solver = Solver::new();
    adaptive_paired(&names, &[choice.taken as usize], opts, &mut |k| {
        let deal = sampler.sample(&mut rng_for(opts.seed, u64::from(k))).ok()?;
        let won = units_won(&mut solver, deal, sv.played(), sv.rules(), &choice.units);
        Some(choice.sets().map(|m| choice.money(m, &won)).collect())
    })
}

/// The open-hand cost of doubling `said` among `units` at `level` by `seat` on the actual deal
/// of `game` (every card known, as the cheater knows them): each unit solved alone on the
/// cards as they lie, the money of the best set (every unit whose doubling adds money) less
/// the set taken's.
pub(super) fn kontra_open_cost(
    game: &WholeGame,
    seat: Seat,
    level: u8,
    units: &[Contract],
    said: &[Contract],
) -> Result<f64, String> {
    let choice = KontraChoice::new(&game.view(seat), level, units, said)?;
    if units.is_empty() {
        return Ok(0.0);
    }
    let (deal, played) = game.position().ok_or("no card play yet")?;
    let won = units_won(
        &mut Solver::new(),
        deal,
        &played,
        game.rules().play(),
        units,
    );
    let best: f64 = (0..units.len())
        .map(|i| choice.money(1 << i, &won).max(0.0))
        .sum();
    Ok(best - choice.money(choice.taken, &won))
}
