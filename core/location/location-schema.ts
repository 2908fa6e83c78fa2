import { z } from 'zod';
import { text } from '#core/fields.ts';
import { isTimeZone } from '#core/time-zone.ts';
import { LOCATION_MESSAGES as M } from './location-messages.ts';

/** How a location was found: the request's Cloudflare data, the browser's position, the IP address, or typed by the person. */
export const DETECTION_METHODS = ['cloudflare', 'browser', 'ip', 'manual'] as const;
export type DetectionMethod = (typeof DETECTION_METHODS)[number];

/** Intl's capitals for a zone typed in other case ("utc" → "UTC"); never its alias (ICU turns Asia/Kolkata into Asia/Calcutta). */
const zoneSpelling = (zone: string) => {
  const resolved = new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone;
  return resolved.toLowerCase() === zone.toLowerCase() ? resolved : zone;
};

/** An IANA zone name Intl knows ('Invalid timezone' otherwise). */
export const TimezoneField = z
  .string({ error: M.invalidTimezone })
  .trim()
  .min(1, M.invalidTimezone)
  .max(64, M.invalidTimezone)
  .refine(isTimeZone, M.invalidTimezone)
  .transform(zoneSpelling);

const place = (label: string) => text(label, 100).nullable().optional();

const latitude = z.number({ error: 'Latitude must be a number' }).min(-90, M.latitudeRange).max(90, M.latitudeRange);
const longitude = z.number({ error: 'Longitude must be a number' }).min(-180, M.longitudeRange).max(180, M.longitudeRange);

/** Spec 3: the location saved in a profile; unknown keys are dropped, and the whole object replaces the stored one. */
export const LocationField = z.object(
  {
    city: place('City'),
    state: place('State'),
    country: place('Country'),
    countryCode: z
      .string({ error: M.invalidCountryCode })
      .trim()
      .regex(/^[A-Za-z]{2}$/, M.invalidCountryCode)
      .transform((v) => v.toUpperCase())
      .nullable()
      .optional(),
    detectedAt: z.iso.datetime({ offset: true, error: M.invalidDetectedAt }).nullable().optional(),
    detectionMethod: z.enum(DETECTION_METHODS, { error: M.invalidMethod }).nullable().optional(),
    coordinates: z
      .object(
        {
          latitude,
          longitude,
          accuracy: z.number({ error: 'Accuracy must be a number' }).min(0, 'Accuracy must not be negative').max(1e7).nullable().optional(),
        },
        { error: 'Coordinates must be an object with latitude and longitude' },
      )
      .nullable()
      .optional(),
  },
  { error: 'Location must be an object' },
);
export type ProfileLocation = z.output<typeof LocationField>;

/** A query value as a number; missing or blank is "required", not 0. */
const queryNumber = (range: z.ZodNumber) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() ? Number(v) : undefined), z.number({ error: M.coordinatesRequired }).pipe(range));

/** GET /api/location/reverse?lat=&lng= */
export const ReverseQuery = z.object({
  lat: queryNumber(latitude),
  lng: queryNumber(longitude),
});
export type ReverseQuery = z.output<typeof ReverseQuery>;
