// The Play page (issue 11): a whole hand as soloist and one as defender, played by clicking
// cards against the easy computer; the result and payoff are checked against the engine CLI on
// the finished game, a few review marks against `ulti solve --all-cards` at that position, and
// one strong computer card is timed. Also: an illegal card is refused with its reason, a reload
// mid-game continues at the same card, a review card opens the solver's line viewer there, and
// every state passes axe.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEALS,
  TIMEOUT,
  baseUrl,
  browserPerFile,
  decodeDeal,
  pageProblems,
  screenshot,
  withPage,
} from './helpers.mjs';
import { cliJson } from './analysis-helpers.mjs';
import { assertAccessible } from './a11y.mjs';

const browser = browserPerFile();

const SUITS = 'PZMT';
const RANKS = '789XUOKA';
/** The defender's deal (the soloist's is the README's strong hand). */
const DEFENDER_DEAL = DEALS['great-betli'];

/**
 * Opens the Play page with `query` as a fresh page load. The test server (python http.server)
 * serves no SPA routes, so the app is loaded at its base and routed to `play?…` in the page,
 * as the router does for a followed link (GitHub Pages serves deep links via 404.html).
 */
async function openPlay(page, query) {
  await page.goto(baseUrl());
  await page.evaluate((q) => {
    history.pushState(null, '', `play?${q}`);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, query);
  await page.locator('[data-testid=play-page]').waitFor();
}

/** The 61-digit code of a deal (`{ trump, hands }`), the inverse of decodeDeal. */
function encodeDeal(trump, hands) {
  const digit = (c) => `${SUITS.indexOf(c[0])}${RANKS.indexOf(c[1])}`;
  return `${SUITS.indexOf(trump)}${hands.flat().map(digit).join('')}`;
}

/** The deal as played: the soloist's twelve minus the discard, the bid's trump. */
function playedDeal(dealt, bidId, discard) {
  const d = decodeDeal(dealt);
  const twelve = [...d.hands[0], ...d.talon].filter((c) => !discard.includes(c));
  const trump = (bidId.match(/@([PZMT])/) || [])[1] || d.trump;
  return encodeDeal(trump, [twelve, d.hands[1], d.hands[2]]);
}

/** A deal code as `{ trump, hands }` with each hand sorted (card order within a hand is free). */
function sortedDeal(code) {
  const d = decodeDeal(code);
  return { trump: d.trump, hands: d.hands.map((h) => [...h].sort()) };
}

function param(page, name) {
  return new URL(page.url()).searchParams.get(name);
}

/** Waits for the user's turn or the end; returns the phase. */
async function waitForTurn(page) {
  const handle = await page.waitForFunction(
    () => {
      const err = document.querySelector('[data-testid=play-computer-error]');
      if (err) return { error: err.textContent };
      const p = document.querySelector('[data-testid=play-status]')?.dataset.phase;
      return p === 'user' || p === 'over' ? { phase: p } : false;
    },
    null,
    { timeout: TIMEOUT.solve, polling: 50 },
  );
  const r = await handle.jsonValue();
  if (r.error) throw new Error(`the computer failed: ${r.error}`);
  return r.phase;
}

/**
 * Plays the user's cards (the first legal one each time; once, first an illegal one, which
 * must be refused with its reason) until the game ends. `onTurn(n)` runs before the user's
 * n-th card. Returns the number of user cards.
 */
async function playOut(page, { tryIllegal = true, onTurn = async () => {} } = {}) {
  let n = 0;
  let triedIllegal = !tryIllegal;
  while ((await waitForTurn(page)) === 'user') {
    await onTurn(n);
    const hand = page.locator('[data-testid=play-hand] [data-testid=play-card]');
    const before = await hand.count();
    if (!triedIllegal && (await page.locator('[data-testid=play-card][data-legal=false]').count()) > 0) {
      const bad = page.locator('[data-testid=play-card][data-legal=false]').first();
      const played = param(page, 'played');
      await bad.click();
      await page.locator('[data-testid=play-error]').waitFor();
      const why = await page.locator('[data-testid=play-error]').textContent();
      assert.match(why, /(must|follow|trump|VII|Seven|beat)/i, `reason shown: ${why}`);
      assert.equal(await hand.count(), before, 'an illegal card stays in the hand');
      assert.equal(param(page, 'played'), played, 'an illegal card is not played');
      await assertAccessible(page, 'play: illegal card refused');
      triedIllegal = true;
    }
    await page.locator('[data-testid=play-card][data-legal=true]').first().click();
    await page.waitForFunction((b) => document.querySelectorAll('[data-testid=play-hand] [data-testid=play-card]').length === b - 1, before);
    n += 1;
  }
  return n;
}

/**
 * The final result against the CLI on the finished game: each component's outcome, and for a
 * compound bid in its plain form (the CLI has no terített / piros-betli flag) the payoff.
 */
function checkResult(result, deal, played, bid) {
  const cards = played.join(',');
  const [contract, ...form] = bid.split('@');
  if (contract.includes('+') && form.every((f) => /^[PZMT]$/.test(f))) {
    const json = cliJson('solve', '--deal', deal, '--contract', contract, '--played', cards, '--json');
    assert.equal(result.payoff, json.payoff, `the payoff of ${bid} equals the CLI's`);
  }
  for (const c of result.components) {
    const json = cliJson('solve', '--deal', deal, '--contract', c.contract, '--played', cards, '--json');
    assert.equal(json.soloist_wins, c.won, `${c.contract} won on the finished game`);
    assert.equal(Math.sign(c.payoff), c.won ? 1 : -1, `${c.contract} payoff sign`);
  }
  const total = result.components.reduce((s, c) => s + c.payoff, 0);
  assert.equal(result.payoff, total, 'the payoff is the sum of the components');
  assert.equal(result.soloistWon, result.components.every((c) => c.won));
  return cards;
}

async function readResult(page) {
  return page.evaluate(() => {
    const r = document.querySelector('[data-testid=play-result]');
    return {
      payoff: Number(r.dataset.payoff),
      userPayoff: Number(r.dataset.userPayoff),
      soloistWon: r.dataset.soloistWon === 'true',
      components: [...document.querySelectorAll('[data-testid=play-component]')].map((c) => ({
        contract: c.dataset.contract,
        won: c.dataset.won === 'true',
        payoff: Number(c.dataset.payoff),
      })),
    };
  });
}

/** Waits for every review mark, then checks `indices` against `ulti solve --all-cards`. */
async function checkReview(page, deal, bid, played, seats, indices) {
  await page.waitForFunction(
    () => document.querySelector('[data-testid=play-review-progress]')?.dataset.done === '30',
    null,
    { timeout: TIMEOUT.solve, polling: 200 },
  );
  const marks = await page.$$eval('[data-testid=review-card]', (els) =>
    els.map((e) => ({ card: e.dataset.card, seat: Number(e.dataset.seat), verdict: e.dataset.verdict, turning: e.dataset.turning === 'true' })),
  );
  assert.equal(marks.length, 30);
  assert.deepEqual(marks.map((m) => m.card), played);
  const firstThrown = marks.findIndex((m) => m.verdict === 'threw');
  assert.deepEqual(marks.map((m, i) => m.turning), marks.map((_, i) => i === firstThrown), 'the turning card is the first thrown');
  const contract = bid.split('@')[0];
  for (const i of indices) {
    const args = ['solve', '--deal', deal, '--contract', contract, '--all-cards', '--json'];
    if (i > 0) args.push('--played', played.slice(0, i).join(','));
    const json = cliJson(...args);
    const cv = json.cards.find((c) => c.card === played[i]);
    assert.ok(cv, `card ${i + 1} ${played[i]} is among the CLI's legal cards`);
    const solo = seats[i] === 0;
    let kind;
    if (json.soloist_wins !== cv.soloist_wins) kind = 'threw';
    else {
      let lost = 0;
      if (json.soloist_points != null && cv.soloist_points != null) lost = solo ? json.soloist_points - cv.soloist_points : cv.soloist_points - json.soloist_points;
      else if (json.payoff != null && cv.payoff != null) lost = solo ? json.payoff - cv.payoff : cv.payoff - json.payoff;
      kind = lost > 0 ? 'lost' : 'kept';
    }
    assert.equal(marks[i].verdict, kind, `review mark of card ${i + 1} (${played[i]})`);
  }
  return marks;
}

test('a whole hand as soloist: discard, announce, play, result and review match the CLI', async () => {
  await withPage(browser.context, 'play soloist', async (page) => {
    const t0 = Date.now();
    const dealt = DEALS['strong-hand'];
    await openPlay(page, `deal=${dealt}&lang=en`);
    await page.locator('[data-testid=play-setup]').waitFor();
    await assertAccessible(page, 'play: setup');
    await page.click('[data-testid=play-seat-0]');
    await page.click('[data-testid=play-level-easy]');
    await page.click('[data-testid=play-start]');
    assert.equal(param(page, 'seat'), '0');

    // Twelve cards; two discarded; the list holds only playable bids (passz of every suit).
    const twelve = await page.$$eval('[data-testid=bid-card]', (els) => els.map((e) => e.dataset.card));
    const d = decodeDeal(dealt);
    assert.deepEqual([...twelve].sort(), [...d.hands[0], ...d.talon].sort());
    assert.equal(await page.isDisabled('[data-testid=play-announce]'), true);
    // Discard two cards that are not trumps or marriages: the two lowest non-Piros cards.
    const discard = twelve.filter((c) => c[0] !== 'P' && !'KO'.includes(c[1])).slice(0, 2);
    for (const c of discard) await page.click(`[data-testid=bid-card][data-card=${c}]`);
    const options = await page.$$eval('[data-testid=play-bid-select] option', (els) => els.map((e) => e.value));
    for (const s of SUITS) assert.ok(options.includes(`passz@${s}`), `passz@${s} is on the list`);
    const bid = options.find((o) => o === '40-100+ulti@P') || options.find((o) => o.startsWith('ulti@')) || 'passz@P';
    await page.selectOption('[data-testid=play-bid-select]', bid);
    await assertAccessible(page, 'play: discard and bid');
    await screenshot(page, 'play-bid', { settle: false });
    await page.click('[data-testid=play-announce]');
    await page.locator('[data-testid=play-table]').waitFor();
    assert.equal(await page.getAttribute('[data-testid=play-contract]', 'data-bid'), bid);
    assert.equal(param(page, 'bid'), bid);
    assert.deepEqual(param(page, 'discard').split(','), discard);

    let shot = false;
    await playOut(page, {
      onTurn: async (n) => {
        if (n === 3 && !shot) {
          await assertAccessible(page, 'play: mid-game');
          await screenshot(page, 'play-midgame', { settle: false });
          shot = true;
        }
      },
    });
    const played = param(page, 'played').split(',');
    assert.equal(played.length, 30);
    const deal = playedDeal(dealt, bid, discard);
    const result = await readResult(page);
    checkResult(result, deal, played, bid);
    assert.equal(result.userPayoff, 2 * result.payoff, 'the soloist is paid by both defenders');
    const marks = await checkReview(page, deal, bid, played, await reviewSeats(page), [0, 1, 2, 15, 29]);
    await assertAccessible(page, 'play: result and review');
    await screenshot(page, 'play-review', { settle: false });

    // A review card opens the solver's line viewer at that position.
    const k = Math.max(0, marks.findIndex((m) => m.turning));
    await page.click(`[data-testid=review-card][data-index="${k}"]`);
    await page.locator('[data-testid=line-viewer]').waitFor();
    await page.waitForFunction((s) => document.querySelector('[data-testid=line-viewer]')?.dataset.step === String(s), k);
    assert.deepEqual(sortedDeal(param(page, 'deal')), sortedDeal(deal), 'the solver page opens the deal as played');
    // Back to the finished game; "again" deals the next hand to the same seat and level.
    await page.goBack();
    await page.locator('[data-testid=play-result]').waitFor();
    await page.click('[data-testid=play-again]');
    await page.locator('[data-testid=play-bid]').waitFor();
    assert.notEqual(param(page, 'deal'), dealt);
    assert.equal(param(page, 'seat'), '0');
    assert.equal(param(page, 'level'), 'easy');
    assert.equal(param(page, 'played'), null);
    assert.deepEqual(pageProblems(page), []);
    console.log(`# soloist game (${bid}): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});

/** The seat of every reviewed card, as the page marks it. */
async function reviewSeats(page) {
  return page.$$eval('[data-testid=review-card]', (els) => els.map((e) => Number(e.dataset.seat)));
}

test('a whole hand as defender, resumed after a reload; a strong computer card timed', async () => {
  await withPage(browser.context, 'play defender', async (page) => {
    const t0 = Date.now();
    await openPlay(page, `deal=${DEFENDER_DEAL}&seat=1&level=easy&lang=hu`);
    // The computer soloist discards and announces in a worker.
    await page.waitForFunction(() => document.querySelector('[data-testid=play-contract]')?.dataset.bid, null, { timeout: TIMEOUT.solve });
    const bid = param(page, 'bid');
    const discard = param(page, 'discard').split(',');
    assert.ok(bid && discard.length === 2);
    const d = decodeDeal(DEFENDER_DEAL);
    for (const c of discard) assert.ok([...d.hands[0], ...d.talon].includes(c), `discard ${c} is the soloist's`);
    // A defender does not see the discard.
    assert.equal(await page.locator('[data-testid=play-talon]').count(), 0);

    let reloaded = false;
    await playOut(page, {
      tryIllegal: true,
      onTurn: async (n) => {
        if (n === 2) {
          // At phone width: no sideways scrolling, every target at least 40 px.
          await page.setViewportSize({ width: 390, height: 800 });
          const m = await page.evaluate(() => {
            const small = [];
            for (const e of document.querySelectorAll('button, select, a[href]')) {
              const r = e.getBoundingClientRect();
              if (r.width > 0 && (r.width < 39.5 || r.height < 39.5)) small.push(`${e.dataset.testid} ${Math.round(r.width)}×${Math.round(r.height)}`);
            }
            return { small, scroll: document.documentElement.scrollWidth, width: innerWidth };
          });
          assert.deepEqual(m.small, [], 'touch targets under 40 px at 390 px');
          assert.ok(m.scroll <= m.width, `sideways scrolling at 390 px: ${m.scroll}`);
          await screenshot(page, 'play-phone', { settle: false });
        }
        if (n === 4 && !reloaded) {
          reloaded = true;
          const url = page.url();
          const hand = await page.$$eval('[data-testid=play-hand] [data-testid=play-card]', (els) => els.map((e) => e.dataset.card));
          await openPlay(page, url.split('?')[1]);
          await waitForTurn(page);
          assert.equal(page.url(), url, 'a reopened link keeps the game');
          const again = await page.$$eval('[data-testid=play-hand] [data-testid=play-card]', (els) => els.map((e) => e.dataset.card));
          assert.deepEqual(again, hand, 'the same hand after the reload');
        }
      },
    });
    assert.ok(reloaded);
    const played = param(page, 'played').split(',');
    assert.equal(played.length, 30);
    const deal = playedDeal(DEFENDER_DEAL, bid, discard);
    const result = await readResult(page);
    checkResult(result, deal, played, bid);
    assert.equal(result.userPayoff, -result.payoff, 'a defender pays (or is paid by) the soloist');
    await checkReview(page, deal, bid, played, await reviewSeats(page), [0, 10, 28]);
    await assertAccessible(page, 'play: defender review (hu)');

    // One strong computer card: the position after the user's first card (a computer seat to
    // move), the level switched to strong.
    const seats = await reviewSeats(page);
    const i = seats.findIndex((s, j) => j > 0 && s !== 1 && seats[j - 1] === 1);
    const url = new URL(page.url());
    url.searchParams.set('level', 'strong');
    url.searchParams.set('played', played.slice(0, i).join(','));
    await openPlay(page, url.search.slice(1));
    const ms = await page.waitForFunction(
      () => document.querySelector('[data-testid=play-think-ms]')?.dataset.ms,
      null,
      { timeout: TIMEOUT.solve, polling: 20 },
    );
    const strongMs = Number(await ms.jsonValue());
    console.log(`# strong computer card ${i + 1}: ${strongMs} ms (page-side, worker pool)`);
    assert.ok(strongMs < 15_000, `a strong card took ${strongMs} ms`);
    assert.deepEqual(pageProblems(page), []);
    console.log(`# defender game (${bid}): ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  });
});

