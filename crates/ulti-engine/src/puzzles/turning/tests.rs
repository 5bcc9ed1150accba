use super::*;
use crate::puzzles::record::parse_file;
use crate::solver::Solver;

/// Puzzles of `puzzles/set.json`, as the file holds them.
const RECORDS: &str = include_str!("records.json");

/// The puzzle `id`'s position as a game, its bid, and the whole line after `card`: the card,
/// then the solver's line to the end of play.
fn refuted(id: &str, card: &str) -> (Game, Bid, Vec<Card>) {
    let records = parse_file(RECORDS).expect("the records");
    let r = records.iter().find(|r| r.id == id).expect("the puzzle");
    let pos = r.position().expect("a position");
    let card: Card = card.parse().expect("a card");
    let sol = Solver::new()
        .solve(&pos.after(&[card]).line_query())
        .expect("solved");
    let mut line = vec![card];
    line.extend(sol.line);
    (pos.game().expect("legal"), pos.bid.clone(), line)
}

fn card(s: &str) -> Card {
    s.parse().expect("a card")
}

/// Every verdict some continuation from `g` reaches, playing every legal card to the end
/// (no pruning, no table): the plain search the decider must agree with.
fn reachable(g: &mut Game, bid: &Bid, out: &mut Vec<Option<Verdict>>) {
    if g.is_over() {
        let v = final_verdict(g, bid);
        if !out.contains(&v) {
            out.push(v);
        }
        return;
    }
    for c in g.legal_cards().iter() {
        g.play(c).expect("legal");
        reachable(g, bid, out);
        g.undo();
    }
}

/// The first card of `line` after which every continuation has the line's verdict, by the
/// plain search.
fn first_fixed(g: &Game, bid: &Bid, line: &[Card]) -> usize {
    let mut end = g.clone();
    for &c in line {
        end.play(c).expect("legal");
    }
    let v = final_verdict(&end, bid);
    let mut h = g.clone();
    for (i, &c) in line.iter().enumerate() {
        h.play(c).expect("legal");
        let mut out = Vec::new();
        reachable(&mut h.clone(), bid, &mut out);
        if out == [v] {
            return i;
        }
    }
    unreachable!("the end of play is fixed")
}

#[test]
fn the_ulti_of_8762f3a6_is_lost_where_the_defenders_force_the_trump_seven_out() {
    // Leaves are trumps; the soloist holds the Seven, the Ace and two Tök. After the Under of
    // Piros, defender 2 leads the Nine of Leaves in trick 7: the soloist must beat it with
    // the Ace, and nothing can save the Seven any more; it falls in trick 9.
    let (g, bid, line) = refuted("8762f3a6", "PU");
    let t = turning(&g, &bid, &line).expect("a full line");
    assert_eq!(t.trick, 7);
    assert_eq!(t.at, 3);
    assert_eq!(t.cards, vec![(2, card("Z9"), false)]);
    assert_eq!(t.part, Some(Contract::Ulti));
    assert!(!t.made);
    assert_eq!(t.verdict, Some(Verdict::SoloistLoses));
    assert_eq!(t.shows, (11, 9, SOLOIST, card("Z7")));
    // The other wrong cards: the Ace of Leaves played at once loses the Seven's guard the
    // same way; the Ace of Tök in trick 8.
    let (g, bid, line) = refuted("8762f3a6", "ZA");
    let t = turning(&g, &bid, &line).expect("a full line");
    assert_eq!((t.trick, t.part, t.shows.1), (7, Some(Contract::Ulti), 9));
    let (g, bid, line) = refuted("8762f3a6", "TA");
    let t = turning(&g, &bid, &line).expect("a full line");
    assert_eq!((t.trick, t.part, t.shows.1), (8, Some(Contract::Ulti), 9));
    assert_eq!(t.cards.len(), 2, "the soloist's lead and defender 1's card");
}

#[test]
fn a_compound_worth_nothing_is_decided_by_the_wrong_card_itself() {
    // 99ad5968 (40-100 ulti): after the Nine of Acorns or of Tök, whatever anyone plays, the
    // 40-100 is lost and the ulti made, worth 0: decided at the card, in trick 8.
    for wrong in ["M9", "T9"] {
        let (g, bid, line) = refuted("99ad5968", wrong);
        let t = turning(&g, &bid, &line).expect("a full line");
        assert_eq!(t.verdict, None);
        assert_eq!((t.trick, t.at), (8, 0));
        assert_eq!(t.cards.last(), Some(&(1, card(wrong), false)));
        assert!(t.part.is_some());
    }
}

#[test]
fn the_decider_agrees_with_the_plain_search() {
    for (id, wrong) in [
        ("8762f3a6", "PU"),
        ("8762f3a6", "TA"),
        ("8762f3a6", "ZA"),
        ("99ad5968", "M9"),
        ("99ad5968", "T9"),
    ] {
        let (g, bid, line) = refuted(id, wrong);
        let t = turning(&g, &bid, &line).expect("a full line");
        assert_eq!(t.at, first_fixed(&g, &bid, &line), "{id} {wrong}");
    }
}

#[test]
fn a_line_that_does_not_reach_the_end_has_no_turning_trick() {
    let (g, bid, line) = refuted("8762f3a6", "PU");
    assert_eq!(turning(&g, &bid, &line[..line.len() - 1]), None);
}

#[test]
#[ignore = "a timing run over the shipped set"]
fn timing_over_the_set() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../puzzles/set.json"
    ))
    .unwrap();
    let records = parse_file(&text).unwrap();
    let mut solver = Solver::new();
    let mut worst = (0.0, String::new());
    let mut by_len = std::collections::BTreeMap::new();
    for r in records
        .iter()
        .filter(|r| r.played.split(',').filter(|s| !s.is_empty()).count() < 12)
        .take(60)
    {
        let pos = r.position().unwrap();
        for (w, _) in r.refutations.iter().take(1) {
            let c = card(w);
            let sol = solver.solve(&pos.after(&[c]).line_query()).unwrap();
            let mut line = vec![c];
            line.extend(sol.line);
            let t0 = std::time::Instant::now();
            let t = turning(&pos.game().unwrap(), &pos.bid, &line);
            let dt = t0.elapsed().as_secs_f64();
            *by_len.entry(pos.played.len() / 3 + 1).or_insert(0.0) += dt;
            if dt > worst.0 {
                worst = (
                    dt,
                    format!("{} {} {:?}", r.id, w, t.map(|t| (t.trick, t.shows.1))),
                );
            }
        }
    }
    println!("worst {worst:?} by trick {by_len:?}");
}
