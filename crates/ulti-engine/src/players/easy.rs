//! The *easy* player: simple rules from hand counts, no search (microseconds a decision).
//!
//! - **Bid**: the longest suit (then the strongest) is the trump; ulti with the trump VII,
//!   the Ász and at least five trumps (40-100 ulti with the trump marriage too); 40-100 with
//!   the trump marriage, four trumps and four Ász or X; 20-100 with a side marriage, five
//!   trumps and five Ász or X; betli with nothing above X after laying away the two highest
//!   cards; otherwise passz. It lays away low side cards of its shortest suits (betli: its two
//!   highest cards), never a trump, an Ász or a card its bid needs.
//! - **Card**: follow the duties of play (it only picks among the legal cards); lead an Ász,
//!   draw trumps as a soloist with three or more, else lead low; win a trick its side is not
//!   already winning with the cheapest card that does, load points on its partner's trick when
//!   it plays last, otherwise throw its lowest card; in betli the soloist ducks with its
//!   highest losing card and the defenders keep the soloist on top.

use crate::advise::{AdviseError, SeatView, announcements};
use crate::bids::Announcement;
use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Contract, has_marriage};
use crate::deal::SOLOIST;
use crate::rules::RuleOptions;

use super::{BidChoice, Player};

/// The rule-based player. It keeps no state: the same view gives the same card.
#[derive(Clone, Copy, Debug, Default)]
pub struct Easy;

impl Easy {
    /// The easy player.
    #[must_use]
    pub fn new() -> Easy {
        Easy
    }
}

/// What the soloist is playing for, as the card rules see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Aim {
    /// Card points (passz, 40-100, 20-100, ulti, négy ász …): every side wants tricks.
    Points,
    /// Betli: the soloist wants no trick.
    Betli,
    /// Durchmars: the soloist wants every trick.
    Durchmars,
}

impl Player for Easy {
    fn bid(&mut self, hand: CardSet, _rules: RuleOptions) -> Result<BidChoice, AdviseError> {
        if hand.len() != 12 {
            return Err(AdviseError::HandSize(hand.len()));
        }
        Ok(easy_bid(hand))
    }

    fn card(&mut self, view: &SeatView) -> Result<Card, AdviseError> {
        let bid = view.bid().ok_or(AdviseError::NoBid)?;
        view.require_turn()?;
        let aim = if bid.contracts().contains(&Contract::Betli) {
            Aim::Betli
        } else if bid
            .contracts()
            .iter()
            .any(|c| matches!(c, Contract::Durchmars | Contract::DurchmarsAdu))
        {
            Aim::Durchmars
        } else {
            Aim::Points
        };
        Ok(easy_card(view, aim))
    }
}

/// The standard announcement of `id` with trump `trump` in its plain form.
fn announcement(id: &str, trump: Option<Suit>) -> Announcement {
    announcements()
        .iter()
        .find(|a| {
            a.bid.to_string() == id
                && a.trump == trump
                && !a.scoring.teritett
                && !a.scoring.piros_no_trump
        })
        .expect("a standard bid")
        .clone()
}

/// Trump-game strength of a card of its suit (0 = VII .. 7 = Ász).
fn trump_rank(c: Card) -> u8 {
    c.rank().trump_strength()
}

pub(crate) fn easy_bid(hand: CardSet) -> BidChoice {
    // The trump: the longest suit, then the one with the strongest cards.
    let trump = Suit::ALL
        .into_iter()
        .max_by_key(|&s| {
            let cards = hand.of_suit(s);
            (
                cards.len(),
                cards.iter().map(|c| u32::from(trump_rank(c))).sum::<u32>(),
                std::cmp::Reverse(s.index()),
            )
        })
        .expect("four suits");
    let trumps = hand.of_suit(trump);
    let has = |r: Rank| hand.contains(Card::new(trump, r));
    let ace_tens = hand
        .iter()
        .filter(|c| matches!(c.rank(), Rank::Asz | Rank::Ten))
        .count();
    let side_marriage = Suit::ALL
        .into_iter()
        .find(|&s| s != trump && has_marriage(hand, s));
    let forty = has(Rank::Kiraly) && has(Rank::Felso);

    // Betli: with the two highest cards laid away, nothing above X is left.
    let mut by_height: Vec<Card> = hand.iter().collect();
    by_height.sort_by_key(|c| std::cmp::Reverse((c.rank().no_trump_strength(), c.index())));
    let betli_keep = &by_height[2..];
    if betli_keep
        .iter()
        .all(|c| c.rank().no_trump_strength() <= Rank::Ten.no_trump_strength())
    {
        return BidChoice {
            discard: [by_height[0], by_height[1]],
            announcement: announcement("betli", None),
        };
    }

    let (id, keep) = if has(Rank::Seven) && has(Rank::Asz) && trumps.len() >= 5 {
        if forty {
            ("40-100+ulti", CardSet::EMPTY)
        } else {
            ("ulti", CardSet::EMPTY)
        }
    } else if forty && trumps.len() >= 4 && ace_tens >= 4 {
        ("40-100", CardSet::EMPTY)
    } else if let Some(s) = side_marriage.filter(|_| trumps.len() >= 5 && ace_tens >= 5) {
        let m: CardSet = [Card::new(s, Rank::Kiraly), Card::new(s, Rank::Felso)]
            .into_iter()
            .collect();
        ("20-100", m)
    } else {
        ("passz", CardSet::EMPTY)
    };
    BidChoice {
        discard: side_discard(hand, trump, keep),
        announcement: announcement(id, Some(trump)),
    }
}

/// Two low side cards to lay away: never a trump or a card of `keep`; an Ász or a marriage
/// card only when nothing else is left; from the shortest side suits first.
pub(super) fn side_discard(hand: CardSet, trump: Suit, keep: CardSet) -> [Card; 2] {
    let mut cards: Vec<Card> = hand
        .iter()
        .filter(|&c| c.suit() != trump && !keep.contains(c))
        .collect();
    let precious = |c: Card| {
        c.rank() == Rank::Asz
            || (matches!(c.rank(), Rank::Kiraly | Rank::Felso) && has_marriage(hand, c.suit()))
    };
    cards.sort_by_key(|&c| {
        (
            precious(c),
            c.points(),
            hand.of_suit(c.suit()).len(),
            trump_rank(c),
            c.index(),
        )
    });
    if cards.len() < 2 {
        // Ten or more trumps: lay away the lowest trumps other than the VII.
        let mut rest: Vec<Card> = hand
            .iter()
            .filter(|c| !cards.contains(c) && c.rank() != Rank::Seven)
            .collect();
        rest.sort_by_key(|&c| (trump_rank(c), c.index()));
        cards.extend(rest);
    }
    [cards[0], cards[1]]
}

/// Strength for winning the trick: trumps above everything, then rank order.
fn strength(c: Card, trump: Option<Suit>) -> u8 {
    match trump {
        Some(t) => c.rank().trump_strength() + if c.suit() == t { 16 } else { 0 },
        None => c.rank().no_trump_strength(),
    }
}

/// Would `c` take the lead from `best` (the card winning the trick so far)?
fn beats(c: Card, best: Card, trump: Option<Suit>) -> bool {
    if c.suit() == best.suit() {
        strength(c, trump) > strength(best, trump)
    } else {
        Some(c.suit()) == trump
    }
}

fn easy_card(view: &SeatView, aim: Aim) -> Card {
    let legal: Vec<Card> = view.legal_cards().iter().collect();
    let trump = view.trump_in_play();
    let seat = view.seat();
    let soloist = seat == SOLOIST;
    // Lowest first: fewest points, then weakest.
    let low = |c: &Card| (c.points(), strength(*c, trump), c.index());
    let weakest = |v: &[Card]| *v.iter().min_by_key(|c| low(c)).expect("a legal card");
    let strongest = |v: &[Card]| {
        *v.iter()
            .max_by_key(|c| (strength(**c, trump), c.points(), c.index()))
            .expect("a legal card")
    };
    if legal.len() == 1 {
        return legal[0];
    }
    let trick = view.current_trick();
    if trick.is_empty() {
        return match (aim, soloist) {
            (Aim::Betli, _) => *legal
                .iter()
                .min_by_key(|c| (c.rank().no_trump_strength(), c.index()))
                .expect("a legal card"),
            (Aim::Durchmars, true) => strongest(&legal),
            (Aim::Durchmars, false) => weakest(&legal),
            (Aim::Points, _) => {
                let ace = legal
                    .iter()
                    .find(|c| c.rank() == Rank::Asz && Some(c.suit()) != trump);
                let trumps: Vec<Card> = legal
                    .iter()
                    .copied()
                    .filter(|c| Some(c.suit()) == trump)
                    .collect();
                if let Some(&a) = ace {
                    a
                } else if soloist && trumps.len() >= 3 {
                    strongest(&trumps)
                } else {
                    // Low from the longest side suit.
                    let side: Vec<Card> = legal
                        .iter()
                        .copied()
                        .filter(|c| Some(c.suit()) != trump)
                        .collect();
                    let pool = if side.is_empty() { &legal } else { &side };
                    let hand = view.hand_now();
                    *pool
                        .iter()
                        .min_by_key(|c| (std::cmp::Reverse(hand.of_suit(c.suit()).len()), low(c)))
                        .expect("a legal card")
                }
            }
        };
    }
    let best = {
        let mut b = trick[0];
        for &c in &trick[1..] {
            if beats(c, b, trump) {
                b = c;
            }
        }
        b
    };
    let winner = view.current_winner().expect("a card is on the table");
    let last = trick.len() == 2;
    let winners: Vec<Card> = legal
        .iter()
        .copied()
        .filter(|&c| beats(c, best, trump))
        .collect();
    let losers: Vec<Card> = legal
        .iter()
        .copied()
        .filter(|&c| !beats(c, best, trump))
        .collect();
    let cheapest_winner = || {
        *winners
            .iter()
            .min_by_key(|c| (strength(**c, trump), c.points(), c.index()))
            .expect("a winning card")
    };
    match aim {
        Aim::Betli if soloist => {
            if losers.is_empty() {
                if last {
                    strongest(&legal)
                } else {
                    cheapest_winner()
                }
            } else {
                strongest(&losers)
            }
        }
        Aim::Betli => {
            // Keep the soloist on top (or leave them room to overtake).
            if winner == SOLOIST && !losers.is_empty() {
                weakest(&losers)
            } else {
                weakest(&legal)
            }
        }
        Aim::Points | Aim::Durchmars => {
            let partner_wins = !soloist && winner != SOLOIST;
            if partner_wins {
                if last && aim == Aim::Points {
                    // Load points on the partner's trick, without taking it over needlessly.
                    let pool = if losers.is_empty() { &legal } else { &losers };
                    *pool
                        .iter()
                        .max_by_key(|c| (c.points(), std::cmp::Reverse(strength(**c, trump))))
                        .expect("a legal card")
                } else {
                    weakest(&legal)
                }
            } else if !winners.is_empty() {
                cheapest_winner()
            } else {
                weakest(&legal)
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::card::parse_cards;
    use crate::contract::Bid;

    fn set(s: &str) -> CardSet {
        parse_cards(s).unwrap().into_iter().collect()
    }

    #[test]
    fn bids_follow_the_hand() {
        // Six makk with the VII, Ász and marriage: 40-100 ulti in makk.
        let b = easy_bid(set("M7,MA,MX,MK,MO,M9,PA,PX,Z8,Z9,T8,T9"));
        assert_eq!(b.announcement.id(), "40-100+ulti@M");
        assert!(b.discard.iter().all(|c| c.suit() != Suit::Makk));
        // Low cards everywhere: betli, the two highest laid away.
        let b = easy_bid(set("P7,P8,P9,Z7,Z8,Z9,M7,M8,MX,T7,TA,TK"));
        assert_eq!(b.announcement.id(), "betli");
        assert_eq!(b.discard.iter().copied().collect::<CardSet>(), set("TA,TK"));
        // Nothing special: passz in the longest suit, laying away no Ász and no trump.
        let b = easy_bid(set("PA,P9,P8,PU,ZK,Z8,MA,M9,TX,T9,MU,ZU"));
        assert_eq!(b.announcement.id(), "passz@P");
        assert!(
            b.discard
                .iter()
                .all(|c| c.suit() != Suit::Piros && c.rank() != Rank::Asz)
        );
    }

    /// The easy card for `seat` holding `hand` (as dealt) after `played`, in a Zöld passz.
    fn card(seat: usize, hand: &str, played: &str) -> Card {
        let view = SeatView::new(
            seat,
            set(hand),
            None,
            Suit::Zold,
            Some("passz".parse::<Bid>().unwrap()),
            &parse_cards(played).unwrap(),
            RuleOptions::default(),
        )
        .unwrap();
        let c = Easy::new().card(&view).unwrap();
        assert!(view.legal_cards().contains(c));
        c
    }

    #[test]
    fn wins_cheaply_loads_the_partner_or_throws_low() {
        // The soloist leads PK: the defender beats it with the cheaper of PX and PA.
        assert_eq!(
            card(1, "PA,PX,P7,Z7,Z8,M7,M8,M9,T7,T8", "PK"),
            "PX".parse().unwrap()
        );
        // The partner's PA wins, playing last: load the PX on it, not the P8.
        assert_eq!(
            card(2, "PX,P8,Z9,ZU,MX,MU,MO,T9,TU,TO", "PK,PA"),
            "PX".parse().unwrap()
        );
        // The soloist's PA wins and cannot be beaten: throw the P8, keep the PX.
        assert_eq!(
            card(2, "PX,P8,Z9,ZU,MX,MU,MO,T9,TU,TO", "PA,P7"),
            "P8".parse().unwrap()
        );
        // Void in piros, a trump must go: the cheapest trump that wins.
        assert_eq!(
            card(1, "ZA,ZX,Z7,MA,M8,M9,T7,T8,TK,TA", "PK"),
            "Z7".parse().unwrap()
        );
    }
}
