// Helpers of the issue-4 end-to-end tests (analysis.test.mjs): the full table, the bid values,
// the what-if marks and the house rules, read from the page (DOM.md, "DOM contract additions for
// issue 4") and asked of the engine CLI with the same house-rule flags.

import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { ARTIFACTS, REPO_ROOT, TIMEOUT, animationsSettled } from './helpers.mjs';

/** The point contracts: the app shows `data-points` on these only. */
export const POINT_CONTRACTS = new Set(['passz', '40-100', '20-100']);

/** House-rule ids (URL `rules=`, checkbox `rule-<id>`, CLI flag `--<id>`). */
export const RULES = ['must-beat-after-trump', 'marriage-needs-trick'];

/** The CLI flags for a list of house-rule ids. */
export function ruleFlags(rules = []) {
  for (const r of rules) if (!RULES.includes(r)) throw new Error(`unknown house rule ${r}`);
  return rules.map((r) => `--${r}`);
}

function ultiBin() {
  return process.env.ULTI_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti');
}

/** Runs the CLI: `{ ok: true, json }` on success, `{ ok: false, error }` (its stderr) on a non-zero exit. */
export function tryCli(...args) {
  try {
    const out = execFileSync(ultiBin(), args, {
      encoding: 'utf8',
      timeout: 300_000,
      maxBuffer: 64 << 20,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return { ok: true, json: JSON.parse(out) };
  } catch (err) {
    if (err.status === undefined || err.status === null) throw err; // not an exit code: CLI missing, timeout
    return { ok: false, error: String(err.stderr || err.message).trim() };
  }
}

/** Runs the CLI and parses its JSON; throws with the CLI's message on failure. */
export function cliJson(...args) {
  const r = tryCli(...args);
  if (!r.ok) throw new Error(`${ultiBin()} ${args.join(' ')} failed: ${r.error}`);
  return r.json;
}

/** Key of a table cell: `passz@P`, `betli@none`. */
export const cellKey = (contract, trump) => `${contract}@${trump ?? 'none'}`;

/** A cell's expected DOM state from a CLI table cell. */
function cellState(c) {
  const status = !c.playable ? 'unplayable' : c.soloist_wins ? 'wins' : 'loses';
  const points = c.playable && POINT_CONTRACTS.has(c.contract) ? c.soloist_points : null;
  return { status, points };
}

/**
 * What the app should show for a deal under house rules, from `ulti table --json`:
 * `{ cells: { 'passz@P': { status, points } }, bids: { id: { playable, payoff, name, components } },
 *   best, results: { id: { status, points } } (the deal's own trump), raw }`.
 */
export function expectedAnalysis(code, rules = []) {
  const table = cliJson('table', '--deal', code, '--json', ...ruleFlags(rules));
  const trump = 'PZMT'[Number(code[0])];
  const cells = {};
  const results = {};
  for (const c of table.cells) {
    cells[cellKey(c.contract, c.trump)] = cellState(c);
    if (c.trump === null || c.trump === trump) results[c.contract] = cellState(c);
  }
  const bids = {};
  for (const b of table.bids) {
    bids[b.id] = {
      playable: b.playable,
      payoff: b.playable ? b.payoff : null,
      name: b.name,
      components: b.components,
    };
  }
  return { cells, bids, best: table.best_bid, results, raw: table };
}

/** The full table as shown: `{ 'passz@P': { status, points } }` plus `progress: { done, total }`. */
export async function readTable(page) {
  return page.evaluate(() => {
    const cells = {};
    const duplicates = [];
    for (const e of document.querySelectorAll('[data-testid=full-table] [data-testid=table-cell]')) {
      const key = `${e.dataset.contract}@${e.dataset.trump}`;
      if (key in cells) duplicates.push(key);
      cells[key] = {
        status: e.dataset.status ?? null,
        points: e.dataset.points === undefined || e.dataset.points === '' ? null : Number(e.dataset.points),
      };
    }
    const p = document.querySelector('[data-testid=table-progress]');
    const progress = p ? { done: Number(p.dataset.done), total: Number(p.dataset.total) } : null;
    return { cells, duplicates, progress };
  });
}

/** Differences between a shown table and the expected cells (empty when equal). */
export function diffTable(shown, expected) {
  const problems = shown.duplicates.map((k) => `${k}: shown twice`);
  for (const [key, want] of Object.entries(expected)) {
    const got = shown.cells[key];
    if (!got) problems.push(`${key}: no cell (CLI: ${want.status})`);
    else {
      if (got.status !== want.status) problems.push(`${key}: shown ${got.status}, CLI ${want.status}`);
      if (got.points !== want.points) problems.push(`${key}: shown ${got.points} points, CLI ${want.points}`);
    }
  }
  for (const key of Object.keys(shown.cells)) {
    if (!(key in expected)) problems.push(`${key}: shown but not a CLI cell`);
  }
  return problems;
}

/** Waits until the full table is complete: progress 30/30 and no pending cell. */
export async function waitForTable(page, timeout = TIMEOUT.solve) {
  await page.waitForFunction(
    () => {
      const p = document.querySelector('[data-testid=table-progress]');
      const cells = [...document.querySelectorAll('[data-testid=full-table] [data-testid=table-cell]')];
      return (
        p &&
        p.dataset.done === p.dataset.total &&
        cells.length > 0 &&
        cells.every((c) => c.dataset.status && c.dataset.status !== 'pending')
      );
    },
    null,
    { timeout, polling: 100 },
  );
}

/** The bids as shown: `{ bids: { id: { playable, payoff, best, text } }, duplicates }`. */
export async function readBids(page) {
  return page.evaluate(() => {
    const bids = {};
    const duplicates = [];
    for (const e of document.querySelectorAll('[data-testid=bids] [data-testid=bid]')) {
      const id = e.dataset.bidId;
      if (id in bids) duplicates.push(id);
      bids[id] = {
        playable: e.dataset.playable === 'true' ? true : e.dataset.playable === 'false' ? false : e.dataset.playable,
        payoff: e.dataset.payoff === undefined || e.dataset.payoff === '' ? null : Number(e.dataset.payoff),
        best: e.dataset.best === 'true',
        text: e.textContent.replace(/\s+/g, ' ').trim(),
      };
    }
    return { bids, duplicates };
  });
}

/**
 * The app's Hungarian name of a standard bid, from its id (`ulti+20-100@Z`, `betli@teritett`): the
 * suit word first, as players say it, the contracts in their spoken order (the 100, ulti, négy ász,
 * durchmars) and terített before the durchmars or betli it doubles: "Zöld 20-100 ulti", "Piros ulti
 * terített durchmars", "Terített színtelen durchmars". (The CLI's names, `Announcement::hungarian`,
 * say "Ulti 20-100 (Zöld)".)
 */
export function appBidName(id) {
  const [bid, ...forms] = id.split('@');
  const SUITS = { P: 'piros', Z: 'zöld', M: 'makk', T: 'tök', piros: 'piros' };
  const WORDS = {
    passz: [0, 'passz'], '40-100': [0, '40-100'], '20-100': [0, '20-100'], ulti: [1, 'ulti'],
    'negy-asz': [2, 'négy ász'], 'negy-tizes': [2, 'négy tízes'], betli: [3, 'betli'],
    durchmars: [3, 'színtelen durchmars'], 'durchmars-adu': [3, 'durchmars'],
  };
  const open = forms.includes('teritett');
  const parts = bid.split('+').map((c) => WORDS[c]).sort((a, b) => a[0] - b[0])
    .map(([place, word]) => (open && place === 3 ? `terített ${word}` : word));
  const suit = forms.map((f) => SUITS[f]).find(Boolean);
  const name = [suit, ...parts].filter(Boolean).join(' ');
  return name.charAt(0).toUpperCase() + name.slice(1);
}

/**
 * Differences between shown bids and the CLI's: the same ids, playable, payoff, the one best bid,
 * the Hungarian name, and per component a ✔ (won) or ✘ (lost) mark with its signed payoff.
 */
export function diffBids(shown, expected) {
  const problems = shown.duplicates.map((id) => `${id}: shown twice`);
  for (const [id, want] of Object.entries(expected.bids)) {
    const got = shown.bids[id];
    if (!got) {
      problems.push(`${id}: no bid row`);
      continue;
    }
    if (got.playable !== want.playable) problems.push(`${id}: playable ${got.playable}, CLI ${want.playable}`);
    if (got.payoff !== want.payoff) problems.push(`${id}: payoff ${got.payoff}, CLI ${want.payoff}`);
    const name = appBidName(id);
    if (!got.text.includes(name)) problems.push(`${id}: text "${got.text}" lacks the name "${name}"`);
    if (want.playable) {
      const marks = [...got.text.matchAll(/[✔✘]/g)].map((m) => m[0]).join('');
      const wantMarks = want.components.map((c) => (c.won ? '✔' : '✘')).join('');
      if (marks !== wantMarks) problems.push(`${id}: component marks "${marks}" in "${got.text}", CLI "${wantMarks}"`);
      // Each component's payoff with its sign (+4, −8 or -8) after its mark.
      const signed = [...got.text.matchAll(/[✔✘]\s*([+\-−]?\d+)/g)].map((m) => Number(m[1].replace('−', '-')));
      const wantSigned = want.components.map((c) => c.payoff);
      if (signed.join() !== wantSigned.join()) {
        problems.push(`${id}: component payoffs ${JSON.stringify(signed)} in "${got.text}", CLI ${JSON.stringify(wantSigned)}`);
      }
    }
  }
  for (const id of Object.keys(shown.bids)) {
    if (!(id in expected.bids)) problems.push(`${id}: shown but not a CLI bid`);
  }
  const best = Object.entries(shown.bids)
    .filter(([, b]) => b.best)
    .map(([id]) => id);
  if (best.length !== 1 || best[0] !== expected.best) {
    problems.push(`best bid: shown ${JSON.stringify(best)}, CLI ${expected.best}`);
  }
  return problems;
}

/** Waits until every playable bid has its payoff and one bid is marked best. */
export async function waitForBids(page, timeout = TIMEOUT.solve) {
  await page.waitForFunction(
    () => {
      const bids = [...document.querySelectorAll('[data-testid=bids] [data-testid=bid]')];
      return (
        bids.length > 0 &&
        bids.every((b) => b.dataset.playable === 'false' || (b.dataset.playable === 'true' && b.dataset.payoff)) &&
        bids.filter((b) => b.dataset.best === 'true').length === 1
      );
    },
    null,
    { timeout, polling: 100 },
  );
}

/**
 * Polls `read()` until `diff(value)` is empty or the timeout passes; returns the last value and
 * its problems (the caller asserts them, so a timeout reports what still differs).
 */
export async function settle(read, diff, timeout = 30_000, interval = 200) {
  const end = Date.now() + timeout;
  for (;;) {
    const value = await read();
    const problems = diff(value);
    if (problems.length === 0 || Date.now() > end) return { value, problems };
    await new Promise((r) => setTimeout(r, interval));
  }
}

/** The line viewer's state: step, whatif flag, history, score, URL parameters. */
export async function lineState(page) {
  return page.evaluate(() => {
    const viewer = document.querySelector('[data-testid=line-viewer]');
    const score = document.querySelector('[data-testid=score]');
    const params = new URL(location.href).searchParams;
    return {
      step: viewer?.dataset.step === undefined ? null : Number(viewer.dataset.step),
      ready: viewer?.dataset.ready ?? null,
      game: viewer?.dataset.game ?? null,
      whatif: viewer?.dataset.whatif ?? null,
      backToOptimal: document.querySelector('[data-testid=back-to-optimal]') !== null,
      history: [...document.querySelectorAll('[data-testid=history-card]')].map((e) => e.dataset.card),
      soloistPoints: score ? Number(score.dataset.soloistPoints) : null,
      url: {
        deal: params.get('deal'),
        rules: params.get('rules'),
        game: params.get('game'),
        played: params.get('played'),
        step: params.get('step'),
        order: [...params.keys()],
      },
    };
  });
}

/** The what-if marks shown: `[{ card, status, points, optimal }]` in document order. */
export async function readWhatif(page) {
  return page.$$eval('[data-testid=whatif-card]', (els) =>
    els.map((e) => ({
      card: e.dataset.card,
      status: e.dataset.status ?? null,
      points: e.dataset.points === undefined || e.dataset.points === '' ? null : Number(e.dataset.points),
      optimal: e.dataset.optimal === 'true',
    })),
  );
}

/**
 * What the what-if marks should be after `played` (the line's first k cards), from
 * `ulti solve --played … --all-cards --json`: `{ cards: { PA: { status, points } }, value }`
 * where `value` is the position's own `{ status, points }`.
 */
export function expectedWhatif(code, contract, played, rules = []) {
  const args = ['solve', '--deal', code, '--contract', contract, '--all-cards', '--json', ...ruleFlags(rules)];
  if (played.length) args.push('--played', played.join(','));
  const s = cliJson(...args);
  const pts = (p) => (POINT_CONTRACTS.has(contract) ? p : null);
  const cards = {};
  for (const c of s.cards) cards[c.card] = { status: c.soloist_wins ? 'wins' : 'loses', points: pts(c.soloist_points) };
  return { cards, value: { status: s.soloist_wins ? 'wins' : 'loses', points: pts(s.soloist_points) }, line: s.line };
}

/** Differences between shown what-if marks and the CLI's (empty when equal). */
export function diffWhatif(shown, expected) {
  const problems = [];
  const seen = new Set();
  for (const s of shown) {
    if (seen.has(s.card)) problems.push(`${s.card}: marked twice`);
    seen.add(s.card);
    const want = expected.cards[s.card];
    if (!want) {
      problems.push(`${s.card}: marked but not a legal card (CLI: ${Object.keys(expected.cards).join(' ')})`);
      continue;
    }
    if (s.status !== want.status) problems.push(`${s.card}: shown ${s.status}, CLI ${want.status}`);
    if (s.points !== want.points) problems.push(`${s.card}: shown ${s.points} points, CLI ${want.points}`);
  }
  for (const card of Object.keys(expected.cards)) {
    if (!seen.has(card)) problems.push(`${card}: legal (CLI) but not marked`);
  }
  const optimal = shown.filter((s) => s.optimal);
  if (optimal.length !== 1) problems.push(`${optimal.length} cards marked optimal`);
  else {
    const o = expected.cards[optimal[0].card];
    const v = expected.value;
    if (o && (o.status !== v.status || o.points !== v.points)) {
      problems.push(`optimal ${optimal[0].card} is worth ${JSON.stringify(o)}, the position ${JSON.stringify(v)}`);
    }
  }
  return problems;
}

/**
 * Waits until the what-if marks at the viewer's current step equal the CLI's for the shown
 * history (the marks of another step name another player's cards, so they cannot match by
 * accident); returns `{ state, expected, shown, problems }` for the caller to assert.
 */
export async function settledWhatif(page, code, contract, rules = [], timeout = TIMEOUT.ui) {
  const state = await lineState(page);
  const expected = expectedWhatif(code, contract, state.history, rules);
  const { value: shown, problems } = await settle(
    () => readWhatif(page),
    (w) => diffWhatif(w, expected),
    timeout,
    100,
  );
  return { state, expected, shown, problems };
}

/** Waits until the viewer shows step `k` with a line. */
export async function waitForStep(page, k, timeout = TIMEOUT.solve) {
  await page.waitForSelector(`[data-testid=line-viewer][data-ready="true"][data-step="${k}"]`, { timeout });
}

/** Opens the house-rules <details> (closed by default) and sets one rule's checkbox. */
export async function setHouseRule(page, rule, on) {
  const open = await page.$eval('details.house-rules', (d) => d.open);
  if (!open) await page.click('details.house-rules summary');
  const box = page.locator(`[data-testid=rule-${rule}]`);
  if (on) await box.check();
  else await box.uncheck();
}

/** Screenshot of one element (by data-testid) under target/e2e/; returns its path. */
export async function elementShot(page, testid, name) {
  await animationsSettled(page);
  mkdirSync(ARTIFACTS, { recursive: true });
  const file = path.join(ARTIFACTS, `${name}.png`);
  await page.locator(`[data-testid=${testid}]`).first().screenshot({ path: file });
  return file;
}
