// The user guide's pictures (docs/src/images/), taken from the real app: the release build
// under /ulti-solver/, a real `ulti-server` for the live table, the CLI for a finished game.
// Every page a player uses, at desktop (1280×800) and phone (375×740) size, in English.
//
// Not a test (node --test does not pick it up): scripts/guide-pictures.sh builds the app,
// serves it and runs this, so the pictures are redone whenever the pages change:
//   scripts/guide-pictures.sh            # all pictures
//   PICTURES=table,hand scripts/guide-pictures.sh   (puzzles: puzzles-refutation too)
// (profile and daily first play three of today's deals at the live table: under a minute)
// Environment as the e2e tests: E2E_BASE_URL, ULTI_BIN, ULTI_SERVER_BIN, E2E_SITE_DIR.

import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ARTIFACTS, DEALS, REPO_ROOT, TIMEOUT, animationsSettled, baseUrl, importAt, launchBrowser, newPage, openTable, waitForResults } from './helpers.mjs';
import { Server, framedPage, liveBrowser } from './live-helpers.mjs';
import { playDailyDeals } from './live-driver.mjs';

const OUT = path.join(REPO_ROOT, 'docs', 'src', 'images');
const ULTI = process.env.ULTI_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti');
const SIZES = {
  desktop: { width: 1280, height: 800 },
  phone: { width: 375, height: 740 },
};
const HAND = 'PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8';
/** A puzzle of a compound bid (Makk 40-100 ulti), defender 1 to play. */
const PUZZLE = '99ad5968';

/** A finished whole game (`ulti-game/1`) from the CLI: cheater against two easy players. */
function finishedGame() {
  const dir = mkdtempSync(path.join(tmpdir(), 'ulti-pictures-'));
  const file = path.join(dir, 'records.jsonl');
  try {
    execFileSync(ULTI, ['match', '--whole-game', '--players', 'cheater,easy,easy', '--deals', '1', '--seed', '11', '--records', file], { stdio: 'ignore' });
    return JSON.parse(readFileSync(file, 'utf8').split('\n')[0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A new evening at `seat` against the easy computers, with `record` imported; the import
 * form folds away again, as a player would leave it. */
async function importGame(page, seat, record) {
  await importAt(page, seat, JSON.stringify(record));
  await page.click('.table-import summary');
}

/** Scrolls the element to the top of the viewport (`block`: or the middle). */
async function lookAt(page, selector, block = 'start') {
  await page.locator(selector).first().evaluate((e, b) => e.scrollIntoView({ block: b }), block);
}

/** Opens puzzle `id` in English with an empty browser storage: a first visit (a rated puzzle
 * answered once stays answered, and the pictures share one browser). */
async function openPuzzle(page, id) {
  await page.goto(`${baseUrl()}puzzles?lang=en`);
  await page.evaluate(() => localStorage.clear());
  await page.goto(`${baseUrl()}puzzles?puzzle=${id}&lang=en`);
}

/** A JSON call to the table server (`session`: a player's bearer session). */
async function api(server, method, p, body, session) {
  const headers = { 'content-type': 'application/json' };
  if (session) headers.authorization = `Bearer ${session}`;
  const r = await fetch(`${server.origin}${p}`, { method, headers, body: body ? JSON.stringify(body) : undefined });
  const json = await r.json();
  if (!r.ok) throw new Error(`${method} ${p}: ${r.status} ${JSON.stringify(json)}`);
  return json;
}

/** A guest on the table server, renamed `name`: what a browser keeps of it. */
async function player(server, name) {
  const g = await api(server, 'POST', '/api/players', {});
  await api(server, 'POST', '/api/me/name', { name }, g.session);
  return { player: g.player, name, session: g.session, account: false };
}

/** Opens `path` on the table server's app with `who` kept as this browser's player. */
async function openAs(page, server, who, p) {
  await page.goto(`${server.origin}/ulti-solver/lobby?lang=en`);
  await page.evaluate(([k, v]) => localStorage.setItem(k, v), [`ulti-player|${server.origin}`, JSON.stringify(who)]);
  await page.goto(`${server.origin}/ulti-solver/${p}`);
}

/** Names for a picture's players (each picture is taken twice on one server: names are unique). */
function namesFor(page) {
  return page.viewportSize().width < 600 ? ['Dóra', 'Ede', 'Feri', 'Jani', 'Kata'] : ['Anna', 'Béla', 'Cili', 'Hanna', 'Imre'];
}

/** Plays `deals` of today's deals as `who`, at its own browser, as daily.test.mjs does. */
async function playDaily(server, who, deals) {
  const lb = await liveBrowser();
  try {
    const page = await framedPage(await lb.context(), who.name);
    await openAs(page, server, who, 'daily?lang=en');
    await playDailyDeals(page, deals);
  } finally {
    await lb.close();
  }
}

let dayPlayed = null;
/**
 * The day both the Profile and the Daily pictures show (played once, for both sizes): Lili
 * plays two of today's deals, Marci the first; each game is rated, so Lili's profile has two
 * points on its charts and two rows of history. Resolves to Lili, as a browser keeps her.
 */
function playedDay(server) {
  dayPlayed ??= (async () => {
    const lili = await player(server, 'Lili');
    const marci = await player(server, 'Marci');
    await playDaily(server, lili, 2);
    await playDaily(server, marci, 1);
    return lili;
  })();
  return dayPlayed;
}

/** Each picture: a name and how to bring a page to it. */
const PICTURES = {
  // The Solver page: a deal and every contract's result.
  async solver(page) {
    await page.goto(`${baseUrl()}?deal=${DEALS['strong-hand']}&lang=en`);
    await waitForResults(page);
  },
  // The Table page in the auction: the forehand's twelve cards and the bidding box.
  async table(page) {
    const game = finishedGame();
    await openTable(page, 'en');
    const forehand = (game.dealer + 1) % 3;
    await importGame(page, forehand, { ...game, actions: [] });
    await page.waitForSelector('[data-testid=table-bidding-box]', { timeout: TIMEOUT.solve });
    await lookAt(page, '[data-testid=table-page]');
  },
  // The Table page in the card play: the second trick, the player to lead or follow.
  async play(page) {
    const game = finishedGame();
    const first = game.actions.findIndex((a) => a.split(' ')[1] === 'card');
    const cut = first + 4;
    const seat = Number(game.actions[cut].split(' ')[0]);
    await openTable(page, 'en');
    await importGame(page, seat, { ...game, actions: game.actions.slice(0, cut) });
    await page.waitForSelector('[data-testid=table-card][data-legal=true]', { timeout: TIMEOUT.solve });
    await lookAt(page, '[data-testid=table-page]');
  },
  // The end of a deal: the payment and the review of every trick.
  async review(page) {
    // The game up to its last card, which the player then plays (a finished record imported
    // would go on to the next deal).
    const game = finishedGame();
    const last = game.actions.length - 1;
    await openTable(page, 'en');
    await importGame(page, Number(game.actions[last].split(' ')[0]), { ...game, actions: game.actions.slice(0, last) });
    await page.click('[data-testid=table-card][data-legal=true] >> nth=0');
    await page.waitForSelector('[data-testid=table-result]', { timeout: 20_000 });
    await page.click('[data-testid=table-review-start]');
    await page.waitForFunction(() => {
      const p = document.querySelector('[data-testid=table-review-progress]');
      return p && p.dataset.done === p.dataset.total;
    }, null, { timeout: TIMEOUT.solve });
    await lookAt(page, '[data-testid=table-result]');
  },
  // My hand: twelve cards, the advised bid and discard, every row ranked.
  async hand(page) {
    await page.goto(`${baseUrl()}hand?hand=${HAND}&samples=32&seed=1&lang=en`);
    await page.waitForSelector('[data-testid=advice-status][data-state=done]', { timeout: TIMEOUT.solve });
    // On a phone the answer is under the cards.
    if (page.viewportSize().width < 600) await lookAt(page, '[data-testid=advice-status]');
  },
  // The Puzzles page on a first visit: "How puzzles work" open above the puzzle.
  async puzzles(page) {
    await openPuzzle(page, PUZZLE);
    await page.waitForSelector('[data-testid=puzzle-intro][open]', { timeout: TIMEOUT.solve });
    await page.waitForSelector('[data-testid=puzzle]');
  },
  // A wrong answer to a compound bid (40-100 ulti, defender 1, the Nine of Acorns): the
  // verdict part by part, the line that refutes it, the trick that decides it marked.
  async 'puzzles-refutation'(page) {
    await openPuzzle(page, PUZZLE);
    await page.waitForSelector('[data-testid=puzzle]', { timeout: TIMEOUT.solve });
    await page.click('[data-testid=puzzle-intro] summary');
    await page.click('[data-testid=puzzle-card][data-card=M9]');
    await page.waitForSelector('[data-testid=puzzle-turning]', { timeout: TIMEOUT.solve });
    await page.waitForSelector('[data-testid=puzzle-proof][data-ready=true]', { timeout: TIMEOUT.solve });
    // The line shown to its end, the marked trick in the history.
    await page.click('[data-testid=step-end]');
    await lookAt(page, '[data-testid=puzzle-verdict]');
  },
  // The Lobby: a player with a name, Play now, and a table waiting for two more people.
  async lobby(page, { server }) {
    const [, , , host, me] = namesFor(page);
    const h = await player(server, host);
    await api(server, 'POST', '/api/play', { new: true, wait_s: 600, level: 'normal' }, h.session);
    const who = await player(server, me);
    await openAs(page, server, who, 'lobby?lang=en');
    await page.waitForSelector('[data-testid=lobby-table]', { timeout: TIMEOUT.solve });
    await page.waitForSelector('[data-testid=player-name]');
  },
  // A live table of three strangers: their names on the seats, the chat beside the table.
  async chat(page, { server }) {
    const [a, b, c] = namesFor(page);
    const players = [await player(server, a), await player(server, b), await player(server, c)];
    const first = await api(server, 'POST', '/api/play', { new: true, wait_s: 600 }, players[0].session);
    const seats = [first];
    for (const p of players.slice(1)) seats.push(await api(server, 'POST', '/api/play', { table: first.table }, p.session));
    const url = (i) => `table?live=${first.table}&lang=en#join=${seats[i].token}`;
    // The picture is Béla's (not on turn, so the page leaves the chat in view); Anna and Cili
    // are at their own browsers, kept open until the picture is taken.
    const lb = await liveBrowser();
    keepOpen.push(lb);
    const others = [];
    for (const i of [0, 2]) {
      const o = await (await lb.context()).newPage();
      await openAs(o, server, players[i], url(i));
      others.push(o);
    }
    await openAs(page, server, players[1], url(1));
    const say = async (p, text) => {
      const t = p.locator('[data-testid=chat-toggle]');
      if ((await t.getAttribute('aria-expanded')) !== 'true') await t.click();
      await p.fill('[data-testid=chat-input]', text);
      await p.click('[data-testid=chat-send]');
      await page.waitForFunction((x) => [...document.querySelectorAll('[data-testid=chat-line] .chat-text')].some((e) => e.textContent === x), text, { timeout: TIMEOUT.solve });
    };
    await page.waitForSelector('[data-testid=chat-toggle]', { timeout: TIMEOUT.solve });
    await say(others[0], 'Hi both, good luck!');
    await say(page, 'Szia! Jó játékot!');
    await say(others[1], 'Thanks, you too');
    await page.waitForSelector('[data-testid=table-hand-slot][data-card]', { timeout: TIMEOUT.solve });
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=table-seat][data-connected=true]').length === 3);
    await lookAt(page, page.viewportSize().width < 600 ? '[data-testid=chat]' : '[data-testid=table-page]', page.viewportSize().width < 600 ? 'end' : 'start');
  },
  // A player's own profile after two rated games (of the deal of the day): the rating and the
  // counts, and on a desktop the money and rating pictures under them.
  async profile(page, { server }) {
    const who = await playedDay(server);
    await openAs(page, server, who, 'profile?lang=en');
    await page.waitForSelector('[data-testid=chart-rating] svg', { timeout: TIMEOUT.solve });
    await page.waitForSelector('[data-testid=profile-game]');
  },
  // The Daily page mid-way through the day's attempt: the player's deals with money, par and
  // matchpoints, "Continue today's deals", and the day's standings.
  async daily(page, { server }) {
    const who = await playedDay(server);
    await openAs(page, server, who, 'daily?lang=en');
    await page.waitForSelector('[data-testid=daily-deal]', { timeout: TIMEOUT.solve });
    await page.waitForSelector('[data-testid=daily-row]');
  },
  // A live table just created with "Play with friends": the invitations and their QR codes.
  async friends(page, { server }) {
    await page.goto(server.url('lang=en'));
    await page.click('[data-testid=friends] summary');
    for (const [i, choice] of ['me', 'friend', 'friend'].entries()) {
      await page.selectOption(`[data-testid=friends-seat][data-seat="${i}"]`, choice);
    }
    await page.click('[data-testid=friends-create]');
    await page.waitForSelector('[data-testid=live-status][data-link=open]', { timeout: TIMEOUT.solve });
    await page.waitForSelector('[data-testid=invite]');
    // A phone's page scrolls to the player's turn; the picture is of the invitations.
    await page.waitForTimeout(500);
    await lookAt(page, '[data-testid=live-status]');
  },
};

// A name takes its family too: `puzzles` is puzzles and puzzles-refutation.
const wanted = (process.env.PICTURES || Object.keys(PICTURES).join(','))
  .split(',')
  .flatMap((n) => [n, ...Object.keys(PICTURES).filter((k) => k.startsWith(`${n}-`))]);
mkdirSync(OUT, { recursive: true });
/** Other browsers a picture needs until it is taken (closed at the end). */
const keepOpen = [];
const server = wanted.some((n) => ['friends', 'lobby', 'chat', 'profile', 'daily'].includes(n)) ? await new Server().start() : null;
const browser = await launchBrowser();
try {
  for (const name of wanted) {
    const take = PICTURES[name];
    if (!take) throw new Error(`no picture named ${name}: ${Object.keys(PICTURES).join(', ')}`);
    for (const [size, viewport] of Object.entries(SIZES)) {
      const page = await newPage(browser.context);
      await page.setViewportSize(viewport);
      try {
        await take(page, { server });
        await animationsSettled(page);
        const file = path.join(OUT, `${name}-${size}.png`);
        await page.screenshot({ path: file });
        console.log(`${path.relative(REPO_ROOT, file)}`);
      } catch (err) {
        console.error(`${name} (${size}) failed:`, page.e2eLog.join('\n'));
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: path.join(ARTIFACTS, `FAILED-picture-${name}-${size}.png`), fullPage: true }).catch(() => {});
        throw err;
      } finally {
        await page.close();
      }
    }
  }
} finally {
  await browser.close();
  for (const lb of keepOpen) await lb.browser.close();
  await server?.stop();
}
