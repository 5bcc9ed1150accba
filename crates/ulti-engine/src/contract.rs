//! Contracts, compound bids, prerequisites and scoring (shared/RULES.md).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_with::{DeserializeFromStr, SerializeDisplay};
use thiserror::Error;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::deal::{Deal, SOLOIST};

/// A single contract.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr,
)]
pub enum Contract {
    /// Passz / parti: more points (cards + marriages) than the defenders.
    Passz,
    /// 40-100: trump marriage and at least 60 card points.
    Negyven100,
    /// Ulti: win trick 10 with the trump VII.
    Ulti,
    /// Betli: take no trick (no trumps).
    Betli,
    /// Colourless durchmars: take every trick (no trumps).
    Durchmars,
    /// Durchmars with trumps.
    DurchmarsAdu,
    /// 20-100: a side marriage and at least 80 card points.
    Husz100,
    /// Four aces: capture all four Ász.
    NegyAsz,
    /// Four tens: capture all four X.
    NegyTizes,
}

impl Contract {
    /// Every contract, in the order of shared/FORMATS.md.
    pub const ALL: [Contract; 9] = [
        Contract::Passz,
        Contract::Negyven100,
        Contract::Ulti,
        Contract::Betli,
        Contract::Durchmars,
        Contract::DurchmarsAdu,
        Contract::Husz100,
        Contract::NegyAsz,
        Contract::NegyTizes,
    ];

    /// The id used in URLs and on the command line.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Contract::Passz => "passz",
            Contract::Negyven100 => "40-100",
            Contract::Ulti => "ulti",
            Contract::Betli => "betli",
            Contract::Durchmars => "durchmars",
            Contract::DurchmarsAdu => "durchmars-adu",
            Contract::Husz100 => "20-100",
            Contract::NegyAsz => "negy-asz",
            Contract::NegyTizes => "negy-tizes",
        }
    }

    /// Hungarian display name.
    #[must_use]
    pub const fn hungarian(self) -> &'static str {
        match self {
            Contract::Passz => "Passz",
            Contract::Negyven100 => "40-100",
            Contract::Ulti => "Ulti",
            Contract::Betli => "Betli",
            Contract::Durchmars => "Színtelen durchmars",
            Contract::DurchmarsAdu => "Adus durchmars",
            Contract::Husz100 => "20-100",
            Contract::NegyAsz => "Négy ász",
            Contract::NegyTizes => "Négy tízes",
        }
    }

    /// English display name.
    #[must_use]
    pub const fn english(self) -> &'static str {
        match self {
            Contract::Passz => "Party",
            Contract::Negyven100 => "40-100",
            Contract::Ulti => "Ulti",
            Contract::Betli => "Betli",
            Contract::Durchmars => "Colourless durchmars",
            Contract::DurchmarsAdu => "Trump durchmars",
            Contract::Husz100 => "20-100",
            Contract::NegyAsz => "Four aces",
            Contract::NegyTizes => "Four tens",
        }
    }

    /// Is it played with trumps?
    #[must_use]
    pub const fn has_trumps(self) -> bool {
        !matches!(self, Contract::Betli | Contract::Durchmars)
    }

    /// Is the outcome decided by card points (so the exact forced points are reported)?
    #[must_use]
    pub const fn is_point_contract(self) -> bool {
        matches!(
            self,
            Contract::Passz | Contract::Negyven100 | Contract::Husz100
        )
    }

    /// Base value per defender when won (shared/RULES.md scoring).
    #[must_use]
    pub const fn base_value(self) -> i32 {
        match self {
            Contract::Passz => 1,
            Contract::Negyven100 | Contract::Ulti | Contract::NegyAsz | Contract::NegyTizes => 4,
            Contract::Betli => 5,
            Contract::Durchmars | Contract::DurchmarsAdu => 6,
            Contract::Husz100 => 8,
        }
    }

    /// Why the soloist cannot play this contract with `deal`, if they cannot.
    #[must_use]
    pub fn unplayable_reason(self, deal: &Deal) -> Option<&'static str> {
        let hand = deal.hand(SOLOIST);
        let t = deal.trump;
        match self {
            Contract::Ulti if !hand.contains(Card::new(t, Rank::Seven)) => {
                Some("ulti needs the trump VII in the soloist's hand")
            }
            Contract::Negyven100 if !has_marriage(hand, t) => {
                Some("40-100 needs the trump Király and Felső in the soloist's hand")
            }
            Contract::Husz100 if !Suit::ALL.iter().any(|&s| s != t && has_marriage(hand, s)) => {
                Some("20-100 needs a Király and Felső of a side suit in the soloist's hand")
            }
            Contract::NegyAsz if deal.talon().iter().any(|c| c.rank() == Rank::Asz) => {
                Some("an Ász is in the talon, so four aces cannot be captured")
            }
            Contract::NegyTizes if deal.talon().iter().any(|c| c.rank() == Rank::Ten) => {
                Some("an X is in the talon, so four tens cannot be captured")
            }
            _ => None,
        }
    }
}

/// Does `hand` hold the Király and Felső of `suit`?
#[must_use]
pub fn has_marriage(hand: CardSet, suit: Suit) -> bool {
    hand.contains(Card::new(suit, Rank::Kiraly)) && hand.contains(Card::new(suit, Rank::Felso))
}

/// Marriage points held by `hand` with trump `trump` (40 for the trump suit, 20 for others).
#[must_use]
pub fn marriage_points(hand: CardSet, trump: Suit) -> u32 {
    Suit::ALL
        .iter()
        .filter(|&&s| has_marriage(hand, s))
        .map(|&s| if s == trump { 40 } else { 20 })
        .sum()
}

impl fmt::Display for Contract {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown contract id or a bad combination.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum ContractError {
    /// Not a contract id.
    #[error(
        "unknown contract {0:?}: expected one of passz, 40-100, ulti, betli, durchmars, durchmars-adu, 20-100, negy-asz, negy-tizes (join with + for a compound bid)"
    )]
    Unknown(String),
    /// The same contract twice in a bid.
    #[error("contract {0} appears twice in the bid")]
    Repeated(Contract),
    /// A no-trump contract combined with others.
    #[error("{0} is played without trumps and cannot be combined with other contracts")]
    NoTrumpInCompound(Contract),
    /// Two contracts that cannot be bid together.
    #[error("{0} and {1} cannot be bid together")]
    Incompatible(Contract, Contract),
}

impl FromStr for Contract {
    type Err = ContractError;
    fn from_str(s: &str) -> Result<Contract, ContractError> {
        let t = s.trim().to_ascii_lowercase();
        Contract::ALL
            .into_iter()
            .find(|c| c.id() == t)
            .ok_or_else(|| ContractError::Unknown(s.trim().to_string()))
    }
}

/// A bid: one contract or a compound of several trump contracts (ids joined by `+`).
#[derive(Clone, Debug, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub struct Bid {
    contracts: Vec<Contract>,
}

impl Bid {
    /// A single-contract bid.
    #[must_use]
    pub fn single(c: Contract) -> Bid {
        Bid { contracts: vec![c] }
    }

    /// A bid from several contracts.
    ///
    /// # Errors
    /// Repeated contracts, or a no-trump contract or two exclusive ones combined.
    pub fn new(mut contracts: Vec<Contract>) -> Result<Bid, ContractError> {
        contracts.sort();
        for w in contracts.windows(2) {
            if w[0] == w[1] {
                return Err(ContractError::Repeated(w[0]));
            }
        }
        if contracts.len() > 1 {
            if let Some(&c) = contracts.iter().find(|c| !c.has_trumps()) {
                return Err(ContractError::NoTrumpInCompound(c));
            }
            if contracts.contains(&Contract::Negyven100) && contracts.contains(&Contract::Husz100) {
                return Err(ContractError::Incompatible(
                    Contract::Negyven100,
                    Contract::Husz100,
                ));
            }
        }
        Ok(Bid { contracts })
    }

    /// The contracts in the bid, in canonical order.
    #[must_use]
    pub fn contracts(&self) -> &[Contract] {
        &self.contracts
    }

    /// Is this a single contract?
    #[must_use]
    pub fn as_single(&self) -> Option<Contract> {
        match self.contracts.as_slice() {
            [c] => Some(*c),
            _ => None,
        }
    }

    /// Is it played with trumps?
    #[must_use]
    pub fn has_trumps(&self) -> bool {
        self.contracts.iter().all(|c| c.has_trumps())
    }

    /// Does the bid contain ulti (so the trump VII hold rule applies)?
    #[must_use]
    pub fn has_ulti(&self) -> bool {
        self.contracts.contains(&Contract::Ulti)
    }

    /// The scored components: the contracts plus the implicit passz that a points game with
    /// no 100 and no durchmars carries (ulti = 4 + 1; 40-100 ulti = 8).
    #[must_use]
    pub fn components(&self) -> Vec<Contract> {
        let mut v = self.contracts.clone();
        let points_game = self.has_trumps()
            && !v.iter().any(|c| {
                matches!(
                    c,
                    Contract::Passz
                        | Contract::Negyven100
                        | Contract::Husz100
                        | Contract::DurchmarsAdu
                )
            });
        if points_game {
            v.insert(0, Contract::Passz);
        }
        v
    }

    /// The first prerequisite the soloist lacks, if any.
    #[must_use]
    pub fn unplayable_reason(&self, deal: &Deal) -> Option<&'static str> {
        self.contracts
            .iter()
            .find_map(|c| c.unplayable_reason(deal))
    }
}

impl fmt::Display for Bid {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ids: Vec<&str> = self.contracts.iter().map(|c| c.id()).collect();
        f.write_str(&ids.join("+"))
    }
}

impl FromStr for Bid {
    type Err = ContractError;
    fn from_str(s: &str) -> Result<Bid, ContractError> {
        let contracts = s
            .split('+')
            .map(str::parse)
            .collect::<Result<Vec<_>, _>>()?;
        Bid::new(contracts)
    }
}

/// How a bid is scored beyond its components.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Scoring {
    /// Terített (open): multiplies betli ×4 (20) and durchmars ×2 (trump) / ×4 (colourless).
    pub teritett: bool,
    /// Kontra level (0 none, 1 kontra, 2 rekontra, …): doubles per level.
    pub kontra: u8,
    /// Piros (red) bid for the no-trump contracts (piros betli = rebetli). Trump contracts are
    /// piros exactly when Piros is trump.
    pub piros_no_trump: bool,
}

/// The value per defender of one component, won or lost (positive = the soloist is paid).
#[must_use]
pub fn component_payoff(c: Contract, won: bool, trump: Suit, scoring: Scoring) -> i32 {
    let mut v = c.base_value();
    if scoring.teritett {
        v *= match c {
            Contract::Betli => 4,
            Contract::Durchmars => 4,
            Contract::DurchmarsAdu => 2,
            _ => 1,
        };
    }
    let piros = if c.has_trumps() {
        trump == Suit::Piros
    } else {
        scoring.piros_no_trump
    };
    if piros {
        v *= 2;
    }
    let k = i32::from(scoring.kontra.min(8));
    if won {
        v << k
    } else if c == Contract::Ulti {
        // A lost ulti pays double, and under kontra level k base × (2^k + 1).
        if k == 0 {
            -2 * v
        } else {
            -(v * ((1 << k) + 1))
        }
    } else {
        -(v << k)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ids_round_trip() {
        for c in Contract::ALL {
            assert_eq!(c.id().parse::<Contract>().unwrap(), c);
        }
        assert!(matches!(
            "ultii".parse::<Contract>(),
            Err(ContractError::Unknown(_))
        ));
        let b: Bid = "ulti+40-100".parse().unwrap();
        assert_eq!(b.to_string(), "40-100+ulti");
        assert!(matches!(
            "ulti+ulti".parse::<Bid>(),
            Err(ContractError::Repeated(_))
        ));
        assert!(matches!(
            "betli+ulti".parse::<Bid>(),
            Err(ContractError::NoTrumpInCompound(_))
        ));
    }

    #[test]
    fn passz_is_added_only_to_plain_points_games() {
        let comps = |s: &str| s.parse::<Bid>().unwrap().components();
        assert_eq!(comps("ulti"), vec![Contract::Passz, Contract::Ulti]);
        assert_eq!(
            comps("40-100+ulti"),
            vec![Contract::Negyven100, Contract::Ulti]
        );
        assert_eq!(
            comps("ulti+durchmars-adu"),
            vec![Contract::Ulti, Contract::DurchmarsAdu]
        );
        assert_eq!(comps("betli"), vec![Contract::Betli]);
        assert_eq!(comps("passz"), vec![Contract::Passz]);
    }

    #[test]
    fn scoring_follows_the_table() {
        let z = Suit::Zold;
        let plain = Scoring::default();
        assert_eq!(component_payoff(Contract::Ulti, true, z, plain), 4);
        assert_eq!(component_payoff(Contract::Ulti, false, z, plain), -8);
        assert_eq!(
            component_payoff(Contract::Ulti, false, Suit::Piros, plain),
            -16
        );
        assert_eq!(
            component_payoff(Contract::Passz, true, Suit::Piros, plain),
            2
        );
        assert_eq!(
            component_payoff(Contract::Betli, true, Suit::Piros, plain),
            5
        );
        let red_betli = Scoring {
            piros_no_trump: true,
            ..Scoring::default()
        };
        assert_eq!(component_payoff(Contract::Betli, true, z, red_betli), 10);
        let open = Scoring {
            teritett: true,
            ..Scoring::default()
        };
        assert_eq!(component_payoff(Contract::Betli, true, z, open), 20);
        assert_eq!(component_payoff(Contract::Durchmars, true, z, open), 24);
        assert_eq!(component_payoff(Contract::DurchmarsAdu, true, z, open), 12);
        let kontra = Scoring {
            kontra: 1,
            ..Scoring::default()
        };
        assert_eq!(component_payoff(Contract::Negyven100, false, z, kontra), -8);
        assert_eq!(component_payoff(Contract::Ulti, false, z, kontra), -12);
        assert_eq!(component_payoff(Contract::Husz100, true, z, plain), 8);
    }
}
