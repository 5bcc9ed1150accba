// Benchmark (not a test): the "My hand" page's card mode with one worker against two. The
// slowest card of bench-advice.mjs (the first defender's card against an ulti, 100 samples) is
// asked for with the browser reporting 1 core (a pool of one worker) and 2 cores (two workers
// sharing the advice's samples), alternately, RUNS times each. Each run opens a fresh page,
// warms its workers with another seed, then times opening the link to the finished advice.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:PORT/ulti-solver/ node tests/e2e/bench-card.mjs [RUNS]
// (the release site, e.g. as scripts/bench-app.sh serves it).

import { baseUrl, decodeDeal, launchBrowser, newPage } from './helpers.mjs';

const runs = Number(process.argv[2] || 3);
const CODE = '0070605040300173727021213323322232414341510112021303125263536';
const deal = decodeDeal(CODE);
const url = (seed) =>
  `${baseUrl()}hand?mode=card&hand=${deal.hands[1].join(',')}&seat=1&trump=${deal.trump}` +
  `&bid=ulti&played=PA&samples=100&seed=${seed}`;

const browser = await launchBrowser();
const times = { 1: [], 2: [] };
try {
  for (let i = 0; i < runs; i++) {
    for (const cores of [1, 2]) {
      const page = await newPage(browser.context);
      await page.addInitScript((n) => {
        Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
      }, cores);
      await page.goto(url(7));
      await page.waitForSelector('[data-testid=card-advice-done]', { timeout: 60000 });
      const t0 = Date.now();
      await page.goto(url(1));
      await page.waitForSelector('[data-testid=card-advice-done]', { timeout: 60000 });
      times[cores].push(Date.now() - t0);
      await page.close();
    }
  }
} finally {
  await browser.close();
}
for (const cores of [1, 2]) {
  const t = times[cores];
  console.log(
    `${cores} core${cores > 1 ? 's' : ''} (${cores} worker${cores > 1 ? 's' : ''}): link → advice ${t.join(', ')} ms ` +
      `(median ${[...t].sort((a, b) => a - b)[Math.floor(t.length / 2)]} ms)`,
  );
}
