// Strangers at one live table: their names and their chat, against a real `ulti-server` and real
// Chromium pages.
// - Three guests (`POST /api/players`) sit down by "play now" (`POST /api/play`), each in its own
//   browser context holding its player (`ulti-player|{origin}`, as the lobby keeps it), and open
//   `/table?live=ID#join=TOKEN`: every felt shows the three names.
// - A message from A reaches B and C, one from B reaches A; C mutes A: A's lines vanish on C
//   only, and stay hidden after C reloads (the chat itself comes back from the welcome).
// - `<script>` shows as text and runs nothing; a 10 KB paste is cut to 140 by the input; the
//   fifth message in 10 seconds is refused in words, its text kept in the input; the creator
//   turns the chat off and the others see so; offline, the text waits in the input; a
//   spectator reads the chat.
// - At 375 px the chat folds, shows the unread count and opens on the lines; axe finds nothing
//   at 375 and 1280 with the chat open; Hungarian words; screenshots of both languages.
// - A table waiting for its third player shows the countdown and the waiting seat.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import { ARTIFACTS, TIMEOUT, dumpLog, pageProblems } from './helpers.mjs';
import { Server, framedPage, liveBrowser } from './live-helpers.mjs';
import { lines, openChat, say, waitForLine } from './chat-helpers.mjs';
import { assertAccessible } from './a11y.mjs';

let server;
let lb;

before(async () => {
  server = await new Server({ awayAfter: 600 }).start();
  lb = await liveBrowser();
  mkdirSync(ARTIFACTS, { recursive: true });
});

after(async () => {
  await lb?.close();
  await server?.stop();
});

/** POST JSON with an optional session. */
async function post(p, body, session) {
  const headers = { 'content-type': 'application/json' };
  if (session) headers.authorization = `Bearer ${session}`;
  const r = await fetch(`${server.origin}${p}`, { method: 'POST', headers, body: JSON.stringify(body ?? {}) });
  const json = await r.json();
  assert.ok(r.ok, `POST ${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** A guest seated by "play now": `{player, name, session, table, seat, token}`. */
async function seated(play) {
  const me = await post('/api/players');
  const at = await post('/api/play', play, me.session);
  return { ...me, ...at };
}

/** A browser context for `who` (its player kept as the lobby keeps it), and its page. */
async function pageOf(who, { viewport = { width: 1280, height: 800 }, lang = 'en' } = {}) {
  const context = await lb.context({ viewport });
  if (who) {
    const key = `ulti-player|${server.origin}`;
    const value = JSON.stringify({ player: who.player, name: who.name, session: who.session, account: false });
    await context.addInitScript(([k, v]) => localStorage.setItem(k, v), [key, value]);
  }
  const page = await framedPage(context, who?.name ?? 'spectator');
  page.on('dialog', (d) => {
    page.dialogs = (page.dialogs ?? 0) + 1;
    d.dismiss();
  });
  const join = who ? `#join=${who.token}` : '';
  await page.goto(server.url(`lang=${lang}&live=${who?.table ?? page.table}`) + join);
  await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
  return page;
}


test('three strangers: names on every felt, chat, mutes that survive a reload, refusals, the creator, a spectator, phones', async () => {
  const play = { wait_s: 600, level: 'easy' };
  const a = await seated({ ...play, new: true });
  const b = await seated(play);
  const c = await seated(play);
  assert.equal(b.table, a.table, 'B joins the waiting table');
  assert.equal(c.table, a.table, 'C joins the waiting table');
  const pages = [];
  try {
    const pa = await pageOf(a);
    const pb = await pageOf(b);
    const pc = await pageOf(c);
    pages.push(pa, pb, pc);
    // Every felt names the three players.
    for (const p of pages) {
      await p.waitForSelector('[data-testid=table-felt]', { timeout: TIMEOUT.solve });
      await p.waitForFunction(() => document.querySelectorAll('[data-testid=table-felt] [data-testid=seat-name]').length === 3);
      const names = await p.$$eval('[data-testid=table-felt] [data-testid=seat-name]', (e) =>
        Object.fromEntries(e.map((x) => [x.dataset.seat, x.textContent])),
      );
      assert.deepEqual(names, { [a.seat]: a.name, [b.seat]: b.name, [c.seat]: c.name });
      assert.equal(await p.$('[data-testid=table-waiting]'), null, 'nothing waits any more');
    }

    // A's message reaches B and C, with A's name; B's reaches A.
    await say(pa, 'Hello from A');
    for (const p of [pb, pc]) await waitForLine(p, 'Hello from A');
    await pa.waitForFunction(() => document.querySelector('[data-testid=chat-input]').value === '');
    const onB = (await lines(pb)).find((l) => l.text === 'Hello from A');
    assert.deepEqual(onB, { seat: a.seat, player: a.player, text: 'Hello from A' });
    const author = await pb.$eval(`[data-testid=chat-line][data-seat="${a.seat}"] .chat-author`, (e) => e.textContent);
    assert.equal(author, a.name);
    await say(pb, 'Hi A, B here');
    await waitForLine(pa, 'Hi A, B here');

    // Markup is text: nothing runs, no dialog.
    const evil = '<script>alert(1)</script><img src=x onerror=alert(2)>';
    await say(pb, evil);
    for (const p of pages) await waitForLine(p, evil);
    for (const p of pages) {
      assert.equal(await p.$('[data-testid=chat-log] script, [data-testid=chat-log] img'), null);
      assert.equal(p.dialogs ?? 0, 0, 'no dialog opened');
    }

    // C mutes A: A's lines leave C's chat only, and stay gone after C reloads.
    const mute = pc.locator(`[data-testid=chat-mute][data-seat="${a.seat}"]`);
    assert.equal(await mute.getAttribute('aria-pressed'), 'false');
    await mute.click();
    assert.equal(await mute.getAttribute('aria-pressed'), 'true');
    assert.ok(!(await lines(pc)).some((l) => l.seat === a.seat), 'A is muted on C');
    assert.ok((await lines(pc)).some((l) => l.seat === b.seat), "B's lines stay");
    await say(pa, 'Can C hear me?');
    await waitForLine(pb, 'Can C hear me?');
    assert.ok((await lines(pb)).some((l) => l.seat === a.seat), 'B still reads A');
    await pc.reload();
    await pc.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
    await openChat(pc);
    await waitForLine(pc, 'Hi A, B here');
    assert.ok(!(await lines(pc)).some((l) => l.seat === a.seat), 'A stays muted after the reload');
    assert.equal(await pc.getAttribute(`[data-testid=chat-mute][data-seat="${a.seat}"]`, 'aria-pressed'), 'true');

    // A 10 KB paste is cut to 140 characters by the input.
    await openChat(pc);
    await pc.fill('[data-testid=chat-input]', 'x'.repeat(10_000));
    assert.equal((await pc.inputValue('[data-testid=chat-input]')).length, 140);
    assert.equal(await pc.getAttribute('[data-testid=chat-input]', 'maxlength'), '140');
    await pc.fill('[data-testid=chat-input]', '');

    // A flood: the fifth message within 10 seconds is refused in words, its text kept.
    for (const t of ['one', 'two', 'three']) {
      await say(pc, `C says ${t}`);
      await waitForLine(pc, `C says ${t}`);
    }
    await say(pc, 'C says four');
    await waitForLine(pc, 'C says four');
    await say(pc, 'C says five');
    const refusal = await pc.waitForSelector('[data-testid=chat-error]');
    assert.match(await refusal.textContent(), /at most 4 messages in 10 seconds/);
    assert.equal(await pc.getAttribute('[data-testid=chat-error]', 'role'), 'alert');
    assert.equal(await pc.inputValue('[data-testid=chat-input]'), 'C says five');

    // Offline: the send button says it cannot send now; the text waits in the input.
    await pb.evaluate(() => window.__e2eOffline(true));
    await pb.waitForSelector('[data-testid=live-status]:not([data-link=open])');
    await say(pb, 'Sent once back');
    assert.match(await pb.textContent('[data-testid=chat-error]'), /not connected/);
    assert.equal(await pb.inputValue('[data-testid=chat-input]'), 'Sent once back');
    await pb.evaluate(() => window.__e2eOffline(false));
    await pb.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
    await pb.click('[data-testid=chat-send]');
    await waitForLine(pa, 'Sent once back');
    await pb.waitForFunction(() => document.querySelector('[data-testid=chat-input]').value === '');

    // A spectator reads the chat, and writes nothing.
    const spectatorContext = await lb.context({ viewport: { width: 1280, height: 800 } });
    const ps = await framedPage(spectatorContext, 'spectator');
    pages.push(ps);
    await ps.goto(server.url(`lang=en&live=${a.table}`));
    await ps.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
    await openChat(ps);
    await waitForLine(ps, 'Hi A, B here');
    assert.equal(await ps.$('[data-testid=chat-input]'), null);
    assert.equal(await ps.$('[data-testid=chat-settings]'), null);

    // Axe at 1280 with the chat open; the screenshot.
    await openChat(pa);
    await assertAccessible(pa, 'chat open at 1280');
    await pa.screenshot({ path: path.join(ARTIFACTS, 'chat-1280-en.png') });

    // Only the creator (the first seat) has the switches; it turns the chat off.
    const creator = [pa, pb, pc][[a, b, c].findIndex((x) => x.seat === 0)];
    for (const p of [pa, pb, pc]) {
      assert.equal((await p.$('[data-testid=chat-settings]')) !== null, p === creator);
    }
    await creator.uncheck('[data-testid=chat-enabled]');
    for (const p of [pa, pb, pc].filter((p) => p !== creator)) {
      await p.waitForSelector('[data-testid=chat-off]');
      assert.equal(await p.$('[data-testid=chat-input]'), null);
    }
    await creator.check('[data-testid=chat-enabled]');
    for (const p of [pa, pb, pc]) await p.waitForSelector('[data-testid=chat-input]');
    // The creator keeps the chat from spectators: the spectator is told, and reads no new line.
    await creator.uncheck('[data-testid=chat-spectators]');
    await ps.waitForFunction(() => /keeps the chat from spectators/.test(document.querySelector('[data-testid=chat-spectator]')?.textContent ?? ''));
    await say(pb, 'Players only');
    await waitForLine(pa, 'Players only');
    // Its number reaches the spectator without the text.
    const start = Date.now();
    const textless = () => ps.frames.some((f) => /"t":"chat"/.test(f.text) && !/"text"/.test(f.text));
    while (!textless() && Date.now() - start < TIMEOUT.ui) await ps.waitForTimeout(100);
    assert.ok(textless(), 'the spectator received the number without the text');
    assert.ok(!(await lines(ps)).some((l) => l.text === 'Players only'), 'the spectator reads no new line');
    await creator.check('[data-testid=chat-spectators]');
    await ps.waitForFunction(() => /only the players write/.test(document.querySelector('[data-testid=chat-spectator]')?.textContent ?? ''));

    // A phone: the chat starts folded, counts what came, and opens on the lines.
    const phone = await pageOf(b, { viewport: { width: 375, height: 740 }, lang: 'en' });
    pages.push(phone);
    assert.equal(await phone.getAttribute('[data-testid=chat-toggle]', 'aria-expanded'), 'false');
    assert.equal(await phone.isVisible('[data-testid=chat-log]'), false);
    await say(pa, 'For the phone');
    await phone.waitForSelector('[data-testid=chat-unread]');
    assert.ok(Number(await phone.getAttribute('[data-testid=chat-unread]', 'data-n')) >= 1);
    await phone.click('[data-testid=chat-toggle]');
    await waitForLine(phone, 'For the phone');
    assert.equal(await phone.$('[data-testid=chat-unread]'), null);
    await assertAccessible(phone, 'chat open at 375');
    await phone.locator('[data-testid=chat]').scrollIntoViewIfNeeded();
    await phone.screenshot({ path: path.join(ARTIFACTS, 'chat-375-en.png') });

    // Hungarian: the presets as Hungarian players say them; one sent from A's phone.
    const hu = await pageOf(a, { viewport: { width: 375, height: 740 }, lang: 'hu' });
    pages.push(hu);
    await openChat(hu);
    const presets = await hu.$$eval('[data-testid=chat-preset]', (e) => e.map((x) => x.textContent.trim()));
    assert.deepEqual(presets, ['Jó játékot!', 'Szépen játszottál!', 'Köszönöm!']);
    assert.match(await hu.textContent('[data-testid=chat-toggle]'), /Csevegés/);
    assert.match(await hu.textContent('[data-testid=chat-send]'), /Küldés/);
    await hu.click('[data-testid=chat-preset] >> nth=2');
    await waitForLine(pb, 'Köszönöm!');
    await assertAccessible(hu, 'chat open at 375, Hungarian');
    await hu.locator('[data-testid=chat]').scrollIntoViewIfNeeded();
    await hu.screenshot({ path: path.join(ARTIFACTS, 'chat-375-hu.png') });
    const huWide = await pageOf(b, { viewport: { width: 1280, height: 800 }, lang: 'hu' });
    pages.push(huWide);
    await openChat(huWide);
    await huWide.screenshot({ path: path.join(ARTIFACTS, 'chat-1280-hu.png') });

    for (const p of pages) assert.deepEqual(pageProblems(p).filter((l) => l.startsWith('pageerror')), [], p.e2eName);
  } catch (e) {
    for (const p of pages) dumpLog(p, p.e2eName);
    throw e;
  }
});

test('a table waiting for its third player shows the countdown and the waiting seat', async () => {
  const play = { wait_s: 600, level: 'easy' };
  const d = await seated({ ...play, new: true });
  const e = await seated(play);
  assert.equal(e.table, d.table);
  const page = await pageOf(d, { viewport: { width: 375, height: 740 } });
  try {
    const banner = await page.waitForSelector('[data-testid=table-waiting]');
    const s1 = Number(await page.getAttribute('[data-testid=table-waiting-seconds]', 'data-s'));
    assert.ok(s1 > 500 && s1 <= 600, `seconds left: ${s1}`);
    assert.match(await banner.textContent(), /Computers take the empty seats in \d+ s/);
    await page.waitForFunction((s) => Number(document.querySelector('[data-testid=table-waiting-seconds]').dataset.s) < s, s1, { timeout: 5_000 });
    const names = await page.$$eval('[data-testid=seat-name]', (x) => x.map((n) => n.textContent));
    assert.deepEqual(names.sort(), [d.name, e.name].sort());
    const waiting = await page.$$eval('[data-testid=table-seat-waiting]', (x) => x.map((n) => [n.dataset.seat, n.textContent]));
    assert.deepEqual(waiting, [['2', 'waiting for a player']]);
    // No felt, no hand before the first deal.
    assert.equal(await page.$('[data-testid=table-felt]'), null);
    assert.equal(await page.$('[data-testid=table-card]'), null);
    await page.screenshot({ path: path.join(ARTIFACTS, 'chat-waiting-375-en.png') });
    // In Hungarian.
    const hu = await pageOf(e, { viewport: { width: 375, height: 740 }, lang: 'hu' });
    const words = await (await hu.waitForSelector('[data-testid=table-waiting]')).textContent();
    assert.match(words, /Játékosokra várunk/);
    assert.match(words, /\d+ mp múlva gépek ülnek az üres helyekre/);
    assert.equal(await hu.textContent('[data-testid=table-seat-waiting]'), 'játékosra vár');
    await assertAccessible(hu, 'a waiting table, Hungarian');
  } catch (err) {
    dumpLog(page, 'waiting');
    throw err;
  }
});
