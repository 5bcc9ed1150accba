//! The "Play" page's game, free of the DOM: a dealt deal, the user's seat and the computer's
//! level, the soloist's discard and announcement, the cards played, the final result and
//! payoff (shared/RULES.md), the seeds of the computer's decisions, and the URL
//! (`?deal=&seat=&level=&bid=&discard=&played=`) that shares or resumes a game.
//!
//! The engine's types are opaque values here: [`Game`] enforces the rules, [`SeatView`] is what
//! a computer seat is allowed to see.

use std::fmt;

use ulti_engine::advise::{SeatView, ViewError};
use ulti_engine::{
    Announcement, Card, CardSet, ComponentResult, Contract, Deal, Game, PlayError, RuleOptions,
    SOLOIST, Seat, Suit, standard_announcements,
};

use ulti_engine::players::settle;

pub use ulti_engine::players::Level;

mod review;
mod url;

pub use review::{
    CardCheck, Verdict, card_check, card_money_query, card_view, review_link, review_query,
    turning_card, verdict, viewer_contract,
};
pub use url::{PlayUrl, format_play_query};

/// The announced bid and the two cards the soloist put down.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Contracted {
    /// The bid as announced (trump and scoring form included).
    pub announcement: Announcement,
    /// The two cards discarded (they are the talon of the game).
    pub discard: [Card; 2],
    /// The deal as played: the soloist's hand after the discard, the discard as talon, the
    /// announcement's trump.
    pub deal: Deal,
}

/// Why a discard and announcement cannot start the game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SetupError {
    /// The discard is not two different cards of the soloist's twelve.
    BadDiscard,
    /// The soloist lacks the bid's prerequisites after this discard (the contract lacking).
    Unplayable(Contract),
}

/// The soloist's twelve cards: the hand and the talon.
#[must_use]
pub fn soloist_cards(dealt: &Deal) -> CardSet {
    CardSet(dealt.hand(SOLOIST).0 | dealt.talon().0)
}

/// The deal as played after the soloist discards `discard` and announces `announcement`.
///
/// # Errors
/// A discard that is not two different cards of the twelve, or an unplayable bid.
pub fn game_deal(
    dealt: &Deal,
    announcement: &Announcement,
    discard: [Card; 2],
) -> Result<Deal, SetupError> {
    let twelve = soloist_cards(dealt);
    if discard[0] == discard[1] || !discard.iter().all(|&c| twelve.contains(c)) {
        return Err(SetupError::BadDiscard);
    }
    let mut hand = twelve;
    hand.remove(discard[0]);
    hand.remove(discard[1]);
    let trump = announcement.trump.unwrap_or(dealt.trump);
    let [_, h1, h2] = dealt.hands();
    let deal = Deal::new(trump, [hand, h1, h2]).map_err(|_| SetupError::BadDiscard)?;
    if let Some(c) = announcement
        .bid
        .contracts()
        .iter()
        .copied()
        .find(|c| c.unplayable_reason(&deal).is_some())
    {
        return Err(SetupError::Unplayable(c));
    }
    Ok(deal)
}

/// A group of the bid list: the no-trump bids, or the bids of one trump suit.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BidGroup {
    /// `None`: betli and colourless durchmars.
    pub trump: Option<Suit>,
    /// The playable bids of the group, in ladder order.
    pub bids: Vec<Announcement>,
}

/// The standard bids the soloist can announce after discarding `discard`, grouped by trump
/// (no-trump bids first, then Piros, Zöld, Makk, Tök); bids whose prerequisites the hand
/// lacks are left out, empty groups too.
#[must_use]
pub fn playable_bids(dealt: &Deal, discard: [Card; 2]) -> Vec<BidGroup> {
    let mut groups: Vec<BidGroup> = std::iter::once(None)
        .chain(Suit::ALL.into_iter().map(Some))
        .map(|trump| BidGroup {
            trump,
            bids: Vec::new(),
        })
        .collect();
    for a in standard_announcements() {
        if game_deal(dealt, &a, discard).is_ok()
            && let Some(g) = groups.iter_mut().find(|g| g.trump == a.trump)
        {
            g.bids.push(a);
        }
    }
    groups.retain(|g| !g.bids.is_empty());
    groups
}

/// The standard announcement with this id (`40-100+ulti@Z`, `betli@teritett`, …). A space
/// reads as `+` (what a query's unescaped `+` becomes).
#[must_use]
pub fn announcement_by_id(id: &str) -> Option<Announcement> {
    let id = id.trim().replace(' ', "+");
    standard_announcements().into_iter().find(|a| a.id() == id)
}

/// The seed of a whole game: the deal code and the user's seat and level, hashed (FNV-1a), so
/// the same link replays the same computer decisions. Each computer decision's sampling seed
/// is derived from it and the number of cards played by the engine's players
/// (`ulti_engine::players::decision_seed`), so a worker asked for one card at a time decides
/// as one player over the whole game would.
#[must_use]
pub fn game_seed(dealt: &Deal, seat: Seat, level: Level) -> u64 {
    let text = format!("{}/{seat}/{level}", dealt.code());
    text.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// The end of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// Every scored component (the implicit passz of a points game included), as the engine
    /// reports a component: won or lost and its payoff per defender.
    pub components: Vec<ComponentResult>,
    /// What each defender pays the soloist (negative: the soloist pays each defender).
    pub payoff: i32,
    /// The soloist's card points (talon excluded, last trick included).
    pub soloist_points: u32,
    /// Tricks the soloist took.
    pub soloist_tricks: usize,
}

impl GameResult {
    /// Did the soloist win every component?
    #[must_use]
    pub fn soloist_won(&self) -> bool {
        self.components.iter().all(|c| c.won)
    }

    /// The payoff of `seat`: the soloist is paid by (or pays) both defenders.
    #[must_use]
    pub fn payoff_of(&self, seat: Seat) -> i32 {
        if seat == SOLOIST {
            2 * self.payoff
        } else {
            -self.payoff
        }
    }
}

/// Whose turn it is in the game, or the game's end.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PlayPhase {
    /// The user is the soloist and has not discarded and announced yet.
    UserBids,
    /// The computer soloist is to discard and announce.
    ComputerBids,
    /// The user is to play a card.
    UserPlays,
    /// A computer seat is to play.
    ComputerPlays(Seat),
    /// All ten tricks are played.
    Over,
}

/// A game on the Play page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayGame {
    /// The deal as dealt (the soloist's ten cards, the talon, the defenders' hands).
    pub dealt: Deal,
    /// The user's seat.
    pub seat: Seat,
    /// The computer's level.
    pub level: Level,
    /// House rules.
    pub rules: RuleOptions,
    /// The bid and discard, once announced.
    pub contracted: Option<Contracted>,
    /// Cards played so far, in order.
    pub played: Vec<Card>,
}

impl PlayGame {
    /// The state key of a game: the deal, the user's seat, whether the bid is made and the
    /// cards played. A computer answer applies only to the position it was asked for.
    #[must_use]
    pub fn key(&self) -> String {
        format!(
            "{}/{}/{}/{}",
            self.dealt.code(),
            self.seat,
            self.contracted.is_some(),
            self.played.len()
        )
    }

    /// A new game before the bid.
    #[must_use]
    pub fn new(dealt: Deal, seat: Seat, level: Level, rules: RuleOptions) -> PlayGame {
        PlayGame {
            dealt,
            seat: seat.min(2),
            level,
            rules,
            contracted: None,
            played: Vec::new(),
        }
    }

    /// The seed of this game's computer decisions.
    #[must_use]
    pub fn seed(&self) -> u64 {
        game_seed(&self.dealt, self.seat, self.level)
    }

    /// Discard and announce (by the user or the computer soloist).
    ///
    /// # Errors
    /// See [`game_deal`].
    pub fn announce(
        &mut self,
        announcement: Announcement,
        discard: [Card; 2],
    ) -> Result<(), SetupError> {
        let deal = game_deal(&self.dealt, &announcement, discard)?;
        self.contracted = Some(Contracted {
            announcement,
            discard,
            deal,
        });
        self.played.clear();
        Ok(())
    }

    /// The game so far (after the bid).
    #[must_use]
    pub fn game(&self) -> Option<Game> {
        let c = self.contracted.as_ref()?;
        Game::with_played(&c.deal, &c.announcement.bid, self.rules, &self.played).ok()
    }

    /// Whose turn it is.
    #[must_use]
    pub fn phase(&self) -> PlayPhase {
        match self.game() {
            None if self.seat == SOLOIST => PlayPhase::UserBids,
            None => PlayPhase::ComputerBids,
            Some(g) if g.is_over() => PlayPhase::Over,
            Some(g) if g.to_move() == self.seat => PlayPhase::UserPlays,
            Some(g) => PlayPhase::ComputerPlays(g.to_move()),
        }
    }

    /// Play `card` for the seat to move.
    ///
    /// # Errors
    /// The rule the card breaks (nothing changes), or [`PlayError::GameOver`] before the bid.
    pub fn play(&mut self, card: Card) -> Result<(), PlayError> {
        let mut g = self.game().ok_or(PlayError::GameOver { card })?;
        g.play(card)?;
        self.played.push(card);
        Ok(())
    }

    /// Why `card` cannot be played now (`None`: it can).
    #[must_use]
    pub fn check(&self, card: Card) -> Option<PlayError> {
        self.game().and_then(|g| g.check(card).err())
    }

    /// The cards the user holds now: the twelve before the soloist's discard, then the hand.
    #[must_use]
    pub fn user_hand(&self) -> CardSet {
        match (self.game(), self.seat) {
            (Some(g), s) => g.hand(s),
            (None, SOLOIST) => soloist_cards(&self.dealt),
            (None, s) => self.dealt.hand(s),
        }
    }

    /// What `seat` sees now (its own hand, the talon if it is the soloist, the bid and the
    /// played cards): the only input of a computer decision.
    ///
    /// # Errors
    /// Before the bid, or when the view cannot be built.
    pub fn view_of(&self, seat: Seat) -> Result<SeatView, ViewError> {
        let c = self.contracted.as_ref().ok_or(ViewError::PlayWithoutBid)?;
        let talon = (seat == SOLOIST).then(|| c.deal.talon());
        SeatView::new(
            seat,
            c.deal.hand(seat),
            talon,
            c.deal.trump,
            Some(c.announcement.bid.clone()),
            &self.played,
            self.rules,
        )
    }

    /// The result once all ten tricks are played: each component won or lost and the payoff
    /// per RULES.md (with the announcement's terített / piros form), by the engine's
    /// `players::settle`, as `ulti match` scores its games.
    #[must_use]
    pub fn result(&self) -> Option<GameResult> {
        let c = self.contracted.as_ref()?;
        let g = self.game()?;
        if !g.is_over() {
            return None;
        }
        let (outcomes, payoff) = settle(&g, &c.announcement);
        let components = outcomes
            .iter()
            .map(|o| ComponentResult {
                contract: o.contract,
                won: o.won,
                payoff: o.payoff,
            })
            .collect();
        Some(GameResult {
            payoff,
            components,
            soloist_points: g.soloist_points(),
            soloist_tricks: g.soloist_tricks(),
        })
    }

    /// The seat that played each card of `played`.
    #[must_use]
    pub fn players(&self) -> Vec<Seat> {
        let Some(c) = self.contracted.as_ref() else {
            return Vec::new();
        };
        let mut g = Game::new(&c.deal, &c.announcement.bid, self.rules);
        self.played
            .iter()
            .map(|&card| {
                let s = g.to_move();
                let _ = g.play(card);
                s
            })
            .collect()
    }
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BadDiscard => f.write_str("discard two different cards of the twelve"),
            SetupError::Unplayable(c) => write!(f, "{c} cannot be played with this hand"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_games_key_changes_with_each_decision_only() {
        let dealt =
            Deal::parse_code("0070605040302012737173112323313143435151620212322242526103011")
                .unwrap();
        let g = PlayGame::new(dealt, 1, Level::Easy, RuleOptions::default());
        let same = PlayGame::new(dealt, 1, Level::Strong, RuleOptions::default());
        assert_eq!(g.key(), same.key(), "the level is not part of the position");
        let other_seat = PlayGame::new(dealt, 2, Level::Easy, RuleOptions::default());
        assert_ne!(g.key(), other_seat.key());
        assert_eq!(g.key(), format!("{}/1/false/0", dealt.code()));
    }
}
