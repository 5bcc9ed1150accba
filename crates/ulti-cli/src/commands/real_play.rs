//! Real play for `ulti advise-eval --real-play`: a bid with its discard played out on the
//! actual deal by our own card players, each seat deciding from its own view (no seat sees a
//! hidden card), instead of solved open-hand. The advice's win rates come from open-hand
//! solves of sampled layouts; these outcomes say how often our players actually make what
//! those rates promise, the measure a calibration towards real play needs.

use rayon::prelude::*;
use ulti_engine::Announcement;
use ulti_engine::players::{BidChoice, Level, Seating, play_out, player, splitmix};
use ulti_engine::{Card, Deal, RuleOptions};

/// One bid to play out: its discard and announcement.
pub struct Candidate {
    /// The two cards laid down.
    pub discard: [Card; 2],
    /// The bid.
    pub announcement: Announcement,
}

/// Whether the soloist made every component of each candidate, and its payoff per defender,
/// when `level` plays all three seats of `deal` from their own views (`None`: the game could
/// not be played, e.g. a player that could not decide). Candidate `k` is played with card-player seeds drawn from
/// `seed` and `k`, so runs repeat; the candidates run in parallel.
#[must_use]
pub fn outcomes(
    deal: &Deal,
    candidates: &[Candidate],
    level: Level,
    rules: RuleOptions,
    seed: u64,
) -> Vec<Option<(bool, i32)>> {
    candidates
        .par_iter()
        .enumerate()
        .map(|(k, c)| {
            let base = splitmix(seed ^ splitmix(k as u64 + 1));
            let mut seats: [Seating; 3] = std::array::from_fn(|s| {
                Seating::Computer(player(level, splitmix(base + s as u64)))
            });
            let choice = BidChoice {
                discard: c.discard,
                announcement: c.announcement.clone(),
            };
            play_out(deal, choice, &mut seats, rules)
                .ok()
                .map(|g| (g.soloist_wins, g.payoff))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::advise::announcements;
    use ulti_engine::{CardSet, Rank, Suit, parse_cards};

    fn bid(id: &str) -> Announcement {
        announcements()
            .iter()
            .find(|a| a.id() == id)
            .expect("a standard bid")
            .clone()
    }

    /// Seat 0 holds every Piros and the Makk and Zöld Ászes (the talon: two low cards): it
    /// takes every trick whoever plays the other seats, so a Piros passz is made and a betli
    /// is lost in real play, and the answers repeat.
    #[test]
    fn plays_out_clear_hands_and_repeats() {
        let mut rest: Vec<_> = Card::all()
            .filter(|c| c.suit() != Suit::Piros)
            .filter(|c| !(c.rank() == Rank::Asz && matches!(c.suit(), Suit::Makk | Suit::Zold)))
            .collect();
        let soloist: CardSet = Card::all()
            .filter(|c| c.suit() == Suit::Piros)
            .chain(parse_cards("MA ZA").expect("two cards"))
            .collect();
        let talon = parse_cards("M7 Z7").expect("two cards");
        rest.retain(|c| !talon.contains(c));
        let d1: CardSet = rest[..10].iter().copied().collect();
        let d2: CardSet = rest[10..].iter().copied().collect();
        let deal = Deal::new(Suit::Piros, [soloist, d1, d2]).expect("a deal");
        assert_eq!(deal.talon(), talon.iter().copied().collect::<CardSet>());
        let discard = [talon[0], talon[1]];
        let cands = [
            Candidate {
                discard,
                announcement: bid("passz@P"),
            },
            Candidate {
                discard,
                announcement: bid("betli"),
            },
        ];
        let rules = RuleOptions::default();
        let got = outcomes(&deal, &cands, Level::Normal, rules, 7);
        let won: Vec<_> = got.iter().map(|g| g.map(|(w, _)| w)).collect();
        assert_eq!(won, vec![Some(true), Some(false)]);
        // Every trick and so every point: a passz made by a durchmars' worth of tricks pays
        // the passz (1) and its silent durchmars doubled in Piros (2 × 3).
        assert!(
            got[0].is_some_and(|(_, p)| p > 0),
            "the passz pays the soloist"
        );
        assert!(
            got[1].is_some_and(|(_, p)| p < 0),
            "the lost betli costs the soloist"
        );
        assert_eq!(got, outcomes(&deal, &cands, Level::Normal, rules, 7));
        // A candidate's game does not depend on the others in the list.
        assert_eq!(
            outcomes(&deal, &cands[1..], Level::Normal, rules, 7),
            got[1..]
        );
    }
}
