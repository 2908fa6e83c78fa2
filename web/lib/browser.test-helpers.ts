import { vi } from 'vitest';

/** A Map-backed localStorage and a scripted fetch for the web/lib unit tests (node has neither by default). */
export function fakeBrowser() {
  const store = new Map<string, string>();
  const localStorage = {
    getItem: (k: string) => store.get(k) ?? null,
    setItem: (k: string, v: string) => void store.set(k, String(v)),
    removeItem: (k: string) => void store.delete(k),
    clear: () => store.clear(),
  };
  const calls: { url: string; init: RequestInit }[] = [];
  let answer: () => Response | Promise<Response> = () => Response.json({ success: true });
  vi.stubGlobal('localStorage', localStorage);
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    calls.push({ url, init });
    return answer();
  });
  return {
    store,
    calls,
    respond: (fn: () => Response | Promise<Response>) => {
      answer = fn;
    },
  };
}
