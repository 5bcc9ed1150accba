//! Cheap bounds on the value of a position (quick tricks, top trump runs, live counting
//! cards, payoff bounds from the components): the search answers at once outside them.

use crate::contract::Contract;
use crate::deal::SOLOIST;

use super::{MOD3, SUIT_MASK, Solver, board::above, goal::Goal};

impl Solver {
    /// Bounds on the value from here: the search answers at once outside them.
    pub(super) fn bounds(&self) -> (i32, i32) {
        if self.trick_len > 0 {
            // Mid-trick the counting goals take the full range (the trick boundary above had
            // the same maximum); the search narrows it with [`Solver::mid_trick_bounds`].
            let left = 10 - self.tricks_done as i32;
            let live = i32::from(self.live_count[self.tricks_done]);
            match self.goal {
                Goal::Points => return (0, live + 1),
                Goal::Aces | Goal::Tens => return (0, live),
                Goal::SoloTricks | Goal::DefTricks => return (0, left),
                Goal::Ulti | Goal::Payoff => {}
            }
        }
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.trick_bits();
        let left = 10 - self.tricks_done as i32;
        let boundary = self.trick_len == 0 && left > 0;
        let all = boundary && self.leader == SOLOIST && self.soloist_takes_rest();
        // Sure cards: at a trick boundary, the top run of live trumps held by one side.
        let (mut sol_sure, mut def_sure) = if boundary { self.trump_run() } else { (0, 0) };
        // On lead, a defender may cash side-suit winners nobody can ruff (for the aces and the
        // tens: with card points it rarely cuts and costs more than it saves).
        if boundary && self.leader != SOLOIST && matches!(self.goal, Goal::Aces | Goal::Tens) {
            def_sure |= self.defender_cash();
        }
        // On lead, the soloist may also draw trumps and cash side-suit winners.
        if boundary
            && !all
            && self.leader == SOLOIST
            && matches!(
                self.goal,
                Goal::Points | Goal::SoloTricks | Goal::Aces | Goal::Tens
            )
        {
            sol_sure = self.soloist_cash(sol_sure);
        }
        let count = |mask: u32| -> (i32, i32, i32) {
            debug_assert_eq!(mask, self.count_mask);
            (
                self.live_cards(live),
                (sol_sure & mask).count_ones() as i32,
                (def_sure & mask).count_ones() as i32,
            )
        };
        match self.goal {
            Goal::Points => {
                let (max, sure, lost) = count(self.points_mask);
                let max = max + i32::from(left > 0);
                if all { (max, max) } else { (sure, max - lost) }
            }
            Goal::SoloTricks => {
                let sure = sol_sure.count_ones() as i32;
                let beaten = boundary && self.leader == SOLOIST && self.soloist_top_beaten();
                let hi = left - i32::from(def_sure != 0 || beaten);
                (if all { left } else { sure }, hi)
            }
            Goal::DefTricks => (0, if all { 0 } else { left }),
            Goal::Aces | Goal::Tens => {
                let mask = if self.goal == Goal::Aces {
                    self.aces_mask
                } else {
                    self.tens_mask
                };
                let (max, sure, lost) = count(mask);
                if all { (max, max) } else { (sure, max - lost) }
            }
            Goal::Ulti => {
                let alive = self.hands[0] & self.seven != 0
                    || (self.tricks_done == 9 && self.trick_bits() & self.seven != 0);
                (i32::from(alive && all), i32::from(alive))
            }
            Goal::Payoff => {
                // The top trump runs win their tricks whoever leads them, whenever they are
                // played: facts of the position.
                let (lo, mut hi) = self.payoff_bounds(live, left, sol_sure, def_sure);
                // Taking every trick is the best outcome for every component but betli.
                let betli = self
                    .spec
                    .comps
                    .iter()
                    .any(|c| c.contract == Contract::Betli);
                if all && !betli {
                    return (hi, hi);
                }
                // A durchmars still open that the defenders can break (a search bound, not a
                // fact of the position: `payoff_bounds` keeps it open).
                let clean =
                    usize::from(self.progress[self.tricks_done].sol_tricks) == self.tricks_done;
                // (Unless the defenders' trump run already broke it above.)
                if boundary
                    && clean
                    && def_sure == 0
                    && self.leader == SOLOIST
                    && self.soloist_top_beaten()
                {
                    for c in &self.spec.comps {
                        if matches!(c.contract, Contract::Durchmars | Contract::DurchmarsAdu) {
                            hi -= c.win - c.lose;
                        }
                    }
                }
                (lo, hi)
            }
        }
    }

    /// [`Solver::bounds`] mid-trick for the counting goals, around `need`: when the winning
    /// side of the trick in progress is sure, so are the counted cards on its table. Worked out
    /// only when that decides `need` (else the full range).
    #[inline]
    pub(super) fn mid_trick_bounds(&self, need: i32) -> (i32, i32) {
        debug_assert!(self.trick_len > 0 && !matches!(self.goal, Goal::Ulti | Goal::Payoff));
        let left = 10 - self.tricks_done as i32;
        let live = i32::from(self.live_count[self.tricks_done]);
        let (max, table) = match self.goal {
            Goal::Points | Goal::Aces | Goal::Tens => {
                let mut on_table = 1u32 << self.trick[0];
                if self.trick_len == 2 {
                    on_table |= 1 << self.trick[1];
                }
                let table = (on_table & self.count_mask).count_ones() as i32;
                (live + i32::from(self.goal == Goal::Points), table)
            }
            _ => (left, 1),
        };
        if table == 0 || (need > table && need <= max - table) {
            return (0, max);
        }
        let sure = self.trick_side();
        let solo_side = match self.goal {
            Goal::DefTricks => sure.map(|s| !s),
            _ => sure,
        };
        match solo_side {
            Some(true) => (table, max),
            Some(false) => (0, max - table),
            None => (0, max),
        }
    }

    /// Mid-trick: `Some(true)` when the soloist surely wins the trick in progress,
    /// `Some(false)` when the defenders surely do, else `None`.
    pub(super) fn trick_side(&self) -> Option<bool> {
        let wi = self.winning_index();
        let ws = MOD3[(self.leader + wi) & 7];
        let w = self.trick[wi];
        for k in self.trick_len..3 {
            let r = MOD3[(self.leader + k) & 7];
            if (r == SOLOIST) != (ws == SOLOIST) && self.can_beat(r, w) {
                return None;
            }
        }
        Some(ws == SOLOIST)
    }

    /// The top run of live trumps held by one side (at a trick boundary): nothing can beat
    /// them, so each wins the trick it is played to for its side. Returns (the soloist's run,
    /// the defenders' run); one of them is empty.
    pub(super) fn trump_run(&self) -> (u32, u32) {
        let sol = self.hands[0] & self.trump_mask;
        let def = (self.hands[1] | self.hands[2]) & self.trump_mask;
        let run = |mine: u32, theirs: u32| -> u32 {
            if theirs == 0 {
                mine
            } else {
                mine & above(31 - theirs.leading_zeros())
            }
        };
        (run(sol, def), run(def, sol))
    }

    /// Live cards of `count_mask` (`live`: the hands and the trick in progress), kept per trick.
    #[inline]
    pub(super) fn live_cards(&self, live: u32) -> i32 {
        let n = self.live_count[self.tricks_done];
        debug_assert_eq!(u32::from(n), (live & self.count_mask).count_ones());
        i32::from(n)
    }

    /// Sure winners of the soloist on lead at a trick boundary, given their top trump run
    /// `run`: when the run (without a held ulti VII) draws every defender trump, all their
    /// trumps and, in each side suit, the cards above every defender card of the suit (each
    /// wins its trick and keeps the lead); else just `run`.
    pub(super) fn soloist_cash(&self, run: u32) -> u32 {
        let t = self.trump_mask;
        let h = self.hands[0] & !self.hold7;
        let n = (run & !self.hold7).count_ones();
        if n < (self.hands[1] & t).count_ones() || n < (self.hands[2] & t).count_ones() {
            return run;
        }
        let d = self.hands[1] | self.hands[2];
        let mut cash = h & t;
        for m in SUIT_MASK {
            if m & t == 0 {
                let (hs, ds) = (h & m, d & m);
                cash |= if ds == 0 {
                    hs
                } else {
                    hs & above(31 - ds.leading_zeros())
                };
            }
        }
        cash | run
    }

    /// Sure winners of the defender on lead at a trick boundary in the side suits: in a suit S,
    /// their cards above every other live card of S (`k` of them), when neither the soloist nor
    /// the partner can ruff them: each has no trumps or at least `k` cards of S to follow with.
    /// Led one after the other, each wins its trick and keeps the lead (nobody plays above
    /// it), and following S never costs the soloist or the partner a card of another suit, so
    /// the suits can be cashed one after the other.
    pub(super) fn defender_cash(&self) -> u32 {
        let d = self.leader;
        let p = 3 - d;
        let t = self.trump_mask;
        let (sol, mine, partner) = (self.hands[SOLOIST], self.hands[d], self.hands[p]);
        let (sol_ruffs, partner_ruffs) = (sol & t != 0, partner & t != 0);
        let mut cash = 0;
        for m in SUIT_MASK {
            if m & t != 0 || mine & m == 0 {
                continue;
            }
            let others = (sol | partner) & m;
            let run = if others == 0 {
                mine & m
            } else {
                mine & m & above(31 - others.leading_zeros())
            };
            let k = run.count_ones();
            if k == 0 {
                continue;
            }
            let follows = |hand: u32, ruffs: bool| !ruffs || (hand & m).count_ones() >= k;
            if follows(sol, sol_ruffs) && follows(partner, partner_ruffs) {
                cash |= run;
            }
        }
        cash
    }

    /// Quick tricks: the soloist, on lead at a trick boundary, surely takes every remaining
    /// trick when each of their cards beats every defender card of its suit and they hold at
    /// least as many trumps as either defender (draw the trumps, then cash the side suits;
    /// a held ulti VII is then unbeatable and goes last).
    pub(super) fn soloist_takes_rest(&self) -> bool {
        let h = self.hands[0];
        let d = self.hands[1] | self.hands[2];
        for m in SUIT_MASK {
            let (hs, ds) = (h & m, d & m);
            if hs != 0 && ds != 0 && hs.trailing_zeros() < 31 - ds.leading_zeros() {
                return false;
            }
        }
        let t = self.trump_mask;
        let ht = (h & t).count_ones();
        ht >= (self.hands[1] & t).count_ones() && ht >= (self.hands[2] & t).count_ones()
    }

    /// The soloist, on lead at a trick boundary, cannot take every remaining trick when, in a
    /// suit S the soloist holds, a defender D holds a card `y` above the soloist's card of S
    /// that is led last, and D can keep `y` until then. Taking every trick, the soloist leads
    /// them all, so all `s` of their S cards are led; D must follow each S lead and beat it if
    /// they can, so any S lead below `y` while D holds `y` is a defenders' trick:
    /// - `y` above the soloist's top S card: D keeps `y` until S is led (on other leads D
    ///   follows, or trumps — itself a defenders' trick — or discards another card; if `y` is
    ///   D's last card, the soloist's last card is of S);
    /// - else, with `m` soloist S cards above `y` (led first, at best) and `n` S cards in D's
    ///   hand: D drops its other S cards on those `m` leads and still holds `y` at the next one
    ///   when `m < n`, and never has to discard an S card on the other leads when `n <= s`
    ///   (D's other cards are at least as many as the soloist's).
    ///
    /// Trumps change nothing: S may be the trump suit (a forced ruff wins the trick for the
    /// defenders too), and a ruff by the other defender is also theirs.
    pub(super) fn soloist_top_beaten(&self) -> bool {
        let h = self.hands[0];
        SUIT_MASK.iter().any(|&m| {
            let hs = h & m;
            if hs == 0 {
                return false;
            }
            let s = hs.count_ones();
            [self.hands[1] & m, self.hands[2] & m]
                .into_iter()
                .any(|ds| {
                    if ds == 0 {
                        return false;
                    }
                    let y = 31 - ds.leading_zeros();
                    let above = (hs & above(y)).count_ones();
                    let n = ds.count_ones();
                    above == 0 || (above < s && above < n && n <= s)
                })
        })
    }

    /// The payoff's bounds from the progress so far and the live cards; `sol_run` and
    /// `def_run` are cards sure to win their tricks for the soloist and for the defenders
    /// whatever anyone plays (their card points go to that side, a defender's ace or X is
    /// lost to négy ász or négy tízes), or 0.
    pub(super) fn payoff_bounds(
        &self,
        live: u32,
        left: i32,
        sol_run: u32,
        def_run: u32,
    ) -> (i32, i32) {
        let p = self.progress[self.tricks_done];
        let pts = i32::from(p.pts);
        let sure = (sol_run & self.points_mask).count_ones() as i32;
        let rem_pts = self.live_cards(live) + i32::from(left > 0)
            - (def_run & self.points_mask).count_ones() as i32;
        let sol_any = p.sol_tricks > 0;
        let def_any = (self.tricks_done as u8) > p.sol_tricks;
        let (mut lo, mut hi) = (0, 0);
        for comp in &self.spec.comps {
            let decided = match comp.contract {
                Contract::Passz => {
                    if self.spec.passz(pts + sure, sol_any, def_any || left > 0) {
                        Some(true)
                    } else if !self.spec.passz(
                        pts + rem_pts,
                        sol_any || left > 0,
                        def_any || def_run != 0,
                    ) {
                        Some(false)
                    } else {
                        None
                    }
                }
                Contract::Negyven100 | Contract::Husz100 => {
                    let t = if comp.contract == Contract::Negyven100 {
                        6
                    } else {
                        8
                    };
                    if pts + sure >= t {
                        Some(true)
                    } else if pts + rem_pts < t {
                        Some(false)
                    } else {
                        None
                    }
                }
                Contract::Ulti => {
                    if self.tricks_done == 10 {
                        Some(p.ulti)
                    } else if self.hands[0] & self.seven != 0
                        || (self.tricks_done == 9 && self.trick_bits() & self.seven != 0)
                    {
                        None
                    } else {
                        Some(false)
                    }
                }
                Contract::Durchmars | Contract::DurchmarsAdu => {
                    if def_any || def_run != 0 {
                        Some(false)
                    } else if left == 0 {
                        Some(true)
                    } else {
                        None
                    }
                }
                Contract::Betli => {
                    if sol_any {
                        Some(false)
                    } else if left == 0 {
                        Some(true)
                    } else {
                        None
                    }
                }
                Contract::NegyAsz | Contract::NegyTizes => {
                    let (got, mask) = if comp.contract == Contract::NegyAsz {
                        (p.aces, self.aces_mask)
                    } else {
                        (p.tens, self.tens_mask)
                    };
                    if got == 4 {
                        Some(true)
                    } else if u32::from(got) + (live & mask).count_ones() < 4 || def_run & mask != 0
                    {
                        Some(false)
                    } else {
                        None
                    }
                }
            };
            match decided {
                Some(true) => {
                    lo += comp.win;
                    hi += comp.win;
                }
                Some(false) => {
                    lo += comp.lose;
                    hi += comp.lose;
                }
                None => {
                    lo += comp.lose;
                    hi += comp.win;
                }
            }
        }
        (lo, hi)
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::*;
    use crate::card::Card;
    use crate::contract::Bid;
    use crate::contract::Contract;
    use crate::deal::Deal;
    use crate::rules::{Game, RuleOptions};
    use crate::solver::query::Query;

    /// The static bounds hold the exact value between them at trick boundaries with a
    /// defender on lead, reached by random play, and the defender's cash takes part in enough
    /// of them, often as the exact value. (Its conditions are guarded by tests/oracle.rs: with
    /// either ruff condition dropped, the brute-force comparisons there fail.)
    #[test]
    fn bounds_hold_the_exact_value_when_a_defender_leads() {
        let mut rng = SmallRng::seed_from_u64(22);
        let mut solver = Solver::new();
        let (mut checked, mut cashing, mut tight) = (0, 0, 0);
        for seed in 0..800 {
            let deal = Deal::random(seed);
            let contract =
                [Contract::Passz, Contract::NegyAsz, Contract::NegyTizes][seed as usize % 3];
            let bid = Bid::single(contract);
            let rules = RuleOptions {
                must_beat_after_trump: seed % 2 == 0,
                marriage_needs_trick: false,
            };
            if bid.unplayable_reason(&deal).is_some() {
                continue;
            }
            let mut game = Game::with_played(&deal, &bid, rules, &[]).expect("a legal start");
            let mut played: Vec<Card> = Vec::new();
            let stop = 3 * rng.random_range(3..8);
            while played.len() < stop {
                let legal: Vec<Card> = game.legal_cards().iter().collect();
                let card = legal[rng.random_range(0..legal.len())];
                game.play(card).expect("a legal card");
                played.push(card);
            }
            if game.leader() == SOLOIST {
                continue;
            }
            let mut q = Query::new(deal, bid);
            q.rules = rules;
            solver.configure(&q);
            let goal = if contract == Contract::NegyAsz {
                Goal::Aces
            } else {
                Goal::Tens
            };
            solver.setup(&deal, &played, goal);
            let (lo, hi) = solver.bounds();
            let v = solver.exact();
            assert!(
                lo <= v && v <= hi,
                "{} played {played:?} {contract:?}: {lo}..{hi} misses {v}",
                deal.code()
            );
            checked += 1;
            if solver.defender_cash() & solver.count_mask != 0 {
                cashing += 1;
                tight += i32::from(hi == v);
            }
        }
        assert!(
            checked >= 300,
            "only {checked} positions with a defender on lead"
        );
        assert!(
            cashing >= 40,
            "the defender's cash counted in only {cashing} positions"
        );
        assert!(tight >= 15, "the bound was exact in only {tight} of them");
    }
}
