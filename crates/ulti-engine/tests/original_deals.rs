//! The three sample deals of the original app's README (shared/deals/original-readme.txt),
//! every contract solved for the deal's trump (Piros in all three), with results reasoned out
//! by hand from the hands, and every returned line replayed through the validated rules.
//!
//! The hands (trump order Ász X Király Felső Alsó IX VIII VII):
//!
//! strong hand
//!   soloist  PA PX PK PO PU P9 P8  ZA MA TA
//!   seat 1   ZK ZO ZU ZX Z9  TO TU TX T9 T8
//!   seat 2   Z8 Z7  MK MO MU MX M9 M8 M7  T7
//!   talon    P7 TK
//!
//! great betli
//!   soloist  P8 P7  MA MK MO MU MX M9 M8 M7
//!   seat 1   P9  ZO ZU ZX Z9  TA TK TO TU TX
//!   seat 2   PA PK PO PU PX  ZA ZK Z8  T9 T8
//!   talon    Z7 T7
//!
//! slow simulation
//!   soloist  PA PK PO PU PX P9 P7  ZA MA TA
//!   seat 1   ZO ZU ZX Z9  MU MX M9  TU TX T9
//!   seat 2   Z8 Z7  MK MO M8 M7  TK TO T8 T7
//!   talon    P8 ZK

use ulti_engine::{Bid, Card, Contract, Deal, Game, Query, RuleOptions, Solution, Solver, Suit};

const STRONG_HAND: &str = "0070605040302012737173112323313143435151620212322242526103011";
const GREAT_BETLI: &str = "0202122232425262700013736351514021334331207060504031716323111";
const SLOW_SIMULATION: &str = "0070605040300173727021213323322232414341510112021303125263536";

/// What reasoning about the hands says a contract gives.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expect {
    /// The soloist lacks a prerequisite.
    Unplayable,
    /// Won; for point contracts with exactly these card points.
    Wins(Option<u32>),
    /// Lost; for point contracts with exactly these card points.
    Loses(Option<u32>),
}

fn deal(code: &str) -> Deal {
    Deal::parse_code(code).expect("a README deal code")
}

fn cards(names: &str) -> Vec<Card> {
    ulti_engine::parse_cards(names).expect("card names")
}

fn solve(d: Deal, c: Contract, played: &[Card], all_cards: bool) -> Solution {
    let mut q = Query::new(d, Bid::single(c));
    q.played = played.to_vec();
    q.all_cards = all_cards;
    Solver::new().solve(&q).expect("a legal position")
}

/// Replay the solution's line from `played`, check it is complete and legal, and that its end
/// gives the reported result. Returns the finished game.
fn replay(d: &Deal, c: Contract, played: &[Card], sol: &Solution) -> Game {
    assert_eq!(
        sol.line.len() + played.len(),
        30,
        "{c}: the line holds every remaining card"
    );
    let mut g = Game::with_played(d, &Bid::single(c), RuleOptions::default(), played)
        .expect("legal played cards");
    for (i, &card) in sol.line.iter().enumerate() {
        if let Err(e) = g.play(card) {
            panic!("{c}: card {} of the line ({card}) is illegal: {e}", i + 1);
        }
    }
    assert!(g.is_over());
    assert_eq!(
        Some(g.outcome(c)),
        sol.soloist_wins,
        "{c}: the line ends in the reported result"
    );
    if c.is_point_contract() {
        assert_eq!(
            Some(g.soloist_points()),
            sol.soloist_points,
            "{c}: the line ends with the reported card points"
        );
    }
    g
}

/// Solve `c` on the deal, compare with the expectation, replay the line, and solve again from
/// three positions along the line: the value must not change on an optimal line.
fn check(code: &str, c: Contract, expect: Expect) -> Solution {
    let d = deal(code);
    let sol = solve(d, c, &[], false);
    if expect == Expect::Unplayable {
        assert!(!sol.playable, "{c} should not be playable");
        assert!(sol.unplayable_reason.is_some());
        assert_eq!(sol.soloist_wins, None);
        return sol;
    }
    assert!(sol.playable, "{c}: {:?}", sol.unplayable_reason);
    let (wins, points) = match expect {
        Expect::Wins(p) => (true, p),
        Expect::Loses(p) => (false, p),
        Expect::Unplayable => unreachable!(),
    };
    assert_eq!(sol.soloist_wins, Some(wins), "{c}: won/lost");
    assert_eq!(sol.soloist_points, points, "{c}: card points");
    replay(&d, c, &[], &sol);
    for cut in [3, 14, 25] {
        let played = &sol.line[..cut];
        let again = solve(d, c, played, false);
        assert_eq!(
            (again.soloist_wins, again.soloist_points),
            (sol.soloist_wins, sol.soloist_points),
            "{c}: solving after {cut} cards of the line changes the result"
        );
        replay(&d, c, played, &again);
    }
    sol
}

#[test]
fn readme_codes_decode_to_the_hands_above() {
    let hands = |code: &str| {
        let d = deal(code);
        (
            d.trump,
            d.hand(0).to_string(),
            d.hand(1).to_string(),
            d.hand(2).to_string(),
            d.talon().to_string(),
        )
    };
    // CardSet prints in index order: suits P Z M T, ranks 7 8 9 X U O K A.
    assert_eq!(
        hands(STRONG_HAND),
        (
            Suit::Piros,
            "P8,P9,PX,PU,PO,PK,PA,ZA,MA,TA".to_string(),
            "Z9,ZX,ZU,ZO,ZK,T8,T9,TX,TU,TO".to_string(),
            "Z7,Z8,M7,M8,M9,MX,MU,MO,MK,T7".to_string(),
            "P7,TK".to_string()
        )
    );
    assert_eq!(
        hands(GREAT_BETLI),
        (
            Suit::Piros,
            "P7,P8,M7,M8,M9,MX,MU,MO,MK,MA".to_string(),
            "P9,Z9,ZX,ZU,ZO,TX,TU,TO,TK,TA".to_string(),
            "PX,PU,PO,PK,PA,Z8,ZK,ZA,T8,T9".to_string(),
            "Z7,T7".to_string()
        )
    );
    assert_eq!(
        hands(SLOW_SIMULATION),
        (
            Suit::Piros,
            "P7,P9,PX,PU,PO,PK,PA,ZA,MA,TA".to_string(),
            "Z9,ZX,ZU,ZO,M9,MX,MU,T9,TX,TU".to_string(),
            "Z7,Z8,M7,M8,MO,MK,T7,T8,TO,TK".to_string(),
            "P8,ZK".to_string()
        )
    );
}

// ------------------------------------------------------------------ strong hand
//
// The defenders hold no trump at all (the seven missing trumps are the soloist's, P7 is in the
// talon), and the soloist's side cards are the three Ász, the top of their suits in both rank
// orders. So whatever the soloist leads wins the trick, and they lead again: every trick is
// theirs in any order of play, trumps or not. That wins durchmars (both kinds), all card
// points (90: the talon P7 TK holds none), all four aces and all four tens (no X in the
// talon), passz and 40-100 (PK+PO in hand), and loses betli (trick 1 is theirs whatever they
// lead). Ulti is unplayable (P7 in the talon), 20-100 too (no side Király+Felső).

#[test]
fn strong_hand_point_contracts_take_all_90() {
    check(STRONG_HAND, Contract::Passz, Expect::Wins(Some(90)));
    check(STRONG_HAND, Contract::Negyven100, Expect::Wins(Some(90)));
    check(STRONG_HAND, Contract::Husz100, Expect::Unplayable);
}

#[test]
fn strong_hand_takes_every_trick() {
    for c in [
        Contract::Durchmars,
        Contract::DurchmarsAdu,
        Contract::NegyAsz,
        Contract::NegyTizes,
    ] {
        check(STRONG_HAND, c, Expect::Wins(None));
    }
    // Any first card wins the durchmars.
    let sol = solve(deal(STRONG_HAND), Contract::Durchmars, &[], true);
    assert_eq!(sol.cards.len(), 10);
    assert!(sol.cards.iter().all(|v| v.soloist_wins));
}

#[test]
fn strong_hand_betli_is_lost_and_ulti_unplayable() {
    check(STRONG_HAND, Contract::Betli, Expect::Loses(None));
    let sol = check(STRONG_HAND, Contract::Ulti, Expect::Unplayable);
    assert!(sol.unplayable_reason.unwrap().contains("VII"));
}

// ------------------------------------------------------------------ great betli
//
// Betli (no trumps): the soloist leads P7 or P8. Seat 1 must beat it with P9 and seat 2 must
// beat that with a higher Piros, so a defender wins trick 1 and leads from then on. The
// defenders hold no Makk, so nobody ever leads the soloist's Makk; on Zöld and Tök leads the
// soloist (void) discards and cannot win without trumps; on a Piros lead their remaining
// P7/P8 is below every Piros a defender can lead. So the soloist never takes a trick: won.
// (Leading a Makk instead loses at once: nobody can follow, and the trick is the soloist's.)
// Colourless durchmars: the soloist must lead P7 and P8 at some point, and both lose. Lost.
//
// Trump contracts (Piros trump): whatever the soloist leads in trick 1, seat 2 wins it — on
// a Makk lead seat 1 (void) must trump with P9 and seat 2 must overtrump; on P8/P7 seat 1
// must beat with P9 and seat 2 must beat P9. Seat 2 then leads PA and, if needed, PK: the
// soloist must follow with P8 and P7. From then on the soloist holds only Makk, which
// nobody leads, and can never win a trick. So the defenders can hold the soloist to no trick
// and 0 card points: passz and 20-100 (MK+MO in hand) lost with 0, ulti, durchmars with
// trumps, four aces and four tens lost. 40-100 is unplayable (no PK+PO).

#[test]
fn great_betli_betli_won_only_with_a_piros_lead() {
    check(GREAT_BETLI, Contract::Betli, Expect::Wins(None));
    let sol = solve(deal(GREAT_BETLI), Contract::Betli, &[], true);
    let winners: Vec<String> = sol
        .cards
        .iter()
        .filter(|v| v.soloist_wins)
        .map(|v| v.card.to_string())
        .collect();
    assert_eq!(winners, ["P7", "P8"]);
    assert_eq!(sol.cards.len(), 10);
    check(GREAT_BETLI, Contract::Durchmars, Expect::Loses(None));
}

#[test]
fn great_betli_trump_contracts_are_lost_with_no_trick() {
    check(GREAT_BETLI, Contract::Passz, Expect::Loses(Some(0)));
    check(GREAT_BETLI, Contract::Husz100, Expect::Loses(Some(0)));
    check(GREAT_BETLI, Contract::Negyven100, Expect::Unplayable);
    for c in [
        Contract::Ulti,
        Contract::DurchmarsAdu,
        Contract::NegyAsz,
        Contract::NegyTizes,
    ] {
        check(GREAT_BETLI, c, Expect::Loses(None));
    }
    // 0 card points after every first card.
    let sol = solve(deal(GREAT_BETLI), Contract::Passz, &[], true);
    assert_eq!(sol.cards.len(), 10);
    assert!(sol.cards.iter().all(|v| v.soloist_points == Some(0)));
}

#[test]
fn great_betli_ulti_seven_falls_to_the_trump_leads() {
    // After the soloist's MA, P9 and PU, seat 2 leads PA and PK: the VII goes in trick 3 at
    // the latest, as the only legal card.
    let d = deal(GREAT_BETLI);
    let played = cards("MA P9 PU PA P8");
    let g = Game::with_played(
        &d,
        &Bid::single(Contract::Ulti),
        RuleOptions::default(),
        &played,
    )
    .expect("legal");
    assert_eq!(g.to_move(), 1);
    let sol = solve(d, Contract::Ulti, &played, false);
    assert_eq!(sol.soloist_wins, Some(false));
    replay(&d, Contract::Ulti, &played, &sol);
}

// ------------------------------------------------------------------ slow simulation
//
// As in the strong hand, the defenders hold no trump (P8 is in the talon) and the soloist's
// side cards are the three Ász: every lead wins, in any order. The soloist keeps the trump
// VII for last (ulti: they must), leads it in trick 10, and no defender can beat it: ulti
// won. All 90 card points (talon P8 ZK: none), all tricks, all aces and tens (no X in the
// talon); passz and 40-100 (PK+PO) won; betli lost at trick 1. No side marriage (ZK is in
// the talon): 20-100 unplayable.

#[test]
fn slow_simulation_point_contracts_take_all_90() {
    check(SLOW_SIMULATION, Contract::Passz, Expect::Wins(Some(90)));
    check(
        SLOW_SIMULATION,
        Contract::Negyven100,
        Expect::Wins(Some(90)),
    );
    check(SLOW_SIMULATION, Contract::Husz100, Expect::Unplayable);
}

#[test]
fn slow_simulation_ulti_and_every_trick() {
    for c in [
        Contract::Ulti,
        Contract::Durchmars,
        Contract::DurchmarsAdu,
        Contract::NegyAsz,
        Contract::NegyTizes,
    ] {
        check(SLOW_SIMULATION, c, Expect::Wins(None));
    }
    check(SLOW_SIMULATION, Contract::Betli, Expect::Loses(None));
    // The ulti line keeps the VII for trick 10, and every legal first card (all but the VII)
    // wins.
    let sol = solve(deal(SLOW_SIMULATION), Contract::Ulti, &[], true);
    assert_eq!(sol.line[27], "P7".parse().unwrap());
    assert_eq!(sol.cards.len(), 9);
    assert!(
        sol.cards
            .iter()
            .all(|v| v.soloist_wins && v.card.to_string() != "P7")
    );
}
