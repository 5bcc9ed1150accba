//! `ulti move` and `ulti engine`: our computer player seated by any program. A request is a
//! game record in progress, a level and a seed; the answer is the next action of the seat
//! whose turn it is (or of a named seat), decided from that seat's view only, as
//! `ulti match --whole-game --seed S` decides it.

use std::collections::HashMap;
use std::io::{BufRead, Read, Write};

use anyhow::Result;
use serde::Serialize;
use serde_json::Value;
use ulti_engine::Seat;
use ulti_engine::players::{DecisionTimes, Reason, TableLevel, TablePlayer, decide};
use ulti_engine::whole_game::TableRecord;

use crate::cli::MoveArgs;
use crate::commands::bench::thread_cpu_ms;
use crate::commands::replay::Refused;

/// An answer: the seat, the action (`none` when a named seat says no kontra) and the
/// decision's CPU milliseconds.
#[derive(Serialize)]
pub struct MoveAnswer {
    /// The seat decided for.
    pub seat: Seat,
    /// The level.
    pub level: &'static str,
    /// The action in the record's words, or `none`.
    pub action: String,
    /// CPU milliseconds of the decision.
    pub ms: f64,
    /// The advisor's numbers behind it (normal, strong).
    pub reason: Option<Reason>,
    /// After this action: the seat to act (`None` once the game is over)…
    pub next_to_act: Option<Seat>,
    /// …and the other seats that may double out of turn first (the soloist's rekontra
    /// between tricks 1 and 2): ask them with their seat; they answer a kontra or `none`.
    pub may_double: Vec<Seat>,
}

/// Warm players by level, reused across requests.
#[derive(Default)]
pub struct Players(HashMap<&'static str, TablePlayer>);

impl Players {
    /// The next action for `seat` (default: the seat to act) of `record` (JSON text).
    ///
    /// # Errors
    /// An unknown level, a record that is not a game or holds an illegal action (the words
    /// of `ulti replay`), a finished game, a seat out of range.
    pub fn answer(
        &mut self,
        record: &str,
        level: &str,
        seed: u64,
        seat: Option<Seat>,
    ) -> Result<MoveAnswer, Refused> {
        let level: TableLevel = level.parse().map_err(Refused)?;
        let game = TableRecord::parse(record)
            .and_then(|r| r.replay())
            .map_err(|e| Refused(e.to_string()))?;
        let Some(to_act) = game.to_act() else {
            return Err(Refused("the game is over: no action to decide".into()));
        };
        let seat = seat.unwrap_or(to_act);
        if seat > 2 {
            return Err(Refused(format!("seat {seat} is not 0, 1 or 2")));
        }
        let player = self
            .0
            .entry(level.id())
            .or_insert_with(|| TablePlayer::new(level, seed));
        player.set_seed(seed);
        let mut times = DecisionTimes::default();
        let start = thread_cpu_ms();
        let action = decide(&game, seat, player, &mut times, &thread_cpu_ms).map_err(Refused)?;
        let ms = thread_cpu_ms() - start;
        let mut after = game.clone();
        if let Some(a) = &action {
            after
                .apply(a.clone())
                .map_err(|e| Refused(format!("the player chose an illegal action {a}: {e}")))?;
        }
        let next_to_act = after.to_act();
        let may_double = after
            .kontra_open()
            .into_iter()
            .map(|(s, _, _)| s)
            .filter(|&s| Some(s) != next_to_act && (action.is_some() || s != seat))
            .collect();
        Ok(MoveAnswer {
            next_to_act,
            may_double,
            seat,
            level: level.id(),
            action: action.map_or_else(|| "none".to_string(), |a| a.to_string()),
            ms,
            reason: player.reason.take(),
        })
    }
}

/// `ulti move`.
pub fn run_move(args: &MoveArgs, out: &mut impl Write) -> Result<()> {
    let mut text = String::new();
    if args.record == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Refused(format!("standard input: {e}")))?;
    } else {
        text = std::fs::read_to_string(&args.record)
            .map_err(|e| Refused(format!("{}: {e}", args.record)))?;
    }
    let a = Players::default().answer(&text, &args.level, args.seed, args.seat.map(usize::from))?;
    if args.json {
        serde_json::to_writer(&mut *out, &a)?;
        writeln!(out)?;
    } else {
        writeln!(out, "{}", a.action)?;
    }
    Ok(())
}

/// The longest request line read (4 MiB); longer ones are answered with an error.
const MAX_LINE: usize = 4 << 20;

/// One request line's answer, or `None` for `{"quit": true}`.
fn serve(players: &mut Players, line: &str) -> Option<Value> {
    let req: Value = match serde_json::from_str(line) {
        Ok(v) => v,
        Err(e) => {
            return Some(
                serde_json::json!({"id": null, "error": format!("not a JSON request: {e}")}),
            );
        }
    };
    let id = req.get("id").cloned().unwrap_or(Value::Null);
    if req.get("quit").and_then(Value::as_bool) == Some(true) {
        return None;
    }
    let err = |e: String| Some(serde_json::json!({"id": id, "error": e}));
    let record = match req.get("record") {
        Some(Value::String(s)) => s.clone(),
        Some(v @ Value::Object(_)) => v.to_string(),
        Some(_) => return err("\"record\" is an ulti-game/1 object (or its JSON text)".into()),
        None => {
            return err(
                "a request needs \"record\", \"level\" (and \"seed\"), or {\"quit\": true}".into(),
            );
        }
    };
    let Some(level) = req.get("level").and_then(Value::as_str) else {
        return err("\"level\" is easy, normal, strong or cheater".into());
    };
    let seed = match req.get("seed") {
        None => 1,
        Some(v) => match v.as_u64() {
            Some(s) => s,
            None => return err("\"seed\" is a whole number from 0 to 2^64 - 1".into()),
        },
    };
    let seat = match req.get("seat") {
        None | Some(Value::Null) => None,
        Some(v) => match v.as_u64() {
            Some(s) if s <= 2 => Some(s as usize),
            _ => return err("\"seat\" is 0, 1 or 2".into()),
        },
    };
    Some(match players.answer(&record, level, seed, seat) {
        Ok(a) => serde_json::json!({
            "id": id,
            "seat": a.seat,
            "action": a.action,
            "ms": a.ms,
            "next_to_act": a.next_to_act,
            "may_double": a.may_double,
        }),
        Err(e) => serde_json::json!({"id": id, "error": e.to_string()}),
    })
}

/// `ulti engine`: requests on `input`, answers on `out`, until `{"quit": true}` or the end.
pub fn run_engine(input: &mut impl BufRead, out: &mut impl Write) -> Result<()> {
    let mut players = Players::default();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let n = input
            .by_ref()
            .take(MAX_LINE as u64 + 1)
            .read_until(b'\n', &mut buf)?;
        if n == 0 {
            return Ok(());
        }
        let answer = if buf.len() > MAX_LINE && !buf.ends_with(b"\n") {
            // Skip the rest of the line.
            let mut rest = Vec::new();
            input.read_until(b'\n', &mut rest)?;
            Some(
                serde_json::json!({"id": null, "error": format!("a request line is at most {MAX_LINE} bytes")}),
            )
        } else {
            let line = String::from_utf8_lossy(&buf);
            if line.trim().is_empty() {
                continue;
            }
            serve(&mut players, line.trim())
        };
        match answer {
            Some(a) => {
                serde_json::to_writer(&mut *out, &a)?;
                writeln!(out)?;
                out.flush()?;
            }
            None => return Ok(()),
        }
    }
}
