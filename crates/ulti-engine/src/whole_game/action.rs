//! One action of a whole game as the `ulti-game/1` record writes it: `SEAT VERB [ARGS]`
//! (shared/FORMATS.md "Game record").

use std::fmt;
use std::str::FromStr;

use serde_with::{DeserializeFromStr, SerializeDisplay};
use thiserror::Error;

use crate::card::{Card, Suit, parse_cards};
use crate::contract::Contract;
use crate::deal::Seat;

use super::bid::AuctionBid;
use super::kontra::{KONTRA_NAMES, level_name};

/// What a seat does.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Verb {
    /// Pick up the talon (the forehand's opening: its two extra cards), discard two, bid.
    Bid {
        /// The bid.
        bid: AuctionBid,
        /// The two cards laid down as the new talon.
        discard: [Card; 2],
    },
    /// Pass; the forehand's opening pass under `allpass = forfeit` discards two.
    Pass {
        /// The forehand's discard of its opening pass.
        discard: Option<[Card; 2]>,
    },
    /// The holder ends the auction.
    Stand,
    /// The soloist names the trump.
    Trump(Suit),
    /// Double units at `level` (1 kontra, 2 rekontra, …).
    Kontra {
        /// The level said.
        level: u8,
        /// The units doubled.
        units: Vec<Contract>,
    },
    /// Play a card.
    Card(Card),
}

/// An action: who and what.
#[derive(Clone, Debug, PartialEq, Eq, Hash, SerializeDisplay, DeserializeFromStr)]
pub struct Action {
    /// The seat acting (0, 1, 2 in playing order).
    pub seat: Seat,
    /// What it does.
    pub verb: Verb,
}

/// An action string that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ActionParseError(pub String);

fn two_cards(s: &str) -> Result<[Card; 2], ActionParseError> {
    let cards = parse_cards(s).map_err(|e| ActionParseError(e.to_string()))?;
    match cards.as_slice() {
        [a, b] => Ok([*a, *b]),
        _ => Err(ActionParseError(format!(
            "a discard is two cards, {s:?} has {}",
            cards.len()
        ))),
    }
}

impl FromStr for Action {
    type Err = ActionParseError;
    fn from_str(s: &str) -> Result<Action, ActionParseError> {
        let words: Vec<&str> = s.split_whitespace().collect();
        let seat = match words.first().copied() {
            Some("0") => 0,
            Some("1") => 1,
            Some("2") => 2,
            Some(w) => return Err(ActionParseError(format!("seat {w:?} is not 0, 1 or 2"))),
            None => return Err(ActionParseError("an empty action".into())),
        };
        let verb = words.get(1).copied().unwrap_or("");
        let args = &words[2.min(words.len())..];
        let arity = |n: usize| {
            if args.len() == n {
                Ok(())
            } else {
                Err(ActionParseError(format!(
                    "{verb} takes {n} argument{}, got {}",
                    if n == 1 { "" } else { "s" },
                    args.len()
                )))
            }
        };
        let verb = match verb {
            "bid" => {
                arity(2)?;
                let bid = args[0].parse().map_err(|e: super::bid::BidError| {
                    ActionParseError(format!("bid {}: {e}", args[0]))
                })?;
                Verb::Bid {
                    bid,
                    discard: two_cards(args[1])?,
                }
            }
            "pass" if args.is_empty() => Verb::Pass { discard: None },
            "pass" => {
                arity(1)?;
                Verb::Pass {
                    discard: Some(two_cards(args[0])?),
                }
            }
            "stand" => {
                arity(0)?;
                Verb::Stand
            }
            "trump" => {
                arity(1)?;
                let suit = match args[0] {
                    "P" => Suit::Piros,
                    "Z" => Suit::Zold,
                    "M" => Suit::Makk,
                    "T" => Suit::Tok,
                    other => {
                        return Err(ActionParseError(format!(
                            "trump {other:?} is not a suit letter (Z, M or T)"
                        )));
                    }
                };
                Verb::Trump(suit)
            }
            "card" => {
                arity(1)?;
                Verb::Card(
                    args[0].parse().map_err(|e: crate::card::CardParseError| {
                        ActionParseError(e.to_string())
                    })?,
                )
            }
            v => match KONTRA_NAMES.iter().position(|&n| n == v) {
                Some(i) => {
                    arity(1)?;
                    let units = args[0]
                        .split(',')
                        .map(|u| {
                            u.parse::<Contract>()
                                .map_err(|e| ActionParseError(format!("{v} {u}: {e}")))
                        })
                        .collect::<Result<Vec<_>, _>>()?;
                    Verb::Kontra {
                        level: i as u8 + 1,
                        units,
                    }
                }
                None => {
                    return Err(ActionParseError(format!(
                        "unknown verb {v:?}: use bid, pass, stand, trump, kontra, rekontra, … or card"
                    )));
                }
            },
        };
        Ok(Action { seat, verb })
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ", self.seat)?;
        match &self.verb {
            Verb::Bid { bid, discard } => write!(f, "bid {bid} {},{}", discard[0], discard[1]),
            Verb::Pass { discard: None } => f.write_str("pass"),
            Verb::Pass { discard: Some(d) } => write!(f, "pass {},{}", d[0], d[1]),
            Verb::Stand => f.write_str("stand"),
            Verb::Trump(s) => write!(f, "trump {}", s.letter()),
            Verb::Kontra { level, units } => {
                let names: Vec<&str> = units.iter().map(|u| u.id()).collect();
                write!(f, "{} {}", level_name(*level), names.join(","))
            }
            Verb::Card(c) => write!(f, "card {c}"),
        }
    }
}
