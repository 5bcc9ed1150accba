// One language at a time, accessible, usable on phones and tablets, and clear about the parts of
// a link it ignores (issue 12): the language switch and `lang=`, axe-core on the page's states in
// both languages, the whole flow with the keyboard alone, the layout at 390 px and 768 px (with
// screenshots), and the notice for refused link parameters.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import { waitForBids, waitForTable } from './analysis-helpers.mjs';
import {
  ARTIFACTS,
  DEALS,
  TIMEOUT,
  appUrl,
  browserPerFile,
  pageProblems,
  screenshot,
  waitForResults,
  withPage,
} from './helpers.mjs';

const browser = browserPerFile();

const STRONG = DEALS['strong-hand'];
const param = (page, name) => new URL(page.url()).searchParams.get(name);
const text = (page, selector) => page.$eval(selector, (e) => e.textContent.replace(/\s+/g, ' ').trim());

/** Waits for the line of the URL's game at step `k` and the what-if marks of that step. */
async function waitForLineAndMarks(page, k) {
  await page.waitForSelector(`[data-testid=line-viewer][data-ready="true"][data-step="${k}"]`, {
    timeout: TIMEOUT.solve,
  });
  await page.waitForSelector('[data-testid=whatif-card]', { timeout: TIMEOUT.solve });
}

test('the language follows the link, the switch and the browser; <html lang> matches', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'language', async (page) => {
    // Headless Chromium prefers English, so English it is (and no lang= is written).
    await page.goto(appUrl(`deal=${STRONG}`));
    await waitForResults(page);
    assert.equal(await page.getAttribute('html', 'lang'), 'en');
    assert.equal(await text(page, '#editor-title'), 'Deal');
    assert.equal(await page.getAttribute('[data-testid=card][data-card=PA]', 'aria-label'), 'Ace of Hearts, in the hand of Soloist');
    assert.equal(await page.getAttribute('[data-testid=card][data-card=TK]', 'aria-label'), 'King of Bells');
    assert.equal(param(page, 'lang'), null, 'the browser default is not written to the URL');
    assert.doesNotMatch(await text(page, 'main'), /Felvevő|Eredmények/, 'no Hungarian on the English page');

    // The switch: Hungarian everywhere, kept in the URL.
    await page.click('[data-testid=lang-hu]');
    await page.waitForFunction(() => document.documentElement.lang === 'hu');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('lang') === 'hu');
    assert.equal(await text(page, '#editor-title'), 'Osztás');
    assert.equal(await page.getAttribute('[data-testid=lang-hu]', 'aria-pressed'), 'true');
    assert.equal(await page.getAttribute('[data-testid=card][data-card=PA]', 'aria-label'), 'Piros Ász, Felvevő kezében');
    assert.equal(await page.getAttribute('[data-testid=card][data-card=TK]', 'aria-label'), 'Tök Király');
    assert.doesNotMatch(await text(page, 'main'), /Soloist|Results|Hearts/, 'no English on the Hungarian page');
    assert.equal(param(page, 'deal'), STRONG, 'the deal stays');

    // A link with lang= opens in that language.
    await page.goto(appUrl(`deal=${STRONG}&lang=hu`));
    await page.waitForSelector('[data-testid=hand-0][data-count="10"]');
    assert.equal(await page.getAttribute('html', 'lang'), 'hu');
    assert.equal(await text(page, '#results-title'), 'Eredmények');
    await page.click('[data-testid=lang-en]');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('lang') === 'en');
    assert.equal(await text(page, '#results-title'), 'Results');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

for (const lang of ['en', 'hu']) {
  test(`no serious or critical axe-core violations in any state (${lang})`, { timeout: 3 * TIMEOUT.solve }, () =>
    withPage(browser.context, `axe-${lang}`, async (page) => {
      // Empty editor.
      await page.goto(appUrl(`lang=${lang}`));
      await page.waitForSelector('[data-testid=deck] [data-testid=card]');
      await assertAccessible(page, 'empty editor');

      // A refused click's notice, a part of a deal.
      await page.click('[data-testid=card][data-card=PA]');
      await page.click('[data-testid=card][data-card=PK]');
      await assertAccessible(page, 'partial deal');

      // A complete deal: results, full table, bids, the line with its what-if marks.
      await page.goto(appUrl(`deal=${STRONG}&game=passz&step=4&lang=${lang}`));
      await waitForResults(page);
      await waitForTable(page);
      await waitForBids(page);
      await waitForLineAndMarks(page, 4);
      await assertAccessible(page, 'deal with results, table, bids and line');

      // A what-if.
      await page.click('[data-testid=whatif-card]:not([data-optimal])');
      await page.waitForSelector('[data-testid=line-viewer][data-whatif="true"][data-ready="true"]', {
        timeout: TIMEOUT.solve,
      });
      await assertAccessible(page, 'what-if');

      // Playing, an unplayable contract, the end of the line.
      await page.click('[data-testid=back-to-optimal]');
      await page.click('[data-testid=step-end]');
      await assertAccessible(page, 'end of the line');
      await page.goto(appUrl(`deal=${STRONG}&game=ulti&lang=${lang}`));
      await waitForResults(page);
      await page.waitForSelector('[data-testid=line-message]');
      await assertAccessible(page, 'unplayable contract');

      // A malformed link: the deal error and the link notice.
      await page.goto(appUrl(`deal=123&game=nonsense&lang=${lang}`));
      await page.waitForSelector('[data-testid=deal-error]');
      await page.waitForSelector('[data-testid=url-notice]');
      await page.click('.house-rules summary');
      await assertAccessible(page, 'malformed link, house rules open');
      assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
    }),
  );
}

test('refused link parameters get a short, dismissible notice', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'url-notice', async (page) => {
    await page.goto(appUrl(`deal=${STRONG}&game=nonsense&step=99&rules=bogus&lang=xx`));
    await page.waitForSelector('[data-testid=url-notice]');
    const items = await page.$$eval('[data-testid=url-notice-item]', (els) => els.map((e) => e.textContent));
    const all = items.join('\n');
    for (const part of ['game=nonsense', 'step=99', 'bogus', 'lang=xx']) {
      assert.ok(all.includes(part), `the notice names ${part}:\n${all}`);
    }
    // The app rewrote the link without them; the notice stays until dismissed.
    await page.waitForFunction(() => !location.search.includes('nonsense'));
    assert.equal(param(page, 'deal'), STRONG);
    await waitForResults(page);
    assert.ok(await page.isVisible('[data-testid=url-notice]'), 'the notice outlives the rewrite');
    await page.click('[data-testid=url-notice-dismiss]');
    await page.waitForSelector('[data-testid=url-notice]', { state: 'detached' });

    // step=99 with a real game: step 30 is shown, and the notice says so.
    await page.goto(appUrl(`deal=${STRONG}&game=passz&step=99`));
    await page.waitForSelector('[data-testid=line-viewer][data-ready="true"][data-step="30"]', {
      timeout: TIMEOUT.solve,
    });
    assert.match(await text(page, '[data-testid=url-notice]'), /step=99.*30/);

    // A malformed what-if, in Hungarian.
    await page.goto(appUrl(`deal=${STRONG}&game=passz&played=PA,XX&lang=hu`));
    await page.waitForSelector('[data-testid=url-notice]');
    assert.match(await text(page, '[data-testid=url-notice]'), /played=PA,XX.*what-if elmaradt/);
    // Let the workers load before the next navigation, which would otherwise abort their
    // fetch (a failed request the check below would count against the page).
    await waitForResults(page);

    // A good link has no notice.
    await page.goto(appUrl(`deal=${STRONG}&game=passz&step=3`));
    await page.waitForSelector('[data-testid=line-viewer][data-ready="true"][data-step="3"]', {
      timeout: TIMEOUT.solve,
    });
    assert.equal(await page.$('[data-testid=url-notice]'), null);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

/** Presses Tab (or Shift+Tab) until the focused element matches `selector`. */
async function tabTo(page, selector, { back = false, max = 400 } = {}) {
  for (let i = 0; i < max; i++) {
    if (await page.evaluate((s) => document.activeElement?.matches(s) ?? false, selector)) return;
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
  }
  throw new Error(`${selector} was not reached with the keyboard in ${max} presses`);
}

test('the whole flow works with the keyboard alone', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'keyboard', async (page) => {
    await page.goto(appUrl());
    await page.waitForSelector('[data-testid=deck] [data-testid=card]');

    // Deal: a card into the second defender's hand (key 3, Enter), then a random deal.
    await page.keyboard.press('3');
    await tabTo(page, '[data-testid=card][data-card=ZA]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=card][data-card=ZA][data-owner="2"]');
    await tabTo(page, '[data-testid=fill-random]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=hand-2][data-count="10"]');
    assert.equal(await page.getAttribute('[data-testid=card][data-card=ZA]', 'data-owner'), '2');
    await waitForResults(page);

    // Trump: Makk with Space.
    await tabTo(page, '[data-testid=trump-M]', { back: true });
    await page.keyboard.press('Space');
    await page.waitForSelector('[data-testid=trump-M][aria-pressed="true"]');
    await waitForResults(page);

    // Results: the line of passz.
    await tabTo(page, '[data-testid=result][data-contract=passz] [data-testid=show-line]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === 'passz');
    await page.waitForSelector('[data-testid=line-viewer][data-ready="true"][data-step="0"]', {
      timeout: TIMEOUT.solve,
    });

    // The line: step forward with the button, then with the arrow key.
    await tabTo(page, '[data-testid=step-forward]');
    await page.keyboard.press('Enter');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=line-viewer][data-step="2"]');
    await page.keyboard.press('ArrowRight');
    await page.waitForSelector('[data-testid=line-viewer][data-step="3"]');

    // What-if: play another card than the line's.
    await page.waitForSelector('[data-testid=whatif-card]:not([data-optimal])', { timeout: TIMEOUT.solve });
    await tabTo(page, '[data-testid=whatif-card]:not([data-optimal])');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=line-viewer][data-whatif="true"][data-step="4"]', {
      timeout: TIMEOUT.solve,
    });
    assert.ok(param(page, 'played'), 'the what-if is in the URL');
    await tabTo(page, '[data-testid=back-to-optimal]', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => !new URL(location.href).searchParams.get('played'));

    // Full table: another contract and trump, with Enter on a cell.
    await tabTo(page, '[data-testid=table-cell][data-contract="40-100"][data-trump=Z]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => new URL(location.href).searchParams.get('game') === '40-100');
    await page.waitForSelector('[data-testid=trump-Z][aria-pressed="true"]');

    // The bid list scrolls from the keyboard, and the language switches.
    await tabTo(page, '[data-testid=bids]');
    await tabTo(page, '[data-testid=lang-hu]', { back: true });
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.documentElement.lang === 'hu');
    await screenshot(page, 'keyboard-flow');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

/** Visible controls smaller than `min` px in either direction (each described once). */
async function smallTargets(page, min) {
  return page.evaluate((min) => {
    const small = [];
    const sel = 'button, [role=button], select, summary, input, a[href]';
    for (const e of document.querySelectorAll(sel)) {
      const r = e.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(e).visibility === 'hidden') continue;
      // A checkbox's target is its whole label.
      const box = e.matches('input[type=checkbox]') ? e.closest('label').getBoundingClientRect() : r;
      if (box.width < min - 0.5 || box.height < min - 0.5) {
        const id = e.dataset.testid ?? e.className ?? e.tagName;
        small.push(`${e.tagName.toLowerCase()} ${id} ${Math.round(box.width)}×${Math.round(box.height)}`);
      }
    }
    return small;
  }, min);
}

for (const [width, height, device] of [
  [390, 844, 'phone'],
  [768, 1024, 'tablet'],
]) {
  test(`at ${width} px (${device}) the results come before the editor's deck, targets are ≥ 40 px, nothing scrolls sideways`, { timeout: 2 * TIMEOUT.solve }, () =>
    withPage(browser.context, `${device}-${width}`, async (page) => {
      await page.setViewportSize({ width, height });
      await page.goto(appUrl(`deal=${STRONG}&game=passz&step=4`));
      await waitForResults(page);
      await waitForTable(page);
      await waitForBids(page);
      await waitForLineAndMarks(page, 4);
      await screenshot(page, `${device}-${width}-results`);
      // What a user sees first, and the line panel, at full resolution for a look.
      await page.screenshot({ path: `${ARTIFACTS}/${device}-${width}-first-screen.png` });
      await page.locator('.line-panel').screenshot({ path: `${ARTIFACTS}/${device}-${width}-line.png` });

      const m = await page.evaluate(() => {
        const top = (s) => document.querySelector(s).getBoundingClientRect().top + scrollY;
        return {
          pageHeight: document.documentElement.scrollHeight,
          scrollWidth: document.documentElement.scrollWidth,
          innerWidth,
          results: top('.results-panel'),
          line: top('.line-panel'),
          deckShown: document.querySelector('[data-testid=deck]').getBoundingClientRect().height > 0,
        };
      });
      console.log(`    ${device} ${width} px: ${JSON.stringify(m)}`);
      assert.ok(m.scrollWidth <= m.innerWidth, `horizontal scrolling: ${m.scrollWidth} > ${m.innerWidth}`);
      assert.equal(m.deckShown, false, 'the editor folds away once the deal is complete');
      assert.ok(m.results < height, `the results start within the first screen (at ${m.results} px)`);
      assert.ok(m.line < 3 * height, `the line is near (at ${m.line} px)`);
      const small = await smallTargets(page, 40);
      assert.deepEqual(small, [], `touch targets under 40 px at ${width} px`);
      await assertAccessible(page, `${device} with results`);

      // The editor opens again on demand, still without sideways scrolling.
      await page.click('[data-testid=editor-toggle]');
      await page.waitForSelector('[data-testid=deck]', { state: 'visible' });
      await screenshot(page, `${device}-${width}-editor`);
      assert.ok(
        await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth),
        'no horizontal scrolling with the editor open',
      );
      assert.deepEqual(await smallTargets(page, 40), [], `touch targets under 40 px at ${width} px (editor)`);
      await assertAccessible(page, `${device} with the editor open`);
      assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
    }),
  );
}
