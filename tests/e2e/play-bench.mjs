// Benchmark (not a test): how long the computer takes to decide on the Play page, in headless
// Chromium, at a level (default strong). The user plays defender 1 of a few deals (the first
// legal card each time); every computer decision's page-side time ([data-testid=play-think-ms],
// from the job's dispatch to the worker's answer) is recorded: the soloist's discard and bid,
// then each card.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:PORT/ulti-solver/ node tests/e2e/play-bench.mjs [LEVEL] [DEALS]

import { DEALS, baseUrl, launchBrowser, newPage } from './helpers.mjs';

const level = process.argv[2] || 'strong';
const deals = Number(process.argv[3] || 2);
const CODES = [DEALS['great-betli'], DEALS['slow-simulation'], DEALS['strong-hand']].slice(0, deals);

const browser = await launchBrowser();
const bids = [];
const cards = [];
try {
  for (const code of CODES) {
    const page = await newPage(browser.context);
    await page.goto(baseUrl());
    await page.evaluate(
      ([c, l]) => {
        history.pushState(null, '', `play?deal=${c}&seat=1&level=${l}`);
        dispatchEvent(new PopStateEvent('popstate', { state: null }));
        // Each decision's time, in order: the soloist's bid first (defender 1 never bids),
        // then the computer's cards; a mutation observer sees every change of data-ms.
        window.__ms = [];
        let last = null;
        const note = () => {
          const el = document.querySelector('[data-testid=play-think-ms]');
          if (!el || el.dataset.ms === last) return;
          last = el.dataset.ms;
          window.__ms.push(Number(last));
        };
        new MutationObserver(note).observe(document.body, {
          subtree: true,
          childList: true,
          attributes: true,
          attributeFilter: ['data-ms'],
        });
      },
      [code, level],
    );
    for (;;) {
      const phase = await page.waitForFunction(
        () => {
          const p = document.querySelector('[data-testid=play-status]')?.dataset.phase;
          return p === 'user' || p === 'over' ? p : false;
        },
        null,
        { timeout: 300_000, polling: 20 },
      );
      if ((await phase.jsonValue()) === 'over') break;
      const n = await page.locator('[data-testid=play-hand] [data-testid=play-card]').count();
      await page.locator('[data-testid=play-card][data-legal=true]').first().click();
      await page.waitForFunction((b) => document.querySelectorAll('[data-testid=play-hand] [data-testid=play-card]').length === b - 1, n);
    }
    const ms = await page.evaluate(() => window.__ms);
    console.log(`${code}: bid ${ms[0]} ms, cards ${ms.slice(1).join(" ")} ms`);
    bids.push(ms[0]);
    cards.push(...ms.slice(1));
    await page.close();
  }
} finally {
  await browser.close();
}
const stats = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p) => s[Math.min(s.length - 1, Math.floor(p * s.length))];
  return `n=${s.length} median ${q(0.5)} ms, p90 ${q(0.9)} ms, max ${s[s.length - 1]} ms`;
};
console.log(`level ${level}: bid ${stats(bids)}; cards ${stats(cards)}`);
