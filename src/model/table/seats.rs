//! The three seats around the felt as the user sees them: where each sits (the user at the
//! bottom, the next seat in playing order on the right, the one after on the left: play goes
//! anticlockwise), its roles, the cards it holds, its last word in the auction, and whether it
//! is the seat everyone waits for.

use ulti_engine::Seat;
use ulti_engine::whole_game::{Stage, WholeGame};

use super::Next;
use super::auction::{Heard, heard};

/// Where a seat sits on the screen, seen from the user's chair.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    /// The user.
    Bottom,
    /// The seat after the user in playing order (it plays after the user).
    Right,
    /// The seat before the user (it plays before the user).
    Left,
}

impl Place {
    /// The place's name for CSS and tests.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Place::Bottom => "bottom",
            Place::Right => "right",
            Place::Left => "left",
        }
    }
}

/// Where `seat` sits when the user sits at `user`.
#[must_use]
pub fn place(seat: Seat, user: Seat) -> Place {
    match (seat + 3 - user) % 3 {
        0 => Place::Bottom,
        1 => Place::Right,
        _ => Place::Left,
    }
}

/// A seat's role in the deal, as the table shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Role {
    /// It dealt.
    Dealer,
    /// It opens the auction (the seat after the dealer).
    Forehand,
    /// It holds the standing bid.
    Holder,
    /// It has picked up the talon and not yet bid (the user only: a computer picks up, discards
    /// and bids in one decision).
    PickedUp,
    /// It plays the contract.
    Soloist,
    /// It defends.
    Defender,
}

/// One seat as the table shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The seat.
    pub seat: Seat,
    /// Where it sits.
    pub place: Place,
    /// Its roles, in the order above.
    pub roles: Vec<Role>,
    /// The cards it holds (twelve while it holds the talon to discard from).
    pub cards: usize,
    /// Its last word in the auction (while the auction runs).
    pub said: Option<Heard>,
    /// Is the table waiting for this seat?
    pub to_act: bool,
}

/// The three seats of `game` for the user at `user` (who has `picked_up` the talon or not),
/// `next` being what the table waits for.
#[must_use]
pub fn seats(game: &WholeGame, user: Seat, picked_up: bool, next: Option<&Next>) -> [SeatInfo; 3] {
    let words = heard(game);
    let standing = game.standing().map(|(s, _)| s);
    let auction = game.stage() == Stage::Auction;
    [0, 1, 2].map(|seat| {
        let mut roles = Vec::new();
        if game.dealer() == seat {
            roles.push(Role::Dealer);
        }
        if game.forehand() == seat {
            roles.push(Role::Forehand);
        }
        let user_picked = auction && picked_up && seat == user;
        if auction && standing == Some(seat) {
            roles.push(Role::Holder);
        }
        if user_picked {
            roles.push(Role::PickedUp);
        }
        match game.contracted() {
            Some(c) if c.soloist == seat => roles.push(Role::Soloist),
            Some(_) => roles.push(Role::Defender),
            None => {}
        }
        let cards = game.hand(seat).len() as usize + if user_picked { 2 } else { 0 };
        let said = if auction {
            words.iter().rev().find(|h| heard_seat(h) == seat).cloned()
        } else {
            None
        };
        let to_act = match next {
            Some(Next::Computer(s)) => *s == seat,
            Some(Next::User(_)) => seat == user,
            _ => false,
        };
        SeatInfo {
            seat,
            place: place(seat, user),
            roles,
            cards,
            said,
            to_act,
        }
    })
}

/// The seat that said `h`.
#[must_use]
pub fn heard_seat(h: &Heard) -> Seat {
    match h {
        Heard::Bid(s, _) | Heard::Pass(s) | Heard::Stand(s) => *s,
    }
}
