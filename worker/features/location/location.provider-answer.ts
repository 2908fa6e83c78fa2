import { isTimeZone } from '#core/time-zone.ts';
import { LOCATION_MESSAGES } from '#core/location/location-messages.ts';
import { unavailable } from '#worker/lib/errors.ts';

/** A provider gets this long; past it the browser moves on to the next way of detecting. */
export const PROVIDER_TIMEOUT_MS = 5000;

export const lookupFailed = () => unavailable(LOCATION_MESSAGES.lookupUnavailable);

/** A provider's JSON body, or 503 when it failed or sent something else. */
export async function providerJson(fetcher: typeof fetch, url: string): Promise<Record<string, unknown>> {
  let res: Response;
  try {
    res = await fetcher(url, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) });
  } catch {
    throw lookupFailed();
  }
  const body = (await res.json().catch(() => null)) as unknown;
  if (!res.ok || !body || typeof body !== 'object' || Array.isArray(body)) throw lookupFailed();
  return body as Record<string, unknown>;
}

/** What an outside service sends is checked like any input: short text, real numbers, zones Intl knows. */
export const textOf = (v: unknown, max = 100): string | null => (typeof v === 'string' && v.trim() ? v.trim().slice(0, max) : null);

export const numberIn = (v: unknown, limit: number): number | null => {
  const n = typeof v === 'string' ? Number(v) : v;
  return typeof n === 'number' && Number.isFinite(n) && Math.abs(n) <= limit ? n : null;
};

export const zoneOf = (v: unknown): string | null => {
  const zone = textOf(v, 64);
  return zone && isTimeZone(zone) ? zone : null;
};

export const countryCodeOf = (v: unknown): string | null => {
  const code = textOf(v, 2);
  return code && /^[A-Za-z]{2}$/.test(code) ? code.toUpperCase() : null;
};
