//! The transitions of [`WholeGame`]: each action checked against the rules and carried out,
//! or refused with the rule it breaks and the state left unchanged.

use crate::card::{Card, CardSet, Suit};
use crate::deal::{Deal, Seat};
use crate::rules::{Game, PlayError};
use crate::whole_game::action::{Action, Verb};
use crate::whole_game::bid::AuctionBid;
use crate::whole_game::error::ActionError;
use crate::whole_game::kontra::{KontraBook, level_name};
use crate::whole_game::options::{AllPass, EqualValue};
use crate::whole_game::settle::{Terms, forfeit, settle};

use super::{Stage, WholeGame};

impl WholeGame {
    /// Is `action` legal now? (The state is unchanged either way.)
    ///
    /// # Errors
    /// The rule it breaks.
    pub fn check(&self, action: &Action) -> Result<(), ActionError> {
        self.clone().apply(action.clone())
    }

    /// Carry out `action`.
    ///
    /// # Errors
    /// The rule it breaks; the state is then unchanged.
    pub fn apply(&mut self, action: Action) -> Result<(), ActionError> {
        if self.stage == Stage::Over {
            return Err(ActionError::GameOver);
        }
        // A kontra is checked for its own moment (the soloist's rekontra comes between
        // tricks 1 and 2, whoever leads trick 2).
        if action.seat != self.to_act && !matches!(action.verb, Verb::Kontra { .. }) {
            return Err(ActionError::NotYourTurn {
                seat: action.seat,
                expected: self.to_act,
                what: self.asked(),
            });
        }
        let mut next = self.clone();
        match (&action.verb, self.stage) {
            (Verb::Bid { bid, discard }, Stage::Auction) => {
                next.bid_(action.seat, bid, *discard)?
            }
            (Verb::Pass { discard }, Stage::Auction) => next.pass(action.seat, *discard)?,
            (Verb::Stand, Stage::Auction) => next.stand(action.seat)?,
            (Verb::Trump(s), Stage::Trump) => next.name_trump(*s)?,
            (Verb::Kontra { level, units }, Stage::Play) => {
                next.say_kontra(action.seat, *level, units)?
            }
            (Verb::Card(c), Stage::Play) => next.card(*c)?,
            (Verb::Bid { .. } | Verb::Pass { .. } | Verb::Stand, _) => {
                return Err(ActionError::WrongPhase("the auction is over"));
            }
            (Verb::Trump(_), Stage::Auction) => {
                return Err(ActionError::WrongPhase(
                    "the trump is named after the auction",
                ));
            }
            (Verb::Trump(_), _) => {
                return Err(ActionError::WrongPhase(
                    "the trump is named once, right after the auction",
                ));
            }
            (Verb::Kontra { .. }, _) => {
                return Err(ActionError::WrongPhase(
                    "kontra is said with a card of the play, after the auction and the trump",
                ));
            }
            (Verb::Card(_), Stage::Auction) => {
                return Err(ActionError::WrongPhase(
                    "no card is played during the auction",
                ));
            }
            (Verb::Card(_), _) => {
                return Err(ActionError::WrongPhase(
                    "the soloist names the trump before the play",
                ));
            }
        }
        next.actions.push(action);
        *self = next;
        Ok(())
    }

    // ------------------------------------------------------------------ the auction

    fn discard(&mut self, seat: Seat, cards: [Card; 2]) -> Result<CardSet, ActionError> {
        let twelve = CardSet(
            self.hands[seat].0
                | if seat == self.forehand() && !self.opened {
                    0
                } else {
                    self.talon.0
                },
        );
        if cards[0] == cards[1] {
            return Err(ActionError::DiscardTwice(cards[0]));
        }
        for c in cards {
            if !twelve.contains(c) {
                return Err(ActionError::DiscardNotHeld { card: c, seat });
            }
        }
        let talon: CardSet = cards.into_iter().collect();
        self.hands[seat] = CardSet(twelve.0 & !talon.0);
        self.talon = talon;
        self.talon_by = Some(seat);
        Ok(talon)
    }

    fn bid_(
        &mut self,
        seat: Seat,
        bid: &AuctionBid,
        discard: [Card; 2],
    ) -> Result<(), ActionError> {
        if let Some(standing) = &self.bid {
            let (v, sv) = (bid.value(), standing.value());
            let higher = self.overcalls(bid);
            if !higher {
                return Err(ActionError::NotHigher {
                    bid: bid.clone(),
                    value: v,
                    standing: standing.clone(),
                    standing_value: sv,
                    why: match self.rules.equal_value {
                        EqualValue::FirstStands if v == sv => "an equal value never overcalls",
                        EqualValue::ByRank if v == sv => "within one value it does not rank higher",
                        _ => "a bid must be worth more per defender",
                    },
                });
            }
        }
        self.discard(seat, discard)?;
        let trumps = bid.playable_trumps(self.hands[seat], self.talon);
        if trumps.is_empty() {
            let candidates: &[Suit] = if bid.names_trump() {
                &[Suit::Zold, Suit::Makk, Suit::Tok]
            } else {
                &[Suit::Piros]
            };
            let reason = candidates
                .iter()
                .find_map(|&s| bid.unplayable_reason(self.hands[seat], self.talon, s))
                .unwrap_or("no trump makes it playable");
            return Err(ActionError::Unplayable {
                bid: bid.clone(),
                reason,
            });
        }
        self.opened = true;
        self.holder = Some(seat);
        self.bid = Some(bid.clone());
        self.passes = 0;
        self.to_act = (seat + 1) % 3;
        Ok(())
    }

    fn pass(&mut self, seat: Seat, discard: Option<[Card; 2]>) -> Result<(), ActionError> {
        if !self.opened {
            return match (self.rules.allpass, discard) {
                (AllPass::Play, _) => Err(ActionError::Opening(
                    "the forehand opens the auction: it discards two and bids (passz at least)",
                )),
                (AllPass::Forfeit, None) => Err(ActionError::Opening(
                    "the forehand's opening pass lays down two cards: pass C1,C2",
                )),
                (AllPass::Forfeit, Some(d)) => {
                    self.discard(seat, d)?;
                    self.opened = true;
                    self.passes = 1;
                    self.to_act = (seat + 1) % 3;
                    Ok(())
                }
            };
        }
        if discard.is_some() {
            return Err(ActionError::PassWithDiscard);
        }
        if self.holder_turn() {
            return Err(ActionError::HolderMustStand(seat));
        }
        self.passes += 1;
        self.to_act = (seat + 1) % 3;
        match self.holder {
            Some(_) if self.passes == 2 && !self.rules.holder_may_raise => self.end_auction(),
            None if self.passes == 3 => self.end_auction(),
            _ => {}
        }
        Ok(())
    }

    fn stand(&mut self, _seat: Seat) -> Result<(), ActionError> {
        if !self.holder_turn() {
            return Err(ActionError::StandNotHolder);
        }
        self.end_auction();
        Ok(())
    }

    fn end_auction(&mut self) {
        let (Some(soloist), Some(bid)) = (self.holder, self.bid.clone()) else {
            self.settlement = Some(forfeit(self.forehand()));
            self.stage = Stage::Over;
            return;
        };
        self.to_act = soloist;
        if bid.names_trump() {
            self.stage = Stage::Trump;
        } else {
            self.start_play(Suit::Piros);
        }
    }

    fn name_trump(&mut self, suit: Suit) -> Result<(), ActionError> {
        let bid = self.bid.clone().expect("a contract after the auction");
        if !bid.names_trump() {
            return Err(ActionError::NoTrumpToName(bid));
        }
        if suit == Suit::Piros {
            return Err(ActionError::TrumpPiros);
        }
        let soloist = self.holder.expect("a soloist after the auction");
        if let Some(reason) = bid.unplayable_reason(self.hands[soloist], self.talon, suit) {
            return Err(ActionError::TrumpUnplayable { suit, bid, reason });
        }
        self.start_play(suit);
        Ok(())
    }

    fn start_play(&mut self, trump: Suit) {
        let soloist = self.holder.expect("a soloist");
        let bid = self.bid.clone().expect("a bid");
        let played_trump = if bid.has_trumps() { trump } else { Suit::Piros };
        self.trump = bid.has_trumps().then_some(played_trump);
        let hands = [0, 1, 2].map(|i| self.hands[(soloist + i) % 3]);
        let deal = Deal::new(played_trump, hands).expect("three hands of ten after the auction");
        self.play = Some(Game::new(&deal, &bid.bid, self.rules.play()));
        self.book = Some(KontraBook::new(bid.bid.components(), !bid.has_trumps()));
        self.stage = Stage::Play;
        self.to_act = soloist;
    }

    // ------------------------------------------------------------------ the play

    /// The kontra levels `seat` may say at this moment (see [`super::kontra`]):
    /// kontra before a defender's card to trick 1; rekontra by the soloist after trick 1,
    /// before trick 2 is led; each further level by the other side at its next card after the
    /// level below was said.
    pub(crate) fn kontra_levels_now(&self, seat: Seat) -> Result<Vec<u8>, String> {
        let (Some(g), Some(soloist)) = (&self.play, self.holder) else {
            return Err("kontra is said during the play".into());
        };
        let played = g.played().len();
        if self.last_kontra == Some((seat, played)) {
            return Err(format!(
                "seat {seat} has already doubled at this moment: one kontra per card"
            ));
        }
        let is_soloist = seat == soloist;
        let trick = g.tricks().len();
        let between = g.current_trick().is_empty();
        // Several moments can be open at once (a defender that has not played since both a
        // rekontra and a mordkontra): the units' levels then say which one applies.
        let open: Vec<u8> = (1..=5u8)
            .filter(|&level| match level {
                1 => !is_soloist && trick == 0 && seat == self.to_act,
                2 => is_soloist && trick == 1 && between && self.kontra_at[1].is_some(),
                _ => {
                    (level % 2 == 0) == is_soloist
                        && seat == self.to_act
                        && self.kontra_at[usize::from(level) - 1]
                            .is_some_and(|c| self.last_card[seat].is_none_or(|l| l < c))
                }
            })
            .collect();
        if open.is_empty() {
            return Err(if is_soloist {
                "the soloist says rekontra after trick 1, before trick 2 is led, and answers a later level at its next card".into()
            } else {
                "a defender says kontra right before its card to trick 1, and answers a rekontra at its next card".into()
            });
        }
        let allowed: Vec<u8> = open
            .iter()
            .copied()
            .filter(|&l| l <= self.rules.max_kontra)
            .collect();
        if allowed.is_empty() {
            return Err(format!(
                "max_kontra is {}: {} is not played",
                self.rules.max_kontra,
                level_name(open[0])
            ));
        }
        Ok(allowed)
    }

    fn say_kontra(
        &mut self,
        seat: Seat,
        level: u8,
        units: &[crate::contract::Contract],
    ) -> Result<(), ActionError> {
        let now = self.kontra_levels_now(seat).map_err(ActionError::Kontra)?;
        if !now.contains(&level) {
            let names: Vec<&str> = now.iter().map(|&l| level_name(l)).collect();
            return Err(ActionError::Kontra(format!(
                "seat {seat} may say {} now, not {}",
                names.join(" or "),
                level_name(level)
            )));
        }
        let soloist = self.holder.expect("a soloist");
        let defender = (seat != soloist).then(|| self.game_seat(seat) - 1);
        let played = self.play.as_ref().map_or(0, |g| g.played().len());
        self.book
            .as_mut()
            .expect("a kontra book in play")
            .double(level, units, defender)
            .map_err(ActionError::Kontra)?;
        self.last_kontra = Some((seat, played));
        self.kontra_at[usize::from(level)] = Some(played);
        Ok(())
    }

    fn card(&mut self, card: Card) -> Result<(), ActionError> {
        let holder = self.holder.unwrap_or(0);
        let g = self.play.as_mut().expect("in play");
        let before = g.played().len();
        let seat = (g.to_move() + holder) % 3;
        g.play(card)
            .map_err(|e| ActionError::Card(map_seat(e, holder)))?;
        self.last_card[seat] = Some(before);
        if g.is_over() {
            let t = Terms {
                bid: self.bid.as_ref().expect("a bid"),
                trump: self.trump.unwrap_or(Suit::Piros),
                book: self.book.as_ref().expect("a book"),
                silent_bonuses: self.rules.silent_bonuses,
                soloist: holder,
            };
            self.settlement = Some(settle(g, &t));
            self.stage = Stage::Over;
        } else {
            self.to_act = (g.to_move() + holder) % 3;
        }
        Ok(())
    }
}

/// A play error with its game seat turned into the table seat.
fn map_seat(e: PlayError, soloist: Seat) -> PlayError {
    let t = |s: Seat| (s + soloist) % 3;
    match e {
        PlayError::NotInHand { card, seat } => PlayError::NotInHand {
            card,
            seat: t(seat),
        },
        PlayError::MustFollow { card, seat, led } => PlayError::MustFollow {
            card,
            seat: t(seat),
            led,
        },
        PlayError::MustBeat { card, seat, led } => PlayError::MustBeat {
            card,
            seat: t(seat),
            led,
        },
        PlayError::MustTrump { card, seat } => PlayError::MustTrump {
            card,
            seat: t(seat),
        },
        PlayError::MustOvertrump { card, seat } => PlayError::MustOvertrump {
            card,
            seat: t(seat),
        },
        other => other,
    }
}
