// The review separates skill from luck: a deal at the Table page against the easy computers,
// played quickly (pass or stand, the first offered trump, no kontra, the first legal card), then
// the review. Every card of the user gets its knowable cost (mean and interval over the
// layouts it could not tell apart), the mistake and bad-luck marks carry their money, and the
// deal's two sums equal the sums of the marked decisions shown. In Hungarian and at 375 px,
// axe clean. The review's time for the whole deal is printed (`review of one deal: … ms`).
// The Play page's review gives the user's cards the same costs and sums. A deal with a known
// mistake: the user holds every Makk and names Tök, which loses on every layout; the trump row
// is marked a mistake with its whole cost, every auction, trump and kontra row has its cost,
// and the sums are the marked costs of every row. A kontra let go on a unit the soloist loses
// on the cards as they lay: the row carries what the kontra would have added (1), bad luck
// unless its knowable cost calls it a mistake. A pass with eight Piros in hand against a passz:
// the row says what the pass cost against the open-hand player's bid, and that money is a
// mistake or bad luck in the sums.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEALS, TIMEOUT, baseUrl, browserPerFile, importAt, openTable, pageProblems, screenshot, withPage } from './helpers.mjs';
import { assertAccessible } from './a11y.mjs';

const browser = browserPerFile();
const DEAL_MS = 300_000;

/** Waits until the user is asked something (or the deal is over); returns which. */
async function userTurn(page) {
  await page.waitForFunction(
    () =>
      document.querySelector('[data-testid=table-result]') ||
      ['auction', 'trump', 'card', 'kontra'].includes(
        document.querySelector('[data-testid=table-status]')?.dataset.next,
      ),
    null,
    { timeout: TIMEOUT.solve },
  );
  return page.evaluate(() =>
    document.querySelector('[data-testid=table-result]')
      ? 'over'
      : document.querySelector('[data-testid=table-status]')?.dataset.next,
  );
}

/** The user's bid when it must: pick up and say the lowest playable bid (or put back). */
async function pickUpAndBid(page) {
  if (await page.$('[data-testid=table-pick-up]')) await page.click('[data-testid=table-pick-up]');
  await page.waitForSelector('[data-testid=table-bidding-box], [data-testid=table-put-back]');
  if (await page.$('[data-testid=table-put-back]')) {
    await page.click('[data-testid=table-put-back]');
    return;
  }
  await page.click('[data-testid=table-bid][data-fit=needs] >> nth=0');
  await page.click('[data-testid=table-use-discard]');
  await page.click('[data-testid=table-bid-chosen]');
}

/** Plays the deal to its end quickly. */
async function playOut(page) {
  for (;;) {
    const step = await userTurn(page);
    if (step === 'over') return;
    if (step === 'auction') {
      if (await page.$('[data-testid=table-stand]')) await page.click('[data-testid=table-stand]');
      else if (await page.$('[data-testid=table-pass]')) await page.click('[data-testid=table-pass]');
      else await pickUpAndBid(page);
    } else if (step === 'trump') {
      await page.click('[data-testid=table-trump] >> nth=0');
    } else if (step === 'kontra') {
      await page.click('[data-testid=table-no-kontra]');
    } else {
      await page.click('[data-testid=table-card][data-legal=true] >> nth=0');
    }
    await page
      .waitForFunction(
        (n) => document.querySelector('[data-testid=table-status]')?.dataset.next !== n || document.querySelector('[data-testid=table-result]'),
        step,
        { timeout: TIMEOUT.ui },
      )
      .catch(() => {});
  }
}

/** Opens the review, waits for every decision, returns the time it took (ms). */
async function review(page) {
  const t0 = Date.now();
  await page.click('[data-testid=table-review-start]');
  // Decisions appear progressively: the first knowable cost comes before the last.
  await page.waitForSelector('[data-testid=review-knowable]:not([data-pending])', { timeout: TIMEOUT.solve });
  const first = Date.now() - t0;
  await page.waitForFunction(
    () => {
      const p = document.querySelector('[data-testid=table-review-progress]');
      return p && p.dataset.done === p.dataset.total;
    },
    null,
    { timeout: TIMEOUT.solve * 4 },
  );
  return { first, all: Date.now() - t0 };
}

const num = (s) => Number(s);

async function checkReview(page, lang) {
  const cards = await page.$$eval('[data-testid=table-review-row]', (els) =>
    els.map((e) => {
      const k = e.querySelector('[data-testid=review-knowable]');
      return {
        kind: e.dataset.kind,
        text: k?.textContent ?? '',
        mean: k?.dataset.mean,
        hw: k?.dataset.halfWidth,
        layouts: k?.dataset.layouts,
        mistake: e.querySelector('[data-testid=review-mistake]')?.dataset.cost ?? null,
        luck: e.querySelector('[data-testid=review-luck]')?.dataset.cost ?? null,
        open: k?.dataset.open,
      };
    }),
  );
  assert.ok(cards.some((c) => c.kind === 'card'), 'the user played cards');
  for (const c of cards) {
    assert.ok(c.mean !== undefined, `every card has its knowable cost: ${JSON.stringify(c)}`);
    assert.ok(num(c.mean) >= 0 && num(c.hw) >= 0, JSON.stringify(c));
    if (num(c.layouts) === 0) {
      assert.equal(num(c.mean), 0, 'a forced decision costs nothing');
      assert.match(c.text, lang === 'en' ? /forced/ : /kényszer/);
    } else {
      // The number and its interval are in the words.
      assert.ok(c.text.includes(c.mean) && c.text.includes(`± ${c.hw}`), c.text);
    }
    assert.ok(!(c.mistake && c.luck), 'a decision is a mistake or bad luck, not both');
    if (c.mistake) assert.ok(num(c.mean) - num(c.hw) > 0, `a mistake's interval lies above zero: ${JSON.stringify(c)}`);
  }
  const sum = (xs) => xs.reduce((a, b) => a + b, 0);
  const mistakes = sum(cards.filter((c) => c.mistake).map((c) => num(c.mistake)));
  const luck = sum(cards.filter((c) => c.luck).map((c) => num(c.luck)));
  const shownM = num(await page.getAttribute('[data-testid=review-summary-mistakes]', 'data-sum'));
  const shownL = num(await page.getAttribute('[data-testid=review-summary-luck]', 'data-sum'));
  // Each shown amount is rounded to a tenth.
  const slack = 0.05 * (cards.length + 1);
  assert.ok(Math.abs(shownM - mistakes) <= slack, `mistakes: ${shownM} vs ${mistakes}`);
  assert.ok(Math.abs(shownL - luck) <= slack, `luck: ${shownL} vs ${luck}`);
  const summary = await page.textContent('[data-testid=review-summary-mistakes]');
  assert.match(summary, lang === 'en' ? /Lost by mistakes/ : /Hibákkal/);
  return cards;
}

test('every card of a deal gets its knowable cost, and the sums are the marked ones', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'knowable review', async (page) => {
    await openTable(page, 'en');
    await page.selectOption('[data-testid=table-level]', 'easy');
    await playOut(page);
    const t = await review(page);
    console.log(`review of one deal in the browser: first cost after ${t.first} ms, all after ${t.all} ms`);
    const cards = await checkReview(page, 'en');
    console.log(`decisions: ${cards.length}, mistakes: ${cards.filter((c) => c.mistake).length}, bad luck: ${cards.filter((c) => c.luck).length}`);
    await screenshot(page, 'knowable-review-en');
    await assertAccessible(page, 'the review with knowable costs');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('the review in Hungarian on a phone', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'knowable review hu', async (page) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await openTable(page, 'hu');
    await page.selectOption('[data-testid=table-level]', 'easy');
    await playOut(page);
    await review(page);
    await checkReview(page, 'hu');
    await screenshot(page, 'knowable-review-hu-375');
    await assertAccessible(page, 'a felülvizsgálat telefonon');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('the Play page: the user\'s cards get their knowable costs and the sums', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'knowable play', async (page) => {
    await page.goto(baseUrl());
    await page.evaluate((deal) => {
      history.pushState(null, '', `play?deal=${deal}&seat=1&level=easy&lang=en`);
      dispatchEvent(new PopStateEvent('popstate', { state: null }));
    }, DEALS['great-betli']);
    await page.locator('[data-testid=play-page]').waitFor();
    let n = 0;
    for (;;) {
      const phase = await page
        .waitForFunction(
          () => {
            const p = document.querySelector('[data-testid=play-status]')?.dataset.phase;
            return p === 'user' || p === 'over' ? p : false;
          },
          null,
          { timeout: TIMEOUT.solve, polling: 50 },
        )
        .then((h) => h.jsonValue());
      if (phase === 'over') break;
      const hand = page.locator('[data-testid=play-hand] [data-testid=play-card]');
      const before = await hand.count();
      await page.locator('[data-testid=play-card][data-legal=true]').first().click();
      await page.waitForFunction((b) => document.querySelectorAll('[data-testid=play-hand] [data-testid=play-card]').length === b - 1, before);
      n += 1;
    }
    assert.equal(n, 10, 'the user played ten cards');
    await page.waitForFunction(
      () => {
        const ks = document.querySelectorAll('[data-testid=review-knowable]');
        return ks.length === 10 && [...ks].every((k) => !k.dataset.pending) && document.querySelectorAll('[data-testid=review-knowable] .review-mark').length === 10;
      },
      null,
      { timeout: TIMEOUT.solve * 2 },
    );
    const rows = await page.$$eval('[data-testid=review-knowable]', (els) =>
      els.map((k) => ({
        mean: Number(k.dataset.mean),
        hw: Number(k.dataset.halfWidth),
        mistake: k.querySelector('[data-testid=review-mistake]')?.dataset.cost,
        luck: k.querySelector('[data-testid=review-luck]')?.dataset.cost,
      })),
    );
    const sum = (xs) => xs.reduce((a, b) => a + Number(b), 0);
    const m = sum(rows.filter((r) => r.mistake).map((r) => r.mistake));
    const l = sum(rows.filter((r) => r.luck).map((r) => r.luck));
    const shownM = Number(await page.getAttribute('[data-testid=review-summary-mistakes]', 'data-sum'));
    const shownL = Number(await page.getAttribute('[data-testid=review-summary-luck]', 'data-sum'));
    assert.ok(Math.abs(shownM - m) <= 0.6 && Math.abs(shownL - l) <= 0.6, `${shownM}/${m} ${shownL}/${l}`);
    for (const r of rows.filter((r) => r.mistake)) assert.ok(r.mean - r.hw > 0, JSON.stringify(r));
    await screenshot(page, 'knowable-play-en');
    await assertAccessible(page, 'the Play page review with knowable costs');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('a known mistake: naming a trump that loses on every layout is marked, and counted', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'knowable mistake', async (page) => {
    await openTable(page, 'en');
    // Seat 0, the user, holds every Makk and bids passz laying down P7, P8; both pass.
    const hands = ['M7,M8,M9,MX,MU,MO,MK,MA,ZA,ZX,P7,P8', 'P9,PX,PA,PO,PK,PU,Z7,Z8,Z9,ZU', 'ZO,ZK,T7,T8,T9,TX,TU,TO,TK,TA'];
    await importAt(page, 0, JSON.stringify({ format: 'ulti-game/1', dealer: 2, hands, actions: ['0 bid passz P7,P8', '1 pass', '2 pass'] }));
    let step = await userTurn(page);
    if (step === 'auction') {
      await page.click('[data-testid=table-stand]');
      step = await userTurn(page);
    }
    assert.equal(step, 'trump');
    // Tök: the defenders hold all eight; Makk would take every trick.
    await page.click('[data-testid=table-trump][data-suit=T]');
    await playOut(page);
    const t = await review(page);
    console.log(`review of the deal with a mistake: first cost after ${t.first} ms, all after ${t.all} ms`);
    const rows = await checkReview(page, 'en');
    const trump = rows.find((r) => r.kind === 'trump');
    assert.ok(trump?.mistake, `the trump is a mistake: ${JSON.stringify(trump)}`);
    assert.equal(trump.hw, '0', 'it loses on every layout: no interval');
    assert.ok(num(trump.mistake) > 0 && trump.mistake === trump.mean, JSON.stringify(trump));
    for (const r of rows.filter((r) => r.kind !== 'card')) assert.ok(r.mean !== undefined, `every auction, trump and kontra row has its cost: ${JSON.stringify(r)}`);
    const shownM = num(await page.getAttribute('[data-testid=review-summary-mistakes]', 'data-sum'));
    assert.ok(shownM >= num(trump.mistake), `the sum holds the trump's cost: ${shownM}`);
    console.log(`rows: ${rows.map((r) => `${r.kind}:${r.mean}±${r.hw}/${r.layouts}${r.mistake ? ' mistake' : ''}${r.luck ? ' luck' : ''}`).join(' ')}`);
    await screenshot(page, 'knowable-mistake-en');
    await assertAccessible(page, 'the review with a mistake');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('a kontra let go on a unit the soloist loses has its open-hand cost', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'knowable kontra', async (page) => {
    await openTable(page, 'en');
    // The soloist (seat 0) holds every Makk but names Tök, which the defenders hold all of, and
    // leads the Makk Ász; the user (seat 1) may say kontra on the passz and lets it go.
    const hands = ['M7,M8,M9,MX,MU,MO,MK,MA,ZA,ZX,P7,P8', 'P9,PX,PA,PO,PK,PU,Z7,Z8,Z9,ZU', 'ZO,ZK,T7,T8,T9,TX,TU,TO,TK,TA'];
    const actions = ['0 bid passz P7,P8', '1 pass', '2 pass', '0 stand', '0 trump T', '0 card MA'];
    await importAt(page, 1, JSON.stringify({ format: 'ulti-game/1', dealer: 2, hands, actions }));
    // Its turn to play, the kontra offered beside the cards: playing a card lets it go.
    assert.equal(await userTurn(page), 'card');
    await page.locator('[data-testid=table-kontra]').waitFor();
    await playOut(page);
    await review(page);
    const rows = await checkReview(page, 'en');
    const kontra = rows.find((r) => r.kind === 'kontra');
    // The defenders win the passz with every card open: the kontra would have taken 2 from
    // the soloist instead of 1.
    assert.equal(kontra?.open, '1', `the kontra's open-hand cost: ${JSON.stringify(kontra)}`);
    if (!kontra.mistake) assert.equal(kontra.luck, '1', `not a mistake, so bad luck: ${JSON.stringify(kontra)}`);
    console.log(`kontra row: ${JSON.stringify(kontra)}`);
    await screenshot(page, 'knowable-kontra-en');
    assert.deepEqual(pageProblems(page), []);
  });
});

test('a pass on a hand the open-hand player bids says what it cost', { timeout: DEAL_MS }, async () => {
  await withPage(browser.context, 'knowable pass', async (page) => {
    await openTable(page, 'en');
    // Seat 0 bids passz laying down T7, T8; the user (seat 1) holds every Piros with the Zöld
    // Ász and Tízes, and passes: with every card open it would pick up and bid high.
    const hands = ['M7,M8,M9,MX,MU,MO,MK,MA,T7,T8,T9,TX', 'P7,P8,P9,PX,PU,PO,PK,PA,ZA,ZX', 'Z7,Z8,Z9,ZU,ZO,ZK,TU,TO,TK,TA'];
    await importAt(page, 1, JSON.stringify({ format: 'ulti-game/1', dealer: 2, hands, actions: ['0 bid passz T7,T8'] }));
    assert.equal(await userTurn(page), 'auction');
    await page.click('[data-testid=table-pass]');
    await playOut(page);
    await review(page);
    const rows = await checkReview(page, 'en');
    const first = await page.$eval('[data-testid=table-review-row][data-kind=auction]', (e) => ({
      at: e.dataset.at,
      mark: e.dataset.mark,
      text: e.querySelector(':scope > span').textContent,
      open: e.querySelector('[data-testid=review-knowable]')?.dataset.open,
    }));
    assert.equal(first.at, '1', JSON.stringify(first));
    assert.equal(first.mark, 'lost', JSON.stringify(first));
    const m = first.text.match(/ — cost you (\d+) against the open-hand best$/);
    assert.ok(m, first.text);
    // The open-hand player bids piros 40-100 ulti terített durchmars and makes it: 40 from
    // each defender, 80; passing paid the passz's 1 to its holder instead: 79.
    assert.equal(Number(m[1]), 79, first.text);
    // The same money is the open-hand cost the skill/luck split weighs.
    assert.equal(Number(first.open), Number(m[1]), JSON.stringify(first));
    const pass = rows.find((r) => r.kind === 'auction');
    assert.ok(pass.mistake || pass.luck, `the pass is a mistake or bad luck: ${JSON.stringify(pass)}`);
    console.log(`pass row: ${first.text} ${JSON.stringify(pass)}`);
    await page.locator('[data-testid=table-review-row][data-kind=auction] >> nth=0').scrollIntoViewIfNeeded();
    await screenshot(page, 'knowable-pass-en');
    assert.deepEqual(pageProblems(page), []);
  });
});
