//! Par: what a finished deal is worth to a seat with best play by everyone from the start of
//! the play, open-handed — the engine's exact search on the contract as played (its bid,
//! trump and talon), the payoff without kontras. The soloist's par is twice the payoff per
//! defender; a defender's is minus it. No play (everyone passed): 0. It takes up to seconds:
//! call it on a blocking thread.

use ulti_engine::Seat;
use ulti_engine::whole_game::WholeGame;
use ulti_engine::{Query, Solver};

/// The par of `seat` in `game` (its play started or over).
#[must_use]
pub fn par(game: &WholeGame, seat: Seat) -> i64 {
    let (Some(c), Some((deal, _))) = (game.contracted(), game.position()) else {
        return 0;
    };
    let mut q = Query::new(deal, c.bid.bid.clone());
    q.rules = game.rules().play();
    q.line = false;
    q.payoff = true;
    q.scoring = c.bid.scoring();
    let per_defender = match Solver::new().solve(&q) {
        Ok(s) => i64::from(s.payoff.unwrap_or(0)),
        Err(_) => return 0,
    };
    if seat == c.soloist {
        2 * per_defender
    } else {
        -per_defender
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::whole_game::TableRules;

    #[test]
    fn no_play_is_worth_nothing_and_the_seats_pars_sum_to_zero() {
        let g = crate::daily::daily_deal(TableRules::default(), "2026-11-28", 1);
        // Before any bid there is no contract.
        assert_eq!(par(&g, 0), 0);
        // The forehand plays a simple party (passz) from its twelve: its par is twice what
        // each defender pays, and the three pars sum to zero.
        let mut g = g;
        let hand = g.dealt()[0];
        let discard: Vec<String> = hand.iter().take(2).map(|c| c.to_string()).collect();
        let open = format!("0 bid passz {}", discard.join(","));
        g.apply(open.parse().expect("an action")).expect("legal");
        // The others pass; then easy computers name the trump and say their kontras (or
        // not) until the first card.
        for _ in 0..2 {
            let seat = g.to_act().expect("someone acts");
            g.apply(format!("{seat} pass").parse().expect("an action"))
                .expect("legal");
        }
        while g.position().is_none() {
            use ulti_engine::players::{DecisionTimes, TableLevel, TablePlayer, decide};
            let seat = g.to_act().expect("someone acts");
            let mut p = TablePlayer::new(TableLevel::Easy, 1);
            let a = decide(&g, seat, &mut p, &mut DecisionTimes::default(), &|| 0.0)
                .expect("decides")
                .expect("an action");
            g.apply(a).expect("legal");
        }
        let pars: Vec<i64> = (0..3).map(|s| par(&g, s)).collect();
        assert_eq!(pars.iter().sum::<i64>(), 0, "{pars:?}");
        assert_eq!(pars[0], -2 * pars[1]);
        assert_ne!(pars[0], 0);
    }
}
