//! Cards, suits, ranks and card sets (a `u32` bitset over the 32-card Hungarian deck).
//!
//! The public card index is `suit * 8 + rank`, with ranks in the deal code's
//! "ace-king" order (VII = 0 … Ász = 7), see shared/FORMATS.md.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use serde_with::{DeserializeFromStr, SerializeDisplay};
use thiserror::Error;

/// One of the four suits, in the project's fixed order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Suit {
    /// Piros (hearts).
    Piros = 0,
    /// Zöld (leaves).
    Zold = 1,
    /// Makk (acorns).
    Makk = 2,
    /// Tök (bells).
    Tok = 3,
}

impl Suit {
    /// All suits in order 0..3.
    pub const ALL: [Suit; 4] = [Suit::Piros, Suit::Zold, Suit::Makk, Suit::Tok];

    /// The suit with index `i` (0..3).
    ///
    /// # Panics
    /// If `i > 3`.
    #[must_use]
    pub const fn from_index(i: u8) -> Suit {
        match i {
            0 => Suit::Piros,
            1 => Suit::Zold,
            2 => Suit::Makk,
            3 => Suit::Tok,
            _ => panic!("suit index out of range"),
        }
    }

    /// Index 0..3.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-letter code used in card names (`P`, `Z`, `M`, `T`).
    #[must_use]
    pub const fn letter(self) -> char {
        ['P', 'Z', 'M', 'T'][self as usize]
    }

    /// Hungarian name.
    #[must_use]
    pub const fn hungarian(self) -> &'static str {
        ["Piros", "Zöld", "Makk", "Tök"][self as usize]
    }

    /// English name.
    #[must_use]
    pub const fn english(self) -> &'static str {
        ["Hearts", "Leaves", "Acorns", "Bells"][self as usize]
    }

    /// All cards of this suit.
    #[must_use]
    pub const fn cards(self) -> CardSet {
        CardSet(0xFF << (8 * self as u32))
    }
}

impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A rank, in ace-king order (the deal code's value digit).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[repr(u8)]
pub enum Rank {
    /// VII.
    Seven = 0,
    /// VIII.
    Eight = 1,
    /// IX.
    Nine = 2,
    /// X (ten, 10 card points).
    Ten = 3,
    /// Alsó (Under).
    Also = 4,
    /// Felső (Over).
    Felso = 5,
    /// Király (King).
    Kiraly = 6,
    /// Ász (Ace, 10 card points).
    Asz = 7,
}

impl Rank {
    /// All ranks in ace-king order.
    pub const ALL: [Rank; 8] = [
        Rank::Seven,
        Rank::Eight,
        Rank::Nine,
        Rank::Ten,
        Rank::Also,
        Rank::Felso,
        Rank::Kiraly,
        Rank::Asz,
    ];

    /// The rank with deal-code value `i` (0..7).
    ///
    /// # Panics
    /// If `i > 7`.
    #[must_use]
    pub const fn from_index(i: u8) -> Rank {
        assert!(i < 8, "rank index out of range");
        Rank::ALL[i as usize]
    }

    /// Deal-code value 0..7.
    #[must_use]
    pub const fn index(self) -> u8 {
        self as u8
    }

    /// The one-character code used in card names.
    #[must_use]
    pub const fn letter(self) -> char {
        ['7', '8', '9', 'X', 'U', 'O', 'K', 'A'][self as usize]
    }

    /// Strength in trump games (Ász > X > Király > Felső > Alsó > IX > VIII > VII), 0 = lowest.
    #[must_use]
    pub const fn trump_strength(self) -> u8 {
        [0, 1, 2, 6, 3, 4, 5, 7][self as usize]
    }

    /// Strength in no-trump games (Ász > Király > Felső > Alsó > X > IX > VIII > VII).
    #[must_use]
    pub const fn no_trump_strength(self) -> u8 {
        self as u8
    }

    /// Card points (10 for Ász and X, else 0).
    #[must_use]
    pub const fn points(self) -> u32 {
        match self {
            Rank::Ten | Rank::Asz => 10,
            _ => 0,
        }
    }

    /// Hungarian name.
    #[must_use]
    pub const fn hungarian(self) -> &'static str {
        ["VII", "VIII", "IX", "X", "Alsó", "Felső", "Király", "Ász"][self as usize]
    }

    /// English name.
    #[must_use]
    pub const fn english(self) -> &'static str {
        [
            "Seven", "Eight", "Nine", "Ten", "Under", "Over", "King", "Ace",
        ][self as usize]
    }
}

/// A card: `suit * 8 + rank`.
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, SerializeDisplay, DeserializeFromStr,
)]
pub struct Card(u8);

impl Card {
    /// The card of `suit` and `rank`.
    #[must_use]
    pub const fn new(suit: Suit, rank: Rank) -> Card {
        Card(suit as u8 * 8 + rank as u8)
    }

    /// The card with index `i` (0..31).
    ///
    /// # Panics
    /// If `i > 31`.
    #[must_use]
    pub const fn from_index(i: u8) -> Card {
        assert!(i < 32, "card index out of range");
        Card(i)
    }

    /// Index 0..31.
    #[must_use]
    pub const fn index(self) -> u8 {
        self.0
    }

    /// The suit.
    #[must_use]
    pub const fn suit(self) -> Suit {
        Suit::from_index(self.0 / 8)
    }

    /// The rank.
    #[must_use]
    pub const fn rank(self) -> Rank {
        Rank::from_index(self.0 % 8)
    }

    /// Card points (10 for Ász and X).
    #[must_use]
    pub const fn points(self) -> u32 {
        self.rank().points()
    }

    /// The one-card set.
    #[must_use]
    pub const fn bit(self) -> u32 {
        1 << self.0
    }

    /// Hungarian name, e.g. "Piros Ász".
    #[must_use]
    pub fn hungarian(self) -> String {
        format!("{} {}", self.suit().hungarian(), self.rank().hungarian())
    }

    /// Every card in index order.
    pub fn all() -> impl Iterator<Item = Card> {
        (0..32).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.suit().letter(), self.rank().letter())
    }
}

/// A card name that could not be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("bad card name {0:?}: expected a suit letter P/Z/M/T and a rank 7/8/9/X/U/O/K/A, e.g. PA")]
pub struct CardParseError(pub String);

impl FromStr for Card {
    type Err = CardParseError;

    fn from_str(s: &str) -> Result<Card, CardParseError> {
        let t = s.trim();
        let mut chars = t.chars().map(|c| c.to_ascii_uppercase());
        let (Some(sc), Some(rc), None) = (chars.next(), chars.next(), chars.next()) else {
            return Err(CardParseError(s.to_string()));
        };
        let suit = match sc {
            'P' => Suit::Piros,
            'Z' => Suit::Zold,
            'M' => Suit::Makk,
            'T' => Suit::Tok,
            _ => return Err(CardParseError(s.to_string())),
        };
        let rank = match rc {
            '7' => Rank::Seven,
            '8' => Rank::Eight,
            '9' => Rank::Nine,
            'X' => Rank::Ten,
            'U' => Rank::Also,
            'O' => Rank::Felso,
            'K' => Rank::Kiraly,
            'A' => Rank::Asz,
            _ => return Err(CardParseError(s.to_string())),
        };
        Ok(Card::new(suit, rank))
    }
}

/// Parse a comma- or space-separated list of card names (empty input = no cards).
///
/// # Errors
/// The first name that is not a card.
pub fn parse_cards(s: &str) -> Result<Vec<Card>, CardParseError> {
    s.split(|c: char| c == ',' || c.is_whitespace())
        .filter(|t| !t.is_empty())
        .map(str::parse)
        .collect()
}

/// A set of cards as a bitset over card indices.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct CardSet(pub u32);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet(0);
    /// The whole deck.
    pub const ALL: CardSet = CardSet(u32::MAX);

    /// Number of cards.
    #[must_use]
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }

    /// No cards?
    #[must_use]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Does the set hold `c`?
    #[must_use]
    pub const fn contains(self, c: Card) -> bool {
        self.0 & c.bit() != 0
    }

    /// Add a card.
    pub fn insert(&mut self, c: Card) {
        self.0 |= c.bit();
    }

    /// Remove a card.
    pub fn remove(&mut self, c: Card) {
        self.0 &= !c.bit();
    }

    /// The cards of one suit.
    #[must_use]
    pub const fn of_suit(self, s: Suit) -> CardSet {
        CardSet(self.0 & s.cards().0)
    }

    /// The cards, in index order.
    pub fn iter(self) -> impl Iterator<Item = Card> {
        let mut bits = self.0;
        std::iter::from_fn(move || {
            if bits == 0 {
                None
            } else {
                let i = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                Some(Card(i))
            }
        })
    }

    /// Sum of card points.
    #[must_use]
    pub fn points(self) -> u32 {
        self.iter().map(Card::points).sum()
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut s = CardSet::EMPTY;
        for c in iter {
            s.insert(c);
        }
        s
    }
}

impl fmt::Display for CardSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(|c| c.to_string()).collect();
        write!(f, "{}", names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_for_every_card() {
        for c in Card::all() {
            let s = c.to_string();
            assert_eq!(s.parse::<Card>().unwrap(), c);
            assert_eq!(s.to_lowercase().parse::<Card>().unwrap(), c);
        }
        assert_eq!(
            "PA".parse::<Card>().unwrap(),
            Card::new(Suit::Piros, Rank::Asz)
        );
        assert_eq!(
            "m7".parse::<Card>().unwrap(),
            Card::new(Suit::Makk, Rank::Seven)
        );
        assert_eq!(
            "ZU".parse::<Card>().unwrap(),
            Card::new(Suit::Zold, Rank::Also)
        );
    }

    #[test]
    fn bad_card_names_are_rejected() {
        for bad in ["", "P", "PAA", "XA", "P1", "A P"] {
            assert!(bad.parse::<Card>().is_err(), "{bad}");
        }
        assert_eq!(parse_cards("PA, P7 ,PK").unwrap().len(), 3);
        assert!(parse_cards("PA,QQ").is_err());
    }

    #[test]
    fn rank_orders_follow_the_rules() {
        use Rank::*;
        let trump_high_to_low = [Asz, Ten, Kiraly, Felso, Also, Nine, Eight, Seven];
        let no_trump_high_to_low = [Asz, Kiraly, Felso, Also, Ten, Nine, Eight, Seven];
        for w in trump_high_to_low.windows(2) {
            assert!(w[0].trump_strength() > w[1].trump_strength());
        }
        for w in no_trump_high_to_low.windows(2) {
            assert!(w[0].no_trump_strength() > w[1].no_trump_strength());
        }
        let deck_points: u32 = Card::all().map(Card::points).sum();
        assert_eq!(deck_points, 80);
    }
}
