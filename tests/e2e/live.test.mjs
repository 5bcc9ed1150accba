// Live tables: the app's Table page played with friends on a real `ulti-server` (started here on
// a temporary database, serving the sub-path build like `ulti-server --site`).
// - Three browser contexts at one table (created through "Play with friends", joined by the
//   invitation links) play two whole deals through the page: an auction with a pick-up, kontra,
//   the card play, the result and the score sheet. The server's records replay in `ulti replay`
//   to the payments every page showed.
// - One context loses its network mid-auction right after asking to pick up, and comes back:
//   it misses nothing, and nothing is applied twice. While it is gone it says so and refuses.
// - One context closes and reopens by its invitation link: the same seat, the same game, no
//   token in the address bar.
// - The server is killed (-9) and started again mid-game: every page recovers by itself and the
//   game finishes.
// - A spectator watches (at 375 px: no seat controls, no Next deal button, nothing wider than
//   the phone). No page ever holds another seat's hidden card (DOM, storage, frames) before the
//   game is over. The invitations fold away once every seat is taken; links made at 127.0.0.1
//   say they work on this computer only; a waiting player reads "choosing".
// - One person with two computer seats plays a whole deal; a reload once it is over shows its
//   result again, with the same money.
// - A seat away past --away-after is played by the computer and marked (its seat and its line in
//   the auction log); its person takes it back.
// The misbehaving network (offline, the countdown, bad invitations, the server a link uses, the
// phone's first screen) is live-network.test.mjs's.
// Also measured (printed, not asserted): how long an action at one page takes to show at the
// others (p50/p95, written to target/e2e/live-latency.json).

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ARTIFACTS, TIMEOUT, baseUrl, dumpLog, pageProblems, replay, reviewDeal, screenshot, shownPayments } from './helpers.mjs';
import {
  Server,
  assertNoLeakInFrames,
  framedPage,
  leakedIn,
  liveBrowser,
  openLive,
  percentile,
} from './live-helpers.mjs';
import { assertAccessible } from './a11y.mjs';
import { DEAL_MS, Driver, allCaughtUp } from './live-driver.mjs';

let server;
let lb;

before(async () => {
  server = await new Server({ awayAfter: 60 }).start();
  lb = await liveBrowser();
});
/** Servers a test swapped in or out, stopped at the end whatever happened (stop() twice is fine). */
const alsoStop = [];
after(async () => {
  await lb?.close();
  await server?.stop();
  for (const s of alsoStop) await s.stop();
});

/** Creates a table through "Play with friends" with these seat choices; returns its id. */
async function createTable(page, seats) {
  await page.goto(server.url('lang=en'));
  await page.click('[data-testid=friends] summary');
  for (const [i, choice] of seats.entries()) {
    await page.selectOption(`[data-testid=friends-seat][data-seat="${i}"]`, choice);
  }
  await page.click('[data-testid=friends-create]');
  await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
  return new URL(page.url()).searchParams.get('live');
}

/** The invitation links the creator's page shows: `{ seats: { seat: link }, watch }`. */
async function invitations(page) {
  const seats = {};
  for (const el of await page.$$('[data-testid=invite]')) {
    const link = await el.getAttribute('data-link');
    const url = new URL(link);
    const token = new URLSearchParams(url.hash.slice(1)).get('join');
    assert.ok(token, `an invitation carries its seat's token in the fragment: ${link}`);
    assert.equal(url.searchParams.get('join'), null, `no token in the invitation's query (it would reach servers' logs): ${link}`);
    seats[Object.keys(seats).length] = link;
  }
  return { seats: Object.values(seats), watch: await page.getAttribute('[data-testid=invite-watch]', 'data-link') };
}

/** The seat a page holds (from its frames: the server's welcome). */
function seatOf(page) {
  for (const { text } of page.frames) {
    const m = JSON.parse(text);
    if (m.t === 'welcome') return m.seat;
  }
  throw new Error(`${page.e2eName}: no welcome yet`);
}

/**
 * Runs `body`; on failure prints every page's log and last frames, saves their screenshots
 * (`target/e2e/FAILED-live-<page>.png`) and the server's log, then rethrows.
 */
async function diagnosed(pages, body) {
  try {
    await body();
  } catch (err) {
    mkdirSync(ARTIFACTS, { recursive: true });
    for (const p of pages()) {
      if (p.isClosed()) continue;
      dumpLog(p, `FAILED live: ${p.e2eName}`);
      console.error(`    last frames: ${p.frames.slice(-4).map((f) => f.text.slice(0, 200)).join('\n      ')}`);
      await p.screenshot({ path: path.join(ARTIFACTS, `FAILED-live-${p.e2eName.replace(/\W+/g, '-')}.png`), fullPage: true }).catch(() => {});
    }
    console.error(`--- ulti-server's log:\n${server.log.join('')}`);
    throw err;
  }
}

test('three friends play two deals: pick-up, kontra, a lost network, a reopened page, a killed server, a spectator, no leak', { timeout: DEAL_MS * 3 }, async () => {
  const all = [];
  const track = (p) => (all.push(p), p);
  await diagnosed(() => all, async () => {
    const ctx = [await lb.context(), await lb.context(), await lb.context(), await lb.context({ viewport: { width: 375, height: 800 } })];
    const a = track(await framedPage(ctx[0], 'A'));
    const table = await createTable(a, ['me', 'friend', 'friend']);
    assert.match(table, /^[A-Za-z0-9_-]+$/);
    await screenshot(a, 'live-created', { settle: false });
    // The links point at 127.0.0.1 (this test's server): the page says they work here only.
    assert.match(await a.textContent('[data-testid=invite-loopback]'), /only this computer can reach/);
    await assertAccessible(a, 'a live table with its invitations');
    const inv = await invitations(a);
    assert.equal(inv.seats.length, 2, 'an invitation per friend');
    const b = track(await framedPage(ctx[1], 'B'));
    await openLive(b, inv.seats[0]);
    let c = track(await framedPage(ctx[2], 'C'));
    await openLive(c, inv.seats[1]);
    const s = track(await framedPage(ctx[3], 'spectator'));
    await openLive(s, inv.watch);
    // The token is kept, not shown.
    for (const p of [b, c]) {
      assert.equal(new URL(p.url()).searchParams.get('join'), null, `${p.e2eName}: no token in the address bar`);
      assert.ok(!new URL(p.url()).hash.includes('join='), `${p.e2eName}: no token in the address bar's fragment`);
      for (const u of p.socketUrls) assert.ok(!u.includes('token'), `${p.e2eName}: no token in the socket's URL ${u}`);
    }
    a.seat = seatOf(a);
    b.seat = seatOf(b);
    c.seat = seatOf(c);
    s.seat = null;
    assert.deepEqual([a.seat, b.seat, c.seat, s.seat], [0, 1, 2, null]);
    assert.match(await s.textContent('[data-testid=live-seat]'), /watching/i);
    // Everyone is connected, and sees it; the invitations fold away.
    await a.waitForFunction(() => document.querySelectorAll('[data-testid=table-seat][data-connected=true]').length === 3);
    await a.waitForFunction(() => !document.querySelector('[data-testid=invitations]').open, null, { timeout: TIMEOUT.ui });
    // The watcher: no seat controls, no wider than its phone; a person is choosing, not thinking.
    assert.equal(await s.$('[data-testid=table-pick-up], [data-testid=table-pass], [data-testid=table-stand], [data-testid=table-bidding-box]'), null);
    assert.ok((await s.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'the watcher\'s page fits 375 px');
    assert.match(await b.textContent('[data-testid=table-status]'), /is choosing/);

    const d = new Driver([a, b, c], [s]);
    await d.snapshot();

    // Deal 1. B (seat 1) asks to pick up and loses its network in the same moment: the request
    // is on its way, unanswered.
    let lostOnce = false;
    let reopened = false;
    const pages = () => [a, b, c, s];
    await d.playDeal({
      onPickUp: async (page) => {
        if (page !== b || lostOnce) return;
        lostOnce = true;
        await b.evaluate(() => window.__e2eOffline(true));
        d.offline.add(b);
        await b.waitForSelector('[data-testid=live-status]:not([data-link=open])');
        await screenshot(b, 'live-offline', { settle: false });
        // Refused while away, with words.
        const asked = await b.$('[data-testid=table-pick-up]');
        if (asked) {
          await asked.click();
          await b.waitForSelector('[data-testid=table-error]');
        }
        await new Promise((r) => setTimeout(r, 1500));
        await b.evaluate(() => window.__e2eOffline(false));
        d.offline.delete(b);
        await allCaughtUp(pages());
      },
      // C closes its page in the card play and opens its invitation again.
      beforeCard: async (page) => {
        if (page !== c || reopened || d.seen.cards < 4) return false;
        reopened = true;
        const handBefore = await c.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card).sort());
        d.snapshots.push(...[]);
        await c.close();
        const c2 = track(await framedPage(ctx[2], 'C'));
        await openLive(c2, inv.seats[1]);
        assert.equal(new URL(c2.url()).searchParams.get('join'), null);
        c2.seat = seatOf(c2);
        assert.equal(c2.seat, 2, 'the same seat again');
        const handAfter = await c2.$$eval('[data-testid=table-card]', (els) => els.map((e) => e.dataset.card).sort());
        assert.deepEqual(handAfter, handBefore, 'the same game: the same cards in hand');
        c2.e2eName = 'C (reopened)';
        d.players[2] = c2;
        c = c2;
        return true;
      },
    });
    assert.ok(lostOnce, 'B lost its network at its pick-up');
    assert.ok(reopened, 'C reopened its page');
    const records1 = await server.get(`/api/tables/${table}/games`);
    assert.equal(records1.length, 1);
    const r1 = replay(records1[0]);
    for (const p of [a, b, c, s]) assert.deepEqual(await shownPayments(p), r1.payments, `${p.e2eName} shows the replay's payments`);
    // Nothing was applied twice: seat 1's first auction action is one bid (after its pick-up)
    // or one pass (after putting the talon back).
    const seat1 = records1[0].actions.filter((x) => /^1 (bid|pass)/.test(x));
    assert.ok(seat1.length >= 1 && seat1.length <= 3, `seat 1's auction actions: ${seat1}`);
    await screenshot(a, 'live-deal-1-over');
    await d.nextDeal();

    // Deal 2: the server is killed mid-play and started again.
    let killed = false;
    await d.playDeal({
      beforeCard: async () => {
        if (killed || d.seen.cards < 40) return false;
        killed = true;
        await server.kill();
        for (const p of pages()) await p.waitForSelector('[data-testid=live-status]:not([data-link=open])', { timeout: TIMEOUT.solve });
        await server.start();
        await allCaughtUp(pages());
        return true;
      },
    });
    assert.ok(killed, 'the server was killed mid-game');
    const records = await server.get(`/api/tables/${table}/games`);
    assert.equal(records.length, 2);
    const r2 = replay(records[1]);
    for (const p of [a, b, c, s]) assert.deepEqual(await shownPayments(p), r2.payments, `${p.e2eName} shows deal 2's payments`);
    // The score sheet: both deals, the totals the records'.
    const totals = await a.$$eval('[data-testid=table-total]', (els) => els.map((e) => Number(e.textContent.replace(/[^\d-]/g, '').replace(/^$/, '0'))));
    const want = [0, 1, 2].map((i) => r1.payments[i] + r2.payments[i]);
    assert.deepEqual(totals.map(Math.abs), want.map(Math.abs), `the sheet's totals ${totals} are the records' ${want}`);
    assert.equal(await a.$$eval('[data-testid=table-sheet-row]', (els) => els.length), 2);
    assert.ok(d.seen.pickups >= 1, `a pick-up happened (${JSON.stringify(d.seen)})`);
    assert.ok(d.seen.kontras >= 1, `a kontra was said (${JSON.stringify(d.seen)})`);
    // The records' kontra: said by a person, stored.
    assert.ok(records.some((r) => r.actions.some((x) => / kontra /.test(` ${x} `) || /kontra/.test(x))), 'a kontra in the records');

    // No page held a hidden card: frames, DOM and storage, before each game was over.
    let frames = 0;
    for (const p of [a, b, c, s]) frames += assertNoLeakInFrames(p.frames, p.seat, records, p.e2eName);
    const leaks = d.snapshots.flatMap((snap) => leakedIn(snap, snap.seat, records).map((card) => `${snap.who} held ${card} in game ${snap.game} after ${snap.k} actions`));
    assert.deepEqual(leaks, []);
    assert.ok(frames > 100 && d.snapshots.length > 100, `checked ${frames} frames and ${d.snapshots.length} snapshots`);

    // How long an action at one page takes to show at the others.
    const p50 = percentile(d.latency, 50);
    const p95 = percentile(d.latency, 95);
    console.log(`live: an action shows at the other pages in p50 ${p50} ms, p95 ${p95} ms (${d.latency.length} samples)`);
    mkdirSync(ARTIFACTS, { recursive: true });
    writeFileSync(path.join(ARTIFACTS, 'live-latency.json'), JSON.stringify({ samples: d.latency.length, p50, p95, max: Math.max(...d.latency) }));
    await screenshot(s, 'live-spectator-375');
    assert.equal(await s.$('[data-testid=table-next-deal]'), null, 'a watcher has no Next deal button');
    assert.ok((await s.evaluate(() => document.documentElement.scrollWidth)) <= 375, 'the watcher\'s page fits 375 px at the end');
    await assertAccessible(s, 'a live table watched on a phone');
    assert.equal(await s.$('[data-testid=table-review-start]'), null, 'a spectator has no decisions to review');
    assert.doesNotMatch(await s.textContent('[data-testid=table-result]'), /\(you\)/, 'no seat is the spectator\'s');
    for (const p of [a, b, c, s]) assert.deepEqual(pageProblems(p).filter((x) => !/offline|ERR_CONNECTION_REFUSED|socket/i.test(x)), [], p.e2eName);
    for (const x of ctx) await x.close();
  });
});

test('one person with two computers plays a whole deal', { timeout: DEAL_MS }, async () => {
  const all = [];
  const track = (p) => (all.push(p), p);
  await diagnosed(() => all, async () => {
    const context = await lb.context();
    const page = track(await framedPage(context, 'solo'));
    const table = await createTable(page, ['me', 'easy', 'easy']);
    page.seat = seatOf(page);
    assert.equal(await page.$$eval('[data-testid=invite]', (els) => els.length), 0, 'no friend to invite');
    const d = new Driver([page]);
    d.kontraWanted = 0;
    // A hint from the seat's own view at its first card: the worker decides from what the
    // server sent, and names a legal card of this hand.
    let hinted = null;
    await d.playDeal({
      beforeCard: async (p) => {
        if (hinted) return false;
        await p.click('[data-testid=table-hint]');
        await p.waitForFunction(
          () => !['thinking', undefined].includes(document.querySelector('[data-testid=table-advice]')?.dataset.action),
          null,
          { timeout: TIMEOUT.solve },
        );
        hinted = await p.getAttribute('[data-testid=table-advice]', 'data-action');
        const legal = await p.$$eval('[data-testid=table-card][data-legal=true]', (els) => els.map((e) => e.dataset.card));
        // A defender may be advised its kontra first.
        assert.match(hinted, /^0 (card [PZMT][789XUOKA]|kontra \S+)$/);
        if (hinted.includes(' card ')) assert.ok(legal.includes(hinted.slice(-2)), `the hint ${hinted} is a legal card of ${legal}`);
        return false;
      },
    });
    const [record] = await server.get(`/api/tables/${table}/games`);
    assert.deepEqual(await shownPayments(page), replay(record).payments);
    // The review judges the seat's decisions, as at the local table.
    if (record.actions.some((x) => x.startsWith('0 card'))) {
      assert.ok(hinted, 'a hint was taken');
      const rows = await reviewDeal(page);
      assert.equal(rows.filter((x) => x.kind === 'card').length, record.actions.filter((x) => x.startsWith('0 card')).length);
    }
    assert.ok(record.actions.filter((x) => / card /.test(` ${x} `)).length === 30 || record.actions.some((x) => /pass/.test(x)), 'the deal was played out');
    assertNoLeakInFrames(page.frames, 0, [record], 'solo');
    // The export holds the table's record.
    const href = await page.getAttribute('[data-testid=table-export]', 'href');
    const exported = decodeURIComponent(href.slice(href.indexOf(',') + 1)).split('\n').filter((l) => l.trim());
    assert.equal(exported.length, 1);
    assert.deepEqual(JSON.parse(exported[0]).actions, record.actions);
    // A reload after the deal is over, before the next one: no `over` comes again, yet the
    // result is back with the same money (the welcome's record), the review and Next deal.
    await page.reload();
    await page.waitForSelector('[data-testid=table-result] [data-testid=table-payment]', { timeout: TIMEOUT.solve });
    assert.deepEqual(await shownPayments(page), replay(record).payments);
    assert.ok(await page.$('[data-testid=table-review]'), 'the review is back');
    assert.ok(await page.$('[data-testid=table-next-deal]'), 'the next deal is offered');
    await screenshot(page, 'live-solo-reloaded');
    await context.close();
  });
});

test('a friend who is away is played by the computer, marked, and takes the seat back', { timeout: DEAL_MS }, async () => {
  const all = [];
  const track = (p) => (all.push(p), p);
  await diagnosed(() => all, async () => {
    // A server of its own, where a seat is away after 2 s.
    const main = server;
    server = await new Server({ awayAfter: 2 }).start();
    // Stopped in after() too, so a failure here leaves no server running (the run would hang).
    alsoStop.push(main, server);
    const ctx = [await lb.context(), await lb.context()];
    const a = track(await framedPage(ctx[0], 'host'));
    const table = await createTable(a, ['me', 'friend', 'easy']);
    a.seat = 0;
    const inv = await invitations(a);
    // Seat 1 never came: on its turn the computer plays it after --away-after (2 s here).
    const d = new Driver([a]);
    d.kontraWanted = 0;
    // The host opens; then seat 1's turn comes, and after 2 s the computer plays it.
    const awayMark = '[data-testid=table-seat][data-seat="1"] [data-testid=table-seat-away]';
    const until = Date.now() + TIMEOUT.solve;
    while (!(await a.$(awayMark)) && Date.now() < until) {
      if (!(await d.act(a))) await new Promise((r) => setTimeout(r, 200));
    }
    assert.ok(await a.$('[data-testid=table-seat][data-seat="1"] [data-testid=table-seat-away]'), 'the away seat is marked');
    assert.ok(await a.$('[data-testid=table-heard][data-seat="1"][data-by=computer]'), 'its bid is marked as the computer\'s in the auction log');
    await screenshot(a, 'live-away', { settle: false });
    // The friend arrives by the invitation and plays its seat from its next turn.
    const b = track(await framedPage(ctx[1], 'friend'));
    await openLive(b, inv.seats[0]);
    b.seat = seatOf(b);
    assert.equal(b.seat, 1);
    d.players.push(b);
    await d.playDeal();
    const [record] = await server.get(`/api/tables/${table}/games`);
    const byFriend = b.frames
      .map((f) => JSON.parse(f.text))
      .filter((m) => m.t === 'event' && m.by === 'person' && m.action.startsWith('1 '));
    const byComputer = a.frames
      .map((f) => JSON.parse(f.text))
      .filter((m) => m.t === 'event' && m.by === 'computer' && m.action.startsWith('1 '));
    assert.ok(byComputer.length >= 1, 'the computer acted for the away seat');
    assert.ok(byFriend.length >= 1, 'the friend took the seat back and played');
    assert.equal(await a.$(awayMark), null, 'the away mark is gone once the friend plays');
    assert.deepEqual(await shownPayments(b), replay(record).payments);
    for (const x of ctx) await x.close();
    await server.stop();
    server = main;
  });
});

/** Opens the Table page of the static site with `query` (through the app's router, as a link
 * inside the app would: any static server works). */
async function gotoStatic(page, query) {
  await page.goto(baseUrl());
  await page.evaluate((q) => {
    history.pushState(null, '', `table?${q}`);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, query);
  await page.waitForSelector('[data-testid=table-page]');
}

test('on a static site the server is a setting: ?server= is used, shown and remembered; a wrong one is named', { timeout: DEAL_MS }, async () => {
  const all = [];
  const track = (p) => (all.push(p), p);
  await diagnosed(() => all, async () => {
    const context = await lb.context();
    const page = track(await framedPage(context, 'static'));
    // No table server at that address: the page says so, and which address it tried.
    await gotoStatic(page, `lang=en&live=nosuchtable&server=${encodeURIComponent('http://127.0.0.1:9')}`);
    const problem = await page.waitForSelector('[data-testid=live-problem]', { timeout: TIMEOUT.solve });
    assert.match(await problem.textContent(), /127\.0\.0\.1:9 cannot be reached/);
    // The static site itself is no table server either: another answer than ulti-table/1.
    await gotoStatic(page, `lang=en&live=nosuchtable&server=${encodeURIComponent(new URL(baseUrl()).origin)}`);
    assert.match(await (await page.waitForSelector('[data-testid=live-problem]', { timeout: TIMEOUT.solve })).textContent(), /ulti-table\/1|cannot be reached/);
    // A real one, given with ?server=: tables are created there (across origins) and played.
    await gotoStatic(page, `lang=en&server=${encodeURIComponent(server.origin)}`);
    await page.click('[data-testid=friends] summary');
    assert.equal(await page.inputValue('[data-testid=friends-server]'), server.origin, 'the server from ?server=');
    for (const [i, choice] of ['me', 'friend', 'easy'].entries()) {
      await page.selectOption(`[data-testid=friends-seat][data-seat="${i}"]`, choice);
    }
    await page.click('[data-testid=friends-create]');
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
    const table = new URL(page.url()).searchParams.get('live');
    assert.match(await page.textContent('[data-testid=live-server]'), new RegExp(server.origin.replace(/[.]/g, '\\.')));
    const invite = await page.getAttribute('[data-testid=invite]', 'data-link');
    assert.equal(new URL(invite).searchParams.get('server'), server.origin, 'the invitation names the server');
    assert.ok(invite.startsWith(baseUrl()), `the invitation opens this site: ${invite}`);
    // Remembered: the table opens again without ?server=, at the same seat.
    await gotoStatic(page, `lang=en&live=${table}`);
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
    assert.match(await page.textContent('[data-testid=live-seat]'), /Player 1/);
    await context.close();
  });
});
