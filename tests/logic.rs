//! App-side logic tests that run natively (`cargo test -p ulti-solver`): the worker protocol on
//! the wire, and a user's flow from the editor to the URL and through a solved line.

mod common;

use common::round_trip;
use ulti_engine::advise::{BidOptions, BidRace, advise_bid};
use ulti_engine::advise::{CardOptions, CardTallies, SeatView, advise_card};
use ulti_engine::{
    Bid, Card, CardSet, Contract, Deal, Query, Question, RuleOptions, Solver, Suit,
    standard_announcements, table,
};
use ulti_solver::model::analysis::Table;
use ulti_solver::model::editor::DealEditor;
use ulti_solver::model::line::Line;
use ulti_solver::model::results::{ContractResult, Status};
use ulti_solver::model::url_state::{UrlState, deal_param, format_played, format_query};
use ulti_solver::model::whatif::{deviate, full_line, position_query};
use ulti_solver::protocol::{
    Answer, CardAdviceAnswer, Job, PROTOCOL_VERSION, SolverRequest, SolverResponse,
};
use ulti_solver::solver_client::card_pieces;
use ulti_solver::worker::run_job;

const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";
const GREAT_BETLI: &str = "0202122232425262700013736351514021334331207060504031716323111";

#[test]
fn every_protocol_message_survives_the_wire_codec() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let rules = RuleOptions {
        must_beat_after_trump: true,
        marriage_needs_trick: false,
    };
    let announcement = standard_announcements()
        .into_iter()
        .find(|a| a.id() == "40-100+ulti@Z")
        .unwrap();
    let jobs = [
        Job::Cell {
            deal,
            contract: Contract::Ulti,
            trump: Some(Suit::Makk),
            rules,
            question: Question::Exact,
        },
        Job::Cell {
            deal,
            contract: Contract::Betli,
            trump: None,
            rules,
            question: Question::Exact,
        },
        Job::Cell {
            deal,
            contract: Contract::Passz,
            trump: Some(Suit::Tok),
            rules,
            question: Question::WinLose,
        },
        Job::Bid {
            deal,
            announcement,
            rules,
        },
        Job::Position {
            query: position_query(deal, Bid::single(Contract::Passz), rules, &[]),
        },
        Job::AdviseTasks {
            tasks: BidRace::new(
                CardSet(deal.hand(0).0 | deal.talon().0),
                &BidOptions {
                    samples: 1,
                    rules,
                    ..BidOptions::default()
                },
            )
            .unwrap()
            .next_batch()
            .unwrap()
            .unwrap()[..3]
                .to_vec(),
        },
    ];
    let mut solver = Solver::new();
    let (view, _) = late_view(&mut solver, deal, rules);
    let jobs = jobs.into_iter().chain([Job::AdviseCard {
        view,
        samples: 6,
        seed: 3,
        points: true,
    }]);
    let hello = SolverRequest::Hello {
        panic_channel: "ulti-solver-panic-1".into(),
    };
    assert_eq!(round_trip(&hello), hello);
    for (id, job) in jobs.into_iter().enumerate() {
        let request = SolverRequest::Run {
            id: id as u64,
            job: job.clone(),
        };
        assert_eq!(round_trip(&request), request);
        // The worker's answer to each job survives the wire too.
        let answer = run_job(&mut solver, job);
        assert!(answer.is_ok(), "{answer:?}");
        let response = SolverResponse::Done {
            id: id as u64,
            answer,
            ms: 1.5,
        };
        assert_eq!(round_trip(&response), response);
    }
    let failed = SolverResponse::Done {
        id: 9,
        answer: Err("card 1 (TK) is not in the hand".into()),
        ms: 0.0,
    };
    assert_eq!(round_trip(&failed), failed);
    let ready = SolverResponse::Ready {
        version: PROTOCOL_VERSION,
    };
    assert_eq!(round_trip(&ready), ready);
}

/// The view of the seat to play after the first six tricks of the optimal passz line of
/// `deal`, and that seat (a cheap card advice: four cards left each).
fn late_view(solver: &mut Solver, deal: Deal, rules: RuleOptions) -> (SeatView, usize) {
    let Ok(Answer::Position(sol)) = run_job(
        solver,
        Job::Position {
            query: position_query(deal, Bid::single(Contract::Passz), rules, &[]),
        },
    ) else {
        panic!("a position job answers a position");
    };
    let played = &sol.line[..18];
    let bid = Bid::single(Contract::Passz);
    let to_move = SeatView::from_deal(&deal, &bid, played, 0, rules)
        .unwrap()
        .to_move()
        .unwrap();
    let view = SeatView::from_deal(&deal, &bid, played, to_move, rules).unwrap();
    (view, to_move)
}

#[test]
fn the_workers_card_advice_is_the_engines_from_the_seats_view() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let rules = RuleOptions::default();
    let mut solver = Solver::new();
    let (view, seat) = late_view(&mut solver, deal, rules);
    let job = Job::AdviseCard {
        view: view.clone(),
        samples: 12,
        seed: 7,
        points: true,
    };
    let Ok(Answer::AdviseCard(got)) = run_job(&mut solver, job) else {
        panic!("an advice job answers advice");
    };
    let opts = CardOptions {
        samples: 12,
        seed: 7,
        points: true,
    };
    let want: CardAdviceAnswer = advise_card(&view, &opts, &mut Solver::new())
        .unwrap()
        .into();
    assert_eq!(*got, want);
    assert_eq!(got.seat, seat);
    assert_eq!(got.samples, 12);
    // Every card the seat still holds that it may play gets a row, with its points.
    assert!(got.cards.len() >= 2, "{got:?}");
    for row in &got.cards {
        assert!(view.hand_now().contains(row.card), "{row:?}");
        assert_eq!(row.stats.samples, 12);
        assert!(row.expected_points.is_some());
    }
    // A seat that is not to play gets the engine's refusal, not advice.
    let other = SeatView::from_deal(
        &deal,
        &Bid::single(Contract::Passz),
        view.played(),
        (seat + 1) % 3,
        rules,
    )
    .unwrap();
    let refused = run_job(
        &mut solver,
        Job::AdviseCard {
            view: other,
            samples: 4,
            seed: 1,
            points: false,
        },
    );
    assert!(refused.is_err(), "{refused:?}");
}

/// A pool of three shares one card advice: the job's pieces, each solved by a worker and sent
/// over the wire, merged on the page into exactly the whole job's answer.
#[test]
fn the_card_advice_in_pieces_is_the_whole_jobs() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let mut solver = Solver::new();
    let (view, _) = late_view(&mut solver, deal, RuleOptions::default());
    let job = Job::AdviseCard {
        view: view.clone(),
        samples: 11,
        seed: 5,
        points: true,
    };
    assert_eq!(card_pieces(&job, 1), None, "one worker does it all");
    let pieces = card_pieces(&job, 3).expect("three workers share it");
    let ranges: Vec<(u32, u32)> = pieces
        .iter()
        .map(|p| match p {
            Job::AdviseCardPart { from, to, .. } => (*from, *to),
            other => panic!("{other:?}"),
        })
        .collect();
    assert_eq!(ranges, [(0, 3), (3, 7), (7, 11)]);
    let mut sum: Option<CardTallies> = None;
    for p in pieces.into_iter().rev() {
        let Ok(Answer::AdviseCardPart(t)) = run_job(&mut solver, round_trip(&p)) else {
            panic!("a piece answers with its sums");
        };
        let t = round_trip(&*t);
        match &mut sum {
            Some(s) => s.merge(t),
            None => sum = Some(t),
        }
    }
    let opts = CardOptions {
        samples: 11,
        seed: 5,
        points: true,
    };
    let merged: CardAdviceAnswer = sum.unwrap().advice(&view, &opts).into();
    let Ok(Answer::AdviseCard(whole)) = run_job(&mut solver, job) else {
        panic!("an advice job answers advice");
    };
    assert_eq!(merged, *whole);
    let tiny = Job::AdviseCard {
        view,
        samples: 2,
        seed: 5,
        points: true,
    };
    assert_eq!(
        card_pieces(&tiny, 4).map(|p| p.len()),
        Some(2),
        "no empty piece"
    );
}

#[test]
fn the_bid_advice_over_the_wire_equals_the_engines() {
    // The page's way: each round's tasks cut into pieces, sent to a worker and answered over
    // the wire codec, the answers fed back as they come (the last piece first).
    let deal = Deal::parse_code(STRONG).unwrap();
    let twelve = CardSet(deal.hand(0).0 | deal.talon().0);
    let opts = BidOptions {
        samples: 2,
        seed: 11,
        rules: RuleOptions::default(),
        confirm: 2,
        rest: 2,
        evidence: None,
    };
    let expected = advise_bid(twelve, &opts, &mut Solver::new()).unwrap();
    let mut race = BidRace::new(twelve, &opts).unwrap();
    let mut solver = Solver::new();
    let mut jobs = 0;
    while let Some(tasks) = race.next_batch().unwrap() {
        let starts: Vec<usize> = (0..tasks.len()).step_by(7).collect();
        for &from in starts.iter().rev() {
            let to = (from + 7).min(tasks.len());
            let job = round_trip(&Job::AdviseTasks {
                tasks: tasks[from..to].to_vec(),
            });
            let answer = round_trip(&run_job(&mut solver, job));
            let Ok(Answer::AdviseTasks(results)) = answer else {
                panic!("an advice job answers advice: {answer:?}");
            };
            assert_eq!(results.len(), to - from);
            race.feed(from, results);
            jobs += 1;
        }
    }
    assert!(jobs > 10, "{jobs} jobs");
    let advice = race.finish();
    assert_eq!(advice, expected);
    assert!(advice.bids.iter().any(|r| r.confirmed));
}

#[test]
fn the_pools_table_answers_equal_the_engines_table() {
    let deal = Deal::parse_code(STRONG).unwrap();
    let rules = RuleOptions::default();
    let expected = table(&mut Solver::new(), &deal, rules);
    // The page fills its table from one job per question of each cell (a point contract's
    // verdict, then its points), in the current trump's order.
    let mut page = Table::pending();
    let mut solver = Solver::new();
    for i in page.order_for(deal.trump) {
        let (contract, trump) = (page.cells[i].contract, page.cells[i].trump);
        for question in page.cells[i].questions() {
            let Ok(Answer::Cell(a)) = run_job(
                &mut solver,
                Job::Cell {
                    deal,
                    contract,
                    trump,
                    rules,
                    question,
                },
            ) else {
                panic!("a cell job answers a cell");
            };
            page.answer(i, Ok(&a), 0.0);
        }
    }
    assert!(page.is_complete());
    for (cell, want) in page.cells.iter().zip(&expected) {
        assert_eq!((cell.contract, cell.trump), (want.contract, want.trump));
        let status = match (want.playable, want.soloist_wins) {
            (false, _) => "unplayable",
            (true, Some(true)) => "wins",
            _ => "loses",
        };
        assert_eq!(cell.status.id(), status, "{want:?}");
        assert_eq!(cell.points, want.soloist_points.filter(|_| want.playable));
    }
    // The results panel for the deal's trump is a slice of the table.
    let rows = page.results_for(deal.trump);
    let passz = expected
        .iter()
        .find(|c| c.contract == Contract::Passz && c.trump == Some(deal.trump))
        .unwrap();
    assert_eq!(rows[0].points, passz.soloist_points);
}

#[test]
fn a_shared_what_if_link_replays_the_deviation() {
    // A user left the optimal passz line at card 1; the link carries played= and step=.
    let deal = Deal::parse_code(STRONG).unwrap();
    let rules = RuleOptions::default();
    let mut solver = Solver::new();
    let Ok(Answer::Position(start)) = run_job(
        &mut solver,
        Job::Position {
            query: position_query(deal, Bid::single(Contract::Passz), rules, &[]),
        },
    ) else {
        panic!("a position job answers a position");
    };
    let other = start
        .cards
        .iter()
        .find(|c| c.card != start.line[0])
        .unwrap()
        .card;
    let played = deviate(&start.line, 0, other).unwrap();
    let param = format_played(&played);
    let query = format_query(
        Some(STRONG),
        rules,
        Some(Contract::Passz),
        None,
        &played,
        1,
        None,
    );
    assert_eq!(
        query,
        format!("deal={STRONG}&game=passz&played={param}&step=1")
    );
    let url =
        UrlState::parse(Some(STRONG), Some("passz"), Some("1"), None).with_played(Some(&param));
    assert_eq!(url.played, played);

    // The page solves on from the played cards and shows the whole 30-card line.
    let Ok(Answer::Position(on)) = run_job(
        &mut solver,
        Job::Position {
            query: position_query(deal, Bid::single(Contract::Passz), rules, &url.played),
        },
    ) else {
        panic!("a position job answers a position");
    };
    let line = Line::new(
        deal,
        Bid::single(Contract::Passz),
        rules,
        full_line(&url.played, &on.line),
    )
    .unwrap();
    assert_eq!(line.len(), 30);
    assert_eq!(line.cards()[0], other);
    assert_eq!(line.at(url.step).history[0].cards[0].card, other);
    // An illegal played= is refused by the engine with a one-line reason.
    let tk: Card = "TK".parse().unwrap();
    let err = run_job(
        &mut solver,
        Job::Position {
            query: position_query(deal, Bid::single(Contract::Passz), rules, &[tk]),
        },
    )
    .unwrap_err();
    assert!(!err.contains('\n') && !err.is_empty(), "{err}");
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
        Bid::single(Contract::Betli),
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
        format_query(Some(&param), url.rules, url.game, None, &[], url.step, None),
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
