//! The exact double-dummy solver.
//!
//! Every question is reduced to zero-window searches "can the soloist force a value of at least
//! `need` from here?", where the value is additive per trick (card points in units of 10, tricks,
//! captured aces or tens, the ulti trick) or, for compound bids, the final payoff. The search is
//! an AND/OR alpha-beta with make/undo on `u32` bitboards, a transposition table of value bounds
//! at trick boundaries, equivalent cards searched once, cheap bounds for early cut-offs, and
//! heuristic move ordering.
//!
//! Internally cards are laid out as `suit * 8 + strength` (strength in the order of the game:
//! trump order or no-trump order), so "higher in the suit" is "higher bit".

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::card::{Card, CardSet, Rank, Suit};
use crate::contract::{Bid, Contract, Scoring, component_payoff, marriage_points};
use crate::deal::{Deal, SOLOIST};
use crate::rules::{Game, PlayError, RuleOptions};
use crate::tt::{Key, Tt};

/// `i % 3` for the seat arithmetic of the search (`leader + offset`, at most 4).
const MOD3: [usize; 5] = [0, 1, 2, 0, 1];

const SUIT_MASK: [u32; 4] = [0xFF, 0xFF00, 0x00FF_0000, 0xFF00_0000];

/// Default table size: 4 MiB, native and wasm alike (configurable with
/// [`Solver::with_memory`]). Measured on shared/deals/random-1000.txt, 4 MiB solves faster than
/// 16 MiB: a typical solve stores far fewer entries, and a smaller table misses the cache less.
pub const DEFAULT_TT_BYTES: usize = 4 << 20;

/// Everything a solve needs: the position (deal + played cards), the bid and the rules.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Query {
    /// The deal (its trump is used by trump contracts).
    pub deal: Deal,
    /// One contract or a compound bid.
    pub bid: Bid,
    /// Cards already played, in play order from trick 1.
    #[serde(default)]
    pub played: Vec<Card>,
    /// House rules.
    #[serde(default)]
    pub rules: RuleOptions,
    /// Also score every legal card of the player to move.
    #[serde(default)]
    pub all_cards: bool,
    /// Scoring options for compound-bid payoffs.
    #[serde(default)]
    pub scoring: Scoring,
    /// Also compute one optimal line to the end of play (on by default).
    #[serde(default = "yes")]
    pub line: bool,
    /// Solve the bid for its payoff (shared/RULES.md scoring) even when it is a single
    /// contract; compound bids are always solved for their payoff.
    #[serde(default)]
    pub payoff: bool,
    /// Point contracts: the exact card points, or only whether the soloist wins.
    #[serde(default)]
    pub question: Question,
}

/// What a point contract's solve answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Question {
    /// The exact card points the soloist can force (and with them, the outcome).
    #[default]
    Exact,
    /// Only whether the soloist wins (does a 40-100 reach 100?): one zero-window search at the
    /// contract's threshold, usually far cheaper than the exact points. `soloist_points` (of
    /// the position and of each card) is then `None`.
    WinLose,
}

fn yes() -> bool {
    true
}

impl Query {
    /// A query for the start of play with default rules.
    #[must_use]
    pub fn new(deal: Deal, bid: Bid) -> Query {
        Query {
            deal,
            bid,
            played: Vec::new(),
            rules: RuleOptions::default(),
            all_cards: false,
            scoring: Scoring::default(),
            line: true,
            payoff: false,
            question: Question::Exact,
        }
    }
}

/// A query that cannot be answered.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    /// A played card breaks a rule.
    #[error("played card {index} ({card}): {error}")]
    IllegalPlay {
        /// 1-based position in the played list.
        index: usize,
        /// The card.
        card: Card,
        /// The rule it breaks.
        error: PlayError,
    },
}

/// The result of one legal card of the player to move.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CardValue {
    /// The card.
    pub card: Card,
    /// Does the soloist win the bid after this card, with best play from then on?
    pub soloist_wins: bool,
    /// Point contracts: the card points the soloist can force after this card.
    pub soloist_points: Option<u32>,
    /// Compound bids: the payoff after this card.
    pub payoff: Option<i32>,
}

/// One component of a compound bid, as it ends on the returned line.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ComponentResult {
    /// The component.
    pub contract: Contract,
    /// Won on the line?
    pub won: bool,
    /// Its payoff per defender.
    pub payoff: i32,
}

/// The answer to a [`Query`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Solution {
    /// The bid solved.
    pub bid: Bid,
    /// The trump suit, `None` for no-trump contracts.
    pub trump: Option<Suit>,
    /// Does the soloist hold the prerequisites?
    pub playable: bool,
    /// Why not, when not playable.
    pub unplayable_reason: Option<String>,
    /// Does the soloist win under best play? For a payoff solve (a compound bid, or
    /// [`Query::payoff`]): every component of the bid, the implicit passz included.
    pub soloist_wins: Option<bool>,
    /// Point contracts: the exact card points the soloist can force (including those taken).
    pub soloist_points: Option<u32>,
    /// Payoff solves (compound bids, or [`Query::payoff`]): the game-theoretic payoff per
    /// defender.
    pub payoff: Option<i32>,
    /// Compound bids: each component's outcome on the returned line (needs the line).
    pub components: Vec<ComponentResult>,
    /// One optimal line: every remaining card in play order (empty when not asked for).
    pub line: Vec<Card>,
    /// With `all_cards`: the value of each legal card of the player to move.
    pub cards: Vec<CardValue>,
    /// Search nodes visited.
    pub nodes: u64,
}

/// What the search maximises.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Goal {
    /// Card points (units of 10) won by the soloist, last trick included.
    Points,
    /// Tricks won by the soloist.
    SoloTricks,
    /// Tricks won by the defenders (betli: the soloist wants them all).
    DefTricks,
    /// Aces captured by the soloist.
    Aces,
    /// Tens captured by the soloist.
    Tens,
    /// 1 if the soloist wins trick 10 with the trump VII.
    Ulti,
    /// The final payoff of a compound bid.
    Payoff,
}

#[derive(Clone, Copy, Debug, Default)]
struct Progress {
    pts: u8,
    sol_tricks: u8,
    aces: u8,
    tens: u8,
    ulti: bool,
}

#[derive(Clone, Copy, Debug)]
struct Component {
    contract: Contract,
    win: i32,
    lose: i32,
}

/// Static facts of the contract being searched.
#[derive(Clone, Debug, Default)]
struct PayoffSpec {
    comps: Vec<Component>,
    ms: i32,
    md: i32,
    marriage_needs_trick: bool,
}

impl PayoffSpec {
    fn passz(&self, pts: i32, sol_any: bool, def_any: bool) -> bool {
        let ms = if !self.marriage_needs_trick || sol_any {
            self.ms
        } else {
            0
        };
        let md = if !self.marriage_needs_trick || def_any {
            self.md
        } else {
            0
        };
        10 * pts + ms > 90 - 10 * pts + md
    }
}

/// Card layout for one game: public index <-> internal `suit * 8 + strength`.
#[derive(Clone, Copy, Debug)]
struct Layout {
    to_int: [u8; 32],
    to_pub: [u8; 32],
}

impl Layout {
    fn new(trumps: bool) -> Layout {
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

    fn set(&self, s: CardSet) -> u32 {
        s.iter()
            .fold(0, |acc, c| acc | 1 << self.to_int[c.index() as usize])
    }

    fn card(&self, i: u8) -> Card {
        Card::from_index(self.to_pub[i as usize])
    }

    fn int(&self, c: Card) -> u8 {
        self.to_int[c.index() as usize]
    }
}

#[inline]
fn above(bit: u32) -> u32 {
    // All bits strictly above `bit` (0..31).
    (!((2u64 << bit) - 1)) as u32
}

/// Up to 10 moves, ordered.
#[derive(Clone, Copy)]
struct Moves {
    cards: [u8; 10],
    len: usize,
}

/// The solver: owns its transposition table and search state; pass it `&mut`.
pub struct Solver {
    tt: Tt,
    nodes: u64,
    // --- the position being searched ---
    hands: [u32; 3],
    trick: [u8; 3],
    trick_len: usize,
    leader: usize,
    tricks_done: usize,
    saved: [([u8; 3], u8); 10],
    progress: [Progress; 11],
    // --- the game ---
    layout: Layout,
    trump_mask: u32,
    points_mask: u32,
    aces_mask: u32,
    tens_mask: u32,
    /// The trump VII (internal bit), 0 in no-trump games.
    seven: u32,
    /// The trump VII when the ulti hold rule applies, else 0.
    hold7: u32,
    must_beat_after_trump: bool,
    goal: Goal,
    /// Cards with a role of their own for the goal: never merged with a neighbour.
    special: [u32; 3],
    /// The key code of each suit (see [`Solver::position_key`]) for each set of its live
    /// cards, computed on first use (0 = not yet): cards never change hands, so it depends
    /// on nothing else in one solve.
    suit_codes: Box<[[u32; 256]; 4]>,
    /// Is `suit_codes` cleared since the last set-up? (At the first table probe: many solves
    /// never probe.)
    codes_ready: bool,
    /// The hands dealt (before any card is played).
    dealt: [u32; 3],
    /// The cards the goal counts (card points, aces or tens; card points for the others).
    count_mask: u32,
    /// Live cards of `count_mask` (in the hands or the trick in progress) per trick number.
    live_count: [u8; 11],
    /// Each card's role (index + 1 of its `special` mask, 0 = none), shifted left by 2: the
    /// role bits of its nibble in the table key.
    roles: [u8; 32],
    spec: PayoffSpec,
    /// The bits of a payoff key's progress that some component of the bid reads.
    extra_mask: u16,
    /// Cards move ordering values above their card points.
    order_mask: u32,
    /// The second board of [`Solver::line`], kept between solves (its table is allocated once).
    aux: Option<Box<Solver>>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver with the default table size.
    #[must_use]
    pub fn new() -> Solver {
        Solver::with_memory(DEFAULT_TT_BYTES)
    }

    /// A solver whose transposition table uses at most `bytes`.
    #[must_use]
    pub fn with_memory(bytes: usize) -> Solver {
        let layout = Layout::new(true);
        Solver {
            tt: Tt::new(bytes),
            nodes: 0,
            hands: [0; 3],
            trick: [0; 3],
            trick_len: 0,
            leader: 0,
            tricks_done: 0,
            saved: [([0; 3], 0); 10],
            progress: [Progress::default(); 11],
            layout,
            trump_mask: 0,
            points_mask: 0,
            aces_mask: 0,
            tens_mask: 0,
            seven: 0,
            hold7: 0,
            must_beat_after_trump: false,
            goal: Goal::Points,
            special: [0; 3],
            roles: [0; 32],
            suit_codes: Box::new([[0; 256]; 4]),
            codes_ready: false,
            dealt: [0; 3],
            count_mask: 0,
            live_count: [0; 11],
            spec: PayoffSpec::default(),
            extra_mask: 0,
            order_mask: 0,
            aux: None,
        }
    }

    /// Memory held by the transposition table, in bytes.
    #[must_use]
    pub fn table_bytes(&self) -> usize {
        self.tt.bytes()
    }

    /// Solve a query from an empty table.
    ///
    /// # Errors
    /// A played card that breaks a rule.
    pub fn solve(&mut self, q: &Query) -> Result<Solution, SolveError> {
        let game = Game::with_played(&q.deal, &q.bid, q.rules, &[]).expect("the start is legal");
        let mut g = game;
        for (i, &c) in q.played.iter().enumerate() {
            g.play(c).map_err(|error| SolveError::IllegalPlay {
                index: i + 1,
                card: c,
                error,
            })?;
        }
        self.nodes = 0;
        let mut sol = Solution {
            bid: q.bid.clone(),
            trump: q.bid.has_trumps().then_some(q.deal.trump),
            playable: true,
            unplayable_reason: None,
            soloist_wins: None,
            soloist_points: None,
            payoff: None,
            components: Vec::new(),
            line: Vec::new(),
            cards: Vec::new(),
            nodes: 0,
        };
        if let Some(reason) = q.bid.unplayable_reason(&q.deal) {
            sol.playable = false;
            sol.unplayable_reason = Some(reason.to_string());
            return Ok(sol);
        }
        self.configure(q);
        match q.bid.as_single() {
            Some(_) if q.payoff => self.solve_compound(q, &g, &mut sol),
            Some(c) if c.is_point_contract() && q.question == Question::WinLose => {
                self.solve_points_win_lose(q, c, &g, &mut sol);
            }
            Some(c) if c.is_point_contract() => self.solve_points(q, c, &g, &mut sol),
            Some(c) => self.solve_win_lose(q, c, &g, &mut sol),
            None => self.solve_compound(q, &g, &mut sol),
        }
        sol.nodes = self.nodes;
        Ok(sol)
    }

    // ------------------------------------------------------------------ set-up

    fn configure(&mut self, q: &Query) {
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

    fn set_goal(&mut self, goal: Goal) {
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
    fn setup(&mut self, deal: &Deal, played: &[Card], goal: Goal) -> i32 {
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
        played.iter().map(|&c| self.make(l.int(c))).sum()
    }

    // ------------------------------------------------------------------ solves

    fn solve_points(&mut self, q: &Query, c: Contract, g: &Game, sol: &mut Solution) {
        let taken = self.setup(&q.deal, &q.played, Goal::Points);
        let v = self.exact();
        let total = (taken + v) as u32 * 10;
        sol.soloist_points = Some(total);
        let rule = self.point_rule(c, q.rules, q.deal.talon().points() as i32);
        let mut per_card = Vec::new();
        if q.all_cards {
            for card in g.legal_cards().iter() {
                let d = self.make(self.layout.int(card));
                let v = self.exact();
                self.unmake();
                per_card.push((card, (taken + d + v) as u32 * 10));
            }
        }
        // The board is at the query's position again: the line reuses the table.
        if q.line {
            sol.line = match rule {
                // A points-optimal line alone may lose (or give away) the trick that decides.
                PointRule::SomeTrick => self.line(q, Mode::Exact(v), Some(Second::SoloTricks(1))),
                PointRule::AllTricks => self.line(q, Mode::Exact(v), Some(Second::SoloTricks(10))),
                _ => self.line(q, Mode::Exact(v), None),
            };
        }
        sol.soloist_wins = Some(self.point_rule_wins(rule, &q.deal, &q.played, total));
        for (card, pts) in per_card {
            let mut after = q.played.clone();
            after.push(card);
            let wins = self.point_rule_wins(rule, &q.deal, &after, pts);
            sol.cards.push(CardValue {
                card,
                soloist_wins: wins,
                soloist_points: Some(pts),
                payoff: None,
            });
        }
    }

    /// A point contract's outcome alone ([`Question::WinLose`]): one threshold search where the
    /// card points decide, the tricks search where they do not.
    fn solve_points_win_lose(&mut self, q: &Query, c: Contract, g: &Game, sol: &mut Solution) {
        let taken = self.setup(&q.deal, &q.played, Goal::Points);
        let rule = self.point_rule(c, q.rules, q.deal.talon().points() as i32);
        // The threshold of a goal that decides the outcome, on this board.
        let (goal, need) = match rule {
            PointRule::AtLeast(t) => (Goal::Points, t as i32 / 10 - taken),
            PointRule::SomeTrick => (Goal::SoloTricks, 1),
            PointRule::AllTricks => (Goal::SoloTricks, 10),
            // Decided by the marriages: any card keeps it; the line plays for card points.
            PointRule::Always(w) => {
                sol.soloist_wins = Some(w);
                for card in g.legal_cards().iter().filter(|_| q.all_cards) {
                    sol.cards.push(CardValue {
                        card,
                        soloist_wins: w,
                        soloist_points: None,
                        payoff: None,
                    });
                }
                if q.line {
                    let v = self.exact();
                    sol.line = self.line(q, Mode::Exact(v), None);
                }
                return;
            }
        };
        let need = if goal == Goal::Points {
            need
        } else {
            need - self.setup(&q.deal, &q.played, goal)
        };
        self.solve_threshold(q, g, sol, need);
    }

    /// How card points decide point contract `c` (shared/RULES.md); `talon` is the talon's card
    /// points (the defenders').
    fn point_rule(&self, c: Contract, rules: RuleOptions, talon: i32) -> PointRule {
        match c {
            Contract::Negyven100 => PointRule::AtLeast(60),
            Contract::Husz100 => PointRule::AtLeast(80),
            _ => {
                // Passz: the smallest multiple of 10 that wins, 2s > 90 + md - ms, if the
                // soloist can take that many card points at all (at most 90 - talon).
                let (ms, md) = (self.spec.ms, self.spec.md);
                let most = 90 - talon;
                match (0..=most).step_by(10).find(|&s| 2 * s > 90 + md - ms) {
                    Some(0) if rules.marriage_needs_trick => PointRule::SomeTrick,
                    Some(0) => PointRule::Always(true),
                    Some(t) => PointRule::AtLeast(t as u32),
                    // No card points are enough against the defenders' marriages; with
                    // `marriage_needs_trick` taking every trick wins (theirs do not count, and
                    // 90 - talon >= 70 card points beat the talon's).
                    None if rules.marriage_needs_trick => PointRule::AllTricks,
                    None => PointRule::Always(false),
                }
            }
        }
    }

    /// Does the soloist win under `rule` when they can force `total` card points from the
    /// position after `played`? (The trick rules need a search of their own.)
    fn point_rule_wins(
        &mut self,
        rule: PointRule,
        deal: &Deal,
        played: &[Card],
        total: u32,
    ) -> bool {
        match rule {
            PointRule::AtLeast(t) => total >= t,
            PointRule::Always(w) => w,
            PointRule::SomeTrick => self.can_force(deal, played, Goal::SoloTricks, 1),
            PointRule::AllTricks => self.can_force(deal, played, Goal::SoloTricks, 10),
        }
    }

    /// Can the soloist reach a total of `target` for `goal` from the position after `played`?
    fn can_force(&mut self, deal: &Deal, played: &[Card], goal: Goal, target: i32) -> bool {
        let taken = self.setup(deal, played, goal);
        self.search(target - taken)
    }

    fn win_lose_goal(c: Contract) -> (Goal, i32) {
        match c {
            Contract::Ulti => (Goal::Ulti, 1),
            Contract::Betli => (Goal::DefTricks, 10),
            Contract::Durchmars | Contract::DurchmarsAdu => (Goal::SoloTricks, 10),
            Contract::NegyAsz => (Goal::Aces, 4),
            Contract::NegyTizes => (Goal::Tens, 4),
            _ => unreachable!("point contracts are solved by solve_points"),
        }
    }

    fn solve_win_lose(&mut self, q: &Query, c: Contract, g: &Game, sol: &mut Solution) {
        let (goal, target) = Self::win_lose_goal(c);
        let taken = self.setup(&q.deal, &q.played, goal);
        self.solve_threshold(q, g, sol, target - taken);
    }

    /// A win/lose answer on the board as set up: does the soloist reach `need` more, the same
    /// for each legal card, and a line that keeps the outcome (then plays for card points).
    fn solve_threshold(&mut self, q: &Query, g: &Game, sol: &mut Solution, need: i32) {
        sol.soloist_wins = Some(self.search(need));
        for card in g.legal_cards().iter().filter(|_| q.all_cards) {
            let d = self.make(self.layout.int(card));
            let w = self.search(need - d);
            self.unmake();
            sol.cards.push(CardValue {
                card,
                soloist_wins: w,
                soloist_points: None,
                payoff: None,
            });
        }
        if q.line {
            sol.line = self.line(q, Mode::Threshold(need), Some(Second::Points));
        }
    }

    fn solve_compound(&mut self, q: &Query, g: &Game, sol: &mut Solution) {
        self.setup(&q.deal, &q.played, Goal::Payoff);
        let v = self.exact();
        let best: i32 = self.spec.comps.iter().map(|c| c.win).sum();
        sol.payoff = Some(v);
        sol.soloist_wins = Some(v == best);
        if q.all_cards {
            for card in g.legal_cards().iter() {
                self.make(self.layout.int(card));
                let p = self.exact();
                self.unmake();
                sol.cards.push(CardValue {
                    card,
                    soloist_wins: p == best,
                    soloist_points: None,
                    payoff: Some(p),
                });
            }
        }
        if !q.line {
            return;
        }
        sol.line = self.line(q, Mode::Exact(v), Some(Second::Points));
        // Each component's outcome on the line.
        let mut end = g.clone();
        for &c in &sol.line {
            end.play(c).expect("the solver's line is legal");
        }
        sol.components = self
            .spec
            .comps
            .iter()
            .map(|comp| {
                let won = end.outcome(comp.contract);
                ComponentResult {
                    contract: comp.contract,
                    won,
                    payoff: if won { comp.win } else { comp.lose },
                }
            })
            .collect();
    }

    /// A bid's payoff from the start of play (no line, no cards) when it is known to lie in
    /// `lo..=hi`, and whether the soloist wins every component: zero-window tests at the
    /// payoffs that component outcomes can add up to in that range only (for two components
    /// with one bound from each side, a single test). The answer is [`Solver::solve`]'s
    /// payoff whenever the bounds hold. `q` is played from the start and must be playable.
    pub(crate) fn payoff_within(&mut self, q: &Query, mut lo: i32, mut hi: i32) -> (bool, i32) {
        debug_assert!(q.played.is_empty() && q.bid.unplayable_reason(&q.deal).is_none());
        self.nodes = 0;
        self.configure(q);
        self.setup(&q.deal, &[], Goal::Payoff);
        let comps = &self.spec.comps;
        let best: i32 = comps.iter().map(|c| c.win).sum();
        let mut values: Vec<i32> = (0..1u32 << comps.len())
            .map(|m| {
                comps
                    .iter()
                    .enumerate()
                    .map(|(i, c)| if m >> i & 1 != 0 { c.win } else { c.lose })
                    .sum()
            })
            .collect();
        values.sort_unstable();
        values.dedup();
        loop {
            let open: Vec<i32> = values
                .iter()
                .copied()
                .filter(|v| (lo..=hi).contains(v))
                .collect();
            debug_assert!(!open.is_empty(), "the payoff lies outside its bounds");
            if open.len() <= 1 {
                let v = open.first().copied().unwrap_or(lo);
                return (v == best, v);
            }
            let need = open[open.len() / 2];
            let v = self.probe_value(need);
            if v >= need {
                lo = v;
            } else {
                hi = v;
            }
        }
    }

    /// The exact value from the current position: zero-window tests that split the range
    /// still open, each narrowing it to the bound it proves.
    fn exact(&mut self) -> i32 {
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

    /// One optimal line from the query's position (already on the board, searched for
    /// `mode`): every card keeps the position's value — the outcome of a threshold, or the
    /// exact value — so the line never contradicts the verdict, and is one of the best cards
    /// of [`Query::all_cards`] at its step.
    ///
    /// Among the cards that keep the value, the line prefers one that also keeps `second`, a
    /// secondary aim followed on a second board: the outcome of "the soloist takes at least n
    /// tricks" for a passz decided by tricks (from the start), or the exact card points for
    /// win/lose contracts and payoffs once their value is decided whatever anyone plays (so the
    /// line plays on sensibly, and the card-points search is only paid for the short rest).
    /// When no card keeps both, the value wins and the secondary aim is re-solved from there.
    ///
    /// Search bounds are not used to cut the line short: a lower bound such as "draw the
    /// trumps, then cash the winners" is what the soloist *can* force, not what any card keeps
    /// (leading a side suit before the trumps are drawn loses a durchmars the bound calls won).
    fn line(&mut self, q: &Query, mut mode: Mode, second: Option<Second>) -> Vec<Card> {
        let mut played = q.played.clone();
        let mut aux: Option<(Box<Solver>, Mode)> = None;
        let mut line = Vec::with_capacity(30);
        while self.tricks_done < 10 {
            let start = match second {
                Some(Second::SoloTricks(_)) => line.is_empty(),
                Some(Second::Points) => aux.is_none() && self.decided(mode),
                None => false,
            };
            if let (true, Some(second)) = (start, second) {
                aux = Some(self.start_aux(q, &played, second));
            }
            let seat = self.mover();
            let keep = self.keeper(mode);
            let aux_keep = aux.as_mut().map(|(a, m)| a.keeper(*m));
            let (mut chosen, mut fallback) = (None, None);
            for m in self.line_moves(seat) {
                if !self.keeps(m, seat, mode, keep) {
                    continue;
                }
                fallback.get_or_insert(m);
                let kept = match (&mut aux, aux_keep) {
                    (Some((a, am)), Some(k)) => a.keeps(m, seat, *am, k),
                    _ => true,
                };
                if kept {
                    chosen = Some(m);
                    break;
                }
            }
            let m = chosen
                .or(fallback)
                .expect("some card keeps the position's value");
            mode = mode.after(self.make(m));
            if let Some((a, am)) = &mut aux {
                *am = am.after(a.make(m));
                if chosen.is_none() && matches!(am, Mode::Exact(_)) {
                    *am = Mode::Exact(a.exact());
                }
            }
            let card = self.layout.card(m);
            line.push(card);
            played.push(card);
        }
        if let Some((a, _)) = aux {
            self.aux = Some(a);
        }
        line
    }

    /// The second board of [`Solver::line`] at the position after `played`, with its aim.
    fn start_aux(&mut self, q: &Query, played: &[Card], second: Second) -> (Box<Solver>, Mode) {
        let bytes = self.tt.bytes() / 4;
        let mut a = self
            .aux
            .take()
            .unwrap_or_else(|| Box::new(Solver::with_memory(bytes)));
        a.configure(q);
        let mode = match second {
            Second::Points => {
                a.setup(&q.deal, played, Goal::Points);
                Mode::Exact(a.exact())
            }
            Second::SoloTricks(n) => {
                Mode::Threshold(n - a.setup(&q.deal, played, Goal::SoloTricks))
            }
        };
        (a, mode)
    }

    /// Is the value of `mode` settled whatever anyone plays from here: a threshold already
    /// reached or out of reach of everything still live, or a payoff whose components are all
    /// decided? (Only facts of the position count here, no search bound.)
    fn decided(&self, mode: Mode) -> bool {
        let left = 10 - self.tricks_done as i32;
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.trick_bits();
        match mode {
            Mode::Threshold(need) => {
                let most = match self.goal {
                    Goal::Points => self.live_cards(live) + i32::from(left > 0),
                    Goal::SoloTricks | Goal::DefTricks => left,
                    Goal::Aces | Goal::Tens => self.live_cards(live),
                    Goal::Ulti => i32::from(
                        self.hands[0] & self.seven != 0
                            || (self.tricks_done == 9 && self.trick_bits() & self.seven != 0),
                    ),
                    Goal::Payoff => return false,
                };
                need <= 0 || need > most
            }
            Mode::Exact(_) if self.goal == Goal::Payoff => {
                let (lo, hi) = self.payoff_bounds(live, left, 0, 0);
                lo == hi
            }
            Mode::Exact(_) => false,
        }
    }

    /// What a card must keep in `mode`: for a threshold, whether it is reached from here.
    fn keeper(&mut self, mode: Mode) -> bool {
        match mode {
            Mode::Threshold(need) => self.search(need),
            Mode::Exact(_) => true,
        }
    }

    /// Does card `m` of `seat` keep the value of `mode` (`keep`: see [`Solver::keeper`])?
    fn keeps(&mut self, m: u8, seat: usize, mode: Mode, keep: bool) -> bool {
        let d = self.make(m);
        let ok = match mode {
            Mode::Threshold(need) => self.search(need - d) == keep,
            Mode::Exact(v) if seat == SOLOIST => self.search(v - d),
            Mode::Exact(v) => !self.search(v - d + 1),
        };
        self.unmake();
        ok
    }

    /// Every legal card of `seat`, in the search's order: equivalent cards are not merged, as
    /// the secondary aim may tell them apart.
    fn line_moves(&self, seat: usize) -> Vec<u8> {
        let legal = self.legal(seat);
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.trick_bits();
        let ctx = self.order_context(seat, live);
        let mut cards: Vec<u8> = (0..32u8).filter(|&c| legal >> c & 1 != 0).collect();
        cards.sort_by_key(|&c| std::cmp::Reverse(self.score(c, &ctx, live)));
        cards
    }

    // ------------------------------------------------------------------ the search

    #[inline]
    fn mover(&self) -> usize {
        MOD3[self.leader + self.trick_len]
    }

    #[inline]
    fn trick_bits(&self) -> u32 {
        self.trick[..self.trick_len]
            .iter()
            .fold(0, |a, &c| a | 1 << c)
    }

    /// Legal cards of `seat` (internal layout).
    fn legal(&self, seat: usize) -> u32 {
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
    fn winning_index(&self) -> usize {
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
    fn make(&mut self, c: u8) -> i32 {
        let seat = self.mover();
        debug_assert!(self.hands[seat] & 1 << c != 0, "card not in hand");
        self.hands[seat] &= !(1 << c);
        self.trick[self.trick_len] = c;
        self.trick_len += 1;
        if self.trick_len < 3 {
            return 0;
        }
        let wi = self.winning_index();
        let winner = MOD3[self.leader + wi];
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
    fn unmake(&mut self) {
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
    fn debug_check(&self) {
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

    /// Bounds on the value from here: the search answers at once outside them.
    fn bounds(&self) -> (i32, i32) {
        if self.trick_len > 0 {
            // Mid-trick nothing is sure yet for the counting goals: the full range (a
            // search never cuts here, as its trick boundary above had the same maximum).
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
        let (mut sol_sure, def_sure) = if boundary { self.trump_run() } else { (0, 0) };
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

    /// The top run of live trumps held by one side (at a trick boundary): nothing can beat
    /// them, so each wins the trick it is played to for its side. Returns (the soloist's run,
    /// the defenders' run); one of them is empty.
    fn trump_run(&self) -> (u32, u32) {
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
    fn live_cards(&self, live: u32) -> i32 {
        let n = self.live_count[self.tricks_done];
        debug_assert_eq!(u32::from(n), (live & self.count_mask).count_ones());
        i32::from(n)
    }

    /// Sure winners of the soloist on lead at a trick boundary, given their top trump run
    /// `run`: when the run (without a held ulti VII) draws every defender trump, all their
    /// trumps and, in each side suit, the cards above every defender card of the suit (each
    /// wins its trick and keeps the lead); else just `run`.
    fn soloist_cash(&self, run: u32) -> u32 {
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

    /// Quick tricks: the soloist, on lead at a trick boundary, surely takes every remaining
    /// trick when each of their cards beats every defender card of its suit and they hold at
    /// least as many trumps as either defender (draw the trumps, then cash the side suits;
    /// a held ulti VII is then unbeatable and goes last).
    fn soloist_takes_rest(&self) -> bool {
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
    fn soloist_top_beaten(&self) -> bool {
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
    fn payoff_bounds(&self, live: u32, left: i32, sol_run: u32, def_run: u32) -> (i32, i32) {
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

    /// The relative-rank key: per suit, from the highest live card down, a nibble
    /// `owner + 1 | role << 2` (roles from `special`), looked up in `suit_codes` by the suit's
    /// live cards. Positions that differ only in cards already played share it: every rule
    /// depends only on suits, the order of the live cards and their roles.
    fn position_key(&mut self) -> u128 {
        debug_assert!(self.codes_ready, "suit codes not cleared");
        let [h0, h1, h2] = self.hands;
        let live = h0 | h1 | h2;
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
    fn suit_code(&self, s: usize, m: usize) -> u32 {
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
    fn relative(&self, c: u8, live: u32) -> u8 {
        let higher = live & above(u32::from(c)) & SUIT_MASK[(c >> 3) as usize];
        (c >> 3) << 3 | higher.count_ones() as u8
    }

    fn absolute(&self, r: u8, live: u32) -> u8 {
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

    fn tt_key(&mut self) -> Key {
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

    /// In the last trick every card is forced: play them out and return the value they add
    /// (with the final value of a compound bid), the board left as it was.
    fn last_trick(&mut self) -> i32 {
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
    fn search(&mut self, need: i32) -> bool {
        self.probe_value(need) >= need
    }

    /// A fail-soft zero-window search around `need`: a result `v >= need` proves the value
    /// is at least `v`, a result `v < need` proves it is at most `v`. The sharper bounds go
    /// into the table and narrow [`Solver::exact`] faster than `need` alone would.
    fn probe_value(&mut self, need: i32) -> i32 {
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

    /// The legal cards of `seat`, one per class of equivalent cards, best first.
    fn gen_moves(&self, seat: usize, hint: u8) -> Moves {
        let legal = self.legal(seat);
        let mut moves = Moves {
            cards: [0; 10],
            len: 0,
        };
        if legal & (legal - 1) == 0 {
            // A forced card: nothing to order.
            moves.cards[0] = legal.trailing_zeros() as u8;
            moves.len = 1;
            return moves;
        }
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.trick_bits();
        let mut scores = [0i32; 10];
        let ctx = self.order_context(seat, live);
        let mut bits = legal;
        while bits != 0 {
            let c = bits.trailing_zeros();
            bits &= bits - 1;
            // Skip `c` when the next live card above it in its suit is ours, legal, and plays
            // the same role for the goal: the two are interchangeable.
            let up = live & above(c) & SUIT_MASK[(c >> 3) as usize];
            if up != 0 {
                let n = up.trailing_zeros();
                if legal & 1 << n != 0 && self.roles[c as usize] == self.roles[n as usize] {
                    continue;
                }
            }
            let c = c as u8;
            let mut s = self.score(c, &ctx, live);
            if c == hint {
                s += 10_000;
            }
            // Insertion sort, best first.
            let mut i = moves.len;
            while i > 0 && scores[i - 1] < s {
                scores[i] = scores[i - 1];
                moves.cards[i] = moves.cards[i - 1];
                i -= 1;
            }
            scores[i] = s;
            moves.cards[i] = c;
            moves.len += 1;
        }
        debug_assert!(moves.len > 0);
        moves
    }

    /// What the ordering heuristic needs to know about the trick (or the lead) for `seat`.
    fn order_context(&self, seat: usize, live: u32) -> OrderCtx {
        let want_win = self.goal != Goal::DefTricks;
        let refined = !matches!(self.goal, Goal::Ulti | Goal::DefTricks);
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
        let wseat = MOD3[self.leader + wi];
        let winning = self.trick[wi];
        let partner_winning = (wseat == SOLOIST) == (seat == SOLOIST);
        let last = self.trick_len == 2;
        let next = MOD3[seat + 1];
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
    fn can_beat(&self, seat: usize, w: u8) -> bool {
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

    fn score(&self, c: u8, ctx: &OrderCtx, live: u32) -> i32 {
        let strength = i32::from(c & 7);
        let value =
            i32::from(self.points_mask & 1 << c != 0) + i32::from(self.order_mask & 1 << c != 0);
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
            // last of all.
            let side = if self.trump_mask >> c & 1 != 0 {
                -200
            } else {
                0
            };
            return side
                + if ctx.ruffed >> c & 1 != 0 {
                    10 - strength - 10 * value
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
                if ctx.safe {
                    60 + 10 * value - strength
                } else if beats && !self.can_beat(ctx.next, c) {
                    80 + 10 * value - strength
                } else {
                    40 - strength - 10 * value
                }
            } else if beats {
                if !ctx.next_opponent || !self.can_beat(ctx.next, c) {
                    100 - strength
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

struct OrderCtx {
    seat: usize,
    want_win: bool,
    /// Use the refined heuristics (ruffs, partner's winners, the next player's cards).
    refined: bool,
    leading: bool,
    winning: u8,
    partner_winning: bool,
    last: bool,
    /// Leading: cards of suits an opponent can ruff.
    ruffed: u32,
    /// A defender leading: cards of suits whose top card the partner holds.
    to_partner: u32,
    /// Following: the next player.
    next: usize,
    /// Following, not last: the next player is an opponent.
    next_opponent: bool,
    /// Refined, following: the partner's winning card stays the winner (we are last, or the
    /// next player cannot beat it).
    safe: bool,
}

/// How card points decide a point contract.
#[derive(Clone, Copy, Debug)]
enum PointRule {
    /// At least this many card points.
    AtLeast(u32),
    /// Decided by the marriages alone.
    Always(bool),
    /// Marriages win, but only with a trick (`marriage_needs_trick`).
    SomeTrick,
    /// Only taking every trick wins (`marriage_needs_trick`).
    AllTricks,
}

#[derive(Clone, Copy, Debug)]
enum Mode {
    /// Keep the win/lose outcome of "value >= need".
    Threshold(i32),
    /// Keep the exact value.
    Exact(i32),
}

impl Mode {
    /// The mode after a card that added `d` to the value.
    fn after(self, d: i32) -> Mode {
        match self {
            Mode::Threshold(need) => Mode::Threshold(need - d),
            Mode::Exact(v) => Mode::Exact(v - d),
        }
    }
}

/// A line's secondary aim (see [`Solver::line`]).
#[derive(Clone, Copy, Debug)]
enum Second {
    /// The exact card points the soloist can force.
    Points,
    /// Whether the soloist takes at least this many tricks in all.
    SoloTricks(i32),
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
