// The user guide (docs/, an mdBook) is served beside the app at its guide/ path: the header's
// Guide link opens it (the router leaves that link to the browser), its chapters link to each
// other, and its links into the app open the app.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { DEALS, TIMEOUT, appUrl, baseUrl, browserPerFile, pageProblems, screenshot, withPage } from './helpers.mjs';

const browser = browserPerFile();

test('the header opens the user guide, whose chapters and app links work', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'guide', async (page) => {
    await page.goto(appUrl('lang=en'));
    const link = page.locator('[data-testid=nav-guide]');
    assert.equal((await link.textContent()).trim(), 'Guide');
    assert.equal(await link.getAttribute('rel'), 'external');

    await link.click();
    await page.waitForURL(`${baseUrl()}guide/`);
    await page.locator('main h1').first().waitFor();
    assert.equal(await page.title(), 'Ulti Solver - Ulti Solver guide');
    assert.equal((await page.locator('main h1').first().textContent()).trim(), 'Ulti Solver');
    await screenshot(page, 'guide-home', { settle: false });

    // The sidebar leads to every chapter; one of them, and back through its own links.
    const chapter = page.locator('.sidebar a', { hasText: 'Analysing a deal' }).first();
    await chapter.click();
    await page.waitForURL(/guide\/analysing\.html$/);
    assert.equal((await page.locator('main h1').first().textContent()).trim(), 'Analysing a deal');
    assert.ok(await page.locator('main a[href="formats.html#deal-codes"]').count(), 'a link into Formats');

    // A deep link from the guide into the app opens the app on that deal.
    await page.locator('main a', { hasText: 'Open it in the app' }).click();
    await page.waitForURL((u) => u.pathname === new URL(baseUrl()).pathname && u.searchParams.has('deal'));
    await page.locator('[data-testid=results]').waitFor();
    assert.equal(new URL(page.url()).searchParams.get('deal'), DEALS['slow-simulation']);
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);

test('the Guide link speaks the page language and points at guide/', () =>
  withPage(browser.context, 'guide link hu', async (page) => {
    await page.goto(appUrl('lang=hu'));
    const link = page.locator('[data-testid=nav-guide]');
    assert.equal((await link.textContent()).trim(), 'Útmutató');
    assert.equal(await link.getAttribute('hreflang'), 'en');
    assert.equal(new URL(await link.evaluate((a) => a.href)).href, `${baseUrl()}guide/`);
  }),
);
