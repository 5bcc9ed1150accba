//! The deal editor: which hand each of the 32 cards is in, the active hand and the trump.

use rand::SeedableRng;
use rand::rngs::SmallRng;
use rand::seq::SliceRandom;
use ulti_engine::{Card, CardSet, Deal, Seat, Suit};

/// Cards in a dealt hand.
pub const HAND_CARDS: u32 = 10;

/// Why a card could not be put into a hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditError {
    /// The hand already holds ten cards.
    HandFull(Seat),
    /// All three hands are full: the last two cards are the talon.
    DealFull,
}

/// The editing model behind the deck: always a valid partial deal (no card in two hands, no
/// hand over ten cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DealEditor {
    hands: [CardSet; 3],
    /// The trump suit of the deal.
    pub trump: Suit,
    active: Seat,
}

impl Default for DealEditor {
    fn default() -> Self {
        DealEditor::new()
    }
}

impl DealEditor {
    /// An empty deal, Piros trump, the soloist's hand active.
    #[must_use]
    pub fn new() -> DealEditor {
        DealEditor {
            hands: [CardSet::EMPTY; 3],
            trump: Suit::Piros,
            active: 0,
        }
    }

    /// The editor holding a complete deal.
    #[must_use]
    pub fn from_deal(deal: &Deal) -> DealEditor {
        DealEditor {
            hands: deal.hands(),
            trump: deal.trump,
            active: 0,
        }
    }

    /// The hand cards go into when clicked.
    #[must_use]
    pub fn active(&self) -> Seat {
        self.active
    }

    /// Make `seat` (0..=2) the active hand.
    ///
    /// # Panics
    /// If `seat > 2`.
    pub fn set_active(&mut self, seat: Seat) {
        assert!(seat < 3, "seat out of range");
        self.active = seat;
    }

    /// The cards of one hand.
    #[must_use]
    pub fn hand(&self, seat: Seat) -> CardSet {
        self.hands[seat]
    }

    /// Which hand holds `card`, if any.
    #[must_use]
    pub fn owner(&self, card: Card) -> Option<Seat> {
        (0..3).find(|&s| self.hands[s].contains(card))
    }

    /// The cards in no hand (the talon once the hands are full).
    #[must_use]
    pub fn undealt(&self) -> CardSet {
        CardSet(!(self.hands[0].0 | self.hands[1].0 | self.hands[2].0))
    }

    /// Are all three hands full?
    #[must_use]
    pub fn is_complete(&self) -> bool {
        self.hands.iter().all(|h| h.len() == HAND_CARDS)
    }

    /// The deal, once every hand holds ten cards.
    #[must_use]
    pub fn deal(&self) -> Option<Deal> {
        Deal::new(self.trump, self.hands).ok()
    }

    /// Click on `card`: a card in a hand goes back to the deck; a card in the deck goes into
    /// the active hand.
    ///
    /// # Errors
    /// The active hand is full, or every hand is (the card stays in the deck).
    pub fn toggle(&mut self, card: Card) -> Result<(), EditError> {
        if let Some(seat) = self.owner(card) {
            self.hands[seat].remove(card);
            return Ok(());
        }
        if self.is_complete() {
            return Err(EditError::DealFull);
        }
        if self.hands[self.active].len() >= HAND_CARDS {
            return Err(EditError::HandFull(self.active));
        }
        self.hands[self.active].insert(card);
        Ok(())
    }

    /// Empty every hand (the trump and active hand stay).
    pub fn clear(&mut self) {
        self.hands = [CardSet::EMPTY; 3];
    }

    /// Deal the cards still in the deck at random until every hand holds ten.
    pub fn fill_random(&mut self, seed: u64) {
        let mut rng = SmallRng::seed_from_u64(seed);
        let mut free: Vec<Card> = self.undealt().iter().collect();
        free.shuffle(&mut rng);
        let mut free = free.into_iter();
        for hand in &mut self.hands {
            while hand.len() < HAND_CARDS {
                match free.next() {
                    Some(c) => hand.insert(c),
                    None => return,
                }
            }
        }
    }

    /// A whole new random deal (the trump stays).
    pub fn random(&mut self, seed: u64) {
        self.clear();
        self.fill_random(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    fn card(s: &str) -> Card {
        s.parse().unwrap()
    }

    #[test]
    fn clicking_moves_a_card_into_the_active_hand_and_back() {
        let mut e = DealEditor::new();
        e.toggle(card("PA")).unwrap();
        assert_eq!(e.owner(card("PA")), Some(0));
        e.set_active(2);
        e.toggle(card("ZK")).unwrap();
        assert_eq!(e.owner(card("ZK")), Some(2));
        // A card in any hand goes back to the deck.
        e.toggle(card("PA")).unwrap();
        assert_eq!(e.owner(card("PA")), None);
        assert_eq!(e.undealt().len(), 31);
    }

    #[test]
    fn a_full_hand_refuses_with_a_message_naming_it() {
        let mut e = DealEditor::new();
        e.set_active(1);
        for c in Card::all().take(10) {
            e.toggle(c).unwrap();
        }
        let err = e.toggle(Card::from_index(20)).unwrap_err();
        assert_eq!(err, EditError::HandFull(1));
        assert_eq!(e.hand(1).len(), 10);
        assert_eq!(e.owner(Card::from_index(20)), None);
    }

    #[test]
    fn fill_random_completes_the_deal_and_keeps_placed_cards() {
        let mut e = DealEditor::new();
        e.toggle(card("T7")).unwrap();
        e.set_active(2);
        e.toggle(card("MA")).unwrap();
        e.fill_random(7);
        assert!(e.is_complete());
        assert_eq!(e.undealt().len(), 2);
        assert_eq!(e.owner(card("T7")), Some(0));
        assert_eq!(e.owner(card("MA")), Some(2));
        let deal = e.deal().expect("complete");
        assert_eq!(deal.talon(), e.undealt());
        // Reproducible from the seed, different for another seed.
        let mut again = DealEditor::new();
        again.toggle(card("T7")).unwrap();
        again.set_active(2);
        again.toggle(card("MA")).unwrap();
        again.fill_random(7);
        assert_eq!(again, e);
        let mut other = DealEditor::new();
        other.random(8);
        assert!(other.is_complete());
        assert_ne!(other.hands, e.hands);
    }

    #[test]
    fn a_complete_deal_refuses_more_cards_and_round_trips_through_the_code() {
        let deal = Deal::parse_code(STRONG).unwrap();
        let mut e = DealEditor::from_deal(&deal);
        assert_eq!(e.deal(), Some(deal));
        let talon: Vec<Card> = e.undealt().iter().collect();
        assert_eq!(e.toggle(talon[0]), Err(EditError::DealFull));
        e.toggle(card("PA")).unwrap();
        assert_eq!(e.deal(), None);
        e.clear();
        assert_eq!(e.undealt(), CardSet::ALL);
    }
}
