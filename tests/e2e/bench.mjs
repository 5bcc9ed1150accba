// Benchmark (not a test): how long the web app takes, in headless Chromium, to show every
// result of the original app's "slow simulation" deal (all contracts of its trump).
//
// Each run opens the deal link in a fresh page and measures, in the page, performance.now()
// (0 = navigation start) when the last result stops being pending; it also reads the app's own
// figure from [data-testid=solve-ms] when shown. One warm-up run, then RUNS measured runs.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:PORT/ulti-solver/ node tests/e2e/bench.mjs [RUNS]
// (scripts/bench-app.sh builds, serves and runs this.)

import { DEALS, appUrl, dumpLog, launchBrowser, newPage, waitForResults } from './helpers.mjs';

const runs = Number(process.argv[2] || 10);
const CODE = DEALS['slow-simulation'];

/** Installed before the page's own scripts: notes when all results are first complete. */
function recordDone() {
  window.__done = null;
  const check = () => {
    if (window.__done !== null) return;
    const results = [...document.querySelectorAll('[data-testid=result]')];
    if (
      results.length > 0 &&
      !document.querySelector('[data-testid=solving]') &&
      results.every((r) => r.dataset.status && r.dataset.status !== 'pending')
    ) {
      window.__done = performance.now();
    }
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-status', 'data-testid'],
  });
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const browser = await launchBrowser();
const total = [];
const appMs = [];
try {
  await browser.context.addInitScript(recordDone);
  for (let i = 0; i <= runs; i++) {
    const page = await newPage(browser.context);
    try {
      await page.goto(appUrl(`deal=${CODE}`));
      const { count } = await waitForResults(page);
      const done = await page.evaluate(() => window.__done);
      const shown = await page
        .locator('[data-testid=solve-ms]')
        .first()
        .textContent({ timeout: 1000 })
        .catch(() => null);
      const ms = shown?.match(/(\d+(?:[.,]\d+)?)\s*ms/);
      const label = i === 0 ? 'warm-up' : `run ${String(i).padStart(2)}`;
      console.log(
        `${label}: ${count} results, navigation → last result ${done.toFixed(0)} ms` +
          (shown !== null ? `, app's solve-ms: "${shown.trim()}"` : ''),
      );
      if (i > 0) {
        total.push(done);
        if (ms) appMs.push(Number(ms[1].replace(',', '.')));
      }
    } catch (err) {
      dumpLog(page, 'bench run failed');
      throw err;
    } finally {
      await page.close();
    }
  }
} finally {
  await browser.close();
}

console.log(
  `\nslow simulation, all contracts of its trump, ${runs} runs: navigation → last result ` +
    `median ${median(total).toFixed(0)} ms (min ${Math.min(...total).toFixed(0)}, max ${Math.max(...total).toFixed(0)})`,
);
if (appMs.length) {
  console.log(`app's own solve-ms: median ${median(appMs).toFixed(0)} ms (min ${Math.min(...appMs)}, max ${Math.max(...appMs)})`);
}
