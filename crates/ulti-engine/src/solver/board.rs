//! The board: the card layout, the legal cards of a seat, the trick's winner, and make/unmake
//! with its debug-build invariants.

use crate::card::{Card, CardSet};
use crate::deal::SOLOIST;

use super::{MOD3, SUIT_MASK, Solver, goal::Goal};

/// Card layout for one game: public index <-> internal `suit * 8 + strength`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Layout {
    pub(super) to_int: [u8; 32],
    pub(super) to_pub: [u8; 32],
}

impl Layout {
    pub(super) fn new(trumps: bool) -> Layout {
        let mut to_int = [0u8; 32];
        let mut to_pub = [0u8; 32];
        for c in Card::all() {
            let r = c.rank();
            let s = if trumps {
                r.trump_strength()
            } else {
                r.no_trump_strength()
            };
            let i = c.suit().index() * 8 + s;
            to_int[c.index() as usize] = i;
            to_pub[i as usize] = c.index();
        }
        Layout { to_int, to_pub }
    }

    pub(super) fn set(&self, s: CardSet) -> u32 {
        s.iter()
            .fold(0, |acc, c| acc | 1 << self.to_int[c.index() as usize])
    }

    pub(super) fn card(&self, i: u8) -> Card {
        Card::from_index(self.to_pub[i as usize])
    }

    pub(super) fn int(&self, c: Card) -> u8 {
        self.to_int[c.index() as usize]
    }
}

#[inline]
pub(super) fn above(bit: u32) -> u32 {
    // All bits strictly above `bit` (0..31).
    (!((2u64 << bit) - 1)) as u32
}

/// Up to 10 moves with their ordering keys (`score << 8 | 31 - card`), taken best first by
/// [`Moves::pick`] as the search asks for them: most nodes cut off at the first move, so the
/// others are never sorted, and the selection has no data-dependent branches to mispredict.
#[derive(Clone, Copy)]
pub(super) struct Moves {
    keys: [i32; 10],
    pub(super) len: usize,
}

impl Moves {
    pub(super) fn empty() -> Moves {
        Moves {
            keys: [0; 10],
            len: 0,
        }
    }

    /// A single (forced) move.
    pub(super) fn forced(c: u8) -> Moves {
        let mut keys = [0; 10];
        keys[0] = 31 - i32::from(c);
        Moves { keys, len: 1 }
    }

    /// Add card `c` with ordering score `score`.
    #[inline]
    pub(super) fn push(&mut self, c: u8, score: i32) {
        self.keys[self.len] = score << 8 | (31 - i32::from(c));
        self.len += 1;
    }

    /// The moves, in no particular order.
    pub(super) fn cards(&self) -> impl Iterator<Item = u8> + '_ {
        self.keys[..self.len]
            .iter()
            .map(|k| (31 - (k & 0xFF)) as u8)
    }

    /// The move of rank `i`, once moves `0..i` were picked in order: the highest score, the
    /// lowest card among equal scores.
    #[inline]
    pub(super) fn pick(&mut self, i: usize) -> u8 {
        let mut best = self.keys[i];
        let mut at = i;
        for j in i + 1..self.len {
            let k = self.keys[j];
            let better = k > best;
            best = if better { k } else { best };
            at = if better { j } else { at };
        }
        self.keys[at] = self.keys[i];
        self.keys[i] = best;
        (31 - (best & 0xFF)) as u8
    }
}

impl Solver {
    #[inline]
    pub(super) fn mover(&self) -> usize {
        MOD3[(self.leader + self.trick_len) & 7]
    }

    #[inline]
    pub(super) fn trick_bits(&self) -> u32 {
        self.trick[..self.trick_len]
            .iter()
            .fold(0, |a, &c| a | 1 << c)
    }

    /// Legal cards of `seat` (internal layout).
    pub(super) fn legal(&self, seat: usize) -> u32 {
        let hand = self.hands[seat];
        let legal = if self.trick_len == 0 {
            hand
        } else {
            let led = SUIT_MASK[(self.trick[0] >> 3) as usize];
            let on_table = self.trick_bits();
            let follow = hand & led;
            if follow != 0 {
                let trumped = on_table & self.trump_mask != 0 && led & self.trump_mask == 0;
                if trumped && !self.must_beat_after_trump {
                    follow
                } else {
                    let top = 31 - (on_table & led).leading_zeros();
                    let higher = follow & above(top);
                    if higher != 0 { higher } else { follow }
                }
            } else {
                let trumps = hand & self.trump_mask;
                if trumps == 0 {
                    hand
                } else {
                    let played_trumps = on_table & self.trump_mask;
                    if played_trumps == 0 {
                        trumps
                    } else {
                        let higher = trumps & above(31 - played_trumps.leading_zeros());
                        if higher != 0 { higher } else { trumps }
                    }
                }
            }
        };
        if seat == SOLOIST && legal & self.hold7 != 0 && legal != self.hold7 && self.tricks_done < 9
        {
            legal & !self.hold7
        } else {
            legal
        }
    }

    /// Index in the trick of the card winning it so far.
    #[inline]
    pub(super) fn winning_index(&self) -> usize {
        let mut best = self.trick[0];
        let mut bi = 0;
        for i in 1..self.trick_len {
            let c = self.trick[i];
            let beats = if c >> 3 == best >> 3 {
                c > best
            } else {
                self.trump_mask & 1 << c != 0
            };
            if beats {
                best = c;
                bi = i;
            }
        }
        bi
    }

    /// Play internal card `c` for the player to move; returns the value it adds (when it ends
    /// a trick).
    pub(super) fn make(&mut self, c: u8) -> i32 {
        let seat = self.mover();
        debug_assert!(self.hands[seat] & 1 << c != 0, "card not in hand");
        self.hands[seat] &= !(1 << c);
        self.trick[self.trick_len] = c;
        self.trick_len += 1;
        if self.trick_len < 3 {
            return 0;
        }
        let wi = self.winning_index();
        let winner = MOD3[(self.leader + wi) & 7];
        let cards = self.trick_bits();
        let last = self.tricks_done == 9;
        let solo = winner == SOLOIST;
        let counted = (cards & self.count_mask).count_ones();
        self.live_count[self.tricks_done + 1] = self.live_count[self.tricks_done] - counted as u8;
        let delta = match self.goal {
            Goal::Points => {
                if solo {
                    counted as i32 + i32::from(last)
                } else {
                    0
                }
            }
            Goal::SoloTricks => i32::from(solo),
            Goal::DefTricks => i32::from(!solo),
            Goal::Aces | Goal::Tens => {
                if solo {
                    counted as i32
                } else {
                    0
                }
            }
            Goal::Ulti => i32::from(last && solo && 1 << self.trick[wi] == self.seven),
            Goal::Payoff => {
                let mut p = self.progress[self.tricks_done];
                if solo {
                    p.pts += (counted + u32::from(last)) as u8;
                    p.sol_tricks += 1;
                    p.aces += (cards & self.aces_mask).count_ones() as u8;
                    p.tens += (cards & self.tens_mask).count_ones() as u8;
                    p.ulti |= last && 1 << self.trick[wi] == self.seven;
                }
                self.progress[self.tricks_done + 1] = p;
                0
            }
        };
        self.saved[self.tricks_done] = (self.trick, self.leader as u8);
        self.tricks_done += 1;
        self.leader = winner;
        self.trick_len = 0;
        self.debug_check();
        delta
    }

    /// Take back the last card.
    pub(super) fn unmake(&mut self) {
        if self.trick_len == 0 {
            self.tricks_done -= 1;
            let (t, l) = self.saved[self.tricks_done];
            self.trick = t;
            self.leader = l as usize;
            self.trick_len = 3;
        }
        self.trick_len -= 1;
        let c = self.trick[self.trick_len];
        let seat = self.mover();
        self.hands[seat] |= 1 << c;
        self.debug_check();
    }

    /// Debug-build invariant: hands, the trick and the played tricks never overlap, and the
    /// hands hold equal numbers of cards at a trick boundary.
    pub(super) fn debug_check(&self) {
        if cfg!(debug_assertions) {
            let [a, b, c] = self.hands;
            let t = self.trick_bits();
            let played = self.saved[..self.tricks_done]
                .iter()
                .fold(0u32, |acc, (cards, _)| {
                    acc | cards.iter().fold(0, |x, &k| x | 1 << k)
                });
            assert_eq!(
                a & b | a & c | b & c | (a | b | c) & (t | played) | t & played,
                0
            );
            assert_eq!((a | b | c | t | played).count_ones() as usize, 30);
            if self.trick_len == 0 {
                assert!(a.count_ones() == b.count_ones() && b.count_ones() == c.count_ones());
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn above_masks() {
        assert_eq!(above(0), !1);
        assert_eq!(above(30), 1 << 31);
        assert_eq!(above(31), 0);
    }

    #[test]
    fn layouts_are_permutations() {
        for trumps in [false, true] {
            let l = Layout::new(trumps);
            for c in Card::all() {
                assert_eq!(l.card(l.int(c)), c);
            }
        }
    }
}
