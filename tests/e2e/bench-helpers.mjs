// What the browser benchmarks share: a warm-up run and N measured runs, each on a fresh page
// (its log dumped when a run fails), and the summaries they print.

import { dumpLog, newPage } from './helpers.mjs';

/**
 * Runs `body(page, label, measured)` `runs + 1` times on fresh pages of `context`: first a
 * warm-up (`measured` false), then the measured runs. `setup(page)`, when given, runs on each
 * page before `body`.
 */
export async function eachRun(context, runs, body, setup = async () => {}) {
  for (let i = 0; i <= runs; i++) {
    const label = i === 0 ? 'warm-up' : `run ${String(i).padStart(2)}`;
    const page = await newPage(context);
    await setup(page);
    try {
      await body(page, label, i > 0, i);
    } catch (err) {
      dumpLog(page, 'bench run failed');
      throw err;
    } finally {
      await page.close();
    }
  }
}

/** The q-quantile of `xs` (nearest rank). */
export const quantile = (xs, q) => {
  const s = [...xs].sort((a, b) => a - b);
  const i = Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1));
  return s[i];
};

/** The median of `xs` (the mean of the two middle values when even). */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

/** "median M ms (min A, max B)". */
export const summary = (xs) =>
  `median ${median(xs).toFixed(0)} ms (min ${Math.min(...xs).toFixed(0)}, max ${Math.max(...xs).toFixed(0)})`;
