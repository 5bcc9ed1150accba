// Live tables on a network that misbehaves the way phone networks do (a real `ulti-server`
// started here, real Chromium):
// - A phone (375 px, Hungarian) at its turn: the hand and the Pass / Pick up buttons are on the
//   first screen, the page is no wider than the phone, the others are "choosing". Offline for
//   10 s (`context.setOffline`): "offline" within 5 s, a click then is refused in words and
//   nothing waits, back within 2 s of the network's return, the refused click not sent, the
//   click made again sent once. The countdown to the next attempt counts down, and "Reconnect
//   now" connects at once.
// - A friend offline on their turn is played by the computer (--away-after 2 s); back, their
//   page marks those actions in the auction log and sums them up in one line.
// - A tampered invitation (Hungarian) and an unknown table each get their own words and the
//   way forward; the bad token is not kept; "watch instead" watches.
// - A wrong `?server=` once does not break a correct invitation later in that browser.
// - A network that goes silent with no `offline` event (a TCP proxy that stops carrying bytes):
//   the heartbeat notices within 6 s, the page is back once the network is, and the friend's
//   click then goes once.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TIMEOUT, baseUrl, screenshot } from './helpers.mjs';
import { Server, framedPage, liveBrowser, openLive, pickUpAndBid, startStallProxy } from './live-helpers.mjs';

const PHONE = { width: 375, height: 667 };
let server;
let lb;

before(async () => {
  server = new Server({ awayAfter: 60 });
  server.args.push('--ping-every', '1');
  await server.start();
  lb = await liveBrowser();
});
after(async () => {
  await lb?.close();
  await server?.stop();
});

/** Creates a table through "Play with friends"; returns its id and the invitation links. */
async function createTable(page, seats, lang = 'en') {
  await page.goto(server.url(`lang=${lang}`));
  await page.click('[data-testid=friends] summary');
  for (const [i, choice] of seats.entries()) {
    await page.selectOption(`[data-testid=friends-seat][data-seat="${i}"]`, choice);
  }
  await page.click('[data-testid=friends-create]');
  await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
  const table = new URL(page.url()).searchParams.get('live');
  const invites = await page.$$eval('[data-testid=invite]', (els) => els.map((e) => e.dataset.link));
  const watch = await page.getAttribute('[data-testid=invite-watch]', 'data-link');
  return { table, invites, watch };
}

/** Is the element of `selector` wholly inside the viewport? */
async function inViewport(page, selector) {
  const box = await (await page.$(selector))?.boundingBox();
  const vp = page.viewportSize();
  return !!box && box.y >= 0 && box.y + box.height <= vp.height && box.x >= 0 && box.x + box.width <= vp.width;
}

/** The page's width (what sticks out makes it wider than the phone). */
function pageWidth(page) {
  return page.evaluate(() => document.documentElement.scrollWidth);
}

/** The events of seat `seat` a page received. */
function eventsOf(page, seat) {
  return page.frames
    .map((f) => JSON.parse(f.text))
    .filter((m) => m.t === 'event' && m.action.startsWith(`${seat} `));
}

test('a phone at its turn sees its buttons; offline 10 s is shown, a click then refused, back within 2 s; the countdown counts', { timeout: 180_000 }, async () => {
  const context = await lb.context({ viewport: PHONE });
  const page = await framedPage(context, 'phone');
  try {
    // Seat 1 is the phone's: after the computer's opening it is asked to pass or pick up.
    await createTable(page, ['easy', 'me', 'easy'], 'hu');
    await page.waitForSelector('[data-testid=table-pick-up]', { timeout: TIMEOUT.solve });
    await page.waitForTimeout(300);
    assert.ok(await inViewport(page, '[data-testid=table-pick-up]'), 'Pick up on the first screen');
    assert.ok(await inViewport(page, '[data-testid=table-pass]'), 'Pass on the first screen');
    const hand = await (await page.$('[data-testid=table-hand]')).boundingBox();
    assert.ok(hand.y >= 0 && hand.y < PHONE.height, `the hand is on the first screen (top at ${hand.y})`);
    assert.ok((await pageWidth(page)) <= PHONE.width, 'no wider than the phone');
    assert.equal(await page.$eval('[data-testid=invitations]', (d) => d.open), false, 'no invitation to hand on: folded');
    await screenshot(page, 'live-phone-turn-375', { settle: false });

    // Offline for 10 s: said within 5 s.
    await context.setOffline(true);
    const wentOff = Date.now();
    await page.waitForSelector('[data-testid=live-status][data-link=offline]', { timeout: 5_000 });
    assert.match(await page.textContent('[data-testid=live-link]'), /Nincs kapcsolat/);
    assert.ok(Date.now() - wentOff < 5_000);
    // A click now is refused in words; nothing waits to be sent.
    await page.click('[data-testid=table-pass]');
    assert.match(await page.textContent('[data-testid=table-error]'), /Nem ment el/);
    assert.equal(await page.$('[data-testid=live-pending]'), null, 'nothing pending');
    assert.ok(await page.$('[data-testid=live-reconnect]'), 'a Reconnect now button');
    await screenshot(page, 'live-phone-offline-375', { settle: false });
    await page.waitForTimeout(10_000 - (Date.now() - wentOff));
    await context.setOffline(false);
    const back = Date.now();
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: 2_000 });
    console.log(`live-network: back at the table ${Date.now() - back} ms after the network`);
    await page.waitForFunction(() => !document.querySelector('[data-testid=table-error]'), null, { timeout: 2_000 });
    assert.equal(eventsOf(page, 1).length, 0, 'the refused click was not sent');
    // Made again, it goes once.
    await page.click('[data-testid=table-pass]');
    await page.waitForFunction(() => !document.querySelector('[data-testid=table-pass]'), null, { timeout: TIMEOUT.ui });
    await page.waitForTimeout(1_000);
    const mine = eventsOf(page, 1);
    assert.equal(mine.length, 1, `one action of seat 1: ${mine.map((m) => m.action)}`);
    assert.equal(mine[0].by, 'person');

    // The countdown counts down; "Reconnect now" connects at once.
    await page.evaluate(() => window.__e2eOffline(true));
    await page.waitForSelector('[data-testid=live-status][data-link=lost]', { timeout: 5_000 });
    const seen = [];
    for (let i = 0; i < 45; i += 1) {
      const s = await page.getAttribute('[data-testid=live-link]', 'data-retry');
      if (s) seen.push(Number(s));
      await page.waitForTimeout(100);
    }
    assert.ok(seen.some((s, i) => i > 0 && s < seen[i - 1] && s > 0), `the countdown decreases: ${seen}`);
    assert.ok(Math.max(...seen) <= 2, `attempts at most 2 s apart: ${seen}`);
    await page.evaluate(() => window.__e2eOffline(false));
    const asked = Date.now();
    await page.click('[data-testid=live-reconnect]').catch(() => {});
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: 2_000 });
    assert.ok(Date.now() - asked < 2_000);
  } catch (err) {
    await screenshot(page, 'FAILED-live-network-phone', { settle: false }).catch(() => {});
    throw err;
  } finally {
    await context.close();
  }
});

test('a friend offline on their turn is played by the computer; back, the page marks it and sums it up', { timeout: 180_000 }, async () => {
  const own = new Server({ awayAfter: 2 });
  own.args.push('--ping-every', '1');
  const main = server;
  server = await own.start();
  const ctx = [await lb.context(), await lb.context({ viewport: PHONE })];
  try {
    const host = await framedPage(ctx[0], 'host');
    const { invites } = await createTable(host, ['me', 'friend', 'easy']);
    const friend = await framedPage(ctx[1], 'friend');
    await openLive(friend, invites[0]);
    // The friend's network goes before the host opens; the turn comes to seat 1, away.
    await ctx[1].setOffline(true);
    await friend.waitForSelector('[data-testid=live-status][data-link=offline]', { timeout: 5_000 });
    await pickUpAndBid(host);
    const awayMark = '[data-testid=table-seat][data-seat="1"] [data-testid=table-seat-away]';
    await host.waitForSelector(awayMark, { timeout: TIMEOUT.solve });
    await host.waitForSelector('[data-testid=table-heard][data-seat="1"][data-by=computer]', { timeout: TIMEOUT.ui });
    await ctx[1].setOffline(false);
    await friend.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: 5_000 });
    const marked = await friend.waitForSelector('[data-testid=table-heard][data-seat="1"][data-by=computer]', { timeout: TIMEOUT.ui });
    assert.match(await marked.textContent(), /\(you\).*played by the computer while you were away/);
    const summary = await friend.waitForSelector('[data-testid=live-away-summary]', { timeout: TIMEOUT.ui });
    assert.match(await summary.textContent(), /While you were away the computer made \d+ decision/);
    assert.ok((await pageWidth(friend)) <= PHONE.width, 'no wider than the phone');
    await screenshot(friend, 'live-away-back-375', { settle: false });
  } catch (err) {
    for (const p of ctx.flatMap((c) => c.pages())) await screenshot(p, `FAILED-live-network-away-${p.e2eName}`, { settle: false }).catch(() => {});
    console.error(server.log.join('').slice(-3000));
    throw err;
  } finally {
    for (const c of ctx) await c.close();
    await own.stop();
    server = main;
  }
});

test('a tampered invitation and an unknown table say so, keep no bad token and offer the way forward', { timeout: 120_000 }, async () => {
  const host = await framedPage(await lb.context(), 'host');
  const { table, invites } = await createTable(host, ['me', 'friend', 'easy']);
  const context = await lb.context({ viewport: PHONE });
  const page = await framedPage(context, 'guest');
  try {
    // One character of the token changed; in Hungarian.
    const url = new URL(invites[0]);
    const token = new URLSearchParams(url.hash.slice(1)).get('join');
    url.hash = `join=${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    url.searchParams.set('lang', 'hu');
    // As if the lobby had once seated this browser there: the mark goes with the bad token.
    const hostKey = await host.evaluate((t) => Object.keys(localStorage).find((k) => k.startsWith('ulti-live|') && k.endsWith(`|${t}`)), table);
    const tableServer = hostKey.split('|')[1];
    await page.goto(server.url('lang=hu'));
    await page.evaluate(([s, t]) => localStorage.setItem(`ulti-lobby-seat|${s}|${t}`, '1'), [tableServer, table]);
    await page.goto(url.href);
    const problem = await page.waitForSelector('[data-testid=live-problem][data-problem=bad-invitation]', { timeout: TIMEOUT.ui });
    assert.match(await problem.textContent(), /érvénytelen vagy lejárt/);
    assert.doesNotMatch(await page.textContent('[data-testid=live-link]'), /újrapróbálás/i, 'no endless retrying');
    const kept = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('ulti-live|') || k.startsWith('ulti-lobby-seat|')));
    assert.deepEqual(kept, [], 'neither the bad token nor the lobby mark is kept');
    assert.ok(await page.$('[data-testid=live-play-local]'), 'the local game is offered');
    assert.ok((await pageWidth(page)) <= PHONE.width, 'no wider than the phone');
    await screenshot(page, 'live-bad-invitation-375', { settle: false });
    await page.click('[data-testid=live-watch-instead]');
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.ui });
    assert.match(await page.textContent('[data-testid=live-seat]'), /Nézőként/);
    assert.equal(await page.$('[data-testid=table-pick-up], [data-testid=table-pass], [data-testid=table-next-deal]'), null, 'a watcher has no seat controls');

    // No such table.
    await page.goto(server.url(`lang=en&live=${table}x`));
    const none = await page.waitForSelector('[data-testid=live-problem][data-problem=no-table]', { timeout: TIMEOUT.ui });
    assert.match(await none.textContent(), /There is no such table/);
    await screenshot(page, 'live-no-table-375', { settle: false });
  } finally {
    await context.close();
  }
});

test('a wrong ?server= once does not break a correct invitation later; a server that is not ours is named', { timeout: 120_000 }, async () => {
  const host = await framedPage(await lb.context(), 'host');
  const { table, invites } = await createTable(host, ['me', 'friend', 'easy']);
  const context = await lb.context();
  const page = await framedPage(context, 'guest');
  try {
    await page.goto(server.url(`lang=en&live=${table}&server=${encodeURIComponent('http://127.0.0.1:9')}`));
    const problem = await page.waitForSelector('[data-testid=live-problem]', { timeout: TIMEOUT.ui });
    assert.match(await problem.textContent(), /127\.0\.0\.1:9 cannot be reached/);
    // The invitation without server=: the server that served the app.
    await openLive(page, invites[0]);
    assert.match(await page.textContent('[data-testid=live-server]'), new RegExp(server.origin.replace(/[.]/g, '\\.')));
    assert.match(await page.textContent('[data-testid=live-seat]'), /Player 2/);
    // A plain web server (the static site) is named as not a table server.
    await page.goto(server.url(`lang=en&live=${table}&server=${encodeURIComponent(new URL(baseUrl()).origin)}`));
    const other = await page.waitForSelector('[data-testid=live-problem][data-problem=not-ours]', { timeout: TIMEOUT.ui });
    assert.match(await other.textContent(), /not a table server/);
    // The page names the server it uses and lets the player change it.
    assert.match(await page.textContent('[data-testid=live-server]'), new RegExp(new URL(baseUrl()).host.replace(/[.]/g, '\\.')));
    await page.click('[data-testid=live-server-change] summary');
    await page.fill('[data-testid=live-server-input]', server.origin);
    await page.click('[data-testid=live-server-use]');
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.ui });
    assert.equal(new URL(page.url()).searchParams.get('server'), server.origin);
  } finally {
    await context.close();
  }
});

test('a network that goes silent without an offline event is noticed by the heartbeat; back, a click goes once', { timeout: 120_000 }, async () => {
  const proxy = await startStallProxy(new URL(server.origin).host);
  const hostCtx = await lb.context();
  const context = await lb.context({ viewport: PHONE });
  try {
    const host = await framedPage(hostCtx, 'host');
    const { invites } = await createTable(host, ['me', 'friend', 'easy']);
    const friend = await framedPage(context, 'friend');
    // The friend's page comes through the proxy (its own origin: the table server behind it).
    await openLive(friend, invites[0].replace(server.origin, proxy.origin));
    proxy.stall();
    const silent = Date.now();
    await friend.waitForFunction(
      () => document.querySelector('[data-testid=live-status]')?.dataset.link !== 'open',
      null,
      { timeout: 6_500 },
    );
    console.log(`live-network: a silent network noticed after ${Date.now() - silent} ms`);
    assert.notEqual(await friend.textContent('[data-testid=live-link]'), '', 'the page says so');
    await screenshot(friend, 'live-silent-375', { settle: false });
    // Meanwhile the host bids; the turn comes to the friend.
    await pickUpAndBid(host);
    await friend.waitForTimeout(Math.max(0, 8_000 - (Date.now() - silent)));
    proxy.resume();
    const back = Date.now();
    await friend.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: 9_000 });
    console.log(`live-network: back ${Date.now() - back} ms after the silent network carried bytes again`);
    await friend.waitForSelector('[data-testid=table-pass]', { timeout: TIMEOUT.ui });
    await friend.click('[data-testid=table-pass]');
    await friend.waitForFunction(() => !document.querySelector('[data-testid=table-pass]'), null, { timeout: TIMEOUT.ui });
    await friend.waitForTimeout(1_000);
    const mine = eventsOf(friend, 1);
    assert.equal(mine.length, 1, `one action of seat 1: ${mine.map((m) => m.action)}`);
    assert.equal(mine[0].by, 'person', "the friend's own, not the away rule's");
  } catch (err) {
    for (const p of [...hostCtx.pages(), ...context.pages()]) await screenshot(p, `FAILED-live-network-silent-${p.e2eName}`, { settle: false }).catch(() => {});
    throw err;
  } finally {
    await context.close();
    await hostCtx.close();
    await proxy.close();
  }
});
