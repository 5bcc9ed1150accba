// The Table page on one screen: at every kind of decision the player's hand, the felt with the
// trick and the controls of that decision lie inside the viewport, without the test (or the
// player) scrolling, and nothing sticks out sideways.
// - Sizes: 1280×800 and 1366×768 (laptops), 375×740 (a phone); English, and Hungarian on the
//   phone (its longer words).
// - Decisions, each reached by importing an `ulti-game/1` record against the easy computers:
//   the opening with twelve cards (discard and bid), a later auction turn (pass or pick up),
//   after a pick-up (discard and bid), trump naming, a defender's kontra with its first card,
//   the soloist's card to play.
// - The import form lies below the table: the page brings the table back into view when the
//   decision changes, as it does for a player who scrolled away.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { ARTIFACTS, TIMEOUT, animationsSettled, browserPerFile, importAt, openTable, pageProblems, withPage } from './helpers.mjs';

const browser = browserPerFile();

const SIZES = [
  { name: '1280', width: 1280, height: 800, lang: 'en' },
  { name: '1366', width: 1366, height: 768, lang: 'en' },
  { name: '375', width: 375, height: 740, lang: 'en' },
  { name: '375', width: 375, height: 740, lang: 'hu' },
];

// Seat 1 (the forehand, dealer 0) holds twelve cards; it opens passz laying down M9, MX.
const HANDS = ['P7,P8,P9,PX,PU,PO,PK,PA,Z7,Z8', 'Z9,ZX,ZU,ZO,ZK,ZA,M7,M8,M9,MX,MU,MO', 'MK,MA,T7,T8,T9,TX,TU,TO,TK,TA'];
const record = (actions) => JSON.stringify({ format: 'ulti-game/1', dealer: 0, hands: HANDS, actions });

/** Each decision: the seat, the record, what to do after the import, and what must show. */
const DECISIONS = [
  { name: 'opening', seat: 1, actions: [], next: 'auction', controls: ['[data-testid=table-bidding-box]'] },
  {
    // A bid from the box's last rows, then the discard that plays it: its button shows.
    name: 'bid-chosen', seat: 1, actions: [], next: 'auction',
    then: async (page) => {
      // The player scrolls the grid (not the page) to the cell, as a thumb or a wheel does.
      const cells = await page.$$('[data-testid=table-bid][data-fit=needs]');
      const cell = cells[cells.length - 1];
      await cell.evaluate((e) => e.scrollIntoView({ block: 'nearest' }));
      await cell.click();
      await page.click('[data-testid=table-use-discard]');
      await page.waitForSelector('[data-testid=table-bid-chosen]');
    },
    controls: ['[data-testid=table-needs]', '[data-testid=table-bid-chosen]'],
  },
  {
    name: 'auction-turn', seat: 2, actions: ['1 bid passz M9,MX'], next: 'auction',
    controls: ['[data-testid=table-pick-up]', '[data-testid=table-pass]'],
  },
  {
    name: 'picked-up', seat: 2, actions: ['1 bid passz M9,MX'], next: 'auction',
    then: async (page) => {
      await page.click('[data-testid=table-pick-up]');
      await page.waitForSelector('[data-testid=table-bidding-box]');
    },
    controls: ['[data-testid=table-bidding-box]'],
  },
  { name: 'trump', seat: 1, actions: ['1 bid passz M9,MX', '2 pass', '0 pass', '1 stand'], next: 'trump', controls: ['[data-testid=table-trump]'] },
  {
    // The defender's first card: the soloist (the computer) leads, then its kontra and card.
    name: 'kontra', seat: 2, actions: ['1 bid passz M9,MX', '2 pass', '0 pass', '1 stand', '1 trump Z'], next: 'card',
    controls: ['[data-testid=table-kontra-unit]', '[data-testid=table-card][data-legal=true]'],
  },
  {
    name: 'card', seat: 1, actions: ['1 bid passz M9,MX', '2 pass', '0 pass', '1 stand', '1 trump Z'], next: 'card',
    controls: ['[data-testid=table-card][data-legal=true]'],
  },
];

/**
 * What of `selectors` lies (partly) outside the viewport, or under something else at its
 * middle (a panel drawn over the hand), as `selector: box` lines.
 */
async function outside(page, selectors) {
  return page.evaluate((sels) => {
    const out = [];
    for (const sel of sels) {
      const els = [...document.querySelectorAll(sel)];
      if (els.length === 0) out.push(`${sel}: missing`);
      for (const e of els) {
        const r = e.getBoundingClientRect();
        if (r.width === 0 && r.height === 0) continue;
        if (r.top < 0 || r.bottom > innerHeight + 0.5 || r.left < 0 || r.right > innerWidth + 0.5) {
          const what = e.dataset.card || e.dataset.testid || sel;
          out.push(`${what}: x ${Math.round(r.left)}..${Math.round(r.right)}, y ${Math.round(r.top)}..${Math.round(r.bottom)} (viewport ${innerWidth}×${innerHeight})`);
          continue;
        }
        const hit = document.elementFromPoint((r.left + r.right) / 2, (r.top + r.bottom) / 2);
        if (hit && !e.contains(hit)) {
          const what = e.dataset.card || e.dataset.testid || sel;
          out.push(`${what}: covered by ${hit.className || hit.tagName} at its middle`);
        }
      }
    }
    return out;
  }, selectors);
}

for (const size of SIZES) {
  test(`${size.width}×${size.height} ${size.lang}: every decision on one screen`, { timeout: TIMEOUT.solve * 2 }, async () => {
    await withPage(browser.context, `onescreen ${size.name} ${size.lang}`, async (page) => {
      page.on('dialog', (d) => d.accept());
      await page.setViewportSize({ width: size.width, height: size.height });
      await openTable(page, size.lang);
      const faults = [];
      for (const d of DECISIONS) {
        await importAt(page, d.seat, record(d.actions));
        await page.waitForSelector(`[data-testid=table-status][data-next=${d.next}]`, { timeout: TIMEOUT.ui });
        if (d.then) await d.then(page);
        await animationsSettled(page);
        // The page's own scrolling (to the table) is done within a frame or two.
        await page.waitForTimeout(150);
        const off = await outside(page, ['[data-testid=table-hand] [data-testid=table-card]', '[data-testid=table-center]', ...d.controls]);
        const wide = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
        if (wide > 0) off.push(`the page is ${wide} px wider than the viewport`);
        for (const o of off) faults.push(`${d.name}: ${o}`);
        mkdirSync(ARTIFACTS, { recursive: true });
        await page.screenshot({ path: path.join(ARTIFACTS, `onescreen-${size.name}-${size.lang}-${d.name}.png`) });
      }
      assert.deepEqual(faults, [], `outside the first screen at ${size.width}×${size.height} (${size.lang}):\n${faults.join('\n')}`);
      assert.deepEqual(pageProblems(page), []);
    });
  });
}
