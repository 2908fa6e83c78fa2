/**
 * The site's one service worker (/sw.js, scope /), built by scripts/lib/service-worker-build.ts with the
 * build's file list: precaches the shell and its chunks, serves pages and the signed-in user's API reads
 * from caches when the network fails (rules: web/lib/offline-cache-rules.ts), and shows Web Push.
 */
import {
  API_CACHE_PREFIX,
  cacheNames,
  mayStore,
  ruleFor,
  staleCaches,
  type CacheRule,
  type RequestFacts,
} from '#web/lib/offline-cache-rules.ts';
import { panelForPath } from '#web/pages/panel/panels.ts';
import { OFFLINE_PAGE_HTML } from './offline-page.ts';
import { listenForPush } from './sw-push.ts';
import { sw, type FetchLikeEvent } from './sw-scope.ts';

declare const __SW_PRECACHE__: string[];
declare const __SW_PRECACHE_PANEL__: string[];
declare const __SW_PRECACHE_KIOSK__: string[];
declare const __SW_VERSION__: string;

const VERSION = __SW_VERSION__;
/** Fetched at install on any page: stylesheets, the island loader, icons. */
const PRECACHE = __SW_PRECACHE__;
/** Fetched once a panel page opens: the panel island and all its screen chunks (public visitors never need them). */
const PRECACHE_PANEL = __SW_PRECACHE_PANEL__;
/** Fetched once /kiosk opens: its island, React, the QR reader and its WebAssembly (a kiosk must start offline). */
const PRECACHE_KIOSK = __SW_PRECACHE_KIOSK__;
const PRECACHED = new Set([...PRECACHE, ...PRECACHE_PANEL, ...PRECACHE_KIOSK]);
const isKiosk = (path: string) => path === '/kiosk';
const NAMES = cacheNames(VERSION);
/** Vite names built files `name-<hash>.ext`: one with the same name holds the same bytes, whatever build cached it. */
const HASHED = /^\/assets\/.+-[\w-]{8}\.\w+$/;

async function fromOlderBuild(path: string): Promise<Response | undefined> {
  if (!HASHED.test(path)) return undefined;
  for (const name of await caches.keys()) {
    if (name === NAMES.precache || !name.startsWith('dojo-precache-')) continue;
    const hit = await (await caches.open(name)).match(path);
    if (hit) return hit;
  }
  return undefined;
}

/** One file for the precache: a dropped connection or a 5xx is tried once more before the install gives up. */
async function fetchForPrecache(path: string): Promise<Response> {
  for (let attempt = 0; ; attempt++) {
    const res = await fetch(path, { cache: 'no-cache' }).catch(() => null);
    if (res?.ok) return res;
    if (attempt >= 1 || (res && res.status < 500)) throw new Error(`precache: ${path} answered ${res?.status ?? 'nothing'}`);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

async function precache(list: readonly string[]) {
  const cache = await caches.open(NAMES.precache);
  await Promise.all(
    list.map(async (path) => {
      if (await cache.match(path)) return;
      const res = (await fromOlderBuild(path)) ?? (await fetchForPrecache(path));
      await cache.put(path, res);
    }),
  );
}

/** A list fetched once, on first need; a failure lets the next need try again. */
function onFirstNeed(list: readonly string[]): () => Promise<void> {
  let done: Promise<void> | null = null;
  return () =>
    (done ??= precache(list).catch(() => {
      done = null;
    }));
}
const precachePanel = onFirstNeed(PRECACHE_PANEL);
const precacheKiosk = onFirstNeed(PRECACHE_KIOSK);

/** The pages already open when this worker first takes over were loaded without it: keep them too. */
async function keepOpenPages() {
  const windows = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  await Promise.all(
    windows.map(async (w) => {
      const path = new URL(w.url).pathname;
      if (panelForPath(path)) await precachePanel();
      if (isKiosk(path)) await precacheKiosk();
      const rule = ruleFor({ url: w.url, method: 'GET', mode: 'navigate' }, context());
      if (rule.strategy !== 'network-first' || !rule.store) return;
      const res = await fetch(w.url).catch(() => null);
      if (res && mayStore('page', facts(res))) await (await caches.open(rule.cacheName)).put(rule.key, res);
    }),
  );
}

/** A browser that has used a panel (it holds a user's API cache) gets the panel's new chunks with the update, while the old build's copies can still be reused. */
const usedPanel = async () => (await caches.keys()).some((name) => name.startsWith(API_CACHE_PREFIX));
/** A kiosk stays open for days: the update brings its new chunks while it still runs the old ones. */
const kioskOpen = async () =>
  (await sw.clients.matchAll({ type: 'window', includeUncontrolled: true })).some((w) => isKiosk(new URL(w.url).pathname));

sw.addEventListener('install', (event) =>
  event.waitUntil(
    (async () => {
      await precache(PRECACHE);
      if (await usedPanel()) await precachePanel();
      if (await kioskOpen()) await precacheKiosk();
      await sw.skipWaiting();
    })(),
  ),
);

sw.addEventListener('activate', (event) =>
  event.waitUntil(
    (async () => {
      await Promise.all(staleCaches(await caches.keys(), VERSION).map((name) => caches.delete(name)));
      await sw.clients.claim();
      await keepOpenPages().catch(() => {});
    })(),
  ),
);

const context = () => ({ origin: sw.location.origin, version: VERSION, precached: PRECACHED });
const facts = (res: Response) => ({ status: res.status, type: res.type, contentType: res.headers.get('content-type') });

function offlinePage(): Response {
  return new Response(OFFLINE_PAGE_HTML, { status: 503, headers: { 'content-type': 'text/html; charset=utf-8' } });
}

async function networkFirst(event: FetchLikeEvent, rule: Extract<CacheRule, { strategy: 'network-first' }>): Promise<Response> {
  try {
    const res = await fetch(event.request);
    if (rule.store && mayStore(rule.kind, facts(res))) {
      const copy = res.clone();
      event.waitUntil(caches.open(rule.cacheName).then((c) => c.put(rule.key, copy)));
    }
    return res;
  } catch (err) {
    const hit = await (await caches.open(rule.cacheName)).match(rule.key);
    if (hit) return hit;
    if (rule.kind === 'page') return offlinePage();
    throw err;
  }
}

async function trim(cache: Cache, maxEntries: number) {
  const keys = await cache.keys();
  await Promise.all(keys.slice(0, Math.max(0, keys.length - maxEntries)).map((k) => cache.delete(k)));
}

async function staleWhileRevalidate(event: FetchLikeEvent, rule: Extract<CacheRule, { strategy: 'stale-while-revalidate' }>) {
  const cache = await caches.open(rule.cacheName);
  const hit = await cache.match(event.request);
  const fresh = fetch(event.request).then(async (res) => {
    if (res.ok && res.type === 'basic') {
      await cache.put(event.request, res.clone());
      if (rule.maxEntries) await trim(cache, rule.maxEntries);
    }
    return res;
  });
  if (!hit) return fresh;
  event.waitUntil(fresh.catch(() => {}));
  return hit;
}

async function fromPrecache(event: FetchLikeEvent, cacheName: string) {
  const hit = await (await caches.open(cacheName)).match(event.request, { ignoreVary: true, ignoreSearch: true });
  return hit ?? fetch(event.request);
}

sw.addEventListener('fetch', (event) => {
  const req = event.request;
  const request: RequestFacts = {
    url: req.url,
    method: req.method,
    mode: req.mode,
    destination: req.destination,
    authorization: req.headers.get('authorization'),
  };
  const rule = ruleFor(request, context());
  if (rule.strategy === 'network-only') return;
  if (rule.strategy === 'precache') event.respondWith(fromPrecache(event, rule.cacheName));
  else if (rule.strategy === 'network-first') {
    event.respondWith(networkFirst(event, rule));
    const path = new URL(req.url).pathname;
    if (rule.kind === 'page' && panelForPath(path)) event.waitUntil(precachePanel());
    if (rule.kind === 'page' && isKiosk(path)) event.waitUntil(precacheKiosk());
  } else event.respondWith(staleWhileRevalidate(event, rule));
});

listenForPush();
