// The "My hand" page (/hand, issue 10): a link with twelve cards, samples and a seed shows the
// same ranked bids, discards and win counts as `ulti advise --hand … --json` with those
// options; a run can be cancelled; a malformed hand shows a message and the page stays usable.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import {
  TIMEOUT,
  baseUrl,
  browserPerFile,
  cli,
  decodeDeal,
  pageProblems,
  screenshot,
  withPage,
} from './helpers.mjs';

const HAND = 'PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8';
// Few samples: the DEBUG CLI answers this in about 2 s.
const SAMPLES = 4;
const SEED = 3;
const CONFIRM = 8;

const browser = browserPerFile();

/** The page at /hand with a query string. */
function handUrl(query) {
  return `${baseUrl()}hand?${query}`;
}

/** Page problems except the 404 status of the route itself (Pages answers it with 404.html). */
function problems(page) {
  return pageProblems(page).filter((l) => !/^http 404: .*\/hand(\?|$)/.test(l));
}

/** Waits for the advice status to be `state` (fails at once on an error). */
async function waitForState(page, state, timeout = TIMEOUT.solve) {
  const handle = await page.waitForFunction(
    (want) => {
      for (const id of ['advice-error', 'worker-error']) {
        const e = document.querySelector(`[data-testid=${id}]`);
        if (e && e.textContent.trim()) return { error: e.textContent.trim() };
      }
      const s = document.querySelector('[data-testid=advice-status]');
      return s && s.dataset.state === want ? { ok: true } : false;
    },
    state,
    { timeout, polling: 100 },
  );
  const r = await handle.jsonValue();
  if (r.error) throw new Error(`the page reported an error: ${r.error}`);
}

const status = (page) =>
  page.$eval('[data-testid=advice-status]', (e) => ({
    state: e.dataset.state,
    answered: Number(e.dataset.answered),
    planned: Number(e.dataset.planned),
    ms: e.dataset.ms === undefined ? null : Number(e.dataset.ms),
  }));

test('a hand link shows the CLI\'s ranked bids, discards and win counts', { timeout: 4 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'hand link', async (page) => {
    const started = Date.now();
    const expected = cli(
      'advise', '--hand', HAND, '--samples', String(SAMPLES), '--seed', String(SEED),
      '--confirm', String(CONFIRM), '--json',
    );
    const cliMs = Date.now() - started;
    assert.ok(expected.bids.length > 10, `too few bids from the CLI: ${expected.bids.length}`);

    await page.goto(handUrl(`hand=${HAND}&samples=${SAMPLES}&seed=${SEED}&confirm=${CONFIRM}`));
    await page.waitForSelector('[data-testid=advice-status][data-state=running], [data-testid=advice-status][data-state=done]');
    // The numbers arrive piece by piece: a running snapshot shows partial progress.
    await waitForState(page, 'done');
    const s = await status(page);
    assert.equal(s.answered, expected.samples_total, 'samples solved');
    assert.equal(s.planned, expected.samples_total, 'samples planned');
    assert.ok(s.ms > 0, 'the run time is shown');

    // The picked cards are the link's.
    const picked = await page.$$eval('[data-testid=hand-card][aria-pressed=true]', (els) => els.map((e) => e.dataset.card));
    assert.deepEqual([...picked].sort(), HAND.split(',').sort());

    // Every ranked bid (after "Show all"), in the CLI's order, with its discard and counts.
    await page.click('[data-testid=advice-show-all]');
    const rows = await page.$$eval('[data-testid=advice-bid]', (els) =>
      els.map((e) => ({
        id: e.dataset.bidId,
        discard: e.dataset.discard,
        wins: Number(e.dataset.wins),
        samples: Number(e.dataset.samples),
        confirmed: e.dataset.confirmed === 'true',
      })),
    );
    const want = expected.bids.map((b) => ({
      id: b.id,
      discard: b.discard.join(','),
      wins: b.wins,
      samples: b.samples,
      confirmed: b.confirmed,
    }));
    assert.deepEqual(rows, want, 'ranked bids');
    assert.ok(rows.slice(0, 3).every((r) => r.confirmed), 'the leading rows are confirmed');
    // At 1280 px, no row's discard chips are drawn over its samples text.
    assert.equal(page.viewportSize().width, 1280);
    const overlaps = await page.$$eval('[data-testid=advice-bid]', (els) =>
      els.flatMap((e) => {
        const samples = e.querySelector('.advice-samples').getBoundingClientRect();
        return [...e.querySelectorAll('.advice-discard .mini-card')]
          .map((c) => c.getBoundingClientRect())
          .filter((c) => c.left < samples.right && samples.left < c.right && c.top < samples.bottom && samples.top < c.bottom)
          .map(() => e.dataset.bidId);
      }),
    );
    assert.deepEqual(overlaps, [], 'discard chips over the samples text');
    const passz = await page.$eval('[data-testid=advice-bid].baseline', (e) => e.dataset.bidId);
    assert.equal(passz, expected.passz.id, 'the passz baseline');
    // Each row leads with the rate in play (the CLI's real_win_prob) and keeps the open-hand
    // rate beside it, and a note says which is which.
    const rates = await page.$$eval('[data-testid=advice-bid] .advice-win', (els) =>
      els.map((e) => ({ real: Number(e.dataset.realWin), open: Number(e.dataset.openWin), text: e.textContent })),
    );
    rates.forEach((r, i) => {
      const b = expected.bids[i];
      assert.ok(Math.abs(r.real - b.real_win_prob) < 1e-9 && Math.abs(r.open - b.win_prob) < 1e-9, `row ${b.id}: ${JSON.stringify(r)}`);
      // Whole percent (an exact half may round either way: Rust rounds it to even).
      const pcts = (p) => [Math.floor(p * 100 + 0.5), Math.ceil(p * 100 - 0.5)].map((n) => `${n} %`);
      assert.ok(pcts(b.real_win_prob).some((p) => r.text.startsWith(`In play ${p}`)), `row ${b.id} says: ${r.text}`);
      assert.ok(pcts(b.win_prob).some((p) => r.text.includes(`open hand ${p}`)), `row ${b.id} says: ${r.text}`);
    });
    assert.ok(rates.some((r) => r.real !== r.open), 'some row is mapped away from its open-hand rate');
    assert.match(await page.textContent('[data-testid=advice-real-play]'), /each seat plays from its own view/);

    // The 66 discards, in the CLI's order.
    const discards = await page.$$eval('[data-testid=advice-discard]', (els) =>
      els.map((e) => ({ discard: e.dataset.discard, samples: Number(e.dataset.samples), best: e.dataset.bestBid })),
    );
    assert.deepEqual(
      discards,
      expected.discards.map((d) => ({ discard: d.discard.join(','), samples: d.samples, best: d.best_bid })),
      'discards',
    );
    assert.equal(
      await page.$eval('[data-testid=advice-close-call]', () => true).catch(() => false),
      expected.close_call,
      'the close-call note',
    );

    // The state stays in the URL.
    const url = new URL(page.url());
    assert.equal(url.pathname, new URL(baseUrl()).pathname + 'hand');
    assert.equal(url.searchParams.get('samples'), String(SAMPLES));
    assert.equal(url.searchParams.get('seed'), String(SEED));
    assert.deepEqual(url.searchParams.get('hand').split(',').sort(), HAND.split(',').sort());

    await page.click('[data-testid=advice-discards] summary');
    await screenshot(page, 'hand-advice');
    await assertAccessible(page, 'the My hand page with its advice');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'hand-advice-phone');
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(overflow <= 1, `the page is ${overflow}px wider than a phone`);
    assert.deepEqual(problems(page), [], 'page errors or failed requests');
    console.log(`    debug CLI answer: ${cliMs} ms; page run: ${s.ms} ms`);
  }),
);

test('a run can be cancelled, and started again', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'hand cancel', async (page) => {
    await page.goto(handUrl(`hand=${HAND}&samples=128&seed=9`));
    await page.waitForFunction(() => {
      const s = document.querySelector('[data-testid=advice-status]');
      return s && s.dataset.state === 'running' && Number(s.dataset.answered) > 0;
    }, null, { timeout: TIMEOUT.solve, polling: 50 });
    // Partial numbers are shown while the run goes on.
    await page.waitForSelector('[data-testid=advice-bid]');
    await page.click('[data-testid=advice-cancel]');
    await waitForState(page, 'cancelled');
    const first = await status(page);
    assert.ok(first.answered < first.planned, `cancelled at ${first.answered} / ${first.planned}`);
    await page.waitForTimeout(1500);
    const later = await status(page);
    assert.equal(later.answered, first.answered, 'no answers after the cancel');
    assert.equal(later.state, 'cancelled');
    // Start again: a new run from the start.
    await page.focus('[data-testid=advice-start]');
    await page.keyboard.press('Enter');
    await waitForState(page, 'running');
    await page.click('[data-testid=advice-cancel]');
    await waitForState(page, 'cancelled');
    assert.deepEqual(problems(page), [], 'page errors or failed requests');
  }),
);

test('a malformed hand shows a message and the page stays usable', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'hand malformed', async (page) => {
    await page.goto(handUrl('hand=PA,XX,ZK&samples=4&seed=1&confirm=2&lang=en'));
    const message = await page.textContent('[data-testid=hand-error]');
    assert.match(message, /XX/, message);
    assert.equal(await page.$$eval('[data-testid=hand-card][aria-pressed=true]', (e) => e.length), 0);
    await assertAccessible(page, 'the My hand page with a malformed link');
    // Twelve cards picked by keyboard: the advice runs, the message goes.
    const cards = HAND.split(',');
    for (const c of cards) {
      await page.focus(`[data-testid=hand-card][data-card=${c}]`);
      await page.keyboard.press('Space');
    }
    assert.equal(await page.$('[data-testid=hand-error]'), null, 'the message is gone');
    await waitForState(page, 'done');
    assert.deepEqual(new URL(page.url()).searchParams.get('hand').split(',').sort(), [...cards].sort());
    // A full hand takes no thirteenth card.
    assert.equal(await page.$eval('[data-testid=hand-card][data-card=P7]', (e) => e.disabled), true);
    // The header links lead to both pages.
    const solver = await page.$eval('[data-testid=nav-solver]', (a) => a.href);
    assert.equal(new URL(solver).pathname, new URL(baseUrl()).pathname);
    assert.equal(await page.$eval('[data-testid=nav-hand]', (a) => a.getAttribute('aria-current')), 'page');
    assert.deepEqual(problems(page), [], 'page errors or failed requests');
  }),
);

test('card mode: a seat\'s position shows the CLI\'s ranked cards', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'hand card mode', async (page) => {
    // The CLI's example position: the soloist to play after the first trick of passz.
    const code = '0070605040300173727021213323322232414341510112021303125263536';
    const played = 'PA,MU,Z8';
    const expected = cli(
      'advise', '--deal', code, '--contract', 'passz', '--played', played, '--seat', '0',
      '--samples', '20', '--seed', '1', '--json',
    );
    assert.ok(expected.cards.length >= 2, 'several legal cards');
    const deal = decodeDeal(code);
    await page.goto(
      handUrl(
        `mode=card&hand=${deal.hands[0].join(',')}&seat=0&trump=${deal.trump}&bid=passz` +
          `&talon=${deal.talon.join(',')}&played=${played}&samples=20&seed=1`,
      ),
    );
    await page.waitForSelector('[data-testid=card-advice-done]', { timeout: TIMEOUT.solve });
    const rows = await page.$$eval('[data-testid=card-advice-row]', (els) =>
      els.map((e) => ({ card: e.dataset.card, wins: Number(e.dataset.wins), samples: Number(e.dataset.samples) })),
    );
    assert.deepEqual(
      rows,
      expected.cards.map((c) => ({ card: c.card, wins: c.wins, samples: c.samples })),
      'ranked cards',
    );
    assert.equal(await page.getAttribute('[data-testid=mode-card]', 'aria-pressed'), 'true');
    await assertAccessible(page, 'the My hand page in card mode');
    await screenshot(page, 'hand-card-mode');
    // The bid is picked from the standard bids of the trump (and the no-trump ones): ulti.
    const options = await page.$$eval('[data-testid=card-bid] option', (els) => els.map((e) => e.value));
    for (const id of ['passz', 'ulti', '40-100+ulti', 'betli', 'durchmars']) {
      assert.ok(options.includes(id), `the bid list offers ${id}: ${options}`);
    }
    assert.equal(new Set(options).size, options.length, `each bid once: ${options}`);
    await page.selectOption('[data-testid=card-bid]', 'ulti');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('bid') === 'ulti');
    const ulti = cli(
      'advise', '--deal', code, '--contract', 'ulti', '--played', played, '--seat', '0',
      '--samples', '20', '--seed', '1', '--json',
    );
    await page.waitForFunction(
      (want) => {
        const done = document.querySelector('[data-testid=card-advice-done]');
        const rows = [...document.querySelectorAll('[data-testid=card-advice-row]')];
        return done && rows.map((e) => `${e.dataset.card}:${e.dataset.wins}`).join(' ') === want;
      },
      ulti.cards.map((c) => `${c.card}:${c.wins}`).join(' '),
      { timeout: TIMEOUT.solve },
    );
    // A card that was not dealt to the seat in the played list: the page says what is wrong.
    await page.fill('[data-testid=card-played]', 'PA,MU,Z8,XX');
    await page.press('[data-testid=card-played]', 'Enter');
    await page.waitForSelector('[data-testid=card-advice-problem]');
    assert.deepEqual(problems(page), [], 'page errors or failed requests');
  }),
);
