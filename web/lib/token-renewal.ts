import { readStored, STORAGE_KEYS, writeStored } from './storage-keys.ts';

export const REFRESH_PATH = '/api/auth/refresh-token';
/** How long a renewal may take before requests go on with the token they have. */
const RENEWAL_TIMEOUT_MS = 10_000;
/** How often an open page looks at its token (renewing only once half its life is gone). */
export const RENEWAL_CHECK_MS = 5 * 60_000;

/** A token's issue and expiry times in seconds, read from its payload unchecked (the server checks it). */
export function tokenTimes(token: string): { iat: number; exp: number } | null {
  const payload = token.split('.')[1];
  if (!payload) return null;
  try {
    const { iat, exp } = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { iat?: unknown; exp?: unknown };
    return typeof iat === 'number' && typeof exp === 'number' && exp > iat ? { iat, exp } : null;
  } catch {
    return null;
  }
}

/** Due once less than half of the token's life is left; an expired token is not renewed (it leads to the login page). */
export function renewalDue(token: string, nowMs = Date.now()): boolean {
  const times = tokenTimes(token);
  if (!times) return false;
  const now = nowMs / 1000;
  return now < times.exp && times.exp - now < (times.exp - times.iat) / 2;
}

let inFlight: Promise<void> | null = null;

/**
 * Swaps the stored token for a fresh one when it is due, one renewal at a time. Any failure keeps the
 * stored token: while it lives it still works, and once expired or revoked its 401 leads to the login
 * page as before. The token travels only in the Authorization header, never in a URL or a log line.
 */
export function renewTokenIfDue(nowMs = Date.now()): Promise<void> {
  const token = readStored(STORAGE_KEYS.token);
  if (!token || !renewalDue(token, nowMs)) return Promise.resolve();
  inFlight ??= renew(token).finally(() => {
    inFlight = null;
  });
  return inFlight;
}

async function renew(token: string): Promise<void> {
  try {
    const res = await fetch(REFRESH_PATH, {
      method: 'POST',
      headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      signal: AbortSignal.timeout(RENEWAL_TIMEOUT_MS),
    });
    if (!res.ok) return;
    const body = (await res.json()) as { token?: unknown };
    // A logout or another login while the call was out wins over this renewal.
    if (typeof body.token === 'string' && body.token && readStored(STORAGE_KEYS.token) === token) {
      writeStored(STORAGE_KEYS.token, body.token);
    }
  } catch {
    /* offline or timed out: the next request or check tries again */
  }
}

/** Keeps an open page's token fresh: renews now if due, then checks on a timer. Returns the stop function. */
export function keepTokenFresh(everyMs = RENEWAL_CHECK_MS): () => void {
  void renewTokenIfDue();
  const timer = setInterval(() => void renewTokenIfDue(), everyMs);
  return () => clearInterval(timer);
}
