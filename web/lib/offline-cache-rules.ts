import { panelForPath } from '#web/pages/panel/panels.ts';

/**
 * What the service worker (web/sw/sw.ts) does with each request, decided here without a browser so the
 * rules are unit-tested: which strategy, which cache, under which key. Every cache name starts with
 * CACHE_PREFIX; those that end in the build's version are replaced by the next deploy.
 */
export const CACHE_PREFIX = 'dojo-';
export const API_CACHE_PREFIX = `${CACHE_PREFIX}api-`;
export const IMAGE_CACHE = `${CACHE_PREFIX}images`;
export const IMAGE_CACHE_MAX_ENTRIES = 80;

export type CacheNames = { precache: string; pages: string; assets: string };

/** Pages and assets belong to one build: a page cached by an older build links chunks that are gone. */
export const cacheNames = (version: string): CacheNames => ({
  precache: `${CACHE_PREFIX}precache-${version}`,
  pages: `${CACHE_PREFIX}pages-${version}`,
  assets: `${CACHE_PREFIX}assets-${version}`,
});

/** Caches of another build (deleted when this one activates); API and image caches outlive builds. */
export function staleCaches(existing: readonly string[], version: string): string[] {
  const current = new Set(Object.values(cacheNames(version)));
  return existing.filter((name) => /^dojo-(precache|pages|assets)-/.test(name) && !current.has(name));
}

export type CacheRule =
  | { strategy: 'network-only' }
  | { strategy: 'precache'; cacheName: string }
  /** `store: false` still answers a navigation with the offline page when the network fails. */
  | { strategy: 'network-first'; cacheName: string; key: string; store: boolean; kind: 'page' | 'api' }
  | { strategy: 'stale-while-revalidate'; cacheName: string; maxEntries?: number };

export type RequestFacts = {
  url: string;
  method: string;
  /** Request.mode: 'navigate' for a page load. */
  mode?: string;
  /** Request.destination: 'image', 'script', … */
  destination?: string;
  authorization?: string | null;
};

export type RuleContext = { origin: string; version: string; precached: ReadonlySet<string> };

/** The user id (`sub`) of a bearer JWT, as a cache-name-safe string, or null. Only names a cache: the server checks the token. */
export function userKeyOf(authorization: string | null | undefined): string | null {
  const token = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1];
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { sub?: unknown };
    return typeof json.sub === 'string' && /^[\w-]{1,64}$/.test(json.sub) ? json.sub : null;
  } catch {
    return null;
  }
}

export const apiCacheName = (userKey: string) => `${API_CACHE_PREFIX}${userKey}`;

/** Pages never stored: sign-in and reset links (a token in the URL), payment pages, social consent. */
const UNSTORED_PAGES = /^\/(auth|pay|social)(\/|$)/;
const IMAGE_FILE = /\.(svg|png|jpe?g|webp|gif|avif|ico)$/i;

export function ruleFor(req: RequestFacts, ctx: RuleContext): CacheRule {
  if (req.method !== 'GET') return { strategy: 'network-only' };
  let url: URL;
  try {
    url = new URL(req.url);
  } catch {
    return { strategy: 'network-only' };
  }
  if (url.origin !== ctx.origin) return { strategy: 'network-only' };
  const path = url.pathname;
  const names = cacheNames(ctx.version);

  if (path === '/api' || path.startsWith('/api/')) {
    if (path === '/api/auth' || path.startsWith('/api/auth/')) return { strategy: 'network-only' };
    const user = userKeyOf(req.authorization);
    if (user) return { strategy: 'network-first', cacheName: apiCacheName(user), key: url.href, store: true, kind: 'api' };
    // An <img> of a public upload (the logo, a product photo) carries no token.
    if (path.startsWith('/api/files/') && req.destination === 'image')
      return { strategy: 'stale-while-revalidate', cacheName: IMAGE_CACHE, maxEntries: IMAGE_CACHE_MAX_ENTRIES };
    return { strategy: 'network-only' };
  }
  if (path.startsWith('/parties/')) return { strategy: 'network-only' };

  if (req.mode === 'navigate') {
    // Every path of a panel is the same shell (worker/pages/panel.pages.tsx): one copy per panel serves them all.
    const panel = panelForPath(path);
    const key = panel ? new URL(panel.base, url).href : `${url.origin}${path}${url.search}`;
    return { strategy: 'network-first', cacheName: names.pages, key, store: !UNSTORED_PAGES.test(path), kind: 'page' };
  }

  if (ctx.precached.has(path)) return { strategy: 'precache', cacheName: names.precache };
  if (path.startsWith('/assets/')) return { strategy: 'stale-while-revalidate', cacheName: names.assets };
  if (req.destination === 'image' || IMAGE_FILE.test(path))
    return { strategy: 'stale-while-revalidate', cacheName: IMAGE_CACHE, maxEntries: IMAGE_CACHE_MAX_ENTRIES };
  return { strategy: 'network-only' };
}

/** Only a complete, same-origin answer of the expected type is kept: never an error, a redirect or a download. */
export function mayStore(kind: 'page' | 'api', res: { status: number; type: string; contentType: string | null }): boolean {
  if (res.status !== 200 || res.type !== 'basic') return false;
  const type = res.contentType ?? '';
  return kind === 'page' ? type.startsWith('text/html') : type.startsWith('application/json');
}
