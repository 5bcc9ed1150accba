// Helpers of the live-table tests (live.test.mjs): a real `ulti-server` on a temporary database
// serving the built site, browser contexts that can lose their network, the pages driven
// through the Table page's controls, the frames each page received, and the checks that no
// page ever held another seat's hidden card.
//
// Environment: E2E_SITE_DIR (the directory whose ulti-solver/ holds the sub-path build;
// default: the repository's site/, as scripts/test.sh builds it), ULTI_SERVER_BIN (default
// target/debug/ulti-server), ULTI_BIN (the CLI; default target/debug/ulti).

import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { REPO_ROOT, TIMEOUT, newPage } from './helpers.mjs';

/** A card code in a frame's text (nothing else in the protocol is two such characters). */
const CARD_RE = /(?<![A-Za-z0-9])[PZMT][789XUOKA](?![A-Za-z0-9])/g;

/** Every card code in `text`. */
export function cardsOf(text) {
  return text.match(CARD_RE) ?? [];
}

/**
 * A running `ulti-server` (kill -9 and start again on the same port and database); `extra`:
 * more arguments (e.g. `['--play-now-wait', '5']`).
 */
export class Server {
  constructor({ awayAfter = 60, seed = 37, extra = [] } = {}) {
    this.dir = mkdtempSync(path.join(tmpdir(), 'ulti-live-e2e-'));
    this.db = path.join(this.dir, 'tables.sqlite');
    this.site = process.env.E2E_SITE_DIR || path.join(REPO_ROOT, 'site');
    this.bin = process.env.ULTI_SERVER_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti-server');
    this.args = ['--db', this.db, '--site', this.site, '--away-after', String(awayAfter), '--seed', String(seed), '--computer-threads', '1', ...extra];
    this.listen = '127.0.0.1:0';
    this.log = [];
  }

  /** Starts it; resolves once it listens (its port is kept for a restart). */
  async start() {
    const child = spawn(this.bin, ['--listen', this.listen, ...this.args], { stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    child.stderr.on('data', (d) => this.log.push(String(d)));
    const addr = await new Promise((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = out.match(/listening on (\S+)/);
        if (m) resolve(m[1]);
      });
      child.on('exit', (code) => reject(new Error(`ulti-server exited (${code}): ${this.log.join('')}`)));
    });
    this.listen = addr;
    this.origin = `http://${addr}`;
    return this;
  }

  /** kill -9: nothing is flushed, nothing is said to the clients. */
  async kill() {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.kill('SIGKILL');
    await exited;
  }

  async stop() {
    if (this.child && this.child.exitCode === null) await this.kill();
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The app's Table page on this server. */
  url(query = '') {
    return `${this.origin}/ulti-solver/table${query ? `?${query}` : ''}`;
  }

  /** GET a JSON resource. */
  async get(p) {
    const r = await fetch(`${this.origin}${p}`);
    assert.ok(r.ok, `GET ${p}: ${r.status}`);
    return r.json();
  }
}

/**
 * A browser for the live tests: each `context()` is a separate browser context (its own
 * storage, as another person's browser), whose pages can lose the network (`offline(page, true)`
 * closes their table sockets and keeps new ones from connecting), and whose pages record when
 * the table they show changed (`data-at` of the live status) on the shared clock.
 */
export async function liveBrowser() {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
  });
  return {
    browser,
    async context({ viewport = { width: 1280, height: 900 } } = {}) {
      const context = await browser.newContext({ viewport });
      context.setDefaultTimeout(TIMEOUT.ui);
      await context.addInitScript(() => {
        const Real = window.WebSocket;
        const open = new Set();
        window.__e2eNet = { offline: false };
        window.WebSocket = function E2eSocket(url, protocols) {
          // Offline: a socket that fails at once, as with no network.
          const ws = new Real(window.__e2eNet.offline ? 'ws://127.0.0.1:9/offline' : url, protocols);
          open.add(ws);
          ws.addEventListener('close', () => open.delete(ws));
          return ws;
        };
        window.WebSocket.prototype = Real.prototype;
        Object.assign(window.WebSocket, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
        window.__e2eOffline = (off) => {
          window.__e2eNet.offline = off;
          if (off) for (const ws of open) ws.close();
        };
        window.__e2eAt = [];
        new MutationObserver((records) => {
          const now = Date.now();
          for (const r of records) {
            if (r.target.dataset?.testid === 'live-status') window.__e2eAt.push({ at: Number(r.target.dataset.at), t: now });
          }
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-at'] });
      });
      return context;
    },
    async close() {
      await browser.close().catch(() => {});
    },
  };
}

/**
 * A page of `context` whose table frames are kept (`page.frames`: `{ t, text }` in order,
 * every socket of the page).
 */
export async function framedPage(context, name) {
  const page = await newPage(context);
  page.e2eName = name;
  page.frames = [];
  page.socketUrls = [];
  page.on('websocket', (ws) => {
    page.socketUrls.push(ws.url());
    ws.on('framereceived', (f) => page.frames.push({ dir: 'in', text: String(f.payload) }));
  });
  return page;
}

/** Opens `url` and waits for the live table's status. */
export async function openLive(page, url) {
  await page.goto(url);
  await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
}

/** The last table message the page shows. */
export async function shownAt(page) {
  return Number(await page.getAttribute('[data-testid=live-status]', 'data-at'));
}

/** What the page asks of its user: auction, trump, card, kontra, over, or something else. */
export async function nextStep(page) {
  return page.evaluate(() => {
    if (document.querySelector('[data-testid=live-status]')?.dataset.link !== 'open') return 'offline';
    if (document.querySelector('[data-testid=table-result]')) return 'over';
    return document.querySelector('[data-testid=table-status]')?.dataset.next ?? 'none';
  });
}

/** Clicks `selector` and returns the moment of the click on the browser's clock. */
export async function clickAt(page, selector) {
  return page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) throw new Error(`no ${sel}`);
    const t = Date.now();
    el.click();
    return t;
  }, selector);
}

/**
 * Says the lowest bid the user's twelve can play, with the discard the box offers (after
 * picking up unless already holding twelve). Returns the bid, or null when it put the talon
 * back and passed. `onPickUp(page)` runs right after the pick-up click.
 */
export async function pickUpAndBid(page, { onPickUp } = {}) {
  if (await page.$('[data-testid=table-pick-up]')) {
    await page.click('[data-testid=table-pick-up]');
    if (onPickUp) await onPickUp(page);
  }
  await page.waitForSelector('[data-testid=table-bidding-box], [data-testid=table-put-back]', { timeout: TIMEOUT.solve });
  if (await page.$('[data-testid=table-put-back]')) {
    await clickAndShown(page, '[data-testid=table-put-back]');
    return null;
  }
  const bid = await page.waitForSelector('[data-testid=table-bid][data-fit=needs]');
  const said = await bid.getAttribute('data-bid');
  await bid.click();
  await page.click('[data-testid=table-use-discard]');
  await clickAndShown(page, '[data-testid=table-bid-chosen]');
  return said;
}

/**
 * Clicks `selector` and waits until the page shows a later table message than before the click:
 * the page has taken in what the click did, so the next look at it is not at the turn just
 * played (a stale "your turn" sent the driver into a pick-up that never came).
 */
async function clickAndShown(page, selector) {
  const before = await shownAt(page);
  await page.click(selector);
  await page.waitForFunction((a) => Number(document.querySelector('[data-testid=live-status]')?.dataset.at) > a, before, { timeout: TIMEOUT.solve });
}

/** The first `n` actions of `record` and what each seat knows after them. */
function knowledge(record, k) {
  const hands = record.hands.map((h) => (h ? h.split(',') : []));
  const dealt = new Set(hands.flat());
  let talon = ['P', 'Z', 'M', 'T'].flatMap((s) => [...'789XUOKA'].map((r) => s + r)).filter((c) => !dealt.has(c));
  const known = [new Set(hands[0]), new Set(hands[1]), new Set(hands[2])];
  const publicCards = new Set();
  let lastTalon = talon;
  record.actions.slice(0, k).forEach((a, i) => {
    const [seat, verb, ...rest] = a.split(' ');
    const s = Number(seat);
    if (verb === 'bid') {
      // The holder of twelve bids first without picking up; anyone else picked up the talon.
      if (i > 0 || hands[s].length !== 12) for (const c of talon) known[s].add(c);
      const discard = rest.at(-1)?.split(',') ?? [];
      if (discard.length === 2 && discard.every((c) => /^[PZMT][789XUOKA]$/.test(c))) talon = discard;
    } else if (verb === 'card') {
      publicCards.add(rest[0]);
    }
    lastTalon = talon;
  });
  return { known, publicCards, talon: lastTalon };
}

/**
 * Checks a page's frames against the finished games' records: before a game is over, no frame
 * to seat `seat` (`null`: a spectator) names a card of another seat's hand, a discard or the
 * talon, unless it was played, picked up by that seat, or shown in an `open` message.
 * Returns how many frames were checked.
 */
export function assertNoLeakInFrames(frames, seat, records, who) {
  let game = 0;
  let k = 0;
  let opened = new Set();
  let checked = 0;
  for (const { text } of frames) {
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      continue;
    }
    if (m.game !== undefined) {
      if (m.game !== game) opened = new Set();
      game = m.game;
    }
    if (m.t === 'deal') k = 0;
    if (m.t === 'welcome') k = m.view?.actions?.length ?? 0;
    if (m.t === 'event') k += 1;
    if (m.t === 'open') for (const c of m.hand.split(',')) opened.add(c);
    const record = records[game - 1];
    if (!record || m.t === 'over' || k >= record.actions.length) continue;
    const { known, publicCards, talon } = knowledge(record, k);
    const mine = seat === null ? new Set() : known[seat];
    const allowed = (c) =>
      mine.has(c) || publicCards.has(c) || opened.has(c) || (m.t === 'talon' && m.seat === seat && talon.includes(c));
    const leaked = cardsOf(text).filter((c) => !allowed(c));
    assert.deepEqual(leaked, [], `${who} received a hidden card in game ${game} after ${k} actions: ${text.slice(0, 400)}`);
    checked += 1;
  }
  return checked;
}

/**
 * What a page holds now: the cards in its DOM and its storage, and the table message and game
 * it shows (the frames tell the actions it knows).
 */
export async function holdings(page) {
  return page.evaluate(() => ({
    dom: [...document.querySelectorAll('[data-card]')].map((e) => e.dataset.card),
    // Every key but the browser's own evening against the computer ("ulti-table", a game of
    // its own whose cards are not this table's).
    storage: Object.keys(localStorage)
      .filter((k) => k !== 'ulti-table')
      .map((k) => `${k}=${localStorage.getItem(k)}`)
      .join('\n'),
    over: !!document.querySelector('[data-testid=table-result]'),
  }));
}

/**
 * Where a page's frames have got to: the game, the actions of it received, the cards shown open
 * (`open`) and the talon the page's seat picked up (`talon` with cards).
 */
export function framePosition(frames) {
  let game = 0;
  let k = 0;
  let opened = [];
  let talon = [];
  for (const { text } of frames) {
    let m;
    try {
      m = JSON.parse(text);
    } catch {
      continue;
    }
    if (m.game !== undefined && m.game !== game) {
      game = m.game;
      opened = [];
      talon = [];
    }
    if (m.t === 'deal') k = 0;
    if (m.t === 'welcome') {
      k = m.view?.actions?.length ?? 0;
      if (m.talon) talon = m.talon.split(',');
    }
    if (m.t === 'event') k += 1;
    if (m.t === 'open') opened = m.hand.split(',');
    if (m.t === 'talon' && m.cards) talon = m.cards.split(',');
  }
  return { game, k, opened, talon };
}

/**
 * The cards of a snapshot (`holdings` with `framePosition`) that the page's seat (`null`: a
 * spectator) may not hold, by the game's record: another seat's hand, a discard or the talon,
 * unless played, picked up by the seat itself, or open.
 */
export function leakedIn(snapshot, seat, records) {
  const record = records[snapshot.game - 1];
  if (!record || snapshot.over || snapshot.k >= record.actions.length) return [];
  const { known, publicCards, talon } = knowledge(record, snapshot.k);
  const mine = seat === null ? new Set() : known[seat];
  const picked = snapshot.talon.filter((c) => talon.includes(c));
  const cards = [...snapshot.dom, ...cardsOf(snapshot.storage)];
  return cards.filter((c) => !mine.has(c) && !publicCards.has(c) && !picked.includes(c) && !snapshot.opened.includes(c));
}

/** The p-th percentile of `xs`. */
export function percentile(xs, p) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
}

/**
 * A TCP proxy to `target` (`host:port`) that can go silent the way a phone's network does when
 * it quietly loses Wi-Fi: `stall()` keeps every socket open but carries no byte either way
 * (the browser sees no `offline` event and no close; what is sent waits, as TCP would resend
 * it); `resume()` delivers what waited and carries bytes again. Resolves to
 * `{ origin, stall, resume, close }`.
 */
export function startStallProxy(target) {
  const at = target.lastIndexOf(':');
  const [host, port] = [target.slice(0, at), Number(target.slice(at + 1))];
  let stalled = false;
  const conns = new Set();
  const server = net.createServer((client) => {
    const upstream = net.connect(port, host);
    const conn = { client, upstream, held: [], conns };
    conns.add(conn);
    const pass = (from, to) => {
      from.on('data', (chunk) => {
        if (stalled) conn.held.push([to, chunk]);
        else to.write(chunk);
      });
    };
    pass(client, upstream);
    pass(upstream, client);
    // A close while silent is not heard either (the server closing a socket whose pongs no
    // longer come must not tell the page): it arrives with the held bytes.
    const gone = () => {
      if (stalled) conn.closed = true;
      else end(conn);
    };
    for (const s of [client, upstream]) s.on('error', gone).on('close', gone);
  });
  return new Promise((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      resolve({
        origin: `http://127.0.0.1:${server.address().port}`,
        stall() {
          stalled = true;
        },
        resume() {
          stalled = false;
          for (const c of conns) {
            for (const [to, chunk] of c.held.splice(0)) if (!to.destroyed) to.write(chunk);
            if (c.closed) end(c);
          }
        },
        async close() {
          for (const c of [...conns]) end(c);
          await new Promise((r) => server.close(r));
        },
      });
    });
  });
}

/** Closes both sides of a proxied connection. */
function end(c) {
  c.conns.delete(c);
  c.client.destroy();
  c.upstream.destroy();
}
