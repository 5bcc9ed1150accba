// Shared helpers of the end-to-end tests: the browser, the page under test, the engine CLI, and
// the deal code (FORMATS.md). Selectors follow DOM.md (data-testid).
//
// Environment: E2E_BASE_URL (the app's base URL, ending in `/`; scripts/test.sh serves the
// /ulti-solver/ sub-path build), ULTI_BIN (the CLI binary; default target/debug/ulti),
// CHROMIUM (default /usr/bin/chromium).

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import http from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { after, before } from 'node:test';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const HERE = path.dirname(fileURLToPath(import.meta.url));
/** The repository root. */
export const REPO_ROOT = path.resolve(HERE, '../..');
/** Where screenshots (and failure screenshots) go. */
export const ARTIFACTS = path.join(REPO_ROOT, 'target', 'e2e');

/** The three sample deals of the original app's README (copied here on purpose). */
export const DEALS = {
  'strong-hand': '0070605040302012737173112323313143435151620212322242526103011',
  'great-betli': '0202122232425262700013736351514021334331207060504031716323111',
  'slow-simulation': '0070605040300173727021213323322232414341510112021303125263536',
};

/** Generous timeouts: 2 shared cores, a debug-free release build, solves in a worker. */
export const TIMEOUT = { solve: 120_000, ui: 15_000 };

const SUITS = 'PZMT';
const RANKS = '789XUOKA'; // ace-king order of the deal code: 0 VII … 7 Ász

/** All 32 card codes. */
export const ALL_CARDS = [...SUITS].flatMap((s) => [...RANKS].map((r) => s + r));

/**
 * Decodes a 61-digit deal code into `{ trump, hands: [[…10], […10], […10]], talon: […2] }`
 * (card codes like `PA`), or throws on a malformed code.
 */
export function decodeDeal(code) {
  if (!/^\d{61}$/.test(code)) throw new Error(`not a 61-digit deal code: ${code}`);
  const trump = SUITS[Number(code[0])];
  if (!trump) throw new Error(`bad trump digit in ${code}`);
  const cards = [];
  for (let i = 1; i < 61; i += 2) {
    const suit = SUITS[Number(code[i])];
    const rank = RANKS[Number(code[i + 1])];
    if (!suit || !rank) throw new Error(`bad card digits at ${i} in ${code}`);
    cards.push(suit + rank);
  }
  if (new Set(cards).size !== 30) throw new Error(`repeated card in ${code}`);
  const hands = [cards.slice(0, 10), cards.slice(10, 20), cards.slice(20, 30)];
  const talon = ALL_CARDS.filter((c) => !cards.includes(c));
  return { trump, hands, talon };
}

/** The app's base URL (ends with `/`). */
export function baseUrl() {
  const url = process.env.E2E_BASE_URL;
  if (!url) {
    throw new Error(
      'E2E_BASE_URL is not set: run scripts/test.sh, or serve a build and set it, e.g. ' +
        'E2E_BASE_URL=http://127.0.0.1:8080/ node --test tests/e2e/',
    );
  }
  return url.endsWith('/') ? url : `${url}/`;
}

/** The app URL for a query string (without `?`). */
export function appUrl(query = '') {
  return query ? `${baseUrl()}?${query}` : baseUrl();
}

const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Starts headless Chromium with a fresh user-data-dir. Returns `{ context, close }`.
 */
export async function launchBrowser() {
  const userDataDir = mkdtempSync(path.join(tmpdir(), 'ulti-e2e-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    args: CHROMIUM_ARGS,
    viewport: { width: 1280, height: 900 },
    timeout: 60_000,
  });
  context.setDefaultTimeout(TIMEOUT.ui);
  return {
    context,
    async close() {
      await context.close().catch(() => {});
      rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One browser for a test file: registers `before`/`after` hooks that launch it and close it,
 * and returns a handle whose `context` is the browser's context (set once the tests run).
 */
export function browserPerFile() {
  let browser;
  before(async () => {
    browser = await launchBrowser();
  });
  after(async () => {
    await browser?.close();
  });
  return {
    get context() {
      return browser.context;
    },
  };
}

/**
 * Opens a new page that records console messages, page errors and failed requests (a worker
 * that fails to load is otherwise silent). `page.e2eLog` holds them; `dumpLog(page)` prints.
 */
export async function newPage(context) {
  const page = await context.newPage();
  const log = [];
  page.e2eLog = log;
  page.on('console', (m) => log.push(`console.${m.type()}: ${m.text()}`));
  page.on('pageerror', (e) => log.push(`pageerror: ${e.stack || e.message}`));
  page.on('requestfailed', (r) => log.push(`requestfailed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => {
    if (r.status() >= 400) log.push(`http ${r.status()}: ${r.url()}`);
  });
  page.on('worker', (w) => {
    log.push(`worker started: ${w.url()}`);
    w.on('console', (m) => log.push(`worker console.${m.type()}: ${m.text()}`));
  });
  return page;
}

/** The recorded problems of a page: page errors, HTTP errors, failed requests. */
export function pageProblems(page) {
  return page.e2eLog.filter((l) => /^(pageerror|http [45]|requestfailed)/.test(l));
}

/** Prints everything a page logged (on failure). */
export function dumpLog(page, title) {
  console.error(`--- ${title}: ${page.url()}`);
  for (const line of page.e2eLog) console.error(`    ${line}`);
  if (page.e2eLog.length === 0) console.error('    (no console messages, page errors or failed requests)');
}

/**
 * Runs `body(page)` in a fresh page of a shared browser context; on failure prints the page's
 * log and saves a screenshot `target/e2e/FAILED-<name>.png`, then rethrows.
 */
export async function withPage(context, name, body) {
  const page = await newPage(context);
  try {
    await body(page);
  } catch (err) {
    dumpLog(page, `FAILED ${name}`);
    mkdirSync(ARTIFACTS, { recursive: true });
    await page
      .screenshot({ path: path.join(ARTIFACTS, `FAILED-${slug(name)}.png`), fullPage: true })
      .catch(() => {});
    throw err;
  } finally {
    await page.close().catch(() => {});
  }
}

function slug(s) {
  return s.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '').toLowerCase();
}

/** Waits until no finite CSS animation or transition is running (cards have landed). */
export async function animationsSettled(page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Saves a full-page screenshot under target/e2e/ and returns its path. */
export async function screenshot(page, name, { settle = true } = {}) {
  if (settle) await animationsSettled(page);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true });
  return file;
}

/**
 * Waits until the results of the current deal are complete: at least one result, none
 * pending, no `solving` marker. Fails at once with the message of `worker-error` if one shows.
 */
export async function waitForResults(page, timeout = TIMEOUT.solve) {
  const handle = await page.waitForFunction(
    () => {
      const err = document.querySelector('[data-testid=worker-error]');
      if (err && err.textContent.trim()) return { error: err.textContent.trim() };
      if (document.querySelector('[data-testid=solving]')) return false;
      const results = [...document.querySelectorAll('[data-testid=result]')];
      if (results.length === 0) return false;
      const failed = results.filter((r) => r.dataset.status === 'failed').map((r) => r.dataset.contract);
      if (failed.length) return { error: `solving failed for ${failed.join(', ')}` };
      if (results.some((r) => r.dataset.status === 'pending' || !r.dataset.status)) return false;
      return { count: results.length };
    },
    null,
    { timeout, polling: 100 },
  );
  const state = await handle.jsonValue();
  if (state.error) throw new Error(`the worker reported an error: ${state.error}`);
  return state;
}

/** The shown results: `{ id: { status, points } }` (points a number or null). */
export async function readResults(page) {
  return page.$$eval('[data-testid=result]', (els) =>
    Object.fromEntries(
      els.map((e) => [
        e.dataset.contract,
        {
          status: e.dataset.status,
          points: e.dataset.points === undefined || e.dataset.points === '' ? null : Number(e.dataset.points),
        },
      ]),
    ),
  );
}

/** The `data-card` codes inside the element matching `selector`, in document order. */
export async function cardsIn(page, selector) {
  return page.$$eval(`${selector} [data-card]`, (els) => els.map((e) => e.dataset.card));
}

/** Hands, talon and trump as the editor shows them. */
export async function readEditor(page) {
  const hands = [];
  for (const i of [0, 1, 2]) hands.push(await cardsIn(page, `[data-testid=hand-${i}]`));
  const talon = await cardsIn(page, '[data-testid=talon]');
  const trump = await page.$$eval('[data-testid^=trump-][aria-pressed=true]', (els) =>
    els.map((e) => e.dataset.testid.slice('trump-'.length)),
  );
  return { hands, talon, trump };
}

/** The `deal=` parameter of the page's URL (or null). */
export function urlDeal(page) {
  return new URL(page.url()).searchParams.get('deal');
}

/** Runs the engine CLI and parses its JSON output. */
export function cli(...args) {
  const bin = process.env.ULTI_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti');
  let out;
  try {
    out = execFileSync(bin, args, { encoding: 'utf8', timeout: 300_000, maxBuffer: 64 << 20 });
  } catch (err) {
    throw new Error(`${bin} ${args.join(' ')} failed: ${err.stderr || err.message}`);
  }
  return JSON.parse(out);
}

/**
 * What the app should show for each contract, from `ulti table --deal CODE --json`:
 * `{ id: { status: 'wins'|'loses'|'unplayable', points: n|null } }`.
 */
export function expectedResults(code) {
  const table = cli('table', '--deal', code, '--json');
  const trump = SUITS[Number(code[0])];
  const expected = {};
  for (const cell of table.cells) {
    if (cell.trump !== null && cell.trump !== trump) continue; // only the deal's own trump
    const status = !cell.playable ? 'unplayable' : cell.soloist_wins ? 'wins' : 'loses';
    expected[cell.contract] = { status, points: cell.playable ? (cell.soloist_points ?? null) : null };
  }
  return expected;
}

/** Compares shown results with expected ones; points only where the CLI gives points. */
export function diffResults(shown, expected) {
  const problems = [];
  for (const [id, want] of Object.entries(expected)) {
    const got = shown[id];
    if (!got) {
      problems.push(`${id}: not shown (CLI: ${want.status})`);
      continue;
    }
    if (got.status !== want.status) problems.push(`${id}: shown ${got.status}, CLI ${want.status}`);
    if (want.points !== null && got.points !== want.points) {
      problems.push(`${id}: shown ${got.points} points, CLI ${want.points}`);
    }
  }
  for (const id of Object.keys(shown)) {
    if (!(id in expected)) problems.push(`${id}: shown but not in the CLI table`);
  }
  return problems;
}

/** Opens the Table page in `lang`, with an empty browser storage (a first visit) unless `clear`
 * is false. */
export async function openTable(page, lang = 'en', { clear = true } = {}) {
  await page.goto(baseUrl());
  if (clear) await page.evaluate(() => localStorage.clear());
  await page.evaluate((l) => {
    history.pushState(null, '', `table?lang=${l}`);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, lang);
  await page.waitForSelector('[data-testid=table-page]');
}

/** A new evening at `seat` against the easy computers, then `records` (`ulti-game/1` text)
 * imported through the Table page's import form; fails unless the page took them. */
export async function importAt(page, seat, records) {
  await page.selectOption('[data-testid=table-level]', 'easy');
  await page.selectOption('[data-testid=table-seat-choice]', String(seat));
  await page.click('[data-testid=table-new-evening]');
  if (!(await page.$eval('.table-import', (d) => d.open))) await page.click('.table-import summary');
  await page.fill('[data-testid=table-import-text]', records);
  await page.click('[data-testid=table-import-go]');
  assert.equal(await page.getAttribute('[data-testid=table-import-msg]', 'data-ok'), 'true');
}

/**
 * A proxy to the server under test (`target`, a URL) that can be switched off: `goOffline()`
 * closes it, so nothing (page, worker or service worker) reaches a server. Resolves to
 * `{ base, goOffline, goOnline, server, refused }` once it listens.
 */
export function startProxy(target) {
  const upstream = new URL(target);
  const sockets = new Set();
  const proxy = {
    online: true,
    refused: 0,
    server: http.createServer((req, res) => {
      if (!proxy.online) {
        proxy.refused += 1;
        req.socket.destroy();
        return;
      }
      const forward = http.request(
        {
          host: upstream.hostname,
          port: upstream.port,
          path: req.url,
          method: req.method,
          headers: { ...req.headers, host: upstream.host },
        },
        (answer) => {
          res.writeHead(answer.statusCode, answer.headers);
          answer.pipe(res);
        },
      );
      forward.on('error', () => res.destroy());
      req.pipe(forward);
    }),
    goOffline() {
      proxy.online = false;
      for (const s of sockets) s.destroy();
    },
    goOnline() {
      proxy.online = true;
    },
  };
  proxy.server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  return new Promise((resolve) => {
    proxy.server.listen(0, '127.0.0.1', () => {
      const { port } = proxy.server.address();
      proxy.base = `http://127.0.0.1:${port}${upstream.pathname}`;
      resolve(proxy);
    });
  });
}

/**
 * `ulti replay --json` of one `ulti-game/1` record (its JSON text, or the object). Throws the
 * CLI's error (with its `stderr`) when the record does not replay.
 */
export function replay(record) {
  const dir = mkdtempSync(path.join(tmpdir(), 'ulti-replay-'));
  const file = path.join(dir, 'game.json');
  writeFileSync(file, typeof record === 'string' ? record : JSON.stringify(record));
  const bin = process.env.ULTI_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti');
  try {
    return JSON.parse(
      execFileSync(bin, ['replay', file, '--json'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }),
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The payments the Table page's result shows, by seat. */
export async function shownPayments(page) {
  return page.$$eval('[data-testid=table-payment]', (els) => els.map((e) => Number(e.dataset.amount)));
}

/** Review the finished deal on the Table page and wait for every decision's judgement; the
 * rows' data. */
export async function reviewDeal(page) {
  await page.click('[data-testid=table-review-start]');
  await page.waitForFunction(
    () => {
      const p = document.querySelector('[data-testid=table-review-progress]');
      return p && p.dataset.done === p.dataset.total;
    },
    null,
    { timeout: TIMEOUT.solve * 4 },
  );
  return page.$$eval('[data-testid=table-review-row]', (els) => els.map((e) => ({ ...e.dataset })));
}
