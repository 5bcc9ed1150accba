// Installable and offline: the page registers the service worker `sw.js?v=<protocol version>`,
// whose cache (named after that version) holds the page, the solver worker and the wasm; the
// manifest and its icons load. After one visit the network goes away, and the app reloads,
// opens a deal link and solves it as the engine CLI does, and the "My hand" route loads too.
//
// The "network" is a small proxy in front of the server under test (E2E_BASE_URL): going
// offline closes it and also sets the browser context offline, so nothing — page, worker or
// service worker — can reach a server, whatever Chromium's offline emulation covers.

import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { after, before, test } from 'node:test';
import {
  DEALS,
  REPO_ROOT,
  TIMEOUT,
  baseUrl,
  diffResults,
  expectedResults,
  launchBrowser,
  pageProblems,
  readResults,
  startProxy,
  waitForResults,
  withPage,
} from './helpers.mjs';

/** PROTOCOL_VERSION of src/protocol.rs: the service worker's cache must carry it. */
function protocolVersion() {
  const text = readFileSync(path.join(REPO_ROOT, 'src', 'protocol.rs'), 'utf8');
  const m = text.match(/pub const PROTOCOL_VERSION: u32 = (\d+);/);
  if (!m) throw new Error('PROTOCOL_VERSION not found in src/protocol.rs');
  return Number(m[1]);
}

let browser;
let proxy;
before(async () => {
  browser = await launchBrowser();
  proxy = await startProxy(baseUrl());
});
after(async () => {
  await browser?.close();
  proxy?.goOffline();
  await new Promise((resolve) => (proxy ? proxy.server.close(resolve) : resolve()));
});

test('after one visit the app reloads and solves a deal offline', { timeout: 4 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'offline', async (page) => {
    const code = DEALS['strong-hand'];
    const expected = expectedResults(code);
    const version = protocolVersion();

    // First visit, online: the service worker installs, precaches and takes control.
    await page.goto(proxy.base);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: TIMEOUT.solve,
    });
    const sw = await page.evaluate(async () => {
      const reg = await navigator.serviceWorker.getRegistration();
      const names = await caches.keys();
      const files = {};
      for (const name of names) {
        const keys = await (await caches.open(name)).keys();
        files[name] = keys.map((r) => new URL(r.url).pathname);
      }
      return { script: reg.active.scriptURL, scope: reg.scope, names, files };
    });
    const basePath = new URL(proxy.base).pathname;
    assert.equal(sw.script, `${proxy.base}sw.js?v=${version}`, 'the service worker URL carries the protocol version');
    assert.equal(sw.scope, proxy.base, 'scoped to the app base');
    assert.deepEqual(sw.names, [`ulti-solver-v${version}`], 'one cache, named after the protocol version');
    const cached = sw.files[`ulti-solver-v${version}`];
    for (const file of ['', 'worker_loader.js', 'worker.js', 'worker_bg.wasm', 'manifest.json']) {
      assert.ok(cached.includes(basePath + file), `${basePath + file} is cached: ${cached.join(' ')}`);
    }
    assert.ok(
      cached.some((f) => /ulti-solver-[0-9a-f]{8,}_bg\.wasm$/.test(f)),
      `the page's wasm is cached: ${cached.join(' ')}`,
    );

    // Installable: the manifest (relative start_url and scope) and every icon it names load.
    const manifest = await page.evaluate(async () => {
      const href = document.querySelector('link[rel=manifest]').href;
      const m = await (await fetch(href)).json();
      const icons = [];
      for (const icon of m.icons) {
        const r = await fetch(new URL(icon.src, href));
        icons.push({ ...icon, status: r.status, type: r.headers.get('content-type') });
      }
      return { href, m, icons };
    });
    assert.equal(manifest.href, `${proxy.base}manifest.json`);
    assert.equal(manifest.m.start_url, './');
    assert.equal(manifest.m.scope, './');
    assert.ok(manifest.icons.some((i) => i.sizes === '512x512' && i.purpose === 'maskable'), 'a maskable icon');
    for (const icon of manifest.icons) {
      assert.equal(icon.status, 200, `${icon.src} loads`);
      assert.match(icon.type ?? '', /^image\//, `${icon.src} is an image`);
    }

    // Offline: no server at all. The page reloads and a deal link opens and solves.
    proxy.goOffline();
    await browser.context.setOffline(true);
    await page.reload({ waitUntil: 'load' });
    await page.locator('[data-testid=deck] [data-testid=card]').first().waitFor();
    await page.goto(`${proxy.base}?deal=${code}`);
    await waitForResults(page);
    const problems = diffResults(await readResults(page), expected);
    assert.deepEqual(problems, [], 'offline results differ from the CLI');

    // Another route of the app (/hand: on Pages its 404.html) gets the cached app shell.
    await page.goto(`${proxy.base}hand?hand=PA,PX,PK,PO,P9,ZA,ZX,ZK,MA,M7,TA,T8&samples=1&confirm=0`);
    await page.waitForSelector('[data-testid=advice-status][data-state=done]', { timeout: TIMEOUT.solve });
    assert.equal(await page.$$eval('[data-testid=hand-card][aria-pressed=true]', (e) => e.length), 12);

    // Really offline: a file never cached cannot be had, and the proxy served nothing.
    const probe = await page.evaluate(() =>
      fetch(`never-cached-${Date.now()}.txt`).then(
        (r) => `HTTP ${r.status}`,
        () => 'network error',
      ),
    );
    assert.equal(probe, 'network error');
    // (A request the next navigation cancels — the manifest, say — ends as ERR_ABORTED: that
    // is no failure to serve it.)
    assert.deepEqual(
      pageProblems(page).filter((l) => !l.includes('never-cached-') && !l.endsWith('net::ERR_ABORTED')),
      [],
      'page errors or failed requests offline',
    );
    await browser.context.setOffline(false);
  }),
);

test('a new protocol version installs a new service worker that drops the old cache', { timeout: 2 * TIMEOUT.solve }, () =>
  withPage(browser.context, 'offline-update', async (page) => {
    // What a deploy with a bumped PROTOCOL_VERSION does: the page registers sw.js?v=<new>.
    const version = protocolVersion();
    const next = version + 1000;
    await browser.context.setOffline(false);
    proxy.goOnline();
    await page.goto(proxy.base);
    await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, {
      timeout: TIMEOUT.solve,
    });
    const after = await page.evaluate(async (v) => {
      const reg = await navigator.serviceWorker.register(`sw.js?v=${v}`, { scope: document.baseURI });
      const waitActive = () =>
        new Promise((resolve) => {
          const check = () => (reg.active?.scriptURL.endsWith(`?v=${v}`) ? resolve() : setTimeout(check, 50));
          check();
        });
      await waitActive();
      // The new worker deletes the other caches when it activates.
      for (let i = 0; i < 100 && (await caches.keys()).length !== 1; i++) {
        await new Promise((r) => setTimeout(r, 50));
      }
      const names = await caches.keys();
      const keys = names.length ? await (await caches.open(names[0])).keys() : [];
      return { names, count: keys.length, controller: navigator.serviceWorker.controller?.scriptURL };
    }, next);
    assert.deepEqual(after.names, [`ulti-solver-v${next}`], 'only the new version\'s cache is left');
    assert.ok(after.count >= 8, `the new cache holds the app: ${after.count} files`);
    assert.equal(after.controller, `${proxy.base}sw.js?v=${next}`, 'the new service worker controls the page');
    assert.deepEqual(pageProblems(page), [], 'page errors or failed requests');
  }),
);
