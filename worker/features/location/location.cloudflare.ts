import { countryName } from '#core/location/country-name.ts';
import type { Place } from '#core/location/detected-location.ts';
import { countryCodeOf, numberIn, textOf, zoneOf } from './location.provider-answer.ts';

/**
 * The place Cloudflare saw the request come from (`request.cf`: city, region, country code, timezone,
 * latitude and longitude as strings). Locally there is no `cf`, and every part is null.
 */
export function placeFromCf(cf: unknown): Place {
  const c = (cf && typeof cf === 'object' ? cf : {}) as Record<string, unknown>;
  const countryCode = countryCodeOf(c.country);
  return {
    latitude: numberIn(c.latitude, 90),
    longitude: numberIn(c.longitude, 180),
    city: textOf(c.city),
    state: textOf(c.region),
    country: countryName(countryCode),
    countryCode,
    timezone: zoneOf(c.timezone),
  };
}
