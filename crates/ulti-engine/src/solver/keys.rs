//! Transposition-table keys: the relative-rank position key per suit and the goal's
//! progress bits, and the relative form of a stored best card.

use super::tt::Key;
use super::{MOD3, SUIT_MASK, Solver, board::Moves, board::above, goal::Goal};

impl Solver {
    /// The relative-rank key: per suit, from the highest live card down, a nibble
    /// `owner + 1 | role << 2` (roles from `special`), looked up in `suit_codes` by the suit's
    /// live cards. Positions that differ only in cards already played share it: every rule
    /// depends only on suits, the order of the live cards and their roles.
    pub(super) fn position_key(&mut self) -> u128 {
        let [h0, h1, h2] = self.hands;
        self.live_key(h0 | h1 | h2)
    }

    /// [`Solver::position_key`] of the position whose live cards are `live`.
    fn live_key(&mut self, live: u32) -> u128 {
        debug_assert!(self.codes_ready, "suit codes not cleared");
        let mut key = 0;
        for s in 0..4 {
            let m = (live >> (8 * s)) as usize & 0xFF;
            let mut code = self.suit_codes[s][m];
            if code == 0 && m != 0 {
                code = self.suit_code(s, m);
                self.suit_codes[s][m] = code;
            }
            key = key << 32 | u128::from(code);
        }
        key
    }

    /// The code of suit `s` with live cards `m` (a bit per strength): a non-zero nibble per
    /// card from the highest down.
    pub(super) fn suit_code(&self, s: usize, m: usize) -> u32 {
        let [_, h1, h2] = self.dealt;
        let mut bits = (m as u32) << (8 * s);
        let mut code = 0;
        while bits != 0 {
            let b = 31 - bits.leading_zeros();
            bits ^= 1 << b;
            // Owner 1, 2 or 3 without branches: seat 0 -> 1, seat 1 -> 2, seat 2 -> 3.
            let owner = 1 + (h1 >> b & 1) + 2 * (h2 >> b & 1);
            code = code << 4 | owner | u32::from(self.roles[b as usize]);
        }
        code
    }

    /// A card as (suit, rank among the live cards of its suit from the top): the relative form
    /// kept in the table.
    pub(super) fn relative(&self, c: u8, live: u32) -> u8 {
        let higher = live & above(u32::from(c)) & SUIT_MASK[(c >> 3) as usize];
        (c >> 3) << 3 | higher.count_ones() as u8
    }

    pub(super) fn absolute(&self, r: u8, live: u32) -> u8 {
        if r == 0xFF {
            return 0xFF;
        }
        let mut bits = live & SUIT_MASK[(r >> 3) as usize];
        for _ in 0..(r & 7) {
            if bits == 0 {
                return 0xFF;
            }
            bits ^= 1 << (31 - bits.leading_zeros());
        }
        if bits == 0 {
            0xFF
        } else {
            (31 - bits.leading_zeros()) as u8
        }
    }

    /// Third to play to a trick, for a counting goal: start loading the table buckets of the
    /// trick boundaries that `moves` lead to, while the first of them is searched (a probe
    /// waits for its bucket otherwise).
    pub(super) fn prefetch_children(&mut self, moves: &Moves) {
        debug_assert!(self.trick_len == 2 && self.goal != Goal::Payoff);
        let [h0, h1, h2] = self.hands;
        let live = h0 | h1 | h2;
        for c in moves.cards() {
            self.trick[2] = c;
            self.trick_len = 3;
            let leader = MOD3[(self.leader + self.winning_index()) & 7] as u8;
            self.trick_len = 2;
            let key = Key {
                position: self.live_key(live & !(1 << c)),
                leader,
                extra: 0,
            };
            self.tt.prefetch(&key);
        }
    }

    pub(super) fn tt_key(&mut self) -> Key {
        let extra = if self.goal == Goal::Payoff {
            let p = self.progress[self.tricks_done];
            let def_any = (self.tricks_done as u8) > p.sol_tricks;
            (u16::from(p.pts)
                | u16::from(p.sol_tricks > 0) << 4
                | u16::from(def_any) << 5
                | u16::from(p.aces) << 6
                | u16::from(p.tens) << 9
                | u16::from(p.ulti) << 12)
                & self.extra_mask
        } else {
            0
        };
        Key {
            position: self.position_key(),
            leader: self.leader as u8,
            extra,
        }
    }
}
