//! The review of a finished deal at the table: each of the user's decisions (auction, trump,
//! kontra said or let go, every card) with the moment it was taken at, so the page can ask
//! what the advisor would have done from the user's own seat there, what a player who sees
//! every card would have done (the cheater: the open-hand best), and what each card cost.
//!
//! Everything here is pure: the page asks the workers (`Job::TableDecision` at the moment's
//! record, `Job::Bid` for a bid's open-hand value, `Job::Position` for a card,
//! `Job::KontraOpenCost` for a kontra's open-hand money) and words the answers with
//! [`auction_mark`] and [`crate::model::play::verdict`].

use ulti_engine::advise::{Judgement, Knowable, SeatView, judge, seat_money};
use ulti_engine::players::play_view;
use ulti_engine::whole_game::{
    Action, AuctionBid, SeatTurn, TableRecord, TableView, Verb, WholeGame,
};
use ulti_engine::{Announcement, Card, CardSet, Deal, Query, Seat, Solution, Suit};

use super::Hint;

/// The kind of a decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// Bid, pass, stand or raise.
    Auction,
    /// Name the trump.
    Trump,
    /// A kontra said, or one the user could have said and let go.
    Kontra,
    /// A card.
    Card,
}

/// One decision of the user in a finished deal.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// The actions before it (the moment: the record cut there).
    pub at: usize,
    /// What it was.
    pub kind: Kind,
    /// What the user did (`None`: a kontra it could have said and let go).
    pub action: Option<Action>,
    /// For a card: the cards played before it.
    pub card_index: Option<usize>,
    /// The hint the user took at this moment, if any (its advice, `None` inside: say nothing).
    pub hint: Option<Option<String>>,
}

/// The user's decisions in `game`, in order, with the hints of `hints` taken at each.
#[must_use]
pub fn decisions(game: &WholeGame, user: Seat, hints: &[&Hint]) -> Vec<Decision> {
    let Ok(mut replay) = WholeGame::new(game.rules(), game.dealer(), game.dealt()) else {
        return Vec::new();
    };
    let mut out = Vec::new();
    let mut let_go: Vec<(usize, u8)> = Vec::new();
    let mut cards = 0;
    let actions = game.actions();
    for (at, action) in actions.iter().enumerate() {
        let hint = |at: usize| hints.iter().find(|h| h.at == at).map(|h| h.advice.clone());
        // A kontra the user could say here and did not (each moment and level once).
        if let Some((level, _)) = replay.kontra_options_for(user) {
            let said = action.seat == user && matches!(action.verb, Verb::Kontra { .. });
            if !said && !let_go.contains(&(cards, level)) {
                let_go.push((cards, level));
                out.push(Decision {
                    at,
                    kind: Kind::Kontra,
                    action: None,
                    card_index: None,
                    hint: hint(at),
                });
            }
        }
        if action.seat == user {
            let kind = match action.verb {
                Verb::Bid { .. } | Verb::Pass { .. } | Verb::Stand => Kind::Auction,
                Verb::Trump(_) => Kind::Trump,
                Verb::Kontra { .. } => Kind::Kontra,
                Verb::Card(_) => Kind::Card,
            };
            out.push(Decision {
                at,
                kind,
                action: Some(action.clone()),
                card_index: (kind == Kind::Card).then_some(cards),
                hint: hint(at),
            });
        }
        if matches!(action.verb, Verb::Card(_)) {
            cards += 1;
        }
        if replay.apply(action.clone()).is_err() {
            break;
        }
    }
    out
}

/// The record of `game` cut after its first `at` actions (the moment a decision was taken).
#[must_use]
pub fn record_before(game: &WholeGame, at: usize) -> String {
    let mut r: TableRecord = game.record();
    r.actions.truncate(at);
    r.to_json()
}

/// The game at the moment `at` (its first `at` actions).
#[must_use]
pub fn game_before(game: &WholeGame, at: usize) -> Option<WholeGame> {
    let mut r = game.record();
    r.actions.truncate(at);
    r.replay().ok()
}

/// What a bid, a pass, a stand or a trump at moment `at` of `game` is worth with every card
/// open: for a bid, for each trump the bidder could name, the deal it would play (its ten
/// cards after the discard against the two other hands as they were) and the announcement;
/// for a pass at a pick-up or a stand, the standing bid so played by its holder; for a trump,
/// the standing bid played with it. Empty for anything else, or what is not legal there.
#[must_use]
pub fn open_hand_bid(game: &WholeGame, at: usize, action: &Action) -> Vec<(Deal, Announcement)> {
    let Some(before) = game_before(game, at) else {
        return Vec::new();
    };
    let mut after = before.clone();
    if after.apply(action.clone()).is_err() {
        return Vec::new();
    }
    let s = action.seat;
    match &action.verb {
        Verb::Bid { bid, discard } => trump_deals(
            bid,
            hands_from(&after, s),
            discard.iter().copied().collect(),
        ),
        // The standing bid as its holder would play it with every card open: its ten cards
        // and the talon it laid down. What passing on it is worth to a defender (as if the
        // auction ended there), or standing on it to its holder.
        Verb::Pass { discard: None } | Verb::Stand => before
            .standing()
            .map(|(h, bid)| trump_deals(bid, hands_from(&before, h), before.talon()))
            .unwrap_or_default(),
        Verb::Trump(t) => after
            .contracted()
            .and_then(|c| {
                Some((
                    Deal::new(*t, hands_from(&after, s)).ok()?,
                    c.bid.announcement(*t),
                ))
            })
            .into_iter()
            .collect(),
        _ => Vec::new(),
    }
}

/// The hands of `game` from `seat`'s: its own, then the next two seats' in playing order.
fn hands_from(game: &WholeGame, seat: Seat) -> [CardSet; 3] {
    [
        game.hand(seat),
        game.hand((seat + 1) % 3),
        game.hand((seat + 2) % 3),
    ]
}

/// `bid` played by the first of `hands` having laid `talon` away: for each trump it could
/// name, the deal and the announcement.
fn trump_deals(bid: &AuctionBid, hands: [CardSet; 3], talon: CardSet) -> Vec<(Deal, Announcement)> {
    bid.playable_trumps(hands[0], talon)
        .into_iter()
        .filter_map(|t| {
            let a = bid.announcement(t);
            let deal = Deal::new(a.trump.unwrap_or(Suit::Zold), hands).ok()?;
            Some((deal, a))
        })
        .collect()
}

/// What a player's answer at the moment of decision `kind` says about that decision: at a
/// kontra moment that is also the seat's turn to play, a card means "no kontra" (`None`).
#[must_use]
pub fn as_choice(kind: Kind, answer: Option<Action>) -> Option<Action> {
    match (kind, answer) {
        (Kind::Kontra, Some(a)) if !matches!(a.verb, Verb::Kontra { .. }) => None,
        (_, a) => a,
    }
}

/// Do two auction, trump or kontra choices say the same (a discard in either order, kontra
/// units as a set)?
#[must_use]
pub fn same_choice(a: Option<&Action>, b: Option<&Action>) -> bool {
    match (a.map(|a| &a.verb), b.map(|b| &b.verb)) {
        (None, None) => true,
        (
            Some(Verb::Bid {
                bid: b1,
                discard: d1,
            }),
            Some(Verb::Bid {
                bid: b2,
                discard: d2,
            }),
        ) => b1 == b2 && (d1 == d2 || (d1[0] == d2[1] && d1[1] == d2[0])),
        (Some(Verb::Pass { .. }), Some(Verb::Pass { .. })) => true,
        (
            Some(Verb::Kontra {
                level: l1,
                units: u1,
            }),
            Some(Verb::Kontra {
                level: l2,
                units: u2,
            }),
        ) => l1 == l2 && u1.len() == u2.len() && u1.iter().all(|u| u2.contains(u)),
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// The mark of an auction, trump or kontra decision against the open-hand best.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mark {
    /// The same as a player who sees every card.
    Best,
    /// Another choice; for two bids or two trumps, what the user's gave away per defender
    /// (open hand).
    Other(Option<i32>),
    /// A pass where the open-hand best bid, or a bid where it passed: what the user's choice
    /// gave away in the user's money (open hand; passing is defending the standing bid).
    Cost(i32),
}

/// The mark of the user's choice against the open-hand best: `yours` and `best` are the
/// open-hand payoffs per defender of the bids the two choices play ([`open_hand_bid`]: for a
/// pass, the standing bid its holder plays), when both have one. Two bids (or trumps) compare
/// per defender; a pass against a bid compares the user's money, a pass paying the standing
/// bid's payoff and a bid earning twice its own.
#[must_use]
pub fn auction_mark(
    user: Option<&Action>,
    best: Option<&Action>,
    yours: Option<i32>,
    best_pay: Option<i32>,
) -> Mark {
    if same_choice(user, best) {
        return Mark::Best;
    }
    let passes = |a: Option<&Action>| matches!(a.map(|a| &a.verb), Some(Verb::Pass { .. }));
    let money = |a: Option<&Action>, pay: i32| if passes(a) { -pay } else { 2 * pay };
    match (yours, best_pay) {
        (Some(y), Some(b)) if passes(user) || passes(best) => {
            let lost = money(best, b) - money(user, y);
            if lost > 0 {
                Mark::Cost(lost)
            } else {
                Mark::Best
            }
        }
        (Some(y), Some(b)) if y >= b => Mark::Best,
        (Some(y), Some(b)) => Mark::Other(Some(b - y)),
        _ => Mark::Other(None),
    }
}

/// The solve that reviews the card after `index` cards of the finished `game`'s play: the
/// position before it, every legal card scored (no line), under the bid as played.
#[must_use]
pub fn card_query(game: &WholeGame, index: usize) -> Option<Query> {
    let c = game.contracted()?;
    let (deal, played) = game.position()?;
    let mut q = Query::new(deal, c.bid.bid.clone());
    q.rules = game.rules().play();
    q.played = played.get(..index)?.to_vec();
    q.all_cards = true;
    q.line = false;
    q.scoring = c.bid.scoring();
    Some(q)
}

/// The user's seat in the play's order (0 the soloist) in `game`.
#[must_use]
pub fn play_seat(game: &WholeGame, user: Seat) -> Option<Seat> {
    game.contracted().map(|c| (user + 3 - c.soloist) % 3)
}

/// The card of a card decision.
#[must_use]
pub fn card_of(d: &Decision) -> Option<Card> {
    match d.action.as_ref()?.verb {
        Verb::Card(c) => Some(c),
        _ => None,
    }
}

/// What the user saw at card decision `d` of the finished `game` (its view of the play then,
/// with the auction's words, as the advisor weighs them): the question of its knowable cost.
/// Never the hidden cards: built from the user's own table view at that moment.
#[must_use]
pub fn card_view_at(game: &WholeGame, user: Seat, d: &Decision) -> Option<SeatView> {
    let before = game_before(game, d.at)?;
    play_view(&before.view(user), true)
}

/// What the user saw at auction, trump or kontra decision `d` of the finished `game`: its table
/// view and what it could do just before it, and for a bid said at a pick-up moment its view
/// with the talon picked up (the question of its knowable cost, `Job::TableKnowable`). Never
/// another seat's hand: built from the user's own view at that moment.
#[must_use]
pub fn choice_view_at(
    game: &WholeGame,
    user: Seat,
    d: &Decision,
) -> Option<(TableView, SeatTurn, Option<TableView>)> {
    let before = game_before(game, d.at)?;
    let turn = before.seat_turn(user, false);
    let picked_up = matches!(d.action.as_ref().map(|a| &a.verb), Some(Verb::Bid { .. }))
        && turn.opened
        && !turn.holder_turn;
    let after = picked_up.then(|| before.view_after_pickup(user));
    Some((before.view(user), turn, after))
}

/// What an auction or trump decision lost open-hand on the actual layout, in money for the
/// user, from its mark: nothing when it matched the open-hand best or did as well; for two
/// bids (or two trumps), twice what the open-hand one would have made per defender over the
/// user's (the user the soloist of both); for a pass against a bid, the difference in the
/// user's money ([`Mark::Cost`]). A choice against another with no amount (a bid no trump
/// makes playable) counts as nothing: it is never called bad luck. A kontra has its own amount
/// ([`open_money`]).
#[must_use]
pub fn mark_money(mark: Mark) -> f64 {
    match mark {
        Mark::Other(Some(n)) => seat_money(0, n),
        Mark::Cost(n) => f64::from(n),
        Mark::Best | Mark::Other(None) => 0.0,
    }
}

/// What decision `kind` lost open-hand on the actual layout, in money for the user, once
/// known: a card's and a kontra's from their own solve (`open_cost`: a card's
/// [`open_money_cost`], a kontra's `Job::KontraOpenCost`, the units solved on the cards as they
/// lay), an auction or trump decision's from its `mark` ([`mark_money`]).
#[must_use]
pub fn open_money(kind: Kind, mark: Option<Mark>, open_cost: Option<f64>) -> Option<f64> {
    match kind {
        Kind::Card | Kind::Kontra => open_cost,
        Kind::Auction | Kind::Trump => mark.map(mark_money),
    }
}

/// The solve of the card after `index` cards for its money: every legal card's payoff per
/// defender, at the bid's values without kontras (as the knowable cost counts).
#[must_use]
pub fn card_money_query(game: &WholeGame, index: usize) -> Option<Query> {
    let mut q = card_query(game, index)?;
    q.scoring = ulti_engine::Scoring::default();
    q.payoff = true;
    Some(q)
}

/// What playing `card` lost open-hand on the actual layout, in money for `seat` (the play's
/// seat): the best card's money less the card's, from [`card_money_query`]'s solution.
#[must_use]
pub fn open_money_cost(sol: &Solution, card: Card, seat: Seat) -> Option<f64> {
    let money = |c: &ulti_engine::CardValue| c.payoff.map(|p| seat_money(seat, p));
    let taken = money(sol.cards.iter().find(|v| v.card == card)?)?;
    let best = sol
        .cards
        .iter()
        .filter_map(money)
        .fold(f64::NEG_INFINITY, f64::max);
    Some((best - taken).max(0.0))
}

/// The deal's two sums: money lost by mistakes (the knowable mean of each decision judged a
/// mistake) and money lost to the layout (the open-hand cost of each judged bad luck), from
/// each decision's knowable cost and open-hand cost, as far as both are known.
#[must_use]
pub fn skill_and_luck(judged: &[(Option<&Knowable>, Option<f64>)]) -> (f64, f64) {
    let mut sums = (0.0, 0.0);
    for (k, open) in judged {
        let (Some(k), Some(open)) = (k, open) else {
            continue;
        };
        match judge(k, *open, KNOWABLE_TOLERANCE) {
            Judgement::Mistake => sums.0 += k.mean,
            Judgement::BadLuck => sums.1 += open,
            Judgement::Fine => {}
        }
    }
    sums
}

/// The money a decision's interval must clear to be called a mistake (the worker's default).
pub const KNOWABLE_TOLERANCE: f64 = 0.5;

/// A money amount as the review shows it (one decimal at most).
#[must_use]
pub fn money_text(x: f64) -> String {
    let r = (x * 10.0).round() / 10.0;
    if r.fract() == 0.0 {
        format!("{r:.0}")
    } else {
        format!("{r:.1}")
    }
}

#[cfg(test)]
mod knowable_tests {
    use super::*;

    fn k(mean: f64, half_width: f64) -> Knowable {
        Knowable {
            mean,
            half_width,
            layouts: 16,
            best: None,
        }
    }

    #[test]
    fn the_sums_split_mistakes_from_bad_luck() {
        let (a, b, c, d) = (k(12.0, 4.0), k(2.0, 4.0), k(0.0, 0.0), k(6.0, 1.0));
        let rows = [
            (Some(&a), Some(20.0)), // mistake: its knowable mean counts
            (Some(&b), Some(8.0)),  // not a mistake, lost on the layout: luck
            (Some(&c), Some(0.0)),  // fine
            (Some(&d), None),       // not known yet: not counted
        ];
        assert_eq!(skill_and_luck(&rows), (12.0, 8.0));
        // An auction row's open-hand money: twice the bid's loss per defender, else nothing.
        assert_eq!(mark_money(Mark::Other(Some(3))), 6.0);
        assert_eq!(mark_money(Mark::Other(None)), 0.0);
        assert_eq!(mark_money(Mark::Best), 0.0);
        // A kontra's comes from its own open solve, whatever its mark says.
        assert_eq!(
            open_money(Kind::Kontra, Some(Mark::Other(None)), Some(2.0)),
            Some(2.0)
        );
        assert_eq!(
            open_money(Kind::Kontra, Some(Mark::Other(None)), None),
            None
        );
        assert_eq!(
            open_money(Kind::Auction, Some(Mark::Other(Some(3))), None),
            Some(6.0)
        );
        assert_eq!(open_money(Kind::Auction, None, Some(5.0)), None);
        // A kontra not a mistake whose units, solved open, would have paid 2 more doubled
        // otherwise: bad luck, 2 in the luck sum; the same kontra as the open-hand best: fine.
        let kontra = k(0.4, 1.0);
        let lost = open_money(Kind::Kontra, Some(Mark::Other(None)), Some(2.0));
        let best = open_money(Kind::Kontra, Some(Mark::Best), Some(0.0));
        assert_eq!(
            judge(&kontra, lost.unwrap(), KNOWABLE_TOLERANCE),
            Judgement::BadLuck
        );
        assert_eq!(
            skill_and_luck(&[
                (Some(&kontra), lost),
                (Some(&kontra), best),
                (Some(&a), Some(20.0))
            ]),
            (12.0, 2.0)
        );
        assert_eq!(money_text(12.0), "12");
        assert_eq!(money_text(3.25), "3.3");
    }
}
