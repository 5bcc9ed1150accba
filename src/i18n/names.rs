//! The game's vocabulary: the one place that turns a suit, a rank, a card, a contract, a bid
//! or a trump into words. Every page names them through these functions, so each has one form
//! per language:
//!
//! - a suit: Piros, Zöld, Makk, Tök / Hearts, Leaves, Acorns, Bells (the guide's names);
//! - a bid with its suit (the trump, or piros for a piros betli): in Hungarian the suit word
//!   first, lower case, as players say it ("tök ulti", "piros 40-100 ulti", "piros betli"); in
//!   English "ulti in Bells", "40-100 ulti in Hearts", "betli in Hearts". A piros bid is the bid
//!   in hearts; there is no second name ("Red") for it;
//! - terített / open stands before the part it doubles: "40-100 ulti terített durchmars";
//! - a name in running text is lower case ("make the ulti in Bells"); at the start of a label
//!   [`label`] capitalises it ("Ulti in Bells", "Tök ulti");
//! - Hungarian puts "a" or "az" before a name by its first sound ([`with_article`]), never
//!   "a(z)".
//!
//! `tests/i18n.rs` checks that the catalogue spells no suit or bid another way.

use ulti_engine::whole_game::AuctionBid;
use ulti_engine::{Announcement, Bid, Card, Contract, Rank, Suit};

use super::{Lang, tr, tr_with};

/// A suit's name as a label: Piros / Hearts, Zöld / Leaves, Makk / Acorns, Tök / Bells.
#[must_use]
pub fn suit_name(lang: Lang, suit: Suit) -> String {
    match suit {
        Suit::Piros => tr(lang, "suit.piros"),
        Suit::Zold => tr(lang, "suit.zold"),
        Suit::Makk => tr(lang, "suit.makk"),
        Suit::Tok => tr(lang, "suit.tok"),
    }
}

/// A suit as a bid names it: "piros" (Hungarian, lower case in running text) / "Hearts".
fn suit_word(lang: Lang, suit: Suit) -> String {
    match suit {
        Suit::Piros => tr(lang, "suit_word.piros"),
        Suit::Zold => tr(lang, "suit_word.zold"),
        Suit::Makk => tr(lang, "suit_word.makk"),
        Suit::Tok => tr(lang, "suit_word.tok"),
    }
}

/// A rank's name: VII … Ász / Seven … Ace.
#[must_use]
pub fn rank_name(lang: Lang, rank: Rank) -> String {
    match rank {
        Rank::Seven => tr(lang, "rank.seven"),
        Rank::Eight => tr(lang, "rank.eight"),
        Rank::Nine => tr(lang, "rank.nine"),
        Rank::Ten => tr(lang, "rank.ten"),
        Rank::Also => tr(lang, "rank.under"),
        Rank::Felso => tr(lang, "rank.over"),
        Rank::Kiraly => tr(lang, "rank.king"),
        Rank::Asz => tr(lang, "rank.ace"),
    }
}

/// A rank's corner label: VII … Á / 7 … A.
#[must_use]
pub fn rank_short(lang: Lang, rank: Rank) -> String {
    match rank {
        Rank::Seven => tr(lang, "rank_short.seven"),
        Rank::Eight => tr(lang, "rank_short.eight"),
        Rank::Nine => tr(lang, "rank_short.nine"),
        Rank::Ten => tr(lang, "rank_short.ten"),
        Rank::Also => tr(lang, "rank_short.under"),
        Rank::Felso => tr(lang, "rank_short.over"),
        Rank::Kiraly => tr(lang, "rank_short.king"),
        Rank::Asz => tr(lang, "rank_short.ace"),
    }
}

/// A card's spoken name: "Piros Ász" / "Ace of Hearts".
#[must_use]
pub fn card_name(lang: Lang, card: Card) -> String {
    tr_with(
        lang,
        "card.name",
        &[
            ("suit", &suit_name(lang, card.suit())),
            ("rank", &rank_name(lang, card.rank())),
        ],
    )
}

/// A contract's name as a label: "Színtelen durchmars" / "Colourless durchmars".
#[must_use]
pub fn contract_name(lang: Lang, contract: Contract) -> String {
    match contract {
        // Its part in a bid's name is plain "durchmars" (the bid's suit says it has trumps).
        Contract::DurchmarsAdu => tr(lang, "contract.durchmars_adu"),
        c => label(&contract_part(lang, c)),
    }
}

/// A contract in running text and as a part of a bid's name: "ulti", "színtelen durchmars",
/// "four aces".
#[must_use]
pub fn contract_part(lang: Lang, contract: Contract) -> String {
    match contract {
        Contract::Passz => tr(lang, "bid.part.passz"),
        Contract::Negyven100 => tr(lang, "bid.part.negyven100"),
        Contract::Ulti => tr(lang, "bid.part.ulti"),
        Contract::Betli => tr(lang, "bid.part.betli"),
        Contract::Durchmars => tr(lang, "bid.part.durchmars"),
        Contract::DurchmarsAdu => tr(lang, "bid.part.durchmars_adu"),
        Contract::Husz100 => tr(lang, "bid.part.husz100"),
        Contract::NegyAsz => tr(lang, "bid.part.negy_asz"),
        Contract::NegyTizes => tr(lang, "bid.part.negy_tizes"),
    }
}

/// A bid in running text: its contracts in the order players say them (the 100, ulti, four
/// aces, durchmars), terített before the betli or durchmars it doubles, and its suit (`None`:
/// no suit named, as in the auction before the trump is named): "tök 20-100 ulti", "piros
/// betli" / "20-100 ulti in Bells", "betli in Hearts".
#[must_use]
pub fn bid_name(lang: Lang, bid: &Bid, suit: Option<Suit>, teritett: bool) -> String {
    let mut contracts = bid.contracts().to_vec();
    contracts.sort_by_key(|&c| spoken_place(c));
    let parts: Vec<String> = contracts
        .iter()
        .map(|&c| {
            let part = contract_part(lang, c);
            let open = matches!(
                c,
                Contract::Betli | Contract::Durchmars | Contract::DurchmarsAdu
            );
            if teritett && open {
                tr_with(lang, "bid.teritett", &[("part", &part)])
            } else {
                part
            }
        })
        .collect();
    let words = parts.join(" ");
    match suit {
        Some(s) => tr_with(
            lang,
            "bid.with_suit",
            &[("bid", &words), ("suit", &suit_word(lang, s))],
        ),
        None => words,
    }
}

/// Where a contract stands in a compound bid's name: "20-100 ulti durchmars".
fn spoken_place(c: Contract) -> u8 {
    match c {
        Contract::Ulti => 1,
        Contract::NegyAsz | Contract::NegyTizes => 2,
        Contract::Betli | Contract::Durchmars | Contract::DurchmarsAdu => 3,
        Contract::Passz | Contract::Negyven100 | Contract::Husz100 => 0,
    }
}

/// A standard announcement in running text, with its trump (or piros for a piros no-trump
/// bid): "tök 40-100 ulti", "terített betli" / "40-100 ulti in Bells", "open betli".
#[must_use]
pub fn announcement_name(lang: Lang, a: &Announcement) -> String {
    let suit = a
        .trump
        .or_else(|| a.scoring.piros_no_trump.then_some(Suit::Piros));
    bid_name(lang, &a.bid, suit, a.scoring.teritett)
}

/// A bid as said in the auction, in running text: its suit only when it is piros (any other
/// trump is named after the auction): "piros ulti", "40-100 ulti" / "ulti in Hearts".
#[must_use]
pub fn auction_bid_name(lang: Lang, bid: &AuctionBid) -> String {
    played_bid_name(lang, bid, None)
}

/// A bid of the whole game with the trump named after the auction (`None`: not yet named, or
/// a no-trump bid): "makk 40-100 ulti" / "40-100 ulti in Acorns".
#[must_use]
pub fn played_bid_name(lang: Lang, bid: &AuctionBid, trump: Option<Suit>) -> String {
    let suit = if bid.piros {
        Some(Suit::Piros)
    } else {
        trump.filter(|_| bid.bid.has_trumps())
    };
    bid_name(lang, &bid.bid, suit, bid.teritett)
}

/// A form of a bid as a label (the bidding box's columns), in the words of a bid's name
/// without its contracts: "Sima", "Piros", "Terített", "Piros terített" / "Plain", "In Hearts",
/// "Open", "Open in Hearts".
#[must_use]
pub fn form_name(lang: Lang, piros: bool, teritett: bool) -> String {
    if !piros && !teritett {
        return tr(lang, "bid.plain");
    }
    let open = if teritett {
        tr_with(lang, "bid.teritett", &[("part", "")])
    } else {
        String::new()
    };
    let words = if piros {
        tr_with(
            lang,
            "bid.with_suit",
            &[
                ("bid", open.trim()),
                ("suit", &suit_word(lang, Suit::Piros)),
            ],
        )
    } else {
        open
    };
    label(words.trim())
}

/// A name at the start of a label or a sentence: its first letter in upper case.
#[must_use]
pub fn label(s: &str) -> String {
    let mut chars = s.chars();
    chars.next().map_or_else(String::new, |first| {
        first.to_uppercase().chain(chars).collect()
    })
}

/// A name as a sentence puts it, with the article its language needs there: Hungarian "a" or
/// "az" by the name's first sound ("az ulti", "a tök ulti", "az 1. játékos", "a Makk IX");
/// English unchanged (its sentences hold their own "the").
#[must_use]
pub fn with_article(lang: Lang, name: &str) -> String {
    match lang {
        Lang::Hu if starts_with_vowel_sound(name) => format!("az {name}"),
        Lang::Hu => format!("a {name}"),
        Lang::En => name.to_string(),
    }
}

/// Whether a Hungarian word, or a number as it is read out, starts with a vowel.
fn starts_with_vowel_sound(name: &str) -> bool {
    let digits: String = name.chars().take_while(char::is_ascii_digit).collect();
    match digits.parse::<u64>() {
        Ok(n) => number_starts_with_vowel(n),
        Err(_) => name
            .chars()
            .next()
            .is_some_and(|c| "aáeéiíoóöőuúüű".contains(c.to_lowercase().next().unwrap_or(c))),
    }
}

/// Whether a number read out in Hungarian starts with a vowel: egy, öt, ötven, ötszáz, ezer
/// (1, 5, 50…, 500…, 1000…) do; nulla, tíz, száz and the rest do not.
fn number_starts_with_vowel(n: u64) -> bool {
    match n {
        0 => false,
        1..=9 => n == 1 || n == 5,
        10..=99 => n / 10 == 5,
        100..=999 => n / 100 == 5,
        1000..=1999 => true,
        2000..=999_999 => number_starts_with_vowel(n / 1000),
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::standard_announcements;

    fn announcement(id: &str) -> Announcement {
        standard_announcements()
            .into_iter()
            .find(|a| a.id() == id)
            .unwrap_or_else(|| panic!("no announcement {id}"))
    }

    #[test]
    fn a_bid_names_its_suit_one_way_in_each_language() {
        let cases = [
            ("ulti@T", "tök ulti", "ulti in Bells"),
            ("40-100+ulti@Z", "zöld 40-100 ulti", "40-100 ulti in Leaves"),
            ("40-100@P", "piros 40-100", "40-100 in Hearts"),
            ("ulti+20-100@M", "makk 20-100 ulti", "20-100 ulti in Acorns"),
            ("betli", "betli", "betli"),
            ("betli@piros", "piros betli", "betli in Hearts"),
            ("betli@teritett", "terített betli", "open betli"),
            (
                "durchmars@teritett",
                "terített színtelen durchmars",
                "open colourless durchmars",
            ),
            (
                "40-100+ulti+durchmars-adu@P@teritett",
                "piros 40-100 ulti terített durchmars",
                "40-100 ulti open durchmars in Hearts",
            ),
        ];
        for (id, hu, en) in cases {
            let a = announcement(id);
            assert_eq!(announcement_name(Lang::Hu, &a), hu, "{id}");
            assert_eq!(announcement_name(Lang::En, &a), en, "{id}");
        }
        // Terített stands before the durchmars it doubles.
        let bid: Bid = "20-100+ulti+durchmars-adu".parse().unwrap();
        assert_eq!(
            bid_name(Lang::Hu, &bid, Some(Suit::Piros), true),
            "piros 20-100 ulti terített durchmars"
        );
        assert_eq!(
            bid_name(Lang::En, &bid, Some(Suit::Piros), true),
            "20-100 ulti open durchmars in Hearts"
        );
    }

    #[test]
    fn an_auction_bid_names_its_trump_once_it_is_named() {
        let ulti = AuctionBid {
            bid: Bid::single(Contract::Ulti),
            piros: false,
            teritett: false,
        };
        assert_eq!(auction_bid_name(Lang::Hu, &ulti), "ulti");
        assert_eq!(
            played_bid_name(Lang::Hu, &ulti, Some(Suit::Makk)),
            "makk ulti"
        );
        assert_eq!(
            played_bid_name(Lang::En, &ulti, Some(Suit::Makk)),
            "ulti in Acorns"
        );
        let rebetli = AuctionBid {
            bid: Bid::single(Contract::Betli),
            piros: true,
            teritett: false,
        };
        assert_eq!(auction_bid_name(Lang::En, &rebetli), "betli in Hearts");
        // A betli has no trump: a suit named for it is not said.
        let betli = AuctionBid {
            piros: false,
            ..rebetli
        };
        assert_eq!(played_bid_name(Lang::Hu, &betli, Some(Suit::Tok)), "betli");
    }

    #[test]
    fn hungarian_puts_a_or_az_by_the_first_sound() {
        for (name, with) in [
            ("ulti", "az ulti"),
            ("tök ulti", "a tök ulti"),
            ("40-100", "a 40-100"),
            ("20-100", "a 20-100"),
            ("Makk IX", "a Makk IX"),
            ("Ász", "az Ász"),
            ("1. játékos", "az 1. játékos"),
            ("2. játékos", "a 2. játékos"),
            ("5", "az 5"),
            ("50", "az 50"),
            ("15", "a 15"),
            ("150", "a 150"),
            ("1000", "az 1000"),
            ("24", "a 24"),
        ] {
            assert_eq!(with_article(Lang::Hu, name), with, "{name}");
        }
        assert_eq!(with_article(Lang::En, "ulti in Bells"), "ulti in Bells");
    }

    #[test]
    fn the_bidding_box_forms_are_named_like_the_bids() {
        let names = |lang| {
            [(false, false), (true, false), (false, true), (true, true)]
                .map(|(p, t)| form_name(lang, p, t))
        };
        assert_eq!(
            names(Lang::Hu),
            ["Sima", "Piros", "Terített", "Piros terített"]
        );
        assert_eq!(
            names(Lang::En),
            ["Plain", "In Hearts", "Open", "Open in Hearts"]
        );
    }

    #[test]
    fn labels_and_contracts() {
        assert_eq!(label("tök ulti"), "Tök ulti");
        assert_eq!(
            contract_name(Lang::Hu, Contract::DurchmarsAdu),
            "Adus durchmars"
        );
        assert_eq!(
            contract_name(Lang::En, Contract::Durchmars),
            "Colourless durchmars"
        );
        assert_eq!(contract_name(Lang::En, Contract::Passz), "Party");
        assert_eq!(contract_name(Lang::Hu, Contract::NegyAsz), "Négy ász");
    }
}
