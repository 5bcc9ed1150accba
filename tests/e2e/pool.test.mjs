// One worker pool for the whole app: it is made once at the root and survives route changes.
// A solve started on the solver page keeps going while another page is shown, its results
// arrive when the user comes back (equal to the CLI's), and no new worker is started.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  DEALS,
  TIMEOUT,
  appUrl,
  browserPerFile,
  diffResults,
  expectedResults,
  pageProblems,
  readResults,
  urlDeal,
  waitForResults,
  withPage,
} from './helpers.mjs';

const browser = browserPerFile();

test('a solve survives a page switch, on the same workers', { timeout: 4 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'pool survives routes', async (page) => {
    const code = DEALS['slow-simulation'];
    const expected = expectedResults(code);
    const workers = [];
    page.on('worker', (w) => workers.push(w.url()));

    // Away while the solve runs: the page itself clicks "My hand" the moment the solving
    // indicator appears (the solve can be over before a poll from here would see it), then
    // the Play page.
    await page.addInitScript(() => {
      const watch = new MutationObserver(() => {
        const solving = document.querySelector('[data-testid=solving]');
        const nav = document.querySelector('[data-testid=nav-hand]');
        if (solving && nav) {
          watch.disconnect();
          window.__leftWhileSolving = true;
          nav.click();
        }
      });
      watch.observe(document, { childList: true, subtree: true });
    });
    await page.goto(appUrl(`deal=${code}`));
    await page.locator('[data-testid=hand-count]').waitFor();
    assert.equal(await page.evaluate(() => window.__leftWhileSolving), true, 'left while solving');
    await expect(() => workers.length > 0, 'the pool started its workers');
    const started = workers.length;

    await page.locator('[data-testid=nav-play]').click();
    await page.locator('[data-testid=play-page]').waitFor();

    // Back to the solver page: the deal from the history, the results from the same pool.
    await page.goBack();
    await page.goBack();
    await page.waitForFunction(() => !!document.querySelector('[data-testid=result]'));
    assert.equal(urlDeal(page), code, 'back on the deal');
    await waitForResults(page);
    assert.deepEqual(diffResults(await readResults(page), expected), [], 'results differ from the CLI');
    assert.equal(workers.length, started, `no new worker: ${JSON.stringify(workers)}`);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

/** Waits (up to the UI timeout) until `check()` holds. */
async function expect(check, what) {
  const end = Date.now() + TIMEOUT.ui;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}
