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

use crate::advise::{AdviseError, BidAdvice, BidOptions, BidRace, RaceQuestion};
use crate::bids::Announcement;
use crate::card::CardSet;
use crate::deal::Seat;
use crate::whole_game::{Action, Stage, WholeGame};

use super::table::{Reason, TableLevel, TablePlayer};
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

/// A finished race of a stepped decision: its question and its advice.
#[derive(Clone, Debug)]
pub struct RaceAnswer {
    question: RaceQuestion,
    advice: BidAdvice,
}

impl RaceAnswer {
    /// The answer of `race`, run to its end ([`BidRace::is_done`]).
    #[must_use]
    pub fn of(race: BidRace) -> RaceAnswer {
        RaceAnswer {
            question: race.question(),
            advice: race.finish(),
        }
    }
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
    if game.stage() != Stage::Auction
        || game.to_act() != Some(seat)
        || game.kontra_options_for(seat).is_some()
        || !matches!(level, TableLevel::Normal | TableLevel::Strong)
    {
        return None;
    }
    let mut player = stepping(level, seed, raced);
    let action = auction_action(&mut player, game, seat);
    let steps = player.steps.take()?;
    Some(if steps.needed.is_empty() {
        AuctionStep::Decided {
            action,
            reason: player.reason.take(),
        }
    } else {
        AuctionStep::Races(steps.needed)
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
    if !matches!(
        auction_step(game, seat, level, seed, &[]),
        Some(AuctionStep::Races(_))
    ) || !game.opened()
        || game.holder_turn()
    {
        return None;
    }
    let mut player = stepping(level, seed, &[]);
    let twelve = CardSet(game.hand(seat).0 | game.talon().0);
    player.bid_with(&game.view(seat), twelve, &game.higher_bids());
    player.steps.take()?.needed.pop()
}

/// A player of `level` and `seed` whose bid races are answered from `raced`.
fn stepping(level: TableLevel, seed: u64, raced: &[RaceAnswer]) -> TablePlayer {
    let mut player = TablePlayer::new(level, seed);
    player.steps = Some(RaceSteps {
        given: raced.to_vec(),
        needed: Vec::new(),
    });
    player
}

/// A stepping player's races: those answered elsewhere, and those nobody ran yet.
#[derive(Debug)]
pub(super) struct RaceSteps {
    given: Vec<RaceAnswer>,
    needed: Vec<BidRace>,
}

impl RaceSteps {
    /// The advice of the race of `twelve`, `opts` and `allowed` if it was answered; else the
    /// race is kept as needed and `None` stands in for its rows. A decision that met a race
    /// not answered yet ends with a meaningless action its caller does not use; the races it
    /// meets after that one are kept too (a pick-up decision's sampled talons do not depend
    /// on one another). A race that cannot start is not a race (as
    /// [`crate::advise::advise_bid_among`], whose error leaves no rows).
    pub(super) fn advice(
        &mut self,
        twelve: CardSet,
        opts: &BidOptions,
        allowed: &dyn Fn(&Announcement) -> bool,
    ) -> Result<Option<BidAdvice>, AdviseError> {
        let race = BidRace::among(twelve, opts, allowed)?;
        let question = race.question();
        if let Some(answer) = self.given.iter().find(|a| a.question == question) {
            return Ok(Some(answer.advice.clone()));
        }
        if !self.needed.iter().any(|r| r.question() == question) {
            self.needed.push(race);
        }
        Ok(None)
    }
}
