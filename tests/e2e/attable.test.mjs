// The line viewer's "at the table" toggle: at a position of the optimal line, each legal card's
// advice from the seat to play's own view equals `ulti advise --json` (same seat, played cards,
// samples and seed), beside the open-hand values; the page is accessible at desktop and phone
// width, the toggle works from the keyboard and survives a reload.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import {
  DEALS,
  TIMEOUT,
  appUrl,
  browserPerFile,
  cli,
  pageProblems,
  screenshot,
  waitForResults,
  withPage,
} from './helpers.mjs';

const browser = browserPerFile();

const CODE = DEALS['strong-hand'];
const GAME = 'passz';
// Trick 2 of the optimal party line (defender 1 to play, nine legal cards), few samples: the
// debug CLI answers in well under a second.
const STEP = 4;
const SAMPLES = 30;

/** The advice panel as the page shows it. */
async function panel(page) {
  return page.evaluate(() => {
    const p = document.querySelector('[data-testid=attable]');
    const rows = [...document.querySelectorAll('[data-testid=attable-row]')].map((r) => ({
      card: r.dataset.card,
      wins: Number(r.dataset.wins),
      samples: Number(r.dataset.samples),
      payoff: Number(r.dataset.payoff),
      points: r.dataset.points === undefined ? null : Number(r.dataset.points),
      openStatus: r.dataset.openStatus ?? null,
      openPoints: r.dataset.openPoints === undefined ? null : Number(r.dataset.openPoints),
      advised: r.dataset.advised === 'true',
      openBest: r.dataset.openBest === 'true',
      disagree: r.dataset.disagree === 'true',
    }));
    const whatif = Object.fromEntries(
      [...document.querySelectorAll('[data-testid=whatif-card]')].map((c) => [
        c.dataset.card,
        { status: c.dataset.status, points: c.dataset.points === undefined ? null : Number(c.dataset.points) },
      ]),
    );
    const summary = document.querySelector('[data-testid=attable-summary]');
    return {
      state: p?.dataset.state ?? null,
      seat: p ? Number(p.dataset.seat) : null,
      played: p?.dataset.played ?? null,
      rows,
      whatif,
      summary: summary ? summary.dataset.disagree === 'true' : null,
      pressed: document.querySelector('[data-testid=attable-toggle]')?.getAttribute('aria-pressed'),
      table: new URL(location.href).searchParams.get('table'),
      samples: new URL(location.href).searchParams.get('samples'),
    };
  });
}

async function waitForAdvice(page) {
  await page.waitForSelector('[data-testid=attable][data-state=ready] [data-testid=attable-row]', {
    timeout: TIMEOUT.solve,
  });
  // The open-hand values of the same position are in too.
  await page.waitForSelector('[data-testid=attable-row][data-open-status]', { timeout: TIMEOUT.solve });
}

test('the advice at the table is the CLI’s from the same seat’s view, beside the open-hand values', { timeout: 4 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'attable', async (page) => {
    await page.goto(appUrl(`deal=${CODE}&game=${GAME}&step=${STEP}&table=1&samples=${SAMPLES}`));
    await waitForResults(page);
    await page.waitForSelector('[data-testid=attable]', { timeout: TIMEOUT.solve });
    await waitForAdvice(page);
    const shown = await panel(page);
    assert.equal(shown.pressed, 'true');

    // The position is the optimal line's first STEP cards.
    const line = cli('solve', '--deal', CODE, '--contract', GAME, '--json').line;
    const played = line.slice(0, STEP);
    assert.equal(shown.played, played.join(','));

    const want = cli(
      'advise', '--deal', CODE, '--contract', GAME, '--played', played.join(','),
      '--seat', String(shown.seat), '--samples', String(SAMPLES), '--seed', '1', '--json',
    );
    assert.equal(want.seat, shown.seat);
    assert.deepEqual(shown.rows.map((r) => r.card), want.cards.map((c) => c.card), 'the same cards, best first');
    for (const [i, c] of want.cards.entries()) {
      const r = shown.rows[i];
      assert.equal(r.samples, SAMPLES, c.card);
      assert.equal(r.wins, c.wins, `${c.card}: wins`);
      assert.ok(Math.abs(r.payoff - c.expected_payoff) < 1e-3, `${c.card}: payoff ${r.payoff} vs ${c.expected_payoff}`);
      assert.ok(Math.abs(r.points - c.expected_points) < 1e-3, `${c.card}: points ${r.points} vs ${c.expected_points}`);
      assert.equal(r.advised, i === 0, `${c.card}: only the first row is advised`);
    }
    // Each row's open-hand verdict is the felt's what-if value of that card.
    assert.ok(shown.rows.length >= 2, 'a real choice');
    for (const r of shown.rows) {
      assert.deepEqual({ status: r.openStatus, points: r.openPoints }, shown.whatif[r.card], r.card);
    }
    assert.ok(shown.rows.some((r) => r.openBest), 'an open-hand best card is marked');
    const advised = shown.rows[0];
    assert.equal(shown.summary, !advised.openBest, 'the summary says whether the advice goes wrong');
    assert.equal(advised.disagree, !advised.openBest);

    await assertAccessible(page, 'at the table, desktop');
    await screenshot(page, 'attable-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await assertAccessible(page, 'at the table, phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 0, `no sideways scrolling at phone width (${overflow}px)`);
    await screenshot(page, 'attable-phone');

    // The toggle survives a reload, here with a browser of 3 cores: a pool of 3 workers that
    // share the advice's samples, merged into exactly the same advice...
    await page.addInitScript(() => {
      Object.defineProperty(Navigator.prototype, 'hardwareConcurrency', { get: () => 3, configurable: true });
    });
    await page.reload();
    await waitForAdvice(page);
    const again = await panel(page);
    assert.equal(again.pressed, 'true');
    assert.equal(again.table, '1');
    assert.deepEqual(again.rows, shown.rows, 'the same advice after a reload (fixed seed), from three workers');

    // ...the next position gets its own advice (pending first, then the next seat's)...
    await page.click('[data-testid=step-forward]');
    await page.waitForSelector(`[data-testid=line-viewer][data-step="${STEP + 1}"]`, { timeout: TIMEOUT.ui });
    await page.waitForFunction(
      (p) => document.querySelector('[data-testid=attable]')?.dataset.played?.split(',').length === p,
      STEP + 1,
      { timeout: TIMEOUT.ui },
    );
    await waitForAdvice(page);
    const next = await panel(page);
    assert.notEqual(next.seat, shown.seat, 'the next seat to play');
    assert.ok(next.rows.every((r) => r.card !== played[STEP]), 'the played card is gone');

    // ...and the keyboard turns it off: no panel, no `table=` in the URL.
    await page.focus('[data-testid=attable-toggle]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=attable]', { state: 'detached', timeout: TIMEOUT.ui });
    const off = await panel(page);
    assert.equal(off.pressed, 'false');
    assert.equal(off.table, null);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }));
