// The deal editor: dealing by clicks and "Random deal" give a valid deal whose link
// round-trips; a malformed `?deal=` shows the engine's error and the editor stays usable.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import {
  ALL_CARDS,
  DEALS,
  TIMEOUT,
  appUrl,
  browserPerFile,
  decodeDeal,
  diffResults,
  expectedResults,
  pageProblems,
  readEditor,
  readResults,
  urlDeal,
  waitForResults,
  withPage,
} from './helpers.mjs';

const browser = browserPerFile();

const sorted = (cards) => [...cards].sort();
const card = (c) => `[data-testid=deck] [data-testid=card][data-card="${c}"]`;

/** Waits until the URL carries a complete deal and returns its code. */
async function waitForUrlDeal(page, previous = null) {
  await page.waitForFunction(
    (prev) => {
      const d = new URL(location.href).searchParams.get('deal');
      return d && /^\d{61}$/.test(d) && d !== prev;
    },
    previous,
    { timeout: TIMEOUT.ui },
  );
  return urlDeal(page);
}

/** Checks that the editor shows exactly the deal of `code`. */
async function assertEditorShows(page, code) {
  const deal = decodeDeal(code);
  const shown = await readEditor(page);
  for (const i of [0, 1, 2]) assert.deepEqual(sorted(shown.hands[i]), sorted(deal.hands[i]), `hand ${i}`);
  assert.deepEqual(sorted(shown.talon), sorted(deal.talon), 'talon');
  assert.deepEqual(shown.trump, [deal.trump], 'trump');
  for (const i of [0, 1, 2]) {
    assert.equal(await page.getAttribute(`[data-testid=hand-${i}]`, 'data-count'), '10', `hand ${i} count`);
  }
}

/** A fixed, shuffled order of the 32 cards (so hands mix suits and ranks). */
function shuffled(seed) {
  const cards = [...ALL_CARDS];
  let x = seed;
  for (let i = cards.length - 1; i > 0; i--) {
    x = (x * 1103515245 + 12345) % 2147483648;
    const j = x % (i + 1);
    [cards[i], cards[j]] = [cards[j], cards[i]];
  }
  return cards;
}

test('dealing by clicks gives a valid deal whose link round-trips', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'deal-by-clicks', async (page) => {
    await page.goto(appUrl());
    await page.waitForSelector('[data-testid=deck]');
    await page.click('[data-testid=clear-deal]');
    await page.waitForFunction(
      () => document.querySelectorAll('[data-testid=deck] [data-testid=card][data-owner=none]').length === 32,
    );

    const order = shuffled(7);
    const hands = [order.slice(0, 10), order.slice(10, 20), order.slice(20, 30)];
    for (const i of [0, 1, 2]) {
      await page.click(`[data-testid=hand-tab-${i}]`);
      assert.equal(await page.getAttribute(`[data-testid=hand-tab-${i}]`, 'aria-pressed'), 'true');
      for (const c of hands[i]) {
        await page.click(card(c));
        await page.waitForSelector(`${card(c)}[data-owner="${i}"]`);
      }
      await page.waitForSelector(`[data-testid=hand-${i}][data-count="10"]`);
    }

    // Toggling: a click takes a card back out of its hand, Enter puts it back.
    const back = hands[2][0];
    await page.click(card(back));
    await page.waitForSelector(`${card(back)}[data-owner=none]`);
    await page.waitForSelector('[data-testid=hand-2][data-count="9"]');
    await page.focus(card(back));
    await page.keyboard.press('Enter');
    await page.waitForSelector(`${card(back)}[data-owner="2"]`);

    await assertAccessible(page, 'editor with three full hands');
    await page.click('[data-testid=trump-M]');
    await page.waitForSelector('[data-testid=trump-M][aria-pressed=true]');

    const code = await waitForUrlDeal(page);
    await page.waitForFunction(() => new URL(location.href).searchParams.get('deal')?.startsWith('2'));
    const finalCode = urlDeal(page);
    const deal = decodeDeal(finalCode);
    assert.equal(deal.trump, 'M', `trump digit of ${code}`);
    for (const i of [0, 1, 2]) assert.deepEqual(sorted(deal.hands[i]), sorted(hands[i]), `hand ${i} in the link`);
    assert.deepEqual(sorted(deal.talon), sorted(order.slice(30)), 'talon in the link');
    await assertEditorShows(page, finalCode);

    // The complete deal is solved; the results match the CLI.
    await waitForResults(page);
    assert.deepEqual(diffResults(await readResults(page), expectedResults(finalCode)), []);

    // The link round-trips in a fresh page.
    const fresh = await browser.context.newPage();
    try {
      await fresh.goto(appUrl(`deal=${finalCode}`));
      await fresh.waitForSelector('[data-testid=hand-0][data-count="10"]');
      await assertEditorShows(fresh, finalCode);
      assert.equal(urlDeal(fresh), finalCode);
    } finally {
      await fresh.close();
    }
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('"Random deal" gives a valid deal whose link round-trips', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'random-deal', async (page) => {
    await page.goto(appUrl(`deal=${DEALS['strong-hand']}`));
    await page.waitForSelector('[data-testid=deck]');
    const seen = new Set([DEALS['strong-hand']]);
    let code = DEALS['strong-hand'];
    for (let round = 0; round < 2; round++) {
      await page.click('[data-testid=random-deal]');
      code = await waitForUrlDeal(page, code);
      assert.ok(!seen.has(code), `random deal repeated ${code}`);
      seen.add(code);
      decodeDeal(code); // valid: 61 digits, in range, no repeated card
      await page.waitForSelector('[data-testid=hand-2][data-count="10"]');
      await assertEditorShows(page, code);
    }
    await waitForResults(page);
    const shown = await readResults(page);

    await page.reload();
    await page.waitForSelector('[data-testid=hand-0][data-count="10"]');
    assert.equal(urlDeal(page), code, 'the link survives a reload');
    await assertEditorShows(page, code);
    await waitForResults(page);
    assert.deepEqual(await readResults(page), shown, 'same results after reload');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

const MALFORMED = [
  { what: 'too short', code: '123', message: /61/ },
  // digit 0 is the trump, 0..3
  { what: 'digit out of range', code: `9${DEALS['strong-hand'].slice(1)}`, message: /range|0\.\.=?3|0–3/i },
  // cards 1 and 2 both `07` = Piros Ász
  { what: 'repeated card', code: `00707${DEALS['strong-hand'].slice(5)}`, message: /PA|piros ász/i },
];

for (const { what, code, message } of MALFORMED) {
  test(`a malformed ?deal= (${what}) shows the error and the editor stays usable`, { timeout: TIMEOUT.solve }, () =>
    withPage(browser.context, `malformed-${what}`, async (page) => {
      await page.goto(appUrl(`deal=${code}`));
      const error = page.locator('[data-testid=deal-error]');
      await error.waitFor({ state: 'visible' });
      const text = (await error.textContent()).trim();
      assert.match(text, message, `error text for ${code}`);
      await assertAccessible(page, `malformed deal (${what})`);

      // Still usable: a card click deals into the active hand, and "Random deal" replaces the
      // bad link with a valid deal and clears the error.
      await page.click('[data-testid=clear-deal]');
      await page.click('[data-testid=hand-tab-1]');
      await page.click(card('ZA'));
      await page.waitForSelector(`${card('ZA')}[data-owner="1"]`);
      await page.click('[data-testid=random-deal]');
      const fresh = await waitForUrlDeal(page, code);
      decodeDeal(fresh);
      await error.waitFor({ state: 'hidden' });
      await page.waitForSelector('[data-testid=hand-2][data-count="10"]');
      await waitForResults(page);
      assert.deepEqual(
        pageProblems(page).filter((l) => !l.startsWith('console')),
        [],
        'page errors or failed requests',
      );
    }),
  );
}
