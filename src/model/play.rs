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
    Announcement, Bid, Card, CardSet, ComponentResult, Contract, Deal, Game, PlayError, Query,
    RuleOptions, SOLOIST, Seat, Solution, Suit, standard_announcements,
};

use ulti_engine::players::settle;

use crate::model::url_state::{LAST_STEP, format_played, format_rules, parse_played, parse_rules};

pub use ulti_engine::players::Level;

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

/// The Play page's URL parameters, read.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct PlayUrl {
    /// `deal=` (the deal as dealt), when valid.
    pub deal: Option<Deal>,
    /// `seat=` 0, 1 or 2: the game has started with the user in this seat.
    pub seat: Option<Seat>,
    /// `level=`.
    pub level: Option<Level>,
    /// `bid=`: a standard announcement id.
    pub bid: Option<Announcement>,
    /// `discard=`: two card codes.
    pub discard: Option<[Card; 2]>,
    /// `played=`.
    pub played: Vec<Card>,
    /// `rules=`.
    pub rules: RuleOptions,
}

/// Read two card codes (`PA,PK`).
fn parse_discard(value: &str) -> Option<[Card; 2]> {
    let cards = parse_played(value);
    <[Card; 2]>::try_from(cards).ok()
}

impl PlayUrl {
    /// Read the parameters (absent or malformed values read as `None` / empty).
    #[must_use]
    pub fn parse(get: impl Fn(&str) -> Option<String>) -> PlayUrl {
        PlayUrl {
            deal: get("deal").and_then(|d| Deal::parse_code(d.trim()).ok()),
            seat: get("seat")
                .and_then(|s| s.trim().parse::<Seat>().ok())
                .filter(|&s| s <= 2),
            level: get("level").and_then(|l| l.trim().parse::<Level>().ok()),
            bid: get("bid").and_then(|b| announcement_by_id(&b)),
            discard: get("discard").and_then(|d| parse_discard(&d)),
            played: get("played").map(|p| parse_played(&p)).unwrap_or_default(),
            rules: get("rules").map(|r| parse_rules(&r)).unwrap_or_default(),
        }
    }

    /// The game the URL describes: `None` before the user picked a seat (or without a deal).
    /// A bid that does not fit the deal is dropped, and so are the played cards from the
    /// first one that breaks a rule.
    #[must_use]
    pub fn game(&self, default_level: Level) -> Option<PlayGame> {
        let mut g = PlayGame::new(
            self.deal?,
            self.seat?,
            self.level.unwrap_or(default_level),
            self.rules,
        );
        if let (Some(a), Some(d)) = (&self.bid, self.discard)
            && g.announce(a.clone(), d).is_ok()
        {
            for &c in self.played.iter().take(LAST_STEP) {
                if g.play(c).is_err() {
                    break;
                }
            }
        }
        Some(g)
    }
}

/// The query string (without `?`) of a game, or of a deal before the seat is chosen.
#[must_use]
pub fn format_play_query(
    deal: &Deal,
    game: Option<&PlayGame>,
    level: Level,
    lang: Option<&str>,
) -> String {
    let mut parts = vec![format!("deal={}", deal.code())];
    if let Some(g) = game {
        parts.push(format!("seat={}", g.seat));
    }
    parts.push(format!("level={level}"));
    if let Some(g) = game {
        if let Some(r) = format_rules(g.rules) {
            parts.push(format!("rules={r}"));
        }
        if let Some(c) = &g.contracted {
            // `+` reads as a space in a query: written as %2B.
            parts.push(format!("bid={}", c.announcement.id().replace('+', "%2B")));
            parts.push(format!("discard={}", format_played(&c.discard)));
            if !g.played.is_empty() {
                parts.push(format!("played={}", format_played(&g.played)));
            }
        }
    }
    if let Some(l) = lang {
        parts.push(format!("lang={l}"));
    }
    parts.join("&")
}

impl fmt::Display for SetupError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SetupError::BadDiscard => f.write_str("discard two different cards of the twelve"),
            SetupError::Unplayable(c) => write!(f, "{c} cannot be played with this hand"),
        }
    }
}

/// Which side a seat plays on, for the review: the soloist wants the soloist's result up, the
/// defenders down.
fn soloist_side(seat: Seat) -> bool {
    seat == SOLOIST
}

/// The double-dummy verdict on one card of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    /// The card kept the best result the seat's side could force.
    Kept,
    /// The card gave away the contract (the soloist could have won and now cannot, or the
    /// defenders could have beaten it and now cannot).
    ThrewAway,
    /// The contract's outcome stays, but the side lost card points (point contracts) or
    /// payoff (compound bids): how many.
    Lost(u32),
}

/// The solved position before one card: the value of the position and of the card played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CardCheck {
    /// Could the soloist force the bid before the card (best play)?
    pub best_wins: bool,
    /// After the card?
    pub card_wins: bool,
    /// Point contracts: forced points before and after (`None` otherwise).
    pub best_points: Option<u32>,
    /// Point contracts: forced points after the card.
    pub card_points: Option<u32>,
    /// Compound bids: payoff before and after.
    pub best_payoff: Option<i32>,
    /// Compound bids: payoff after the card.
    pub card_payoff: Option<i32>,
}

/// The verdict on a card played by `seat`, from its solved position.
#[must_use]
pub fn verdict(seat: Seat, check: &CardCheck) -> Verdict {
    let solo = soloist_side(seat);
    if check.best_wins != check.card_wins {
        return Verdict::ThrewAway;
    }
    let lost = match (
        check.best_points,
        check.card_points,
        check.best_payoff,
        check.card_payoff,
    ) {
        (Some(b), Some(c), _, _) => {
            if solo {
                b.saturating_sub(c)
            } else {
                c.saturating_sub(b)
            }
        }
        (_, _, Some(b), Some(c)) => {
            let d = if solo { b - c } else { c - b };
            d.max(0).unsigned_abs()
        }
        _ => 0,
    };
    if lost > 0 {
        Verdict::Lost(lost)
    } else {
        Verdict::Kept
    }
}

/// The index of the first card that turned the result (threw the contract away).
#[must_use]
pub fn turning_card(verdicts: &[Option<Verdict>]) -> Option<usize> {
    verdicts
        .iter()
        .position(|v| matches!(v, Some(Verdict::ThrewAway)))
}

/// The contract the solver page's line viewer shows for a bid (`game=` takes one contract):
/// the bid itself when single, else its component worth the most.
#[must_use]
pub fn viewer_contract(bid: &Bid) -> Contract {
    bid.as_single().unwrap_or_else(|| {
        bid.contracts()
            .iter()
            .copied()
            .max_by_key(|c| c.base_value())
            .unwrap_or(Contract::Passz)
    })
}

/// The solver page's query string (without `?`) that opens the line viewer and what-if at
/// card `index` (0-based) of a finished game: the deal as played, the contract, the cards
/// before it, and the step.
#[must_use]
pub fn review_link(game: &PlayGame, index: usize) -> Option<String> {
    let c = game.contracted.as_ref()?;
    let contract = viewer_contract(&c.announcement.bid);
    let step = index.min(game.played.len());
    let mut parts = vec![
        format!("deal={}", c.deal.code()),
        format!("game={}", contract.id()),
    ];
    if let Some(r) = format_rules(game.rules) {
        parts.insert(1, format!("rules={r}"));
    }
    if !game.played.is_empty() {
        parts.push(format!("played={}", format_played(&game.played)));
    }
    if step > 0 {
        parts.push(format!("step={step}"));
    }
    Some(parts.join("&"))
}

/// The solve that reviews card `index` (0-based) of a game: the position before it, every
/// legal card of the seat to move scored (no line), under the announced bid and its scoring.
#[must_use]
pub fn review_query(game: &PlayGame, index: usize) -> Option<Query> {
    let c = game.contracted.as_ref()?;
    let mut q = Query::new(c.deal, c.announcement.bid.clone());
    q.rules = game.rules;
    q.played = game.played.get(..index)?.to_vec();
    q.all_cards = true;
    q.line = false;
    q.scoring = c.announcement.scoring;
    Some(q)
}

/// The position's value and the value of `card` in it, from the review solve.
#[must_use]
pub fn card_check(sol: &Solution, card: Card) -> Option<CardCheck> {
    let cv = sol.cards.iter().find(|v| v.card == card)?;
    Some(CardCheck {
        best_wins: sol.soloist_wins?,
        card_wins: cv.soloist_wins,
        best_points: sol.soloist_points,
        card_points: cv.soloist_points,
        best_payoff: sol.payoff,
        card_payoff: cv.payoff,
    })
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

    fn check(best: bool, card: bool, points: Option<(u32, u32)>) -> CardCheck {
        CardCheck {
            best_wins: best,
            card_wins: card,
            best_points: points.map(|p| p.0),
            card_points: points.map(|p| p.1),
            best_payoff: None,
            card_payoff: None,
        }
    }

    #[test]
    fn a_card_is_judged_for_the_side_that_played_it() {
        // The soloist could win and no longer can: thrown away.
        assert_eq!(verdict(0, &check(true, false, None)), Verdict::ThrewAway);
        // A defender could beat the contract and no longer can: thrown away.
        assert_eq!(verdict(1, &check(false, true, None)), Verdict::ThrewAway);
        assert_eq!(verdict(2, &check(true, true, None)), Verdict::Kept);
        // Points: the soloist loses when they go down, a defender when they go up.
        assert_eq!(
            verdict(0, &check(true, true, Some((70, 60)))),
            Verdict::Lost(10)
        );
        assert_eq!(
            verdict(1, &check(true, true, Some((70, 60)))),
            Verdict::Kept
        );
        assert_eq!(
            verdict(2, &check(false, false, Some((40, 50)))),
            Verdict::Lost(10)
        );
        let payoff = CardCheck {
            best_payoff: Some(8),
            card_payoff: Some(4),
            ..check(true, true, None)
        };
        assert_eq!(verdict(0, &payoff), Verdict::Lost(4));
        assert_eq!(verdict(1, &payoff), Verdict::Kept);
        let v = [
            Some(Verdict::Kept),
            None,
            Some(Verdict::Lost(10)),
            Some(Verdict::ThrewAway),
            Some(Verdict::ThrewAway),
        ];
        assert_eq!(turning_card(&v), Some(3));
        assert_eq!(turning_card(&v[..3]), None);
    }

    #[test]
    fn the_line_viewer_shows_the_bids_biggest_contract() {
        let bid = |s: &str| s.parse::<Bid>().unwrap();
        assert_eq!(viewer_contract(&bid("betli")), Contract::Betli);
        assert_eq!(viewer_contract(&bid("40-100+ulti")), Contract::Ulti);
        assert_eq!(
            viewer_contract(&bid("ulti+durchmars-adu")),
            Contract::DurchmarsAdu
        );
    }
}
