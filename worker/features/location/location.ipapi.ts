import { countryName } from '#core/location/country-name.ts';
import type { IpLocator } from './location.adapters.ts';
import { countryCodeOf, lookupFailed, numberIn, providerJson, textOf, zoneOf } from './location.provider-answer.ts';

export const IPAPI_URL = 'https://ipapi.co';

/**
 * ipapi.co: GET /{ip}/json/?key → { city, region, country_code, country_name, latitude, longitude, timezone },
 * or { error: true, reason } (a reserved address, a bad key, the quota).
 */
export function ipapiLocator(key: string, fetcher: typeof fetch): IpLocator {
  return {
    name: 'ipapi',
    async locate(ip) {
      const body = await providerJson(fetcher, `${IPAPI_URL}/${encodeURIComponent(ip)}/json/?${new URLSearchParams({ key })}`);
      if (body.error) throw lookupFailed();
      const countryCode = countryCodeOf(body.country_code);
      return {
        latitude: numberIn(body.latitude, 90),
        longitude: numberIn(body.longitude, 180),
        city: textOf(body.city),
        state: textOf(body.region),
        country: textOf(body.country_name) ?? countryName(countryCode),
        countryCode,
        timezone: zoneOf(body.timezone),
      };
    },
  };
}
