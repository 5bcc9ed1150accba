// Times the computer's decisions at the Table page in the browser (page-side, from the ask to
// the answer: what the user waits for), by kind: auction, trump, kontra, card. The user passes
// throughout, lets every kontra go and plays its first legal card.
//
// Usage: E2E_BASE_URL=… [TABLE_BENCH_SEED=N] [TABLE_BENCH_RAW=1] node tests/e2e/table-bench.mjs [LEVEL=strong] [DEALS=4]
// (TABLE_BENCH_SEED makes the page's Math.random a seeded generator: the same evening, deal for
// deal and decision for decision, for comparing two builds.)
// (scripts/bench-app.sh serves a release build; see README "Whole games at the table").

import { baseUrl, launchBrowser, newPage } from './helpers.mjs';

const level = process.argv[2] || 'strong';
const deals = Number(process.argv[3] || 4);
const { context, close } = await launchBrowser();
const page = await newPage(context);
if (process.env.TABLE_BENCH_SEED) {
  await page.addInitScript((seed) => {
    let s = seed >>> 0;
    Math.random = () => {
      s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
      return s / 4294967296;
    };
  }, Number(process.env.TABLE_BENCH_SEED));
}
await page.goto(baseUrl());
await page.evaluate(() => localStorage.clear());
await page.evaluate(() => {
  history.pushState(null, '', 'table?lang=en');
  dispatchEvent(new PopStateEvent('popstate', { state: null }));
});
await page.waitForSelector('[data-testid=table-page]');
await page.selectOption('[data-testid=table-level]', level);
await page.click('[data-testid=table-new-evening]');
const times = {};
let lastN = '0';
const record = async () => {
  const d = await page.$eval('[data-testid=table-think-ms]', (e) => ({ ...e.dataset })).catch(() => null);
  if (d && d.n !== lastN) {
    lastN = d.n;
    (times[d.kind] ||= []).push(Number(d.ms));
  }
};
for (let deal = 1; deal <= deals; deal++) {
  for (;;) {
    await record();
    const next = await page.evaluate(() =>
      document.querySelector('[data-testid=table-result]')
        ? 'over'
        : document.querySelector('[data-testid=table-status]')?.dataset.next,
    );
    if (next === 'over') break;
    if (next === 'auction') {
      if (await page.$('[data-testid=table-stand]')) await page.click('[data-testid=table-stand]');
      else if (await page.$('[data-testid=table-pass]')) await page.click('[data-testid=table-pass]');
      else {
        // The forehand's opening: the first pair that leaves passz playable.
        const cards = await page.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card));
        await page.click(`[data-testid=table-card][data-card=${cards[0]}]`);
        await page.click(`[data-testid=table-card][data-card=${cards[1]}]`);
        await page.click('[data-testid=table-bid][data-fit=ready] >> nth=0');
      }
    } else if (next === 'trump') await page.click('[data-testid=table-trump] >> nth=0');
    else if (next === 'kontra') await page.click('[data-testid=table-no-kontra]');
    else if (next === 'card') await page.click('[data-testid=table-card][data-legal=true] >> nth=0');
    await page.waitForTimeout(50);
  }
  await record();
  if (deal < deals) await page.click('[data-testid=table-next-deal]');
}
const pct = (xs, p) => xs[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
console.log(`level ${level}, ${deals} deals, page-side ms per computer decision`);
console.log('kind      n     p50     p90     max');
for (const [kind, xs] of Object.entries(times)) {
  xs.sort((a, b) => a - b);
  console.log(`${kind.padEnd(8)} ${String(xs.length).padStart(3)} ${String(pct(xs, 50)).padStart(7)} ${String(pct(xs, 90)).padStart(7)} ${String(xs[xs.length - 1]).padStart(7)}`);
}
// One line of every time, for pooling several evenings: `grep '^raw ' | cut -c5- | jq …`.
if (process.env.TABLE_BENCH_RAW) console.log(`raw ${JSON.stringify(times)}`);
await close();
