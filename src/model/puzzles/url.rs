//! The Puzzles page's URL: `?mode=daily|rush|rated&puzzle=ID&lang=`.
//!
//! `puzzle=ID` opens that puzzle in rated practice (the mode when none is named); `mode=daily`
//! shows the day's puzzle, `mode=rush` the rush.

/// The page's modes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Hash)]
pub enum Mode {
    /// The puzzle of the day.
    Daily,
    /// Three minutes, rising difficulty, three mistakes.
    Rush,
    /// Rated practice (Glicko-2).
    #[default]
    Rated,
}

impl Mode {
    /// Every mode, in the order of the page's tabs.
    pub const ALL: [Mode; 3] = [Mode::Daily, Mode::Rush, Mode::Rated];

    /// The `mode=` value.
    #[must_use]
    pub const fn id(self) -> &'static str {
        match self {
            Mode::Daily => "daily",
            Mode::Rush => "rush",
            Mode::Rated => "rated",
        }
    }

    /// A `mode=` value.
    #[must_use]
    pub fn parse(value: &str) -> Option<Mode> {
        Mode::ALL.into_iter().find(|m| m.id() == value.trim())
    }
}

/// The page's parameters, read.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PuzzlesUrl {
    /// `mode=` (rated when absent).
    pub mode: Mode,
    /// `puzzle=`: the puzzle's id (rated practice and the daily puzzle; the page checks it
    /// is in the set).
    pub puzzle: Option<String>,
}

impl PuzzlesUrl {
    /// Read the parameters; an unknown mode reads as rated, a blank or malformed id as none.
    #[must_use]
    pub fn parse(get: impl Fn(&str) -> Option<String>) -> PuzzlesUrl {
        let puzzle = get("puzzle")
            .map(|p| p.trim().to_ascii_lowercase())
            .filter(|p| !p.is_empty() && p.len() <= 16 && p.chars().all(|c| c.is_ascii_hexdigit()));
        PuzzlesUrl {
            mode: get("mode")
                .and_then(|m| Mode::parse(&m))
                .unwrap_or_default(),
            puzzle,
        }
    }

    /// The query string (without `?`): the mode (unless rated), the puzzle in rated practice,
    /// and the language when it was chosen.
    #[must_use]
    pub fn format(&self, lang: Option<&str>) -> String {
        let mut parts = Vec::new();
        if self.mode != Mode::Rated {
            parts.push(format!("mode={}", self.mode.id()));
        }
        if let (Mode::Rated, Some(id)) = (self.mode, &self.puzzle) {
            parts.push(format!("puzzle={id}"));
        }
        if let Some(l) = lang {
            parts.push(format!("lang={l}"));
        }
        parts.join("&")
    }
}
