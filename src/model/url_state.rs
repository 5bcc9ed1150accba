//! The shareable state in the URL: `?deal=<61 digits>&game=<contract id>&step=<0..30>`.

use ulti_engine::{Card, Contract, Deal, DealError, RuleOptions};

/// `rules=` id of [`RuleOptions::must_beat_after_trump`].
pub const RULE_MUST_BEAT_AFTER_TRUMP: &str = "must-beat-after-trump";
/// `rules=` id of [`RuleOptions::marriage_needs_trick`].
pub const RULE_MARRIAGE_NEEDS_TRICK: &str = "marriage-needs-trick";

/// Cards in a whole line of play.
pub const LAST_STEP: usize = 30;

/// The state read from a URL's query parameters.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct UrlState {
    /// `deal=`: absent, a valid deal, or why it was rejected.
    pub deal: Option<Result<Deal, DealError>>,
    /// `game=`: a single contract id (unknown ids are ignored).
    pub game: Option<Contract>,
    /// `step=`: cards played in the line viewer, clamped to 0..=30 (bad values read as 0).
    pub step: usize,
    /// `rules=`: comma-separated house-rule ids (unknown ids are ignored).
    pub rules: RuleOptions,
    /// `played=`: the cards of a what-if (a deviation from the optimal line), empty when none
    /// or when any code is malformed.
    pub played: Vec<Card>,
}

/// Read a `played=` value: comma-separated card codes; a malformed one drops the whole list.
#[must_use]
pub fn parse_played(value: &str) -> Vec<Card> {
    value
        .split(',')
        .map(|c| c.trim().parse::<Card>())
        .collect::<Result<Vec<Card>, _>>()
        .map(|v| if v.len() <= LAST_STEP { v } else { Vec::new() })
        .unwrap_or_default()
}

/// The `played=` value for a what-if.
#[must_use]
pub fn format_played(played: &[Card]) -> String {
    played
        .iter()
        .map(ToString::to_string)
        .collect::<Vec<_>>()
        .join(",")
}

/// Read a `rules=` value.
#[must_use]
pub fn parse_rules(value: &str) -> RuleOptions {
    let mut rules = RuleOptions::default();
    for id in value.split(',').map(str::trim) {
        match id {
            RULE_MUST_BEAT_AFTER_TRUMP => rules.must_beat_after_trump = true,
            RULE_MARRIAGE_NEEDS_TRICK => rules.marriage_needs_trick = true,
            _ => {}
        }
    }
    rules
}

/// The `rules=` value, `None` for the default rules.
#[must_use]
pub fn format_rules(rules: RuleOptions) -> Option<String> {
    let mut ids = Vec::new();
    if rules.must_beat_after_trump {
        ids.push(RULE_MUST_BEAT_AFTER_TRUMP);
    }
    if rules.marriage_needs_trick {
        ids.push(RULE_MARRIAGE_NEEDS_TRICK);
    }
    (!ids.is_empty()).then(|| ids.join(","))
}

impl UrlState {
    /// Read the state from the raw parameter values.
    #[must_use]
    pub fn parse(
        deal: Option<&str>,
        game: Option<&str>,
        step: Option<&str>,
        rules: Option<&str>,
    ) -> UrlState {
        UrlState {
            rules: rules.map(parse_rules).unwrap_or_default(),
            deal: deal.map(Deal::parse_code),
            game: game.and_then(|g| g.trim().parse::<Contract>().ok()),
            step: step
                .and_then(|s| s.trim().parse::<usize>().ok())
                .map_or(0, |s| s.min(LAST_STEP)),
            played: Vec::new(),
        }
    }

    /// The same state with the `played=` value read (see [`parse_played`]).
    #[must_use]
    pub fn with_played(self, played: Option<&str>) -> UrlState {
        UrlState {
            played: played.map(parse_played).unwrap_or_default(),
            ..self
        }
    }
}

/// The `deal=` value for `deal`: the link's own code when it already names this deal (card
/// order within a hand is free, so links keep their original spelling), the link's code with
/// only its trump digit changed when just the trump differs, else the canonical code.
#[must_use]
pub fn deal_param(deal: &Deal, current: Option<&str>) -> String {
    let Some(code) = current.map(str::trim) else {
        return deal.code();
    };
    match Deal::parse_code(code) {
        Ok(d) if d == *deal => code.to_string(),
        Ok(d) if d.with_trump(deal.trump) == *deal => {
            let canonical = deal.code();
            format!("{}{}", &canonical[..1], &code[1..])
        }
        _ => deal.code(),
    }
}

/// The query string (without `?`) for a state; parameters that do not apply are left out.
/// `deal` is the `deal=` value (see [`deal_param`]).
#[must_use]
pub fn format_query(
    deal: Option<&str>,
    rules: RuleOptions,
    game: Option<Contract>,
    played: &[Card],
    step: usize,
) -> String {
    let mut parts = Vec::with_capacity(5);
    if let Some(d) = deal {
        parts.push(format!("deal={d}"));
    }
    if let Some(r) = format_rules(rules) {
        parts.push(format!("rules={r}"));
    }
    if let Some(g) = game {
        parts.push(format!("game={}", g.id()));
        if !played.is_empty() {
            parts.push(format!("played={}", format_played(played)));
        }
        if step > 0 {
            parts.push(format!("step={}", step.min(LAST_STEP)));
        }
    }
    parts.join("&")
}

#[cfg(test)]
mod tests {
    use super::*;
    use ulti_engine::Suit;

    const STRONG: &str = "0070605040302012737173112323313143435151620212322242526103011";

    #[test]
    fn the_original_apps_links_open_unchanged() {
        let s = UrlState::parse(Some(STRONG), Some("ulti"), Some("15"), None);
        let deal = s.deal.clone().unwrap().unwrap();
        assert_eq!(deal.trump, Suit::Piros);
        assert_eq!(s.game, Some(Contract::Ulti));
        assert_eq!(s.step, 15);
        // The link keeps its own spelling of the deal...
        let param = deal_param(&deal, Some(STRONG));
        assert_eq!(param, STRONG);
        assert_eq!(
            format_query(Some(&param), s.rules, s.game, &[], s.step),
            format!("deal={STRONG}&game=ulti&step=15")
        );
        // ...a trump change swaps only the trump digit...
        let other = deal.with_trump(Suit::Tok);
        let param = deal_param(&other, Some(STRONG));
        assert_eq!(param, format!("3{}", &STRONG[1..]));
        assert_eq!(Deal::parse_code(&param), Ok(other));
        // ...and other edits write the canonical code, which reads back the same deal.
        let mut hands = [deal.hand(0), deal.hand(1), deal.hand(2)];
        let (a, b) = (
            hands[0].iter().next().unwrap(),
            hands[1].iter().next().unwrap(),
        );
        hands[0].remove(a);
        hands[0].insert(b);
        hands[1].remove(b);
        hands[1].insert(a);
        let edited = Deal::new(deal.trump, hands).unwrap();
        let param = deal_param(&edited, Some(STRONG));
        assert_eq!(param, edited.code());
        assert_eq!(Deal::parse_code(&param), Ok(edited));
    }

    #[test]
    fn a_malformed_deal_says_what_is_wrong() {
        let s = UrlState::parse(Some("12345"), None, None, None);
        let err = s.deal.unwrap().unwrap_err();
        assert!(err.to_string().contains("61 digits"), "{err}");
        let repeated = STRONG.replacen("06", "07", 1);
        let err = UrlState::parse(Some(&repeated), None, None, None)
            .deal
            .unwrap()
            .unwrap_err();
        assert!(err.to_string().contains("PA"), "{err}");
    }

    #[test]
    fn bad_game_and_step_fall_back_quietly() {
        let s = UrlState::parse(None, Some("whist"), Some("99"), Some("bogus"));
        assert_eq!(s.deal, None);
        assert_eq!(s.game, None);
        assert_eq!(s.step, LAST_STEP);
        assert_eq!(s.rules, RuleOptions::default());
        assert_eq!(
            UrlState::parse(None, Some("betli"), Some("-3"), None).step,
            0
        );
        let default = RuleOptions::default();
        assert_eq!(format_query(None, default, None, &[], 12), "");
        assert_eq!(
            format_query(None, default, Some(Contract::Betli), &[], 0),
            "game=betli"
        );
    }

    #[test]
    fn house_rules_round_trip_through_the_url() {
        let both = RuleOptions {
            must_beat_after_trump: true,
            marriage_needs_trick: true,
        };
        let value = format_rules(both).unwrap();
        assert_eq!(value, "must-beat-after-trump,marriage-needs-trick");
        assert_eq!(parse_rules(&value), both);
        assert_eq!(format_rules(RuleOptions::default()), None);
        let one = parse_rules("marriage-needs-trick,unknown");
        assert!(one.marriage_needs_trick && !one.must_beat_after_trump);
        assert_eq!(
            format_query(Some("0123"), one, Some(Contract::Passz), &[], 3),
            "deal=0123&rules=marriage-needs-trick&game=passz&step=3"
        );
    }

    #[test]
    fn a_what_if_is_written_after_the_game_and_before_the_step() {
        let played = parse_played("PA, PX,PK");
        assert_eq!(format_played(&played), "PA,PX,PK");
        assert_eq!(
            format_query(
                Some("0123"),
                RuleOptions::default(),
                Some(Contract::Passz),
                &played,
                3
            ),
            "deal=0123&game=passz&played=PA,PX,PK&step=3"
        );
        // Without a game there is no line to deviate from.
        assert_eq!(
            format_query(None, RuleOptions::default(), None, &played, 3),
            ""
        );
        assert!(parse_played("PA,XX").is_empty());
        let s = UrlState::parse(None, Some("passz"), Some("4"), None).with_played(Some("PA,PK"));
        assert_eq!(s.played.len(), 2);
        assert_eq!(s.step, 4);
    }
}
