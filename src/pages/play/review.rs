//! After the game: the result and payoff, "again", and every card with the solver's verdict;
//! each of the user's cards also with its knowable cost and its mistake or bad-luck mark
//! (`Job::Knowable`), and the game's two sums.

use std::collections::HashMap;

use leptos::prelude::*;
use ulti_engine::SOLOIST;
use ulti_engine::advise::Knowable;

use super::Play;
use crate::components::card::{CardFace, suit_class};
use crate::i18n::{card_name, contract_name, seat_name, text, tr, tr_with, verdict_words};
use crate::model::analysis::signed;
use crate::model::play::{
    PlayPhase, Verdict, card_check, card_money_query, card_view, review_link, review_query,
    turning_card, verdict,
};
use crate::model::table::review::open_money_cost;
use crate::pages::table::review::knowable::{knowable_line, skill_luck_summary};
use crate::protocol::{Answer, Job};
use crate::solver_client::{PositionState, SolverClient};

/// A card's knowable cost and open-hand cost (money for the user), as they come.
type Entry = (Option<Knowable>, Option<f64>);

/// The result and payoff at the end of the game, and "again".
#[component]
pub(super) fn ResultPanel() -> impl IntoView {
    let play = expect_context::<Play>();
    let lang = play.lang;
    let result = move || {
        play.game
            .with(|g| g.as_ref().and_then(|g| g.result().map(|r| (r, g.seat))))
    };
    view! {
        {move || {
            let l = lang.get();
            result()
                .map(|(r, seat)| {
                    let headline = if r.soloist_won() == (seat == SOLOIST) {
                        tr(l, "play.you_won")
                    } else {
                        tr(l, "play.you_lost")
                    };
                    let components = r
                        .components
                        .iter()
                        .map(|c| {
                            let key = if c.won { "play.component_won" } else { "play.component_lost" };
                            view! {
                                <li
                                    data-testid="play-component"
                                    data-contract=c.contract.id()
                                    data-won=c.won.to_string()
                                    data-payoff=c.payoff.to_string()
                                >
                                    {tr_with(
                                        l,
                                        key,
                                        &[
                                            ("contract", &contract_name(l, c.contract)),
                                            ("payoff", &signed(c.payoff)),
                                        ],
                                    )}
                                </li>
                            }
                        })
                        .collect_view();
                    view! {
                        <div
                            class="play-result"
                            data-testid="play-result"
                            data-payoff=r.payoff.to_string()
                            data-user-payoff=r.payoff_of(seat).to_string()
                            data-soloist-won=r.soloist_won().to_string()
                            data-soloist-points=r.soloist_points.to_string()
                            role="status"
                        >
                            <h3>{headline}</h3>
                            <ul class="play-components">{components}</ul>
                            <p>
                                {tr_with(
                                    l,
                                    if r.payoff >= 0 { "play.payoff" } else { "play.payoff_soloist_pays" },
                                    &[
                                        ("payoff", &r.payoff.abs().to_string()),
                                        ("you", &signed(r.payoff_of(seat))),
                                        ("points", &r.soloist_points.to_string()),
                                    ],
                                )}
                            </p>
                            <div class="play-actions">
                                <button
                                    type="button"
                                    class="primary"
                                    data-testid="play-again"
                                    on:click=move |_| play.again()
                                >
                                    {tr(l, "play.again")}
                                </button>
                                <button
                                    type="button"
                                    data-testid="play-change-seat"
                                    on:click=move |_| play.new_deal()
                                >
                                    {tr(l, "play.change_seat")}
                                </button>
                            </div>
                        </div>
                    }
                })
        }}
    }
}

/// Every card of the finished game with the double-dummy verdict at that moment; the first
/// card that turned the result is highlighted; each opens the solver's line viewer there.
#[component]
pub(super) fn Review() -> impl IntoView {
    let play = expect_context::<Play>();
    let client = expect_context::<SolverClient>();
    let lang = play.lang;
    let positions = client.positions();
    let base = crate::url_sync::router_base();
    // The user's cards' knowable and open-hand costs, for the game of the key.
    type Costs = (String, HashMap<usize, Entry>);
    let costs: RwSignal<Costs> = RwSignal::new((String::new(), HashMap::new()));
    let tickets: StoredValue<Vec<u64>> = StoredValue::new(Vec::new());
    on_cleanup(move || {
        if let Some(ts) = tickets.try_get_value() {
            for t in ts {
                client.forget(t);
            }
        }
    });
    let put = move |key: &str, i: usize, f: &dyn Fn(&mut Entry)| {
        let _ = costs.try_update(|(k, m)| {
            if k == key {
                f(m.entry(i).or_default());
            }
        });
    };
    Effect::new(move |_| {
        let Some(g) = play.game.get() else { return };
        let key = g.key();
        if g.phase() != PlayPhase::Over || costs.with_untracked(|c| c.0 == key) {
            return;
        }
        costs.set((key.clone(), HashMap::new()));
        let seats = g.players();
        for (i, &card) in g.played.iter().enumerate() {
            if seats.get(i) != Some(&g.seat) {
                continue;
            }
            put(&key, i, &|_| {});
            if let Some(view) = card_view(&g, i) {
                let job = Job::Knowable {
                    view: Box::new(view),
                    card,
                    seed: g.seed() ^ i as u64,
                };
                let k = key.clone();
                let t = client.ask(job, move |a, _| {
                    if let Ok(Answer::Knowable(v)) = a {
                        put(&k, i, &|e| e.0 = Some(*v.clone()));
                    }
                });
                tickets.update_value(|ts| ts.push(t));
            }
            if let Some(query) = card_money_query(&g, i) {
                let (k, seat) = (key.clone(), g.seat);
                let t = client.ask(Job::Position { query }, move |a, _| {
                    if let Ok(Answer::Position(sol)) = a
                        && let Some(c) = open_money_cost(&sol, card, seat)
                    {
                        put(&k, i, &|e| e.1 = Some(c));
                    }
                });
                tickets.update_value(|ts| ts.push(t));
            }
        }
    });
    let summary = move || {
        let l = lang.get();
        costs.with(|(_, m)| {
            let mut rows: Vec<_> = m.iter().collect();
            rows.sort_by_key(|(i, _)| **i);
            let judged: Vec<_> = rows.iter().map(|(_, (k, o))| (k.as_ref(), *o)).collect();
            skill_luck_summary(l, &judged)
        })
    };
    let marks = Memo::new(move |_| {
        play.game.with(|g| {
            let Some(g) = g.as_ref() else {
                return Vec::new();
            };
            let seats = g.players();
            let verdicts: Vec<Option<Verdict>> = positions.with(|p| {
                (0..g.played.len())
                    .map(|i| {
                        let q = review_query(g, i)?;
                        match p.get(&crate::model::whatif::position_key(&q))? {
                            PositionState::Ready(sol) => {
                                card_check(sol, g.played[i]).map(|c| verdict(seats[i], &c))
                            }
                            _ => None,
                        }
                    })
                    .collect()
            });
            let turning = turning_card(&verdicts);
            (0..g.played.len())
                .map(|i| {
                    (
                        g.played[i],
                        seats[i],
                        verdicts[i],
                        turning == Some(i),
                        review_link(g, i).unwrap_or_default(),
                    )
                })
                .collect::<Vec<_>>()
        })
    });
    let done = move || marks.with(|m| m.iter().filter(|x| x.2.is_some()).count());
    view! {
        <section class="panel play-review" aria-labelledby="play-review-title" data-testid="play-review">
            <h2 id="play-review-title">{text(lang, "play.review_title")}</h2>
            <p class="hint">{text(lang, "play.review_hint")}</p>
            <p class="hint" data-testid="play-review-progress" data-done=move || done().to_string()>
                {move || {
                    tr_with(
                        lang.get(),
                        "play.review_progress",
                        &[("done", &done().to_string()), ("total", &marks.with(Vec::len).to_string())],
                    )
                }}
            </p>
            {summary}
            <ol class="review-tricks">
                {move || {
                    let l = lang.get();
                    let base = base.clone();
                    marks
                        .get()
                        .chunks(3)
                        .enumerate()
                        .map(|(t, chunk)| {
                            let cards = chunk
                                .iter()
                                .enumerate()
                                .map(|(j, (card, seat, v, turning, link))| {
                                    let i = t * 3 + j;
                                    let (kind, note) = verdict_words(l, *v);
                                    let lost = v.and_then(Verdict::lost).unwrap_or(0).to_string();
                                    let label = format!(
                                        "{}. {}, {}: {}{}",
                                        i + 1,
                                        card_name(l, *card),
                                        seat_name(l, *seat),
                                        note,
                                        if *turning { format!(" — {}", tr(l, "play.turning")) } else { String::new() },
                                    );
                                    let cost = costs.with(|(_, m)| {
                                        m.get(&i).map(|(k, o)| knowable_line(l, k.as_ref(), *o))
                                    });
                                    view! {
                                        <li>
                                            <a
                                                href=format!("{base}/?{link}")
                                                class=format!("review-card verdict-{kind}")
                                                class:turning=*turning
                                                data-testid="review-card"
                                                data-index=i.to_string()
                                                data-card=card.to_string()
                                                data-seat=seat.to_string()
                                                data-verdict=kind
                                                data-lost=lost
                                                data-turning=turning.to_string()
                                                aria-label=label
                                            >
                                                <span class=format!("card micro {}", suit_class(card.suit()))>
                                                    <CardFace card=*card />
                                                </span>
                                                <span class="review-note" aria-hidden="true">
                                                    {note}
                                                </span>
                                            </a>
                                            {cost}
                                        </li>
                                    }
                                })
                                .collect_view();
                            view! {
                                <li class="review-trick">
                                    <span class="review-trick-n">
                                        {tr_with(l, "play.trick_n", &[("n", &(t + 1).to_string())])}
                                    </span>
                                    <ol class="review-trick-cards">{cards}</ol>
                                </li>
                            }
                        })
                        .collect_view()
                }}
            </ol>
        </section>
    }
}
