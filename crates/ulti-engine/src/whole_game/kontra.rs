//! Kontra and its answers (shared/RULES.md "Kontra"): the units of a bid, each unit's level
//! per defender, who may double what and when.
//!
//! Kontra (level 1) is said by a defender right before its card to trick 1; rekontra (2) by
//! the soloist after trick 1, before trick 2 is led; each further level (szubkontra,
//! mordkontra, hirschkontra) by the other side at its next card after the level below was
//! said ([`crate::whole_game::WholeGame`] checks the moment). Each doubles units standing at
//! the level below.
//! In a trump game a defender's double binds both defenders; in betli and colourless
//! durchmars each defender doubles for itself and the soloist's answer raises only the
//! defenders who doubled.

use serde::{Deserialize, Serialize};

use crate::contract::Contract;

/// The names of the kontra levels, 1 (kontra) to 5 (hirschkontra).
pub const KONTRA_NAMES: [&str; 5] = [
    "kontra",
    "rekontra",
    "szubkontra",
    "mordkontra",
    "hirschkontra",
];

/// The kontra levels of a bid's units, per defender (index 0: the first defender after the
/// soloist, 1: the second).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct KontraBook {
    /// Each defender doubles for itself (betli, colourless durchmars).
    pub individual: bool,
    /// Each unit with its level against each defender.
    pub units: Vec<(Contract, [u8; 2])>,
}

/// The name of level `level` (1 kontra … 5 hirschkontra).
#[must_use]
pub fn level_name(level: u8) -> &'static str {
    KONTRA_NAMES[usize::from(level.clamp(1, 5)) - 1]
}

impl KontraBook {
    /// The book of a bid with `units` (its components), nothing doubled.
    #[must_use]
    pub fn new(units: Vec<Contract>, individual: bool) -> KontraBook {
        KontraBook {
            individual,
            units: units.into_iter().map(|u| (u, [0, 0])).collect(),
        }
    }

    /// The level of `unit` against defender `d` (0 or 1).
    #[must_use]
    pub fn level(&self, unit: Contract, d: usize) -> u8 {
        self.units
            .iter()
            .find(|(u, _)| *u == unit)
            .map_or(0, |(_, l)| l[d])
    }

    /// The units a seat could double at `level` (`defender`: its index, `None` for the soloist).
    #[must_use]
    pub fn doublable(&self, level: u8, defender: Option<usize>) -> Vec<Contract> {
        self.units
            .iter()
            .filter(|(_, l)| match defender {
                Some(d) => l[d] + 1 == level,
                None => l.iter().any(|&x| x + 1 == level),
            })
            .map(|(u, _)| *u)
            .collect()
    }

    /// Double `units` at `level`, said by defender `defender` (its index) or the soloist
    /// (`None`). All or nothing.
    ///
    /// # Errors
    /// A unit not in the bid, named twice, or not standing at the level below.
    pub fn double(
        &mut self,
        level: u8,
        units: &[Contract],
        defender: Option<usize>,
    ) -> Result<(), String> {
        if units.is_empty() {
            return Err(format!("{} names no unit", level_name(level)));
        }
        let names: Vec<&str> = self.units.iter().map(|(u, _)| u.id()).collect();
        let mut next = self.clone();
        for (i, &unit) in units.iter().enumerate() {
            if units[..i].contains(&unit) {
                return Err(format!("the {} names {unit} twice", level_name(level)));
            }
            let Some((_, l)) = next.units.iter_mut().find(|(u, _)| *u == unit) else {
                return Err(format!(
                    "{unit} is not a unit of this bid (its units: {})",
                    names.join(", ")
                ));
            };
            let below = level - 1;
            match defender {
                Some(d) if l[d] != below => {
                    return Err(if level == 1 && !self.individual {
                        format!(
                            "{unit} is already doubled: one defender's kontra binds both in a trump game"
                        )
                    } else if level == 1 {
                        format!("{unit} is already doubled by this defender")
                    } else {
                        format!(
                            "{} answers a {}: {unit} stands at {}",
                            level_name(level),
                            level_name(below),
                            if l[d] == 0 {
                                "no kontra"
                            } else {
                                level_name(l[d])
                            }
                        )
                    });
                }
                Some(d) if self.individual => l[d] = level,
                Some(_) => *l = [level, level],
                None if !l.contains(&below) => {
                    return Err(format!(
                        "{} answers a {}: {unit} is not at {}",
                        level_name(level),
                        level_name(below),
                        level_name(below)
                    ));
                }
                None => {
                    for x in l.iter_mut().filter(|x| **x == below) {
                        *x = level;
                    }
                }
            }
        }
        *self = next;
        Ok(())
    }
}
