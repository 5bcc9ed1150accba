//! The order cards are shown in: every hand and every row of cards on every page. Suits in the
//! deck's fixed order (piros, zöld, makk, tök); within a suit from the highest card down, by the
//! rank order of the contract played (RULES.md "Deck"): with trumps Ász, X, Király, Felső,
//! Alsó, IX, VIII, VII; in betli and colourless durchmars Ász, Király, Felső, Alsó, X, IX,
//! VIII, VII. Where no contract is chosen yet (the auction, the editor) the trump order holds,
//! the order of most bids.

use ulti_engine::{Card, Rank};

/// The eight ranks from the highest down, with trumps (`trumps`) or without.
#[must_use]
pub fn ranks_high_to_low(trumps: bool) -> [Rank; 8] {
    let mut ranks = Rank::ALL;
    ranks.sort_by_key(|&r| std::cmp::Reverse(strength(r, trumps)));
    ranks
}

/// `cards` in display order: by suit, then from the highest rank down in the contract's order.
#[must_use]
pub fn in_display_order(cards: impl IntoIterator<Item = Card>, trumps: bool) -> Vec<Card> {
    let mut v: Vec<Card> = cards.into_iter().collect();
    v.sort_by_key(|c| {
        (
            c.suit().index(),
            std::cmp::Reverse(strength(c.rank(), trumps)),
        )
    });
    v
}

/// A rank's strength in the engine's order.
fn strength(rank: Rank, trumps: bool) -> u8 {
    if trumps {
        rank.trump_strength()
    } else {
        rank.no_trump_strength()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::CardSet;

    fn names(cards: &[Card]) -> String {
        cards
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(" ")
    }

    #[test]
    fn the_ten_stands_below_the_ace_with_trumps_and_below_the_under_without() {
        let hand: CardSet = ["T7", "PX", "PK", "PA", "P7", "PU", "ZX", "ZO", "M9", "TX"]
            .iter()
            .map(|c| c.parse::<Card>().unwrap())
            .collect();
        assert_eq!(
            names(&in_display_order(hand.iter(), true)),
            "PA PX PK PU P7 ZX ZO M9 TX T7"
        );
        assert_eq!(
            names(&in_display_order(hand.iter(), false)),
            "PA PK PU PX P7 ZO ZX M9 TX T7"
        );
        // Whatever order the cards come in.
        let mut reversed: Vec<Card> = hand.iter().collect();
        reversed.reverse();
        assert_eq!(
            in_display_order(reversed, true),
            in_display_order(hand.iter(), true)
        );
    }

    #[test]
    fn the_rank_rows_follow_the_rules() {
        use Rank::*;
        assert_eq!(
            ranks_high_to_low(true),
            [Asz, Ten, Kiraly, Felso, Also, Nine, Eight, Seven]
        );
        assert_eq!(
            ranks_high_to_low(false),
            [Asz, Kiraly, Felso, Also, Ten, Nine, Eight, Seven]
        );
    }
}
