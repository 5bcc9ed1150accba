// The Daily page (/daily) on a real `ulti-server` with two deals a day (`--daily-deals 2`):
// 1. A player (a fresh browser, no player yet) presses "Play today's deals": a guest is made,
//    the live table opens, and it plays both deals against the two strong computers. Back on
//    the Daily page: two deals with money, par and matchpoints (100 %, alone), today's attempt
//    used up (no start button). The daily table offers no invitations (no one to invite).
// 2. A second player (another browser) plays the same first deal; the first player's page,
//    reloaded, shows one other player on that deal and matchpoints that account for it.
// 3. The page at 375 px in Hungarian and at 1280 px in English: no serious axe violation.
// Screenshots: target/e2e/daily-{1280,375}-{en,hu}.png.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TIMEOUT, dumpLog, screenshot } from './helpers.mjs';
import { Server, framedPage, liveBrowser } from './live-helpers.mjs';
import { playDailyDeals } from './live-driver.mjs';
import { assertAccessible } from './a11y.mjs';

let server;
let lb;
const pages = [];

before(async () => {
  server = await new Server({ extra: ['--daily-deals', '2'] }).start();
  lb = await liveBrowser();
});
after(async () => {
  await lb?.close();
  await server?.stop();
});

function dailyUrl(lang) {
  return `${server.origin}/ulti-solver/daily${lang ? `?lang=${lang}` : ''}`;
}

async function dailyPage(name, { viewport, lang } = {}) {
  const context = await lb.context(viewport ? { viewport } : undefined);
  const page = await framedPage(context, name);
  pages.push(page);
  await page.goto(dailyUrl(lang));
  await page.waitForSelector('[data-testid=daily-standings]', { timeout: TIMEOUT.solve });
  return page;
}

/** Start today's deals from the Daily page and play `deals` of them at the live table. */
async function playDeals(page, deals) {
  await playDailyDeals(page, deals, async (p) => {
    // The deal is over, so the table's state is in: one person against two computers, no one
    // to invite.
    assert.equal(await p.$('[data-testid=invitations]'), null, 'no invitations at a table of the deal of the day');
  });
}

async function logged(body) {
  try {
    await body();
  } catch (e) {
    for (const p of pages) dumpLog(p, p.e2eName);
    throw e;
  }
}

test('two deals of the day: money, par and matchpoints; the field grows', { timeout: 900_000 }, async () => {
  await logged(async () => {
    const a = await dailyPage('A', { lang: 'en' });
    assert.ok(await a.$('[data-testid=nav-daily][aria-current=page]'), 'the header marks the Daily page');
    await playDeals(a, 2);
    await a.goto(dailyUrl('en'));
    await a.waitForSelector('[data-testid=daily-deal]', { timeout: TIMEOUT.ui });
    const rows = await a.$$eval('[data-testid=daily-deal]', (els) => els.map((e) => ({
      deal: e.dataset.deal,
      money: e.querySelector('[data-testid=daily-money]').textContent,
      par: e.querySelector('[data-testid=daily-par]').textContent,
      mp: e.querySelector('[data-testid=daily-mp]').textContent,
      field: e.querySelector('[data-testid=daily-field]').textContent,
    })));
    assert.deepEqual(rows.map((r) => r.deal), ['1', '2']);
    for (const r of rows) {
      assert.match(r.money, /^([+\u2212]\d+|0)$/);
      assert.match(r.par, /^([+\u2212]\d+|0)$/);
      assert.equal(r.mp, '100\u00a0%', 'alone on the deal');
      assert.equal(r.field, '0');
    }
    assert.ok(await a.$('[data-testid=daily-done]'), 'today is used up');
    assert.equal(await a.$('[data-testid=daily-start]'), null);

    const b = await dailyPage('B', { lang: 'en' });
    await playDeals(b, 1);
    await a.reload();
    await a.waitForSelector('[data-testid=daily-deal][data-deal="1"]', { timeout: TIMEOUT.ui });
    const first = await a.$eval('[data-testid=daily-deal][data-deal="1"]', (e) => ({
      mp: e.querySelector('[data-testid=daily-mp]').textContent,
      field: e.querySelector('[data-testid=daily-field]').textContent,
    }));
    assert.equal(first.field, '1', 'one other player on deal 1');
    assert.ok(['0\u00a0%', '50\u00a0%', '100\u00a0%'].includes(first.mp), first.mp);
    assert.equal(await a.$$eval('[data-testid=daily-row]', (r) => r.length), 2);

    for (const [width, lang] of [[375, 'hu'], [1280, 'en']]) {
      await a.setViewportSize({ width, height: 900 });
      await a.goto(dailyUrl(lang));
      await a.waitForSelector('[data-testid=daily-deal]', { timeout: TIMEOUT.ui });
      await assertAccessible(a, `daily ${width} ${lang}`);
      await screenshot(a, `daily-${width}-${lang}`);
      const other = lang === 'hu' ? 'en' : 'hu';
      await a.goto(dailyUrl(other));
      await a.waitForSelector('[data-testid=daily-deal]', { timeout: TIMEOUT.ui });
      await screenshot(a, `daily-${width}-${other}`);
    }
  });
});

// The live table's result panel at a daily table: after the deal, the player's money, the
// deal's par and the matchpoints against the field so far, and a link to the Daily page that
// shows the same numbers, again after a reload. At 375 px, in Hungarian and in English; no
// serious axe violation.
// Screenshots: target/e2e/daily-table-375-{hu,en}.png.
test('the result panel shows the deal of the day: par, matchpoints, a link to /daily', { timeout: 600_000 }, async () => {
  await logged(async () => {
    const context = await lb.context({ viewport: { width: 375, height: 900 } });
    const c = await framedPage(context, 'C');
    pages.push(c);
    await c.goto(dailyUrl('en'));
    await c.waitForSelector('[data-testid=daily-standings]', { timeout: TIMEOUT.solve });
    await playDeals(c, 1);
    await c.waitForSelector('[data-testid=table-result] [data-testid=table-daily-par]', { timeout: TIMEOUT.solve });
    const shown = async () => c.$eval('[data-testid=table-daily]', (e) => ({
      title: e.querySelector('h3').textContent,
      money: e.querySelector('[data-testid=table-daily-money]').textContent,
      par: e.querySelector('[data-testid=table-daily-par]').textContent,
      mp: e.querySelector('[data-testid=table-daily-mp]').textContent,
      field: e.querySelector('[data-testid=table-daily-field]').textContent,
    }));
    // Right after the deal, in the page's language.
    const first = await shown();
    assert.equal(first.title, 'Deals of the day: 1 of 2');
    assert.match(first.money, /^([+\u2212]\d+|0)$/);
    assert.match(first.par, /^([+\u2212]\d+|0)$/);
    assert.match(first.mp, /^\d+(\.\d)?\u00a0%$/);
    assert.match(first.field, /^\d+$/);
    // The money is the seat's payment on the table.
    const paid = await c.$eval('[data-testid=table-payment][data-seat="0"]', (e) => Number(e.dataset.amount));
    assert.equal(first.money.replace('\u2212', '-').replace('+', ''), String(paid));
    assert.equal(await c.$('[data-testid=table-daily-par-pending]'), null, 'the par came');
    for (const [lang, title] of [['hu', 'A nap leosztásai: 1/2'], ['en', 'Deals of the day: 1 of 2']]) {
      // Switched in place: the panel of a deal over is not rebuilt by a reload.
      await c.click(`[data-testid=lang-${lang}]`);
      await c.waitForFunction((t) => document.querySelector('[data-testid=table-daily] h3')?.textContent === t, title, { timeout: TIMEOUT.ui });
      const now = await shown();
      assert.deepEqual(now, { ...first, title }, `the same numbers in ${lang}`);
      await assertAccessible(c, `daily table result 375 ${lang}`);
      await screenshot(c, `daily-table-375-${lang}`);
    }
    // A reload after the deal brings the panel back with the same numbers (read from the
    // finished game's record in the welcome), and no seat is shown offline.
    await c.reload();
    await c.waitForSelector('[data-testid=table-result] [data-testid=table-daily-par]', { timeout: TIMEOUT.solve });
    assert.deepEqual(await shown(), first, 'the same numbers after a reload');
    assert.equal(await c.$('[data-testid=table-seat-offline]'), null, 'no seat offline after the reload');
    const en = first;
    // The link opens the Daily page under the router's base, with the same deal on it.
    assert.equal(await c.$eval('[data-testid=table-daily-link]', (a) => a.getAttribute('href')), '/ulti-solver/daily');
    await c.click('[data-testid=table-daily-link]');
    await c.waitForURL(/\/ulti-solver\/daily$/, { timeout: TIMEOUT.ui });
    await c.waitForSelector('[data-testid=daily-deal][data-deal="1"]', { timeout: TIMEOUT.ui });
    const row = await c.$eval('[data-testid=daily-deal][data-deal="1"]', (e) => ({
      par: e.querySelector('[data-testid=daily-par]').textContent,
      field: e.querySelector('[data-testid=daily-field]').textContent,
    }));
    assert.deepEqual(row, { par: en.par, field: en.field });
  });
});
