import { countryName } from '#core/location/country-name.ts';
import type { ReverseGeocoder } from './location.adapters.ts';
import { countryCodeOf, numberIn, providerJson, textOf, zoneOf } from './location.provider-answer.ts';

export const BIGDATACLOUD_URL = 'https://api-bdc.net/data/reverse-geocode-with-timezone';

/**
 * BigDataCloud "Reverse Geocoding with Timezone": GET ?latitude&longitude&localityLanguage&key →
 * { city, locality, principalSubdivision, countryName, countryCode, timeZone: { ianaTimeId } }.
 */
export function bigDataCloudReverse(key: string, fetcher: typeof fetch): ReverseGeocoder {
  return {
    name: 'bigdatacloud',
    async reverse(latitude, longitude) {
      const query = new URLSearchParams({ latitude: String(latitude), longitude: String(longitude), localityLanguage: 'en', key });
      const body = await providerJson(fetcher, `${BIGDATACLOUD_URL}?${query}`);
      const countryCode = countryCodeOf(body.countryCode);
      return {
        latitude: numberIn(body.latitude, 90) ?? latitude,
        longitude: numberIn(body.longitude, 180) ?? longitude,
        city: textOf(body.city) ?? textOf(body.locality),
        state: textOf(body.principalSubdivision),
        country: textOf(body.countryName) ?? countryName(countryCode),
        countryCode,
        timezone: zoneOf((body.timeZone as { ianaTimeId?: unknown } | undefined)?.ianaTimeId),
      };
    },
  };
}
