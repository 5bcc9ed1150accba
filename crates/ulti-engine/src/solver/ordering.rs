//! Move ordering: one card per class of equivalent cards, best first, from the table's hint
//! and heuristic scores.

use crate::deal::SOLOIST;

use super::{MOD3, SUIT_MASK, Solver, board::Moves, board::above, goal::Goal};

pub(super) struct OrderCtx {
    pub(super) seat: usize,
    pub(super) want_win: bool,
    /// Use the refined heuristics (ruffs, partner's winners, the next player's cards).
    pub(super) refined: bool,
    pub(super) leading: bool,
    pub(super) winning: u8,
    pub(super) partner_winning: bool,
    pub(super) last: bool,
    /// Leading: cards of suits an opponent can ruff.
    pub(super) ruffed: u32,
    /// A defender leading: cards of suits whose top card the partner holds.
    pub(super) to_partner: u32,
    /// Following: the next player.
    pub(super) next: usize,
    /// Following, not last: the next player is an opponent.
    pub(super) next_opponent: bool,
    /// Refined, following: the partner's winning card stays the winner (we are last, or the
    /// next player cannot beat it).
    pub(super) safe: bool,
}

impl Solver {
    /// The legal cards of `seat`, one per class of equivalent cards, with their ordering
    /// scores (taken best first by [`Moves::pick`]).
    pub(super) fn gen_moves(&self, seat: usize, hint: u8) -> Moves {
        let legal = self.legal(seat);
        if legal & (legal - 1) == 0 {
            // A forced card: nothing to order.
            return Moves::forced(legal.trailing_zeros() as u8);
        }
        let mut moves = Moves::empty();
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.trick_bits();
        let ctx = self.order_context(seat, live);
        let mut bits = legal & !self.equivalent_below(legal, live);
        while bits != 0 {
            let c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
            let mut s = self.score(c, &ctx, live);
            if c == hint {
                s += 10_000;
            }
            moves.push(c, s);
        }
        debug_assert!(moves.len > 0);
        moves
    }

    /// The cards of `legal` whose next live card above them in their suit is also in `legal`
    /// and plays the same role for the goal: the two are interchangeable, and only the higher
    /// is searched. Worked out without branches: per role, the set of cards from which a card
    /// of `legal` with that role is the first live card upwards (an occluded fill down
    /// through the cards already played).
    #[inline]
    pub(super) fn equivalent_below(&self, legal: u32, live: u32) -> u32 {
        const TOPS: u32 = 0x8080_8080;
        // Played cards, except the top of each suit (nothing above it in the suit).
        let gaps = !live & !TOPS;
        let fill = |mut m: u32| {
            let mut pro = gaps;
            m |= pro & (m >> 1);
            pro &= pro >> 1;
            m |= pro & (m >> 2);
            pro &= pro >> 2;
            m |= pro & (m >> 4);
            m
        };
        let [s0, s1, s2] = self.special;
        let mut skip = 0;
        for class in [!(s0 | s1 | s2), s0, s1, s2] {
            if class != 0 {
                let same = legal & class;
                skip |= same & (fill(same) >> 1);
            }
        }
        skip & !TOPS
    }

    /// What the ordering heuristic needs to know about the trick (or the lead) for `seat`.
    pub(super) fn order_context(&self, seat: usize, live: u32) -> OrderCtx {
        let want_win = self.goal != Goal::DefTricks;
        // Ulti too (measured on shared/deals/random-1000.txt: 0.566M -> 0.518M nodes, the
        // ulti deals of shared/deals/speed-hard.tsv 75k -> 33k); betli has its own.
        let refined = self.goal != Goal::DefTricks;
        if self.trick_len == 0 {
            // Suits an opponent can ruff (void with trumps), and, for a defender, suits whose
            // top live card the partner holds and the soloist cannot ruff.
            let mut ruffed = 0;
            let mut to_partner = 0;
            for m in SUIT_MASK {
                if m & self.trump_mask != 0 || live & m == 0 {
                    continue;
                }
                let ruffs =
                    |x: usize| self.hands[x] & m == 0 && self.hands[x] & self.trump_mask != 0;
                if seat == SOLOIST {
                    if ruffs(1) || ruffs(2) {
                        ruffed |= m;
                    }
                } else if ruffs(SOLOIST) {
                    ruffed |= m;
                } else {
                    let top = 31 - (live & m).leading_zeros();
                    if self.hands[3 - seat] >> top & 1 != 0 {
                        to_partner |= m;
                    }
                }
            }
            return OrderCtx {
                seat,
                want_win,
                refined,
                leading: true,
                winning: 0,
                partner_winning: false,
                last: false,
                ruffed,
                to_partner,
                next: 0,
                next_opponent: false,
                safe: false,
            };
        }
        let wi = self.winning_index();
        let wseat = MOD3[(self.leader + wi) & 7];
        let winning = self.trick[wi];
        let partner_winning = (wseat == SOLOIST) == (seat == SOLOIST);
        let last = self.trick_len == 2;
        let next = MOD3[(seat + 1) & 7];
        let next_opponent = !last && (next == SOLOIST) != (seat == SOLOIST);
        OrderCtx {
            seat,
            want_win,
            refined,
            leading: false,
            winning,
            partner_winning,
            last,
            ruffed: 0,
            to_partner: 0,
            next,
            next_opponent,
            safe: refined && partner_winning && !(next_opponent && self.can_beat(next, winning)),
        }
    }

    /// Can `seat`, still to play to the current trick, beat card `w`?
    pub(super) fn can_beat(&self, seat: usize, w: u8) -> bool {
        let led = SUIT_MASK[(self.trick[0] >> 3) as usize];
        let hand = self.hands[seat];
        let w_trump = self.trump_mask >> w & 1 != 0;
        if hand & led != 0 {
            led >> w & 1 != 0 && hand & led & above(u32::from(w)) != 0
        } else {
            let t = hand & self.trump_mask;
            t != 0 && (!w_trump || t & above(u32::from(w)) != 0)
        }
    }

    /// A defender's guard: a counted card that is the top live card of its suit while the
    /// soloist still holds a counted card there (an Ász over the soloist's X). Its job is to
    /// capture that card, so the ordering does not spend it: not schmeared onto the partner's
    /// trick, not led to cash, and not counted as banking its points when it wins a trick (a
    /// lower winner goes first). Not for négy ász (the X counts for nothing there) nor ulti.
    /// The soloist cashes its own: the same rule for the soloist's lead took passz on
    /// shared/deals/random-1000.txt from 9.4M to 13.7M nodes.
    ///
    /// Measured with `--must-beat-after-trump` on random-1000, nodes, the three uses added in
    /// turn (the schmear, the winner, the lead): passz 10.263M -> 9.995M -> 9.524M -> 9.434M,
    /// 20-100 2.000M -> 1.955M -> 1.803M -> 1.774M, 40-100 1.362M -> 1.327M -> 1.286M ->
    /// 1.287M, négy tízes 0.155M -> 0.138M in all (default rules: passz 10.415M -> 9.543M).
    /// The passz deals of shared/deals/speed-hard.tsv: the first 13,157 -> 6,030 nodes (there
    /// the defender without trumps schmeared its Zöld Ász, and the soloist's Zöld X came
    /// home), the fourth 4,170 -> 1,282, the others unchanged.
    #[inline]
    fn guards_prey(&self, seat: usize, c: u8, live: u32) -> bool {
        if seat == SOLOIST
            || matches!(self.goal, Goal::Ulti | Goal::Aces)
            || self.points_mask >> c & 1 == 0
        {
            return false;
        }
        let suit = SUIT_MASK[(c >> 3) as usize];
        live & suit & above(u32::from(c)) == 0 && self.hands[SOLOIST] & suit & self.points_mask != 0
    }

    /// Is an ulti (alone, or in the bid whose payoff is searched) at stake?
    #[inline]
    fn defends_ulti(&self) -> bool {
        self.goal == Goal::Ulti || (self.goal == Goal::Payoff && self.hold7 != 0)
    }

    pub(super) fn score(&self, c: u8, ctx: &OrderCtx, live: u32) -> i32 {
        let strength = i32::from(c & 7);
        if self.duck && ctx.seat != SOLOIST && (self.duck_lead || !ctx.leading) {
            // Lowest first: no card points, no trump, low.
            return -((self.points_mask >> c & 1) as i32 * 1000
                + (self.trump_mask >> c & 1) as i32 * 100
                + strength);
        }
        // An ulti is decided by its VII alone: the card points do not rank its cards
        // (measured on shared/deals/random-1000.txt: 0.518M -> 0.481M nodes).
        let value = if self.goal == Goal::Ulti {
            i32::from(self.order_mask & 1 << c != 0)
        } else {
            i32::from(self.points_mask & 1 << c != 0) + i32::from(self.order_mask & 1 << c != 0)
        };
        if ctx.leading {
            let suit_live = live & SUIT_MASK[(c >> 3) as usize];
            let top = suit_live & above(u32::from(c)) == 0;
            if !ctx.refined {
                return if ctx.want_win && top {
                    100 + strength
                } else {
                    50 - strength
                };
            }
            // Side suits first (trump leads come last: measured, they rarely refute): cash
            // top cards, lead to the partner's top card, else low; a suit an opponent ruffs
            // last of all, but against an ulti a defender leads first, low first, a suit the
            // soloist must ruff: each ruff shortens the trumps that guard its VII. Measured
            // on shared/deals/random-1000.txt (must beat after a trump): ulti 0.472M -> 0.423M
            // nodes, p99 per deal 7.6k -> 6.1k, the solves' instructions -9.6 % (callgrind);
            // above the cashed top cards (tried at 95 and 100: 0.445M). In the payoffs of
            // bids with an ulti too: `ulti bids` on 40 deals 2.469G -> 2.409G instructions.
            let side = if self.trump_mask >> c & 1 != 0 {
                -200
            } else {
                0
            };
            return side
                + if ctx.ruffed >> c & 1 != 0 {
                    if ctx.seat != SOLOIST && self.defends_ulti() {
                        120 - strength
                    } else {
                        10 - strength - 10 * value
                    }
                } else if self.guards_prey(ctx.seat, c, live) {
                    // (A guard is a top card: see `guards_prey`.)
                    50 - strength
                } else if top {
                    100 + strength
                } else if ctx.to_partner >> c & 1 != 0 {
                    90 - strength - 10 * value
                } else {
                    50 - strength
                };
        }
        let w = ctx.winning;
        let beats = if c >> 3 == w >> 3 {
            c > w
        } else {
            self.trump_mask & 1 << c != 0
        };
        if ctx.want_win && !ctx.refined {
            if ctx.partner_winning {
                if beats && !ctx.last {
                    30 - strength
                } else {
                    60 + 10 * value - strength
                }
            } else if beats {
                100 - strength
            } else {
                20 - strength - 10 * value
            }
        } else if ctx.want_win {
            if ctx.partner_winning {
                if ctx.safe && self.guards_prey(ctx.seat, c, live) {
                    50 - strength
                } else if ctx.safe {
                    60 + 10 * value - strength
                } else if beats && !self.can_beat(ctx.next, c) {
                    80 + 10 * value - strength
                } else {
                    40 - strength - 10 * value
                }
            } else if beats {
                // A card that surely wins the trick: the counted ones first (they bank their
                // points), then the lowest. Measured on shared/deals/random-1000.txt: passz
                // 12.311M -> 11.118M nodes, 20-100 -9 %, 40-100 -4 %, négy ász -36 %, négy
                // tízes -31 %; the first passz deal of shared/deals/speed-hard.tsv 21.8k ->
                // 11.5k.
                if !ctx.next_opponent || !self.can_beat(ctx.next, c) {
                    // (A defender's guard banks nothing: see `guards_prey`.)
                    if self.guards_prey(ctx.seat, c, live) {
                        100 - strength
                    } else {
                        100 + 10 * value - strength
                    }
                } else {
                    30 - strength
                }
            } else {
                20 - strength - 10 * value
            }
        } else if ctx.seat == SOLOIST || !beats {
            // Betli: the soloist ducks with the highest card that loses; defenders play under.
            if beats { -strength } else { 100 + strength }
        } else {
            -strength
        }
    }
}
