//! The review's knowable cost of a decision at the table that is not a card: the auction
//! (pass, pick up, stand, raise, and the bid and discard said with twelve cards in hand), the
//! trump named, and a kontra said or let go. Like [`crate::advise::card_cost`] it is the money
//! the action taken lost on average against the best choice **from what the seat could know**,
//! with a 95 % interval, in the seat's money ([`crate::advise::seat_money`]); it is judged a
//! mistake or bad luck the same way ([`crate::advise::judge`]).
//!
//! Every candidate is valued as the strong table player values it
//! ([`super::TablePlayer`]: [`TablePlayer::trump`](super::TablePlayer::trump),
//! [`TablePlayer::kontra`](super::TablePlayer::kontra), its pick-up against imagined holders),
//! so "best" is what the strongest advisor can know:
//!
//! - **trump** ([`play`]): layouts of the twenty cards the soloist cannot see, uniform as the
//!   strong player draws them; every playable trump solved on each layout, paired differences;
//! - **kontra** ([`play`]): layouts from the seat's view of the play with the auction's
//!   evidence ([`crate::advise::Sampler`]); per layout each unit is won or lost, which changes
//!   the seat's money by what doubling that unit adds (its payment at the level said less at
//!   the level below); every set of units is a choice, paired differences;
//! - **the bid with twelve cards** ([`auction`]): the strong player's race names its best bids
//!   and discards; they and the one taken are solved on the same layouts of the twenty unseen
//!   cards (each with the trump that does best on average), paired differences; the holder's
//!   stand is one more choice (the standing bid with the talon it laid down);
//! - **pass or pick up** ([`auction`]): these cannot share layouts (picking up is worth the best
//!   overcall's race on each sampled talon, passing is defending the standing bid on the
//!   imagined holders' layouts), so each is a mean with its own standard error and the
//!   difference's interval combines the two (√(se₁² + se₂²)). A pick-up followed by a bid adds
//!   the bid's own cost from the view with the talon in hand, the standard errors combined.
//!
//! A kontra decision also has an open-hand cost on the actual deal ([`kontra_open_cost`]): the
//! same money, on the one layout as it lay, solved from the whole game (the review's side of
//! luck; it reads every card by design, like the cheater).
//!
//! Sampling is adaptive as for a card: the first round, doubled while the interval straddles
//! the tolerance, up to a cap ([`KnowableOptions`] for solved layouts; [`TALONS`] for the
//! pick-up's races, the expensive part). A decision with one legal choice costs nothing
//! without a layout. Everything reads the seat's [`TableView`] and [`SeatTurn`] only, so the
//! cost never depends on a hidden card (the tests move them).

mod auction;
mod play;
#[cfg(test)]
mod tests;

use rand::seq::SliceRandom;

use crate::advise::{Knowable, KnowableOptions, Z95, mean_se, paired, rng_for};
use crate::card::{Card, CardSet};
use crate::contract::Contract;
use crate::deal::Seat;
use crate::whole_game::{Action, SeatTurn, TableView, Verb, WholeGame};

pub use auction::TALONS;

/// The knowable cost of `taken` (`None`: a kontra open to the seat and let go) from `view` and
/// `turn`, the seat's view and what it could do just before the decision. `after` is the
/// seat's view once it has picked up the talon, for a bid said at a pick-up moment (the bid's
/// own cost is then added to the pick-up's).
///
/// # Errors
/// A decision this does not value (the forehand's opening pass under `allpass = forfeit`,
/// a card: [`crate::advise::card_cost`]), an action the turn does not allow, or a view
/// without what the decision needs (the bid, the talon after a pick-up).
pub fn decision_cost(
    view: &TableView,
    turn: &SeatTurn,
    taken: Option<&Action>,
    after: Option<&TableView>,
    opts: &KnowableOptions,
) -> Result<Knowable, String> {
    if opts.start == 0 || opts.max == 0 {
        return Err("no layouts asked for".into());
    }
    match taken.map(|a| &a.verb) {
        None | Some(Verb::Kontra { .. }) => {
            let (level, units, said) = kontra_taken(turn, taken)?;
            play::kontra_cost(view, level, units, said, opts)
        }
        Some(Verb::Trump(t)) => play::trump_cost(view, &turn.trumps, *t, opts),
        Some(Verb::Card(_)) => Err("a card's cost is the card advice's".into()),
        Some(verb) => auction::auction_cost(view, turn, verb, after, opts),
    }
}

/// The open-hand cost of a kontra decision on the actual deal: the money `seat` lost by
/// `taken` (`None`: the kontra open to it let go) against the best set of units on the cards
/// as they lie in `game`, the whole game just before the decision (every card known, as the
/// cheater knows them; this is the review's open-hand side, never what the seat could know).
/// Each unit is solved alone, open, from the cards played so far; the cost is the sum of what
/// doubling each unit would add, where it adds anything, less what the units taken add (in the
/// seat's money, as [`decision_cost`] counts a kontra), so ≥ 0 and 0 for the best set.
///
/// # Errors
/// No kontra open to `seat` in `game`, or `taken` not a kontra at its level on its units.
pub fn kontra_open_cost(
    game: &WholeGame,
    seat: Seat,
    taken: Option<&Action>,
) -> Result<f64, String> {
    let turn = game.seat_turn(seat, false);
    let (level, units, said) = kontra_taken(&turn, taken)?;
    play::kontra_open_cost(game, seat, level, units, said)
}

/// The kontra open in `turn` (its level and units) and the units `taken` doubles (none: let
/// go).
fn kontra_taken<'a>(
    turn: &'a SeatTurn,
    taken: Option<&'a Action>,
) -> Result<(u8, &'a [Contract], &'a [Contract]), String> {
    let (open, units) = turn.kontra.as_ref().ok_or("no kontra was open")?;
    match taken.map(|a| &a.verb) {
        None => Ok((*open, units, &[])),
        Some(Verb::Kontra { level, units: said }) if level == open => Ok((*open, units, said)),
        Some(Verb::Kontra { level, .. }) => {
            Err(format!("a kontra at level {level}, open at {open}"))
        }
        Some(_) => Err("not a kontra".into()),
    }
}

/// Layout `k` of the twenty cards a seat holding `known` (twelve cards: its hand and the
/// talon, or its twelve before the discard) cannot see: two hands of ten, uniform, the `k`-th
/// draw of the stream of `seed` (so more layouts extend the first ones).
fn layout(known: CardSet, seed: u64, k: u32) -> [CardSet; 2] {
    let mut unseen: Vec<Card> = Card::all().filter(|&c| !known.contains(c)).collect();
    unseen.shuffle(&mut rng_for(seed, u64::from(k)));
    [
        unseen[..10].iter().copied().collect(),
        unseen[10..20].iter().copied().collect(),
    ]
}

/// Paired sampling, adaptive: `row(k)` is the seat's money of every choice on layout `k`; the
/// first `opts.start` layouts, doubled while the cost of the choice taken straddles the
/// tolerance, up to `opts.max`. `names` name the choices (the best one is reported by name);
/// the choice taken is the best on average of `taken` (a bid taken is worth its best trump).
fn adaptive_paired(
    names: &[String],
    taken: &[usize],
    opts: &KnowableOptions,
    row: &mut dyn FnMut(u32) -> Option<Vec<f64>>,
) -> Result<Knowable, String> {
    if names.len() < 2 {
        return Ok(Knowable::forced());
    }
    let mut values: Vec<Vec<f64>> = Vec::new();
    let mut next = 0u32;
    let mut want = opts.start.min(opts.max);
    loop {
        // A layout no choice can be solved on is skipped (a draw the view rules out).
        while (values.len() as u32) < want && next < want.saturating_mul(4) {
            if let Some(r) = row(next) {
                values.push(r);
            }
            next += 1;
        }
        if values.is_empty() {
            return Err("no layout consistent with the seat's view".into());
        }
        let mean = |i: usize| values.iter().map(|r| r[i]).sum::<f64>();
        let taken = taken
            .iter()
            .copied()
            .max_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)))
            .ok_or("no choice taken")?;
        let k = paired(names, &values, taken);
        if !k.undecided(opts.tolerance) || want >= opts.max {
            return Ok(k);
        }
        want = (want * 2).min(opts.max);
    }
}

/// The loss of choice `taken` against the best of two that share no layouts: the difference
/// of their means, the interval from both standard errors combined (√(se₁² + se₂²)).
fn unpaired(names: [&str; 2], samples: [&[f64]; 2], taken: usize) -> Knowable {
    let [(m0, s0), (m1, s1)] = [mean_se(samples[0]), mean_se(samples[1])];
    let best = usize::from(m1 > m0);
    let (means, ses) = ([m0, m1], [s0, s1]);
    let (mean, half_width) = if best == taken {
        (0.0, 0.0)
    } else {
        (
            means[best] - means[taken],
            Z95 * (ses[0].powi(2) + ses[1].powi(2)).sqrt(),
        )
    };
    Knowable {
        mean,
        half_width,
        layouts: (samples[0].len() + samples[1].len()) as u32,
        best: Some(names[best].to_string()),
    }
}

/// Two costs of one decision taken in two steps (a pick-up, then the bid): the means add,
/// the standard errors combine.
fn both(a: &Knowable, b: &Knowable) -> Knowable {
    Knowable {
        mean: a.mean + b.mean,
        half_width: (a.half_width.powi(2) + b.half_width.powi(2)).sqrt(),
        layouts: a.layouts + b.layouts,
        best: if b.mean > 0.0 {
            b.best.clone()
        } else {
            a.best.clone()
        },
    }
}
