//! A request's query parameters read by hand, each refused in words: a bounded whole number
//! (`skip=`, `limit=`) and a day (`date=`, `before=`).

use std::collections::HashMap;

use crate::daily::{date_of, parse_date};

/// A query number `name` (default `default`, at most `max`; `min` the least allowed).
pub(super) fn number(
    q: &HashMap<String, String>,
    name: &str,
    default: u32,
    min: u32,
    max: u32,
) -> Result<u32, String> {
    match q.get(name) {
        None => Ok(default),
        Some(s) => s
            .parse::<u32>()
            .ok()
            .filter(|&n| n >= min)
            .map(|n| n.min(max))
            .ok_or_else(|| format!("{name}= is a whole number from {min}")),
    }
}

/// A query day `name` as `YYYY-MM-DD` (a day of the calendar); today (UTC) without it.
pub(super) fn date_param(q: &HashMap<String, String>, name: &str) -> Result<String, String> {
    match q.get(name) {
        Some(d) => parse_date(d).map_err(|e| format!("{name}={e}")),
        None => Ok(today()),
    }
}

/// Today (UTC) as `YYYY-MM-DD`.
pub(super) fn today() -> String {
    date_of(crate::store::ratings::now())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(pairs: &[(&str, &str)]) -> HashMap<String, String> {
        pairs
            .iter()
            .map(|(k, v)| ((*k).to_string(), (*v).to_string()))
            .collect()
    }

    #[test]
    fn a_day_reads_by_name_or_is_today_or_is_refused_naming_its_parameter() {
        let day = date_param(&q(&[("date", "2026-11-28")]), "date");
        assert_eq!(day.as_deref(), Ok("2026-11-28"));
        assert_eq!(date_param(&q(&[]), "before"), Ok(today()));
        // Another parameter's day is not this one's.
        assert_eq!(
            date_param(&q(&[("date", "2026-11-28")]), "before"),
            Ok(today())
        );
        let bad = date_param(&q(&[("before", "2026-02-30")]), "before").unwrap_err();
        assert_eq!(bad, "before=\"2026-02-30\" is not a date as YYYY-MM-DD");
        assert!(date_param(&q(&[("date", "<b>")]), "date").is_err());
    }

    #[test]
    fn a_number_is_bounded_and_refused_in_words() {
        assert_eq!(number(&q(&[]), "limit", 100, 1, 100), Ok(100));
        assert_eq!(
            number(&q(&[("limit", "500")]), "limit", 100, 1, 100),
            Ok(100)
        );
        assert_eq!(
            number(&q(&[("limit", "0")]), "limit", 100, 1, 100),
            Err("limit= is a whole number from 1".into())
        );
    }
}
