//! An auction decision in steps, for a caller that runs the advisor's solves itself (the
//! page's worker pool, each round cut into pieces for every worker): [`auction_step`] replays
//! the decision with the work finished so far and answers either the decision, exactly
//! [`super::decide`]'s with the same level and seed, or the work it needs next
//! ([`StepWork`]).
//!
//! A normal or strong auction decision is a few bid races and solves and nothing else that
//! costs: a pick-up decision races its sampled talons and solves the standing bid on sampled
//! layouts of the holder's hand (side by side: none depends on another), then, if it picks
//! up, races the discard and bid with the talon it sees; the holder races its stand or raise;
//! the forehand's opening races its bid. Replaying it with its work given is cheap, so the
//! replay can run anywhere (the page runs it on its own thread), and the solves spread over
//! every worker instead of one worker per decision.

use crate::advise::BidRace;
use crate::card::CardSet;
use crate::deal::Seat;
use crate::whole_game::{Action, Stage, WholeGame};

use super::step_work::{StepAnswer, StepWork, Steps};
use super::table::{Reason, TableLevel, TablePlayer};
use super::table_game::auction_action;

/// Where a stepped auction decision stands.
#[derive(Debug)]
pub enum AuctionStep {
    /// This work must be run to its end ([`StepWork::next_batch`] and [`StepWork::feed`],
    /// split in any way, side by side) and added to the work given ([`StepAnswer::of`]).
    Needs(Vec<StepWork>),
    /// Decided: the action and the numbers behind it.
    Decided {
        /// The action.
        action: Action,
        /// The numbers behind it.
        reason: Option<Reason>,
    },
}

/// `seat`'s auction decision now in `game` by a [`TablePlayer`] of `level` and `seed`, its
/// races and solves answered from `done` (the work of earlier steps, in any order). `None` when this is
/// not a stepped decision (not the seat's auction turn, or not a normal or strong player): ask
/// [`super::decide`] for it.
#[must_use]
pub fn auction_step(
    game: &WholeGame,
    seat: Seat,
    level: TableLevel,
    seed: u64,
    done: &[StepAnswer],
) -> Option<AuctionStep> {
    if !steps_now(game, seat, level) {
        return None;
    }
    let mut player = stepping(level, seed, done);
    let action = auction_action(&mut player, game, seat);
    let needed = player.steps.take()?.needed();
    Some(if needed.is_empty() {
        AuctionStep::Decided {
            action,
            reason: player.reason.take(),
        }
    } else {
        AuctionStep::Needs(needed)
    })
}

/// The race `seat` runs for its discard and bid if it picks up the talon now: the race
/// [`auction_step`] names after a pick-up decision that picks up. `None` when this is not a
/// normal or strong player's pick-up decision.
///
/// It reads the talon before the decision is made, so it is for a caller that runs it early,
/// on workers that would otherwise wait while the sampled talons run, and drops it if the
/// seat passes. Its answer among the races given changes nothing before the pick-up: the
/// decision asks for it only once committed, by its question, which no sampled talon's race
/// shares (another seed and other sample counts).
#[must_use]
pub fn pickup_bid_race(
    game: &WholeGame,
    seat: Seat,
    level: TableLevel,
    seed: u64,
) -> Option<BidRace> {
    if !steps_now(game, seat, level) || !game.opened() || game.holder_turn() || !game.raise_exists()
    {
        return None;
    }
    let mut player = stepping(level, seed, &[]);
    let twelve = CardSet(game.hand(seat).0 | game.talon().0);
    player.bid_with(&game.view(seat), twelve, &game.higher_bids());
    match player.steps.take()?.needed().pop()? {
        StepWork::Race(race) => Some(*race),
        StepWork::Solves(_) => None,
    }
}

/// Is this a stepped decision: `seat`'s auction turn, by a normal or strong player?
fn steps_now(game: &WholeGame, seat: Seat, level: TableLevel) -> bool {
    game.stage() == Stage::Auction
        && game.to_act() == Some(seat)
        && game.kontra_options_for(seat).is_none()
        && matches!(level, TableLevel::Normal | TableLevel::Strong)
}

/// A player of `level` and `seed` whose races and solves are answered from `done`.
fn stepping(level: TableLevel, seed: u64, done: &[StepAnswer]) -> TablePlayer {
    let mut player = TablePlayer::new(level, seed);
    player.steps = Some(Steps::new(done));
    player
}
