// The page stays responsive while the worker solves: animation frames keep coming and a real
// mouse click is handled at once while `[data-testid=solving]` is shown. A solve on the main
// thread would stop both for its duration, so this test fails for it.
//
// The workload: the engine is fast (the README deals take a few ms a contract), so this uses
// one of the slowest deals found in 20,000 random ones (passz and 40-100 with Piros trump take
// ~130 ms each in the browser, ~300 ms for the whole request), and the test checks that the
// solve really lasted long enough to tell the difference.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TIMEOUT, appUrl, launchBrowser, pageProblems, waitForResults, withPage } from './helpers.mjs';

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Trump digit 0 (Piros) is the slow one; the page opens with Zöld (digit 1) and the test
// switches to Piros, which starts a new solve.
const SLOW = '0013503063115072205023016202517373627140434332610111221242332';
const START = `1${SLOW.slice(1)}`;
// `solving` must be shown at least this long, or the test proves nothing.
const MIN_SOLVE_MS = 120;
// The largest allowed gap between animation frames while solving (60 Hz: 17 ms).
const MAX_FRAME_GAP_MS = 100;
// The largest allowed delay between a click's input event and its handler.
const MAX_CLICK_DELAY_MS = 100;

test('the page stays responsive while the worker solves', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'responsive', async (page) => {
    await page.goto(appUrl(`deal=${START}`));
    await waitForResults(page);
    const tab = page.locator('[data-testid=hand-tab-1]');
    assert.equal(await tab.getAttribute('aria-pressed'), 'false');
    const box = await tab.boundingBox();

    // Record every animation frame (with whether `solving` is shown) and every click handled.
    await page.evaluate(() => {
      const solving = () => document.querySelector('[data-testid=solving]') !== null;
      window.__frames = [];
      window.__clicks = [];
      window.__recording = true;
      const tick = (t) => {
        window.__frames.push([t, solving()]);
        if (window.__recording) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
      document.addEventListener(
        'click',
        (e) => window.__clicks.push({ delay: performance.now() - e.timeStamp, solving: solving() }),
        true,
      );
    });

    await page.click('[data-testid=trump-P]');
    await page.waitForSelector('[data-testid=solving]', { timeout: TIMEOUT.ui });
    // A real input event (no actionability waits), sent while the worker computes.
    await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);

    await waitForResults(page);
    const { frames, clicks } = await page.evaluate(() => {
      window.__recording = false;
      return { frames: window.__frames, clicks: window.__clicks };
    });

    const solving = frames.map(([, s], i) => (s ? i : -1)).filter((i) => i >= 0);
    assert.ok(solving.length > 0, `no animation frame saw [data-testid=solving] (${frames.length} frames)`);
    // The solving period, from the last frame before the marker to the first frame after it.
    const from = Math.max(0, solving[0] - 1);
    const to = Math.min(frames.length - 1, solving[solving.length - 1] + 1);
    const span = frames[to][0] - frames[from][0];
    let maxGap = 0;
    for (let i = from + 1; i <= to; i++) maxGap = Math.max(maxGap, frames[i][0] - frames[i - 1][0]);
    const click = clicks.at(-1);
    const stats =
      `solving shown ${span.toFixed(0)} ms over ${to - from} frames, largest frame gap ` +
      `${maxGap.toFixed(0)} ms; click handled after ${click?.delay.toFixed(0)} ms, while solving: ${click?.solving}`;
    console.log(`    ${stats}`);

    assert.ok(span >= MIN_SOLVE_MS, `the solve was too short to test responsiveness: ${stats}`);
    assert.ok(maxGap <= MAX_FRAME_GAP_MS, `animation frames stopped while solving: ${stats}`);
    assert.equal(clicks.length, 2, `expected the trump click and the hand-tab click: ${JSON.stringify(clicks)}`);
    assert.equal(click.solving, true, `the click was handled only after the solve ended: ${stats}`);
    assert.ok(click.delay <= MAX_CLICK_DELAY_MS, `the click waited for the main thread: ${stats}`);
    assert.equal(await tab.getAttribute('aria-pressed'), 'true', 'the hand tab click took effect');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);
