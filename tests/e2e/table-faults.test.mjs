// The Table page's smaller faults a new player met, each pinned:
// - "too low" and "no discard of the twelve plays it" look apart in the bidding box (not only
//   in a tooltip);
// - a refused import reads wholly in Hungarian on the Hungarian page (no English left in it);
// - the Hungarian table calls the defenders one name, as every page does (védő), never
//   "ellenjátékos";
// - on a phone the TALON tag of a card never covers the card above it;
// - the Hungarian header's tagline stays one or two lines at 1280 px;
// - a language chosen with the switch is the language of the next visit (a link's lang= wins).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { TIMEOUT, animationsSettled, baseUrl, browserPerFile, importAt, openTable, pageProblems, withPage } from './helpers.mjs';

const browser = browserPerFile();
const HANDS = ['P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8', 'Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO', 'MK,MA,T7,T8,T9,TX,TU,TO,TK,TA'];
const record = (actions) => JSON.stringify({ format: 'ulti-game/1', dealer: 0, hands: HANDS, actions });

test('too low and unplayable bids look apart; a pick-up on a phone keeps each TALON tag off the card above', { timeout: TIMEOUT.solve }, async () => {
  await withPage(browser.context, 'table faults box', async (page) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await openTable(page, 'en');
    // Seat 2 after seat 1's passz: a pick-up gives twelve cards, party is too low to say again.
    await importAt(page, 2, record(['1 bid passz M9,MX']));
    await page.click('[data-testid=table-pick-up]');
    await page.waitForSelector('[data-testid=table-bidding-box]');
    await page.click('[data-testid=table-box-all]');
    const looks = await page.$$eval('[data-testid=table-bid]', (els) => {
      const out = {};
      for (const e of els) {
        const st = getComputedStyle(e);
        out[e.dataset.fit] ??= `${st.textDecorationLine}|${st.backgroundImage !== 'none'}|${st.borderStyle}`;
      }
      return out;
    });
    assert.ok(looks.low && looks.unplayable, `both kinds shown: ${JSON.stringify(looks)}`);
    assert.notEqual(looks.low, looks.unplayable, `too low and unplayable look the same: ${JSON.stringify(looks)}`);
    // The TALON tags sit clear of the card above (the hand wraps on a phone), once the talon's
    // cards have come into the hand.
    await animationsSettled(page);
    const overlaps = await page.evaluate(() => {
      const out = [];
      for (const tag of document.querySelectorAll('[data-testid=table-tag-talon]')) {
        const t = tag.getBoundingClientRect();
        const cards = [...document.querySelectorAll('[data-testid=table-hand] [data-testid=table-card]')]
          .filter((c) => !tag.parentElement.contains(c))
          .map((c) => c.getBoundingClientRect());
        for (const c of cards) {
          const inside = t.left < c.right && t.right > c.left && t.top < c.bottom && t.bottom > c.top;
          if (inside && c.bottom <= t.bottom) out.push(`${tag.parentElement.dataset.card}: tag ${Math.round(t.top)}..${Math.round(t.bottom)} over a card ${Math.round(c.top)}..${Math.round(c.bottom)}`);
        }
      }
      return out;
    });
    assert.equal(await page.$$eval('[data-testid=table-tag-talon]', (e) => e.length), 2);
    assert.deepEqual(overlaps, []);
    assert.deepEqual(pageProblems(page), []);
  });
});

test('Hungarian: a refused import in Hungarian words, one name for the defenders, a short tagline', { timeout: TIMEOUT.solve }, async () => {
  await withPage(browser.context, 'table faults hu', async (page) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await openTable(page, 'hu');
    // Seat 2 bids out of turn: seat 1 (the forehand) opens.
    await page.click('.table-import summary');
    await page.fill('[data-testid=table-import-text]', record(['2 bid passz M9,MX']));
    await page.click('[data-testid=table-import-go]');
    const msg = await page.textContent('[data-testid=table-import-msg]');
    assert.equal(await page.getAttribute('[data-testid=table-import-msg]', 'data-ok'), 'false');
    assert.match(msg, /következik/, msg);
    assert.doesNotMatch(msg, /\b(turn|not|to bid|action|line|seat)\b|'s\b/i, `English left in: ${msg}`);
    // A game in play: the defenders are védők on the whole table, as on every page.
    await importAt(page, 2, record(['1 bid passz M9,MX', '2 pass', '0 pass', '1 stand', '1 trump Z']));
    const words = await page.textContent('[data-testid=table-page]');
    assert.match(words, /védő/i);
    assert.doesNotMatch(words, /ellenjátékos/i, 'the defenders called two names');
    const tagline = await page.$eval('.tagline', (e) => {
      const r = document.createRange();
      r.selectNodeContents(e);
      return new Set([...r.getClientRects()].map((x) => Math.round(x.top))).size;
    });
    assert.ok(tagline >= 1 && tagline <= 2, `the tagline wraps to ${tagline} lines`);
    assert.deepEqual(pageProblems(page), []);
  });
});

test('the language chosen with the switch is the next visit\'s; a link\'s lang= still wins', { timeout: TIMEOUT.solve }, async () => {
  await withPage(browser.context, 'table faults lang', async (page) => {
    await page.goto(baseUrl());
    await page.evaluate(() => localStorage.clear());
    await page.goto(baseUrl());
    await page.click('[data-testid=lang-hu]');
    await page.goto(`${baseUrl()}table`);
    await page.waitForSelector('[data-testid=table-page]');
    assert.equal(await page.getAttribute('html', 'lang'), 'hu');
    assert.equal(await page.getAttribute('[data-testid=lang-hu]', 'aria-pressed'), 'true');
    await page.goto(`${baseUrl()}table?lang=en`);
    await page.waitForSelector('[data-testid=table-page]');
    assert.equal(await page.getAttribute('[data-testid=lang-en]', 'aria-pressed'), 'true');
  });
});
