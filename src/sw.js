// Service worker of the Ulti Solver (copied by trunk; registered by src/offline.rs in release
// builds only): it caches the page, the solver worker and their wasm so the app installs and
// works offline.
//
// Versioning: the page registers `sw.js?v=N` where N is the worker protocol version
// (PROTOCOL_VERSION in src/protocol.rs, the one source of truth). The cache is named after N,
// so a page of one protocol never meets a worker cached under another; a new N is a new
// service worker script, which precaches the new files and deletes every other cache when it
// activates.
//
// Strategies:
// - content-hashed files trunk names `*-<hex hash>.js|_bg.wasm|.css`: cache first (a name
//   never changes content);
// - the page and the fixed-name files (worker_loader.js, worker.js, worker_bg.wasm, the
//   manifest, the icons): network first, revalidating the HTTP cache, so online a new deploy
//   is always used as a whole; the cache only answers offline.
// - The cache holds one consistent snapshot: the page and the files it needs are stored
//   together, and only once all of them came from the network (at install, and again after
//   each page load from the network). A fixed-name file fetched alone is never stored, so the
//   cache never pairs a page with a worker of another deploy.

const VERSION = new URL(self.location.href).searchParams.get('v') || '0';
const CACHE = `ulti-solver-v${VERSION}`;
const SCOPE = self.registration.scope; // the app's base URL, ending in '/'

// Fixed-name files, relative to the scope ('' is the page itself).
const FIXED = [
  '',
  'worker_loader.js',
  'worker.js',
  'worker_bg.wasm',
  'manifest.json',
  'icons/icon.svg',
  'icons/icon-192.png',
  'icons/icon-512.png',
  'icons/apple-touch-icon.png',
  // The Puzzles page's set: stored with every snapshot, so the page works offline.
  'data/puzzles/set.json',
];

// trunk writes the content hash in hex without leading zeros: 16 digits or fewer.
const HASHED = /-[0-9a-f]{8,}(_bg)?\.(js|wasm|css)$/;

/** The same-origin files a page's HTML refers to (trunk's links and its inline loader). */
function referencedUrls(html, base) {
  const urls = new Set();
  for (const m of html.matchAll(/(?:href|src)\s*=\s*"([^"]+)"|'([^']+\.(?:js|wasm|css))'/g)) {
    const raw = m[1] || m[2];
    try {
      const url = new URL(raw, base);
      if (url.origin === self.location.origin && url.href.startsWith(SCOPE)) {
        url.hash = '';
        urls.add(url.href);
      }
    } catch {
      // Not a URL: ignore.
    }
  }
  return urls;
}

/** Fetches `url` past the HTTP cache (revalidating); an HTTP error throws. */
async function fetchFresh(url) {
  const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
  if (!response.ok) throw new Error(`${url}: HTTP ${response.status}`);
  return response;
}

/** Removes cached content-hashed files the current page no longer refers to. */
async function prune(cache, html) {
  const keep = referencedUrls(html, SCOPE);
  for (const request of await cache.keys()) {
    if (HASHED.test(new URL(request.url).pathname) && !keep.has(request.url)) {
      await cache.delete(request);
    }
  }
}

/**
 * Stores `page` (a fresh answer for the app's page) with every file it needs, all or nothing:
 * the fixed-name files and the hashed files it names (hashed files already cached are kept).
 * Then drops hashed files the page no longer names.
 */
async function snapshot(page) {
  const html = await page.clone().text();
  const cache = await caches.open(CACHE);
  const urls = new Set([...FIXED.map((f) => new URL(f, SCOPE).href), ...referencedUrls(html, SCOPE)]);
  urls.delete(SCOPE);
  const fetched = await Promise.all(
    [...urls].map(async (url) => {
      if (HASHED.test(new URL(url).pathname) && (await cache.match(url))) return null;
      return [url, await fetchFresh(url)];
    }),
  );
  for (const entry of fetched) {
    if (entry) await cache.put(entry[0], entry[1]);
  }
  await cache.put(SCOPE, page);
  await prune(cache, html);
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      await snapshot(await fetchFresh(SCOPE));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) {
        if (name.startsWith('ulti-solver-') && name !== CACHE) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** The page: from the network (then a new snapshot is stored), else the cached one. */
async function page(event) {
  let response;
  try {
    response = await fetch(event.request.url, { cache: 'no-cache', credentials: 'same-origin' });
  } catch (err) {
    const cached = await (await caches.open(CACHE)).match(SCOPE);
    if (cached) return cached;
    throw err;
  }
  if (response.redirected) return fetch(event.request);
  const isPage = new URL(response.url).pathname.replace(/index\.html$/, '') === new URL(SCOPE).pathname;
  if (response.ok && isPage && (response.headers.get('content-type') || '').includes('text/html')) {
    // Offline or a failed file keeps the previous snapshot.
    event.waitUntil(snapshot(response.clone()).catch(() => {}));
  }
  return response;
}

/** A content-hashed file: the cache, else the network (then kept). */
async function hashed(request) {
  const cache = await caches.open(CACHE);
  const cached = await cache.match(request.url);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request.url, response.clone());
  return response;
}

/** A fixed-name file: the network (not stored: see snapshot), else the cache. */
async function fixed(request) {
  try {
    return await fetch(request.url, { cache: 'no-cache', credentials: 'same-origin' });
  } catch (err) {
    const cached = await (await caches.open(CACHE)).match(request.url);
    if (cached) return cached;
    throw err;
  }
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== self.location.origin || !url.href.startsWith(SCOPE)) return;
  if (request.mode === 'navigate') {
    event.respondWith(page(event));
  } else if (HASHED.test(url.pathname)) {
    event.respondWith(hashed(request));
  } else if (url.search === '') {
    event.respondWith(fixed(request));
  }
});
