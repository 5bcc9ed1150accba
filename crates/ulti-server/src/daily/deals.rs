//! The deals of a day, fixed by its date.
//!
//! Deal `i` (1..=[`DEALS`]) of date `D` (`YYYY-MM-DD`, UTC) is the engine's random deal
//! ([`WholeGame::random`]) with the seed made of the first eight bytes (little-endian) of
//! SHA-256 of the text `ulti-daily/1/D/i`, dealt by seat [`DEALER`]: the player sits at seat
//! [`PLAYER_SEAT`], the forehand (the first to bid, holding twelve cards). The derivation is
//! versioned by the `1` in the text: it never changes for a date already played.

use sha2::{Digest as _, Sha256};
use ulti_engine::Seat;
use ulti_engine::whole_game::{TableRules, WholeGame};

/// How many deals a day has.
pub const DEALS: u32 = 8;
/// The dealer of every daily deal.
pub const DEALER: Seat = 2;
/// The player's seat: the forehand (the seat after the dealer).
pub const PLAYER_SEAT: Seat = 0;

/// A date as `YYYY-MM-DD` (checked: a real calendar day from 2000 to 9999).
///
/// # Errors
/// Anything else, in words.
pub fn parse_date(text: &str) -> Result<String, String> {
    let bad = || format!("{text:?} is not a date as YYYY-MM-DD");
    let b = text.as_bytes();
    if b.len() != 10 || b[4] != b'-' || b[7] != b'-' {
        return Err(bad());
    }
    let num = |s: &str| s.parse::<u32>().map_err(|_| bad());
    let (y, m, d) = (num(&text[0..4])?, num(&text[5..7])?, num(&text[8..10])?);
    let leap = (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
    let days = match m {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap => 29,
        2 => 28,
        _ => return Err(bad()),
    };
    if !(2000..=9999).contains(&y) || d == 0 || d > days {
        return Err(bad());
    }
    Ok(text.to_string())
}

/// Today's date (UTC) as `YYYY-MM-DD`, from ms since 1970.
#[must_use]
pub fn date_of(ms: i64) -> String {
    // Howard Hinnant's civil-from-days.
    let z = ms.div_euclid(86_400_000) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// The seed of deal `i` of `date`.
#[must_use]
pub fn daily_seed(date: &str, i: u32) -> u64 {
    let h = Sha256::digest(format!("ulti-daily/1/{date}/{i}").as_bytes());
    u64::from_le_bytes(h[..8].try_into().expect("eight bytes"))
}

/// Deal `i` of `date` under `rules`.
#[must_use]
pub fn daily_deal(rules: TableRules, date: &str, i: u32) -> WholeGame {
    WholeGame::random(rules, DEALER, daily_seed(date, i))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_deal_of_a_date_is_fixed() {
        let g = daily_deal(TableRules::default(), "2026-11-28", 1);
        let hands = g.dealt().map(|c| c.to_string());
        assert_eq!(g.forehand(), PLAYER_SEAT);
        assert_eq!(hands[PLAYER_SEAT].split(',').count(), 12);
        // Pinned: a change of the derivation changes every day already played.
        assert_eq!(daily_seed("2026-11-28", 1), PINNED_SEED);
        assert_eq!(hands, PINNED_HANDS.map(String::from));
    }

    const PINNED_SEED: u64 = 14_180_221_184_771_185_839;
    const PINNED_HANDS: [&str; 3] = [
        "P8,PU,Z8,ZO,ZA,M8,MU,MK,MA,T9,TX,TA",
        "P7,P9,PO,Z7,Z9,ZU,M7,MX,T7,TK",
        "PX,PK,PA,ZX,ZK,M9,MO,T8,TU,TO",
    ];

    #[test]
    fn days_and_deals_differ() {
        let r = TableRules::default();
        let a = daily_deal(r, "2026-11-28", 1).dealt();
        assert_ne!(a, daily_deal(r, "2026-11-28", 2).dealt());
        assert_ne!(a, daily_deal(r, "2026-11-29", 1).dealt());
        assert_eq!(a, daily_deal(r, "2026-11-28", 1).dealt());
    }

    #[test]
    fn dates_read_and_print() {
        assert!(parse_date("2026-11-28").is_ok());
        assert!(parse_date("2024-02-29").is_ok());
        for bad in [
            "2026-02-29",
            "2026-13-01",
            "26-11-28",
            "2026-11-2x",
            "2026-04-31",
        ] {
            assert!(parse_date(bad).is_err(), "{bad}");
        }
        assert_eq!(date_of(0), "1970-01-01");
        // 2026-11-28T17:30:00Z
        assert_eq!(date_of(1_795_887_000_000), "2026-11-28");
        assert_eq!(date_of(951_782_400_000), "2000-02-29");
    }
}
