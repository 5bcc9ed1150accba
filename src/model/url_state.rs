//! The shareable state in the URL: `?deal=<61 digits>&game=<contract or bid id>&step=<0..30>`
//! (+ `rules=`, `played=`, `lang=`, `table=`, `samples=`), and what was ignored or changed
//! when reading it.

use ulti_engine::{Bid, Card, Contract, Deal, DealError, RuleOptions};

use crate::model::lang::Lang;

/// `rules=` id of [`RuleOptions::must_beat_after_trump`].
pub const RULE_MUST_BEAT_AFTER_TRUMP: &str = RuleOptions::MUST_BEAT_AFTER_TRUMP;
/// `rules=` id of [`RuleOptions::marriage_needs_trick`].
pub const RULE_MARRIAGE_NEEDS_TRICK: &str = RuleOptions::MARRIAGE_NEEDS_TRICK;

/// Cards in a whole line of play.
pub const LAST_STEP: usize = 30;

/// Layouts the "at the table" advice samples unless `samples=` says otherwise.
pub const DEFAULT_ADVICE_SAMPLES: u32 = 100;
/// The most layouts `samples=` may ask for.
pub const MAX_ADVICE_SAMPLES: u32 = 2000;

/// The line viewer's "at the table" toggle (`table=1`) and its sample count (`samples=`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AtTable {
    /// Is the seat-to-move's own advice shown beside the open-hand values?
    pub on: bool,
    /// Layouts sampled for it.
    pub samples: u32,
}

impl Default for AtTable {
    fn default() -> AtTable {
        AtTable {
            on: false,
            samples: DEFAULT_ADVICE_SAMPLES,
        }
    }
}

/// Append the `table=` and `samples=` parameters of `at` to a query string (nothing while
/// the toggle is off; `samples=` only when not the default).
#[must_use]
pub fn with_at_table(query: String, at: AtTable) -> String {
    if !at.on {
        return query;
    }
    let mut parts: Vec<String> = if query.is_empty() {
        Vec::new()
    } else {
        vec![query]
    };
    parts.push("table=1".into());
    if at.samples != DEFAULT_ADVICE_SAMPLES {
        parts.push(format!("samples={}", at.samples));
    }
    parts.join("&")
}

/// The state read from a URL's query parameters.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct UrlState {
    /// `deal=`: absent, a valid deal, or why it was rejected.
    pub deal: Option<Result<Deal, DealError>>,
    /// `game=`: a single contract id (unknown ids are ignored), or a compound bid's biggest
    /// component (the analysis table's selection).
    pub game: Option<Contract>,
    /// `game=`: a compound bid id as `ulti bids` writes it (`40-100+ulti`), whose line the
    /// viewer shows; `None` for a single contract.
    pub compound: Option<Bid>,
    /// `step=`: cards played in the line viewer, clamped to 0..=30 (bad values read as 0).
    pub step: usize,
    /// `rules=`: comma-separated house-rule ids (unknown ids are ignored).
    pub rules: RuleOptions,
    /// `played=`: the cards of a what-if (a deviation from the optimal line), empty when none
    /// or when any code is malformed.
    pub played: Vec<Card>,
    /// `lang=`: the language the link asks for.
    pub lang: Option<Lang>,
    /// `table=` and `samples=`: the "at the table" advice.
    pub at_table: AtTable,
    /// The parameters (other than `deal=`, which has its own message) that were ignored or
    /// changed, for the page's notice.
    pub issues: Vec<UrlIssue>,
}

/// A link parameter that was ignored or changed (the value as given).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UrlIssue {
    /// `game=` is neither a contract id nor a compound bid id.
    UnknownGame(String),
    /// `step=` is past the last card (shown at [`LAST_STEP`]).
    StepPastEnd(String),
    /// `step=` is not a number (shown at 0).
    StepNotANumber(String),
    /// `step=` without a `game=`.
    StepWithoutGame(String),
    /// A `rules=` id that is not a house rule.
    UnknownRule(String),
    /// `played=` is not a list of at most 30 card codes.
    BadPlayed(String),
    /// `played=` without a `game=`.
    PlayedWithoutGame,
    /// `lang=` is not a language of the app.
    UnknownLang(String),
    /// `samples=` is not a number from 1 to [`MAX_ADVICE_SAMPLES`] (the default is used).
    BadSamples(String),
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

/// Read a `rules=` value (unknown ids are ignored).
#[must_use]
pub fn parse_rules(value: &str) -> RuleOptions {
    parse_rules_checked(value).0
}

/// Read a `rules=` value: the rules, and the ids that are not house rules.
#[must_use]
pub fn parse_rules_checked(value: &str) -> (RuleOptions, Vec<String>) {
    let mut rules = RuleOptions::default();
    let mut unknown = Vec::new();
    for id in value.split(',').map(str::trim) {
        match id {
            RULE_MUST_BEAT_AFTER_TRUMP => rules.must_beat_after_trump = true,
            RULE_MARRIAGE_NEEDS_TRICK => rules.marriage_needs_trick = true,
            "" => {}
            other => unknown.push(other.to_string()),
        }
    }
    (rules, unknown)
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

/// The contract of a bid with the highest base value (the bid itself when single): what the
/// analysis table selects for a compound.
#[must_use]
pub fn biggest_component(bid: &Bid) -> Contract {
    bid.as_single().unwrap_or_else(|| {
        bid.contracts()
            .iter()
            .copied()
            .max_by_key(|c| c.base_value())
            .unwrap_or(Contract::Passz)
    })
}

/// Read a `game=` value: a contract id, or a compound bid id (`40-100+ulti`; a space reads as
/// `+`, which a query string may have decoded it to). `None` when it is neither.
#[must_use]
pub fn parse_game(value: &str) -> Option<(Contract, Option<Bid>)> {
    let value = value.trim();
    if let Ok(c) = value.parse::<Contract>() {
        return Some((c, None));
    }
    let ids: Vec<&str> = value.split(['+', ' ']).map(str::trim).collect();
    let bid = ids.join("+").parse::<Bid>().ok()?;
    Some((
        biggest_component(&bid),
        bid.as_single().is_none().then_some(bid),
    ))
}

/// The `game=` value: the compound's id when there is one (see [`bid_param`]), else the
/// contract's id.
#[must_use]
pub fn game_param(game: Contract, compound: Option<&Bid>) -> String {
    compound.map_or_else(|| game.id().to_string(), bid_param)
}

/// The `game=` value of a bid: its id as `ulti bids` writes it, the `+` of a compound written
/// `%2B` so that the query string does not read it as a space.
#[must_use]
pub fn bid_param(bid: &Bid) -> String {
    bid.to_string().replace('+', "%2B")
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
        let mut issues = Vec::new();
        let (rules, unknown) = rules.map(parse_rules_checked).unwrap_or_default();
        issues.extend(unknown.into_iter().map(UrlIssue::UnknownRule));
        let game_value = game.map(str::trim).filter(|g| !g.is_empty());
        let parsed = game_value.and_then(parse_game);
        let (game, compound) = match parsed {
            Some((c, b)) => (Some(c), b),
            None => (None, None),
        };
        if let (Some(g), None) = (game_value, game) {
            issues.push(UrlIssue::UnknownGame(g.to_string()));
        }
        let step_value = step.map(str::trim).filter(|s| !s.is_empty());
        let step = match step_value.map(|s| (s, s.parse::<usize>())) {
            None => 0,
            Some((_, Ok(s))) if s <= LAST_STEP => s,
            Some((v, Ok(_))) => {
                issues.push(UrlIssue::StepPastEnd(v.to_string()));
                LAST_STEP
            }
            Some((v, Err(_))) => {
                issues.push(UrlIssue::StepNotANumber(v.to_string()));
                0
            }
        };
        if let (Some(v), None) = (step_value, game_value) {
            issues.push(UrlIssue::StepWithoutGame(v.to_string()));
        }
        UrlState {
            rules,
            deal: deal.map(Deal::parse_code),
            game,
            compound,
            step,
            played: Vec::new(),
            lang: None,
            at_table: AtTable::default(),
            issues,
        }
    }

    /// The same state with the `played=` value read (see [`parse_played`]).
    #[must_use]
    pub fn with_played(mut self, played: Option<&str>) -> UrlState {
        let value = played.map(str::trim).filter(|p| !p.is_empty());
        self.played = value.map(parse_played).unwrap_or_default();
        if let Some(v) = value {
            if self.played.is_empty() {
                self.issues.push(UrlIssue::BadPlayed(v.to_string()));
            } else if self.game.is_none() {
                self.issues.push(UrlIssue::PlayedWithoutGame);
            }
        }
        self
    }

    /// The same state with the `table=` (`1`/`true`: on) and `samples=` values read.
    #[must_use]
    pub fn with_at_table(mut self, table: Option<&str>, samples: Option<&str>) -> UrlState {
        self.at_table.on = matches!(table.map(str::trim), Some("1" | "true" | "on"));
        if let Some(v) = samples.map(str::trim).filter(|v| !v.is_empty()) {
            match v.parse::<u32>() {
                Ok(n) if (1..=MAX_ADVICE_SAMPLES).contains(&n) => self.at_table.samples = n,
                _ => self.issues.push(UrlIssue::BadSamples(v.to_string())),
            }
        }
        self
    }

    /// The same state with the `lang=` value read.
    #[must_use]
    pub fn with_lang(mut self, lang: Option<&str>) -> UrlState {
        let value = lang.map(str::trim).filter(|l| !l.is_empty());
        self.lang = value.and_then(Lang::parse);
        if let (Some(v), None) = (value, self.lang) {
            self.issues.push(UrlIssue::UnknownLang(v.to_string()));
        }
        self
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
/// `deal` is the `deal=` value (see [`deal_param`]); `lang` is written only when chosen (by the
/// link or the switch), not when it comes from the browser; `compound`, when set, is written as
/// the `game=` value (see [`game_param`]).
#[must_use]
pub fn format_query(
    deal: Option<&str>,
    rules: RuleOptions,
    game: Option<Contract>,
    compound: Option<&Bid>,
    played: &[Card],
    step: usize,
    lang: Option<Lang>,
) -> String {
    let mut parts = Vec::with_capacity(6);
    if let Some(d) = deal {
        parts.push(format!("deal={d}"));
    }
    if let Some(r) = format_rules(rules) {
        parts.push(format!("rules={r}"));
    }
    if let Some(g) = game {
        parts.push(format!("game={}", game_param(g, compound)));
        if !played.is_empty() {
            parts.push(format!("played={}", format_played(played)));
        }
        if step > 0 {
            parts.push(format!("step={}", step.min(LAST_STEP)));
        }
    }
    if let Some(l) = lang {
        parts.push(format!("lang={}", l.code()));
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
            format_query(Some(&param), s.rules, s.game, None, &[], s.step, None),
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
    fn bad_parameters_fall_back_and_say_so() {
        let s = UrlState::parse(None, Some("whist"), Some("99"), Some("bogus"));
        assert_eq!(s.deal, None);
        assert_eq!(s.game, None);
        assert_eq!(s.step, LAST_STEP);
        assert_eq!(s.rules, RuleOptions::default());
        assert_eq!(
            s.issues,
            vec![
                UrlIssue::UnknownRule("bogus".into()),
                UrlIssue::UnknownGame("whist".into()),
                UrlIssue::StepPastEnd("99".into()),
            ]
        );
        let s = UrlState::parse(None, Some("betli"), Some("-3"), None);
        assert_eq!(s.step, 0);
        assert_eq!(s.issues, vec![UrlIssue::StepNotANumber("-3".into())]);
        let s = UrlState::parse(None, None, Some("4"), None)
            .with_played(Some("PA"))
            .with_lang(Some("de"));
        assert_eq!(
            s.issues,
            vec![
                UrlIssue::StepWithoutGame("4".into()),
                UrlIssue::PlayedWithoutGame,
                UrlIssue::UnknownLang("de".into()),
            ]
        );
        let s = UrlState::parse(None, Some("passz"), Some("3"), None)
            .with_played(Some("PA,XX"))
            .with_lang(Some("HU"));
        assert_eq!(s.lang, Some(Lang::Hu));
        assert!(s.played.is_empty());
        assert_eq!(s.issues, vec![UrlIssue::BadPlayed("PA,XX".into())]);
        // A good link has nothing to report.
        let s = UrlState::parse(
            Some(STRONG),
            Some("ulti"),
            Some("30"),
            Some("marriage-needs-trick"),
        )
        .with_played(Some("PA"))
        .with_lang(Some("en"));
        assert!(s.issues.is_empty(), "{:?}", s.issues);
        let default = RuleOptions::default();
        assert_eq!(format_query(None, default, None, None, &[], 12, None), "");
        assert_eq!(
            format_query(
                None,
                default,
                Some(Contract::Betli),
                None,
                &[],
                0,
                Some(Lang::Hu)
            ),
            "game=betli&lang=hu"
        );
    }

    #[test]
    fn the_at_table_toggle_and_its_samples_round_trip_through_the_url() {
        let s = UrlState::parse(Some(STRONG), Some("passz"), Some("6"), None)
            .with_at_table(Some("1"), Some("20"));
        assert_eq!(
            s.at_table,
            AtTable {
                on: true,
                samples: 20
            }
        );
        assert!(s.issues.is_empty());
        let q = with_at_table(
            format_query(Some("0123"), s.rules, s.game, None, &[], s.step, None),
            s.at_table,
        );
        assert_eq!(q, "deal=0123&game=passz&step=6&table=1&samples=20");
        // The default sample count and the toggle off are not written.
        let on = AtTable {
            on: true,
            ..AtTable::default()
        };
        assert_eq!(with_at_table("game=passz".into(), on), "game=passz&table=1");
        assert_eq!(with_at_table(String::new(), on), "table=1");
        assert_eq!(
            with_at_table("game=passz".into(), AtTable::default()),
            "game=passz"
        );
        // Off unless asked; a bad count falls back to the default and says so.
        let s = UrlState::parse(None, None, None, None).with_at_table(Some("0"), Some("0"));
        assert_eq!(s.at_table, AtTable::default());
        assert_eq!(s.issues, vec![UrlIssue::BadSamples("0".into())]);
        let s = UrlState::parse(None, None, None, None).with_at_table(None, Some("lots"));
        assert_eq!(s.issues, vec![UrlIssue::BadSamples("lots".into())]);
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
            format_query(Some("0123"), one, Some(Contract::Passz), None, &[], 3, None),
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
                None,
                &played,
                3,
                None
            ),
            "deal=0123&game=passz&played=PA,PX,PK&step=3"
        );
        // Without a game there is no line to deviate from.
        assert_eq!(
            format_query(None, RuleOptions::default(), None, None, &played, 3, None),
            ""
        );
        assert!(parse_played("PA,XX").is_empty());
        let s = UrlState::parse(None, Some("passz"), Some("4"), None).with_played(Some("PA,PK"));
        assert_eq!(s.played.len(), 2);
        assert_eq!(s.step, 4);
    }

    #[test]
    fn a_compound_bid_round_trips_through_the_url() {
        let bid: Bid = "40-100+ulti".parse().unwrap();
        // As written, with its `+` decoded to a space, or percent-decoded: the same compound,
        // the analysis table selecting its biggest component.
        for value in ["40-100+ulti", "40-100 ulti", " ulti+40-100 "] {
            let s = UrlState::parse(Some(STRONG), Some(value), Some("7"), None);
            assert!(s.issues.is_empty(), "{value}: {:?}", s.issues);
            assert_eq!(s.compound.as_ref(), Some(&bid), "{value}");
            assert_eq!(s.game, Some(Contract::Ulti), "{value}");
            assert_eq!(s.step, 7);
        }
        let q = format_query(
            Some("0123"),
            RuleOptions::default(),
            Some(Contract::Ulti),
            Some(&bid),
            &[],
            7,
            None,
        );
        assert_eq!(q, "deal=0123&game=40-100%2Bulti&step=7");
        let value = q.split('&').nth(1).unwrap().strip_prefix("game=").unwrap();
        let back = UrlState::parse(None, Some(&value.replace("%2B", "+")), None, None);
        assert_eq!(back.compound, Some(bid));
        // A single contract stays a contract, also when spelt as a one-contract bid.
        let s = UrlState::parse(None, Some("ulti"), None, None);
        assert_eq!((s.game, s.compound), (Some(Contract::Ulti), None));
        assert_eq!(game_param(Contract::Ulti, None), "ulti");
    }

    #[test]
    fn an_unknown_or_illegal_compound_is_reported() {
        for value in [
            "40-100+whist",
            "ulti+ulti",
            "betli+ulti",
            "40-100+20-100",
            "+",
        ] {
            let s = UrlState::parse(Some(STRONG), Some(value), None, None);
            assert_eq!((s.game, s.compound.clone()), (None, None), "{value}");
            assert_eq!(
                s.issues,
                vec![UrlIssue::UnknownGame(value.into())],
                "{value}"
            );
        }
    }
}
