//! A table player's decision from what its seat knows and nothing else: its
//! [`TableView`] and its [`SeatTurn`] (both built by the game, or received by a live table's
//! client over the wire). [`super::decide`] decides this way for every level but the cheater,
//! so "it never reads a hidden card" holds by construction, and a page can ask for a hint
//! with no more than the seat's own view.
//!
//! The pick-up is its own step, as at a live table: a seat that picks up someone else's talon
//! answers [`SeatDecision::PickUp`]; asked again with the talon in its view (and
//! `turn.picked_up`), it bids, or passes when no higher bid is playable with its twelve.

use crate::advise::{Evidence, Family, Said, SeatView};
use crate::card::{CardSet, Suit};
use crate::deal::Seat;
use crate::whole_game::{Action, AuctionBid, SeatTurn, Stage, TableView, Verb};

use super::table::{AuctionMove, DecisionTimes, TablePlayer};

/// What a seat decided.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatDecision {
    /// This action.
    Act(Action),
    /// Pick up the talon: ask again with it in the view.
    PickUp,
    /// Nothing now (a kontra open out of turn, let go).
    Nothing,
}

/// What the seats said in the auction won by `soloist`, by the seats of the play (each its
/// last bid, or that it passed every turn): public words only.
pub(super) fn evidence_of<'a>(
    bids: impl Iterator<Item = (Seat, &'a AuctionBid)>,
    soloist: Seat,
) -> Evidence {
    let mut said = [Said::Passed; 3];
    for (seat, bid) in bids {
        said[(seat + 3 - soloist) % 3] = Said::Bid {
            family: Family::of(&bid.bid),
            piros: bid.piros,
        };
    }
    Evidence::new(said)
}

/// What the seats said in the auction so far, by the seats of a play won by `soloist`: each
/// seat's last bid, that it passed (at least once, never bidding), or nothing yet. Public
/// words only.
pub(super) fn auction_so_far(view: &TableView, soloist: Seat) -> Evidence {
    let mut said = [Said::Nothing; 3];
    for a in &view.public {
        let mut w = a.split_whitespace();
        let (Some(seat), Some("pass")) = (w.next().and_then(|s| s.parse::<Seat>().ok()), w.next())
        else {
            continue;
        };
        said[(seat + 3 - soloist) % 3] = Said::Passed;
    }
    for (seat, bid) in public_bids(view) {
        said[(seat + 3 - soloist) % 3] = Said::Bid {
            family: Family::of(&bid.bid),
            piros: bid.piros,
        };
    }
    Evidence::new(said)
}

/// Every bid said so far, with its seat, from the public words of `view`.
pub(super) fn public_bids(view: &TableView) -> Vec<(Seat, AuctionBid)> {
    view.public
        .iter()
        .filter_map(|a| {
            let mut w = a.split_whitespace();
            let seat: Seat = w.next()?.parse().ok()?;
            (w.next() == Some("bid")).then_some(())?;
            Some((seat, w.next()?.parse().ok()?))
        })
        .collect()
}

/// The seat's view of the card play, from its table view (`None` before the play).
#[must_use]
pub fn play_view(view: &TableView, inference: bool) -> Option<SeatView> {
    let soloist = view.soloist?;
    let hand = view.play_hand?;
    let bid = view.bid()?;
    let seat = (view.seat + 3 - soloist) % 3;
    let talon = if seat == 0 {
        Some(view.known_talon?)
    } else {
        None
    };
    let trump = view.trump().unwrap_or(Suit::Piros);
    let v = SeatView::new(
        seat,
        hand,
        talon,
        trump,
        Some(bid.bid),
        &view.played,
        view.rules.play(),
    )
    .ok()?;
    Some(if inference {
        let bids = public_bids(view);
        v.with_evidence(evidence_of(bids.iter().map(|(s, b)| (*s, b)), soloist))
    } else {
        v
    })
}

/// `turn.seat`'s decision now by `player` (any level but the cheater), from `view` and `turn`
/// alone.
///
/// # Errors
/// A game that is over, a cheater (it reads the cards as they lie), or a view without the
/// play it is asked about.
pub fn decide_seat(
    view: &TableView,
    turn: &SeatTurn,
    player: &mut TablePlayer,
    times: &mut DecisionTimes,
    clock: &dyn Fn() -> f64,
) -> Result<SeatDecision, String> {
    if view.stage == Stage::Over {
        return Err("the game is over".into());
    }
    if player.level() == super::TableLevel::Cheater {
        return Err("the cheater decides from the cards as they lie, not from a seat".into());
    }
    let seat = turn.seat;
    if let Some((level, units)) = &turn.kontra {
        let soloist = view.soloist == Some(seat);
        let t = clock();
        let pick = play_view(view, player.inference())
            .map_or_else(Vec::new, |v| player.kontra(&v, units, soloist));
        times.kontra.push((seat, clock() - t));
        if !pick.is_empty() {
            return Ok(SeatDecision::Act(Action {
                seat,
                verb: Verb::Kontra {
                    level: *level,
                    units: pick,
                },
            }));
        }
    }
    if !turn.to_act {
        return Ok(SeatDecision::Nothing);
    }
    let t = clock();
    let act = |verb| SeatDecision::Act(Action { seat, verb });
    let d = match view.stage {
        Stage::Auction => auction_seat(player, view, turn),
        Stage::Trump => {
            let bid = view.bid().ok_or("no bid to name a trump for")?;
            act(Verb::Trump(player.trump(view, &bid, &turn.trumps)))
        }
        Stage::Play => {
            let v = play_view(view, player.inference()).ok_or("no view of the play")?;
            act(Verb::Card(player.card(&v)))
        }
        Stage::Over => unreachable!("checked above"),
    };
    let ms = clock() - t;
    if view.stage == Stage::Play {
        times.card.push((seat, ms));
    } else if d != SeatDecision::PickUp {
        times.auction.push((seat, ms));
    }
    Ok(d)
}

/// An auction decision from the seat's view and turn (see [`decide_seat`]).
pub(super) fn auction_seat(p: &mut TablePlayer, view: &TableView, turn: &SeatTurn) -> SeatDecision {
    let seat = turn.seat;
    let act = |verb| SeatDecision::Act(Action { seat, verb });
    let fallback = |p: &TablePlayer| {
        if turn.holder_turn {
            act(Verb::Stand)
        } else if turn.opened {
            act(Verb::Pass { discard: None })
        } else {
            act(Verb::Pass {
                discard: Some(p.opening_pass(view)),
            })
        }
    };
    // The bid with the twelve it holds (the opening's, the holder's own, or picked up), among
    // the higher bids; with none playable it passes (a holder stands).
    let bid = |p: &mut TablePlayer, twelve: CardSet| {
        if !turn.higher.iter().any(|b| b.discard_for(twelve).is_some()) {
            return fallback(p);
        }
        match p.bid_with(view, twelve, &turn.higher) {
            Some(m) => act(Verb::Bid {
                bid: m.bid,
                discard: m.discard,
            }),
            None => fallback(p),
        }
    };
    let known = |v: &TableView| v.known_talon.map_or(v.hand, |t| CardSet(v.hand.0 | t.0));
    if turn.picked_up {
        p.picked_up = true;
        return bid(p, known(view));
    }
    let standing = turn.standing.as_ref();
    match p.auction(view, &turn.higher, turn.holder_turn, standing) {
        AuctionMove::Stand if turn.holder_turn => act(Verb::Stand),
        AuctionMove::Pass if turn.may_pass => fallback(p),
        AuctionMove::Bid | AuctionMove::Pass | AuctionMove::Stand => {
            if !turn.opened {
                bid(p, view.hand)
            } else if turn.holder_turn {
                // The holder knows the talon it laid down: its twelve at once.
                p.picked_up = true;
                bid(p, known(view))
            } else {
                p.picked_up = true;
                SeatDecision::PickUp
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::whole_game::{TableRules, WholeGame};

    /// Mid-auction, a seat that has not spoken is no evidence, one that passed is, and a
    /// bidder is its last bid; seats are counted from the one taken as soloist.
    #[test]
    fn the_auction_so_far_as_evidence() {
        let mut view = WholeGame::random(TableRules::default(), 2, 1).view(1);
        view.public = vec!["0 bid passz".into()];
        let said = auction_so_far(&view, 1).said();
        assert_eq!(said[0], Said::Nothing, "seat 1 itself has not spoken");
        assert_eq!(said[1], Said::Nothing, "seat 2 has not spoken");
        assert_eq!(
            said[2],
            Said::Bid {
                family: Family::Passz,
                piros: false
            }
        );
        view.public = vec![
            "0 bid passz".into(),
            "1 pass".into(),
            "2 bid ulti@P".into(),
            "0 bid 40-100".into(),
        ];
        let said = auction_so_far(&view, 2).said();
        assert_eq!(
            said,
            [
                Said::Bid {
                    family: Family::Ulti,
                    piros: true
                },
                Said::Bid {
                    family: Family::Hundred,
                    piros: false
                },
                Said::Passed,
            ]
        );
    }
}
