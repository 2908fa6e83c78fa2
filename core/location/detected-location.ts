import { LOCATION_MESSAGES } from './location-messages.ts';
import type { DetectionMethod, ProfileLocation } from './location-schema.ts';

/** Spec 3 "Location": what one detection found. Unknown parts are null, never guessed. */
export type DetectedLocation = {
  latitude: number | null;
  longitude: number | null;
  accuracy: number | null;
  city: string | null;
  state: string | null;
  country: string | null;
  countryCode: string | null;
  timezone: string | null;
  method: DetectionMethod;
  timestamp: string;
  ip?: string | null;
};

/** A place as a provider reports it, before the method and time are added. */
export type Place = Omit<DetectedLocation, 'method' | 'timestamp' | 'ip' | 'accuracy'> & { accuracy?: number | null };

export const NO_PLACE: Place = {
  latitude: null,
  longitude: null,
  city: null,
  state: null,
  country: null,
  countryCode: null,
  timezone: null,
};

/** Whether a detection found anything worth showing (a place name or a zone). */
export const foundSomething = (p: Pick<DetectedLocation, 'city' | 'country' | 'timezone'>) => Boolean(p.city || p.country || p.timezone);

/** Spec 7 "Profile save": the body of PATCH /users/{id} for a detection. */
export function profileSave(d: DetectedLocation): { profile: { timezone: string | null; location: ProfileLocation } } {
  const coordinates =
    d.latitude !== null && d.longitude !== null ? { latitude: d.latitude, longitude: d.longitude, accuracy: d.accuracy ?? null } : null;
  return {
    profile: {
      timezone: d.timezone,
      location: {
        city: d.city,
        state: d.state,
        country: d.country,
        countryCode: d.countryCode,
        detectedAt: d.timestamp,
        detectionMethod: d.method,
        coordinates,
      },
    },
  };
}

/** "City, State, Country" from what is known, or 'Unknown'. */
export function placeLabel(p: { city?: unknown; state?: unknown; country?: unknown } | null | undefined): string {
  const parts = [p?.city, p?.state, p?.country].filter((x): x is string => typeof x === 'string' && x.trim() !== '');
  return parts.length ? [...new Set(parts)].join(', ') : LOCATION_MESSAGES.unknown;
}

/** The zone's name, or 'No timezone set'. */
export const zoneLabel = (zone: unknown) => (typeof zone === 'string' && zone.trim() ? zone : LOCATION_MESSAGES.noTimezone);
