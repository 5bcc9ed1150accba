//! An auction decision in steps, for a caller that runs the advisor's races itself (the page's
//! worker pool, each round cut into pieces for every worker): [`auction_step`] replays the
//! decision with the races finished so far and answers either the decision, exactly
//! [`super::decide`]'s with the same level and seed, or the races it needs next.
//!
//! A normal or strong auction decision is a few bid races and nothing else that costs: a
//! pick-up decision races its sampled talons (side by side: none depends on another), then,
//! if it picks up, the discard and bid with the talon it sees; the holder races its stand or
//! raise; the forehand's opening races its bid. Replaying it with its races given is cheap,
//! so the replay can run anywhere (the page runs it on its own thread), and the races spread
//! over every worker instead of one worker per decision.

use crate::advise::BidRace;
use crate::card::CardSet;
use crate::deal::Seat;
use crate::whole_game::{Action, Stage, WholeGame};

use super::table::{RaceAnswer, RaceSteps, Reason, TableLevel, TablePlayer};
use super::table_game::auction_action;

/// Where a stepped auction decision stands.
#[derive(Debug)]
pub enum AuctionStep {
    /// These races must be run to their end ([`BidRace::next_batch`] and [`BidRace::feed`],
    /// split in any way, side by side) and added to the races given ([`RaceAnswer::of`]).
    Races(Vec<BidRace>),
    /// Decided: the action and the numbers behind it.
    Decided {
        /// The action.
        action: Action,
        /// The numbers behind it.
        reason: Option<Reason>,
    },
}

/// `seat`'s auction decision now in `game` by a [`TablePlayer`] of `level` and `seed`, its bid
/// races answered from `raced` (the races of earlier steps, in any order). `None` when this is
/// not a stepped decision (not the seat's auction turn, or not a normal or strong player): ask
/// [`super::decide`] for it.
#[must_use]
pub fn auction_step(
    game: &WholeGame,
    seat: Seat,
    level: TableLevel,
    seed: u64,
    raced: &[RaceAnswer],
) -> Option<AuctionStep> {
    if !steps_now(game, seat, level) {
        return None;
    }
    let mut player = stepping(level, seed, raced);
    let action = auction_action(&mut player, game, seat);
    let needed = player.steps.take()?.needed();
    Some(if needed.is_empty() {
        AuctionStep::Decided {
            action,
            reason: player.reason.take(),
        }
    } else {
        AuctionStep::Races(needed)
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
    player.steps.take()?.needed().pop()
}

/// Is this a stepped decision: `seat`'s auction turn, by a normal or strong player?
fn steps_now(game: &WholeGame, seat: Seat, level: TableLevel) -> bool {
    game.stage() == Stage::Auction
        && game.to_act() == Some(seat)
        && game.kontra_options_for(seat).is_none()
        && matches!(level, TableLevel::Normal | TableLevel::Strong)
}

/// A player of `level` and `seed` whose bid races are answered from `raced`.
fn stepping(level: TableLevel, seed: u64, raced: &[RaceAnswer]) -> TablePlayer {
    let mut player = TablePlayer::new(level, seed);
    player.steps = Some(RaceSteps::new(raced));
    player
}
