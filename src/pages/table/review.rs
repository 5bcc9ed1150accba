//! The review of the finished deal, on request: each of the user's decisions in order. An
//! auction, trump or kontra decision shows what the advisor would have done from the user's
//! own seat at that moment and what a player who sees every card would have done (the
//! cheater: the open-hand best), with what a bid was worth open-hand; a card shows its
//! double-dummy verdict and opens the solver page there. The hints taken are shown where they
//! were taken. Every answer comes from the workers (`Job::TableDecision` at the moment's
//! record, `Job::Bid`, `Job::Position`). Every decision also gets its knowable cost and its
//! mark, a mistake or bad luck ([`knowable`]; `Job::Knowable` for a card, `Job::TableKnowable`
//! for the others; the open-hand money is a card's own solve, a kontra's
//! `Job::KontraOpenCost`, an auction or trump decision's row mark), and the deal their two
//! sums.

pub(crate) mod knowable;

use leptos::prelude::*;
use ulti_engine::advise::Knowable;
use ulti_engine::players::TableLevel;
use ulti_engine::whole_game::{Action, Verb, WholeGame};

use super::TablePage;
use crate::components::card::{CardFace, suit_class};
use crate::i18n::{Lang, advice_text, card_name, hint_text, text, tr, tr_with, verdict_words};
use crate::model::analysis::signed;
use crate::model::play::{Verdict, card_check, verdict};
use crate::model::table::review::{
    Decision, Kind, Mark, as_choice, auction_mark, card_money_query, card_of, card_query,
    card_view_at, choice_view_at, decisions, open_hand_bid, open_money, open_money_cost, play_seat,
    record_before, same_choice,
};
use crate::model::table::{Table, solver_query_at};
use crate::protocol::{Answer, Job, UNEXPECTED_ANSWER};
use crate::solver_client::SolverClient;

/// What the workers said about one decision so far.
#[derive(Clone, Debug, Default, PartialEq)]
struct Judged {
    /// The advisor's choice at the moment (`Some(None)`: say nothing).
    advisor: Option<Option<Action>>,
    /// The open-hand player's choice.
    best: Option<Option<Action>>,
    /// Open-hand values per defender of the user's bid, one per trump it could name.
    yours: Vec<Option<i32>>,
    /// How many of those to wait for.
    yours_wanted: usize,
    /// Open-hand values of the open-hand player's bid.
    best_pays: Vec<Option<i32>>,
    /// How many of those to wait for (`None`: not known yet).
    best_wanted: Option<usize>,
    /// A card's verdict.
    card: Option<Verdict>,
    /// The knowable cost from the user's view (every decision).
    knowable: Option<Knowable>,
    /// A card's or a kontra's open-hand cost on the actual layout, money for the user.
    open_cost: Option<f64>,
    /// A worker failed.
    failed: Option<String>,
}

impl Judged {
    /// The best of a bid's values once all are in (`Some(None)`: not a bid).
    fn value(values: &[Option<i32>], wanted: usize) -> Option<Option<i32>> {
        (values.len() >= wanted).then(|| values.iter().flatten().copied().max())
    }

    /// Everything asked has been answered.
    fn done(&self, d: &Decision) -> bool {
        if self.failed.is_some() {
            return true;
        }
        match d.kind {
            Kind::Card => {
                self.card.is_some() && self.knowable.is_some() && self.open_cost.is_some()
            }
            kind => {
                self.knowable.is_some()
                    && (kind != Kind::Kontra || self.open_cost.is_some())
                    && self.advisor.is_some()
                    && self.best.is_some()
                    && self.yours.len() >= self.yours_wanted
                    && self.best_wanted.is_some_and(|w| self.best_pays.len() >= w)
            }
        }
    }

    /// The open-hand money lost on the actual layout ([`open_money`]: a card's or a kontra's
    /// own solve, an auction or trump decision's mark); `None` until known.
    fn open_money(&self, d: &Decision) -> Option<f64> {
        open_money(d.kind, self.mark(d), self.open_cost)
    }

    /// The mark against the open-hand best, once known.
    fn mark(&self, d: &Decision) -> Option<Mark> {
        if d.kind == Kind::Card || !self.done(d) || self.failed.is_some() {
            return None;
        }
        let yours = Judged::value(&self.yours, self.yours_wanted).flatten();
        let best = Judged::value(&self.best_pays, self.best_wanted.unwrap_or(0)).flatten();
        Some(auction_mark(
            d.action.as_ref(),
            self.best.as_ref()?.as_ref(),
            yours,
            best,
        ))
    }
}

/// The review's state: the deal it is of (the moment key) and one entry per decision.
type ReviewState = Option<(String, Vec<(Decision, Judged)>)>;

/// Read a table decision's answer.
fn table_action(answer: Result<Answer, String>) -> Result<Option<Action>, String> {
    match answer {
        Ok(Answer::TableDecision { action, .. }) => Ok(action.and_then(|a| a.parse().ok())),
        Ok(_) => Err(UNEXPECTED_ANSWER.into()),
        Err(e) => Err(e),
    }
}

/// Read a bid value's answer.
fn bid_value(answer: Result<Answer, String>) -> Result<Option<i32>, String> {
    match answer {
        Ok(Answer::Bid(v)) => Ok(v.payoff),
        Ok(_) => Err(UNEXPECTED_ANSWER.into()),
        Err(e) => Err(e),
    }
}

/// The review section of the finished deal.
#[component]
pub(super) fn DealReview() -> impl IntoView {
    let tp = expect_context::<TablePage>();
    let client = expect_context::<SolverClient>();
    let lang = tp.lang;
    let state: RwSignal<ReviewState> = RwSignal::new(None);
    let tickets: StoredValue<Vec<u64>> = StoredValue::new(Vec::new());
    on_cleanup(move || {
        if let Some(ts) = tickets.try_get_value() {
            for t in ts {
                client.forget(t);
            }
        }
    });
    let key = move || {
        tp.game
            .with(|g| g.as_ref().map(|g| tp.table.with(|t| t.moment(g))))
    };
    // Update entry `i` of the review of `k` (a late answer for another deal is dropped).
    let update = move |k: &str, i: usize, f: &dyn Fn(&mut Judged)| {
        let _ = state.try_update(|s| {
            if let Some((sk, rows)) = s
                && sk == k
                && let Some((_, j)) = rows.get_mut(i)
            {
                f(j);
            }
        });
    };
    let ask = move |job: Job, on: Box<dyn FnOnce(Result<Answer, String>)>| {
        let t = client.ask(job, move |a, _| on(a));
        tickets.update_value(|ts| ts.push(t));
    };
    // Ask the values of a bid at moment `at`; each lands through `put`.
    let ask_bid_values = move |game: &WholeGame,
                               at: usize,
                               action: &Action,
                               k: String,
                               i: usize,
                               put: fn(&mut Judged, Option<i32>)|
          -> usize {
        let deals = open_hand_bid(game, at, action);
        let n = deals.len();
        for (deal, announcement) in deals {
            let k = k.clone();
            let job = Job::Bid {
                deal,
                announcement,
                rules: game.rules().play(),
            };
            ask(
                job,
                Box::new(move |a| match bid_value(a) {
                    Ok(v) => update(&k, i, &|j| put(j, v)),
                    Err(e) => update(&k, i, &|j| j.failed = Some(e.clone())),
                }),
            );
        }
        n
    };
    // Ask a card's knowable cost from the user's view and its open-hand cost in money.
    let ask_knowable =
        move |game: &WholeGame, user, d: &Decision, seed: u64, k: String, i: usize, seat, card| {
            let fail = move |k: &str, e: String| update(k, i, &|j| j.failed = Some(e.clone()));
            match card_view_at(game, user, d) {
                Some(view) => {
                    let k2 = k.clone();
                    let job = Job::Knowable {
                        view: Box::new(view),
                        card,
                        seed: seed ^ d.at as u64,
                    };
                    ask(
                        job,
                        Box::new(move |a| match a {
                            Ok(Answer::Knowable(v)) => {
                                update(&k2, i, &|j| j.knowable = Some(*v.clone()))
                            }
                            Ok(_) => fail(&k2, UNEXPECTED_ANSWER.into()),
                            Err(e) => fail(&k2, e),
                        }),
                    );
                }
                None => fail(&k, UNEXPECTED_ANSWER.into()),
            }
            match d.card_index.and_then(|n| card_money_query(game, n)) {
                Some(query) => ask(
                    Job::Position { query },
                    Box::new(move |a| match a {
                        Ok(Answer::Position(sol)) => match open_money_cost(&sol, card, seat) {
                            Some(c) => update(&k, i, &|j| j.open_cost = Some(c)),
                            None => fail(&k, UNEXPECTED_ANSWER.into()),
                        },
                        Ok(_) => fail(&k, UNEXPECTED_ANSWER.into()),
                        Err(e) => fail(&k, e),
                    }),
                ),
                None => fail(&k, UNEXPECTED_ANSWER.into()),
            }
        };
    let start = move |_| {
        let Some(k) = key() else { return };
        let Some(game) = tp.game.get_untracked() else {
            return;
        };
        let (user, seed, ds) = tp.table.with_untracked(|t| {
            (
                t.user,
                t.computer_seed(t.user),
                decisions(&game, t.user, &t.hints_now()),
            )
        });
        state.set(Some((
            k.clone(),
            ds.iter().map(|d| (d.clone(), Judged::default())).collect(),
        )));
        for (i, d) in ds.iter().enumerate() {
            if d.kind == Kind::Card {
                let (Some(q), Some(card), Some(seat)) = (
                    d.card_index.and_then(|n| card_query(&game, n)),
                    card_of(d),
                    play_seat(&game, user),
                ) else {
                    continue;
                };
                ask_knowable(&game, user, d, seed, k.clone(), i, seat, card);
                let k = k.clone();
                ask(
                    Job::Position { query: q },
                    Box::new(move |a| {
                        let v = match a {
                            Ok(Answer::Position(sol)) => card_check(&sol, card)
                                .map(|c| verdict(seat, &c))
                                .ok_or_else(|| UNEXPECTED_ANSWER.to_string()),
                            Ok(_) => Err(UNEXPECTED_ANSWER.into()),
                            Err(e) => Err(e),
                        };
                        update(&k, i, &|j| match &v {
                            Ok(v) => j.card = Some(*v),
                            Err(e) => j.failed = Some(e.clone()),
                        });
                    }),
                );
                continue;
            }
            // Its knowable cost from the user's view then.
            match choice_view_at(&game, user, d) {
                Some((view, turn, after)) => {
                    let k = k.clone();
                    let job = Job::TableKnowable {
                        view: Box::new(view),
                        turn: Box::new(turn),
                        after: after.map(Box::new),
                        taken: d.action.clone(),
                        seed: seed ^ d.at as u64,
                    };
                    ask(
                        job,
                        Box::new(move |a| match a {
                            Ok(Answer::Knowable(v)) => {
                                update(&k, i, &|j| j.knowable = Some(*v.clone()));
                            }
                            Ok(_) => update(&k, i, &|j| j.failed = Some(UNEXPECTED_ANSWER.into())),
                            Err(e) => update(&k, i, &|j| j.failed = Some(e.clone())),
                        }),
                    );
                }
                None => update(&k, i, &|j| j.failed = Some(UNEXPECTED_ANSWER.into())),
            }
            let record = record_before(&game, d.at);
            // A kontra's money lost on the cards as they lay.
            if d.kind == Kind::Kontra {
                let k = k.clone();
                let job = Job::KontraOpenCost {
                    record: record.clone(),
                    seat: user,
                    taken: d.action.clone(),
                };
                ask(
                    job,
                    Box::new(move |a| match a {
                        Ok(Answer::OpenCost(c)) => update(&k, i, &|j| j.open_cost = Some(c)),
                        Ok(_) => update(&k, i, &|j| j.failed = Some(UNEXPECTED_ANSWER.into())),
                        Err(e) => update(&k, i, &|j| j.failed = Some(e.clone())),
                    }),
                );
            }
            // The user's own bid, open-hand.
            if let Some(a) = d.action.as_ref() {
                let n = ask_bid_values(&game, d.at, a, k.clone(), i, |j, v| j.yours.push(v));
                update(&k, i, &|j| j.yours_wanted = n);
            }
            let kind = d.kind;
            for level in [Table::HINT_LEVEL, TableLevel::Cheater] {
                let job = Job::TableDecision {
                    record: record.clone(),
                    seat: user,
                    level,
                    seed,
                };
                let (k, game) = (k.clone(), game.clone());
                let at = d.at;
                ask(
                    job,
                    Box::new(move |a| match table_action(a).map(|a| as_choice(kind, a)) {
                        Err(e) => update(&k, i, &|j| j.failed = Some(e.clone())),
                        Ok(action) if level == TableLevel::Cheater => {
                            let n = action.as_ref().map_or(0, |b| {
                                ask_bid_values(&game, at, b, k.clone(), i, |j, v| {
                                    j.best_pays.push(v);
                                })
                            });
                            update(&k, i, &|j| {
                                j.best = Some(action.clone());
                                j.best_wanted = Some(n);
                            });
                        }
                        Ok(action) => update(&k, i, &|j| j.advisor = Some(action.clone())),
                    }),
                );
            }
        }
    };
    let current = move || {
        let k = key()?;
        state.with(|s| {
            s.as_ref()
                .filter(|(sk, _)| *sk == k)
                .map(|(_, r)| r.clone())
        })
    };
    let base = crate::url_sync::router_base();
    view! {
        <section class="panel table-review" aria-labelledby="table-review-title" data-testid="table-review">
            <h2 id="table-review-title">{text(lang, "whole.review_title")}</h2>
            <p class="hint">{text(lang, "whole.review_hint")}</p>
            {move || {
                current()
                    .is_none()
                    .then(|| {
                        view! {
                            <div class="table-controls">
                                <button type="button" data-testid="table-review-start" on:click=start>
                                    {text(lang, "whole.review_start")}
                                </button>
                            </div>
                        }
                    })
            }}
            {move || {
                let rows = current()?;
                let l = lang.get();
                let game = tp.game.get()?;
                let hints = rows.iter().filter(|(d, _)| d.hint.is_some()).count();
                Some(review_view(l, &game, &rows, hints, &base))
            }}
        </section>
    }
}

/// The progress, the summary and the rows.
fn review_view(
    l: Lang,
    game: &WholeGame,
    rows: &[(Decision, Judged)],
    hints: usize,
    base: &str,
) -> impl IntoView + use<> {
    let done = rows.iter().filter(|(d, j)| j.done(d)).count();
    let total = rows.len();
    let choices: Vec<_> = rows.iter().filter(|(d, _)| d.kind != Kind::Card).collect();
    let best = choices
        .iter()
        .filter(|(d, j)| j.mark(d) == Some(Mark::Best))
        .count();
    let cards: Vec<_> = rows.iter().filter(|(d, _)| d.kind == Kind::Card).collect();
    let kept = cards
        .iter()
        .filter(|(_, j)| j.card == Some(Verdict::Kept))
        .count();
    let summary = (done == total).then(|| {
        view! {
            <p class="table-review-summary" data-testid="table-review-summary" data-best=best.to_string()
                data-choices=choices.len().to_string() data-kept=kept.to_string()
                data-cards=cards.len().to_string() data-hints=hints.to_string()>
                {tr_with(
                    l,
                    "whole.review_summary",
                    &[
                        ("best", &best.to_string()),
                        ("n", &choices.len().to_string()),
                        ("cards", &kept.to_string()),
                        ("total", &cards.len().to_string()),
                        ("hints", &hints.to_string()),
                    ],
                )}
            </p>
        }
    });
    let judged: Vec<_> = rows
        .iter()
        .map(|(d, j)| (j.knowable.as_ref(), j.open_money(d)))
        .collect();
    let items = rows
        .iter()
        .map(|(d, j)| row_view(l, game, d, j, base))
        .collect_view();
    view! {
        {knowable::skill_luck_summary(l, &judged)}
        <p class="hint" role="status" data-testid="table-review-progress" data-done=done.to_string() data-total=total.to_string()>
            {tr_with(l, "whole.review_progress", &[("done", &done.to_string()), ("total", &total.to_string())])}
        </p>
        {summary}
        <ol class="table-review-rows">{items}</ol>
    }
}

/// One decision's row.
fn row_view(l: Lang, game: &WholeGame, d: &Decision, j: &Judged, base: &str) -> AnyView {
    let hint = d.hint.as_ref().map(|h| {
        view! {
            <p class="hint" data-testid="table-review-hint">
                {tr_with(l, "whole.review_hint_taken", &[("advice", &hint_text(l, h.as_deref()))])}
            </p>
        }
    });
    let failed = j.failed.as_ref().map(|e| {
        view! { <p class="alert">{tr_with(l, "whole.review_failed", &[("error", e)])}</p> }
    });
    if d.kind == Kind::Card {
        let card = card_of(d).expect("a card decision has its card");
        let index = d.card_index.unwrap_or(0);
        let (kind, note) = verdict_words(l, j.card);
        let link = solver_query_at(game, index).unwrap_or_default();
        return view! {
            <li class="table-review-row" data-testid="table-review-row" data-kind="card" data-at=d.at.to_string()
                data-verdict=kind data-hint=d.hint.is_some().to_string()>
                <a href=format!("{base}/?{link}") class=format!("review-card verdict-{kind}") data-testid="table-review-card">
                    <span class=format!("card micro {}", suit_class(card.suit())) aria-hidden="true">
                        <CardFace card=card />
                    </span>
                    <span class="visually-hidden">{format!("{}. {}: ", index + 1, card_name(l, card))}</span>
                    <span class="review-note">{note}</span>
                </a>
                {knowable::knowable_line(l, j.knowable.as_ref(), j.open_cost)}
                {hint}
                {failed}
            </li>
        }
        .into_any();
    }
    let kind_key = match d.kind {
        Kind::Auction => "whole.review_kind_auction",
        Kind::Trump => "whole.review_kind_trump",
        _ => "whole.review_kind_kontra",
    };
    let yours = match &d.action {
        Some(a) => advice_text(l, Some(a)),
        None => tr(l, "whole.review_let_go"),
    };
    let pending = tr(l, "play.verdict_pending");
    let advisor = j.advisor.as_ref().map(|a| {
        let agrees = same_choice(d.action.as_ref(), a.as_ref());
        format!(
            "{} ({})",
            advice_text(l, a.as_ref()),
            tr(
                l,
                if agrees {
                    "whole.review_advisor_agrees"
                } else {
                    "whole.review_advisor_differs"
                }
            )
        )
    });
    let agrees = j
        .advisor
        .as_ref()
        .map(|a| same_choice(d.action.as_ref(), a.as_ref()).to_string());
    let best = j.best.as_ref().map(|a| advice_text(l, a.as_ref()));
    let mark = j.mark(d);
    let (mark_kind, mark_text) = match mark {
        None => ("pending", pending.clone()),
        Some(Mark::Best) => ("best", tr(l, "whole.review_mark_best")),
        Some(Mark::Other(Some(n))) => (
            "lost",
            tr_with(l, "whole.review_mark_lost", &[("n", &n.to_string())]),
        ),
        Some(Mark::Cost(n)) => (
            "lost",
            tr_with(l, "whole.review_mark_cost", &[("n", &n.to_string())]),
        ),
        Some(Mark::Other(None)) => ("other", tr(l, "whole.review_mark_other")),
    };
    let yours_pay = Judged::value(&j.yours, j.yours_wanted).flatten();
    let best_pay = Judged::value(&j.best_pays, j.best_wanted.unwrap_or(usize::MAX)).flatten();
    let is_bid = matches!(d.action.as_ref().map(|a| &a.verb), Some(Verb::Bid { .. }));
    // What the bids were worth open-hand (the best's only when it bids too).
    let pays = (is_bid && j.done(d)).then(|| {
        let yours = yours_pay.map_or("—".into(), signed);
        let words = match best_pay {
            Some(b) => tr_with(
                l,
                "whole.review_open_pay",
                &[("yours", &yours), ("best", &signed(b))],
            ),
            None => tr_with(l, "whole.review_open_pay_yours", &[("yours", &yours)]),
        };
        view! { <p class="hint" data-testid="table-review-pay">{words}</p> }
    });
    view! {
        <li class=format!("table-review-row mark-{mark_kind}") data-testid="table-review-row"
            data-kind=match d.kind { Kind::Auction => "auction", Kind::Trump => "trump", _ => "kontra" }
            data-at=d.at.to_string() data-mark=mark_kind data-advisor-agrees=agrees
            data-hint=d.hint.is_some().to_string()>
            <strong>{tr(l, kind_key)}</strong>
            <span>{format!(": {} — {mark_text}", tr_with(l, "whole.review_yours", &[("action", &yours)]))}</span>
            <p class="hint">{tr_with(l, "whole.review_advisor", &[("action", &advisor.unwrap_or_else(|| pending.clone()))])}</p>
            <p class="hint">{tr_with(l, "whole.review_open", &[("action", &best.unwrap_or(pending))])}</p>
            {pays}
            {knowable::knowable_line(l, j.knowable.as_ref(), j.open_money(d))}
            {hint}
            {failed}
        </li>
    }
    .into_any()
}
