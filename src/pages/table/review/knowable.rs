//! The review's skill-or-luck words: each decision's knowable cost (what it lost on average
//! against the best choice over the layouts the user could not tell apart, with its 95 %
//! interval) and its mark, a mistake or bad luck, and the deal's two sums. The numbers come
//! from the workers (`Job::Knowable` for a card, `Job::TableKnowable` for an auction, trump or
//! kontra decision; `Job::Position` for a card's open-hand cost on the actual layout,
//! `Job::KontraOpenCost` for a kontra's).

use leptos::prelude::*;
use ulti_engine::advise::{Judgement, Knowable, judge};

use crate::i18n::{Lang, tr, tr_with};
use crate::model::table::review::{KNOWABLE_TOLERANCE, money_text, skill_and_luck};

/// One decision's knowable cost and its mark (`None` while the workers are at it); `open` is
/// its open-hand cost on the actual layout, the mark's other half.
pub(crate) fn knowable_line(l: Lang, k: Option<&Knowable>, open: Option<f64>) -> AnyView {
    let Some(k) = k else {
        return view! {
            <p class="hint review-knowable" data-testid="review-knowable" data-pending="true">
                {tr(l, "review.knowable_pending")}
            </p>
        }
        .into_any();
    };
    let words = if k.layouts == 0 {
        tr(l, "review.knowable_forced")
    } else {
        tr_with(
            l,
            "review.knowable",
            &[
                ("mean", &money_text(k.mean)),
                ("hw", &money_text(k.half_width)),
                ("n", &k.layouts.to_string()),
            ],
        )
    };
    let mark = open.map(|open| match judge(k, open, KNOWABLE_TOLERANCE) {
        Judgement::Mistake => view! {
            <span class="review-mark review-mistake" data-testid="review-mistake"
                data-cost=money_text(k.mean)>
                "✗ " {tr(l, "review.mistake")}
            </span>
        }
        .into_any(),
        Judgement::BadLuck => view! {
            <span class="review-mark review-luck" data-testid="review-luck"
                data-cost=money_text(open)>
                "☂ " {tr_with(l, "review.luck", &[("n", &money_text(open))])}
            </span>
        }
        .into_any(),
        Judgement::Fine => view! {
            <span class="review-mark review-fine">"✓ " {tr(l, "review.fine")}</span>
        }
        .into_any(),
    });
    view! {
        <p class="hint review-knowable" data-testid="review-knowable" data-mean=money_text(k.mean)
            data-half-width=money_text(k.half_width) data-layouts=k.layouts.to_string()
            data-open=open.map(money_text)>
            <span>{words}</span>
            " "
            {mark}
        </p>
    }
    .into_any()
}

/// The deal's two sums, over the decisions weighed so far.
pub(crate) fn skill_luck_summary(
    l: Lang,
    judged: &[(Option<&Knowable>, Option<f64>)],
) -> impl IntoView + use<> {
    let (mistakes, luck) = skill_and_luck(judged);
    let done = judged
        .iter()
        .filter(|(k, o)| k.is_some() && o.is_some())
        .count();
    let total = judged.len();
    let partial = (done < total).then(|| {
        tr_with(
            l,
            "review.summary_partial",
            &[("done", &done.to_string()), ("total", &total.to_string())],
        )
    });
    view! {
        <div class="review-summary" data-done=done.to_string() data-total=total.to_string()>
            <p data-testid="review-summary-mistakes" data-sum=money_text(mistakes)>
                "✗ " {tr_with(l, "review.summary_mistakes", &[("n", &money_text(mistakes))])}
            </p>
            <p data-testid="review-summary-luck" data-sum=money_text(luck)>
                "☂ " {tr_with(l, "review.summary_luck", &[("n", &money_text(luck))])}
            </p>
            {partial.map(|p| view! { <p class="hint">{p}</p> })}
        </div>
    }
}
