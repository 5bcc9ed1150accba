//! A deal: three hands of ten cards, a trump suit, and the two-card talon.
//! Parsed from and printed as the original app's 61-digit deal code (shared/FORMATS.md).

use std::fmt;
use std::str::FromStr;

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, CardSet, Rank, Suit};

/// Seats: 0 = soloist, 1 = first defender, 2 = second defender.
pub type Seat = usize;

/// The soloist's seat.
pub const SOLOIST: Seat = 0;

/// Why a deal code was rejected.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum DealError {
    /// Not exactly 61 characters.
    #[error("a deal code has 61 digits, this one has {0}")]
    Length(usize),
    /// A character that is not a decimal digit.
    #[error("character {position} of the deal code is {found:?}, not a digit")]
    NotADigit {
        /// 1-based position.
        position: usize,
        /// What was there.
        found: char,
    },
    /// A digit outside its allowed range.
    #[error("digit {position} of the deal code is {digit}, out of range: {what} must be 0..={max}")]
    DigitOutOfRange {
        /// 1-based position.
        position: usize,
        /// The digit.
        digit: u8,
        /// Which field.
        what: &'static str,
        /// Largest allowed value.
        max: u8,
    },
    /// The same card appears twice.
    #[error("the card {0} ({hu}) appears twice in the deal code", hu = .0.hungarian())]
    RepeatedCard(Card),
    /// A hand does not hold exactly ten cards (only from [`Deal::new`]).
    #[error("seat {seat} holds {count} cards, a hand has 10")]
    HandSize {
        /// The seat.
        seat: Seat,
        /// How many cards it holds.
        count: u32,
    },
}

/// A complete deal: the trump suit and three hands of ten; the other two cards are the talon.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Deal {
    /// Trump suit for trump contracts (ignored by no-trump contracts).
    pub trump: Suit,
    hands: [CardSet; 3],
}

impl Deal {
    /// A deal from three disjoint hands of ten cards.
    ///
    /// # Errors
    /// A hand not of ten cards, or a card in two hands.
    pub fn new(trump: Suit, hands: [CardSet; 3]) -> Result<Deal, DealError> {
        for (seat, h) in hands.iter().enumerate() {
            if h.len() != 10 {
                return Err(DealError::HandSize {
                    seat,
                    count: h.len(),
                });
            }
        }
        let overlap =
            (hands[0].0 & hands[1].0) | (hands[0].0 & hands[2].0) | (hands[1].0 & hands[2].0);
        if overlap != 0 {
            return Err(DealError::RepeatedCard(Card::from_index(
                overlap.trailing_zeros() as u8,
            )));
        }
        Ok(Deal { trump, hands })
    }

    /// Parse a 61-digit deal code.
    ///
    /// # Errors
    /// Wrong length, a non-digit, a digit out of range, or a repeated card (named).
    pub fn parse_code(code: &str) -> Result<Deal, DealError> {
        let code = code.trim();
        let chars: Vec<char> = code.chars().collect();
        if chars.len() != 61 {
            return Err(DealError::Length(chars.len()));
        }
        let mut digits = [0u8; 61];
        for (i, &ch) in chars.iter().enumerate() {
            digits[i] = ch.to_digit(10).ok_or(DealError::NotADigit {
                position: i + 1,
                found: ch,
            })? as u8;
        }
        let check = |i: usize, what: &'static str, max: u8| {
            if digits[i] > max {
                Err(DealError::DigitOutOfRange {
                    position: i + 1,
                    digit: digits[i],
                    what,
                    max,
                })
            } else {
                Ok(digits[i])
            }
        };
        let trump = Suit::from_index(check(0, "the trump suit", 3)?);
        let mut hands = [CardSet::EMPTY; 3];
        let mut seen = CardSet::EMPTY;
        for k in 0..30 {
            let suit = check(1 + 2 * k, "a card's suit", 3)?;
            let rank = check(2 + 2 * k, "a card's value", 7)?;
            let card = Card::new(Suit::from_index(suit), Rank::from_index(rank));
            if seen.contains(card) {
                return Err(DealError::RepeatedCard(card));
            }
            seen.insert(card);
            hands[k / 10].insert(card);
        }
        Ok(Deal { trump, hands })
    }

    /// The 61-digit deal code (cards of each hand in descending index order, like the original).
    #[must_use]
    pub fn code(&self) -> String {
        let mut s = String::with_capacity(61);
        s.push(char::from(b'0' + self.trump.index()));
        for h in &self.hands {
            let mut cards: Vec<Card> = h.iter().collect();
            cards.reverse();
            for c in cards {
                s.push(char::from(b'0' + c.suit().index()));
                s.push(char::from(b'0' + c.rank().index()));
            }
        }
        s
    }

    /// The hand dealt to `seat`.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// All three hands.
    #[must_use]
    pub fn hands(&self) -> [CardSet; 3] {
        self.hands
    }

    /// The two cards in no hand.
    #[must_use]
    pub fn talon(&self) -> CardSet {
        CardSet(!(self.hands[0].0 | self.hands[1].0 | self.hands[2].0))
    }

    /// The same hands with another trump suit.
    #[must_use]
    pub fn with_trump(mut self, trump: Suit) -> Deal {
        self.trump = trump;
        self
    }

    /// A uniformly random deal from a seed (reproducible; the trump is random too).
    #[must_use]
    pub fn random(seed: u64) -> Deal {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut cards: Vec<Card> = Card::all().collect();
        cards.shuffle(&mut rng);
        let mut hands = [CardSet::EMPTY; 3];
        for (i, c) in cards.iter().take(30).enumerate() {
            hands[i / 10].insert(*c);
        }
        let trump = Suit::from_index((seed.rotate_left(17) % 4) as u8);
        Deal { trump, hands }
    }
}

impl FromStr for Deal {
    type Err = DealError;
    fn from_str(s: &str) -> Result<Deal, DealError> {
        Deal::parse_code(s)
    }
}

impl fmt::Display for Deal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.code())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    #[test]
    fn original_readme_codes_parse_and_round_trip() {
        for code in [
            STRONG,
            "0202122232425262700013736351514021334331207060504031716323111",
            "0070605040300173727021213323322232414341510112021303125263536",
        ] {
            let d = Deal::parse_code(code).unwrap();
            assert_eq!(d.talon().len(), 2);
            let again = Deal::parse_code(&d.code()).unwrap();
            assert_eq!(again, d);
        }
        let d = Deal::parse_code(STRONG).unwrap();
        assert_eq!(d.trump, Suit::Piros);
        // First card of the soloist: "07" = Piros Ász.
        assert!(d.hand(0).contains("PA".parse().unwrap()));
        // Card 11 (first of defender 1) is "31" = Tök VIII; card 21 is "20" = Makk VII.
        assert!(d.hand(1).contains("T8".parse().unwrap()));
        assert!(d.hand(2).contains("M7".parse().unwrap()));
        // Piros VII and Tök Király appear nowhere.
        assert_eq!(d.talon().to_string(), "P7,TK");
    }

    #[test]
    fn bad_codes_say_what_is_wrong() {
        assert_eq!(Deal::parse_code("123"), Err(DealError::Length(3)));
        let mut s = STRONG.to_string();
        s.replace_range(5..6, "x");
        assert!(matches!(
            Deal::parse_code(&s),
            Err(DealError::NotADigit { position: 6, .. })
        ));
        let mut s = STRONG.to_string();
        s.replace_range(0..1, "4");
        assert!(matches!(
            Deal::parse_code(&s),
            Err(DealError::DigitOutOfRange { position: 1, .. })
        ));
        let mut s = STRONG.to_string();
        s.replace_range(2..3, "8");
        let e = Deal::parse_code(&s).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
        // Card 2 ("06" = PK) replaced by "07" = PA, which card 1 already is.
        let mut s = STRONG.to_string();
        s.replace_range(3..5, "07");
        let e = Deal::parse_code(&s).unwrap_err();
        assert_eq!(e, DealError::RepeatedCard("PA".parse().unwrap()));
        assert!(e.to_string().contains("PA"), "{e}");
    }

    #[test]
    fn random_deals_are_valid_and_reproducible() {
        for seed in 0..50 {
            let d = Deal::random(seed);
            assert_eq!(Deal::parse_code(&d.code()).unwrap(), d);
            assert_eq!(d, Deal::random(seed));
        }
        assert_ne!(Deal::random(1), Deal::random(2));
    }
}
