//! One test per rule of shared/RULES.md, each on a hand-built position.
//!
//! Every deal is written out card by card in a `const` with the talon named, so a reader can
//! follow the play; full games are written trick by trick (leader's card first).

use super::*;
use crate::card::parse_cards;
use crate::solver::{Query, SolveError, Solver};

// ------------------------------------------------------------------ helpers

/// A set of cards from names, e.g. `"PA PX Z7"`.
fn set(names: &str) -> CardSet {
    parse_cards(names)
        .expect("card names in a test")
        .into_iter()
        .collect()
}

fn card(name: &str) -> Card {
    name.parse().expect("a card name in a test")
}

/// A deal from three hands of ten card names.
fn deal(trump: Suit, hands: [&str; 3]) -> Deal {
    Deal::new(trump, hands.map(set)).expect("a valid hand-built deal")
}

fn game(d: &Deal, c: Contract) -> Game {
    Game::new(d, &Bid::single(c), RuleOptions::default())
}

/// Play the cards named in `line` (space separated, `/` between tricks is ignored).
fn play(g: &mut Game, line: &str) {
    for name in line.split_whitespace().filter(|&t| t != "/") {
        let c = card(name);
        if let Err(e) = g.play(c) {
            panic!("after {:?}: {e}", g.played());
        }
    }
}

fn played_game(d: &Deal, c: Contract, line: &str) -> Game {
    let mut g = game(d, c);
    play(&mut g, line);
    g
}

/// The card points the defenders end with: everything the soloist did not take (talon included).
fn defender_points(g: &Game) -> u32 {
    90 - g.soloist_points()
}

// ------------------------------------------------------------------ deals

/// Trump Piros; talon T8 T7. Every seat holds cards of Zöld, Makk and Tök, so following suit and
/// beating can be tested at once.
const FOLLOW: [&str; 3] = [
    "Z8 ZK M7 M8 T9 TU PA PX PK P7",
    "ZO Z9 Z7 MA MX MK TA TX TK PU",
    "ZA ZX ZU MO MU M9 TO P9 P8 PO",
];

/// Trump Piros; talon T8 T7. The soloist holds all eight Zöld, both defenders are void in Zöld
/// and hold trumps.
const TRUMPING: [&str; 3] = [
    "ZA ZX ZK ZO ZU Z9 Z8 Z7 MA TA",
    "PA PU P8 MK MO MU M9 TK TO TU",
    "PX PK PO P9 P7 MX M8 M7 TX T9",
];

/// Trump Piros; talon TU T8 (no points). The soloist holds all eight trumps and two sevens;
/// the defenders hold no trumps, so they win only the tricks the soloist leads a seven to.
/// Marriages: soloist PK+PO (40), seat 1 ZK+ZO (20), seat 2 MK+MO (20).
const GIVE: [&str; 3] = [
    "PA PX PK PO PU P9 P8 P7 Z7 M7",
    "ZA ZX ZK ZO ZU Z9 Z8 TA TK T7",
    "MA MX MK MO MU M9 M8 TX TO T9",
];

/// Trump Piros; talon TA T7 (10 points for the defenders). The soloist holds all eight trumps
/// and the Zöld and Makk Ász: whatever they lead wins. Marriages: soloist PK+PO (40), seat 1
/// ZK+ZO and TK+TO (40), seat 2 MK+MO (20).
const ALL: [&str; 3] = [
    "PA PX PK PO PU P9 P8 P7 ZA MA",
    "ZX ZK ZO ZU Z9 Z8 Z7 TX TK TO",
    "MX MK MO MU M9 M8 M7 TU T9 T8",
];

/// The soloist leads every trick of `ALL` and wins it; the trump VII comes last.
const ALL_LINE: &str = "PA Z7 M7 / PX Z8 M8 / PK Z9 M9 / PO ZU MU / PU ZO MO / P9 ZK MK / \
                        P8 TO T8 / ZA ZX T9 / MA TK MX / P7 TX TU";

/// Trump Piros; talon T8 T7. Seat 1 holds one trump (P8), seat 2 none.
const ULTI_WIN: [&str; 3] = [
    "PA PX PK PO PU P9 P7 ZA MA TA",
    "P8 ZX ZK ZO ZU Z9 Z8 Z7 TX TK",
    "MX MK MO MU M9 M8 M7 TO TU T9",
];

/// Draw P8 at once, cash everything, win trick 10 with the VII.
const ULTI_WIN_LINE: &str = "PA P8 M7 / PX Z7 M8 / PK Z8 M9 / PO Z9 MU / PU ZU MO / P9 ZO MK / \
                             ZA ZK T9 / MA ZX MX / TA TK TU / P7 TX TO";

/// Trump Piros; talon PA PX. Seat 1 holds P8, seat 2 four trumps and two cards of each side
/// suit, so seat 2 trumps the third round of every suit.
const ULTI_LOSE: [&str; 3] = [
    "P7 ZA ZX ZK MA MX MK TA TX TK",
    "P8 ZO ZU Z9 MO MU M9 TO TU T9",
    "PK PO PU P9 Z8 Z7 M8 M7 T8 T7",
];

/// No-trump friendly: the soloist holds the three lowest cards of each suit and P7; every
/// trick can be won by a defender. Talon PK PA.
const BETLI: [&str; 3] = [
    "Z7 Z8 Z9 M7 M8 M9 T7 T8 T9 P7",
    "ZX ZU ZO MX MU MO TX TU TO P8",
    "ZK ZA MK MA TK TA P9 PX PU PO",
];

fn trump_deal(hands: [&str; 3]) -> Deal {
    deal(Suit::Piros, hands)
}

// ------------------------------------------------------------------ the deal and turn order

#[test]
fn soloist_leads_trick_one_and_seats_play_in_order() {
    let d = trump_deal(FOLLOW);
    assert_eq!(d.talon(), set("T8 T7"));
    let mut g = game(&d, Contract::Passz);
    assert_eq!((g.leader(), g.to_move()), (0, 0));
    play(&mut g, "ZK");
    assert_eq!(g.to_move(), 1);
    play(&mut g, "Z7");
    assert_eq!(g.to_move(), 2);
    // Seat 2 wins with ZX (X above Király in a trump game) and leads trick 2.
    play(&mut g, "ZX");
    assert_eq!(g.tricks()[0].winner, 2);
    assert_eq!((g.leader(), g.to_move()), (2, 2));
}

// ------------------------------------------------------------------ rule 1: follow suit

#[test]
fn follow_suit_is_required() {
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "ZK");
    // Seat 1 holds ZO Z9 Z7: none beats ZK, so any Zöld, and nothing else.
    assert_eq!(g.legal_cards(), set("ZO Z9 Z7"));
    let err = g.check(card("MA")).unwrap_err();
    assert_eq!(
        err,
        PlayError::MustFollow {
            card: card("MA"),
            seat: 1,
            led: Suit::Zold
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains("MA") && msg.contains("follow suit") && msg.contains("Zöld"),
        "{msg}"
    );
    // A trump is no way out either.
    assert!(matches!(
        g.check(card("PU")),
        Err(PlayError::MustFollow { .. })
    ));
    // The game is unchanged by a refused card.
    assert!(g.play(card("MA")).is_err());
    assert_eq!(g.current_trick(), &[card("ZK")]);
}

// ------------------------------------------------------------------ rule 2: beat the led suit

#[test]
fn felulutes_second_player_must_beat_the_led_card() {
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z8");
    // ZO and Z9 beat Z8, Z7 does not.
    assert_eq!(g.legal_cards(), set("ZO Z9"));
    let err = g.check(card("Z7")).unwrap_err();
    assert_eq!(
        err,
        PlayError::MustBeat {
            card: card("Z7"),
            seat: 1,
            led: Suit::Zold
        }
    );
    assert!(err.to_string().contains("beat the led suit"), "{err}");
}

#[test]
fn felulutes_third_player_must_beat_the_highest_card_so_far() {
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z8 ZO");
    // Seat 2 holds ZA ZX ZU: ZU beats the led Z8 but not ZO, the highest so far.
    assert_eq!(g.legal_cards(), set("ZA ZX"));
    assert!(matches!(
        g.check(card("ZU")),
        Err(PlayError::MustBeat { seat: 2, .. })
    ));
}

#[test]
fn felulutes_uses_the_no_trump_order_in_betli() {
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Betli);
    play(&mut g, "Z8 ZO");
    // Without trumps X ranks below Alsó and Felső: only ZA beats ZO.
    assert_eq!(g.legal_cards(), set("ZA"));
    let mut g = game(&d, Contract::Betli);
    play(&mut g, "ZK Z7");
    assert_eq!(g.legal_cards(), set("ZA"));
}

#[test]
fn any_card_of_the_led_suit_when_it_cannot_be_beaten() {
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "ZK");
    // Seat 1's ZO Z9 Z7 are all below ZK: any of them.
    assert_eq!(g.legal_cards(), set("ZO Z9 Z7"));
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "T9 TA");
    // Seat 2's only Tök is TO, lower than TA: it must still follow with it.
    assert_eq!(g.legal_cards(), set("TO"));
}

#[test]
fn no_duty_to_beat_once_the_trick_is_trumped() {
    let d = trump_deal(GIVE);
    let mut g = game(&d, Contract::Passz);
    // Seat 1 wins trick 1 (ZA over Z7) and leads Z8, seat 2 discards, the soloist trumps; the
    // soloist leads M7 and seat 2 wins it with MA and leads TO; the soloist trumps.
    play(&mut g, "Z7 ZA MX / Z8 M8 P8 / M7 Z9 MA / TO P9");
    // Seat 1 holds TA TK T7: it must follow Tök but need not beat TO any more.
    assert_eq!(g.legal_cards(), set("TA TK T7"));
    assert!(g.check(card("T7")).is_ok());
    assert!(matches!(
        g.check(card("ZX")),
        Err(PlayError::MustFollow { .. })
    ));
}

#[test]
fn must_beat_after_trump_option_keeps_the_duty() {
    let d = trump_deal(GIVE);
    let opts = RuleOptions {
        must_beat_after_trump: true,
        ..RuleOptions::default()
    };
    let mut g = Game::new(&d, &Bid::single(Contract::Passz), opts);
    play(&mut g, "Z7 ZA MX / Z8 M8 P8 / M7 Z9 MA / TO P9");
    assert_eq!(g.legal_cards(), set("TA TK"));
    assert!(matches!(
        g.check(card("T7")),
        Err(PlayError::MustBeat {
            seat: 1,
            led: Suit::Tok,
            ..
        })
    ));
    // The trick is still won by the trump.
    play(&mut g, "TK");
    assert_eq!(g.tricks()[3].winner, 0);
}

// ------------------------------------------------------------------ rule 3: trump, overtrump

#[test]
fn must_trump_when_void_in_the_led_suit() {
    let d = trump_deal(TRUMPING);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z7");
    // Seat 1 is void in Zöld: any trump, nothing else.
    assert_eq!(g.legal_cards(), set("PA PU P8"));
    let err = g.check(card("MK")).unwrap_err();
    assert_eq!(
        err,
        PlayError::MustTrump {
            card: card("MK"),
            seat: 1
        }
    );
    assert!(err.to_string().contains("trump when void"), "{err}");
}

#[test]
fn must_overtrump_when_possible() {
    let d = trump_deal(TRUMPING);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z7 PU");
    // Seat 2 holds PX PK PO P9 P7: the three above PU only.
    assert_eq!(g.legal_cards(), set("PX PK PO"));
    let err = g.check(card("P9")).unwrap_err();
    assert_eq!(
        err,
        PlayError::MustOvertrump {
            card: card("P9"),
            seat: 2
        }
    );
    assert!(err.to_string().contains("overtrump"), "{err}");
    assert!(matches!(
        g.check(card("MX")),
        Err(PlayError::MustTrump { .. })
    ));
    play(&mut g, "PO");
    assert_eq!(g.tricks()[0].winner, 2);
}

#[test]
fn any_trump_when_overtrumping_is_impossible() {
    let d = trump_deal(TRUMPING);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z7 PA");
    assert_eq!(g.legal_cards(), set("PX PK PO P9 P7"));
    play(&mut g, "P7");
    assert_eq!(g.tricks()[0].winner, 1);
}

// ------------------------------------------------------------------ rule 4: free card

#[test]
fn free_card_with_neither_the_led_suit_nor_a_trump() {
    let d = trump_deal(GIVE);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z7 ZA");
    // Seat 2 holds no Zöld and no trump: the whole hand is legal.
    assert_eq!(g.legal_cards(), set(GIVE[2]));
    play(&mut g, "MA");
    assert_eq!(g.tricks()[0].winner, 1);
}

// ------------------------------------------------------------------ trumps led

#[test]
fn trumps_led_must_be_followed_with_a_higher_trump() {
    // FOLLOW: seat 1's only trump is PU, seat 2 holds PO P9 P8.
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "P7");
    assert_eq!(g.legal_cards(), set("PU"));
    play(&mut g, "PU");
    assert_eq!(g.legal_cards(), set("PO"));
    let err = g.check(card("P9")).unwrap_err();
    assert_eq!(
        err,
        PlayError::MustBeat {
            card: card("P9"),
            seat: 2,
            led: Suit::Piros
        }
    );
    // A side card breaks the rule to follow suit.
    assert!(matches!(
        g.check(card("ZA")),
        Err(PlayError::MustFollow { .. })
    ));
    play(&mut g, "PO");
    assert_eq!(g.tricks()[0].winner, 2);
}

#[test]
fn trumps_led_any_trump_when_none_is_higher() {
    let d = trump_deal(FOLLOW);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "PK PU");
    // Seat 2's PO P9 P8 are all below PK.
    assert_eq!(g.legal_cards(), set("PO P9 P8"));
}

// ------------------------------------------------------------------ no-trump contracts

#[test]
fn no_trump_contracts_have_no_trumps() {
    let d = trump_deal(TRUMPING);
    for c in [Contract::Betli, Contract::Durchmars] {
        let mut g = game(&d, c);
        assert_eq!(g.trump(), None);
        play(&mut g, "Z7");
        // Seat 1 is void in Zöld: with no trumps it may play anything.
        assert_eq!(g.legal_cards(), set(TRUMPING[1]), "{c}");
        play(&mut g, "PA");
        assert_eq!(g.legal_cards(), set(TRUMPING[2]), "{c}");
        play(&mut g, "PX");
        // The Piros cards do not trump: the led Z7 wins.
        assert_eq!(g.tricks()[0].winner, 0, "{c}");
    }
}

/// Trump Piros; talon ZA ZK. The soloist leads ZX; seat 1 holds ZU and Z9, seat 2 ZO Z8 Z7.
const X_BELOW_ALSO: [&str; 3] = [
    "ZX PA PX PK PO PU P9 P8 P7 MA",
    "ZU Z9 MK MO MU M9 M8 M7 TA TX",
    "ZO Z8 Z7 MX TK TO TU T9 T8 T7",
];

#[test]
fn no_trump_rank_order_puts_x_below_also() {
    let d = trump_deal(X_BELOW_ALSO);
    // With trumps ZX outranks ZU and ZO: nobody can beat it, and it wins.
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "ZX");
    assert_eq!(g.legal_cards(), set("ZU Z9"));
    play(&mut g, "Z9");
    assert_eq!(g.legal_cards(), set("ZO Z8 Z7"));
    play(&mut g, "Z8");
    assert_eq!(g.tricks()[0].winner, 0);
    // Without trumps (betli) Alsó and Felső outrank X: seat 1 must play ZU, seat 2 ZO.
    let mut g = game(&d, Contract::Betli);
    play(&mut g, "ZX");
    assert_eq!(g.legal_cards(), set("ZU"));
    assert!(matches!(
        g.check(card("Z9")),
        Err(PlayError::MustBeat { seat: 1, .. })
    ));
    play(&mut g, "ZU");
    assert_eq!(g.legal_cards(), set("ZO"));
    play(&mut g, "ZO");
    assert_eq!(g.tricks()[0].winner, 2);
}

#[test]
fn trick_winner_in_trump_order_and_no_trump_order() {
    // FOLLOW: Z8, ZO, then ZX (with trumps, X is above Felső) or ZA (without).
    let d = trump_deal(FOLLOW);
    let g = played_game(&d, Contract::Passz, "Z8 ZO ZX");
    assert_eq!(g.tricks()[0].winner, 2);
    let g = played_game(&d, Contract::Betli, "Z8 ZO ZA");
    assert_eq!(g.tricks()[0].winner, 2);
    // ZK led, Z7, ZX: the X wins with trumps.
    let g = played_game(&d, Contract::Passz, "ZK Z7 ZX");
    assert_eq!(g.tricks()[0].winner, 2);
    // A trump beats the led Ász; without trumps the Piros cards are just discards.
    let d = trump_deal(TRUMPING);
    let g = played_game(&d, Contract::Passz, "ZA PA P7");
    assert_eq!(g.tricks()[0].winner, 1);
    let g = played_game(&d, Contract::Betli, "ZA P8 P7");
    assert_eq!(g.tricks()[0].winner, 0);
    // The highest trump wins, and current_winner follows the trick as it grows.
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "ZA");
    assert_eq!(g.current_winner(), Some(0));
    play(&mut g, "PU");
    assert_eq!(g.current_winner(), Some(1));
    play(&mut g, "PO");
    assert_eq!(g.tricks()[0].winner, 2);
    assert_eq!(g.current_winner(), None);
}

// ------------------------------------------------------------------ points

#[test]
fn card_points_asz_and_x_and_ten_for_the_last_trick() {
    // GIVE: the soloist loses trick 1 (ZA, MX: 20) and trick 3 (MA: 10) and takes the rest.
    let d = trump_deal(GIVE);
    let mut g = game(&d, Contract::Passz);
    play(
        &mut g,
        "Z7 ZA MX / ZX M8 P8 / M7 Z8 MA / TO P9 T7 / PA ZK MK",
    );
    // Trick 2 (ZX) and trick 5 (PA) are the soloist's so far.
    assert_eq!(g.soloist_points(), 20);
    play(&mut g, "PX ZO MO / PK ZU MU / PO Z9 M9 / PU TK T9");
    assert_eq!(g.soloist_points(), 30);
    play(&mut g, "P7 TA TX");
    // Trick 10: TA + TX + 10 for the last trick.
    assert_eq!(g.soloist_points(), 60);
    assert_eq!(defender_points(&g), 30);
    assert_eq!(g.soloist_tricks(), 8);
}

#[test]
fn ninety_card_points_in_a_deal_and_talon_points_go_to_the_defenders() {
    // ALL: the soloist takes every trick, but the TA in the talon is the defenders'.
    let d = trump_deal(ALL);
    assert_eq!(d.talon(), set("TA T7"));
    let g = played_game(&d, Contract::Passz, ALL_LINE);
    assert_eq!(g.soloist_tricks(), 10);
    assert_eq!(g.soloist_points(), 80);
    assert_eq!(d.talon().points(), 10);
    let in_hands: u32 = d.hands().iter().map(|h| h.points()).sum();
    assert_eq!(in_hands + d.talon().points() + 10, 90);
}

#[test]
fn marriages_are_20_in_a_side_suit_and_40_in_trumps() {
    let d = trump_deal(ALL);
    assert_eq!(marriage_points(d.hand(0), Suit::Piros), 40);
    // Several marriages in one hand add up: ZK+ZO and TK+TO.
    assert_eq!(marriage_points(d.hand(1), Suit::Piros), 40);
    assert_eq!(marriage_points(d.hand(2), Suit::Piros), 20);
    // With Zöld trump, seat 1's ZK+ZO is worth 40 and the soloist's PK+PO 20.
    assert_eq!(marriage_points(d.hand(1), Suit::Zold), 60);
    assert_eq!(marriage_points(d.hand(0), Suit::Zold), 20);
    // A Király without its Felső is no marriage.
    assert_eq!(marriage_points(set("PK ZO MK MA"), Suit::Piros), 0);
}

/// Trump Piros; talon TA TX (20 points for the defenders). The soloist holds no Király or
/// Felső; seat 1 holds three marriages (PK+PO 40, ZK+ZO 20, TK+TO 20), seat 2 one (MK+MO 20).
/// The soloist draws seat 1's two trumps and takes all ten tricks: 60 + 10 = 70 card points.
const MARRIAGES: [&str; 3] = [
    "PA PX PU P9 P8 P7 ZA ZX MA MX",
    "PK PO ZK ZO ZU Z9 TK TO TU T9",
    "Z8 Z7 MK MO MU M9 M8 M7 T8 T7",
];
const MARRIAGES_LINE: &str = "PA PO M7 / PX PK M8 / PU T9 M9 / P9 TU MU / P8 TO MO / \
                              ZA Z9 Z7 / ZX ZU Z8 / MA ZO MK / MX ZK T7 / P7 TK T8";

#[test]
fn defenders_marriages_count_even_without_a_trick() {
    let d = trump_deal(MARRIAGES);
    let g = played_game(&d, Contract::Passz, MARRIAGES_LINE);
    assert_eq!(g.soloist_tricks(), 10);
    assert_eq!(g.soloist_points(), 70);
    // 70 against 20 + 100 of marriages: the defenders win the party.
    assert!(!g.outcome(Contract::Passz));
}

#[test]
fn marriage_needs_trick_option_drops_marriages_of_a_side_without_a_trick() {
    let d = trump_deal(MARRIAGES);
    let opts = RuleOptions {
        marriage_needs_trick: true,
        ..RuleOptions::default()
    };
    let mut g = Game::new(&d, &Bid::single(Contract::Passz), opts);
    play(&mut g, MARRIAGES_LINE);
    // The defenders took no trick: their 100 does not count, 70 > 20.
    assert!(g.outcome(Contract::Passz));
    // The soloist's side: with 50 card points and a 40 marriage against 40 + 40,
    // the marriage decides, and only counts with a trick.
    let d = trump_deal(GIVE);
    let g = Game::new(&d, &Bid::single(Contract::Passz), opts);
    assert!(g.passz_won_with(50, true, true));
    assert!(!g.passz_won_with(50, false, true));
    let g = game(&d, Contract::Passz);
    assert!(g.passz_won_with(50, false, true));
}

#[test]
fn soloist_marriage_counts_for_the_soloist() {
    // GIVE with 50 card points: 50 + 40 (PK+PO) against 40 + 20 + 20: the soloist wins.
    let d = trump_deal(GIVE);
    let g = played_game(&d, Contract::Passz, GIVE_50);
    assert_eq!(g.soloist_points(), 50);
    assert!(g.outcome(Contract::Passz));
    // The same hands with Zöld trump: the soloist's PK+PO is worth 20, seat 1's ZK+ZO 40:
    // 50 + 20 against 40 + 40 + 20 loses.
    let dz = d.with_trump(Suit::Zold);
    let gz = Game::new(&dz, &Bid::single(Contract::Passz), RuleOptions::default());
    assert!(!gz.passz_won_with(50, true, true));
}

// ------------------------------------------------------------------ lines of GIVE with known points

/// Defenders take ZA+MX (20) and MA (10): the soloist ends with 60.
const GIVE_60: &str = "Z7 ZA MX / ZX M8 P8 / M7 Z8 MA / TO P9 T7 / PA ZK MK / PX ZO MO / \
                       PK ZU MU / PO Z9 M9 / PU TK T9 / P7 TA TX";
/// Defenders take ZA+MX (20) and ZX+MA (20): the soloist ends with 50.
const GIVE_50: &str = "Z7 ZA MX / Z8 M8 P8 / M7 ZX MA / TO P9 T7 / PA ZK MK / PX ZO MO / \
                       PK ZU MU / PO Z9 M9 / PU TK T9 / P7 TA TX";
/// Defenders take only ZA (10): the soloist ends with 80.
const GIVE_80: &str = "Z7 ZA M8 / Z8 M9 P8 / M7 Z9 MU / TO P9 T7 / PA ZX MA / PX ZK MX / \
                       PK ZO MK / PO ZU MO / PU TK T9 / P7 TA TX";
/// Defenders take ZA (10) and MX (10): the soloist ends with 70.
const GIVE_70: &str = "Z7 ZA M8 / Z8 M9 P8 / M7 Z9 MX / TO P9 T7 / PA ZX MA / PX ZK MU / \
                       PK ZO MK / PO ZU MO / PU TK T9 / P7 TA TX";

#[test]
fn passz_needs_more_than_the_defenders_and_a_tie_loses() {
    // No marriages anywhere: 50 of 90 wins, 40 loses.
    let d = trump_deal([
        "PA PX PU P9 P8 P7 ZA ZX MA MX",
        "PK ZK ZU Z9 TK TU T9 T8 T7 M9",
        "PO ZO Z8 Z7 MK MU M8 M7 TO TX",
    ]);
    let g = game(&d, Contract::Passz);
    assert!(g.passz_won_with(50, true, true));
    assert!(!g.passz_won_with(40, true, true));
    // A tie (45 each) loses. (With real card points a tie cannot happen: card points are
    // multiples of 10 out of 90 and marriages multiples of 20, so the totals differ by an odd
    // multiple of 10.)
    assert!(!g.passz_won_with(45, true, true));
    assert!(g.passz_won_with(46, true, true));
    // With marriages, a tie is 20 + 35 against 55 + 0 and loses too.
    let d = trump_deal(GIVE);
    let g = game(&d, Contract::Passz);
    // ms = 40, md = 40: s + 40 > 90 - s + 40 needs s > 45.
    assert!(!g.passz_won_with(45, true, true));
    assert!(g.passz_won_with(50, true, true));
}

#[test]
fn negyven_szaz_needs_60_card_points() {
    let d = trump_deal(GIVE);
    let g = played_game(&d, Contract::Negyven100, GIVE_60);
    assert_eq!(g.soloist_points(), 60);
    assert!(g.outcome(Contract::Negyven100));
    let g = played_game(&d, Contract::Negyven100, GIVE_50);
    assert_eq!(g.soloist_points(), 50);
    assert!(!g.outcome(Contract::Negyven100));
}

#[test]
fn husz_szaz_needs_80_card_points() {
    // The outcome looks at card points only (the side marriage is a prerequisite, checked
    // before play by `Contract::unplayable_reason`): 80 wins, 70 loses.
    let d = trump_deal(GIVE);
    let g = played_game(&d, Contract::Husz100, GIVE_80);
    assert_eq!(g.soloist_points(), 80);
    assert!(g.outcome(Contract::Husz100));
    let g = played_game(&d, Contract::Husz100, GIVE_70);
    assert_eq!(g.soloist_points(), 70);
    assert!(!g.outcome(Contract::Husz100));
    assert_eq!(defender_points(&g), 20);
}

// ------------------------------------------------------------------ ulti

#[test]
fn ulti_soloist_may_not_play_the_trump_seven_early() {
    let d = trump_deal(ULTI_WIN);
    let mut g = game(&d, Contract::Ulti);
    let mut expected = set(ULTI_WIN[0]);
    expected.remove(card("P7"));
    assert_eq!(g.legal_cards(), expected);
    let err = g.check(card("P7")).unwrap_err();
    assert_eq!(err, PlayError::UltiSeven { card: card("P7") });
    assert!(err.to_string().contains("ulti rule"), "{err}");
    // Trick 9 with TA and P7 left: TA only; trick 10: the VII.
    play(
        &mut g,
        "PA P8 M7 / PX Z7 M8 / PK Z8 M9 / PO Z9 MU / PU ZU MO / P9 ZO MK / ZA ZK T9 / MA ZX MX",
    );
    assert_eq!(g.legal_cards(), set("TA"));
    play(&mut g, "TA TK TU");
    assert_eq!(g.legal_cards(), set("P7"));
    // Compound bids with ulti keep the rule.
    let bid: Bid = "40-100+ulti".parse().unwrap();
    let g = Game::new(&d, &bid, RuleOptions::default());
    assert!(!g.legal_cards().contains(card("P7")));
}

#[test]
fn ulti_seven_rule_does_not_apply_to_other_contracts() {
    let d = trump_deal(ULTI_WIN);
    for c in [
        Contract::Passz,
        Contract::Negyven100,
        Contract::DurchmarsAdu,
    ] {
        let g = game(&d, c);
        assert_eq!(g.legal_cards(), set(ULTI_WIN[0]), "{c}");
        assert!(g.check(card("P7")).is_ok(), "{c}");
    }
}

#[test]
fn ulti_seven_allowed_when_it_is_the_only_legal_card() {
    // ULTI_LOSE: seat 2 trumps the third Zöld and leads a trump; the soloist's only trump is
    // the VII and must be played in trick 4.
    let d = trump_deal(ULTI_LOSE);
    let mut g = game(&d, Contract::Ulti);
    play(&mut g, "ZA Z9 Z7 / ZX ZU Z8 / ZK ZO P9 / PU");
    assert_eq!(g.legal_cards(), set("P7"));
    assert!(g.check(card("P7")).is_ok());
    play(&mut g, "P7 P8");
    assert_eq!(g.tricks()[3].winner, 2);
}

#[test]
fn ulti_won_by_taking_trick_ten_with_the_trump_seven() {
    let d = trump_deal(ULTI_WIN);
    let g = played_game(&d, Contract::Ulti, ULTI_WIN_LINE);
    assert!(g.is_over());
    let last = g.tricks()[9];
    assert_eq!((last.cards[0], last.winner), (card("P7"), 0));
    assert!(g.ulti_made());
    assert!(g.outcome(Contract::Ulti));
}

#[test]
fn ulti_lost_when_the_seven_is_beaten_in_trick_ten() {
    let d = trump_deal(ULTI_LOSE);
    let g = played_game(
        &d,
        Contract::Ulti,
        "ZA Z9 Z7 / ZX ZU Z8 / ZK ZO P9 / M7 MK M9 / MX MU M8 / MA MO PU / \
         T7 TK T9 / TX TU T8 / TA TO PO / PK P7 P8",
    );
    let last = g.tricks()[9];
    assert_eq!(last.cards[1], card("P7"));
    assert_eq!(last.winner, 2);
    assert!(!g.outcome(Contract::Ulti));
    assert_eq!(g.soloist_points(), 40);
}

#[test]
fn ulti_lost_when_the_seven_falls_early_even_if_trick_ten_is_won() {
    let d = trump_deal(ULTI_LOSE);
    let g = played_game(
        &d,
        Contract::Ulti,
        "ZA Z9 Z7 / ZX ZU Z8 / ZK ZO P9 / PU P7 P8 / PO TK T9 / PK MK M9 / \
         M7 MX MU / TX TU T7 / MA MO M8 / TA TO T8",
    );
    // The soloist wins trick 10, with the TA.
    assert_eq!(g.tricks()[9].winner, 0);
    assert_eq!(g.tricks()[9].cards[0], card("TA"));
    assert!(!g.outcome(Contract::Ulti));
    // 10 + 10 + MX + TX + MA + (TA + 10 for the last trick).
    assert_eq!(g.soloist_points(), 70);
}

#[test]
fn ulti_seven_winning_an_earlier_trick_does_not_make_the_ulti() {
    // Passz on ULTI_WIN (no hold rule): the soloist cashes the VII in trick 2 and wins trick
    // 10 with another card.
    let d = trump_deal(ULTI_WIN);
    let g = played_game(
        &d,
        Contract::Passz,
        "PA P8 M7 / P7 Z7 M8 / PK Z8 M9 / PO Z9 MU / PU ZU MO / P9 ZO MK / \
         ZA ZK T9 / MA ZX MX / TA TK TU / PX TX TO",
    );
    assert_eq!(g.tricks()[1].winner, 0);
    assert_eq!(g.tricks()[9].winner, 0);
    assert!(!g.ulti_made());
    assert!(!g.outcome(Contract::Ulti));
}

// ------------------------------------------------------------------ the other contracts

#[test]
fn durchmars_and_four_tens_won_by_taking_every_trick() {
    let d = trump_deal(ALL);
    let g = played_game(&d, Contract::DurchmarsAdu, ALL_LINE);
    assert_eq!(g.soloist_tricks(), 10);
    assert!(g.outcome(Contract::DurchmarsAdu));
    assert!(g.outcome(Contract::Passz));
    assert!(g.outcome(Contract::Negyven100));
    assert!(g.outcome(Contract::NegyTizes));
    // The TA is in the talon: three aces only.
    assert!(!g.outcome(Contract::NegyAsz));
    // The same line without trumps is a colourless durchmars, and a lost betli.
    let g = played_game(&d, Contract::Durchmars, ALL_LINE);
    assert!(g.outcome(Contract::Durchmars));
    assert!(!g.outcome(Contract::Betli));
}

#[test]
fn durchmars_lost_when_the_defenders_take_a_trick() {
    let d = trump_deal(GIVE);
    let g = played_game(&d, Contract::DurchmarsAdu, GIVE_80);
    assert_eq!(g.soloist_tricks(), 8);
    assert!(!g.outcome(Contract::DurchmarsAdu));
}

#[test]
fn negy_asz_needs_all_four_aces_captured() {
    // ULTI_WIN: the soloist holds all four Ász and takes every trick.
    let d = trump_deal(ULTI_WIN);
    let g = played_game(&d, Contract::NegyAsz, ULTI_WIN_LINE);
    assert!(g.outcome(Contract::NegyAsz));
    // All four X as well: PX own, ZX and MX in trick 8, TX in trick 10.
    assert!(g.outcome(Contract::NegyTizes));
    // GIVE: seat 1 keeps its ZA (trick 1), so three aces only.
    let d = trump_deal(GIVE);
    let g = played_game(&d, Contract::NegyAsz, GIVE_80);
    assert_eq!(g.soloist_captured(set("PA ZA MA TA")), 3);
    assert!(!g.outcome(Contract::NegyAsz));
    // GIVE_70: MX goes to seat 2 in trick 3, so not four tens.
    let g = played_game(&d, Contract::NegyTizes, GIVE_70);
    assert!(!g.outcome(Contract::NegyTizes));
}

#[test]
fn betli_won_by_taking_no_trick_and_lost_with_one() {
    let d = trump_deal(BETLI);
    let g = played_game(
        &d,
        Contract::Betli,
        "Z7 ZX ZK / ZA Z8 ZU / MA M7 MX / MK M8 MU / TA T7 TX / TK T8 TU / \
         P9 P7 P8 / PX Z9 ZO / PU M9 MO / PO T9 TO",
    );
    assert_eq!(g.soloist_tricks(), 0);
    assert!(g.outcome(Contract::Betli));
    assert!(!g.outcome(Contract::Durchmars));
    // ALL without trumps: every card the soloist leads wins, so the betli is lost.
    let d = trump_deal(ALL);
    let g = played_game(&d, Contract::Betli, ALL_LINE);
    assert_eq!(g.soloist_tricks(), 10);
    assert!(!g.outcome(Contract::Betli));
}

// ------------------------------------------------------------------ prerequisites

fn playable(d: Deal, bid: &str) -> (bool, Option<String>) {
    let mut q = Query::new(d, bid.parse().unwrap());
    q.line = false;
    let sol = Solver::with_memory(1 << 20).solve(&q).unwrap();
    (sol.playable, sol.unplayable_reason)
}

#[test]
fn ulti_needs_the_trump_seven() {
    let d = trump_deal(ULTI_LOSE);
    assert_eq!(playable(d, "ulti"), (true, None));
    // Zöld trump: Z7 is seat 2's.
    let (ok, why) = playable(d.with_trump(Suit::Zold), "ulti");
    assert!(!ok);
    assert!(why.unwrap().contains("trump VII"));
    // Also inside a compound bid.
    assert!(!playable(d.with_trump(Suit::Zold), "40-100+ulti").0);
}

#[test]
fn negyven_szaz_needs_the_trump_kiraly_and_felso() {
    assert_eq!(playable(trump_deal(ULTI_WIN), "40-100"), (true, None));
    let (ok, why) = playable(trump_deal(ULTI_LOSE), "40-100");
    assert!(!ok);
    assert!(why.unwrap().contains("Király and Felső"));
}

#[test]
fn husz_szaz_needs_a_side_suit_marriage() {
    // ALL: the soloist's only marriage is PK+PO, the trump marriage with Piros trump…
    let d = trump_deal(ALL);
    let (ok, why) = playable(d, "20-100");
    assert!(!ok);
    assert!(why.unwrap().contains("side suit"));
    // …and a side marriage with Zöld trump.
    assert_eq!(playable(d.with_trump(Suit::Zold), "20-100"), (true, None));
}

#[test]
fn negy_asz_and_negy_tizes_impossible_with_one_in_the_talon() {
    // ALL: TA in the talon.
    let (ok, why) = playable(trump_deal(ALL), "negy-asz");
    assert!(!ok);
    assert!(why.unwrap().contains("Ász is in the talon"));
    assert!(playable(trump_deal(ALL), "negy-tizes").0);
    // ULTI_LOSE: PA and PX in the talon.
    let (ok, why) = playable(trump_deal(ULTI_LOSE), "negy-tizes");
    assert!(!ok);
    assert!(why.unwrap().contains("X is in the talon"));
    assert!(!playable(trump_deal(ULTI_LOSE), "negy-asz").0);
    // ULTI_WIN: talon T8 T7.
    assert!(playable(trump_deal(ULTI_WIN), "negy-asz").0);
    assert!(playable(trump_deal(ULTI_WIN), "negy-tizes").0);
}

// ------------------------------------------------------------------ undo and errors

#[test]
fn undo_restores_the_state() {
    let d = trump_deal(GIVE);
    let mut g = game(&d, Contract::Passz);
    play(&mut g, "Z7 ZA MX / ZX");
    let before = (
        g.hand(0),
        g.hand(1),
        g.hand(2),
        g.played(),
        g.leader(),
        g.to_move(),
        g.legal_cards(),
    );
    // Finish trick 2 and start trick 3, then take it all back.
    play(&mut g, "M8 P8 / M7");
    assert_eq!(g.tricks().len(), 2);
    g.undo();
    g.undo();
    g.undo();
    let after = (
        g.hand(0),
        g.hand(1),
        g.hand(2),
        g.played(),
        g.leader(),
        g.to_move(),
        g.legal_cards(),
    );
    assert_eq!(after, before);
    assert_eq!(g.tricks().len(), 1);
    assert_eq!(g.current_trick(), &[card("ZX")]);
    // Undo to the start, and once more is a no-op.
    for _ in 0..5 {
        g.undo();
    }
    assert!(g.played().is_empty());
    assert_eq!(g.hand(0), d.hand(0));
    assert_eq!(g.hand(1), d.hand(1));
    assert_eq!((g.leader(), g.to_move()), (0, 0));
}

#[test]
fn cards_not_in_hand_and_after_the_end_are_refused() {
    let d = trump_deal(GIVE);
    let mut g = game(&d, Contract::Passz);
    let err = g.check(card("ZA")).unwrap_err();
    assert_eq!(
        err,
        PlayError::NotInHand {
            card: card("ZA"),
            seat: 0
        }
    );
    assert!(err.to_string().contains("ZA"), "{err}");
    play(&mut g, GIVE_60);
    assert!(g.is_over());
    assert!(g.legal_cards().is_empty());
    assert_eq!(
        g.check(card("PA")),
        Err(PlayError::GameOver { card: card("PA") })
    );
}

#[test]
fn illegal_played_card_is_reported_by_the_solver_with_card_and_rule() {
    let d = trump_deal(FOLLOW);
    let mut q = Query::new(d, Bid::single(Contract::Passz));
    q.played = parse_cards("Z8 Z7").unwrap();
    let err = Solver::with_memory(1 << 20).solve(&q).unwrap_err();
    assert_eq!(
        err,
        SolveError::IllegalPlay {
            index: 2,
            card: card("Z7"),
            error: PlayError::MustBeat {
                card: card("Z7"),
                seat: 1,
                led: Suit::Zold
            }
        }
    );
    let msg = err.to_string();
    assert!(
        msg.contains("Z7") && msg.contains("beat the led suit"),
        "{msg}"
    );
    // The ulti rule through the solver.
    let d = trump_deal(ULTI_WIN);
    let mut q = Query::new(d, Bid::single(Contract::Ulti));
    q.played = parse_cards("P7").unwrap();
    let err = Solver::with_memory(1 << 20).solve(&q).unwrap_err();
    assert!(matches!(
        err,
        SolveError::IllegalPlay {
            index: 1,
            error: PlayError::UltiSeven { .. },
            ..
        }
    ));
}

// ------------------------------------------------------------------ the solver on these deals

fn solve_with(d: Deal, c: Contract, rules: RuleOptions) -> (Option<bool>, Option<u32>) {
    let mut q = Query::new(d, Bid::single(c));
    q.rules = rules;
    let sol = Solver::with_memory(1 << 20).solve(&q).unwrap();
    let mut g = Game::new(&d, &q.bid, rules);
    for &card in &sol.line {
        g.play(card).expect("the solver's line is legal");
    }
    assert_eq!(
        Some(g.outcome(c)),
        sol.soloist_wins,
        "{c}: line ends as reported"
    );
    (sol.soloist_wins, sol.soloist_points)
}

#[test]
fn solver_gives_the_defenders_both_sevens_tricks_in_give() {
    // GIVE: the soloist must lead Z7 and M7 some time (the defenders hold no trump, so every
    // other lead wins and, when a defender leads, the soloist is void and must trump). On
    // those two tricks the defenders drop 20 each (ZA + MX/TX, MA/MX + ZX/TA), and no more
    // is possible: 40 lost, 50 won, which wins the party (50 + 40 > 40 + 40) and loses 40-100.
    let d = trump_deal(GIVE);
    let opts = RuleOptions::default();
    assert_eq!(solve_with(d, Contract::Passz, opts), (Some(true), Some(50)));
    assert_eq!(
        solve_with(d, Contract::Negyven100, opts),
        (Some(false), Some(50))
    );
    assert_eq!(solve_with(d, Contract::DurchmarsAdu, opts).0, Some(false));
}

#[test]
fn solver_wins_ulti_when_the_last_defending_trump_can_be_drawn() {
    // ULTI_WIN: PA draws seat 1's P8, then every lead wins and the VII takes trick 10.
    let opts = RuleOptions::default();
    assert_eq!(
        solve_with(trump_deal(ULTI_WIN), Contract::Ulti, opts).0,
        Some(true)
    );
    // ULTI_LOSE: the soloist leads nine side cards, three per suit; by trick 7 one suit is
    // led a third time, seat 2 (two of each) trumps, wins and leads a trump: the VII is the
    // soloist's only trump and falls before trick 10.
    assert_eq!(
        solve_with(trump_deal(ULTI_LOSE), Contract::Ulti, opts).0,
        Some(false)
    );
}

#[test]
fn solver_respects_marriage_needs_trick() {
    // MARRIAGES: the soloist can take all ten tricks (70 card points) but the defenders'
    // 100 of marriages beat that; with `marriage_needs_trick` they do not count.
    let d = trump_deal(MARRIAGES);
    assert_eq!(
        solve_with(d, Contract::Passz, RuleOptions::default()),
        (Some(false), Some(70))
    );
    let opts = RuleOptions {
        marriage_needs_trick: true,
        ..RuleOptions::default()
    };
    assert_eq!(solve_with(d, Contract::Passz, opts), (Some(true), Some(70)));
}

/// MARRIAGES with TO and MO swapped: seat 1 keeps PK+PO (40) and ZK+ZO (20), seat 2 has no
/// marriage, so the defenders' marriages are 60. The soloist still takes every trick
/// (PA and PX draw PK and PO, then every lead is the top card left in its suit): 70 card
/// points, the talon TA TX is the defenders' 20.
const MARRIAGES_60: [&str; 3] = [
    "PA PX PU P9 P8 P7 ZA ZX MA MX",
    "PK PO ZK ZO ZU Z9 TK MO TU T9",
    "Z8 Z7 MK TO MU M9 M8 M7 T8 T7",
];

#[test]
fn marriage_needs_trick_durchmars_beats_marriages_that_card_points_cannot() {
    let d = trump_deal(MARRIAGES_60);
    let g = played_game_with(&d, RuleOptions::default(), MARRIAGES_60_LINE);
    assert_eq!((g.soloist_tricks(), g.soloist_points()), (10, 70));
    // Default rules: 70 against 20 + 60 loses.
    assert!(!g.outcome(Contract::Passz));
    // With `marriage_needs_trick`, taking all ten tricks voids the defenders' 60:
    // 70 against 20 wins. (80 card points would be needed if the defenders took a trick,
    // and 70 is the most there is, so only the all-tricks route wins.)
    let opts = RuleOptions {
        marriage_needs_trick: true,
        ..RuleOptions::default()
    };
    let g = played_game_with(&d, opts, MARRIAGES_60_LINE);
    assert!(g.outcome(Contract::Passz));
}

/// The same position through the solver. Card points alone cannot win here (80 needed, at
/// most 70 reachable with 20 in the talon), but with `marriage_needs_trick` taking every trick
/// keeps the defenders' marriages out of the count, so the single passz solve must find the
/// all-tricks win (it once reported a loss while its own line won).
#[test]
fn solver_passz_marriage_needs_trick_all_tricks_route() {
    let d = trump_deal(MARRIAGES_60);
    assert_eq!(
        solve_with(d, Contract::Passz, RuleOptions::default()),
        (Some(false), Some(70))
    );
    let opts = RuleOptions {
        marriage_needs_trick: true,
        ..RuleOptions::default()
    };
    assert_eq!(solve_with(d, Contract::Passz, opts), (Some(true), Some(70)));
}

const MARRIAGES_60_LINE: &str = "PA PO M7 / PX PK M8 / PU T9 M9 / P9 TU MU / P8 MO TO / \
                                 ZA Z9 Z7 / ZX ZU Z8 / MA TK MK / MX ZO T7 / P7 ZK T8";

fn played_game_with(d: &Deal, opts: RuleOptions, line: &str) -> Game {
    let mut g = Game::new(d, &Bid::single(Contract::Passz), opts);
    play(&mut g, line);
    g
}

#[test]
fn payoff_solve_of_passz_respects_marriage_needs_trick() {
    // The payoff search scores each leaf with the full rule, so it finds the all-tricks win
    // of MARRIAGES_60: a piros passz, +2 per defender with the option, -2 without.
    let d = trump_deal(MARRIAGES_60);
    for (need, payoff) in [(false, -2), (true, 2)] {
        let mut q = Query::new(d, Bid::single(Contract::Passz));
        q.payoff = true;
        q.rules.marriage_needs_trick = need;
        let sol = Solver::with_memory(1 << 20).solve(&q).unwrap();
        assert_eq!(sol.payoff, Some(payoff), "marriage_needs_trick = {need}");
        assert_eq!(sol.soloist_wins, Some(payoff > 0));
    }
}
