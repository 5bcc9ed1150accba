// The user guide (docs/, an mdBook) is served beside the app at its guide/ path: the header's
// Guide link opens it (the router leaves that link to the browser), its chapters link to each
// other, and its links into the app open the app.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { assertAccessible } from './a11y.mjs';
import { DEALS, TIMEOUT, appUrl, baseUrl, browserPerFile, pageProblems, screenshot, withPage } from './helpers.mjs';

const browser = browserPerFile();

test('the header opens the user guide, whose chapters and app links work', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'guide', async (page) => {
    await page.goto(appUrl('lang=en'));
    const link = page.locator('[data-testid=nav-guide]');
    assert.equal((await link.textContent()).trim(), 'Guide');
    assert.equal(await link.locator('[data-testid=nav-guide-lang]').count(), 0, 'no language tag in English');
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
    // The guide is in English, and the Hungarian page says so on the link itself.
    assert.equal((await link.locator('[data-testid=nav-guide-lang]').textContent()).trim(), 'EN');
    assert.match(await link.getAttribute('title'), /angol/);
    assert.equal(await link.getAttribute('hreflang'), 'en');
    assert.equal(new URL(await link.evaluate((a) => a.href)).href, `${baseUrl()}guide/`);
  }),
);

// Every page of the guide leads back to the app, and mdBook's own controls pass axe-core: the
// sidebar toggle is a button the keyboard reaches, wide code blocks and tables take the focus
// (docs/theme-extra/guide.js), and the command reference's headings do not skip levels.
test('the guide leads back to the app and passes axe-core at desktop and phone width', { timeout: TIMEOUT.solve }, () =>
  withPage(browser.context, 'guide a11y', async (page) => {
    for (const width of [1280, 375]) {
      await page.setViewportSize({ width, height: 800 });
      for (const chapter of ['', 'command-line.html', 'formats.html', 'reference/cli.html', 'friends.html']) {
        await page.goto(`${baseUrl()}guide/${chapter}`);
        await page.locator('main h1').first().waitFor();
        await assertAccessible(page, `guide/${chapter} at ${width} px`);
        const back = page.locator('#guide-app-link');
        assert.equal((await back.textContent()).trim(), 'Open the app', `guide/${chapter}`);
        assert.equal(await back.evaluate((a) => a.href), baseUrl(), `guide/${chapter}: the app's address`);
      }
      const toggle = page.locator('#mdbook-sidebar-toggle');
      await toggle.focus();
      const before = await toggle.getAttribute('aria-expanded');
      await page.keyboard.press('Enter');
      await page.waitForFunction((b) => document.getElementById('mdbook-sidebar-toggle').getAttribute('aria-expanded') !== b, before);
      await screenshot(page, `guide-sidebar-${width}`, { settle: false });
      await page.keyboard.press('Enter');
      await page.waitForFunction((b) => document.getElementById('mdbook-sidebar-toggle').getAttribute('aria-expanded') === b, before);
      // The link back fits the menu bar, also on a phone (once the sidebar has slid away).
      const fits = await page
        .waitForFunction((w) => {
          const r = document.getElementById('guide-app-link').getBoundingClientRect();
          return r.left >= 0 && r.right <= w;
        }, width, { timeout: 3_000 })
        .then(() => true, () => false);
      const box = await page.locator('#guide-app-link').boundingBox();
      assert.ok(fits, `the link back within ${width} px: ${JSON.stringify(box)}`);
    }
    await page.locator('#guide-app-link').click();
    await page.waitForURL(baseUrl());
    await page.locator('[data-testid=nav-guide]').waitFor();
  }),
);
