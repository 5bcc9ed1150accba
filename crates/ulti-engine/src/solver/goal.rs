//! What a search maximises ([`Goal`]) and the static facts of the bid being searched
//! (its components' payoffs, the marriages).

use crate::contract::Contract;

/// What the search maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Goal {
    /// Card points (units of 10) won by the soloist, last trick included.
    Points,
    /// Tricks won by the soloist.
    SoloTricks,
    /// Tricks won by the defenders (betli: the soloist wants them all).
    DefTricks,
    /// Aces captured by the soloist.
    Aces,
    /// Tens captured by the soloist.
    Tens,
    /// 1 if the soloist wins trick 10 with the trump VII.
    Ulti,
    /// The final payoff of a compound bid.
    Payoff,
}

#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Progress {
    pub(super) pts: u8,
    pub(super) sol_tricks: u8,
    pub(super) aces: u8,
    pub(super) tens: u8,
    pub(super) ulti: bool,
}

#[derive(Clone, Copy, Debug)]
pub(super) struct Component {
    pub(super) contract: Contract,
    pub(super) win: i32,
    pub(super) lose: i32,
}

/// Static facts of the contract being searched.
#[derive(Clone, Debug, Default)]
pub(super) struct PayoffSpec {
    pub(super) comps: Vec<Component>,
    pub(super) ms: i32,
    pub(super) md: i32,
    pub(super) marriage_needs_trick: bool,
}

impl PayoffSpec {
    pub(super) fn passz(&self, pts: i32, sol_any: bool, def_any: bool) -> bool {
        let ms = if !self.marriage_needs_trick || sol_any {
            self.ms
        } else {
            0
        };
        let md = if !self.marriage_needs_trick || def_any {
            self.md
        } else {
            0
        };
        10 * pts + ms > 90 - 10 * pts + md
    }
}
