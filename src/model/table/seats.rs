//! The three seats around the felt as the user sees them: where each sits (the user at the
//! bottom, the next seat in playing order on the right, the one after on the left: play goes
//! anticlockwise), its roles, the cards it holds, its last word in the auction, and whether it
//! is the seat everyone waits for.

use ulti_engine::whole_game::Stage;
use ulti_engine::{CardSet, Seat};

use super::auction::Heard;
use super::scene::Scene;

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
    /// At a live table: does a connection hold the seat?
    pub connected: Option<bool>,
    /// At a live table: the computer plays for its person, who is away.
    pub away: bool,
    /// A terített soloist's cards, face up for the other seats (the user's own are its hand).
    pub open: Option<CardSet>,
}

/// The three seats of the table in `scene`.
#[must_use]
pub fn seats(scene: &Scene) -> [SeatInfo; 3] {
    let words = scene.heard();
    let standing = scene.standing().map(|(s, _)| s);
    let auction = scene.stage() == Stage::Auction;
    let dealer = scene.view.dealer;
    [0, 1, 2].map(|seat| {
        let mut roles = Vec::new();
        if dealer == seat {
            roles.push(Role::Dealer);
        }
        if (dealer + 1) % 3 == seat {
            roles.push(Role::Forehand);
        }
        if auction && standing == Some(seat) {
            roles.push(Role::Holder);
        }
        if auction && scene.player && seat == scene.seat && scene.picked_up() {
            roles.push(Role::PickedUp);
        }
        match scene.view.soloist {
            Some(s) if s == seat => roles.push(Role::Soloist),
            Some(_) => roles.push(Role::Defender),
            None => {}
        }
        let said = if auction {
            words.iter().rev().find(|h| heard_seat(h) == seat).cloned()
        } else {
            None
        };
        SeatInfo {
            seat,
            place: place(seat, scene.seat),
            roles,
            cards: scene.held(seat),
            said,
            to_act: scene.waiting == Some(seat),
            connected: scene.connected.map(|c| c[seat]),
            away: scene.away[seat],
            open: scene
                .view
                .open_hand
                .filter(|&(s, _)| s == seat && !(scene.player && seat == scene.seat))
                .map(|(_, cards)| cards),
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
