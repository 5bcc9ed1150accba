//! The search: the fail-soft zero-window alpha-beta ([`Solver::probe_value`]), the forced
//! last trick, and the exact value by narrowing zero-window tests ([`Solver::exact`]).

use crate::deal::SOLOIST;

use super::{Solver, goal::Goal};

impl Solver {
    /// The exact value from the current position: zero-window tests that split the range
    /// still open, each narrowing it to the bound it proves.
    pub(super) fn exact(&mut self) -> i32 {
        let (mut lo, mut hi) = self.bounds();
        while lo < hi {
            // Point values lie mostly in the lower part of the range: split it at a third.
            let mid = if self.goal == Goal::Points {
                lo + (hi - lo + 2) / 3
            } else {
                lo + (hi - lo + 1) / 2
            };
            let v = self.probe_value(mid);
            if v >= mid {
                lo = v;
            } else {
                hi = v;
            }
        }
        lo
    }

    /// In the last trick every card is forced: play them out and return the value they add
    /// (with the final value of a compound bid), the board left as it was.
    pub(super) fn last_trick(&mut self) -> i32 {
        let n = 3 - self.trick_len;
        let mut d = 0;
        for _ in 0..n {
            let seat = self.mover();
            d += self.make(self.hands[seat].trailing_zeros() as u8);
        }
        d += self.bounds().0;
        for _ in 0..n {
            self.unmake();
        }
        d
    }

    /// Can the soloist force a value of at least `need` from here?
    pub(super) fn search(&mut self, need: i32) -> bool {
        self.probe_value(need) >= need
    }

    /// A fail-soft zero-window search around `need`: a result `v >= need` proves the value
    /// is at least `v`, a result `v < need` proves it is at most `v`. The sharper bounds go
    /// into the table and narrow [`Solver::exact`] faster than `need` alone would.
    pub(super) fn probe_value(&mut self, need: i32) -> i32 {
        self.nodes += 1;
        if self.tricks_done == 9 {
            return self.last_trick();
        }
        let (mut lo, mut hi) = self.bounds();
        if need <= lo {
            return lo;
        }
        if need > hi {
            return hi;
        }
        // The table holds trick boundaries only (the last trick was played out above: cheaper
        // than a probe, a cache miss).
        let boundary = self.trick_len == 0;
        let mut hint = 0xFF;
        let key = if boundary {
            if !self.codes_ready {
                for codes in self.suit_codes.iter_mut() {
                    codes.fill(0);
                }
                self.codes_ready = true;
            }
            let key = self.tt_key();
            if let Some(h) = self.tt.probe(&key) {
                if need <= h.lo {
                    return h.lo;
                }
                if need > h.hi {
                    return h.hi;
                }
                lo = lo.max(h.lo);
                hi = hi.min(h.hi);
                hint = self.absolute(h.best, self.hands[0] | self.hands[1] | self.hands[2]);
            }
            Some(key)
        } else {
            None
        };
        let seat = self.mover();
        let maximizing = seat == SOLOIST;
        let moves = self.gen_moves(seat, hint);
        // The best value bound over the moves tried: an upper bound for the soloist when
        // every move fails, a lower bound for the defenders when every move holds.
        let mut result = if maximizing { i32::MIN } else { i32::MAX };
        let mut best = moves.cards[0];
        for &m in &moves.cards[..moves.len] {
            let d = self.make(m);
            let v = d + self.probe_value(need - d);
            self.unmake();
            if (v >= need) == maximizing {
                result = v;
                best = m;
                break;
            }
            result = if maximizing {
                result.max(v)
            } else {
                result.min(v)
            };
        }
        // The static and stored bounds still hold.
        debug_assert!(lo <= hi, "inconsistent bounds");
        let result = result.max(lo).min(hi);
        if let Some(key) = key {
            let rel = self.relative(best, self.hands[0] | self.hands[1] | self.hands[2]);
            if result >= need {
                self.tt.store(&key, result, true, rel);
            } else {
                self.tt.store(&key, result + 1, false, rel);
            }
        }
        result
    }
}
