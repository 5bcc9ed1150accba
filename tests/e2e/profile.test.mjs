// The Profile (/profile) and the Leaderboard (/leaderboard) on a real `ulti-server`:
// 1. A player alone presses Play now with the shortest wait, plays one deal against the two
//    computers; its name on the felt opens its profile, which shows 1 game, the money the
//    server's record pays its seat, the rating with "?" (provisional), and three charts, each an
//    <svg> with one point per game (money, rating) and bars per contract played as soloist.
//    The game's row opens it on the Table page (its record from the server): the same money,
//    the review, and its card play in the solver.
//    The leaderboard does not list it (too few games): it says so in words.
// 2. It hides its money: another browser's view of the profile says "hidden by the player".
// 3. The profile at 375 px in Hungarian and 1280 px in English, the leaderboard too: nothing
//    wider than the screen, no serious axe violation, the privacy boxes reached by Tab; the
//    game history in its own scroll region, each of its headings wholly visible there (at once
//    or scrolled to).
// The play-now table offers no invitations (the lobby fills its seats).
// Screenshots: target/e2e/profile-{1280,375}-{en,hu}.png, leaderboard-{1280,375}-{en,hu}.png,
// profile-game-review.png.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TIMEOUT, dumpLog, replay, screenshot, shownPayments } from './helpers.mjs';
import { Server, framedPage, liveBrowser } from './live-helpers.mjs';
import { DEAL_MS, Driver } from './live-driver.mjs';
import { assertAccessible } from './a11y.mjs';

let server;
let lb;
const pages = [];

before(async () => {
  server = await new Server({ extra: ['--play-now-wait', '15'] }).start();
  lb = await liveBrowser();
});
after(async () => {
  await lb?.close();
  await server?.stop();
});

const app = (p) => `${server.origin}/ulti-solver${p}`;

async function fresh(name, { viewport } = {}) {
  const context = await lb.context(viewport ? { viewport } : undefined);
  const page = await framedPage(context, name);
  pages.push(page);
  return page;
}

async function logged(body) {
  try {
    await body();
  } catch (e) {
    for (const p of pages) dumpLog(p, p.e2eName);
    throw e;
  }
}

async function assertNoOverflow(page, state) {
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth > w;
    const culprits = [...document.querySelectorAll('body *')]
      // What a scroll region holds may be wider: the region scrolls, not the page.
      .filter((e) => e.getBoundingClientRect().right > w + 1 && !e.parentElement.closest('.table-scroll'))
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${e.dataset.testid ?? ''}`);
    return { over, culprits };
  });
  assert.deepEqual(wide, { over: false, culprits: [] }, `${state}: wider than the screen`);
}

/**
 * The game history at a phone's width: in its own scroll region (named, reached by Tab when it
 * scrolls) that fits the screen, and every column heading wholly visible in it, at once or
 * after scrolling it.
 */
async function assertHistoryHeadings(page, state) {
  const r = await page.evaluate(() => {
    const box = document.querySelector('.profile-history .table-scroll[role=region]');
    if (!box) return { box: false };
    const b = box.getBoundingClientRect();
    const hidden = [];
    for (const th of box.querySelectorAll('thead th')) {
      // Scroll the region just far enough to show the heading's right edge.
      box.scrollLeft = 0;
      const right = th.getBoundingClientRect().right - b.left;
      box.scrollLeft = Math.max(0, right - box.clientWidth);
      const t = th.getBoundingClientRect();
      const inBox = t.left >= b.left - 0.5 && t.right <= b.left + box.clientWidth + 0.5;
      const onScreen = t.left >= -0.5 && t.right <= innerWidth + 0.5;
      const wholeText = th.scrollWidth <= th.clientWidth;
      if (!(inBox && onScreen && wholeText)) hidden.push(`${th.textContent} (${t.left.toFixed(0)}–${t.right.toFixed(0)})`);
    }
    box.scrollLeft = 0;
    return {
      box: true,
      headings: box.querySelectorAll('thead th').length,
      fits: b.left >= 0 && b.right <= innerWidth,
      named: !!box.getAttribute('aria-labelledby') && !!document.getElementById(box.getAttribute('aria-labelledby')),
      keyboard: box.scrollWidth <= box.clientWidth || box.tabIndex === 0,
      hidden,
    };
  });
  assert.deepEqual(r, { box: true, headings: 5, fits: true, named: true, keyboard: true, hidden: [] }, `${state}: the game history's headings`);
}

async function tabReaches(page, id, steps = 80) {
  await page.focus('body');
  for (let i = 0; i < steps; i += 1) {
    await page.keyboard.press('Tab');
    if ((await page.evaluate(() => document.activeElement?.dataset?.testid)) === id) return true;
  }
  return false;
}

const circles = (page, id) => page.$$eval(`[data-testid=${id}] svg circle`, (c) => c.length);

let player;
let money;

test('one deal played: the profile counts it, charts it; the leaderboard does not list it yet', { timeout: 400_000 }, async () => {
  await logged(async () => {
    const page = await fresh('A', { viewport: { width: 1280, height: 900 } });
    await page.goto(app('/lobby?lang=en'));
    await page.waitForSelector('[data-testid=lobby-status][data-live=true]', { timeout: TIMEOUT.solve });
    await page.selectOption('[data-testid=play-wait]', '15');
    await page.selectOption('[data-testid=play-level]', 'easy');
    await page.click('[data-testid=play-now]');
    await page.waitForURL(/\/table\?live=/, { timeout: TIMEOUT.solve });
    const table = new URL(page.url()).searchParams.get('live');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=table-hand-slot][data-card]').length >= 10, null, { timeout: 15_000 + DEAL_MS });
    // The hand is shown, so the table's state is in: the lobby fills this table's seats, no one
    // to invite.
    assert.equal(await page.$('[data-testid=invitations]'), null, 'no invitations at a play-now table');
    const welcomes = page.frames.map((f) => JSON.parse(f.text)).filter((m) => m.t === 'welcome');
    page.seat = welcomes.at(-1).seat;
    const d = new Driver([page]);
    d.kontraWanted = 0;
    await d.playDeal();
    const [record] = await server.get(`/api/tables/${table}/games`);
    assert.ok(record, 'the finished deal is on record');
    money = replay(record).payments[page.seat];
    player = await page.evaluate((key) => JSON.parse(localStorage.getItem(key)).player, `ulti-player|${server.origin}`);

    // The player's name on the felt opens its profile; computers are not links.
    const links = await page.$$eval('[data-testid=table-seat] [data-testid=player-link]', (a) => a.map((x) => x.getAttribute('href')));
    assert.equal(links.length, 1, `one person at the table: ${links}`);
    assert.match(links[0], new RegExp(`/profile\\?player=${player}`));
    await page.click('[data-testid=table-seat] [data-testid=player-link]');
    await page.waitForSelector('[data-testid=profile-games]', { timeout: TIMEOUT.ui });
    assert.equal(await page.getAttribute('[data-testid=profile-games]', 'data-games'), '1');
    assert.equal(Number(await page.getAttribute('[data-testid=profile-money]', 'data-total')), money);
    assert.match(await page.textContent('[data-testid=profile-rating]'), /^\d+ ± \d+\?$/);
    assert.equal(await circles(page, 'chart-money'), 1);
    assert.equal(await circles(page, 'chart-rating'), 1);
    assert.equal(await page.$$eval('[data-testid=chart-bids] svg', (s) => s.length), 1);
    for (const id of ['chart-money', 'chart-rating', 'chart-bids']) {
      const label = await page.getAttribute(`[data-testid=${id}]`, 'aria-label');
      assert.ok(label && label.length > 5, `${id}: an accessible name`);
      assert.equal(await page.getAttribute(`[data-testid=${id}]`, 'role'), 'img');
    }
    assert.equal(await page.$$eval('[data-testid=profile-game]', (r) => r.length), 1);
    assert.equal(await page.getAttribute('[data-testid=profile-game]', 'data-table'), table);
    await assertNoOverflow(page, 'profile en 1280');
    await assertAccessible(page, 'profile en 1280');
    await screenshot(page, 'profile-1280-en');

    // The game's row opens that game on the Table page: its record read from the server, its
    // result with the same money, the review from the player's seat, and its card play in the
    // solver at the end of the play.
    const href = await page.getAttribute('[data-testid=profile-game] a', 'href');
    assert.match(href, new RegExp(`/table\\?review=${table}&game=1&seat=${page.seat}(&|$)`));
    await page.click('[data-testid=profile-game] a');
    await page.waitForSelector('[data-testid=table-result] [data-testid=table-payment]', { timeout: TIMEOUT.solve });
    assert.deepEqual(await shownPayments(page), replay(record).payments);
    assert.match(await page.textContent('[data-testid=table-shared-opened]'), /^Game 1 of the live table is open/);
    assert.ok(await page.$('[data-testid=table-review] [data-testid=table-review-start]'), 'the review is offered');
    assert.doesNotMatch(page.url(), /review=/, 'the link leaves the address bar: a reload continues the evening');
    await screenshot(page, 'profile-game-review');
    const cards = record.actions.filter((a) => / card /.test(` ${a} `)).length;
    assert.ok(cards > 0, 'the deal had card play');
    const solver = new URL(await page.getAttribute('[data-testid=table-open-solver]', 'href'), page.url());
    await page.click('[data-testid=table-open-solver]');
    await page.waitForSelector(`[data-testid=line-viewer][data-step="${cards}"]`, { timeout: TIMEOUT.solve });
    const opened = new URL(page.url()).searchParams;
    assert.equal(opened.get('deal'), solver.searchParams.get('deal'), 'the solver holds the deal');
    assert.equal(solver.searchParams.get('played').split(',').length, cards, 'and its card play');
    // A game the server does not have: refused in words, the evening as it was.
    await page.goto(app(`/table?review=${table}&game=9&seat=0&lang=en`));
    await page.waitForSelector('[data-testid=table-shared-refused]', { timeout: TIMEOUT.ui });
    assert.match(await page.textContent('[data-testid=table-shared-refused]'), /^The game of the live table cannot be opened: the table has no finished game 9\. Your evening is unchanged\.$/);
    assert.deepEqual(await shownPayments(page), replay(record).payments, 'the evening is unchanged');
    await page.waitForSelector('[data-testid=nav-leaderboard]');
    await page.click('[data-testid=nav-leaderboard]');
    await page.waitForSelector('[data-testid=leaderboard-empty], [data-testid=leaderboard-row]', { timeout: TIMEOUT.ui });
    assert.equal(await page.$$eval(`[data-testid=leaderboard-row][data-player="${player}"]`, (r) => r.length), 0);
    const empty = await page.textContent('[data-testid=leaderboard-empty]');
    assert.match(empty, /deviation is under 75, after about \d+ games/);
    await assertAccessible(page, 'leaderboard en 1280');
    await screenshot(page, 'leaderboard-1280-en');

    // Hiding the money: another browser sees that it is hidden.
    await page.goto(app('/profile?lang=en'));
    await page.waitForSelector('[data-testid=profile-hide][data-hide=money]');
    assert.ok(await tabReaches(page, 'profile-hide'), 'the privacy boxes are reached by Tab');
    await page.check('[data-testid=profile-hide][data-hide=money]');
    await page.waitForFunction(() => document.querySelector('[data-testid=profile-privacy-note]')?.textContent === 'Saved.');
    const other = await fresh('B', { viewport: { width: 375, height: 800 } });
    await other.goto(app(`/profile?player=${player}&lang=hu`));
    await other.waitForSelector('[data-testid=profile-money]');
    assert.equal(await other.textContent('[data-testid=profile-money]'), 'A játékos elrejtette.');
    assert.equal(await other.$$eval('[data-testid=chart-money]', (c) => c.length), 0);
    assert.equal(await other.textContent('[data-testid=profile-game] td:nth-child(3)'), '–', 'a game\'s money is hidden too');
    assert.equal(await other.$$eval('[data-testid=profile-hide]', (c) => c.length), 0, 'no privacy boxes on another player');
    assert.match(await other.textContent('[data-testid=profile-rating]'), /\?$/);
    await assertNoOverflow(other, 'profile hu 375');
    await assertAccessible(other, 'profile hu 375');
    await screenshot(other, 'profile-375-hu-hidden');
    await page.uncheck('[data-testid=profile-hide][data-hide=money]');
    await page.waitForFunction(() => document.querySelector('[data-testid=profile-hide][data-hide=money]')?.checked === false);
    await new Promise((r) => setTimeout(r, 500));
  });
});

test('the profile and leaderboard in both languages, wide and on a phone', { timeout: 200_000 }, async () => {
  await logged(async () => {
    for (const [lang, width, height] of [
      ['hu', 375, 800],
      ['en', 375, 800],
      ['hu', 1280, 900],
    ]) {
      const page = await fresh(`C-${lang}-${width}`, { viewport: { width, height } });
      await page.goto(app(`/profile?player=${player}&lang=${lang}`));
      await page.waitForSelector('[data-testid=chart-rating] svg', { timeout: TIMEOUT.ui });
      assert.equal(Number(await page.getAttribute('[data-testid=profile-money]', 'data-total')), money);
      await assertNoOverflow(page, `profile ${lang} ${width}`);
      await assertHistoryHeadings(page, `profile ${lang} ${width}`);
      await assertAccessible(page, `profile ${lang} ${width}`);
      await screenshot(page, `profile-${width}-${lang}`);
      await page.goto(app(`/leaderboard?lang=${lang}`));
      await page.waitForSelector('[data-testid=leaderboard-empty]', { timeout: TIMEOUT.ui });
      await assertNoOverflow(page, `leaderboard ${lang} ${width}`);
      await assertAccessible(page, `leaderboard ${lang} ${width}`);
      await screenshot(page, `leaderboard-${width}-${lang}`);
    }
  });
});
