//! The Lobby page's words: a refusal of the players API, a listed table's rules that differ
//! from the standard ones, a seat.

use super::{Lang, kontra_name, level_name, tr, tr_with};
use crate::model::lobby::{RuleNote, SeatShown};
use crate::model::players::Refusal;

/// A refusal in words (`server`: the table server's origin, named when it does not answer).
#[must_use]
pub fn refusal_words(lang: Lang, server: &str, r: &Refusal) -> String {
    match r {
        Refusal::Unreachable => tr_with(lang, "lobby.err_unreachable", &[("server", server)]),
        Refusal::Invalid(words) => tr_with(lang, "lobby.err_invalid", &[("error", words)]),
        Refusal::WrongPassword => tr(lang, "lobby.err_wrong_password"),
        Refusal::WrongCurrentPassword => tr(lang, "lobby.err_wrong_current_password"),
        Refusal::SessionGone => tr(lang, "lobby.err_session_gone"),
        Refusal::NameTaken => tr(lang, "lobby.err_name_taken"),
        Refusal::AlreadyAccount => tr(lang, "lobby.err_already_account"),
        Refusal::AlreadySeated(_) => tr(lang, "lobby.err_already_seated"),
        Refusal::NoSeat => tr(lang, "lobby.err_no_seat"),
        Refusal::NoTable => tr(lang, "lobby.err_no_table"),
        Refusal::NotSeated => tr(lang, "lobby.err_not_seated"),
        Refusal::TooMany(_) => tr(lang, "lobby.err_too_many"),
        Refusal::Other(words) => tr_with(lang, "lobby.err_other", &[("error", words)]),
    }
}

/// A rule of a listed table in words.
#[must_use]
pub fn rule_note_words(lang: Lang, n: RuleNote) -> String {
    match n {
        RuleNote::SilentBonuses => tr(lang, "live.rule_silent_bonuses"),
        RuleNote::HolderMayNotRaise => tr(lang, "lobby.rule_holder_may_not_raise"),
        RuleNote::MustBeatAfterTrump => tr(lang, "live.rule_must_beat_after_trump"),
        RuleNote::MarriageNeedsTrick => tr(lang, "live.rule_marriage_needs_trick"),
        RuleNote::AllPassForfeit => tr(lang, "live.rule_allpass_forfeit"),
        RuleNote::EqualByRank => tr(lang, "live.rule_equal_by_rank"),
        RuleNote::MaxKontra(k) => tr_with(
            lang,
            "lobby.max_kontra",
            &[("kontra", &kontra_name(lang, k))],
        ),
    }
}

/// A listed seat in words: the player's name, a free seat, or a computer at its level.
#[must_use]
pub fn seat_words(lang: Lang, s: &SeatShown) -> String {
    match s {
        SeatShown::Player(name) => name.clone(),
        SeatShown::Person => tr(lang, "lobby.seat_person"),
        SeatShown::Waiting => tr(lang, "lobby.seat_waiting"),
        SeatShown::Computer(l) => tr_with(
            lang,
            "lobby.seat_computer",
            &[("level", &level_name(lang, *l).to_lowercase())],
        ),
    }
}
