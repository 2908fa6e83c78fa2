import { API_CACHE_PREFIX } from './offline-cache-rules.ts';

/** Forgets the service worker's copies of API answers (every user's): a signed-out browser keeps none. */
export async function clearApiCaches(): Promise<void> {
  try {
    const store = globalThis.caches;
    if (!store) return;
    const names = await store.keys();
    await Promise.all(names.filter((n) => n.startsWith(API_CACHE_PREFIX)).map((n) => store.delete(n)));
  } catch {
    /* no Cache Storage here (server rendering, an insecure origin): nothing was kept */
  }
}
