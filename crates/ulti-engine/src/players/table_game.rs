//! One whole game at the table between computer players: each decision asked of the seat
//! whose turn it is, from its own view (the talon handed over only once it picks up), the
//! cheater from the actual cards; every action goes through [`WholeGame::apply`].

use std::collections::HashSet;

use serde::{Deserialize, Serialize};

use crate::advise::{Evidence, Executor, Family, Said, SeatView, Task};
use crate::card::{Card, CardSet, Suit};
use crate::contract::Contract;
use crate::deal::{Deal, Seat};
use crate::solver::{Query, Question};
use crate::whole_game::{Action, AuctionBid, Stage, Verb, WholeGame};

use super::table::{AuctionMove, BidMove, TableLevel, TablePlayer, row_bid};

/// Decision times of a game, by kind (milliseconds of the clock the caller gives).
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct DecisionTimes {
    /// Auction decisions (pass, pick up and bid, stand or raise, trump): (seat, ms).
    pub auction: Vec<(Seat, f64)>,
    /// Kontra decisions (said or not): (seat, ms).
    pub kontra: Vec<(Seat, f64)>,
    /// Cards: (seat, ms).
    pub card: Vec<(Seat, f64)>,
}

/// The deal `seat` would play as soloist with `hand` (ten cards) and the two other seats'
/// current hands, the rest the talon.
fn deal_as_soloist(game: &WholeGame, seat: Seat, hand: CardSet) -> Option<Deal> {
    Deal::new(
        Suit::Zold,
        [hand, game.hand((seat + 1) % 3), game.hand((seat + 2) % 3)],
    )
    .ok()
}

/// The cheater's best bid of `higher` with its twelve cards as they lie, by exact search over
/// every discard and bid: (payoff per defender, the move).
fn cheater_best(
    p: &mut TablePlayer,
    game: &WholeGame,
    seat: Seat,
    twelve: CardSet,
    higher: &[AuctionBid],
) -> Option<(i32, BidMove)> {
    let ten: CardSet = twelve.iter().take(10).collect();
    let deal = Deal::new(
        Suit::Zold,
        [ten, game.hand((seat + 1) % 3), game.hand((seat + 2) % 3)],
    )
    .ok()?;
    let tasks = Task::every_discard(&deal, game.rules().play());
    let results = p.cheater_solver().run_all(&tasks);
    let ds = crate::advise::discards(twelve);
    let anns = crate::advise::announcements();
    let mut best: Option<(i32, BidMove)> = None;
    for (d, r) in results.iter().enumerate() {
        for (a, o) in r.bid_outcomes()?.iter().enumerate() {
            let (Some((_, pay)), Some((b, t))) = (o, row_bid(&anns[a].id())) else {
                continue;
            };
            if higher.contains(&b) && best.as_ref().is_none_or(|(x, _)| pay > x) {
                best = Some((
                    *pay,
                    BidMove {
                        bid: b,
                        discard: ds[d],
                        trump: t,
                    },
                ));
            }
        }
    }
    best
}

/// The cheater's auction action.
fn cheater_auction(p: &mut TablePlayer, game: &WholeGame, seat: Seat) -> Action {
    let higher = game.higher_bids();
    let act = |verb| Action { seat, verb };
    let twelve = if game.opened() {
        CardSet(game.hand(seat).0 | game.talon().0)
    } else {
        game.hand(seat)
    };
    let best = cheater_best(p, game, seat, twelve, &higher);
    let bid = |m: BidMove| {
        act(Verb::Bid {
            bid: m.bid,
            discard: m.discard,
        })
    };
    if !game.opened() {
        if let Some((_, m)) = best {
            return bid(m);
        }
        return act(Verb::Pass {
            discard: Some(p.opening_pass(&game.view(seat))),
        });
    }
    // What the standing bid is worth to its holder as the cards lie (its best trump).
    let standing = game.standing().map(|(h, b)| {
        let deal = deal_as_soloist(game, h, game.hand(h));
        let trumps = b.playable_trumps(game.hand(h), game.talon());
        trumps
            .iter()
            .filter_map(|&t| {
                let a = b.announcement(t);
                let d = deal?.with_trump(t);
                p.cheater_solver()
                    .bid_value(&d, &a, game.rules().play())
                    .ok()?
                    .payoff
            })
            .max()
            .unwrap_or(0)
    });
    match (best, game.holder_turn()) {
        (Some((pay, m)), true) if standing.is_some_and(|s| pay > s) => bid(m),
        (_, true) => act(Verb::Stand),
        (Some((pay, m)), false) if 2 * pay > -standing.unwrap_or(0) => bid(m),
        _ => act(Verb::Pass { discard: None }),
    }
}

impl TablePlayer {
    fn cheater_solver(&mut self) -> &mut crate::solver::Solver {
        self.cheater.solver_mut()
    }
}

/// The view of the play for table seat `seat`; with `inference`, its layouts weighed by what
/// the seats said in the auction.
fn seat_view(game: &WholeGame, seat: Seat, inference: bool) -> Option<SeatView> {
    let c = game.contracted()?;
    let (deal, played) = game.position()?;
    let view = SeatView::from_deal(
        &deal,
        &c.bid.bid,
        &played,
        (seat + 3 - c.soloist) % 3,
        game.rules().play(),
    )
    .ok()?;
    Some(if inference {
        view.with_evidence(auction_evidence(game, c.soloist))
    } else {
        view
    })
}

/// What each seat said in the auction of `game` won by `soloist` (its last bid, or that it
/// passed every turn), by the seats of the play: public, the discards are not read.
#[must_use]
pub fn auction_evidence(game: &WholeGame, soloist: Seat) -> Evidence {
    let mut said = [Said::Passed; 3];
    for a in game.actions() {
        if let Verb::Bid { bid, .. } = &a.verb {
            said[(a.seat + 3 - soloist) % 3] = Said::Bid {
                family: Family::of(&bid.bid),
                piros: bid.piros,
            };
        }
    }
    Evidence::new(said)
}

/// The cheater's kontra: the units whose outcome on the actual cards favours its side.
fn cheater_kontra(
    p: &mut TablePlayer,
    game: &WholeGame,
    units: &[Contract],
    soloist: bool,
) -> Vec<Contract> {
    let Some((deal, played)) = game.position() else {
        return Vec::new();
    };
    units
        .iter()
        .copied()
        .filter(|&u| {
            let mut q = Query::new(deal, crate::contract::Bid::single(u));
            q.played = played.clone();
            q.rules = game.rules().play();
            q.line = false;
            q.question = Question::WinLose;
            let wins = p
                .cheater_solver()
                .solve(&q)
                .ok()
                .and_then(|s| s.soloist_wins)
                == Some(true);
            wins == soloist
        })
        .collect()
}

/// The cheater's trump: the option with the best payoff on the actual cards.
fn cheater_trump(p: &mut TablePlayer, game: &WholeGame, options: &[Suit]) -> Suit {
    let c = game.contracted().expect("after the auction");
    let deal = deal_as_soloist(game, c.soloist, game.hand(c.soloist));
    options
        .iter()
        .copied()
        .max_by_key(|&t| {
            deal.and_then(|d| {
                p.cheater_solver()
                    .bid_value(
                        &d.with_trump(t),
                        &c.bid.announcement(t),
                        game.rules().play(),
                    )
                    .ok()?
                    .payoff
            })
            .unwrap_or(i32::MIN)
        })
        .expect("a bid that names a trump has a playable one")
}

/// What `seat` does now, decided by `player`: a kontra it says at this moment, else (the
/// seat to act) its bid, pass, stand, trump or card; `None` when it is not the seat to act and
/// says no kontra. Each decision is a function of the player's level and seed and of what its
/// seat can see (the cheater: of the cards as they lie).
///
/// # Errors
/// A game that is over.
pub fn decide(
    game: &WholeGame,
    seat: Seat,
    player: &mut TablePlayer,
    times: &mut DecisionTimes,
    clock: &dyn Fn() -> f64,
) -> Result<Option<Action>, String> {
    if game.stage() == Stage::Over {
        return Err("the game is over".into());
    }
    let cheater = player.level() == TableLevel::Cheater;
    player.picked_up = false;
    if let Some((level, units)) = game.kontra_options_for(seat) {
        let soloist = game.contracted().is_some_and(|c| c.soloist == seat);
        let t = clock();
        let pick = if cheater {
            cheater_kontra(player, game, &units, soloist)
        } else {
            seat_view(game, seat, player.inference())
                .map_or_else(Vec::new, |v| player.kontra(&v, &units, soloist))
        };
        times.kontra.push((seat, clock() - t));
        if !pick.is_empty() {
            return Ok(Some(Action {
                seat,
                verb: Verb::Kontra { level, units: pick },
            }));
        }
    }
    if game.to_act() != Some(seat) {
        return Ok(None);
    }
    let t = clock();
    let a = match game.stage() {
        Stage::Auction if cheater => cheater_auction(player, game, seat),
        Stage::Auction => auction_action(player, game, seat),
        Stage::Trump => {
            let options = game.trump_options();
            let s = if cheater {
                cheater_trump(player, game, &options)
            } else {
                let bid = game.contracted().expect("after the auction").bid;
                player.trump(&game.view(seat), &bid, &options)
            };
            Action {
                seat,
                verb: Verb::Trump(s),
            }
        }
        Stage::Play => {
            let card: Card = if cheater {
                let c = game.contracted().expect("in play");
                let (deal, played) = game.position().expect("in play");
                let a = c.bid.announcement(c.trump.unwrap_or(Suit::Piros));
                player
                    .cheater
                    .card(&deal, &a, &played, game.rules().play())
                    .map_err(|e| e.to_string())?
            } else {
                let v = seat_view(game, seat, player.inference()).ok_or("no view of the play")?;
                player.card(&v)
            };
            Action {
                seat,
                verb: Verb::Card(card),
            }
        }
        Stage::Over => unreachable!("checked above"),
    };
    let ms = clock() - t;
    if game.stage() == Stage::Play {
        times.card.push((seat, ms));
    } else {
        times.auction.push((seat, ms));
    }
    Ok(Some(a))
}

/// Play `game` to the end with `players` at seats 0, 1, 2, timing each decision by `clock`
/// (milliseconds: the command line's thread CPU clock, or a wall clock). Before each card,
/// every seat that may double at that moment is asked (once per moment), then the seat to act.
///
/// # Errors
/// A decision the game refuses (a bug: every decision is chosen among the legal ones).
pub fn play_table_game(
    game: &mut WholeGame,
    players: &mut [TablePlayer; 3],
    times: &mut DecisionTimes,
    clock: &dyn Fn() -> f64,
) -> Result<(), String> {
    let mut asked: HashSet<(Seat, usize, u8)> = HashSet::new();
    let mut steps = 0;
    while game.stage() != Stage::Over {
        steps += 1;
        if steps > 500 {
            return Err("the game does not end".into());
        }
        let to_act = game.to_act().expect("not over");
        let played = game.position().map_or(0, |(_, p)| p.len());
        let out_of_turn = game
            .kontra_open()
            .into_iter()
            .filter(|&(s, level, _)| s != to_act && asked.insert((s, played, level)))
            .map(|(s, _, _)| s)
            .collect::<Vec<_>>();
        let mut action = None;
        for s in out_of_turn {
            action = decide(game, s, &mut players[s], times, clock)?;
            if action.is_some() {
                break;
            }
        }
        let action = match action {
            Some(a) => a,
            None => decide(game, to_act, &mut players[to_act], times, clock)?
                .ok_or("the seat to act has no action")?,
        };
        game.apply(action.clone())
            .map_err(|e| format!("{action}: {e}"))?;
    }
    Ok(())
}

/// An auction action of a player that sees only its seat.
pub(super) fn auction_action(p: &mut TablePlayer, game: &WholeGame, seat: Seat) -> Action {
    let view = game.view(seat);
    let higher = game.higher_bids();
    let act = |verb| Action { seat, verb };
    let standing = game.standing().map(|(_, b)| b.clone());
    let mv = p.auction(&view, &higher, game.holder_turn(), standing.as_ref());
    let fallback = |p: &TablePlayer| {
        if game.holder_turn() {
            act(Verb::Stand)
        } else if game.opened() {
            act(Verb::Pass { discard: None })
        } else {
            act(Verb::Pass {
                discard: Some(p.opening_pass(&view)),
            })
        }
    };
    match mv {
        AuctionMove::Stand if game.holder_turn() => act(Verb::Stand),
        AuctionMove::Pass if game.may_pass() => fallback(p),
        AuctionMove::Bid | AuctionMove::Pass | AuctionMove::Stand => {
            // Committed: only now does it see the talon it picks up.
            p.picked_up = game.opened();
            let twelve = if game.opened() {
                CardSet(game.hand(seat).0 | game.talon().0)
            } else {
                game.hand(seat)
            };
            // RULES.md, Auction, item 2: with no playable higher bid in its twelve, it puts
            // the talon back and passes (a holder stands) without weighing any bid.
            if !higher.iter().any(|b| b.discard_for(twelve).is_some()) {
                return fallback(p);
            }
            match p.bid_with(&view, twelve, &higher) {
                Some(m) => act(Verb::Bid {
                    bid: m.bid,
                    discard: m.discard,
                }),
                None => fallback(p),
            }
        }
    }
}
