//! Line reconstruction: one optimal line whose every card keeps the position's value, with a
//! secondary aim followed on a second board.

use crate::card::Card;
use crate::deal::SOLOIST;

use super::{Solver, goal::Goal, query::Query};

#[derive(Clone, Copy, Debug)]
pub(super) enum Mode {
    /// Keep the win/lose outcome of "value >= need".
    Threshold(i32),
    /// Keep the exact value.
    Exact(i32),
}

impl Mode {
    /// The mode after a card that added `d` to the value.
    pub(super) fn after(self, d: i32) -> Mode {
        match self {
            Mode::Threshold(need) => Mode::Threshold(need - d),
            Mode::Exact(v) => Mode::Exact(v - d),
        }
    }
}

/// A line's secondary aim (see [`Solver::line`]).
#[derive(Clone, Copy, Debug)]
pub(super) enum Second {
    /// The exact card points the soloist can force.
    Points,
    /// Whether the soloist takes at least this many tricks in all.
    SoloTricks(i32),
}

impl Solver {
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
    pub(super) fn line(&mut self, q: &Query, mut mode: Mode, second: Option<Second>) -> Vec<Card> {
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
    pub(super) fn start_aux(
        &mut self,
        q: &Query,
        played: &[Card],
        second: Second,
    ) -> (Box<Solver>, Mode) {
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
    pub(super) fn decided(&self, mode: Mode) -> bool {
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
    pub(super) fn keeper(&mut self, mode: Mode) -> bool {
        match mode {
            Mode::Threshold(need) => self.search(need),
            Mode::Exact(_) => true,
        }
    }

    /// Does card `m` of `seat` keep the value of `mode` (`keep`: see [`Solver::keeper`])?
    pub(super) fn keeps(&mut self, m: u8, seat: usize, mode: Mode, keep: bool) -> bool {
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
    pub(super) fn line_moves(&self, seat: usize) -> Vec<u8> {
        let legal = self.legal(seat);
        let live = self.hands[0] | self.hands[1] | self.hands[2] | self.trick_bits();
        let ctx = self.order_context(seat, live);
        let mut cards: Vec<u8> = (0..32u8).filter(|&c| legal >> c & 1 != 0).collect();
        cards.sort_by_key(|&c| std::cmp::Reverse(self.score(c, &ctx, live)));
        cards
    }
}
