// Benchmark (not a test): how long one card decision of the line viewer's "at the table" advice
// takes in headless Chromium (release build, the app's own worker pool), at the hardest
// positions: tricks 1 and 2 (steps 0-5) of the optimal line.
//
// Each run opens a fresh page at step 0 with `table=1&samples=SAMPLES`, waits for the advice,
// then steps forward to step 5, one advice per step. Per decision it records the worker's own
// time for the job (`[data-testid=attable][data-ms]`) and the page-side wall time from the
// step (navigation start for step 0, the click for the others) to the advice shown, which also
// includes the step's open-hand position solve queued before it.
//
// Usage: E2E_BASE_URL=http://127.0.0.1:PORT/ulti-solver/ node tests/e2e/bench-advice.mjs [RUNS] [SAMPLES]
// (CORES=N: the browser reports N cores, so the pool has N workers (at most 4) sharing each advice;
// without it the browser reports the machine's own cores.)
// (scripts/bench-app.sh builds, serves and runs this after the results benchmark.)

import { eachRun, quantile } from './bench-helpers.mjs';
import { DEALS, appUrl, launchBrowser } from './helpers.mjs';

const runs = Number(process.argv[2] || 5);
const samples = Number(process.argv[3] || 100);
const CASES = [
  { name: 'strong-hand party', code: DEALS['strong-hand'], game: 'passz' },
  { name: 'slow-simulation party', code: DEALS['slow-simulation'], game: 'passz' },
  { name: 'slow-simulation ulti', code: DEALS['slow-simulation'], game: 'ulti' },
];
const LAST_STEP = 5;

const summary = (xs) =>
  `median ${quantile(xs, 0.5).toFixed(0)} ms, p90 ${quantile(xs, 0.9).toFixed(0)} ms, ` +
  `min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)} (${xs.length} decisions)`;

/** Waits for the advice of `step` and returns its worker time and the page time it was shown. */
async function advice(page, step) {
  const handle = await page.waitForFunction(
    (s) => {
      const err = document.querySelector('[data-testid=worker-error]');
      if (err && err.textContent.trim()) return { error: err.textContent.trim() };
      const p = document.querySelector('[data-testid=attable]');
      const played = p?.dataset.played ?? '';
      const n = played === '' ? 0 : played.split(',').length;
      if (!p || n !== s) return false;
      if (p.dataset.state === 'failed') return { error: p.textContent };
      if (p.dataset.state !== 'ready') return false;
      return { ms: Number(p.dataset.ms), at: performance.now() };
    },
    step,
    { timeout: 300_000, polling: 10 },
  );
  const r = await handle.jsonValue();
  if (r.error) throw new Error(r.error);
  return r;
}

const browser = await launchBrowser();
const worker = [];
const wall = [];
const byCase = {};
const byStep = Array.from({ length: LAST_STEP + 1 }, () => []);
try {
  for (const c of CASES) {
    byCase[c.name] = [];
    // With CORES, the browser reports CORES cores: the pool has CORES workers sharing each advice.
    const cores = async (page) => {
      if (process.env.CORES) {
        await page.addInitScript((n) => {
          Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => n, configurable: true });
        }, Number(process.env.CORES));
      }
    };
    await eachRun(
      browser.context,
      runs,
      async (page, label, measured) => {
        await page.goto(appUrl(`deal=${c.code}&game=${c.game}&table=1&samples=${samples}`));
        const first = await advice(page, 0);
        const ms = [first.ms];
        const walls = [first.at];
        for (let step = 1; step <= LAST_STEP; step++) {
          await page.evaluate(() => {
            document.addEventListener('click', (e) => (window.__clickAt = e.timeStamp), { capture: true, once: true });
          });
          await page.click('[data-testid=step-forward]');
          const r = await advice(page, step);
          ms.push(r.ms);
          walls.push(r.at - (await page.evaluate(() => window.__clickAt)));
        }
        console.log(
          `${c.name} ${label}: worker ms per step 0-${LAST_STEP}: ${ms.map((x) => x.toFixed(0)).join(' ')}; ` +
            `page ms (step 0 from navigation): ${walls.map((x) => x.toFixed(0)).join(' ')}`,
        );
        if (measured) {
          worker.push(...ms);
          byCase[c.name].push(...ms);
          ms.forEach((x, step) => byStep[step].push(x));
          wall.push(...walls.slice(1));
        }
      },
      cores,
    );
  }
} finally {
  await browser.close();
}

console.log(`\n"at the table" card advice, ${samples} samples, seed 1, card points on, tricks 1-2 (steps 0-${LAST_STEP}), ${runs} runs per case:`);
for (const [name, xs] of Object.entries(byCase)) console.log(`  ${name}, worker time: ${summary(xs)}`);
byStep.forEach((xs, step) => console.log(`  step ${step} (every case), worker time: ${summary(xs)}`));
console.log(`  all, worker time: ${summary(worker)}`);
console.log(`  all, click → advice shown (steps 1-${LAST_STEP}, incl. the step's open-hand solve): ${summary(wall)}`);
