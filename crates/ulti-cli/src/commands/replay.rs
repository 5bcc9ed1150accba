//! `ulti replay`: a whole game from its `ulti-game/1` record, every action checked.

use std::io::{Read, Write};

use anyhow::Result;
use serde::Serialize;
use ulti_engine::whole_game::{
    Settlement, Silent, Stage, TableRecord, TableRules, UnitResult, WholeGame, level_name,
};

use crate::cli::ReplayArgs;

/// A record that cannot be replayed: exit status 2 with this one line.
#[derive(Debug)]
pub struct Refused(pub String);

impl std::fmt::Display for Refused {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for Refused {}

/// One unit's kontra levels.
#[derive(Serialize)]
struct KontraReport {
    unit: String,
    levels: [u8; 2],
}

/// The game as replayed (`--json`).
#[derive(Serialize)]
struct ReplayReport {
    format: &'static str,
    rules: TableRules,
    dealer: usize,
    forehand: usize,
    stage: Stage,
    actions: usize,
    auction: Vec<String>,
    soloist: Option<usize>,
    bid: Option<String>,
    bid_value: Option<i32>,
    trump: Option<char>,
    kontra: Vec<KontraReport>,
    deal: Option<String>,
    played: Vec<String>,
    solve: Option<String>,
    units: Vec<UnitResult>,
    silent: Vec<ulti_engine::whole_game::SilentBonus>,
    per_defender: Option<[i32; 2]>,
    payments: Option<[i32; 3]>,
    to_act: Option<usize>,
    asked: Option<&'static str>,
    may: Vec<String>,
}

fn read(path: &str) -> Result<String, Refused> {
    let mut text = String::new();
    if path == "-" {
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| Refused(format!("standard input: {e}")))?;
    } else {
        text = std::fs::read_to_string(path).map_err(|e| Refused(format!("{path}: {e}")))?;
    }
    Ok(text)
}

fn report(g: &WholeGame) -> ReplayReport {
    let c = g.contracted();
    let position = g.position();
    let played: Vec<String> = position
        .as_ref()
        .map(|(_, p)| p.iter().map(ToString::to_string).collect())
        .unwrap_or_default();
    let settlement: Option<&Settlement> = g.settlement();
    ReplayReport {
        format: "ulti-game/1",
        rules: g.rules(),
        dealer: g.dealer(),
        forehand: g.forehand(),
        stage: g.stage(),
        actions: g.actions().len(),
        auction: g
            .view(g.forehand())
            .public
            .into_iter()
            .take_while(|a| !a.contains(" card ") && !a.contains("kontra"))
            .collect(),
        soloist: c.as_ref().map(|c| c.soloist),
        bid: c.as_ref().map(|c| c.bid.to_string()),
        bid_value: c.as_ref().map(|c| c.bid.value()),
        trump: c.as_ref().and_then(|c| c.trump).map(|t| t.letter()),
        kontra: g
            .kontra()
            .map(|b| {
                b.units
                    .iter()
                    .map(|(u, l)| KontraReport {
                        unit: u.id().to_string(),
                        levels: *l,
                    })
                    .collect()
            })
            .unwrap_or_default(),
        deal: position.as_ref().map(|(d, _)| d.code()),
        solve: match (&c, &position) {
            (Some(c), Some((d, p))) => {
                let mut s = format!("ulti solve --deal {} --contract {}", d.code(), c.bid.bid);
                if !p.is_empty() {
                    s.push_str(&format!(" --played {}", played.join(",")));
                }
                Some(s)
            }
            _ => None,
        },
        played,
        units: settlement.map(|s| s.units.clone()).unwrap_or_default(),
        silent: settlement.map(|s| s.silent.clone()).unwrap_or_default(),
        per_defender: settlement.map(|s| s.per_defender),
        payments: settlement.map(|s| s.payments),
        to_act: g.to_act(),
        asked: g.to_act().map(|_| g.asked()),
        may: g.may(),
    }
}

fn silent_name(k: Silent) -> &'static str {
    match k {
        Silent::Ulti => "silent ulti",
        Silent::Hundred => "silent 100",
        Silent::Durchmars => "silent durchmars",
    }
}

fn text(r: &ReplayReport, out: &mut impl Write) -> std::io::Result<()> {
    writeln!(
        out,
        "Game:      ulti-game/1, dealer {}, forehand {}, {} actions",
        r.dealer, r.forehand, r.actions
    )?;
    if r.rules != TableRules::default() {
        writeln!(
            out,
            "Rules:     {}",
            serde_json::to_string(&r.rules).unwrap_or_default()
        )?;
    }
    writeln!(out, "Auction:   {}", r.auction.join(" · "))?;
    if let (Some(s), Some(b), Some(v)) = (r.soloist, &r.bid, r.bid_value) {
        let trump = r.trump.map_or(String::new(), |t| format!(", trump {t}"));
        writeln!(out, "Soloist:   seat {s}, bid {b} (value {v}){trump}")?;
    }
    for k in r.kontra.iter().filter(|k| k.levels != [0, 0]) {
        let l = |x: u8| if x == 0 { "none" } else { level_name(x) };
        writeln!(
            out,
            "Kontra:    {}: {} against defender 1, {} against defender 2",
            k.unit,
            l(k.levels[0]),
            l(k.levels[1])
        )?;
    }
    if let (Some(d), Some(s)) = (&r.deal, &r.solve) {
        writeln!(out, "Deal:      {d}")?;
        writeln!(
            out,
            "Played:    {}",
            if r.played.is_empty() {
                "-".to_string()
            } else {
                r.played.join(",")
            }
        )?;
        writeln!(out, "Open it:   {s}")?;
    }
    for u in &r.units {
        let mark = if u.won { "✔" } else { "✘" };
        let by = u.replaced_by.map_or(String::new(), |k| {
            format!(" (replaced by the {})", silent_name(k))
        });
        writeln!(
            out,
            "Result:    {} {mark}{by}: {:+} from defender 1, {:+} from defender 2",
            u.unit, u.value[0], u.value[1]
        )?;
    }
    for b in &r.silent {
        writeln!(
            out,
            "Silent:    {}: {:+} from each defender",
            silent_name(b.kind),
            b.value
        )?;
    }
    if let Some(p) = r.payments {
        writeln!(
            out,
            "Payments:  seat 0 {:+}, seat 1 {:+}, seat 2 {:+}",
            p[0], p[1], p[2]
        )?;
    }
    if let (Some(s), Some(a)) = (r.to_act, r.asked) {
        writeln!(out, "To act:    seat {s}, {a}")?;
        writeln!(out, "May:       {}", r.may.join(" | "))?;
    }
    Ok(())
}

/// Replay a record given as JSON text and write the game (`json`: one JSON line, else the
/// text).
///
/// # Errors
/// [`Refused`] for a record that is not a game or holds an illegal action.
pub fn replay(record: &str, json: bool, out: &mut impl Write) -> Result<()> {
    let record = TableRecord::parse(record).map_err(|e| Refused(e.to_string()))?;
    let game = record.replay().map_err(|e| Refused(e.to_string()))?;
    let r = report(&game);
    if json {
        serde_json::to_writer(&mut *out, &r)?;
        writeln!(out)?;
    } else {
        text(&r, out)?;
    }
    Ok(())
}

/// Replay the record and print the game.
pub fn run(args: &ReplayArgs, out: &mut impl Write) -> Result<()> {
    replay(&read(&args.record)?, args.json, out)
}
