// The three deal links of the original app's README: the app shows the deal and, for every
// contract of the deal's trump, the same result as the engine CLI (`ulti table --json`).
// Also the sub-path proof: every file the page and its worker load comes from the base path.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import {
  DEALS,
  TIMEOUT,
  appUrl,
  baseUrl,
  browserPerFile,
  decodeDeal,
  diffResults,
  expectedResults,
  pageProblems,
  readEditor,
  readResults,
  screenshot,
  waitForResults,
  withPage,
} from './helpers.mjs';

const browser = browserPerFile();

const sorted = (cards) => [...cards].sort();

for (const [name, code] of Object.entries(DEALS)) {
  test(`README link "${name}": results equal the CLI's`, { timeout: 4 * TIMEOUT.solve }, () =>
    withPage(browser.context, name, async (page) => {
      const expected = expectedResults(code);
      assert.ok(Object.keys(expected).length >= 5, `the CLI table has too few cells: ${JSON.stringify(expected)}`);

      await page.goto(appUrl(`deal=${code}`));
      await waitForResults(page);

      // The editor shows the deal of the link.
      const deal = decodeDeal(code);
      const shown = await readEditor(page);
      for (const i of [0, 1, 2]) {
        assert.deepEqual(sorted(shown.hands[i]), sorted(deal.hands[i]), `hand ${i}`);
      }
      assert.deepEqual(sorted(shown.talon), sorted(deal.talon), 'talon');
      assert.deepEqual(shown.trump, [deal.trump], 'selected trump');

      const problems = diffResults(await readResults(page), expected);
      assert.deepEqual(problems, [], `results differ from the CLI for ${code}`);
      assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');

      if (name === 'strong-hand') {
        await screenshot(page, 'dealt-hands');
        await assertAccessible(page, 'results of the strong hand');
      }
    }),
  );
}

test('the app and its worker load from the base path (GitHub Pages sub-path)', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'sub-path', async (page) => {
    const base = new URL(baseUrl());
    const requests = [];
    page.on('request', (r) => requests.push(r.url()));
    const workers = [];
    page.on('worker', (w) => workers.push(w.url()));

    await page.goto(appUrl(`deal=${DEALS['strong-hand']}`));
    await waitForResults(page);

    const local = requests.map((u) => new URL(u)).filter((u) => u.origin === base.origin);
    assert.ok(local.some((u) => u.pathname.endsWith('.wasm')), `no .wasm loaded: ${requests.join(' ')}`);
    const outside = local.filter((u) => !u.pathname.startsWith(base.pathname)).map(String);
    assert.deepEqual(outside, [], `requests outside ${base.pathname}`);
    assert.ok(workers.length >= 1, 'no web worker was started');
    for (const w of workers) {
      assert.ok(new URL(w).pathname.startsWith(base.pathname), `worker ${w} outside ${base.pathname}`);
    }
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('a point contract shows its verdict first and its exact card points right after', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'verdict-then-points', async (page) => {
    // Record, per result row, the order in which its verdict and its points appear.
    await page.addInitScript(() => {
      window.__events = [];
      new MutationObserver((records) => {
        for (const r of records) {
          const el = r.target;
          if (el.dataset?.testid !== 'result') continue;
          window.__events.push({
            contract: el.dataset.contract,
            status: el.dataset.status,
            points: el.dataset.points ?? null,
            pending: el.dataset.pointsPending ?? null,
          });
        }
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-status', 'data-points', 'data-points-pending'] });
    });
    const code = DEALS['slow-simulation'];
    const expected = expectedResults(code);
    await page.goto(appUrl(`deal=${code}`));
    await waitForResults(page);
    const events = await page.evaluate(() => window.__events);
    for (const id of ['passz', '40-100', '20-100']) {
      if (!expected[id] || expected[id].status === 'unplayable') continue;
      const mine = events.filter((e) => e.contract === id);
      const verdict = mine.findIndex((e) => e.status === 'wins' || e.status === 'loses');
      const points = mine.findIndex((e) => e.points !== null);
      assert.ok(verdict >= 0 && points >= 0, `${id}: verdict and points recorded: ${JSON.stringify(mine)}`);
      assert.equal(mine[verdict].points, null, `${id}: the verdict is shown before the points: ${JSON.stringify(mine)}`);
      assert.equal(mine[verdict].pending, 'true', `${id}: the points are marked as coming`);
      assert.equal(mine[verdict].status, expected[id].status, `${id}: the verdict equals the CLI's`);
      assert.equal(Number(mine.at(-1).points), expected[id].points, `${id}: the points equal the CLI's`);
      assert.equal(mine.at(-1).pending, null, `${id}: nothing pending at the end`);
    }
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);
