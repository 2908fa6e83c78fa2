import { foundSomething, NO_PLACE, type DetectedLocation } from '#core/location/detected-location.ts';
import { api } from '#web/lib/api.ts';

export type Position = { latitude: number; longitude: number; accuracy: number | null };

/** Spec 9: a position may be 5 minutes old, the browser gets 10 s, and low accuracy is enough for a city. */
export const GEOLOCATION_OPTIONS: PositionOptions = { timeout: 10_000, maximumAge: 5 * 60_000, enableHighAccuracy: false };

export type DetectDeps = {
  /** GET /api<path>: the answer's `data`; throws when the call fails. */
  get: (path: string, query?: Record<string, number>) => Promise<unknown>;
  /** The browser's position, or null when it is refused, unavailable or too slow. */
  position: () => Promise<Position | null>;
};

/** The browser's geolocation, or null when the page has none or the person says no. */
export function browserPosition(geolocation: Geolocation | undefined = globalThis.navigator?.geolocation): Promise<Position | null> {
  if (!geolocation) return Promise.resolve(null);
  return new Promise((resolve) =>
    geolocation.getCurrentPosition(
      ({ coords }) => resolve({ latitude: coords.latitude, longitude: coords.longitude, accuracy: coords.accuracy ?? null }),
      () => resolve(null),
      GEOLOCATION_OPTIONS,
    ),
  );
}

const browserDeps = (): DetectDeps => ({
  get: async (path, query) => (await api(path, query ? { query } : {})).data,
  position: () => browserPosition(),
});

const asDetection = (v: unknown): DetectedLocation | null => (v && typeof v === 'object' ? (v as DetectedLocation) : null);
const attempt = async (work: () => Promise<unknown>) => asDetection(await work().catch(() => null));

/**
 * Spec 2, 3: the request's Cloudflare location first, then the browser's position named by reverse
 * geocoding, then the IP address. The first answer with a time zone wins; without any, the best place
 * found (or null when nothing was).
 */
export async function detectLocation(deps: DetectDeps = browserDeps()): Promise<DetectedLocation | null> {
  const cloudflare = await attempt(() => deps.get('/location/detect'));
  if (cloudflare?.method === 'cloudflare' && cloudflare.timezone) return cloudflare;

  let partial: DetectedLocation | null = null;
  const position = await deps.position().catch(() => null);
  if (position) {
    const place = await attempt(() => deps.get('/location/reverse', { lat: position.latitude, lng: position.longitude }));
    const found: DetectedLocation = {
      ...NO_PLACE,
      ...place,
      ...position,
      method: 'browser',
      timestamp: place?.timestamp ?? new Date().toISOString(),
    };
    if (found.timezone) return found;
    partial = found;
  }

  const byIp = await attempt(() => deps.get('/location/ip'));
  if (byIp?.timezone) return byIp;
  return [partial, byIp].find((d) => d && foundSomething(d)) ?? partial;
}
