//! The knowable cost of an auction decision (see [`super`]): the bid and discard said with
//! twelve cards in hand (the forehand's opening, a bid after a pick-up, the holder's raise or
//! stand), paired on layouts; pass or pick up, unpaired.

use crate::advise::{Knowable, KnowableOptions, seat_money};
use crate::card::{Card, CardSet};
use crate::deal::Deal;
use crate::whole_game::{AuctionBid, SeatTurn, TableView, Verb, forfeit};

use super::super::holder::{defence_money, defence_tasks, sample_holders};
use super::super::table::{TableLevel, TablePlayer};
use super::{adaptive_paired, both, layout, unpaired};

/// Sampled talons of a pick-up decision: the first round and the cap. Each is a bid race (the
/// strong player's own race, 8 layouts per discard), the costly part of a review; the strong
/// player itself weighs 2.
pub const TALONS: [u32; 2] = [4, 8];

/// Imagined holders per sampled talon when passing is weighed (the strong player: 16 for 2).
const HOLDERS_PER_TALON: u32 = 4;

/// Rows of the strong player's race that stand as the best bids a seat could have said.
const CONTENDERS: usize = 2;

/// See [`super::decision_cost`].
pub(super) fn auction_cost(
    view: &TableView,
    turn: &SeatTurn,
    verb: &Verb,
    after: Option<&TableView>,
    opts: &KnowableOptions,
) -> Result<Knowable, String> {
    if !turn.opened {
        // The forehand's opening: its twelve are its own. Under `allpass = forfeit` it may
        // pass, which is valued as the all-pass it starts (as a bid is valued as played).
        let pass = turn
            .may_pass
            .then(|| f64::from(forfeit(turn.seat).payments[turn.seat]));
        let taken = match verb {
            Verb::Bid { bid, discard } => Some((bid, *discard)),
            Verb::Pass { .. } if pass.is_some() => None,
            _ => return Err("the forehand opens with a bid".into()),
        };
        return bid_cost(view, view.hand, &turn.higher, None, taken, pass, opts);
    }
    if turn.holder_turn {
        if !turn.may_pick_up {
            return Ok(Knowable::forced());
        }
        let talon = view.known_talon.ok_or("the holder's view has no talon")?;
        let standing = turn.standing.as_ref().ok_or("no standing bid")?;
        let twelve = CardSet(view.hand.0 | talon.0);
        let laid: Vec<Card> = talon.iter().collect();
        let stand = (standing, [laid[0], laid[1]]);
        let taken = match verb {
            Verb::Bid { bid, discard } => Some((bid, *discard)),
            Verb::Stand => None,
            _ => return Err("the holder stands or raises".into()),
        };
        return bid_cost(view, twelve, &turn.higher, Some(stand), taken, None, opts);
    }
    if !turn.may_pick_up {
        return Ok(Knowable::forced());
    }
    let pickup = pickup_cost(view, turn, matches!(verb, Verb::Bid { .. }), opts)?;
    let Verb::Bid { bid, discard } = verb else {
        return Ok(pickup);
    };
    let after = after.ok_or("no view after the pick-up")?;
    let talon = after.known_talon.ok_or("no talon after the pick-up")?;
    let twelve = CardSet(after.hand.0 | talon.0);
    let bid = bid_cost(
        after,
        twelve,
        &turn.higher,
        None,
        Some((bid, *discard)),
        None,
        opts,
    )?;
    Ok(both(&pickup, &bid))
}

/// Bid and discard choices with `twelve` in hand, each with every trump it may name (the trump
/// is named later, from the same cards: a bid is worth its best trump on average).
struct Choices {
    names: Vec<String>,
    /// Per choice: the bid, the hand it keeps, the trump.
    plays: Vec<(AuctionBid, CardSet, crate::card::Suit)>,
    /// The choices of the bid taken (or the stand).
    taken: Vec<usize>,
}

impl Choices {
    /// Adds `bid` with `discard` unless already there; returns its choices' indices.
    fn add(
        &mut self,
        twelve: CardSet,
        bid: &AuctionBid,
        discard: [Card; 2],
        name: &str,
    ) -> Vec<usize> {
        let talon: CardSet = discard.iter().copied().collect();
        let hand = CardSet(twelve.0 & !talon.0);
        let mut trumps = bid.playable_trumps(hand, talon);
        if !bid.names_trump() {
            trumps.truncate(1);
        }
        trumps
            .into_iter()
            .map(|t| {
                let play = (bid.clone(), hand, t);
                self.plays
                    .iter()
                    .position(|p| *p == play)
                    .unwrap_or_else(|| {
                        self.plays.push(play);
                        self.names
                            .push(format!("{name} {},{}", discard[0], discard[1]));
                        self.plays.len() - 1
                    })
            })
            .collect()
    }
}

/// The knowable cost of saying `taken` (bid and discard; `None`: the holder's `stand`, or the
/// opening pass) with `twelve`, among the strong player's best rows of `higher` (and the
/// stand, and the opening pass whose money is `pass`): every choice solved on the same uniform
/// layouts of the twenty other cards, paired differences. The race is the strong player's
/// pick-up race (8 layouts per discard): it only names the contenders, the layouts here
/// measure them.
fn bid_cost(
    view: &TableView,
    twelve: CardSet,
    higher: &[AuctionBid],
    stand: Option<(&AuctionBid, [Card; 2])>,
    taken: Option<(&AuctionBid, [Card; 2])>,
    pass: Option<f64>,
    opts: &KnowableOptions,
) -> Result<Knowable, String> {
    let mut c = Choices {
        names: Vec::new(),
        plays: Vec::new(),
        taken: Vec::new(),
    };
    match (taken, stand) {
        (Some((bid, discard)), _) => {
            if !higher.contains(bid) {
                return Err(format!("{bid} does not overcall"));
            }
            c.taken = c.add(twelve, bid, discard, &format!("bid {bid}"));
        }
        (None, Some((bid, discard))) => c.taken = c.add(twelve, bid, discard, "stand"),
        (None, None) if pass.is_some() => {}
        (None, None) => return Err("nothing taken".into()),
    }
    if c.taken.is_empty() && (taken.is_some() || stand.is_some()) {
        return Err("the bid taken is not playable with that discard".into());
    }
    if let (Some((bid, discard)), Some(_)) = (stand, taken) {
        c.add(twelve, bid, discard, "stand");
    }
    let mut player = TablePlayer::new(TableLevel::Strong, opts.seed);
    let samples = player.auction_samples();
    let seed = player.seed_for(view, 9);
    let rows = player.rows(view, twelve, higher, samples, 0, 0, seed);
    for r in rows
        .iter()
        .filter(|r| higher.contains(&r.bid))
        .take(CONTENDERS)
    {
        c.add(twelve, &r.bid, r.discard, &format!("bid {}", r.bid));
    }
    // The opening pass: the same money on every layout, the last choice.
    if pass.is_some() {
        c.names.push("pass".into());
        if taken.is_none() {
            c.taken = vec![c.names.len() - 1];
        }
    }
    let rules = view.rules.play();
    let solver = &mut player.solver;
    adaptive_paired(&c.names, &c.taken, opts, &mut |k| {
        let [d1, d2] = layout(twelve, opts.seed ^ 0xB1D, k);
        c.plays
            .iter()
            .map(|(bid, hand, t)| {
                let deal = Deal::new(*t, [*hand, d1, d2]).ok()?;
                let v = solver.bid_value(&deal, &bid.announcement(*t), rules).ok()?;
                Some(seat_money(0, v.payoff.unwrap_or(0)))
            })
            .chain(pass.map(Some))
            .collect()
    })
}

/// The knowable cost of picking up (`picked`) or passing at `view`, each valued as the strong
/// player values it: picking up is twice the best overcall's expected payoff per defender on
/// each sampled talon (those the imagined holders lay down), passing the seat's money
/// defending the standing bid on each imagined holder's layout. No shared layouts: the
/// standard errors combine. Adaptive over [`TALONS`].
fn pickup_cost(
    view: &TableView,
    turn: &SeatTurn,
    picked: bool,
    opts: &KnowableOptions,
) -> Result<Knowable, String> {
    let (holder, standing) = view.standing().ok_or("no standing bid")?;
    let rules = view.rules.play();
    let mut player = TablePlayer::new(TableLevel::Strong, opts.seed);
    let (mut pick, mut pass, mut defended) = (Vec::new(), Vec::new(), 0);
    let mut n = TALONS[0];
    loop {
        let holders = sample_holders(
            view,
            holder,
            &standing,
            n * HOLDERS_PER_TALON,
            player.seed_for(view, 4),
        );
        if holders.is_empty() {
            return Err("no holder of the standing bid fits the auction".into());
        }
        for k in pick.len() as u32..n {
            let talon = holders
                .get(k as usize)
                .map_or_else(|| player.uniform_talon(view, k), |h| h.talon);
            pick.push(2.0 * player.pickup_value(view, &turn.higher, talon, k));
        }
        if holders.len() > defended {
            let tasks = defence_tasks(&holders[defended..], &standing, rules);
            let results = player.executor().run_all(&tasks);
            pass.extend(defence_money(&results));
            defended = holders.len();
        }
        if pass.is_empty() {
            return Err("no holder's layout is playable".into());
        }
        let k = unpaired(["pick up", "pass"], [&pick, &pass], usize::from(!picked));
        if !k.undecided(opts.tolerance) || n >= TALONS[1] {
            return Ok(k);
        }
        n = TALONS[1];
    }
}
