//! A finished game as the players' profiles and ratings take it: who held each seat (a player,
//! a computer at a level, or an invitation's seat without a player) and what each seat did
//! (its money, the soloist's bid made or failed, the kontras said and won). Built by the table
//! when the game ends, stored with its `over` in one transaction (`store::ratings`).

use ulti_engine::whole_game::{TableRecord, Verb};
use ulti_ratings::Level;

use crate::protocol::SeatKind;

/// Who held a seat when its game ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Holder {
    /// A player (its id), who played at least one of the seat's actions itself.
    Player(String),
    /// A computer at a level.
    Computer(Level),
    /// A person's seat without a player (an invitation's token): not rated.
    Nobody,
}

impl Holder {
    /// The holder of a seat of `kind`, with `player` sitting there (if any), `acted`: did a
    /// person choose one of the seat's actions in the game? A player's seat the away rule
    /// played all through (the player had left, or was gone) is the computer that played it,
    /// at level normal: the game is not the player's.
    #[must_use]
    pub fn of(kind: &SeatKind, player: Option<&String>, acted: bool) -> Holder {
        match (player, kind) {
            (Some(p), _) if acted => Holder::Player(p.clone()),
            (Some(_), _) => Holder::Computer(Level::Normal),
            (None, SeatKind::Computer(l)) => {
                Holder::Computer(Level::parse(l.id()).unwrap_or(Level::Normal))
            }
            (None, SeatKind::Human) => Holder::Nobody,
        }
    }
}

/// What one seat did in a finished game, beyond its money.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatDeeds {
    /// As the soloist: its bid (the `ulti bids` id without piros or terített) and whether
    /// every unit of it was made.
    pub soloist: Option<(String, bool)>,
    /// Kontras (and higher levels) it said, one per unit.
    pub kontras: u32,
    /// Those of them its side won.
    pub kontras_won: u32,
}

/// A finished game to store with its `over`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FinishedGame {
    /// The game number.
    pub n: u32,
    /// The `ulti-game/1` record (JSON).
    pub record: String,
    /// What each seat won.
    pub payments: [i32; 3],
    /// Who held each seat.
    pub holders: [Holder; 3],
    /// What each seat did.
    pub deeds: [SeatDeeds; 3],
    /// A daily deal's result (stored with the game).
    pub daily: Option<crate::daily::DailyRow>,
}

impl FinishedGame {
    /// The game `n` of `record` with `payments`, its seats held by `holders`.
    #[must_use]
    pub fn new(
        n: u32,
        record: &TableRecord,
        payments: [i32; 3],
        holders: [Holder; 3],
    ) -> FinishedGame {
        FinishedGame {
            n,
            record: record.to_json(),
            payments,
            holders,
            deeds: deeds(record),
            daily: None,
        }
    }
}

/// Each seat's deeds in a finished game's record (none for a record that does not replay).
#[must_use]
pub fn deeds(record: &TableRecord) -> [SeatDeeds; 3] {
    let mut out: [SeatDeeds; 3] = Default::default();
    let Ok(game) = record.replay() else {
        return out;
    };
    let (Some(c), Some(s)) = (game.contracted(), game.settlement()) else {
        return out;
    };
    if let Some(d) = out.get_mut(c.soloist) {
        d.soloist = Some((c.bid.bid.to_string(), s.units.iter().all(|u| u.won)));
    }
    for a in game.actions() {
        if let Verb::Kontra { units, .. } = &a.verb {
            let soloist_side = a.seat == c.soloist;
            for u in units {
                let made = s.units.iter().find(|x| x.unit == *u).is_some_and(|x| x.won);
                if let Some(d) = out.get_mut(a.seat) {
                    d.kontras += 1;
                    d.kontras_won += u32::from(made == soloist_side);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_soloists_bid_and_each_seats_kontras_from_a_record() {
        // A game of `ulti match` (strong, normal, easy; seed 7): seat 0 bid
        // 40-100+ulti+durchmars-adu and made only the ulti; seat 1 said kontra on 40-100 and
        // durchmars-adu (both won), seat 2 on the ulti (lost), seat 0 rekontra on 40-100
        // (lost) and the ulti (won).
        let record =
            TableRecord::parse(include_str!("../tests/fixtures/kontra-game.json")).unwrap();
        let d = deeds(&record);
        assert_eq!(
            d[0],
            SeatDeeds {
                soloist: Some(("40-100+ulti+durchmars-adu".into(), false)),
                kontras: 2,
                kontras_won: 1,
            }
        );
        assert_eq!(
            (d[1].soloist.clone(), d[1].kontras, d[1].kontras_won),
            (None, 2, 2)
        );
        assert_eq!(
            (d[2].soloist.clone(), d[2].kontras, d[2].kontras_won),
            (None, 1, 0)
        );
    }

    #[test]
    fn who_holds_a_seat() {
        use ulti_engine::players::TableLevel;
        let id = "p1".to_string();
        assert_eq!(
            Holder::of(&SeatKind::Human, Some(&id), true),
            Holder::Player(id.clone())
        );
        // Played all through by the away rule: the computer that played it.
        assert_eq!(
            Holder::of(&SeatKind::Human, Some(&id), false),
            Holder::Computer(Level::Normal)
        );
        // A player's seat stays the player's whoever plays it; a computer's seat is its level.
        assert_eq!(
            Holder::of(&SeatKind::Computer(TableLevel::Strong), None, false),
            Holder::Computer(Level::Strong)
        );
        assert_eq!(Holder::of(&SeatKind::Human, None, true), Holder::Nobody);
    }
}
