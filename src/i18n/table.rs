//! The whole game's words: the table's seats, a bid as said in the auction, kontra levels and
//! the computer's levels.

use ulti_engine::Seat;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Action, ActionError, RecordError, Verb};

use super::{Lang, auction_bid_name, card_name, contract_name, suit_name, tr, tr_with};
use crate::model::session::ImportError;
use crate::model::table::PICK_UP;

/// A table seat, marked when it is the user's: "2. játékos (te)" / "Player 2 (you)".
#[must_use]
pub fn table_seat(lang: Lang, seat: Seat, user: Seat) -> String {
    let n = (seat + 1).to_string();
    if seat == user {
        tr_with(lang, "whole.seat_you", &[("n", &n)])
    } else {
        tr_with(lang, "whole.seat", &[("n", &n)])
    }
}

/// An engine message (a refused action, a record that does not replay) with its seat numbers,
/// counted from 0 as in the records, named as the page names the seats: "it is seat 1's turn"
/// → "it is Player 2's turn". The action quoted from a record keeps its own words.
#[must_use]
pub fn seats_in_words(lang: Lang, message: &str) -> String {
    let mut out = String::with_capacity(message.len() + 16);
    let mut rest = message;
    let mut quoted = false;
    while let Some(i) = rest.find(['"', 's']) {
        let (before, at) = rest.split_at(i);
        out.push_str(before);
        if let Some(after) = at.strip_prefix('"') {
            quoted = !quoted;
            out.push('"');
            rest = after;
            continue;
        }
        let seat = at
            .strip_prefix("seat ")
            .and_then(|r| r.chars().next().zip(r.chars().nth(1).or(Some(' '))))
            .filter(|&(d, after)| ('0'..='2').contains(&d) && !after.is_ascii_digit());
        match seat {
            Some((d, _)) if !quoted => {
                let n = usize::from(d as u8 - b'0');
                out.push_str(&tr_with(lang, "whole.seat", &[("n", &(n + 1).to_string())]));
                rest = &at["seat ".len() + 1..];
            }
            _ => {
                out.push('s');
                rest = &at[1..];
            }
        }
    }
    out.push_str(rest);
    out
}

/// A kontra level's name: 1 kontra, 2 rekontra … 5 hirschkontra (the same words in both
/// languages, as English-speaking players say them).
#[must_use]
pub fn kontra_name(lang: Lang, level: u8) -> String {
    let key = match level {
        0 => "whole.kontra_0",
        1 => "whole.kontra_1",
        2 => "whole.kontra_2",
        3 => "whole.kontra_3",
        4 => "whole.kontra_4",
        _ => "whole.kontra_5",
    };
    tr(lang, key)
}

/// The computer's level.
#[must_use]
pub fn level_name(lang: Lang, level: TableLevel) -> String {
    tr(
        lang,
        match level {
            TableLevel::Easy => "play.level_easy",
            TableLevel::Normal => "play.level_normal",
            TableLevel::Strong => "play.level_strong",
            TableLevel::Cheater => "whole.level_cheater",
        },
    )
}

/// A hint as the table keeps it (an action in the record's words, `SEAT pickup`, or `None`:
/// say nothing) in words.
#[must_use]
pub fn hint_text(lang: Lang, advice: Option<&str>) -> String {
    if advice.is_some_and(|a| a.split_whitespace().nth(1) == Some(PICK_UP)) {
        return tr(lang, "whole.advice_pickup");
    }
    let action = advice.and_then(|w| w.parse::<Action>().ok());
    advice_text(lang, action.as_ref())
}

/// A hint in words: what the advisor would do now ("Pick up the talon, discard Seven of
/// Hearts and Eight of Bells, bid Ulti"); `None` advice: say nothing (a kontra let go).
#[must_use]
pub fn advice_text(lang: Lang, advice: Option<&Action>) -> String {
    let Some(a) = advice else {
        return tr(lang, "whole.advice_nothing");
    };
    match &a.verb {
        Verb::Bid { bid, discard } => tr_with(
            lang,
            "whole.advice_bid",
            &[
                ("bid", &auction_bid_name(lang, bid)),
                (
                    "cards",
                    &format!(
                        "{}, {}",
                        card_name(lang, discard[0]),
                        card_name(lang, discard[1])
                    ),
                ),
            ],
        ),
        Verb::Pass { .. } => tr(lang, "whole.advice_pass"),
        Verb::Stand => tr(lang, "whole.advice_stand"),
        Verb::Trump(s) => tr_with(
            lang,
            "whole.advice_trump",
            &[("suit", &suit_name(lang, *s))],
        ),
        Verb::Kontra { level, units } => {
            let names: Vec<String> = units.iter().map(|&u| contract_name(lang, u)).collect();
            tr_with(
                lang,
                "whole.advice_kontra",
                &[
                    ("kontra", &kontra_name(lang, *level)),
                    ("units", &names.join(", ")),
                ],
            )
        }
        Verb::Card(c) => tr_with(lang, "whole.advice_card", &[("card", &card_name(lang, *c))]),
    }
}

/// Why an import is refused, in the page's language: the engine's own words (`ulti replay`'s)
/// in English with the seats named as on the page; in Hungarian the line, the action and the
/// rule it breaks in Hungarian words (the engine's English details are left out).
#[must_use]
pub fn import_error_words(lang: Lang, error: &ImportError) -> String {
    if lang == Lang::En {
        return seats_in_words(lang, &error.to_string());
    }
    let seat = |s: Seat| tr_with(lang, "whole.seat", &[("n", &(s + 1).to_string())]);
    match error {
        ImportError::InProgressNotLast { line } => tr_with(
            lang,
            "whole.import_err_in_progress",
            &[("line", &line.to_string())],
        ),
        ImportError::Record { line, error } => {
            let line = line.to_string();
            match error.as_ref() {
                RecordError::Json(_) | RecordError::Format(_) => {
                    tr_with(lang, "whole.import_err_not_record", &[("line", &line)])
                }
                RecordError::Deal(_) => tr_with(lang, "whole.import_err_deal", &[("line", &line)]),
                RecordError::Unreadable { index, text, .. } => tr_with(
                    lang,
                    "whole.import_err_unreadable",
                    &[
                        ("line", &line),
                        ("index", &index.to_string()),
                        ("action", text),
                    ],
                ),
                RecordError::Illegal { index, text, error } => {
                    let why = match error {
                        ActionError::GameOver => tr(lang, "whole.import_err_over"),
                        ActionError::NotYourTurn {
                            seat: s,
                            expected,
                            what,
                        } => tr_with(
                            lang,
                            "whole.import_err_turn",
                            &[
                                ("expected", &seat(*expected)),
                                ("seat", &seat(*s)),
                                ("what", &tr(lang, asked_key(what))),
                            ],
                        ),
                        _ => tr(lang, "whole.import_err_rule"),
                    };
                    tr_with(
                        lang,
                        "whole.import_err_action",
                        &[
                            ("line", &line),
                            ("index", &index.to_string()),
                            ("action", text),
                            ("why", &why),
                        ],
                    )
                }
            }
        }
    }
}

/// The locale key of what the engine says a seat is asked for ("to bid", …).
fn asked_key(what: &str) -> &'static str {
    match what {
        "to stand or raise" => "whole.asked_stand",
        "to bid" => "whole.asked_bid",
        "to name the trump" => "whole.asked_trump",
        _ => "whole.asked_card",
    }
}
