//! What-if positions: the query the line viewer asks at each step, and its cache key.

use ulti_engine::{Bid, Card, Deal, Game, PlayError, Query, RuleOptions};

/// The query for the position after `played` on `deal` (its trump) in `contract`: every
/// legal card of the player to move scored, and one optimal continuation.
#[must_use]
pub fn position_query(deal: Deal, bid: Bid, rules: RuleOptions, played: &[Card]) -> Query {
    let mut q = Query::new(deal, bid);
    q.rules = rules;
    q.played = played.to_vec();
    q.all_cards = true;
    q.line = true;
    q
}

/// The cache key of a position query: deal code (trump included), rules, bid, played cards.
#[must_use]
pub fn position_key(q: &Query) -> String {
    let played: Vec<String> = q.played.iter().map(ToString::to_string).collect();
    format!(
        "{}/{}{}/{}/{}",
        q.deal.code(),
        u8::from(q.rules.must_beat_after_trump),
        u8::from(q.rules.marriage_needs_trick),
        q.bid,
        played.join(",")
    )
}

/// The first card of the query's played cards that breaks a rule (1-based) and the rule, so the
/// page can say it in its own language (the worker's message is the engine's English).
#[must_use]
pub fn first_illegal(q: &Query) -> Option<(usize, PlayError)> {
    let mut g = Game::new(&q.deal, &q.bid, q.rules);
    q.played
        .iter()
        .enumerate()
        .find_map(|(i, &c)| g.play(c).err().map(|e| (i + 1, e)))
}

/// The whole line shown for a what-if: the played prefix, then the solver's continuation.
#[must_use]
pub fn full_line(played: &[Card], continuation: &[Card]) -> Vec<Card> {
    played.iter().chain(continuation).copied().collect()
}

/// The `played=` list after choosing `card` at `step` of `line` (the line's first `step`
/// cards, then `card`), or `None` when `card` is the one the line plays anyway.
#[must_use]
pub fn deviate(line: &[Card], step: usize, card: Card) -> Option<Vec<Card>> {
    let step = step.min(line.len());
    if line.get(step) == Some(&card) {
        return None;
    }
    let mut played = line[..step].to_vec();
    played.push(card);
    Some(played)
}

#[cfg(test)]
mod tests {
    use super::*;

    use ulti_engine::{Contract, Game, Solver, Suit};

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    #[test]
    fn a_deviation_is_solved_on_from_the_new_card() {
        let deal = Deal::parse_code(STRONG).unwrap();
        let rules = RuleOptions::default();
        let mut solver = Solver::new();
        let start = solver
            .solve(&position_query(
                deal,
                Bid::single(Contract::Passz),
                rules,
                &[],
            ))
            .unwrap();
        assert_eq!(start.line.len(), 30);
        // Every legal first card is scored, the line's first card among the best.
        assert!(start.cards.len() > 1);
        let best = start.cards.iter().filter_map(|c| c.soloist_points).max();
        let first = start
            .cards
            .iter()
            .find(|c| c.card == start.line[0])
            .unwrap();
        assert_eq!(first.soloist_points, best);
        assert_eq!(first.soloist_points, start.soloist_points);

        // Play another card instead: the line goes on from there, 30 cards in all.
        let other = start
            .cards
            .iter()
            .find(|c| c.card != start.line[0])
            .unwrap();
        assert_eq!(deviate(&start.line, 0, start.line[0]), None);
        let played = deviate(&start.line, 0, other.card).unwrap();
        assert_eq!(played, vec![other.card]);
        let q = position_query(deal, Bid::single(Contract::Passz), rules, &played);
        let on = solver.solve(&q).unwrap();
        let line = full_line(&played, &on.line);
        assert_eq!(line.len(), 30);
        let game = Game::with_played(&deal, &q.bid, rules, &line).unwrap();
        assert!(game.is_over());
        // The card's value is what the soloist then forces.
        assert_eq!(on.soloist_points, other.soloist_points);
        assert_eq!(Some(game.soloist_points()), other.soloist_points);
    }

    #[test]
    fn keys_tell_positions_apart() {
        let deal = Deal::parse_code(STRONG).unwrap();
        let rules = RuleOptions::default();
        let a = position_query(deal, Bid::single(Contract::Passz), rules, &[]);
        let pa: Card = "PA".parse().unwrap();
        let b = position_query(deal, Bid::single(Contract::Passz), rules, &[pa]);
        let c = position_query(
            deal.with_trump(Suit::Zold),
            Bid::single(Contract::Passz),
            rules,
            &[],
        );
        let d = position_query(deal, Bid::single(Contract::Negyven100), rules, &[]);
        let keys = [a, b, c, d].map(|q| position_key(&q));
        for i in 0..keys.len() {
            for j in 0..i {
                assert_ne!(keys[i], keys[j]);
            }
        }
    }
}
