//! App-side logic tests that run natively (`cargo test -p ulti-solver`): the worker protocol on
//! the wire, and a user's flow from the editor to the URL and through a solved line.

use ulti_engine::{Bid, Card, Contract, Deal, Query, RuleOptions, Solver, Suit};
use ulti_solver::model::editor::DealEditor;
use ulti_solver::model::line::Line;
use ulti_solver::model::results::{ContractResult, Status};
use ulti_solver::model::url_state::{UrlState, deal_param, format_query};
use ulti_solver::protocol::{PROTOCOL_VERSION, SolverRequest, SolverResponse};

const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";
const GREAT_BETLI: &str = "0202122232425262700013736351514021334331207060504031716323111";

/// gloo-worker encodes messages with bincode's default options: every message must survive it
/// (a `skip_serializing_if` in an engine type would break the worker silently).
fn round_trip<T: serde::Serialize + serde::de::DeserializeOwned>(msg: &T) -> T {
    let bytes = bincode::serialize(msg).expect("encode");
    bincode::deserialize(&bytes).expect("decode")
}

#[test]
fn every_protocol_message_survives_the_wire_codec() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let requests = [
        SolverRequest::Hello {
            panic_channel: "ulti-solver-panic-1".into(),
        },
        SolverRequest::SolveAll {
            id: 7,
            deal,
            rules: RuleOptions {
                must_beat_after_trump: true,
                marriage_needs_trick: false,
            },
            contracts: Contract::ALL.to_vec(),
        },
        SolverRequest::Cancel { id: 7 },
    ];
    for r in &requests {
        assert_eq!(&round_trip(r), r);
    }

    let solution = Solver::new()
        .solve(&Query::new(deal, Bid::single(Contract::Passz)))
        .unwrap();
    let responses = [
        SolverResponse::Ready {
            version: PROTOCOL_VERSION,
        },
        SolverResponse::Solved {
            id: 7,
            contract: Contract::Passz,
            solution: Box::new(solution),
            ms: 1.5,
        },
        SolverResponse::Finished {
            id: 7,
            ms: 20.0,
            cancelled: false,
        },
        SolverResponse::Failed {
            id: 7,
            contract: Contract::Ulti,
            message: "card 1 (TK) is not in the hand".into(),
        },
    ];
    for r in &responses {
        assert_eq!(&round_trip(r), r);
    }
}

#[test]
fn a_link_opens_solves_and_steps_like_the_page_does() {
    // The page reads the link...
    let url = UrlState::parse(Some(GREAT_BETLI), Some("betli"), Some("9"), None);
    let deal = url.deal.clone().unwrap().unwrap();
    let editor = DealEditor::from_deal(&deal);
    assert_eq!(editor.deal(), Some(deal));
    assert_eq!(editor.undealt().len(), 2);

    // ...the worker answers each contract (as SolverWorker does)...
    let mut solver = Solver::new();
    let rows: Vec<ContractResult> = Contract::ALL
        .iter()
        .map(|&c| {
            let sol = solver.solve(&Query::new(deal, Bid::single(c))).unwrap();
            ContractResult::from_solution(c, sol, 0.0)
        })
        .collect();
    assert!(rows.iter().all(ContractResult::is_done));
    let betli = rows.iter().find(|r| r.contract == Contract::Betli).unwrap();
    assert_eq!(
        betli.status,
        Status::Wins,
        "the README's great betli is a won betli"
    );
    assert_eq!(betli.line.len(), 30);

    // ...and the viewer shows step 9: three complete tricks, none taken by the soloist.
    let line = Line::new(
        deal,
        Contract::Betli,
        RuleOptions::default(),
        betli.line.clone(),
    )
    .unwrap();
    let view = line.at(url.step);
    assert_eq!(view.history.len(), 3);
    assert_eq!(view.table.cards.len(), 3);
    assert_eq!(view.soloist_tricks, 0);
    assert_eq!(view.defender_tricks, 3);
    let end = line.at(30);
    assert_eq!(end.soloist_tricks, 0, "a won betli takes no trick");

    // The URL written back keeps the link's spelling of the deal.
    let param = deal_param(&deal, Some(GREAT_BETLI));
    assert_eq!(
        format_query(Some(&param), url.rules, url.game, url.step),
        format!("deal={GREAT_BETLI}&game=betli&step=9")
    );
}

#[test]
fn an_edited_deal_gets_a_canonical_code_that_reads_back() {
    let mut editor = DealEditor::new();
    editor.trump = Suit::Makk;
    let ace: Card = "MA".parse().unwrap();
    editor.toggle(ace).unwrap();
    assert_eq!(editor.deal(), None, "one card is not a deal");
    editor.fill_random(42);
    let deal = editor.deal().expect("filled");
    let code = deal_param(&deal, None);
    assert_eq!(code.len(), 61);
    assert!(code.starts_with('2'), "Makk trump is digit 2: {code}");
    let back = UrlState::parse(Some(&code), None, None, None)
        .deal
        .unwrap()
        .unwrap();
    assert_eq!(back, deal);
    assert!(back.hand(0).contains(ace));
}
