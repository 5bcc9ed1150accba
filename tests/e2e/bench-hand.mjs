// Benchmark (not a test): the "My hand" page's full bid-and-discard answer (default 32
// samples, 32 confirmation samples) in headless Chromium with WORKERS workers (default one: the
// browser reports that many cores, so the pool has that many workers), read from the page's own clock
// ([data-testid=advice-status] data-ms: from the request to the last answer, page side).
//
// Each run: the hand link with seed s (the first run of a page includes loading the worker),
// then the seed changed to s + 1000 in the running pool (fresh layouts, a warm worker).
// Usage: [HAND=C1,…,C12] [WORKERS=2] E2E_BASE_URL=http://127.0.0.1:PORT/ulti-solver/ node tests/e2e/bench-hand.mjs [RUNS]
// (scripts/bench-app.sh builds, serves and runs this.)

import { eachRun, summary } from './bench-helpers.mjs';
import { baseUrl, launchBrowser } from './helpers.mjs';

const runs = Number(process.argv[2] || 5);
const HAND = process.env.HAND || 'PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8';
const WORKERS = Number(process.env.WORKERS || 1);

async function runMs(page) {
  await page.waitForFunction(
    () => {
      const s = document.querySelector('[data-testid=advice-status]');
      return s && s.dataset.state === 'done' && s.dataset.ms;
    },
    null,
    { timeout: 300_000, polling: 50 },
  );
  return page.$eval('[data-testid=advice-status]', (e) => ({
    ms: Number(e.dataset.ms),
    samples: Number(e.dataset.answered),
  }));
}

const browser = await launchBrowser();
const cold = [];
const warm = [];
try {
  await browser.context.addInitScript((n) => {
    Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
  }, WORKERS);
  await eachRun(browser.context, runs, async (page, label, measured, i) => {
    await page.goto(`${baseUrl()}hand?hand=${HAND}&samples=32&seed=${i + 1}`);
    const first = await runMs(page);
    await page.fill('[data-testid=advice-seed]', String(i + 1001));
    await page.press('[data-testid=advice-seed]', 'Enter');
    await page.waitForSelector('[data-testid=advice-status][data-state=running]');
    const second = await runMs(page);
    console.log(
      `${label}: link → answer ${first.ms} ms (${first.samples} samples, worker start included); ` +
        `seed change → answer ${second.ms} ms (${second.samples} samples)`,
    );
    if (measured) {
      cold.push(first.ms);
      warm.push(second.ms);
    }
  });
} finally {
  await browser.close();
}
console.log(`\nMy hand, ${HAND}, 32 samples, ${WORKERS} worker(s), ${runs} runs:`);
console.log(`  link → full answer (worker start included): ${summary(cold)}`);
console.log(`  seed change → full answer (warm worker): ${summary(warm)}`);
