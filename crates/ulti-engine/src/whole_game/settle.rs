//! The payment of a finished game (shared/RULES.md "Payment", "Silent bonuses"): each unit
//! won or lost against each defender at its kontra level, silent bonuses, and what each seat
//! wins (negative: pays). The soloist settles with each defender separately.

use serde::{Deserialize, Serialize};

use crate::card::{Card, Rank, Suit};
use crate::contract::{Contract, component_payoff, has_marriage};
use crate::deal::{SOLOIST, Seat};
use crate::rules::Game;

use super::bid::AuctionBid;
use super::kontra::KontraBook;

/// A silent (unannounced) achievement.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Silent {
    /// Trick 10 won with the trump VII (or the VII lost in trick 10).
    Ulti,
    /// A marriage and 100 with it.
    Hundred,
    /// The soloist took every trick.
    Durchmars,
}

/// One unit of the bid as settled.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitResult {
    /// The unit (a component of the bid).
    pub unit: Contract,
    /// Did the soloist make it?
    pub won: bool,
    /// Its kontra level against each defender.
    pub kontra: [u8; 2],
    /// What each defender pays the soloist for it (negative: receives).
    pub value: [i32; 2],
    /// A silent bonus that took this (passz) unit's place, keeping its kontra level.
    pub replaced_by: Option<Silent>,
}

/// A silent bonus added on its own.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SilentBonus {
    /// Which.
    pub kind: Silent,
    /// What each defender pays the soloist for it (negative: receives).
    pub value: i32,
}

/// The settlement of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Settlement {
    /// The units of the bid.
    pub units: Vec<UnitResult>,
    /// Silent bonuses added on their own.
    pub silent: Vec<SilentBonus>,
    /// What each defender pays the soloist in all (S_1, S_2; negative: receives).
    pub per_defender: [i32; 2],
    /// What each table seat wins (negative: pays); sums to 0.
    pub payments: [i32; 3],
}

/// Everything the settlement reads besides the played game.
pub(crate) struct Terms<'a> {
    pub bid: &'a AuctionBid,
    pub trump: Suit,
    pub book: &'a KontraBook,
    pub silent_bonuses: bool,
    pub soloist: Seat,
}

/// The forfeit of an all-pass under `allpass = forfeit`: the forehand pays 2 to each.
#[must_use]
pub fn forfeit(forehand: Seat) -> Settlement {
    let mut payments = [2; 3];
    payments[forehand] = -4;
    Settlement {
        payments,
        ..Settlement::default()
    }
}

/// The soloist's silent bonuses (per defender, from the soloist's side: positive for the
/// soloist) for a finished `game`: (the bonus that replaces the passz part or stands alone,
/// which kind, the silent ulti).
fn silent(game: &Game, c: &Terms<'_>) -> (Option<(i32, Silent)>, i32) {
    let cs = c.bid.bid.contracts();
    let piros = if c.trump == Suit::Piros { 2 } else { 1 };
    // Silent ulti: the trump VII in trick 10.
    let mut ulti = 0;
    let seven = Card::new(c.trump, Rank::Seven);
    if !cs.contains(&Contract::Ulti)
        && let Some(t) = game.tricks().get(9)
        && let Some(i) = t.cards.iter().position(|&x| x == seven)
    {
        let p = t.seat_of(i);
        let side = |s: Seat| s == SOLOIST;
        let sign = if side(p) { 1 } else { -1 };
        if t.winner == p {
            ulti = 2 * sign;
        } else if side(t.winner) != side(p) {
            ulti = -4 * sign;
        }
    }
    // Silent 100 (none once a 100 was bid) and silent durchmars.
    let mut best: Option<(i32, Silent)> = None;
    let mut consider = |v: i32, kind: Silent| {
        if best.is_none_or(|(b, _)| v.abs() > b.abs()) {
            best = Some((v, kind));
        }
    };
    if !cs.contains(&Contract::Negyven100) && !cs.contains(&Contract::Husz100) {
        let s = game.soloist_points() as i32;
        let hundred = |hands: &[Seat], pts: i32| -> i32 {
            let holds = |suit: Suit| {
                hands
                    .iter()
                    .any(|&h| has_marriage(game.deal().hand(h), suit))
            };
            let forty = holds(c.trump) && pts >= 60;
            let twenty = Suit::ALL.iter().any(|&x| x != c.trump && holds(x)) && pts >= 80;
            if twenty {
                4
            } else if forty {
                2
            } else {
                0
            }
        };
        let sol = hundred(&[SOLOIST], s);
        let def = hundred(&[1, 2], 90 - s);
        if sol > 0 {
            consider(sol, Silent::Hundred);
        }
        if def > 0 {
            consider(-def, Silent::Hundred);
        }
    }
    if !cs.contains(&Contract::DurchmarsAdu) && game.soloist_tricks() == 10 {
        consider(3, Silent::Durchmars);
    }
    (best.map(|(v, k)| (v * piros, k)), ulti * piros)
}

/// Settle a finished game.
pub(crate) fn settle(game: &Game, c: &Terms<'_>) -> Settlement {
    let scoring = c.bid.scoring();
    let (bonus, silent_ulti) = if c.silent_bonuses && c.bid.has_trumps() {
        silent(game, c)
    } else {
        (None, 0)
    };
    let mut per_defender = [0; 2];
    let mut replaced = false;
    let mut units = Vec::new();
    for &(unit, kontra) in &c.book.units {
        let won = game.outcome(unit);
        let mut r = UnitResult {
            unit,
            won,
            kontra,
            value: [0; 2],
            replaced_by: None,
        };
        for d in 0..2 {
            let k = kontra[d];
            r.value[d] = match bonus {
                Some((v, kind)) if unit == Contract::Passz => {
                    r.replaced_by = Some(kind);
                    v << k
                }
                _ => component_payoff(
                    unit,
                    won,
                    c.trump,
                    crate::contract::Scoring {
                        kontra: k,
                        ..scoring
                    },
                ),
            };
            per_defender[d] += r.value[d];
        }
        replaced |= r.replaced_by.is_some();
        units.push(r);
    }
    let mut silent = Vec::new();
    if let (Some((v, kind)), false) = (bonus, replaced) {
        silent.push(SilentBonus { kind, value: v });
    }
    if silent_ulti != 0 {
        silent.push(SilentBonus {
            kind: Silent::Ulti,
            value: silent_ulti,
        });
    }
    for b in &silent {
        per_defender[0] += b.value;
        per_defender[1] += b.value;
    }
    let mut payments = [0; 3];
    payments[c.soloist] = per_defender[0] + per_defender[1];
    payments[(c.soloist + 1) % 3] = -per_defender[0];
    payments[(c.soloist + 2) % 3] = -per_defender[1];
    Settlement {
        units,
        silent,
        per_defender,
        payments,
    }
}
