//! The "My hand" page's state in the URL: `?hand=` (the picked cards, FORMATS.md names,
//! comma-separated), `samples=`, `seed=`, `confirm=` and `lang=`.

use ulti_engine::advise::BidOptions;
use ulti_engine::{Card, CardSet};

/// The soloist's twelve cards: a dealt hand with the talon picked up.
pub const PICKED_UP_HAND: u32 = 12;

/// The samples the page offers (per finalist discard).
pub const SAMPLE_CHOICES: [u32; 5] = [8, 16, 32, 64, 128];

/// The most samples or confirmation samples a link may ask for.
pub const MAX_SAMPLES: u32 = 1024;

/// Why `?hand=` was rejected.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HandError {
    /// Not a card name (the text as given).
    BadCard(String),
    /// A card named twice.
    Repeated(Card),
    /// More than twelve cards.
    TooMany(usize),
}

/// The page's state from the link.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HandUrl {
    /// The picked cards (empty when `hand=` is missing or rejected).
    pub hand: CardSet,
    /// Why `hand=` was rejected.
    pub error: Option<HandError>,
    /// Samples per finalist discard.
    pub samples: u32,
    /// The seed.
    pub seed: u64,
    /// Confirmation samples of the leading rows.
    pub confirm: u32,
}

/// Read `hand=`: up to twelve distinct cards.
///
/// # Errors
/// A name that is not a card, a repeated card, or more than twelve cards.
pub fn parse_hand(text: &str) -> Result<CardSet, HandError> {
    let mut set = CardSet::default();
    let mut n = 0;
    for name in text
        .split([',', ' '])
        .map(str::trim)
        .filter(|t| !t.is_empty())
    {
        let card: Card = name
            .parse()
            .map_err(|_| HandError::BadCard(name.to_string()))?;
        if set.contains(card) {
            return Err(HandError::Repeated(card));
        }
        set.insert(card);
        n += 1;
    }
    if n > PICKED_UP_HAND as usize {
        return Err(HandError::TooMany(n));
    }
    Ok(set)
}

/// The `hand=` value of `hand`: its cards' names in the deck's order, comma-separated.
#[must_use]
pub fn format_hand(hand: CardSet) -> String {
    hand.iter()
        .map(|c| c.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

impl HandUrl {
    /// The state of a link's parameters (missing or unreadable numbers take the defaults).
    #[must_use]
    pub fn parse(
        hand: Option<&str>,
        samples: Option<&str>,
        seed: Option<&str>,
        confirm: Option<&str>,
    ) -> HandUrl {
        let defaults = BidOptions::default();
        let (hand, error) = match hand.map(parse_hand) {
            Some(Ok(h)) => (h, None),
            Some(Err(e)) => (CardSet::default(), Some(e)),
            None => (CardSet::default(), None),
        };
        let number = |v: Option<&str>, default: u32, min: u32| {
            v.and_then(|v| v.trim().parse::<u32>().ok())
                .filter(|n| (min..=MAX_SAMPLES).contains(n))
                .unwrap_or(default)
        };
        HandUrl {
            hand,
            error,
            samples: number(samples, defaults.samples, 1),
            seed: seed
                .and_then(|v| v.trim().parse().ok())
                .unwrap_or(defaults.seed),
            confirm: number(confirm, defaults.confirm, 0),
        }
    }

    /// The query string (without `?`); `confirm=` only when not the default.
    #[must_use]
    pub fn query(&self, lang: Option<&str>) -> String {
        let mut parts = Vec::new();
        if !self.hand.is_empty() {
            parts.push(format!("hand={}", format_hand(self.hand)));
        }
        parts.push(format!("samples={}", self.samples));
        parts.push(format!("seed={}", self.seed));
        if self.confirm != BidOptions::default().confirm {
            parts.push(format!("confirm={}", self.confirm));
        }
        if let Some(l) = lang {
            parts.push(format!("lang={l}"));
        }
        parts.join("&")
    }

    /// The advice options for this state.
    #[must_use]
    pub fn options(&self) -> BidOptions {
        BidOptions {
            samples: self.samples,
            seed: self.seed,
            confirm: self.confirm,
            ..BidOptions::default()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_link_reads_back() {
        let url = HandUrl::parse(
            Some("PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8"),
            Some("8"),
            Some("5"),
            None,
        );
        assert_eq!(url.error, None);
        assert_eq!(url.hand.len(), 12);
        assert_eq!((url.samples, url.seed, url.confirm), (8, 5, 32));
        let again = url.query(None);
        let q: Vec<(&str, &str)> = again
            .split('&')
            .map(|kv| kv.split_once('=').unwrap())
            .collect();
        let get = |k: &str| q.iter().find(|(n, _)| *n == k).map(|(_, v)| *v);
        assert_eq!(
            HandUrl::parse(get("hand"), get("samples"), get("seed"), get("confirm")),
            url
        );
    }

    #[test]
    fn a_malformed_hand_is_rejected_with_its_reason() {
        assert_eq!(
            parse_hand("PA,XX"),
            Err(HandError::BadCard("XX".to_string()))
        );
        assert_eq!(
            parse_hand("PA,PA"),
            Err(HandError::Repeated("PA".parse().unwrap()))
        );
        assert_eq!(
            parse_hand("PA,PX,PK,PO,P9,P8,P7,PU,ZA,ZX,ZK,ZO,ZU"),
            Err(HandError::TooMany(13))
        );
        let url = HandUrl::parse(Some("PA,,QQ"), Some("zero"), Some("-1"), Some("5000"));
        assert!(url.hand.is_empty() && url.error.is_some());
        assert_eq!((url.samples, url.seed, url.confirm), (32, 1, 32));
        // Fewer than twelve cards: a hand being picked.
        assert_eq!(parse_hand("PA, ZA").unwrap().len(), 2);
    }
}

/// Card mode (`mode=card`): the seat's own ten cards (`hand=`), and the position it is in.
pub mod card {
    use ulti_engine::advise::SeatView;
    use ulti_engine::{
        Announcement, Bid, CardSet, RuleOptions, Seat, Suit, parse_cards, standard_announcements,
    };

    use crate::model::play::BidGroup;
    use crate::protocol::Job;

    /// Samples of a card advice (as `ulti advise` by default).
    pub const CARD_SAMPLES: u32 = 100;

    /// The position the seat is in, as typed (`seat=`, `talon=`, `trump=`, `bid=`, `played=`).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub struct CardPosition {
        /// The seat to advise (0 soloist, 1, 2 defenders).
        pub seat: Seat,
        /// The soloist's two discarded cards (seat 0 only), FORMATS.md names.
        pub talon: String,
        /// The trump suit.
        pub trump: Suit,
        /// The bid id (contract ids joined with `+`).
        pub bid: String,
        /// The cards played so far, in play order from trick 1.
        pub played: String,
    }

    impl Default for CardPosition {
        fn default() -> CardPosition {
            CardPosition {
                seat: 0,
                talon: String::new(),
                trump: Suit::Piros,
                bid: "passz".to_string(),
                played: String::new(),
            }
        }
    }

    /// Why the position cannot be advised on (the engine's words, or which field is wrong).
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum PositionError {
        /// Not ten cards picked.
        HandSize(u32),
        /// The talon is not card names.
        Talon(String),
        /// The bid is not a bid.
        Bid(String),
        /// The played cards are not card names.
        Played(String),
        /// The engine rejects the view (a card twice, an illegal card, the wrong seat …).
        View(String),
    }

    /// The bids card mode offers with `trump`: the standard bids of that trump, then the
    /// no-trump bids, each in ladder order and each once (a terített or piros no-trump form
    /// plays the same cards as the plain one, so only the plain one is listed).
    #[must_use]
    pub fn card_bids(trump: Suit) -> Vec<BidGroup> {
        [Some(trump), None]
            .into_iter()
            .map(|t| {
                let mut bids: Vec<Announcement> = Vec::new();
                for a in standard_announcements() {
                    if a.trump == t && !bids.iter().any(|b| b.bid == a.bid) {
                        bids.push(Announcement {
                            scoring: Default::default(),
                            ..a
                        });
                    }
                }
                BidGroup { trump: t, bids }
            })
            .collect()
    }

    impl CardPosition {
        /// The position from the link (missing or unreadable values take the defaults).
        #[must_use]
        pub fn parse(
            seat: Option<&str>,
            talon: Option<&str>,
            trump: Option<&str>,
            bid: Option<&str>,
            played: Option<&str>,
        ) -> CardPosition {
            let d = CardPosition::default();
            CardPosition {
                seat: seat
                    .and_then(|s| s.trim().parse().ok())
                    .filter(|&s| s <= 2)
                    .unwrap_or(d.seat),
                talon: talon.unwrap_or_default().to_string(),
                trump: trump
                    .and_then(|t| {
                        Suit::ALL
                            .into_iter()
                            .find(|s| s.to_string().eq_ignore_ascii_case(t.trim()))
                    })
                    .unwrap_or(d.trump),
                bid: bid.map_or(d.bid, str::to_string),
                played: played.unwrap_or_default().to_string(),
            }
        }

        /// The query parameters after `mode=card&hand=…`.
        #[must_use]
        pub fn query(&self) -> String {
            let mut q = format!("seat={}&trump={}&bid={}", self.seat, self.trump, self.bid);
            if self.seat == 0 && !self.talon.trim().is_empty() {
                q.push_str(&format!("&talon={}", self.talon.trim()));
            }
            if !self.played.trim().is_empty() {
                q.push_str(&format!("&played={}", self.played.trim()));
            }
            q
        }

        /// The advice job for `hand` (the seat's ten cards) in this position.
        ///
        /// # Errors
        /// What is wrong with the position.
        pub fn job(
            &self,
            hand: CardSet,
            samples: u32,
            seed: u64,
            rules: RuleOptions,
        ) -> Result<Job, PositionError> {
            if hand.len() != 10 {
                return Err(PositionError::HandSize(hand.len()));
            }
            let talon = if self.seat == 0 {
                let cards = parse_cards(&self.talon)
                    .map_err(|_| PositionError::Talon(self.talon.clone()))?;
                Some(cards.into_iter().collect::<CardSet>())
            } else {
                None
            };
            let bid: Bid = self
                .bid
                .trim()
                .parse()
                .map_err(|_| PositionError::Bid(self.bid.clone()))?;
            let played = parse_cards(&self.played)
                .map_err(|_| PositionError::Played(self.played.clone()))?;
            let view = SeatView::new(
                self.seat,
                hand,
                talon,
                self.trump,
                Some(bid),
                &played,
                rules,
            )
            .map_err(|e| PositionError::View(e.to_string()))?;
            view.require_turn()
                .map_err(|e| PositionError::View(e.to_string()))?;
            Ok(Job::AdviseCard {
                view,
                samples,
                seed,
                points: true,
            })
        }
    }

    #[cfg(test)]
    mod tests {
        use super::*;
        use crate::model::hand::parse_hand;

        #[test]
        fn a_card_position_makes_the_seats_advice_job_or_says_what_is_wrong() {
            let hand = parse_hand("PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7").unwrap();
            let mut pos =
                CardPosition::parse(Some("0"), Some("TA,T8"), Some("P"), Some("passz"), None);
            let job = pos.job(hand, 10, 1, RuleOptions::default()).unwrap();
            assert!(matches!(
                job,
                Job::AdviseCard {
                    samples: 10,
                    seed: 1,
                    ..
                }
            ));
            assert!(pos.query().contains("talon=TA,T8"));
            // A defender to move after the soloist's lead.
            pos.played = "PA".into();
            assert!(matches!(
                pos.job(hand, 10, 1, RuleOptions::default()),
                Err(PositionError::View(_))
            ));
            pos.bid = "nonsense".into();
            assert_eq!(
                pos.job(hand, 10, 1, RuleOptions::default()),
                Err(PositionError::Bid("nonsense".into()))
            );
            assert_eq!(
                pos.job(CardSet::default(), 10, 1, RuleOptions::default()),
                Err(PositionError::HandSize(0))
            );
        }

        #[test]
        fn card_mode_offers_every_bid_form_of_its_trump_once() {
            for trump in Suit::ALL {
                let groups = card_bids(trump);
                assert_eq!(groups[0].trump, Some(trump));
                assert_eq!(groups[1].trump, None);
                let ids: Vec<String> = groups
                    .iter()
                    .flat_map(|g| g.bids.iter().map(|a| a.bid.to_string()))
                    .collect();
                for id in ["passz", "ulti", "40-100+ulti", "durchmars", "betli"] {
                    assert!(
                        ids.iter().any(|i| i == id),
                        "{id} missing for {trump}: {ids:?}"
                    );
                }
                let mut unique = ids.clone();
                unique.sort();
                unique.dedup();
                assert_eq!(unique.len(), ids.len(), "a bid twice: {ids:?}");
                // Every option is a position card mode can advise on.
                let hand = parse_hand("PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7").unwrap();
                for id in &ids {
                    let pos = CardPosition::parse(
                        Some("0"),
                        Some("TA,T8"),
                        Some(&trump.to_string()),
                        Some(id),
                        None,
                    );
                    assert!(
                        pos.job(hand, 4, 1, RuleOptions::default()).is_ok(),
                        "{id} with {trump}"
                    );
                }
                // Every standard bid of this trump (or none) plays as one of the options.
                for a in standard_announcements() {
                    if a.trump.is_none_or(|t| t == trump) {
                        assert!(ids.contains(&a.bid.to_string()), "{} not offered", a.id());
                    }
                }
            }
        }
    }
}
