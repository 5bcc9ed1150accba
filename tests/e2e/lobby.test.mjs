// The Lobby page (/lobby) on a real `ulti-server` (started here on a temporary database, serving
// the sub-path build), with browser contexts that never met (each its own storage, as another
// person's browser):
// 1. A signs up, B stays a guest and renames itself, C signs in on a fresh context to an account
//    made in another one; all three press Play now with the same settings and meet at one table,
//    each seeing the deal (its own hand). A reloaded is still signed in, at the same table (the
//    lobby's "you sit at a table"); B signs out and its old session is refused (401). They chat
//    both ways; a <script> shows as text and runs nothing; C mutes A and A's lines disappear
//    for C alone. The deal is then played through the three pages to its result.
// 2. A player alone presses Play now with the shortest wait: the computer takes the two seats
//    after it and the deal starts, without a reload.
// 3. A lobby page sees a table appear, a second player sit (by name), and the table go once a
//    third sits down by "Sit here" on another page, all without a reload; with its network gone
//    the list says it is not live, and it is live again once the network is back.
// 4. The page at 375 px in Hungarian and at 1280 px in English: nothing wider than the screen,
//    no serious axe violation, every control reachable by the keyboard with a visible focus; a
//    wrong password and a taken name are refused in words.
// 5. A signed-up player opens an invitation: its seat carries the player's name (the table
//    socket offers the kept session); "Table for friends only" opens the Table page's form.
// Screenshots: target/e2e/lobby-{1280,375}-{en,hu}.png.

import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { TIMEOUT, dumpLog, pageProblems, replay, screenshot, shownPayments } from './helpers.mjs';
import { Server, framedPage, liveBrowser } from './live-helpers.mjs';
import { Driver } from './live-driver.mjs';
import { lines, say, waitForLine } from './chat-helpers.mjs';
import { assertAccessible } from './a11y.mjs';

const DEAL_MS = 120_000;
let server;
let lb;
const pages = [];

before(async () => {
  server = await new Server({ extra: ['--play-now-wait', '20'] }).start();
  lb = await liveBrowser();
});
after(async () => {
  await lb?.close();
  await server?.stop();
});

/** The Lobby page's address on the server (`lang`: hu or en). */
function lobbyUrl(lang) {
  return `${server.origin}/ulti-solver/lobby${lang ? `?lang=${lang}` : ''}`;
}

/** A fresh context's page on the Lobby (a person who never met the others). */
async function lobbyPage(name, { viewport, lang } = {}) {
  const context = await lb.context(viewport ? { viewport } : undefined);
  const page = await framedPage(context, name);
  pages.push(page);
  await page.goto(lobbyUrl(lang));
  await page.waitForSelector('[data-testid=lobby-status][data-live=true]', { timeout: TIMEOUT.solve });
  return page;
}

/** Run `body`; on failure print every page's log. */
async function logged(body) {
  try {
    await body();
  } catch (e) {
    for (const p of pages) dumpLog(p, p.e2eName);
    throw e;
  }
}

/** The player kept by the page's browser for this server. */
async function kept(page) {
  return page.evaluate((key) => JSON.parse(localStorage.getItem(key) || 'null'), `ulti-player|${server.origin}`);
}

/** The name the player box shows, once it shows `name`. */
async function nameShown(page, name) {
  await page.waitForFunction((n) => document.querySelector('[data-testid=player-name]')?.textContent === n, name);
}

async function signUp(page, name, password) {
  await page.fill('[data-testid=signup-name]', name);
  await page.fill('[data-testid=signup-password]', password);
  await page.click('[data-testid=signup-submit]');
  await nameShown(page, name);
  await page.waitForSelector('[data-testid=player-kind][data-account=true]');
}

async function signIn(page, name, password) {
  await page.fill('[data-testid=signin-name]', name);
  await page.fill('[data-testid=signin-password]', password);
  await page.click('[data-testid=signin-submit]');
}

/** Presses Play now; resolves with the table id of the page it lands on. */
async function playNow(page) {
  await page.click('[data-testid=play-now]');
  await page.waitForURL(/\/table\?live=/, { timeout: TIMEOUT.solve });
  return new URL(page.url()).searchParams.get('live');
}

/** Waits for the page's own hand of the deal (ten cards or more). */
async function handShown(page, timeout = DEAL_MS) {
  await page.waitForFunction(() => document.querySelectorAll('[data-testid=table-hand-slot][data-card]').length >= 10, null, { timeout });
}

/** A JSON call to the server from node (no browser). */
async function api(method, p, { session, body } = {}) {
  const headers = { 'content-type': 'application/json' };
  if (session) headers.authorization = `Bearer ${session}`;
  const r = await fetch(`${server.origin}${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  return { status: r.status, json: await r.json() };
}

/** A guest made from node: its session and name. */
async function guest() {
  const { status, json } = await api('POST', '/api/players', { body: {} });
  assert.equal(status, 201);
  return json;
}

/** The seat a page holds (the server's last welcome to it). */
function seatOfPage(page) {
  const welcomes = page.frames.map((f) => JSON.parse(f.text)).filter((m) => m.t === 'welcome');
  assert.ok(welcomes.length, `${page.e2eName}: no welcome`);
  return welcomes.at(-1).seat;
}

const names = { a: 'Anna', b: 'Béla', c: 'Cili' };
const PASSWORD = 'tizenkét lap';

test('three strangers meet by Play now: accounts, a guest, one table, the deal', { timeout: 400_000 }, async () => {
  await logged(async () => {
    const pageA = await lobbyPage('A');
    const pageB = await lobbyPage('B');
    // A signs up (a guest made on the way becomes the account).
    await signUp(pageA, names.a, PASSWORD);
    assert.equal((await kept(pageA)).account, true);
    // B stays a guest and names itself.
    await pageB.fill('[data-testid=player-rename]', names.b);
    await pageB.click('[data-testid=player-rename-save]');
    await nameShown(pageB, names.b);
    await pageB.waitForSelector('[data-testid=player-kind][data-account=false]');
    // Cili's account is made in one browser, and used in another that never saw it.
    const maker = await lobbyPage('C-maker');
    await signUp(maker, names.c, PASSWORD);
    const pageC = await lobbyPage('C');
    assert.equal(await kept(pageC), null, 'a fresh browser keeps no player');
    await signIn(pageC, names.c, PASSWORD);
    await nameShown(pageC, names.c);
    assert.equal((await kept(pageC)).player, (await kept(maker)).player, 'the same player on both');

    // All three press Play now with the same settings, one after another.
    const tableA = await playNow(pageA);
    const tableB = await playNow(pageB);
    const tableC = await playNow(pageC);
    assert.equal(tableB, tableA);
    assert.equal(tableC, tableA);
    const table = tableA;
    const t = await server.get(`/api/tables/${table}`);
    assert.deepEqual(
      t.seats.map((s) => s.name),
      [names.a, names.b, names.c],
      `each seat shows its player's name: ${JSON.stringify(t.seats)}`,
    );
    for (const page of [pageA, pageB, pageC]) {
      await handShown(page);
      const shownNames = await page.$$eval('[data-testid=seat-name]', (els) => els.map((e) => e.textContent));
      // The felt's names (once the table page shows them) are the three players'.
      for (const n of shownNames) assert.ok(Object.values(names).some((x) => n.includes(x)), `seat-name ${n}`);
    }

    // A reloaded: still signed in, and the lobby knows its table.
    await pageA.reload();
    await handShown(pageA);
    await pageA.goto(lobbyUrl());
    await nameShown(pageA, names.a);
    await pageA.waitForSelector(`[data-testid=lobby-current][data-table="${table}"]`);
    await pageA.click('[data-testid=lobby-return]');
    await pageA.waitForURL(new RegExp(`live=${table}`));
    await handShown(pageA);

    // B signs out (in another tab of its browser): its old session is refused from then on.
    const old = (await kept(pageB)).session;
    assert.equal((await api('GET', '/api/me', { session: old })).status, 200);
    const pageB2 = await framedPage(pageB.context(), 'B2');
    pages.push(pageB2);
    await pageB2.goto(lobbyUrl());
    await nameShown(pageB2, names.b);
    await pageB2.click('[data-testid=signout]');
    await pageB2.waitForSelector('[data-testid=player-none]');
    assert.equal(await kept(pageB2), null, 'the player is forgotten');
    const me = await api('GET', '/api/me', { session: old });
    assert.equal(me.status, 401, JSON.stringify(me.json));

    // They talk: A's words reach B and C, B's reach A; a <script> is shown as text and runs
    // nothing; C mutes A, and A's lines disappear for C alone.
    const trio = [pageA, pageB, pageC];
    await say(pageA, 'Hello from Anna');
    for (const p of [pageB, pageC]) await waitForLine(p, 'Hello from Anna');
    await say(pageB, 'Szia Anna, jó játékot!');
    await waitForLine(pageA, 'Szia Anna, jó játékot!');
    const script = '<script>window.__pwned = 1</script>';
    await say(pageB, script);
    for (const p of trio) {
      await waitForLine(p, script);
      assert.equal(await p.evaluate(() => window.__pwned), undefined, `${p.e2eName}: the script did not run`);
      assert.equal(await p.$$eval('[data-testid=chat-log] script', (els) => els.length), 0, 'no script element in the chat');
    }
    const seatA = (await lines(pageC)).find((l) => l.text === 'Hello from Anna').seat;
    await pageC.click(`[data-testid=chat-mute][data-seat="${seatA}"]`);
    await pageC.waitForFunction((s) => ![...document.querySelectorAll('[data-testid=chat-line]')].some((l) => l.dataset.seat === String(s)), seatA);
    assert.ok((await lines(pageB)).some((l) => l.text === 'Hello from Anna'), 'B still reads A');
    await say(pageA, 'Anna again');
    await waitForLine(pageB, 'Anna again');
    assert.ok(!(await lines(pageC)).some((l) => l.text === 'Anna again'), 'C does not read muted A');

    // Whose turn it is goes by name at a table of players ("Anna's turn"), on the pages that
    // wait for another seat.
    const waitingPages = [];
    for (const p of trio) if ((await p.getAttribute('[data-testid=table-whose]', 'data-mine')) === 'false') waitingPages.push(p);
    assert.ok(waitingPages.length >= 1, 'someone waits for another seat');
    for (const p of waitingPages) {
      const banner = await p.textContent('[data-testid=table-whose]');
      assert.ok(Object.values(names).some((n) => banner.includes(n)), `${p.e2eName}: the banner names the player: ${banner}`);
      assert.doesNotMatch(banner, /Player \d/, `${p.e2eName}: ${banner}`);
    }

    // One deal played through the three pages to its result.
    for (const p of trio) p.seat = seatOfPage(p);
    const d = new Driver(trio);
    d.kontraWanted = 0;
    await d.playDeal();
    const [record] = await server.get(`/api/tables/${table}/games`);
    assert.ok(record, 'the finished deal is on record');
    for (const p of trio) assert.deepEqual(await shownPayments(p), replay(record).payments, p.e2eName);
    for (const p of trio) assert.deepEqual(pageProblems(p).filter((l) => l.startsWith('pageerror')), [], p.e2eName);
  });
});

test('alone with a short wait: the computer takes the seats left and the deal starts', { timeout: 200_000 }, async () => {
  await logged(async () => {
    const page = await lobbyPage('D');
    await page.selectOption('[data-testid=play-wait]', '15');
    await page.selectOption('[data-testid=play-level]', 'easy');
    const started = Date.now();
    const table = await playNow(page);
    await page.evaluate(() => {
      window.__notReloaded = true;
    });
    // The two seats wait for people and nothing is played: the page shows the seats and the
    // countdown to the computers instead of a felt nobody can play on.
    await page.waitForSelector('[data-testid=table-waiting]', { timeout: TIMEOUT.solve });
    const waiting = await server.get(`/api/tables/${table}`);
    assert.deepEqual(
      waiting.seats.map((s) => s.waiting ?? false),
      [false, true, true],
      JSON.stringify(waiting.seats),
    );
    // After the wait the computers sit down (the felt shows them there) and the deal starts:
    // the person, the forehand, is to bid. No reload.
    const seated = '[data-testid=table-seat][data-seat="1"][data-connected=true]';
    await page.waitForSelector(seated, { timeout: 15_000 + DEAL_MS });
    await page.waitForSelector('[data-testid=table-seat][data-seat="2"][data-connected=true]');
    assert.ok(Date.now() - started >= 14_000, `not before the wait is over (${Date.now() - started} ms)`);
    await page.waitForFunction(() => document.querySelector('[data-testid=table-status]')?.dataset.next === 'auction', null, { timeout: DEAL_MS });
    await handShown(page);
    assert.equal(await page.evaluate(() => window.__notReloaded), true, 'no reload');
    const t = await server.get(`/api/tables/${table}`);
    assert.deepEqual(
      t.seats.map((s) => [s.kind, s.level]),
      [
        ['human', null],
        ['computer', 'easy'],
        ['computer', 'easy'],
      ],
    );
  });
});

test('the lobby shows a table appear, change and go, live; offline it says so', { timeout: 200_000 }, async () => {
  await logged(async () => {
    const watcher = await lobbyPage('E');
    await watcher.evaluate(() => {
      window.__notReloaded = true;
    });
    await watcher.waitForSelector('[data-testid=lobby-empty]');
    // A table opened (from node), with a house rule and easy computers.
    const g1 = await guest();
    const opened = await api('POST', '/api/play', {
      session: g1.session,
      body: { new: true, wait_s: 300, level: 'easy', rules: { must_beat_after_trump: true } },
    });
    assert.equal(opened.status, 200, JSON.stringify(opened.json));
    const id = opened.json.table;
    const row = `[data-testid=lobby-table][data-table="${id}"]`;
    await watcher.waitForSelector(row);
    const seats = () => watcher.$$eval(`${row} [data-testid=lobby-seat]`, (els) => els.map((e) => e.textContent));
    assert.deepEqual(await seats(), [g1.name, 'free seat', 'free seat']);
    assert.equal(await watcher.textContent(`${row} h4`), `${g1.name}'s table`, 'a table goes by its first player');
    const text = await watcher.textContent(row);
    assert.match(text, /Beat the led suit even after a trump/);
    assert.match(text, /Computers: easy/);
    assert.match(text, /The computer sits down in \d+ s/);
    // A second player sits: its name shows.
    const g2 = await guest();
    const sat = await api('POST', '/api/play', { session: g2.session, body: { table: id } });
    assert.equal(sat.status, 200, JSON.stringify(sat.json));
    await watcher.waitForFunction(
      ([r, n]) => [...document.querySelectorAll(`${r} [data-testid=lobby-seat]`)].some((e) => e.textContent === n),
      [row, g2.name],
    );
    assert.deepEqual(await seats(), [g1.name, g2.name, 'free seat']);
    // A third sits down by "Sit here" on another page: it goes to the table, and the table
    // leaves the list.
    const sitter = await lobbyPage('F');
    await sitter.click(`${row} [data-testid=lobby-sit]`);
    await sitter.waitForURL(new RegExp(`live=${id}`));
    await handShown(sitter);
    await watcher.waitForSelector(row, { state: 'detached' });
    await watcher.waitForSelector('[data-testid=lobby-empty]');
    assert.equal(await watcher.evaluate(() => window.__notReloaded), true, 'no reload');
    // The network goes: the list says it may be out of date; back, it is live again.
    await watcher.evaluate(() => window.__e2eOffline(true));
    await watcher.waitForSelector('[data-testid=lobby-status][data-live=false]');
    assert.match(await watcher.textContent('[data-testid=lobby-status]'), /Not live/);
    await watcher.evaluate(() => window.__e2eOffline(false));
    await watcher.waitForSelector('[data-testid=lobby-status][data-live=true]', { timeout: 20_000 });
  });
});

/** No element wider than the window (no horizontal scroll). */
async function assertNoOverflow(page, state) {
  const wide = await page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const over = document.documentElement.scrollWidth > w;
    const culprits = [...document.querySelectorAll('body *')]
      .filter((e) => e.getBoundingClientRect().right > w + 1)
      .slice(0, 5)
      .map((e) => `${e.tagName}.${e.className} ${e.dataset.testid ?? ''}`);
    return { over, culprits };
  });
  assert.deepEqual(wide, { over: false, culprits: [] }, `${state}: wider than the screen`);
}

/** Tab through the page: the test ids focused, each with a visible outline. */
async function tabThrough(page, steps = 60) {
  const seen = new Set();
  await page.focus('body');
  for (let i = 0; i < steps; i += 1) {
    await page.keyboard.press('Tab');
    const f = await page.evaluate(() => {
      const e = document.activeElement;
      const s = getComputedStyle(e);
      return { id: e?.dataset?.testid ?? null, outline: s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0 };
    });
    if (f.id) {
      assert.ok(f.outline, `${f.id}: a visible focus`);
      seen.add(f.id);
    }
  }
  return seen;
}

const WORDS = {
  en: { wrong: 'Wrong name or password.', taken: 'This name is taken: choose another.' },
  hu: { wrong: 'Hibás név vagy jelszó.', taken: 'Ez a név már foglalt: válassz másikat.' },
};

test('the Lobby on a phone in Hungarian and wide in English: fits, accessible, keyboard, refusals in words', { timeout: 200_000 }, async () => {
  await logged(async () => {
    // A table listed, so the list's items are checked too.
    const g = await guest();
    const opened = await api('POST', '/api/play', { session: g.session, body: { new: true, wait_s: 600 } });
    assert.equal(opened.status, 200);
    for (const [lang, width, height] of [
      ['hu', 375, 740],
      ['en', 1280, 800],
      ['en', 375, 740],
      ['hu', 1280, 800],
    ]) {
      const page = await lobbyPage(`G-${lang}-${width}`, { viewport: { width, height }, lang });
      await page.waitForSelector('[data-testid=lobby-table]');
      await page.waitForSelector('[data-testid=nav-lobby][aria-current=page]');
      await assertNoOverflow(page, `${lang} ${width}`);
      await assertAccessible(page, `lobby ${lang} ${width}`);
      await screenshot(page, `lobby-${width}-${lang}`);
      if (width === 1280 && lang === 'hu') continue;
      const reached = await tabThrough(page);
      for (const id of [
        'nav-lobby',
        'player-rename',
        'player-rename-save',
        'signup-name',
        'signup-password',
        'signup-submit',
        'signin-name',
        'signin-password',
        'signin-submit',
        'play-level',
        'play-wait',
        'play-now',
        'create-public',
        'create-private',
        'lobby-sit',
      ]) {
        assert.ok(reached.has(id), `${lang} ${width}: ${id} reached by Tab (${[...reached].join(', ')})`);
      }
      if (width === 375 && lang === 'en') continue;
      // A wrong password, then a taken name: each refused in words.
      await signIn(page, names.c, 'not the password');
      await page.waitForFunction((w) => document.querySelector('[data-testid=lobby-error]')?.textContent === w, WORDS[lang].wrong);
      await assertAccessible(page, `lobby ${lang} ${width}: a refusal`);
      await page.fill('[data-testid=player-rename]', names.a);
      await page.click('[data-testid=player-rename-save]');
      await page.waitForFunction((w) => document.querySelector('[data-testid=lobby-error]')?.textContent === w, WORDS[lang].taken);
      await assertNoOverflow(page, `${lang} ${width}: a refusal`);
    }
  });
});

test('an invitation opened by a signed-up player shows its name; the friends link opens the form', { timeout: 120_000 }, async () => {
  await logged(async () => {
    const page = await lobbyPage('H');
    await signUp(page, 'Dóra', PASSWORD);
    // A private table made elsewhere; its invitation opened in this browser: the seat is
    // Dóra's (the table socket offers her session beside the seat's token).
    const created = await api('POST', '/api/tables', { body: { rules: {}, seats: ['human', 'computer:easy', 'computer:easy'] } });
    assert.equal(created.status, 201, JSON.stringify(created.json));
    const { table, tokens } = created.json;
    await page.goto(`${server.origin}/ulti-solver/table?live=${table}#join=${tokens['0']}`);
    await handShown(page);
    let seat0 = null;
    for (let i = 0; i < 50 && seat0 !== 'Dóra'; i += 1) {
      seat0 = (await server.get(`/api/tables/${table}`)).seats[0].name ?? null;
      if (seat0 !== 'Dóra') await page.waitForTimeout(100);
    }
    assert.equal(seat0, 'Dóra', 'the invitation’s seat carries the player’s name');
    // "Table for friends only" opens the Table page's form.
    await page.goto(lobbyUrl());
    await page.click('[data-testid=create-private]');
    await page.waitForSelector('[data-testid=friends][open]');
  });
});

test('an account changes its password (its other devices signed out) and is deleted (the name free again)', { timeout: 120_000 }, async () => {
  await logged(async () => {
    const first = await lobbyPage('E1');
    await signUp(first, 'Edit', PASSWORD);
    const second = await lobbyPage('E2');
    await signIn(second, 'Edit', PASSWORD);
    await nameShown(second, 'Edit');
    const firstSession = (await kept(first)).session;
    const error = (page) => page.waitForSelector('[data-testid=lobby-error]').then((e) => e.textContent());

    // A wrong current password: refused in words, nothing changed.
    await second.click('[data-testid=account-manage] summary');
    await second.fill('[data-testid=password-current]', 'not the password');
    await second.fill('[data-testid=password-new]', 'hét hetes lap');
    await second.click('[data-testid=password-submit]');
    assert.match(await error(second), /password is wrong/i);
    assert.equal((await api('GET', '/api/me', { session: firstSession })).status, 200, 'nothing changed');

    // The right one: the other device's session is revoked, this one's kept.
    await second.fill('[data-testid=password-current]', PASSWORD);
    await second.click('[data-testid=password-submit]');
    await second.waitForFunction(() => /password is changed/i.test(document.querySelector('[data-testid=lobby-note]')?.textContent ?? ''));
    assert.equal((await api('GET', '/api/me', { session: firstSession })).status, 401, 'the other device is signed out');
    const secondSession = (await kept(second)).session;
    assert.equal((await api('GET', '/api/me', { session: secondSession })).status, 200);
    assert.equal((await api('POST', '/api/sessions', { body: { name: 'Edit', password: PASSWORD } })).status, 401, 'the old password no longer signs in');
    // The first device finds out when it asks: it forgets the session and says so.
    await first.reload();
    await first.waitForSelector('[data-testid=player-none]');

    // Deleted: the session refused, the name free for someone else.
    await second.fill('[data-testid=delete-password]', 'hét hetes lap');
    await second.click('[data-testid=delete-submit]');
    await second.waitForSelector('[data-testid=player-none]');
    assert.equal(await kept(second), null);
    assert.equal((await api('GET', '/api/me', { session: secondSession })).status, 401, 'a deleted account’s session is refused');
    const other = await lobbyPage('E3');
    await signUp(other, 'Edit', PASSWORD);
  });
});
