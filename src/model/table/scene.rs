//! What the table shows one seat at one moment ([`Scene`]), built only from what that seat may
//! know: its [`TableView`] and [`SeatTurn`]. The local game builds them from its `WholeGame`;
//! a live table receives them from the server. Everything on the felt and in the controls
//! reads the scene, so both tables look and behave alike and neither can show a hidden card.

use ulti_engine::whole_game::{AuctionBid, SeatTurn, Stage, TableView};
use ulti_engine::{CardSet, Seat, Suit};

use super::UserTurn;
use super::auction::Heard;
use crate::model::line::{Played, TrickView};

/// One seat's table at one moment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Scene {
    /// The seat the table is seen from: the user's, or seat 0 for a spectator.
    pub seat: Seat,
    /// Does a player sit there (`false`: a spectator, who sees no hand)?
    pub player: bool,
    /// The seat's view.
    pub view: TableView,
    /// What the seat may do now (`None` for a spectator).
    pub turn: Option<SeatTurn>,
    /// The seat the table waits for (`None` when nobody acts, or the game is over).
    pub waiting: Option<Seat>,
    /// At a live table: which seats a connection holds (a computer's always).
    pub connected: Option<[bool; 3]>,
    /// At a live table: persons' seats the computer played last (their person is away).
    pub away: [bool; 3],
    /// At a live table: the actions (their places in `view.public`) the computer chose for a
    /// person's seat while they were away.
    pub by_computer: Vec<usize>,
    /// At a live table: each seat's player name, when a player holds it.
    pub names: [Option<String>; 3],
}

/// Where the talon lies during the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TalonOnFelt {
    /// Talons laid so far: a new one with each bid.
    pub laid: usize,
    /// Who laid it down.
    pub by: Seat,
    /// The seat has picked it up (it is in its hand now).
    pub picked: bool,
}

impl Scene {
    /// The stage.
    #[must_use]
    pub fn stage(&self) -> Stage {
        self.view.stage
    }

    /// What the seat is asked now (`None` while the table waits for another seat).
    #[must_use]
    pub fn asked(&self) -> Option<UserTurn> {
        let turn = self.turn.as_ref()?;
        if !self.player || self.waiting != Some(self.seat) {
            return None;
        }
        if !turn.to_act {
            return turn
                .kontra
                .as_ref()
                .map(|(level, _)| UserTurn::Kontra { level: *level });
        }
        match self.stage() {
            Stage::Auction => Some(UserTurn::Auction),
            Stage::Trump => Some(UserTurn::Trump),
            Stage::Play => Some(UserTurn::Card),
            Stage::Over => None,
        }
    }

    /// Has the seat picked up the talon this turn?
    #[must_use]
    pub fn picked_up(&self) -> bool {
        self.turn.as_ref().is_some_and(|t| t.picked_up)
    }

    /// The auction as everyone heard it.
    #[must_use]
    pub fn heard(&self) -> Vec<Heard> {
        self.heard_at().into_iter().map(|(_, h)| h).collect()
    }

    /// The auction as everyone heard it, each with its place among the game's actions.
    #[must_use]
    pub fn heard_at(&self) -> Vec<(usize, Heard)> {
        self.view
            .public
            .iter()
            .enumerate()
            .filter_map(|(i, a)| {
                let mut w = a.split_whitespace();
                let seat: Seat = w.next()?.parse().ok()?;
                let h = match w.next()? {
                    "bid" => Heard::Bid(seat, w.next()?.parse().ok()?),
                    "pass" => Heard::Pass(seat),
                    "stand" => Heard::Stand(seat),
                    _ => return None,
                };
                Some((i, h))
            })
            .collect()
    }

    /// Did the computer choose the game's action at `place` for a person who was away?
    #[must_use]
    pub fn chosen_by_computer(&self, place: usize) -> bool {
        self.by_computer.contains(&place)
    }

    /// Did the computer play the game's `k`-th card (from 0) for a person who was away?
    #[must_use]
    pub fn card_by_computer(&self, k: usize) -> bool {
        self.view
            .public
            .iter()
            .enumerate()
            .filter(|(_, a)| a.split_whitespace().nth(1) == Some("card"))
            .nth(k)
            .is_some_and(|(i, _)| self.chosen_by_computer(i))
    }

    /// The standing bid and its holder.
    #[must_use]
    pub fn standing(&self) -> Option<(Seat, AuctionBid)> {
        self.view.standing()
    }

    /// The soloist, the bid and its trump once the auction is over (the trump `None` until it
    /// is named, and for a no-trump bid).
    #[must_use]
    pub fn contract(&self) -> Option<(Seat, AuctionBid, Option<Suit>)> {
        let soloist = self.view.soloist?;
        Some((soloist, self.view.bid()?, self.view.trump()))
    }

    /// How many cards `seat` holds (twelve for the seat that picked up the talon).
    #[must_use]
    pub fn held(&self, seat: Seat) -> usize {
        let extra = if self.player && seat == self.seat && self.picked_up() {
            2
        } else {
            0
        };
        self.view.held[seat] as usize + extra
    }

    /// The cards the seat chooses its discard from on its auction turn: the forehand's twelve
    /// at the opening, its ten and the talon once it has picked it up.
    #[must_use]
    pub fn twelve(&self) -> Option<CardSet> {
        let turn = self.turn.as_ref()?;
        if !(turn.to_act && self.stage() == Stage::Auction) {
            return None;
        }
        if !turn.opened && self.view.hand.len() == 12 {
            Some(self.view.hand)
        } else if turn.picked_up {
            let talon = self.view.known_talon?;
            Some(CardSet(self.view.hand.0 | talon.0))
        } else {
            None
        }
    }

    /// The talon's cards among the twelve the seat holds after picking it up.
    #[must_use]
    pub fn talon_in_hand(&self) -> CardSet {
        if self.picked_up() {
            self.view.known_talon.unwrap_or(CardSet::EMPTY)
        } else {
            CardSet::EMPTY
        }
    }

    /// The seat picked up the talon and no higher bid is playable with any discard of its
    /// twelve: it puts the talon back and passes (RULES.md, Auction, item 2).
    #[must_use]
    pub fn must_put_back(&self) -> bool {
        self.turn
            .as_ref()
            .is_some_and(|t| t.picked_up && t.raises.is_empty())
    }

    /// The talon on the felt during the auction (`None` before anyone laid it down).
    #[must_use]
    pub fn talon_on_felt(&self) -> Option<TalonOnFelt> {
        if self.stage() != Stage::Auction {
            return None;
        }
        let heard = self.heard();
        let laid = heard.iter().filter(|h| matches!(h, Heard::Bid(..))).count();
        let by = self.standing().map(|(s, _)| s)?;
        Some(TalonOnFelt {
            laid,
            by,
            picked: self.picked_up(),
        })
    }

    /// The trick on the felt: the one being played, or the last one complete while the next is
    /// empty (`None` before the first card).
    #[must_use]
    pub fn trick(&self) -> Option<TrickView> {
        let now = self.view.current_trick();
        if !now.is_empty() {
            return Some(TrickView {
                number: self.view.tricks.len() + 1,
                cards: now
                    .into_iter()
                    .map(|(seat, card)| Played { card, seat })
                    .collect(),
                winner: None,
            });
        }
        let last = self.view.tricks.last()?;
        Some(TrickView {
            number: self.view.tricks.len(),
            cards: (0..3)
                .map(|j| Played {
                    card: last.cards[j],
                    seat: (last.leader + j) % 3,
                })
                .collect(),
            winner: Some(last.winner),
        })
    }

    /// Tricks taken so far by the soloist and by the defenders (`None` before the play).
    #[must_use]
    pub fn tricks_taken(&self) -> Option<(usize, usize)> {
        let soloist = self.view.soloist?;
        if self.view.played.is_empty() && self.stage() != Stage::Play {
            return None;
        }
        let s = self
            .view
            .tricks
            .iter()
            .filter(|t| t.winner == soloist)
            .count();
        Some((s, self.view.tricks.len() - s))
    }
}
