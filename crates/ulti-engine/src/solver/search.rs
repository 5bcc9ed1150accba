//! The search: the fail-soft zero-window alpha-beta ([`Solver::probe_value`]), the forced
//! last trick, and the exact value by narrowing zero-window tests ([`Solver::exact`]).

use crate::deal::SOLOIST;

use super::{MOD3, Solver, goal::Goal, stats::stat};

impl Solver {
    /// The exact value from the current position: zero-window tests that split the range
    /// still open, each narrowing it to the bound it proves.
    pub(super) fn exact(&mut self) -> i32 {
        let (mut lo, mut hi) = self.bounds();
        while lo < hi {
            // Point values lie mostly in the lower part of the range: climb from below (see
            // `ascend`), or split it at a third.
            let mid = if self.goal == Goal::Points && self.ascend {
                lo + 1
            } else if self.goal == Goal::Points {
                lo + (hi - lo + 2) / 3
            } else {
                lo + (hi - lo + 1) / 2
            };
            stat!(self, root_searches);
            self.set_root_need(mid);
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
        if self.goal != Goal::Payoff {
            return self.last_trick_count();
        }
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

    /// Where a boundary without a table move first tries the card that last refuted at the
    /// same trick (the killer heuristic): in ulti and betli, and in the point contracts and
    /// the compound bids' payoffs when a defender leads. Measured on
    /// shared/deals/random-1000.txt: ulti 0.541M -> 0.518M nodes; with
    /// `--must-beat-after-trump`, passz 10.93M -> 10.26M, 40-100 1.43M -> 1.36M, 20-100 2.11M
    /// -> 2.00M, and the passz deals of shared/deals/speed-hard.tsv from 6,709 to 1,791 nodes
    /// (the seventh), 11,415 -> 7,242 (the fifth), but 11,543 -> 13,157 (the first); `ulti
    /// bids` on 40 deals 3.6 % fewer instructions. Also when the soloist leads: passz 10.38M
    /// (the first deal 12,876); only when the defenders duck: 10.74M (the first deal
    /// unchanged); the killer second instead of first: 10.64M.
    fn uses_killers(&self) -> bool {
        match self.goal {
            Goal::Ulti | Goal::DefTricks => true,
            Goal::Points | Goal::Payoff => self.leader != SOLOIST,
            _ => false,
        }
    }

    /// [`Solver::last_trick`] for the counting goals, without playing the cards: the trick's
    /// winner and what it adds (nothing is counted after it).
    fn last_trick_count(&self) -> i32 {
        let mut cards = self.trick;
        for (k, card) in cards.iter_mut().enumerate().skip(self.trick_len) {
            *card = self.hands[MOD3[(self.leader + k) & 7]].trailing_zeros() as u8;
        }
        let mut wi = 0;
        for i in 1..3 {
            let (c, w) = (cards[i], cards[wi]);
            let beats = if c >> 3 == w >> 3 {
                c > w
            } else {
                self.trump_mask >> c & 1 != 0
            };
            if beats {
                wi = i;
            }
        }
        let solo = MOD3[(self.leader + wi) & 7] == SOLOIST;
        let counted = ((1u32 << cards[0] | 1 << cards[1] | 1 << cards[2]) & self.count_mask)
            .count_ones() as i32;
        match self.goal {
            Goal::Points => i32::from(solo) * (counted + 1),
            Goal::SoloTricks => i32::from(solo),
            Goal::DefTricks => i32::from(!solo),
            Goal::Aces | Goal::Tens => i32::from(solo) * counted,
            Goal::Ulti => i32::from(solo && 1 << cards[wi] == self.seven),
            Goal::Payoff => unreachable!("the payoff plays the last trick out"),
        }
    }

    /// The move ordering's view of a search from the root: when the soloist needs at most one
    /// more card-point unit (10 points, or the last trick), the defenders' cards are tried
    /// lowest first, giving nothing away, instead of taking tricks. Measured on passz: 16 %
    /// fewer nodes on the deals of shared/deals/speed-hard.tsv (where the soloist takes 0-10
    /// points), the same count on shared/deals/random-1000.txt (13.014 M and 13.015 M).
    ///
    /// For passz, at two units (the refutation of 20 on a deal worth 10, the proof of 20 on
    /// one worth more) a defender who follows ducks too, and one who leads keeps the usual
    /// order: passz nodes on random-1000 12.416 M -> 12.311 M (the deals worth 20 -2.7 %), on
    /// the two deals of speed-hard.tsv worth 10 7.7k -> 6.8k and 16.8k -> 10.7k. Ducking on
    /// the lead as well: those two 1.8k and 5.2k, but random-1000 12.615 M (its deals worth
    /// 10 +8 %); ducking only when following at one unit too: 12.279 M, but speed-hard's
    /// deals worth 0 from 25.2k to 52.7k nodes. Not for 20-100 and 40-100 (+3.6 % and +0.7 %
    /// nodes with ducking at two units).
    fn set_root_need(&mut self, need: i32) {
        let points = self.goal == Goal::Points;
        self.duck = points && need <= self.duck_need;
        self.duck_lead = points && need <= 1;
    }

    /// Can the soloist force a value of at least `need` from here?
    pub(super) fn search(&mut self, need: i32) -> bool {
        stat!(self, root_searches);
        self.set_root_need(need);
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
        if self.tricks_done == 10 {
            // Every trick played (the end of a line): the static bounds answer, before the
            // table and the killers (which stop at the last trick).
            stat!(self, bound_cuts);
            let (lo, hi) = self.bounds();
            return if need <= lo { lo } else { hi };
        }
        #[cfg(feature = "search-stats")]
        {
            self.stats.by_trick[self.tricks_done] += 1;
        }
        let boundary = self.trick_len == 0;
        if boundary {
            stat!(self, boundary_nodes);
        } else {
            stat!(self, inner_nodes);
        }
        // The table holds trick boundaries only (the last trick was played out above: cheaper
        // than a probe, a cache miss).
        let key = if boundary {
            if !self.codes_ready {
                for codes in self.suit_codes.iter_mut() {
                    codes.fill(0);
                }
                self.codes_ready = true;
            }
            let key = self.tt_key();
            self.tt.prefetch(&key);
            Some(key)
        } else {
            None
        };
        // The table first: where it answers (most probes that find the position), the static
        // bounds are not worked out.
        let mut hint = 0xFF;
        let (mut tt_lo, mut tt_hi) = (i32::MIN, i32::MAX);
        if let Some(key) = key {
            if let Some(h) = self.tt.probe(&key) {
                stat!(self, tt_hits);
                if need <= h.lo || need > h.hi {
                    stat!(self, tt_cuts);
                    return if need <= h.lo { h.lo } else { h.hi };
                }
                (tt_lo, tt_hi) = (h.lo, h.hi);
                hint = self.absolute(h.best, self.hands[0] | self.hands[1] | self.hands[2]);
            }
            if hint == 0xFF && self.uses_killers() {
                hint = self.killers[self.tricks_done];
            }
        }
        let (lo, hi) = if boundary || matches!(self.goal, Goal::Ulti | Goal::Payoff) {
            self.bounds()
        } else {
            self.mid_trick_bounds(need)
        };
        if need <= lo || need > hi {
            stat!(self, bound_cuts);
            return if need <= lo { lo } else { hi };
        }
        let (lo, hi) = (lo.max(tt_lo), hi.min(tt_hi));
        let seat = self.mover();
        let maximizing = seat == SOLOIST;
        let mut moves = self.gen_moves(seat, hint);
        if self.trick_len == 2
            && moves.len > 1
            && self.tricks_done < 8
            && self.goal != Goal::Payoff
            && self.codes_ready
        {
            self.prefetch_children(&moves);
        }
        // The best value bound over the moves tried: an upper bound for the soloist when
        // every move fails, a lower bound for the defenders when every move holds.
        let mut result = if maximizing { i32::MIN } else { i32::MAX };
        let first = moves.pick(0);
        let mut best = first;
        #[cfg(feature = "search-stats")]
        let hinted = moves.len > 1 && first == hint;
        #[cfg(feature = "search-stats")]
        if hinted {
            self.stats.hinted += 1;
        }
        let mut cut = None;
        for i in 0..moves.len {
            let m = if i == 0 { first } else { moves.pick(i) };
            let d = self.make(m);
            let v = d + self.probe_value(need - d);
            self.unmake();
            if (v >= need) == maximizing {
                result = v;
                best = m;
                cut = Some(i);
                break;
            }
            result = if maximizing {
                result.max(v)
            } else {
                result.min(v)
            };
        }
        #[cfg(feature = "search-stats")]
        if moves.len > 1 {
            match cut {
                Some(i) => {
                    self.stats.cut_at[i.min(9)] += 1;
                    if hinted && i == 0 {
                        self.stats.hint_cuts += 1;
                    }
                }
                None => self.stats.all_tried += 1,
            }
        }
        if boundary && cut.is_some() {
            self.killers[self.tricks_done] = best;
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
