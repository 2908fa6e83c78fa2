import { PLATFORM_LABELS, type SocialPlatform } from '#core/social/platforms.ts';
import { SocialPlatformError, type Fetcher } from './platform.ts';

/** Longest we wait for a platform: a post goes to several at once and the admin is waiting. */
export const PLATFORM_TIMEOUT_MS = 15_000;

export type PlatformCall = {
  platform: SocialPlatform;
  fetcher: Fetcher;
  /** The platform's own error text from its error body (each platform words it differently). */
  errorText: (body: unknown) => string | undefined;
  /** Sorts a refusal the status alone does not (e.g. Graph API code 190 = expired token); undefined = by status. */
  kindOf?: (status: number, body: unknown) => SocialPlatformError['kind'] | undefined;
  /** Seconds until the platform takes calls again, where it says so in its own header (default: Retry-After). */
  retryAfter?: (headers: Headers) => number | undefined;
};

/**
 * One request to a platform: JSON back, or a SocialPlatformError sorted by status — 401 expired token,
 * 429 rate limited (Retry-After kept), other 4xx rejected, 5xx and network failures unavailable —
 * carrying the platform's message. Never logs or echoes the request (it holds tokens).
 */
export async function platformJson<T = unknown>(call: PlatformCall, url: string, init: RequestInit = {}): Promise<T> {
  const res = await platformFetch(call, url, init);
  const text = await res.text();
  if (!text) return {} as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new SocialPlatformError('unavailable', `${PLATFORM_LABELS[call.platform]} answered something that is not JSON`, {
      status: res.status,
    });
  }
}

/** The raw response of a successful call (for uploads that answer with headers or no body). */
export async function platformFetch(call: PlatformCall, url: string, init: RequestInit = {}): Promise<Response> {
  const label = PLATFORM_LABELS[call.platform];
  let res: Response;
  try {
    res = await call.fetcher(url, { ...init, signal: init.signal ?? AbortSignal.timeout(PLATFORM_TIMEOUT_MS) });
  } catch (err) {
    const timedOut = (err as Error)?.name === 'TimeoutError';
    throw new SocialPlatformError('unavailable', timedOut ? `${label} did not answer in time` : `${label} could not be reached`);
  }
  if (res.ok) return res;
  const body = await res
    .clone()
    .json()
    .catch(() => undefined);
  const said = call.errorText(body);
  const message = said ? `${label}: ${said}` : `${label} refused the request (HTTP ${res.status})`;
  const kind = call.kindOf?.(res.status, body) ?? kindByStatus(res.status);
  const retryAfter = call.retryAfter?.(res.headers) ?? Number(res.headers.get('retry-after'));
  throw new SocialPlatformError(kind, message, {
    status: res.status,
    ...(Number.isFinite(retryAfter) && retryAfter > 0 ? { retryAfterSeconds: Math.ceil(retryAfter) } : {}),
  });
}

function kindByStatus(status: number): SocialPlatformError['kind'] {
  if (status === 401) return 'expired_token';
  if (status === 429) return 'rate_limited';
  if (status >= 500) return 'unavailable';
  return 'rejected';
}

/** application/x-www-form-urlencoded body (OAuth token endpoints). */
export const form = (fields: Record<string, string | undefined>) =>
  new URLSearchParams(Object.entries(fields).filter((e): e is [string, string] => e[1] !== undefined));

/** An expiry `expires_in` seconds from now (null when the platform gives none). */
export const expiresIn = (seconds: unknown, now = Date.now()): Date | null =>
  typeof seconds === 'number' && seconds > 0
    ? new Date(now + seconds * 1000)
    : typeof seconds === 'string' && Number(seconds) > 0
      ? new Date(now + Number(seconds) * 1000)
      : null;
