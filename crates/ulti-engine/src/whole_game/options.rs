//! The rule options of a whole game (shared/RULES.md "The whole game"), by the names of the
//! `ulti-game/1` record's `rules` object: the two rules of play plus the auction, kontra and
//! bonus options. A missing option takes its default; an unknown one is an error.

use serde::{Deserialize, Serialize};

use crate::rules::RuleOptions;

/// What happens when nobody bids.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AllPass {
    /// The forehand must open (passz at least): an all-pass leaves it holding its passz.
    #[default]
    Play,
    /// The forehand may pass too (still discarding two); with no bid at all there is no
    /// play and the forehand pays 2 to each.
    Forfeit,
}

/// How a bid of equal value compares with the standing one.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum EqualValue {
    /// An equal value never overcalls: the bid said first stands.
    #[default]
    FirstStands,
    /// Within one value a fixed order decides ([`super::AuctionBid::rank`]).
    ByRank,
}

/// Every rule option of a whole game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct TableRules {
    /// The duty to beat the led suit stays after the trick has been trumped.
    pub must_beat_after_trump: bool,
    /// A marriage counts only if its holder's side wins at least one trick.
    pub marriage_needs_trick: bool,
    /// What an all-pass does.
    pub allpass: AllPass,
    /// Whether an equal value can overcall.
    pub equal_value: EqualValue,
    /// After two passes the holder may pick up again and raise its own bid.
    pub holder_may_raise: bool,
    /// The highest kontra level (1 kontra, 2 rekontra, … 5 hirschkontra).
    pub max_kontra: u8,
    /// Unannounced ulti, 100 and durchmars score (half values).
    pub silent_bonuses: bool,
}

impl Default for TableRules {
    fn default() -> TableRules {
        TableRules {
            must_beat_after_trump: false,
            marriage_needs_trick: false,
            allpass: AllPass::Play,
            equal_value: EqualValue::FirstStands,
            holder_may_raise: true,
            max_kontra: 2,
            silent_bonuses: false,
        }
    }
}

impl TableRules {
    /// The rules of card play.
    #[must_use]
    pub fn play(&self) -> RuleOptions {
        RuleOptions {
            must_beat_after_trump: self.must_beat_after_trump,
            marriage_needs_trick: self.marriage_needs_trick,
        }
    }

    /// `None` when the options are consistent, else what is wrong.
    #[must_use]
    pub fn problem(&self) -> Option<String> {
        (!(0..=5).contains(&self.max_kontra))
            .then(|| format!("max_kontra is {}, it must be 0..=5", self.max_kontra))
    }
}
