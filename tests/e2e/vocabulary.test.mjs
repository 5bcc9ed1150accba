// One vocabulary: every page names suits, contracts, bids and trumps in one way per language
// (src/i18n/names.rs) and shows every hand and card row in one order (src/model/order.rs):
// - the Solver page, My hand, Play, the Table page (its sheet, the auction heard, the contract
//   line) and the Puzzles page, in Hungarian and English, with deals, bids and puzzles that
//   name trumps: the text a user reads (and hears: aria-labels, titles, options) has no second
//   spelling: no "Red" bid, no "Ulti (Bells)", no ", trump Acorns", no Hungarian "a(z)", a
//   defender a védő (never ellenjátékos);
// - within a suit every hand and card row runs from the Ász down in the contract's order
//   (A X K F A 9 8 7 with trumps, A K F A X 9 8 7 without): the puzzle's cards and the hands
//   on its felt, the solver page's hands, the Play and Table hands;
// - a chosen puzzle card, lifted and ringed, stays clear of the label above its row.

import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import {
  DEALS,
  REPO_ROOT,
  TIMEOUT,
  animationsSettled,
  appUrl,
  baseUrl,
  browserPerFile,
  importAt,
  openTable,
  pageProblems,
  screenshot,
  withPage,
} from './helpers.mjs';
import { waitForBids } from './analysis-helpers.mjs';

const browser = browserPerFile();
const ULTI = process.env.ULTI_BIN || path.join(REPO_ROOT, 'target', 'debug', 'ulti');
const LANGS = ['en', 'hu'];

/** Spellings that one vocabulary rules out, per language. */
const OTHER_SPELLINGS = {
  en: [
    /\bRed\b/, // a piros bid is the bid "in Hearts"
    /\((Hearts|Leaves|Acorns|Bells)\)/, // "Ulti (Bells)"
    /, trump (Hearts|Leaves|Acorns|Bells)/, // "plays ulti, trump Acorns"
    /\b(ulti|40-100|20-100|party|durchmars|four aces), (Hearts|Leaves|Acorns|Bells)\b/i, // "40-100 ulti, Acorns"
  ],
  hu: [
    /a\(z\)/i, // the article goes by the name's sound
    /\((Piros|Zöld|Makk|Tök)\)/, // "Ulti (Tök)"
    /, adu: (Piros|Zöld|Makk|Tök)/, // "játszik: ulti, adu: Makk"
    /ellenjátékos/i, // a defender is a védő on every page
  ],
};

/** Everything of the page a user reads or hears: its text, labels, titles and options. */
function userText(page) {
  return page.evaluate(() => {
    const parts = [document.body.innerText];
    for (const e of document.querySelectorAll('[aria-label], [title]')) {
      parts.push(e.getAttribute('aria-label') || '', e.getAttribute('title') || '');
    }
    for (const o of document.querySelectorAll('option, optgroup')) parts.push(o.textContent, o.getAttribute('label') || '');
    return parts.join('\n');
  });
}

/** Fails on any spelling of OTHER_SPELLINGS in the page, naming it in its context. */
async function assertOneVocabulary(page, lang, where) {
  const text = await userText(page);
  for (const re of OTHER_SPELLINGS[lang]) {
    const m = re.exec(text);
    const context = m ? text.slice(Math.max(0, m.index - 40), m.index + m[0].length + 40).replace(/\s+/g, ' ') : '';
    assert.equal(m, null, `${where} (${lang}) spells ${re}: “…${context}…”`);
  }
}

/** The order of cards within a suit, from the highest down. */
const RANKS_HIGH_TO_LOW = { trumps: 'AXKOU987', plain: 'AKOUX987' };

/** `cards` (codes such as `PX`) are in display order: by suit (P Z M T), then from the highest
 * rank down in the contract's order. */
function assertDisplayOrder(cards, trumps, where) {
  const ranks = trumps ? RANKS_HIGH_TO_LOW.trumps : RANKS_HIGH_TO_LOW.plain;
  const key = (c) => 'PZMT'.indexOf(c[0]) * 8 + ranks.indexOf(c[1]);
  const sorted = [...cards].sort((a, b) => key(a) - key(b));
  assert.ok(cards.length >= 2, `${where}: too few cards to show an order (${cards.join(' ')})`);
  assert.deepEqual(cards, sorted, `${where}: ${cards.join(' ')}, not in the ${trumps ? 'trump' : 'no-trump'} order`);
}

/** The `data-card` codes of the elements `selector` matches, in document order. */
const cardsOf = (page, selector) => page.$$eval(selector, (els) => els.map((e) => e.dataset.card));

/** Opens an in-app route (`puzzles?…`, `play?…`) as the app's own navigation does. */
async function openRoute(page, route, ready) {
  await page.goto(baseUrl());
  await page.evaluate(() => localStorage.clear());
  await page.evaluate((r) => {
    history.pushState(null, '', r);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, route);
  await page.waitForSelector(ready, { timeout: TIMEOUT.solve });
}

test('Puzzles: an ulti in Bells is named one way, its cards and hands in the trump order, the chosen card clear of the label', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'vocabulary puzzles', async (page) => {
    const set = JSON.parse(readFileSync(path.join(REPO_ROOT, 'puzzles', 'set.json'), 'utf8'));
    // Trump Tök (deal digit 3), the seat to play leads: every card of its hand is offered.
    const p = set.find((q) => q.contract === 'ulti' && q.deal[0] === '3' && q.played.split(',').filter(Boolean).length % 3 === 0);
    assert.ok(p, 'an ulti in Bells puzzle at a lead');
    for (const lang of LANGS) {
      await openRoute(page, `puzzles?puzzle=${p.id}&lang=${lang}`, '[data-testid=puzzle-card]');
      const goal = await page.textContent('[data-testid=puzzle-goal]');
      assert.match(goal, lang === 'en' ? / the ulti in Bells\.$/ : / a tök ulti\.$/, goal);

      const row = await cardsOf(page, '[data-testid=puzzle-card]');
      assertDisplayOrder(row, true, `the puzzle's card row (${lang})`);
      await page.waitForSelector('[data-testid=puzzle-viewer] .seat-cards [data-card]', { timeout: TIMEOUT.solve });
      for (const seat of [0, 1, 2]) {
        const hand = await cardsOf(page, `[data-testid=puzzle-viewer] .seat-${seat} .seat-cards [data-card]`);
        if (hand.length >= 2) assertDisplayOrder(hand, true, `seat ${seat}'s hand on the puzzle's felt (${lang})`);
      }

      // A wrong card: chosen, lifted and ringed, the verdict in words.
      const wrong = Object.keys(p.refutations)[0];
      await page.click(`[data-testid=puzzle-card][data-card=${wrong}]`);
      await page.waitForSelector('[data-testid=puzzle-verdict]');
      await animationsSettled(page);
      await page.waitForTimeout(300); // the lift's transition
      const verdict = await page.textContent('[data-testid=puzzle-verdict]');
      assert.match(verdict, lang === 'en' ? /the ulti in Bells/ : /a tök ulti/, verdict);
      const boxes = await page.evaluate((card) => {
        const c = document.querySelector(`[data-testid=puzzle-card][data-card=${card}]`);
        const ring = parseFloat(getComputedStyle(c).boxShadow.match(/(\d+(\.\d+)?)px(?!.*px)/)?.[1] ?? '0');
        return { card: c.getBoundingClientRect().top, ring, label: document.querySelector('#choices-label').getBoundingClientRect().bottom };
      }, wrong);
      assert.ok(boxes.ring > 0, `the chosen wrong card wears a ring: ${JSON.stringify(boxes)}`);
      assert.ok(boxes.card - boxes.ring >= boxes.label, `the chosen card's ring reaches into the label above: ${JSON.stringify(boxes)}`);
      await screenshot(page, `vocabulary-puzzle-${lang}`);
      await assertOneVocabulary(page, lang, 'the Puzzles page');
    }
    assert.deepEqual(pageProblems(page), []);
  }),
);

test('the Solver page: the bids, the compound line\'s title and the hands, in both languages', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'vocabulary solver', async (page) => {
    // The strong hand with its Piros VII kept (viewer.test.mjs): trump Piros, 40-100 ulti
    // playable, so the compound's line is shown, a bid in Hearts.
    const compound = '0070605040302002737173112323313143435151620212322242526103011';
    for (const lang of LANGS) {
      await page.goto(appUrl(`deal=${compound}&game=40-100%2Bulti&lang=${lang}`));
      await page.waitForSelector('[data-testid=line-viewer][data-step]', { timeout: TIMEOUT.solve });
      await waitForBids(page);
      const title = await page.textContent('#line-title');
      assert.match(title, lang === 'en' ? /40-100 ulti in Hearts/ : /Piros 40-100 ulti/, title);
      const bids = await page.$$eval('[data-testid=bids] [data-testid=bid] .bid-name', (els) => els.map((e) => e.textContent));
      assert.ok(bids.some((b) => (lang === 'en' ? /^Ulti in Bells/ : /^Tök ulti/).test(b)), bids.join(' | '));
      for (const seat of [0, 1, 2]) {
        assertDisplayOrder(await cardsOf(page, `[data-testid=hand-${seat}] [data-card]`), true, `the editor's hand ${seat} (${lang})`);
        assertDisplayOrder(await cardsOf(page, `[data-testid=line-viewer] .seat-${seat} .seat-cards [data-card]`), true, `the felt's hand ${seat} (${lang})`);
      }
      await assertOneVocabulary(page, lang, 'the Solver page');
    }
    // Betli: the hands follow the no-trump order.
    await page.goto(appUrl(`deal=${DEALS['great-betli']}&game=betli&lang=en`));
    await page.waitForSelector('[data-testid=line-viewer][data-step]', { timeout: TIMEOUT.solve });
    assertDisplayOrder(await cardsOf(page, '[data-testid=hand-0] [data-card]'), false, 'the editor\'s hand in betli');
    assertDisplayOrder(await cardsOf(page, '[data-testid=line-viewer] .seat-0 .seat-cards [data-card]'), false, 'the felt\'s hand in betli');
    assert.deepEqual(pageProblems(page), []);
  }),
);

test('My hand and Play: the bids named one way, the twelve in the trump order', { timeout: 3 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'vocabulary hand play', async (page) => {
    for (const lang of LANGS) {
      await page.goto(`${baseUrl()}hand?hand=PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8&samples=4&seed=3&confirm=8&lang=${lang}`);
      await page.waitForSelector('[data-testid=advice-status][data-state=done]', { timeout: TIMEOUT.solve });
      const names = await page.$$eval('[data-testid=advice-bid]', (els) => els.map((e) => e.textContent));
      assert.ok(names.length > 0, 'the advice names bids');
      await assertOneVocabulary(page, lang, 'My hand');

      await openRoute(page, `play?deal=${DEALS['strong-hand']}&lang=${lang}`, '[data-testid=play-setup]');
      await page.click('[data-testid=play-seat-0]');
      await page.click('[data-testid=play-level-easy]');
      await page.click('[data-testid=play-start]');
      await page.waitForSelector('[data-testid=bid-card]');
      const twelve = await cardsOf(page, '[data-testid=bid-card]');
      assertDisplayOrder(twelve, true, `the Play page's twelve (${lang})`);
      await page.click(`[data-testid=bid-card][data-card=${twelve.at(-1)}]`);
      await page.click(`[data-testid=bid-card][data-card=${twelve.at(-2)}]`);
      await page.waitForSelector('[data-testid=play-bid-select] option', { state: 'attached' });
      const options = await page.$$eval('[data-testid=play-bid-select] option', (els) => els.map((e) => e.textContent));
      assert.ok(options.some((o) => (lang === 'en' ? / in (Hearts|Leaves|Acorns|Bells)$/ : /^(Piros|Zöld|Makk|Tök) /).test(o)), options.join(' | '));
      await assertOneVocabulary(page, lang, 'the Play page');
    }
  }),
);

test('the Table page: the sheet, the auction heard, the contract line and the hand', { timeout: 3 * TIMEOUT.solve }, async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'ulti-vocabulary-'));
  const file = path.join(dir, 'evening.jsonl');
  execFileSync(ULTI, ['match', '--whole-game', '--players', 'cheater,easy,easy', '--deals', '4', '--seed', '11', '--records', file], { stdio: 'ignore' });
  const records = readFileSync(file, 'utf8').trim().split('\n').map((l) => JSON.parse(l));
  // The last game whose soloist names a trump other than Piros: imported up to its trump, so
  // its soloist (the user) is to lead, after the finished games before it.
  const named = (r) => r.actions.some((a) => / trump [ZMT]$/.test(a));
  const k = records.findLastIndex(named);
  assert.ok(k >= 1 && records.slice(0, k).some(named), 'finished games with a named trump, then one to lead');
  const at = records[k].actions.findIndex((a) => / trump [ZMT]$/.test(a));
  const soloist = Number(records[k].actions[at].split(' ')[0]);
  const inProgress = { ...records[k], actions: records[k].actions.slice(0, at + 1) };
  const lines = [...records.slice(0, k), inProgress].map((r) => JSON.stringify(r)).join('\n');
  await withPage(browser.context, 'vocabulary table', async (page) => {
    for (const lang of LANGS) {
      await openTable(page, lang);
      await importAt(page, soloist, lines);
      await page.waitForSelector('[data-testid=table-hand-slot]');
      const contract = await page.textContent('[data-testid=table-contract]');
      assert.match(contract, lang === 'en' ? / plays .* in (Leaves|Acorns|Bells)\b/ : /: (zöld|makk|tök) \S/, contract);
      assertDisplayOrder(await cardsOf(page, '[data-testid=table-hand-slot]'), true, `the Table page's hand (${lang})`);
      const sheet = await page.$$eval('[data-testid=table-sheet-bid]', (els) => els.map((e) => e.textContent));
      assert.equal(sheet.length, k, sheet.join(' | '));
      const withTrump = lang === 'en' ? / in (Leaves|Acorns|Bells)/ : /: (zöld|makk|tök) \S/;
      assert.ok(sheet.some((s) => withTrump.test(s)), `a sheet row names its trump: ${sheet.join(' | ')}`);
      await screenshot(page, `vocabulary-table-${lang}`);
      await assertOneVocabulary(page, lang, 'the Table page');
    }
    assert.deepEqual(pageProblems(page), []);
  });
});
