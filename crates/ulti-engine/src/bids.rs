//! The standard bids a soloist can announce, with their piros and terített forms, and what
//! each is worth for a deal under best play (shared/RULES.md scoring).

use serde::{Deserialize, Serialize};

use crate::card::Suit;
use crate::contract::{Bid, Contract, Scoring};
use crate::deal::Deal;
use crate::rules::RuleOptions;
use crate::solver::{ComponentResult, Query, SolveError, Solver};

/// A bid as announced: the contracts, the trump (`None` for betli and colourless durchmars),
/// and the scoring form (terített, piros for the no-trump bids).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Announcement {
    /// The contracts.
    pub bid: Bid,
    /// The trump suit; Piros makes a trump bid piros (doubled).
    pub trump: Option<Suit>,
    /// Terített, and piros for no-trump bids.
    pub scoring: Scoring,
}

impl Announcement {
    /// The name players use, e.g. "Piros 40-100 ulti", "Terített betli".
    #[must_use]
    pub fn hungarian(&self) -> String {
        let mut words = Vec::new();
        let piros = self.trump == Some(Suit::Piros) || self.scoring.piros_no_trump;
        if piros {
            words.push("Piros".to_string());
        }
        if self.scoring.teritett {
            words.push(if piros { "terített" } else { "Terített" }.to_string());
        }
        let parts: Vec<&str> = self
            .bid
            .contracts()
            .iter()
            .map(|c| match c {
                Contract::Passz => "passz",
                Contract::Negyven100 => "40-100",
                Contract::Ulti => "ulti",
                Contract::Betli => "betli",
                Contract::Durchmars => "színtelen durchmars",
                Contract::DurchmarsAdu => "durchmars",
                Contract::Husz100 => "20-100",
                Contract::NegyAsz => "négy ász",
                Contract::NegyTizes => "négy tízes",
            })
            .collect();
        words.push(parts.join(" "));
        let mut s = words.join(" ");
        if let Some(first) = s.get(0..1) {
            let up = first.to_uppercase();
            s.replace_range(0..1, &up);
        }
        if let Some(t) = self.trump.filter(|&t| t != Suit::Piros) {
            s.push_str(&format!(" ({})", t.hungarian()));
        }
        s
    }

    /// The id of the bid with its form, e.g. `40-100+ulti@Z`, `betli@teritett`.
    #[must_use]
    pub fn id(&self) -> String {
        let mut s = self.bid.to_string();
        if let Some(t) = self.trump {
            s.push('@');
            s.push(t.letter());
        }
        if self.scoring.piros_no_trump {
            s.push_str("@piros");
        }
        if self.scoring.teritett {
            s.push_str("@teritett");
        }
        s
    }
}

/// The standard bids for every trump (trump bids four times, no-trump bids once), each with
/// its terített form where one exists.
#[must_use]
pub fn standard_announcements() -> Vec<Announcement> {
    let bid = |s: &str| s.parse::<Bid>().expect("a standard bid parses");
    let trump_bids = [
        ("passz", false),
        ("40-100", false),
        ("ulti", false),
        ("durchmars-adu", false),
        ("durchmars-adu", true),
        ("20-100", false),
        ("negy-asz", false),
        ("negy-tizes", false),
        ("40-100+ulti", false),
        ("ulti+durchmars-adu", false),
        ("ulti+durchmars-adu", true),
        ("40-100+durchmars-adu", false),
        ("40-100+durchmars-adu", true),
        ("20-100+ulti", false),
        ("20-100+durchmars-adu", false),
        ("20-100+durchmars-adu", true),
        ("40-100+ulti+durchmars-adu", false),
        ("40-100+ulti+durchmars-adu", true),
        ("20-100+ulti+durchmars-adu", false),
        ("20-100+ulti+durchmars-adu", true),
    ];
    let mut v = Vec::new();
    // The no-trump bids in the forms RULES.md scores: betli, piros betli (rebetli), terített
    // betli, colourless durchmars and terített colourless durchmars. Piros otherwise means
    // "hearts are trumps", so a colourless durchmars has no piros form.
    for (id, teritett, piros) in [
        ("betli", false, false),
        ("betli", false, true),
        ("betli", true, false),
        ("durchmars", false, false),
        ("durchmars", true, false),
    ] {
        v.push(Announcement {
            bid: bid(id),
            trump: None,
            scoring: Scoring {
                teritett,
                piros_no_trump: piros,
                kontra: 0,
            },
        });
    }
    for trump in Suit::ALL {
        for (id, teritett) in trump_bids {
            v.push(Announcement {
                bid: bid(id),
                trump: Some(trump),
                scoring: Scoring {
                    teritett,
                    ..Scoring::default()
                },
            });
        }
    }
    v
}

/// What one announcement is worth for a deal.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct BidValue {
    /// The announcement.
    pub announcement: Announcement,
    /// Does the soloist hold its prerequisites?
    pub playable: bool,
    /// Payoff per defender under best play (None when not playable).
    pub payoff: Option<i32>,
    /// Does the soloist win every component?
    pub soloist_wins: Option<bool>,
    /// Each component's outcome on one optimal line.
    pub components: Vec<ComponentResult>,
    /// Search nodes.
    pub nodes: u64,
}

impl Solver {
    /// The value of an announcement for `deal` (its trump is replaced by the announcement's).
    ///
    /// # Errors
    /// Never for a fresh deal; kept for mid-game use.
    pub fn bid_value(
        &mut self,
        deal: &Deal,
        a: &Announcement,
        rules: RuleOptions,
    ) -> Result<BidValue, SolveError> {
        let deal = a.trump.map_or(*deal, |t| deal.with_trump(t));
        let mut q = Query::new(deal, a.bid.clone());
        q.rules = rules;
        q.scoring = a.scoring;
        q.payoff = true;
        let sol = self.solve(&q)?;
        Ok(BidValue {
            announcement: a.clone(),
            playable: sol.playable,
            payoff: sol.payoff,
            soloist_wins: sol.soloist_wins,
            components: sol.components,
            nodes: sol.nodes,
        })
    }
}

/// The best of several bid values (highest payoff among the playable ones).
#[must_use]
pub fn best_bid(values: &[BidValue]) -> Option<&BidValue> {
    values
        .iter()
        .filter(|v| v.playable)
        .max_by_key(|v| v.payoff.unwrap_or(i32::MIN))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_and_ids() {
        let all = standard_announcements();
        let names: Vec<String> = all.iter().map(Announcement::hungarian).collect();
        assert!(
            names.contains(&"Piros 40-100 ulti".to_string()),
            "{names:?}"
        );
        assert!(names.contains(&"Terített betli".to_string()), "{names:?}");
        assert!(names.contains(&"Piros betli".to_string()), "{names:?}");
        assert!(
            names.contains(&"Ulti durchmars (Zöld)".to_string()),
            "{names:?}"
        );
        assert!(
            names.contains(&"Terített színtelen durchmars".to_string()),
            "{names:?}"
        );
        // Piros is "hearts are trumps" (or rebetli): no piros colourless durchmars, and no
        // piros terített betli, which RULES.md does not score.
        assert!(
            !names
                .iter()
                .any(|n| n.starts_with("Piros") && n.contains("színtelen")),
            "{names:?}"
        );
        assert!(
            !names.contains(&"Piros terített betli".to_string()),
            "{names:?}"
        );
        assert_eq!(
            all.len(),
            5 + 4 * 20,
            "5 no-trump forms, 20 trump bids per suit"
        );
        let mut ids: Vec<String> = all.iter().map(Announcement::id).collect();
        ids.sort();
        ids.dedup();
        assert_eq!(ids.len(), all.len(), "ids are unique");
    }
}
