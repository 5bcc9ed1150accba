//! One whole game at the table between computer players: each decision asked of the seat
//! whose turn it is, from its own view (the talon handed over only once it picks up), the
//! cheater from the actual cards; every action goes through [`WholeGame::apply`].

use std::collections::HashSet;

use crate::advise::{Evidence, Executor, Task};
use crate::card::{Card, CardSet, Suit};
use crate::contract::Contract;
use crate::deal::{Deal, Seat};
use crate::solver::{Query, Question};
use crate::whole_game::{Action, AuctionBid, Stage, Verb, WholeGame};

use super::table::{BidMove, DecisionTimes, TableLevel, TablePlayer, row_bid};
use super::table_seat::{SeatDecision, auction_seat, decide_seat, evidence_of};

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

/// What each seat said in the auction of `game` won by `soloist` (its last bid, or that it
/// passed every turn), by the seats of the play: public, the discards are not read.
#[must_use]
pub fn auction_evidence(game: &WholeGame, soloist: Seat) -> Evidence {
    evidence_of(
        game.actions().iter().filter_map(|a| match &a.verb {
            Verb::Bid { bid, .. } => Some((a.seat, bid)),
            _ => None,
        }),
        soloist,
    )
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
    player.picked_up = false;
    if player.level() != TableLevel::Cheater {
        return decide_by_seat(game, seat, player, times, clock);
    }
    if let Some((level, units)) = game.kontra_options_for(seat) {
        let soloist = game.contracted().is_some_and(|c| c.soloist == seat);
        let t = clock();
        let pick = cheater_kontra(player, game, &units, soloist);
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
        Stage::Auction => cheater_auction(player, game, seat),
        Stage::Trump => Action {
            seat,
            verb: Verb::Trump(cheater_trump(player, game, &game.trump_options())),
        },
        Stage::Play => {
            let c = game.contracted().expect("in play");
            let (deal, played) = game.position().expect("in play");
            let a = c.bid.announcement(c.trump.unwrap_or(Suit::Piros));
            let card: Card = player
                .cheater
                .card(&deal, &a, &played, game.rules().play())
                .map_err(|e| e.to_string())?;
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

/// [`decide`] for every level but the cheater: from the seat's view and turn only
/// ([`decide_seat`]); a pick-up is carried out at once, the talon handed over, and the seat
/// asked again (one decision, timed as one).
fn decide_by_seat(
    game: &WholeGame,
    seat: Seat,
    player: &mut TablePlayer,
    times: &mut DecisionTimes,
    clock: &dyn Fn() -> f64,
) -> Result<Option<Action>, String> {
    let t = clock();
    let first = decide_seat(
        &game.view(seat),
        &game.seat_turn(seat, false),
        player,
        times,
        clock,
    )?;
    Ok(match first {
        SeatDecision::Act(a) => Some(a),
        SeatDecision::Nothing => None,
        SeatDecision::PickUp => {
            let after = decide_seat(
                &game.view_after_pickup(seat),
                &game.seat_turn(seat, true),
                player,
                times,
                clock,
            )?;
            if let Some(last) = times.auction.last_mut() {
                last.1 = clock() - t;
            }
            match after {
                SeatDecision::Act(a) => Some(a),
                _ => return Err("a seat that picked up decided nothing".into()),
            }
        }
    })
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

/// An auction action of a player that sees only its seat (a pick-up carried out at once).
pub(super) fn auction_action(p: &mut TablePlayer, game: &WholeGame, seat: Seat) -> Action {
    match auction_seat(p, &game.view(seat), &game.seat_turn(seat, false)) {
        SeatDecision::Act(a) => a,
        SeatDecision::PickUp | SeatDecision::Nothing => {
            match auction_seat(
                p,
                &game.view_after_pickup(seat),
                &game.seat_turn(seat, true),
            ) {
                SeatDecision::Act(a) => a,
                _ => unreachable!("after a pick-up the seat bids or passes"),
            }
        }
    }
}
