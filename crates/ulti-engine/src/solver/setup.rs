//! Set-up: the bid's layout, masks and payoff spec ([`Solver::configure`]), the goal's card
//! roles ([`Solver::set_goal`]) and the start position with the cards played so far
//! ([`Solver::setup`]).

use crate::card::{Card, Rank, Suit};
use crate::contract::{Contract, component_payoff, marriage_points};
use crate::deal::{Deal, SOLOIST};

use super::{
    SUIT_MASK, Solver, board::Layout, goal::Component, goal::Goal, goal::PayoffSpec,
    goal::Progress, query::Query,
};

impl Solver {
    pub(super) fn configure(&mut self, q: &Query) {
        let trumps = q.bid.has_trumps();
        self.layout = Layout::new(trumps);
        let l = self.layout;
        let rank_set =
            |r: Rank| -> u32 { l.set(Suit::ALL.iter().map(|&s| Card::new(s, r)).collect()) };
        self.trump_mask = if trumps {
            SUIT_MASK[q.deal.trump.index() as usize]
        } else {
            0
        };
        self.aces_mask = rank_set(Rank::Asz);
        self.tens_mask = rank_set(Rank::Ten);
        self.points_mask = self.aces_mask | self.tens_mask;
        self.seven = if trumps {
            1 << l.int(Card::new(q.deal.trump, Rank::Seven))
        } else {
            0
        };
        self.hold7 = if q.bid.has_ulti() { self.seven } else { 0 };
        self.must_beat_after_trump = q.rules.must_beat_after_trump;
        self.ascend = q.bid.as_single() != Some(Contract::Negyven100);
        self.duck_need = if q.bid.as_single() == Some(Contract::Passz) {
            2
        } else {
            1
        };
        let trump = q.deal.trump;
        let comps = q
            .bid
            .components()
            .into_iter()
            .map(|c| Component {
                contract: c,
                win: component_payoff(c, true, trump, q.scoring),
                lose: component_payoff(c, false, trump, q.scoring),
            })
            .collect();
        self.spec = PayoffSpec {
            comps,
            ms: marriage_points(q.deal.hand(0), trump) as i32,
            md: (marriage_points(q.deal.hand(1), trump) + marriage_points(q.deal.hand(2), trump))
                as i32,
            marriage_needs_trick: q.rules.marriage_needs_trick,
        };
    }

    pub(super) fn set_goal(&mut self, goal: Goal) {
        self.goal = goal;
        self.tt.new_generation();
        self.special = match goal {
            Goal::Points => [self.points_mask, 0, 0],
            Goal::SoloTricks | Goal::DefTricks => [0, 0, 0],
            Goal::Aces => [self.aces_mask, 0, 0],
            Goal::Tens => [self.tens_mask, 0, 0],
            Goal::Ulti => [self.seven, 0, 0],
            // Only the cards some component counts keep a role of their own (and the key
            // only the progress some component reads): the ace and the X apart only for négy
            // ász or négy tízes, the VII only for an ulti.
            Goal::Payoff => {
                let has =
                    |cs: &[Contract]| self.spec.comps.iter().any(|c| cs.contains(&c.contract));
                let seven = if has(&[Contract::Ulti]) {
                    self.seven
                } else {
                    0
                };
                let points = [Contract::Passz, Contract::Negyven100, Contract::Husz100];
                let four = [Contract::NegyAsz, Contract::NegyTizes];
                self.extra_mask = 0b11 << 4
                    | if has(&points) { 0xF } else { 0 }
                    | if has(&[Contract::NegyAsz]) {
                        0b111 << 6
                    } else {
                        0
                    }
                    | if has(&[Contract::NegyTizes]) {
                        0b111 << 9
                    } else {
                        0
                    }
                    | if seven != 0 { 1 << 12 } else { 0 };
                if has(&four) {
                    [self.aces_mask, self.tens_mask, seven]
                } else if has(&points) {
                    [self.points_mask, 0, seven]
                } else {
                    [0, 0, seven]
                }
            }
        };
        // Move ordering values the cards of the goal's first role (the aces for any payoff).
        self.order_mask = if goal == Goal::Payoff {
            self.aces_mask
        } else {
            self.special[0]
        };
        // The ulti VII keeps its own role whatever the goal (the hold rule).
        if self.special.iter().all(|&s| s & self.hold7 == 0) {
            self.special[2] |= self.hold7;
        }
        self.count_mask = match goal {
            Goal::Aces => self.aces_mask,
            Goal::Tens => self.tens_mask,
            _ => self.points_mask,
        };
        let [s0, s1, s2] = self.special;
        debug_assert!(
            s0 & s1 == 0 && s0 & s2 == 0 && s1 & s2 == 0,
            "roles overlap"
        );
        for (b, role) in self.roles.iter_mut().enumerate() {
            *role = if s0 >> b & 1 != 0 {
                1 << 2
            } else if s1 >> b & 1 != 0 {
                2 << 2
            } else if s2 >> b & 1 != 0 {
                3 << 2
            } else {
                0
            };
        }
    }

    /// Put the deal's start position on the board for `goal`, replay `played`, and return
    /// the value already achieved.
    pub(super) fn setup(&mut self, deal: &Deal, played: &[Card], goal: Goal) -> i32 {
        self.set_goal(goal);
        let l = self.layout;
        self.hands = [
            l.set(deal.hand(0)),
            l.set(deal.hand(1)),
            l.set(deal.hand(2)),
        ];
        self.trick_len = 0;
        self.leader = SOLOIST;
        self.tricks_done = 0;
        self.progress[0] = Progress::default();
        let [h0, h1, h2] = self.hands;
        self.live_count[0] = ((h0 | h1 | h2) & self.count_mask).count_ones() as u8;
        self.dealt = self.hands;
        self.codes_ready = false;
        self.killers = [0xFF; 10];
        played.iter().map(|&c| self.make(l.int(c))).sum()
    }
}
