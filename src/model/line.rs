//! Stepping through a line of play: what is on the table, in the history and on the score
//! after `k` cards, replayed with the engine's [`Game`] (so the rules decide trick winners).

use ulti_engine::{
    Bid, Card, CardSet, Contract, Deal, Game, PlayError, Query, RuleOptions, SOLOIST, Seat,
    marriage_points,
};

use crate::model::whatif::position_query;

/// A card with the seat that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Played {
    /// The card.
    pub card: Card,
    /// Who played it.
    pub seat: Seat,
}

/// One trick of the history, complete or in progress.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrickView {
    /// 1-based trick number.
    pub number: usize,
    /// The cards in play order.
    pub cards: Vec<Played>,
    /// The winner once all three cards are down.
    pub winner: Option<Seat>,
}

/// Everything the line viewer shows at one step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepView {
    /// Cards played (0..=line length).
    pub step: usize,
    /// The trick the last played card belongs to (empty at step 0); a completed trick stays
    /// on the table until the next card is played.
    pub table: TrickView,
    /// The trick that was just collected when `table` holds only the lead of a new trick:
    /// drawn flying to its winner.
    pub collected: Option<TrickView>,
    /// Every trick so far, the last maybe incomplete.
    pub history: Vec<TrickView>,
    /// The cards each seat still holds.
    pub hands: [CardSet; 3],
    /// Who plays the next card (`None` when the line is over).
    pub to_move: Option<Seat>,
    /// Card points in the soloist's tricks (10 for the last trick included).
    pub soloist_points: u32,
    /// Card points in the defenders' tricks (the talon's are in `talon_points`).
    pub defender_points: u32,
    /// Tricks won by the soloist.
    pub soloist_tricks: usize,
    /// Tricks won by the defenders.
    pub defender_tricks: usize,
    /// Card points in the talon (they count for the defenders, RULES.md).
    pub talon_points: u32,
    /// Whether the bid has trumps: the rank order the hands are shown in.
    pub trumps: bool,
    /// The talon's two cards.
    pub talon: CardSet,
    /// Announced points that count for the soloist under the bid (RULES.md, "Marriages"):
    /// the trump 40 of a 40-100, the 20 of a 20-100, every marriage of the soloist in a
    /// party (with `marriage_needs_trick`, once the soloist has a trick).
    pub soloist_announced: u32,
    /// The defenders' marriages that count (a party only), likewise.
    pub defender_announced: u32,
}

/// A bid's line (one contract or a compound) replayed once; [`Line::at`] gives the view at any
/// step.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    deal: Deal,
    bid: Bid,
    rules: RuleOptions,
    cards: Vec<Card>,
}

impl Line {
    /// Check `cards` against the rules for `bid` on `deal`.
    ///
    /// # Errors
    /// The first card of the line that breaks a rule.
    pub fn new(
        deal: Deal,
        bid: Bid,
        rules: RuleOptions,
        cards: Vec<Card>,
    ) -> Result<Line, PlayError> {
        Game::with_played(&deal, &bid, rules, &cards)?;
        Ok(Line {
            deal,
            bid,
            rules,
            cards,
        })
    }

    /// Number of cards in the line (30 for a full line).
    #[must_use]
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// The cards of the line in play order.
    #[must_use]
    pub fn cards(&self) -> &[Card] {
        &self.cards
    }

    /// The what-if query for the position after `step` cards of the line (every legal card
    /// of the player to move scored).
    #[must_use]
    pub fn position(&self, step: usize) -> Query {
        position_query(
            self.deal,
            self.bid.clone(),
            self.rules,
            &self.cards[..step.min(self.cards.len())],
        )
    }

    /// Is the line empty?
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// The view after `step` cards (clamped to the line's length).
    #[must_use]
    pub fn at(&self, step: usize) -> StepView {
        let step = step.min(self.cards.len());
        let game = Game::with_played(&self.deal, &self.bid, self.rules, &self.cards[..step])
            .expect("the line was checked in Line::new");
        let history = trick_history(&game);
        let empty = TrickView {
            number: 1,
            cards: Vec::new(),
            winner: None,
        };
        let table = history.last().cloned().unwrap_or(empty);
        let collected = (table.cards.len() == 1 && history.len() >= 2)
            .then(|| history[history.len() - 2].clone());
        let soloist_points = game.soloist_points();
        let soloist_tricks = game.soloist_tricks();
        let defender_tricks = game.tricks().len() - soloist_tricks;
        let defender_points = game
            .tricks()
            .iter()
            .enumerate()
            .filter(|(_, t)| t.winner != SOLOIST)
            .map(|(i, t)| {
                t.cards.iter().map(|c| c.points()).sum::<u32>() + if i == 9 { 10 } else { 0 }
            })
            .sum();
        let (soloist_announced, defender_announced) = self.announced(&game);
        StepView {
            step,
            table,
            collected,
            history,
            hands: [game.hand(0), game.hand(1), game.hand(2)],
            to_move: (!game.is_over() && step < self.cards.len()).then(|| game.to_move()),
            soloist_points,
            defender_points,
            soloist_tricks,
            defender_tricks,
            talon_points: self.deal.talon().points(),
            trumps: self.bid.has_trumps(),
            talon: self.deal.talon(),
            soloist_announced,
            defender_announced,
        }
    }

    /// The announced points that count for each side at `game`'s point of play (see
    /// [`StepView::soloist_announced`]).
    fn announced(&self, game: &Game) -> (u32, u32) {
        let parts = self.bid.components();
        let trump = self.deal.trump;
        if parts.contains(&Contract::Negyven100) {
            return (40, 0);
        }
        if parts.contains(&Contract::Husz100) {
            return (20, 0);
        }
        if !(parts.contains(&Contract::Passz) && self.bid.has_trumps()) {
            return (0, 0);
        }
        let need = self.rules.marriage_needs_trick;
        let sol = game.soloist_tricks();
        let def = game.tricks().len() - sol;
        let ms = if !need || sol > 0 {
            marriage_points(self.deal.hand(SOLOIST), trump)
        } else {
            0
        };
        let md = if !need || def > 0 {
            marriage_points(self.deal.hand(1), trump) + marriage_points(self.deal.hand(2), trump)
        } else {
            0
        };
        (ms, md)
    }

    /// The step at which trick `n` (1-based) is complete on the table.
    #[must_use]
    pub fn trick_end(&self, n: usize) -> usize {
        (3 * n).min(self.cards.len())
    }
}

/// Every trick of `game` so far, the last one maybe in progress. Its last entry is what lies
/// on the table: the trick being played, or the last one won while the next is not begun.
#[must_use]
pub fn trick_history(game: &Game) -> Vec<TrickView> {
    let mut history: Vec<TrickView> = game
        .tricks()
        .iter()
        .enumerate()
        .map(|(i, t)| TrickView {
            number: i + 1,
            cards: (0..3)
                .map(|j| Played {
                    card: t.cards[j],
                    seat: t.seat_of(j),
                })
                .collect(),
            winner: Some(t.winner),
        })
        .collect();
    let current = game.current_trick();
    if !current.is_empty() {
        history.push(TrickView {
            number: game.tricks().len() + 1,
            cards: current
                .iter()
                .enumerate()
                .map(|(j, &card)| Played {
                    card,
                    seat: (game.leader() + j) % 3,
                })
                .collect(),
            winner: None,
        });
    }
    history
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::{Contract, Solver};

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    fn strong_line(c: Contract) -> Line {
        let deal = Deal::parse_code(STRONG).unwrap();
        let sol = Solver::new()
            .solve(&Query::new(deal, Bid::single(c)))
            .unwrap();
        Line::new(deal, Bid::single(c), RuleOptions::default(), sol.line).unwrap()
    }

    #[test]
    fn stepping_shows_the_current_trick_and_keeps_a_finished_one_until_the_next_card() {
        let line = strong_line(Contract::Passz);
        assert_eq!(line.len(), 30);
        let v0 = line.at(0);
        assert!(v0.table.cards.is_empty());
        assert_eq!(v0.to_move, Some(SOLOIST));
        assert_eq!(v0.hands.iter().map(|h| h.len()).sum::<u32>(), 30);

        let v2 = line.at(2);
        assert_eq!(v2.table.cards.len(), 2);
        assert_eq!(v2.table.cards[0].seat, SOLOIST);
        assert_eq!(v2.table.winner, None);

        let v3 = line.at(3);
        assert_eq!(v3.table.cards.len(), 3);
        assert!(v3.table.winner.is_some());
        assert_eq!(v3.collected, None);

        let v4 = line.at(4);
        assert_eq!(v4.table.number, 2);
        assert_eq!(v4.table.cards.len(), 1);
        assert_eq!(v4.table.cards[0].seat, v3.table.winner.unwrap());
        assert_eq!(v4.collected.as_ref(), Some(&v3.table));
        assert_eq!(v4.history.len(), 2);
    }

    #[test]
    fn the_score_adds_up_at_the_end() {
        let line = strong_line(Contract::Passz);
        let end = line.at(30);
        assert_eq!(end.history.len(), 10);
        assert_eq!(end.history.iter().map(|t| t.cards.len()).sum::<usize>(), 30);
        assert_eq!(end.soloist_tricks + end.defender_tricks, 10);
        assert_eq!(
            end.soloist_points + end.defender_points + end.talon_points,
            90
        );
        assert_eq!(end.to_move, None);
        assert!(end.hands.iter().all(|h| h.is_empty()));
        // The line is optimal: the soloist ends with the points the solver promised.
        let deal = Deal::parse_code(STRONG).unwrap();
        let sol = Solver::new()
            .solve(&Query::new(deal, Bid::single(Contract::Passz)))
            .unwrap();
        assert_eq!(Some(end.soloist_points), sol.soloist_points);
        // Steps past the end clamp.
        assert_eq!(line.at(99), end);
        assert_eq!(line.trick_end(4), 12);
    }

    #[test]
    fn an_illegal_line_is_rejected() {
        let deal = Deal::parse_code(STRONG).unwrap();
        // The soloist does not hold Tök Király (it is in the talon).
        let err = Line::new(
            deal,
            Bid::single(Contract::Passz),
            RuleOptions::default(),
            vec!["TK".parse().unwrap()],
        );
        assert!(err.is_err());
    }

    #[test]
    fn a_40_100_counts_the_announced_40_and_a_party_both_sides_marriages() {
        // 99ad5968 of the shipped puzzles: Makk 40-100 ulti.
        let deal =
            Deal::parse_code("3363533313024231511063732262217120705020034272521161310040301")
                .unwrap();
        let bid: Bid = "40-100+ulti".parse().unwrap();
        let sol = Solver::new().solve(&Query::new(deal, bid.clone())).unwrap();
        let line = Line::new(deal, bid, RuleOptions::default(), sol.line).unwrap();
        let v = line.at(0);
        assert_eq!((v.soloist_announced, v.defender_announced), (40, 0));
        assert_eq!(v.talon, deal.talon());
        assert_eq!(v.talon.len(), 2);
        // A party on the strong deal: each side's marriages, as the engine counts them.
        let line = strong_line(Contract::Passz);
        let v = line.at(30);
        let ms = marriage_points(line.deal.hand(SOLOIST), line.deal.trump);
        let md = marriage_points(line.deal.hand(1), line.deal.trump)
            + marriage_points(line.deal.hand(2), line.deal.trump);
        assert_eq!((v.soloist_announced, v.defender_announced), (ms, md));
        // Betli has no marriages.
        let v = strong_line(Contract::Betli).at(0);
        assert_eq!((v.soloist_announced, v.defender_announced), (0, 0));
    }
}
