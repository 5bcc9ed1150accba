//! The holder of the standing bid as another seat imagines it before it passes or picks up
//! the talon (issue 40): twelve of the cards the seat cannot see, drawn with the auction's
//! evidence ([`crate::advise::Evidence`]: a bidder's cards are typical of its bid, a seat that
//! passed holds no long suit), the discard and trump that holder would choose, and the layout
//! it would play. The seat values passing by the standing bid solved on these layouts (its
//! money as a defender), and samples the talon it may pick up from the holders' discards.
//! Everything here reads the seat's [`TableView`] only.

use rand::seq::SliceRandom;

use crate::advise::{Task, TaskResult, announcements, rng_for, unit};
use crate::card::{Card, CardSet, Suit};
use crate::contract::Contract;
use crate::deal::{Deal, Seat};
use crate::rules::RuleOptions;
use crate::whole_game::{AuctionBid, TableView};

use super::easy::side_discard;
use super::table_seat::{evidence_of, public_bids};

/// One imagined holder: the layout it would play (holder at seat 0 of the play, then the
/// defenders in playing order) and the two cards it laid down.
#[derive(Clone, Debug)]
pub(super) struct Holder {
    /// The layout, trump as the holder would name it.
    pub deal: Deal,
    /// The holder's discard: the talon the seat would pick up.
    pub talon: [Card; 2],
}

impl Holder {
    /// The twelve cards the holder chose its discard from: its ten and the talon.
    fn twelve(&self) -> CardSet {
        CardSet(self.deal.hand(0).0 | self.deal.talon().0)
    }
}

/// Draws per holder kept before giving up (the evidence floor keeps every hand possible, so
/// this is reached only by a view no holder fits).
const DRAWS_PER_HOLDER: u32 = 400;

/// Up to `n` holders of `bid`, held by `holder`, as `view`'s seat imagines them: the holder's
/// twelve cards are twelve of the 22 the seat does not see, kept with the probability the
/// auction's evidence gives the layout ([`crate::advise::Evidence::weight`], rejection
/// sampling). Reproducible from `seed`.
pub(super) fn sample_holders(
    view: &TableView,
    holder: Seat,
    bid: &AuctionBid,
    n: u32,
    seed: u64,
) -> Vec<Holder> {
    let bids = public_bids(view);
    let evidence = evidence_of(bids.iter().map(|(s, b)| (*s, b)), holder);
    let viewer = (view.seat + 3 - holder) % 3;
    let mut unseen: Vec<Card> = Card::all().filter(|&c| !view.hand.contains(c)).collect();
    if unseen.len() != 22 {
        return Vec::new();
    }
    let mut rng = rng_for(seed, 0);
    let mut out = Vec::new();
    for _ in 0..n * DRAWS_PER_HOLDER {
        if out.len() as u32 >= n {
            break;
        }
        unseen.shuffle(&mut rng);
        let twelve: CardSet = unseen[..12].iter().copied().collect();
        let other: CardSet = unseen[12..].iter().copied().collect();
        let Some((trump, talon)) = holder_choice(bid, twelve) else {
            continue;
        };
        let mut hands = [CardSet::EMPTY; 3];
        hands[0] = CardSet(twelve.0 & !(talon[0].bit() | talon[1].bit()));
        hands[viewer] = view.hand;
        hands[3 - viewer] = other;
        let Ok(deal) = Deal::new(trump, hands) else {
            continue;
        };
        if unit(&mut rng) < evidence.weight(&deal, viewer) {
            out.push(Holder { deal, talon });
        }
    }
    out
}

/// A holder's trump and discard.
type Choice = (Suit, [Card; 2]);

/// The trumps a holder of `bid` may name: Piros for a piros bid, else the three others.
fn nameable_trumps(bid: &AuctionBid) -> &'static [Suit] {
    if bid.piros {
        &[Suit::Piros]
    } else {
        &[Suit::Zold, Suit::Makk, Suit::Tok]
    }
}

/// Is `bid` playable by a holder of `twelve` that lays away `d` and names `trump`?
fn playable(bid: &AuctionBid, twelve: CardSet, (trump, d): Choice) -> bool {
    let talon: CardSet = d.iter().copied().collect();
    bid.unplayable_reason(CardSet(twelve.0 & !talon.0), talon, trump)
        .is_none()
}

/// The trump and discard a holder of `bid` with `twelve` would choose: for a trump bid, the
/// longest (then strongest) suit it may name with low side cards laid away (never a trump, an
/// Ász or a marriage card while others are left); for a betli its two highest cards, for a
/// colourless durchmars its two lowest. `None` when the bid is not playable with these cards
/// in any of these ways nor with the lowest discard that makes it playable.
pub(super) fn holder_choice(bid: &AuctionBid, twelve: CardSet) -> Option<Choice> {
    let choice = if bid.has_trumps() {
        nameable_trumps(bid)
            .iter()
            .map(|&t| (t, side_discard(twelve, t, CardSet::EMPTY)))
            .filter(|&c| playable(bid, twelve, c))
            .max_by_key(|&(t, _)| {
                let cards = twelve.of_suit(t);
                let strength: u32 = cards
                    .iter()
                    .map(|c| u32::from(c.rank().trump_strength()))
                    .sum();
                (cards.len(), strength, std::cmp::Reverse(t.index()))
            })
    } else {
        let mut cards: Vec<Card> = twelve.iter().collect();
        cards.sort_by_key(|c| (c.rank().no_trump_strength(), c.index()));
        let d = if bid.bid.contracts().contains(&Contract::Betli) {
            [cards[11], cards[10]]
        } else {
            [cards[0], cards[1]]
        };
        playable(bid, twelve, (Suit::Piros, d)).then_some((Suit::Piros, d))
    };
    choice.or_else(|| {
        let d = bid.discard_for(twelve)?;
        let talon: CardSet = d.iter().copied().collect();
        let t = *bid
            .playable_trumps(CardSet(twelve.0 & !talon.0), talon)
            .first()?;
        Some((if bid.piros { Suit::Piros } else { t }, d))
    })
}

/// Random splits of the defenders' cards each imagined holder weighs a discard on.
const SPLITS: u32 = 2;

/// Discards a holder weighs when it chooses by value.
const CANDIDATES: usize = 6;

/// The trumps and discards a holder of `bid` with `twelve` weighs when it chooses its
/// discard by value: first [`holder_choice`]'s (the rule's), then the rule's discard for each
/// other trump it may name, then other pairs of the rule's trump's lowest side cards and
/// short side suits laid away whole (a void), each only while the bid stays playable; at most
/// [`CANDIDATES`]. A betli or a colourless durchmars has the rule's only.
pub(super) fn discard_candidates(bid: &AuctionBid, twelve: CardSet) -> Vec<Choice> {
    let Some(first) = holder_choice(bid, twelve) else {
        return Vec::new();
    };
    let mut out = vec![first];
    if !bid.has_trumps() {
        return out;
    }
    let push = |c: Choice, out: &mut Vec<Choice>| {
        let same = |o: &Choice| o.0 == c.0 && (o.1 == c.1 || o.1 == [c.1[1], c.1[0]]);
        // Two distinct cards (with ten trumps or more, the rule's next card may repeat one).
        let fresh = c.1[0] != c.1[1] && !out.iter().any(same);
        if out.len() < CANDIDATES && fresh && playable(bid, twelve, c) {
            out.push(c);
        }
    };
    for &t in nameable_trumps(bid) {
        push((t, side_discard(twelve, t, CardSet::EMPTY)), &mut out);
    }
    let trump = first.0;
    // The rule's order of the side cards: the two it lays away first, then the next ones.
    let low: Vec<Card> = {
        let first_two: CardSet = first.1.iter().copied().collect();
        let third = side_discard(twelve, trump, first_two);
        first.1.iter().chain(third.iter()).copied().collect()
    };
    for i in 0..low.len() {
        for j in i + 1..low.len() {
            push((trump, [low[i], low[j]]), &mut out);
        }
    }
    for s in Suit::ALL.into_iter().filter(|&s| s != trump) {
        let cards: Vec<Card> = twelve.of_suit(s).iter().collect();
        if let [a, b] = cards[..] {
            push((trump, [a, b]), &mut out);
        }
    }
    out
}

/// The solves that choose each holder's discard by value: for each holder, each of its
/// [`discard_candidates`] on [`SPLITS`] random splits of the other twenty cards between the
/// defenders (the holder does not know how they lie; the same splits for every candidate).
/// Returns the tasks and, for each, its holder and candidate.
pub(super) fn choice_tasks(
    holders: &[Holder],
    bid: &AuctionBid,
    rules: RuleOptions,
    seed: u64,
) -> (Vec<Task>, Vec<(usize, Choice)>) {
    let mut rng = rng_for(seed, 1);
    let (mut tasks, mut index) = (Vec::new(), Vec::new());
    for (i, h) in holders.iter().enumerate() {
        let twelve = h.twelve();
        let candidates = discard_candidates(bid, twelve);
        if candidates.len() < 2 {
            continue;
        }
        let mut others: Vec<Card> = Card::all().filter(|&c| !twelve.contains(c)).collect();
        for _ in 0..SPLITS {
            others.shuffle(&mut rng);
            let first: CardSet = others[..10].iter().copied().collect();
            let second: CardSet = others[10..].iter().copied().collect();
            for &(trump, d) in &candidates {
                let talon: CardSet = d.iter().copied().collect();
                let hands = [CardSet(twelve.0 & !talon.0), first, second];
                let Some(task) = Deal::new(trump, hands)
                    .ok()
                    .and_then(|deal| one_bid_task(deal, bid, rules))
                else {
                    continue;
                };
                tasks.push(task);
                index.push((i, (trump, d)));
            }
        }
    }
    (tasks, index)
}

/// The holders with each discard chosen by value: the candidate of [`choice_tasks`] with the
/// highest mean payoff over its splits (the rule's on a tie, or where none was weighed). The
/// defenders' hands of each layout stay as they were drawn.
pub(super) fn rechoose(
    holders: Vec<Holder>,
    index: &[(usize, Choice)],
    results: &[TaskResult],
) -> Vec<Holder> {
    holders
        .into_iter()
        .enumerate()
        .map(|(i, h)| {
            let mut best: Vec<(Choice, f64, u32)> = Vec::new();
            for (&(j, (trump, d)), r) in index.iter().zip(results) {
                if j != i {
                    continue;
                }
                let Some(&(_, pay)) = r.bid_outcomes().and_then(|o| o.iter().flatten().next())
                else {
                    continue;
                };
                match best.iter_mut().find(|b| b.0 == (trump, d)) {
                    Some(b) => {
                        b.1 += f64::from(pay);
                        b.2 += 1;
                    }
                    None => best.push(((trump, d), f64::from(pay), 1)),
                }
            }
            let choice = best.iter().filter(|b| b.2 == SPLITS).fold(
                None::<&(Choice, f64, u32)>,
                |acc, b| match acc {
                    Some(a) if a.1 >= b.1 => Some(a),
                    _ => Some(b),
                },
            );
            let Some(&((trump, d), _, _)) = choice else {
                return h;
            };
            let talon: CardSet = d.iter().copied().collect();
            let hands = [
                CardSet(h.twelve().0 & !talon.0),
                h.deal.hand(1),
                h.deal.hand(2),
            ];
            match Deal::new(trump, hands) {
                Ok(deal) => Holder { deal, talon: d },
                Err(_) => h,
            }
        })
        .collect()
}

/// The solve of `bid` alone on `deal` (under the deal's trump), or `None` when it is not a
/// standard announcement.
fn one_bid_task(deal: Deal, bid: &AuctionBid, rules: RuleOptions) -> Option<Task> {
    let id = bid.announcement(deal.trump).id();
    let a = announcements().iter().position(|x| x.id() == id)?;
    let mut wanted = vec![false; announcements().len()];
    wanted[a] = true;
    Some(Task::bids(deal, rules, wanted.into(), false))
}

/// The solves of `bid` on each holder's layout (the standing bid as its holder would play it).
pub(super) fn defence_tasks(holders: &[Holder], bid: &AuctionBid, rules: RuleOptions) -> Vec<Task> {
    holders
        .iter()
        .filter_map(|h| one_bid_task(h.deal, bid, rules))
        .collect()
}

/// Each playable layout's outcome from the solves of [`defence_tasks`]: whether the holder
/// makes its bid, and a defender's money (minus the payoff per defender).
pub(super) fn defence_outcomes(results: &[TaskResult]) -> Vec<(bool, f64)> {
    results
        .iter()
        .filter_map(|r| {
            r.bid_outcomes()?
                .iter()
                .flatten()
                .next()
                .map(|o| (o.0, -f64::from(o.1)))
        })
        .collect()
}

/// A defender's money on each playable layout of [`defence_tasks`].
pub(super) fn defence_money(results: &[TaskResult]) -> Vec<f64> {
    defence_outcomes(results).into_iter().map(|o| o.1).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::Rank;
    use crate::whole_game::{TableRules, WholeGame};

    /// `n` holders of an ulti standing, as a seat at a pick-up imagines them, in the random
    /// game of `seed`: the seat's view, the seat, the holder's seat and the holders.
    fn ulti_holders(seed: u64, n: u32) -> (TableView, Seat, Seat, Vec<Holder>) {
        let g = WholeGame::random(TableRules::default(), 0, seed);
        let seat = (g.to_act().unwrap() + 1) % 3;
        let mut view = g.view(seat);
        let holder = (seat + 2) % 3;
        view.public = vec![format!("{holder} bid ulti")];
        let holders = sample_holders(&view, holder, &"ulti".parse().unwrap(), n, seed);
        (view, seat, holder, holders)
    }

    /// A pick-up decision's view with an ulti standing: the holder, as the seat imagines it,
    /// holds the trump VII and keeps its trumps, and holds five trumps or more about three
    /// times in four, as the auction's evidence says ulti bidders do (uniform twelves with
    /// the VII: under one in five).
    #[test]
    fn an_ulti_holder_holds_trumps_and_lays_away_side_cards() {
        let (mut views, mut long, mut all) = (0, 0, 0);
        for seed in 0..40u64 {
            let (view, seat, holder, holders) = ulti_holders(seed, 16);
            assert_eq!(holders.len(), 16, "seed {seed}");
            for h in &holders {
                let twelve = h.twelve();
                long += usize::from(twelve.of_suit(h.deal.trump).len() >= 5);
                all += 1;
                assert!(
                    h.deal
                        .hand(0)
                        .contains(Card::new(h.deal.trump, Rank::Seven))
                );
                assert!(h.talon.iter().all(|c| c.suit() != h.deal.trump));
                // The seat's own cards are where they are.
                assert_eq!(h.deal.hand((seat + 3 - holder) % 3), view.hand);
            }
            views += 1;
        }
        assert_eq!(views, 40);
        let share = long as f64 / all as f64;
        assert!(
            (0.6..0.9).contains(&share),
            "{long} of {all} with five trumps"
        );
    }

    /// An ulti holder that chooses by value weighs the rule's discard against others, keeps
    /// the rule's unless another does better on the same splits, and moves only its own
    /// cards: the seat's hand and the other defender's stay where they were drawn.
    #[test]
    fn a_holder_choosing_by_value_keeps_the_rule_unless_another_discard_earns_more() {
        let bid: AuctionBid = "ulti".parse().unwrap();
        let rules = RuleOptions::default();
        let mut solver = crate::solver::Solver::new();
        let (mut weighed, mut changed) = (0, 0);
        for seed in 0..12u64 {
            let holders = ulti_holders(seed, 8).3;
            let (tasks, index) = choice_tasks(&holders, &bid, rules, seed);
            let results: Vec<TaskResult> = tasks.iter().map(|t| t.run(&mut solver)).collect();
            let chosen = rechoose(holders.clone(), &index, &results);
            for (i, (before, after)) in holders.iter().zip(&chosen).enumerate() {
                assert_eq!(before.twelve(), after.twelve());
                assert_eq!(before.deal.hand(1), after.deal.hand(1));
                assert_eq!(before.deal.hand(2), after.deal.hand(2));
                let talon: CardSet = after.talon.iter().copied().collect();
                assert!(
                    bid.unplayable_reason(after.deal.hand(0), talon, after.deal.trump)
                        .is_none()
                );
                // The mean payoff of each candidate on this holder's splits.
                let mean = |trump: Suit, d: [Card; 2]| {
                    let v: Vec<f64> = index
                        .iter()
                        .zip(&results)
                        .filter(|((j, (t, e)), _)| *j == i && *t == trump && *e == d)
                        .filter_map(|(_, r)| r.bid_outcomes()?.iter().flatten().next().copied())
                        .map(|o| f64::from(o.1))
                        .collect();
                    v.iter().sum::<f64>() / v.len() as f64
                };
                if index.iter().any(|x| x.0 == i) {
                    weighed += 1;
                    let rule = (before.deal.trump, before.talon);
                    let best = mean(after.deal.trump, after.talon);
                    assert!(best >= mean(rule.0, rule.1));
                    if after.talon != before.talon || after.deal.trump != before.deal.trump {
                        changed += 1;
                        assert!(best > mean(rule.0, rule.1), "a tie keeps the rule's");
                    }
                }
            }
        }
        assert!(weighed >= 60, "{weighed} holders weighed");
        assert!(
            changed >= 5,
            "{changed} of {weighed} holders changed discard"
        );
    }

    #[test]
    fn a_betli_holder_lays_away_its_highest_cards() {
        let bid: AuctionBid = "betli".parse().unwrap();
        let twelve: CardSet = crate::card::parse_cards("P7,P8,P9,Z7,Z8,Z9,M7,M8,T7,T8,PA,ZK")
            .unwrap()
            .into_iter()
            .collect();
        let (_, d) = holder_choice(&bid, twelve).unwrap();
        let mut d = d.to_vec();
        d.sort_by_key(|c| c.index());
        let mut want = crate::card::parse_cards("PA,ZK").unwrap();
        want.sort_by_key(|c| c.index());
        assert_eq!(d, want);
    }
}
