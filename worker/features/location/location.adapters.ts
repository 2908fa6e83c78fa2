import type { Place } from '#core/location/detected-location.ts';
import { configured, LOCATION_SETTINGS, type AppConfig } from '#worker/config.ts';
import { bigDataCloudReverse } from './location.bigdatacloud.ts';
import { ipapiLocator } from './location.ipapi.ts';
import { standInIp, standInReverse } from './location.stand-in.ts';

/** Coordinates → the place there (spec 11: "a reverse-geocoding service"). */
export interface ReverseGeocoder {
  name: string;
  reverse(latitude: number, longitude: number): Promise<Place>;
}

/** An address → where it is (spec 11: "an IP-geolocation service"). */
export interface IpLocator {
  name: string;
  locate(ip: string): Promise<Place>;
}

export type LocationAdapters = { reverse: ReverseGeocoder; ip: IpLocator };

/** Global fetch looked up per call, so a test's stub at `fetch` is what the providers reach. */
const globalFetch: typeof fetch = (...a) => fetch(...a);

/** Each provider is used when its key is set; without it, the local stand-in answers (README "Configuration"). */
export function locationAdapters(config: AppConfig, fetcher: typeof fetch = globalFetch): LocationAdapters {
  return {
    reverse: configured(config, LOCATION_SETTINGS.reverse) ? bigDataCloudReverse(config.BIGDATACLOUD_API_KEY, fetcher) : standInReverse,
    ip: configured(config, LOCATION_SETTINGS.ip) ? ipapiLocator(config.IPAPI_KEY, fetcher) : standInIp,
  };
}
