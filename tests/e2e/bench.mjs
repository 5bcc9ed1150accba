// Benchmark (not a test): how long the web app takes, in headless Chromium, to show every
// result of the original app's "slow simulation" deal (all contracts of its trump).
//
// Each run measures, in the page: (1) navigation start → the last result, opening the deal
// link in a fresh page (performance.now() counts from navigation start), and (2) a click that
// starts a fresh analysis → the last result of the deal's trump and → the whole 30-cell table:
// the deal is opened under a house rule, then the rule is switched off (nothing is cached for
// the default rules, and the worker pool is already running); and reads the app's own figure
// from [data-testid=solve-ms]. One warm-up run, then RUNS measured runs.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:PORT/ulti-solver/ node tests/e2e/bench.mjs [RUNS]
// (scripts/bench-app.sh builds, serves and runs this.)

import { eachRun, summary } from './bench-helpers.mjs';
import { DEALS, appUrl, launchBrowser, waitForResults } from './helpers.mjs';

const runs = Number(process.argv[2] || 10);
const CODE = DEALS['slow-simulation'];

/**
 * Installed before the page's own scripts: notes (performance.now()) when all results of the
 * deal's trump are complete (`__done`), and when all 30 cells of the full table are
 * (`__tableDone`), each the first time after it was seen pending; `window.__reset()` starts
 * over (before a click).
 */
function recordDone() {
  window.__reset = () => {
    window.__done = null;
    window.__tableDone = null;
    window.__resultsBusy = false;
    window.__tableBusy = false;
  };
  window.__reset();
  const check = () => {
    if (window.__done === null) {
      const results = [...document.querySelectorAll('[data-testid=result]')];
      const solving = document.querySelector('[data-testid=solving]') !== null;
      const pending = results.some((r) => !r.dataset.status || r.dataset.status === 'pending');
      if (solving || pending) window.__resultsBusy = true;
      else if (window.__resultsBusy && results.length > 0) window.__done = performance.now();
    }
    if (window.__tableDone === null) {
      const table = document.querySelector('[data-testid=table-progress]');
      if (table && table.dataset.done !== table.dataset.total) window.__tableBusy = true;
      else if (window.__tableBusy && table) window.__tableDone = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-status', 'data-testid', 'data-done'],
  });
}

/** The app's own figure from [data-testid=solve-ms], in ms (or null). */
async function appSolveMs(page) {
  const text = await page
    .locator('[data-testid=solve-ms]')
    .first()
    .textContent({ timeout: 1000 })
    .catch(() => null);
  const m = text?.match(/(\d+(?:[.,]\d+)?)\s*ms/);
  return m ? Number(m[1].replace(',', '.')) : null;
}

const browser = await launchBrowser();
const nav = [];
const click = [];
const table = [];
const appMs = [];
try {
  await browser.context.addInitScript(recordDone);
  await eachRun(browser.context, runs, async (page, label, measured) => {
    // 1. Navigation to the deal link → last result (includes loading the app and worker).
    await page.goto(appUrl(`deal=${CODE}`));
    const { count } = await waitForResults(page);
    const navMs = await page.evaluate(() => window.__done);
    const shown = await appSolveMs(page);

    // 2. A click → last result and → whole table: the same deal under a house rule, then
    //    the rule switched off, which starts a fresh analysis in the running worker pool.
    await page.goto(appUrl(`deal=${CODE}&rules=must-beat-after-trump`));
    await waitForResults(page);
    await page.waitForSelector('[data-testid=table-progress][data-done="30"]', { timeout: 30_000 });
    await page.click('details.house-rules summary');
    await page.evaluate(() => {
      window.__reset();
      document.addEventListener('click', (e) => (window.__clickAt = e.timeStamp), { capture: true, once: true });
    });
    await page.click('[data-testid=rule-must-beat-after-trump]');
    await page.waitForFunction(() => window.__done !== null && window.__tableDone !== null, null, {
      timeout: 30_000,
      polling: 50,
    });
    const clickMs = await page.evaluate(() => window.__done - window.__clickAt);
    const tableMs = await page.evaluate(() => window.__tableDone - window.__clickAt);

    console.log(
      `${label}: ${count} results; navigation → last result ${navMs.toFixed(0)} ms; ` +
        `click → last result ${clickMs.toFixed(0)} ms, → whole table ${tableMs.toFixed(0)} ms; ` +
        `app's solve-ms ${shown ?? '—'}`,
    );
    if (measured) {
      nav.push(navMs);
      click.push(clickMs);
      table.push(tableMs);
      if (shown !== null) appMs.push(shown);
    }
  });
} finally {
  await browser.close();
}
console.log(`\nslow simulation deal, all contracts of its trump (Piros), ${runs} runs:`);
console.log(`  navigation → last result: ${summary(nav)}`);
console.log(`  click (house rule off) → last result: ${summary(click)}`);
console.log(`  click (house rule off) → whole table (30 cells, every trump): ${summary(table)}`);
if (appMs.length) console.log(`  the app's own solve-ms (first load): ${summary(appMs)}`);
