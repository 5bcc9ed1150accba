//! One game from the deal to the payoff, for any mix of computer players (and the cheater,
//! for measuring): the soloist (seat 0) picks up the talon and, from those twelve cards,
//! discards two and announces; then the ten tricks, each card decided from the seat's own
//! [`SeatView`] and played through [`Game`], which rejects an illegal card; then each
//! component of the bid is settled by [`Game::outcome`] and scored by [`component_payoff`].

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::advise::{AdviseError, SeatView};
use crate::bids::Announcement;
use crate::card::{Card, CardSet};
use crate::contract::component_payoff;
use crate::deal::{Deal, SOLOIST, Seat};
use crate::rules::{Game, PlayError, RuleOptions};
use crate::solver::{ComponentResult, SolveError};

use super::{BidChoice, DoubleDummy, Player};

/// Who decides at one seat.
pub enum Seating {
    /// A computer player: it sees only its seat's view.
    Computer(Box<dyn Player + Send>),
    /// The double-dummy cheater: it sees the whole deal (for `ulti match` only).
    Cheater(Box<DoubleDummy>),
}

/// A finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameRecord {
    /// The deal as dealt (seat 0's ten cards, the talon, the defenders' hands).
    pub deal: Deal,
    /// The soloist's discard and announcement.
    pub choice: BidChoice,
    /// The deal as played: seat 0's hand after the discard, the discard as the talon, and the
    /// announcement's trump.
    pub played_deal: Deal,
    /// The thirty cards in play order.
    pub played: Vec<Card>,
    /// Each component of the bid.
    pub components: Vec<ComponentResult>,
    /// Did the soloist make every component?
    pub soloist_wins: bool,
    /// The soloist's payoff per defender (shared/RULES.md scoring): the soloist receives
    /// this from each defender.
    pub payoff: i32,
}

/// Why a game could not be played to the end.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum GameError {
    /// A computer player could not decide.
    #[error("seat {seat}: {error}")]
    Advise {
        /// The seat.
        seat: Seat,
        /// Why.
        error: AdviseError,
    },
    /// The discard is not two distinct cards of the soloist's twelve.
    #[error("the discard {0}{1} is not two different cards of the soloist's twelve")]
    Discard(Card, Card),
    /// The soloist lacks the announcement's prerequisites after the discard.
    #[error("the announcement {announcement} cannot be played: {reason}")]
    Unplayable {
        /// The announcement's id.
        announcement: String,
        /// The missing prerequisite.
        reason: &'static str,
    },
    /// A player chose a card the rules forbid.
    #[error("seat {seat} chose an illegal card: {error}")]
    Illegal {
        /// The seat.
        seat: Seat,
        /// The rule broken.
        error: PlayError,
    },
    /// The cheater's search failed.
    #[error(transparent)]
    Solve(#[from] SolveError),
}

/// Play `deal` to the end: seat 0's player bids from its twelve cards, then
/// [`play_out`].
///
/// # Errors
/// A player that cannot decide, or a decision the rules reject.
pub fn play_game(
    deal: &Deal,
    seats: &mut [Seating; 3],
    rules: RuleOptions,
) -> Result<GameRecord, GameError> {
    let twelve = CardSet(deal.hand(SOLOIST).0 | deal.talon().0);
    let choice = match &mut seats[SOLOIST] {
        Seating::Computer(p) => p.bid(twelve, rules).map_err(|error| GameError::Advise {
            seat: SOLOIST,
            error,
        })?,
        Seating::Cheater(c) => c.bid(deal, rules),
    };
    play_out(deal, choice, seats, rules)
}

/// Play `deal` with the soloist's `choice` already made: the discard and announcement are
/// applied, then the ten tricks are played, each seat deciding in turn.
///
/// # Errors
/// A discard that is not two of the soloist's twelve cards, an announcement the soloist
/// cannot play, a player that cannot decide, or a card the rules reject.
pub fn play_out(
    deal: &Deal,
    choice: BidChoice,
    seats: &mut [Seating; 3],
    rules: RuleOptions,
) -> Result<GameRecord, GameError> {
    let twelve = CardSet(deal.hand(SOLOIST).0 | deal.talon().0);
    let [d0, d1] = choice.discard;
    if d0 == d1 || !twelve.contains(d0) || !twelve.contains(d1) {
        return Err(GameError::Discard(d0, d1));
    }
    let ann = &choice.announcement;
    let hand = CardSet(twelve.0 & !d0.bit() & !d1.bit());
    let played_deal = Deal::new(
        ann.trump.unwrap_or(deal.trump),
        [hand, deal.hand(1), deal.hand(2)],
    )
    .expect("ten cards of the twelve and the defenders' hands make a deal");
    if let Some(reason) = ann.bid.unplayable_reason(&played_deal) {
        return Err(GameError::Unplayable {
            announcement: ann.id(),
            reason,
        });
    }
    let mut game = Game::new(&played_deal, &ann.bid, rules);
    while !game.is_over() {
        let seat = game.to_move();
        let played = game.played();
        let card = match &mut seats[seat] {
            Seating::Computer(p) => {
                // What the seat sees, and nothing else.
                let view = SeatView::from_deal(&played_deal, &ann.bid, &played, seat, rules)
                    .map_err(|e| GameError::Advise {
                        seat,
                        error: e.into(),
                    })?;
                p.card(&view)
                    .map_err(|error| GameError::Advise { seat, error })?
            }
            Seating::Cheater(c) => c.card(&played_deal, ann, &played, rules)?,
        };
        game.play(card)
            .map_err(|error| GameError::Illegal { seat, error })?;
    }
    let (components, payoff) = settle(&game, ann);
    Ok(GameRecord {
        deal: *deal,
        played_deal,
        played: game.played(),
        soloist_wins: components.iter().all(|c| c.won),
        components,
        payoff,
        choice,
    })
}

/// The components of `announcement` as `game` (finished) ended, and the soloist's payoff per
/// defender: each component won or lost on its own, scored per shared/RULES.md.
#[must_use]
pub fn settle(game: &Game, announcement: &Announcement) -> (Vec<ComponentResult>, i32) {
    let trump = game.deal().trump;
    let comps: Vec<ComponentResult> = announcement
        .bid
        .components()
        .into_iter()
        .map(|c| {
            let won = game.outcome(c);
            ComponentResult {
                contract: c,
                won,
                payoff: component_payoff(c, won, trump, announcement.scoring),
            }
        })
        .collect();
    let payoff = comps.iter().map(|c| c.payoff).sum();
    (comps, payoff)
}
