//! Calendar dates (UTC) as the table server writes them, `YYYY-MM-DD`: a day from a time, and
//! the shape of a date typed into an address. Used by the Profile's game history and the Daily
//! page.

/// The date of `ms` (milliseconds since 1970-01-01, UTC) as `YYYY-MM-DD`.
#[must_use]
pub fn date_of(ms: f64) -> String {
    let days = (ms / 86_400_000.0).floor() as i64;
    // Howard Hinnant's civil_from_days: days since 1970 to the proleptic Gregorian calendar.
    let z = days + 719_468;
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

/// Is `text` shaped as `YYYY-MM-DD` (the server checks the calendar)?
#[must_use]
pub fn looks_like_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() == 10
        && b.iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DAY_MS: f64 = 86_400_000.0;

    /// Milliseconds at the start of day `days` since 1970, plus `hours`.
    fn at(days: i64, hours: f64) -> f64 {
        days as f64 * DAY_MS + hours * 3_600_000.0
    }

    #[test]
    fn the_first_day_and_the_days_around_it() {
        assert_eq!(date_of(0.0), "1970-01-01");
        assert_eq!(date_of(at(0, 23.99)), "1970-01-01");
        assert_eq!(date_of(at(1, 0.0)), "1970-01-02");
        assert_eq!(date_of(at(-1, 0.0)), "1969-12-31");
        assert_eq!(date_of(at(31, 0.0)), "1970-02-01");
        assert_eq!(date_of(at(364, 0.0)), "1970-12-31");
        assert_eq!(date_of(at(365, 0.0)), "1971-01-01");
    }

    #[test]
    fn a_day_in_2026_at_any_hour() {
        // 2026-11-28 is day 20 785 since 1970.
        assert_eq!(date_of(at(20_785, 0.0)), "2026-11-28");
        assert_eq!(date_of(1_795_824_000_000.0), "2026-11-28");
        assert_eq!(date_of(1_795_887_000_000.0), "2026-11-28");
        assert_eq!(date_of(at(20_785, 24.0)), "2026-11-29");
        assert_eq!(date_of(at(20_785, -0.001)), "2026-11-27");
    }

    #[test]
    fn leap_years_have_a_29th_of_february() {
        // 2024 is a leap year (divisible by 4): 19 781 is its 28 February.
        assert_eq!(date_of(at(19_781, 0.0)), "2024-02-28");
        assert_eq!(date_of(at(19_782, 0.0)), "2024-02-29");
        assert_eq!(date_of(at(19_783, 0.0)), "2024-03-01");
        // 2026 is not: 28 February is followed by 1 March.
        assert_eq!(date_of(at(20_512, 0.0)), "2026-02-28");
        assert_eq!(date_of(at(20_513, 0.0)), "2026-03-01");
        // 2000 is (divisible by 400), 2100 is not (by 100 only).
        assert_eq!(date_of(at(11_016, 0.0)), "2000-02-29");
        assert_eq!(date_of(at(47_540, 0.0)), "2100-02-28");
        assert_eq!(date_of(at(47_541, 0.0)), "2100-03-01");
        // A leap year has 366 days: 1972-01-01 + 366 days is 1973-01-01.
        assert_eq!(date_of(at(730, 0.0)), "1972-01-01");
        assert_eq!(date_of(at(730 + 365, 0.0)), "1972-12-31");
        assert_eq!(date_of(at(730 + 366, 0.0)), "1973-01-01");
    }

    #[test]
    fn a_date_in_an_address_has_its_shape() {
        assert!(looks_like_date("2026-11-28"));
        assert!(!looks_like_date("2026-1-28"));
        assert!(!looks_like_date("2026/11/28"));
        assert!(!looks_like_date("<script>"));
        assert!(!looks_like_date(""));
    }
}
