//! The app's languages (the catalogue's texts live in `crate::i18n`).

/// A language of the app.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
pub enum Lang {
    /// Magyar.
    Hu,
    /// English.
    #[default]
    En,
}

impl Lang {
    /// Both languages, in the order of the header's switch.
    pub const ALL: [Lang; 2] = [Lang::Hu, Lang::En];

    /// The `lang=` value, the `<html lang>` and the catalogue's locale.
    #[must_use]
    pub const fn code(self) -> &'static str {
        match self {
            Lang::Hu => "hu",
            Lang::En => "en",
        }
    }

    /// The language's own name, for the switch (the same in both languages).
    #[must_use]
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::Hu => "Magyar",
            Lang::En => "English",
        }
    }

    /// A `lang=` value (`hu`, `en`, case-insensitive).
    #[must_use]
    pub fn parse(value: &str) -> Option<Lang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.code().eq_ignore_ascii_case(value.trim()))
    }

    /// The first of the browser's preferred languages (BCP 47 tags such as `hu-HU`, `en-US`)
    /// the app speaks; English when none is.
    #[must_use]
    pub fn from_preferences<'a>(tags: impl IntoIterator<Item = &'a str>) -> Lang {
        tags.into_iter()
            .find_map(|tag| Lang::parse(tag.split(['-', '_']).next().unwrap_or_default()))
            .unwrap_or_default()
    }
}
