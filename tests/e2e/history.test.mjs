// Back and forward follow the URL on every page: the Play and My hand pages read their state
// again from the entry the browser returns to (one URL-sync helper for all pages).

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEALS, baseUrl, browserPerFile, decodeDeal, pageProblems, withPage } from './helpers.mjs';

const browser = browserPerFile();

/** Page problems except the 404 status of a route itself (Pages answers it with 404.html). */
function problems(page) {
  return pageProblems(page).filter((l) => !/^http 404: .*\/(hand|play)(\?|$)/.test(l));
}

/** Opens `route?query` as a followed link (the test server has no SPA routes). */
async function openRoute(page, route, query) {
  await page.goto(baseUrl());
  await page.evaluate((to) => {
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate', { state: null }));
  }, `${route}?${query}`);
}

const param = (page, name) => new URL(page.url()).searchParams.get(name);

/** A deal code's cards, each hand sorted (the app writes the deal's canonical code). */
function sortedDeal(code) {
  const d = decodeDeal(code);
  return { trump: d.trump, hands: d.hands.map((h) => [...h].sort()) };
}

/** Waits until the URL's `name=` is `value`. */
async function waitForParam(page, name, value) {
  await page.waitForFunction(
    ([n, v]) => new URL(location.href).searchParams.get(n) === v,
    [name, value],
  );
}

test('back and forward on /play bring that entry\'s deal and level back', { timeout: 120_000 }, () =>
  withPage(browser.context, 'play history', async (page) => {
    const code = DEALS['strong-hand'];
    await openRoute(page, 'play', `deal=${code}&level=easy`);
    await page.locator('[data-testid=play-level-easy][aria-pressed=true]').waitFor();
    // The page writes the deal's canonical code (another card order) in place of the link's.
    await page.waitForFunction((c) => new URL(location.href).searchParams.get('deal') !== c, code);
    assert.deepEqual(sortedDeal(param(page, 'deal')), sortedDeal(code));
    const first = param(page, 'deal');

    // The header's Play link: a new entry with a new random deal at the default level.
    await page.locator('[data-testid=nav-play]').click();
    await page.locator('[data-testid=play-level-normal][aria-pressed=true]').waitFor();
    await page.waitForFunction((c) => {
      const d = new URL(location.href).searchParams.get('deal');
      return d && d !== c;
    }, first);
    const fresh = param(page, 'deal');

    await page.goBack();
    await waitForParam(page, 'deal', first);
    await page.locator('[data-testid=play-level-easy][aria-pressed=true]').waitFor();
    assert.equal(param(page, 'level'), 'easy');

    await page.goForward();
    await waitForParam(page, 'deal', fresh);
    await page.locator('[data-testid=play-level-normal][aria-pressed=true]').waitFor();
    assert.deepEqual(problems(page), [], 'page errors or failed requests');
  }),
);

test('back and forward on /hand bring that entry\'s cards back', { timeout: 120_000 }, () =>
  withPage(browser.context, 'hand history', async (page) => {
    const hand = 'PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8';
    const picked = () =>
      page.$$eval('[data-testid=hand-card][aria-pressed=true]', (els) => els.map((e) => e.dataset.card).sort());
    await openRoute(page, 'hand', `hand=${hand}&samples=8&seed=3`);
    await page.locator('[data-testid=hand-deck]').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=hand-card][aria-pressed=true]').length === 12);
    assert.deepEqual(await picked(), hand.split(',').sort());

    // The header's My hand link: a new entry with no cards.
    await page.locator('[data-testid=nav-hand]').click();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=hand-card][aria-pressed=true]').length === 0);
    assert.equal(param(page, 'hand'), null);

    await page.goBack();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=hand-card][aria-pressed=true]').length === 12);
    assert.deepEqual(await picked(), hand.split(',').sort());
    assert.equal(param(page, 'samples'), '8');

    await page.goForward();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid=hand-card][aria-pressed=true]').length === 0);
    assert.equal(param(page, 'hand'), null);
    assert.deepEqual(problems(page), [], 'page errors or failed requests');
  }),
);
