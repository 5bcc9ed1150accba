//! A bot client: one seat's state rebuilt from the messages its connection receives (nothing
//! else — it sees what a person at that seat would), and a legal action chosen from it with a
//! seeded generator. The tests and the benchmark play whole games with it through real
//! WebSockets. Its choices depend only on its seed and the game so far (never on timing or
//! on how often it reconnected), so the same seeds play the same games.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use serde_json::Value;
use ulti_engine::advise::SeatView;
use ulti_engine::whole_game::{Action, AuctionBid, KontraBook, Stage, TableRules, Verb};
use ulti_engine::{Card, CardSet, Seat, Suit, parse_cards};

use crate::table::mix;

/// What the bot wants to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// `{"t": "act", "action": …}`.
    Act(String),
    /// `{"t": "pickup"}`.
    Pickup,
    /// `{"t": "next"}`.
    Next,
}

/// How eager the bot is (probabilities).
#[derive(Clone, Copy, Debug)]
pub struct Temper {
    /// Picks up the talon on a turn in the auction.
    pub pickup: f64,
    /// The holder picks up again to raise (when a raise exists).
    pub raise: f64,
    /// A defender says kontra before its card to trick 1.
    pub kontra: f64,
}

impl Default for Temper {
    fn default() -> Temper {
        Temper {
            pickup: 0.35,
            raise: 0.3,
            kontra: 0.3,
        }
    }
}

/// One seat as its messages show it.
#[derive(Clone, Debug, Default)]
pub struct Bot {
    /// The seat (from `welcome`, or given).
    pub seat: Option<Seat>,
    /// The last numbered message received.
    pub v: u64,
    /// The current game.
    pub game: u32,
    seed: u64,
    temper: Option<Temper>,
    rules: TableRules,
    /// The seat's cards now (after its discard).
    cards: CardSet,
    /// The ten it plays with, once the auction is over.
    ten: CardSet,
    /// The talon when this seat knows it (it laid it down, or picked it up).
    talon: Option<CardSet>,
    /// The actions of the game as received (others' discards `??,??`).
    actions: Vec<String>,
    to_act: Option<Seat>,
    stage: Option<Stage>,
    picked_up: Option<Seat>,
    /// Games after whose end this seat said next.
    said_next: u32,
}

fn cards(v: &Value) -> CardSet {
    v.as_str()
        .and_then(|s| parse_cards(s).ok())
        .map(|c| c.into_iter().collect())
        .unwrap_or(CardSet::EMPTY)
}

fn stage_of(v: &Value) -> Option<Stage> {
    serde_json::from_value(v.clone()).ok()
}

impl Bot {
    /// A bot for `seat` whose choices derive from `seed`.
    #[must_use]
    pub fn new(seat: Option<Seat>, seed: u64, temper: Temper) -> Bot {
        Bot {
            seat,
            seed,
            temper: Some(temper),
            ..Bot::default()
        }
    }

    /// Take in one message received.
    pub fn receive(&mut self, m: &Value) {
        if let Some(v) = m.get("v").and_then(Value::as_u64)
            && m["t"] != "ack"
        {
            self.v = self.v.max(v);
        }
        match m["t"].as_str().unwrap_or("") {
            "welcome" => self.welcome(m),
            "deal" => {
                self.game = m["game"].as_u64().unwrap_or(0) as u32;
                if let Ok(r) = serde_json::from_value(m["rules"].clone()) {
                    self.rules = r;
                }
                self.cards = cards(&m["hand"]);
                self.ten = CardSet::EMPTY;
                self.talon = None;
                self.actions.clear();
                self.picked_up = None;
                self.to_act = m["to_act"].as_u64().map(|s| s as usize);
                self.stage = Some(Stage::Auction);
            }
            "talon" => {
                let seat = m["seat"].as_u64().map(|s| s as usize);
                self.picked_up = seat;
                if seat == self.seat {
                    self.talon = Some(cards(&m["cards"]));
                }
            }
            "event" => self.event(m),
            "ready" if m["seat"].as_u64().map(|s| s as usize) == self.seat => {
                self.said_next = m["game"].as_u64().unwrap_or(0) as u32;
            }
            _ => {}
        }
    }

    fn welcome(&mut self, m: &Value) {
        self.seat = m["seat"].as_u64().map(|s| s as usize);
        self.game = m["game"].as_u64().unwrap_or(0) as u32;
        let view = &m["view"];
        if let Ok(r) = serde_json::from_value(view["rules"].clone()) {
            self.rules = r;
        }
        self.actions = view["actions"]
            .as_array()
            .map(|a| {
                a.iter()
                    .filter_map(|x| x.as_str().map(String::from))
                    .collect()
            })
            .unwrap_or_default();
        self.cards = cards(&m["hand"]);
        self.to_act = m["to_act"].as_u64().map(|s| s as usize);
        self.stage = stage_of(&m["stage"]);
        self.picked_up = m["picked_up"].as_u64().map(|s| s as usize);
        self.talon = match (&m["talon"], &m["known_talon"]) {
            (t @ Value::String(_), _) | (Value::Null, t @ Value::String(_)) => Some(cards(t)),
            _ => None,
        };
        let mine = |a: &String| a.split(' ').next() == self.seat.map(|s| s.to_string()).as_deref();
        let played: CardSet = self
            .actions
            .iter()
            .filter(|a| mine(a))
            .filter_map(|a| a.strip_prefix(&format!("{} card ", self.seat.unwrap_or(9))))
            .filter_map(|c| c.parse::<Card>().ok())
            .collect();
        self.ten = if matches!(self.stage, Some(Stage::Play | Stage::Trump)) {
            CardSet(self.cards.0 | played.0)
        } else {
            CardSet::EMPTY
        };
        if m["ready"]
            .as_array()
            .and_then(|r| r.get(self.seat.unwrap_or(9)))
            .and_then(Value::as_bool)
            == Some(true)
        {
            self.said_next = self.game;
        }
    }

    fn event(&mut self, m: &Value) {
        let text = m["action"].as_str().unwrap_or("").to_string();
        let before = self.stage;
        self.to_act = m["to_act"].as_u64().map(|s| s as usize);
        self.stage = stage_of(&m["stage"]);
        self.picked_up = None;
        let seat = text.split(' ').next().and_then(|s| s.parse::<Seat>().ok());
        if let Ok(a) = text.parse::<Action>() {
            // Only this seat's own actions carry cards it did not know.
            match &a.verb {
                Verb::Bid { discard, .. } if seat == self.seat => {
                    let twelve = CardSet(self.cards.0 | self.talon.map_or(0, |t| t.0));
                    let laid: CardSet = discard.iter().copied().collect();
                    let twelve = if self.actions.is_empty() {
                        self.cards
                    } else {
                        twelve
                    };
                    self.cards = CardSet(twelve.0 & !laid.0);
                    self.talon = Some(laid);
                }
                Verb::Card(c) if seat == self.seat => {
                    self.cards = CardSet(self.cards.0 & !c.bit());
                }
                _ => {}
            }
        } else if text.contains(" bid ") {
            // Another seat laid down a talon this seat does not know.
            self.talon = None;
        }
        if before == Some(Stage::Auction) && self.stage != Some(Stage::Auction) {
            self.ten = self.cards;
        }
        self.actions.push(text);
    }

    /// The seat to act.
    #[must_use]
    pub fn to_act(&self) -> Option<Seat> {
        self.to_act
    }

    /// The game's stage.
    #[must_use]
    pub fn stage(&self) -> Option<Stage> {
        self.stage
    }

    /// The actions of the current game as received.
    #[must_use]
    pub fn actions(&self) -> &[String] {
        &self.actions
    }

    /// What to send now, if anything (`None`: not this seat's move).
    #[must_use]
    pub fn choose(&self) -> Option<Request> {
        let me = self.seat?;
        let mut rng = SmallRng::seed_from_u64(mix(self.seed
            ^ mix(u64::from(self.game) << 32 | self.actions.len() as u64)
            ^ me as u64));
        let temper = self.temper.unwrap_or_default();
        match self.stage? {
            Stage::Over => (self.said_next < self.game).then_some(Request::Next),
            _ if self.to_act != Some(me) => None,
            Stage::Auction => Some(self.auction(me, &mut rng, temper)),
            Stage::Trump => {
                let bid = self.standing()?.1;
                let options = bid.playable_trumps(self.cards, self.talon?);
                let s = options[rng.random_range(0..options.len())];
                Some(Request::Act(format!("trump {}", s.letter())))
            }
            Stage::Play => self.play(me, &mut rng, temper),
        }
    }

    /// The standing bid: its holder and the bid.
    fn standing(&self) -> Option<(Seat, AuctionBid)> {
        self.actions.iter().rev().find_map(|a| {
            let mut w = a.split(' ');
            let seat = w.next()?.parse().ok()?;
            (w.next()? == "bid").then_some(())?;
            Some((seat, w.next()?.parse().ok()?))
        })
    }

    fn higher(&self) -> Vec<AuctionBid> {
        let standing = self.standing().map(|s| s.1);
        AuctionBid::ladder()
            .into_iter()
            .filter(|b| {
                standing
                    .as_ref()
                    .is_none_or(|s| match self.rules.equal_value {
                        ulti_engine::whole_game::EqualValue::FirstStands => b.value() > s.value(),
                        ulti_engine::whole_game::EqualValue::ByRank => b.rank() > s.rank(),
                    })
            })
            .collect()
    }

    fn auction(&self, me: Seat, rng: &mut SmallRng, temper: Temper) -> Request {
        if self.actions.is_empty() {
            let c: Vec<Card> = self.cards.iter().collect();
            let i = rng.random_range(0..c.len());
            let j = (i + 1 + rng.random_range(0..c.len() - 1)) % c.len();
            return Request::Act(format!("bid passz {},{}", c[i], c[j]));
        }
        let twelve = self.talon.map(|t| CardSet(self.cards.0 | t.0));
        let raises: Vec<(AuctionBid, [Card; 2])> = twelve.map_or_else(Vec::new, |tw| {
            self.higher()
                .into_iter()
                .filter_map(|b| b.discard_for(tw).map(|d| (b, d)))
                .take(3)
                .collect()
        });
        if self.picked_up == Some(me) {
            // RULES.md, Auction, item 2: no playable raise: the talon goes back, a pass.
            if raises.is_empty() {
                return Request::Act("pass".into());
            }
            let (b, d) = &raises[rng.random_range(0..raises.len())];
            return Request::Act(format!("bid {b} {},{}", d[0], d[1]));
        }
        let holder = self.standing().is_some_and(|(h, _)| h == me)
            && self
                .actions
                .iter()
                .rev()
                .take(2)
                .all(|a| a.ends_with(" pass"));
        if holder {
            return if !raises.is_empty() && rng.random_bool(temper.raise) {
                Request::Pickup
            } else {
                Request::Act("stand".into())
            };
        }
        if rng.random_bool(temper.pickup) {
            Request::Pickup
        } else {
            Request::Act("pass".into())
        }
    }

    fn play(&self, me: Seat, rng: &mut SmallRng, temper: Temper) -> Option<Request> {
        let (soloist, bid) = self.standing()?;
        let trump = self
            .actions
            .iter()
            .find_map(|a| a.split_once(" trump ").map(|(_, s)| s.to_string()))
            .and_then(|s| match s.as_str() {
                "Z" => Some(Suit::Zold),
                "M" => Some(Suit::Makk),
                "T" => Some(Suit::Tok),
                _ => None,
            })
            .unwrap_or(Suit::Piros);
        let played: Vec<Card> = self
            .actions
            .iter()
            .filter_map(|a| a.split_once(" card ").and_then(|(_, c)| c.parse().ok()))
            .collect();
        let game_seat = (me + 3 - soloist) % 3;
        // Kontra before the card to trick 1 (a defender), rekontra leading trick 2 (the
        // soloist), once per moment, from the kontras said so far.
        let last_mine = self.actions.last().is_some_and(|a| {
            a.starts_with(&format!("{me} ")) && !a.contains(" card ") && !a.contains(" trump ")
        });
        let moment = match (game_seat, played.len()) {
            (1 | 2, 0..=2) => Some(1u8),
            (0, 3) => Some(2u8),
            _ => None,
        };
        if let (Some(level), false) = (moment, last_mine) {
            let mut book = KontraBook::new(bid.bid.components(), !bid.has_trumps());
            for a in &self.actions {
                if let Ok(Action {
                    seat,
                    verb: Verb::Kontra { level, units },
                }) = a.parse::<Action>()
                {
                    let d = (seat != soloist).then(|| (seat + 3 - soloist) % 3 - 1);
                    let _ = book.double(level, &units, d);
                }
            }
            let who = (game_seat != 0).then(|| game_seat - 1);
            let units = book.doublable(level, who);
            if !units.is_empty() && rng.random_bool(temper.kontra) {
                let name = ulti_engine::whole_game::level_name(level);
                return Some(Request::Act(format!("{name} {}", units[0].id())));
            }
        }
        let talon = (game_seat == 0).then_some(self.talon).flatten();
        let view = SeatView::new(
            game_seat,
            self.ten,
            talon,
            trump,
            Some(bid.bid.clone()),
            &played,
            self.rules.play(),
        )
        .ok()?;
        let legal: Vec<Card> = view.legal_cards().iter().collect();
        if legal.is_empty() {
            return None;
        }
        let c = legal[rng.random_range(0..legal.len())];
        Some(Request::Act(format!("card {c}")))
    }
}
