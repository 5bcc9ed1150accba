// The page stays responsive while the worker solves: animation frames keep coming and a click
// is handled while `[data-testid=solving]` is shown. A solve on the main thread would freeze
// both for the whole solve, so this test fails for it (the test also checks that the solve
// lasts long enough for the difference to show).

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEALS, TIMEOUT, appUrl, launchBrowser, pageProblems, waitForResults, withPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// The original app's "slow simulation" deal; re-solved with another trump (a new request).
const CODE = DEALS['slow-simulation'];
const NEW_TRUMP = 'Z';
// The solve must keep `solving` shown at least this long, or the test proves nothing.
const MIN_SOLVE_MS = 400;
// The largest allowed gap between animation frames while solving (60 Hz = 17 ms; 2 busy cores).
const MAX_FRAME_GAP_MS = 200;

test('the page stays responsive while the worker solves', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'responsive', async (page) => {
    await page.goto(appUrl(`deal=${CODE}`));
    await waitForResults(page);

    // Record every animation frame with whether the solving marker is shown.
    await page.evaluate(() => {
      window.__frames = [];
      window.__recording = true;
      const tick = (t) => {
        window.__frames.push([t, document.querySelector('[data-testid=solving]') !== null]);
        if (window.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    });

    await page.click(`[data-testid=trump-${NEW_TRUMP}]`);
    await page.waitForSelector('[data-testid=solving]', { timeout: TIMEOUT.ui });

    // A click while solving is handled while the solve is still running.
    const tab = (await page.getAttribute('[data-testid=hand-tab-1]', 'aria-pressed')) === 'true' ? 2 : 1;
    await page.click(`[data-testid=hand-tab-${tab}]`, { timeout: TIMEOUT.ui });
    const duringSolve = await page.evaluate(
      (t) => ({
        pressed: document.querySelector(`[data-testid=hand-tab-${t}]`).getAttribute('aria-pressed'),
        solving: document.querySelector('[data-testid=solving]') !== null,
      }),
      tab,
    );

    await waitForResults(page);
    const frames = await page.evaluate(() => {
      window.__recording = false;
      return window.__frames;
    });

    const solving = frames.map(([, s], i) => (s ? i : -1)).filter((i) => i >= 0);
    assert.ok(solving.length > 0, `no animation frame saw [data-testid=solving] (${frames.length} frames)`);
    const first = solving[0];
    const last = solving[solving.length - 1];
    // The solving period, from the last frame before the marker to the first frame after it.
    const from = Math.max(0, first - 1);
    const to = Math.min(frames.length - 1, last + 1);
    const span = frames[to][0] - frames[from][0];
    let maxGap = 0;
    for (let i = from + 1; i <= to; i++) maxGap = Math.max(maxGap, frames[i][0] - frames[i - 1][0]);
    const stats = `solving shown for ${span.toFixed(0)} ms over ${to - from} frames, largest frame gap ${maxGap.toFixed(0)} ms`;
    console.log(`    ${stats}`);

    assert.ok(span >= MIN_SOLVE_MS, `the solve was too short to test responsiveness: ${stats}`);
    assert.ok(maxGap <= MAX_FRAME_GAP_MS, `the main thread was blocked while solving: ${stats}`);
    assert.equal(duringSolve.pressed, 'true', 'the hand tab click was not handled');
    assert.equal(duringSolve.solving, true, `the click was only handled after the solve ended (${stats})`);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);
