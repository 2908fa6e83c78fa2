import { NO_PLACE, type Place } from '#core/location/detected-location.ts';
import type { IpLocator, ReverseGeocoder } from './location.adapters.ts';

type City = readonly [city: string, state: string, country: string, countryCode: string, lat: number, lng: number, timezone: string];

/** A small table of cities: enough for the demo school (Vancouver) and a tester anywhere, not a gazetteer. */
const CITIES: readonly City[] = [
  ['Vancouver', 'British Columbia', 'Canada', 'CA', 49.2827, -123.1207, 'America/Vancouver'],
  ['Surrey', 'British Columbia', 'Canada', 'CA', 49.1913, -122.849, 'America/Vancouver'],
  ['Victoria', 'British Columbia', 'Canada', 'CA', 48.4284, -123.3656, 'America/Vancouver'],
  ['Kelowna', 'British Columbia', 'Canada', 'CA', 49.888, -119.496, 'America/Vancouver'],
  ['Calgary', 'Alberta', 'Canada', 'CA', 51.0447, -114.0719, 'America/Edmonton'],
  ['Edmonton', 'Alberta', 'Canada', 'CA', 53.5461, -113.4938, 'America/Edmonton'],
  ['Winnipeg', 'Manitoba', 'Canada', 'CA', 49.8951, -97.1384, 'America/Winnipeg'],
  ['Toronto', 'Ontario', 'Canada', 'CA', 43.6532, -79.3832, 'America/Toronto'],
  ['Ottawa', 'Ontario', 'Canada', 'CA', 45.4215, -75.6972, 'America/Toronto'],
  ['Montreal', 'Quebec', 'Canada', 'CA', 45.5019, -73.5674, 'America/Toronto'],
  ['Halifax', 'Nova Scotia', 'Canada', 'CA', 44.6488, -63.5752, 'America/Halifax'],
  ["St. John's", 'Newfoundland and Labrador', 'Canada', 'CA', 47.5615, -52.7126, 'America/St_Johns'],
  ['Seattle', 'Washington', 'United States', 'US', 47.6062, -122.3321, 'America/Los_Angeles'],
  ['San Francisco', 'California', 'United States', 'US', 37.7749, -122.4194, 'America/Los_Angeles'],
  ['Los Angeles', 'California', 'United States', 'US', 34.0522, -118.2437, 'America/Los_Angeles'],
  ['Denver', 'Colorado', 'United States', 'US', 39.7392, -104.9903, 'America/Denver'],
  ['Chicago', 'Illinois', 'United States', 'US', 41.8781, -87.6298, 'America/Chicago'],
  ['New York', 'New York', 'United States', 'US', 40.7128, -74.006, 'America/New_York'],
  ['Honolulu', 'Hawaii', 'United States', 'US', 21.3069, -157.8583, 'Pacific/Honolulu'],
  ['Mexico City', 'Mexico City', 'Mexico', 'MX', 19.4326, -99.1332, 'America/Mexico_City'],
  ['São Paulo', 'São Paulo', 'Brazil', 'BR', -23.5505, -46.6333, 'America/Sao_Paulo'],
  ['Buenos Aires', 'Buenos Aires', 'Argentina', 'AR', -34.6037, -58.3816, 'America/Argentina/Buenos_Aires'],
  ['London', 'England', 'United Kingdom', 'GB', 51.5074, -0.1278, 'Europe/London'],
  ['Paris', 'Île-de-France', 'France', 'FR', 48.8566, 2.3522, 'Europe/Paris'],
  ['Berlin', 'Berlin', 'Germany', 'DE', 52.52, 13.405, 'Europe/Berlin'],
  ['Madrid', 'Community of Madrid', 'Spain', 'ES', 40.4168, -3.7038, 'Europe/Madrid'],
  ['Rome', 'Lazio', 'Italy', 'IT', 41.9028, 12.4964, 'Europe/Rome'],
  ['Lagos', 'Lagos', 'Nigeria', 'NG', 6.5244, 3.3792, 'Africa/Lagos'],
  ['Cairo', 'Cairo', 'Egypt', 'EG', 30.0444, 31.2357, 'Africa/Cairo'],
  ['Nairobi', 'Nairobi County', 'Kenya', 'KE', -1.2921, 36.8219, 'Africa/Nairobi'],
  ['Johannesburg', 'Gauteng', 'South Africa', 'ZA', -26.2041, 28.0473, 'Africa/Johannesburg'],
  ['Dubai', 'Dubai', 'United Arab Emirates', 'AE', 25.2048, 55.2708, 'Asia/Dubai'],
  ['Mumbai', 'Maharashtra', 'India', 'IN', 19.076, 72.8777, 'Asia/Kolkata'],
  ['Pune', 'Maharashtra', 'India', 'IN', 18.5204, 73.8567, 'Asia/Kolkata'],
  ['Delhi', 'Delhi', 'India', 'IN', 28.7041, 77.1025, 'Asia/Kolkata'],
  ['Bengaluru', 'Karnataka', 'India', 'IN', 12.9716, 77.5946, 'Asia/Kolkata'],
  ['Kolkata', 'West Bengal', 'India', 'IN', 22.5726, 88.3639, 'Asia/Kolkata'],
  ['Singapore', 'Singapore', 'Singapore', 'SG', 1.3521, 103.8198, 'Asia/Singapore'],
  ['Hong Kong', 'Hong Kong', 'Hong Kong', 'HK', 22.3193, 114.1694, 'Asia/Hong_Kong'],
  ['Shanghai', 'Shanghai', 'China', 'CN', 31.2304, 121.4737, 'Asia/Shanghai'],
  ['Seoul', 'Seoul', 'South Korea', 'KR', 37.5665, 126.978, 'Asia/Seoul'],
  ['Tokyo', 'Tokyo', 'Japan', 'JP', 35.6762, 139.6503, 'Asia/Tokyo'],
  ['Perth', 'Western Australia', 'Australia', 'AU', -31.9505, 115.8605, 'Australia/Perth'],
  ['Melbourne', 'Victoria', 'Australia', 'AU', -37.8136, 144.9631, 'Australia/Melbourne'],
  ['Sydney', 'New South Wales', 'Australia', 'AU', -33.8688, 151.2093, 'Australia/Sydney'],
  ['Auckland', 'Auckland', 'New Zealand', 'NZ', -36.8485, 174.7633, 'Pacific/Auckland'],
];

/** Farther than this from every city in the table, the place is 'Unknown' rather than a wrong guess. */
export const STAND_IN_RADIUS_KM = 100;

const toRad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance (haversine) in km. */
export function distanceKm(lat1: number, lng1: number, lat2: number, lng2: number): number {
  const a = Math.sin(toRad(lat2 - lat1) / 2) ** 2 + Math.cos(toRad(lat1)) * Math.cos(toRad(lat2)) * Math.sin(toRad(lng2 - lng1) / 2) ** 2;
  return 2 * 6371 * Math.asin(Math.min(1, Math.sqrt(a)));
}

const placeOf = ([city, state, country, countryCode, latitude, longitude, timezone]: City): Place => ({
  city,
  state,
  country,
  countryCode,
  latitude,
  longitude,
  timezone,
});

/** The nearest city of the table within the radius, at the asked coordinates; otherwise nothing but the coordinates. */
export function nearestCity(latitude: number, longitude: number): Place {
  let best: City | undefined;
  let bestKm = STAND_IN_RADIUS_KM;
  for (const c of CITIES) {
    const km = distanceKm(latitude, longitude, c[4], c[5]);
    if (km <= bestKm) [best, bestKm] = [c, km];
  }
  return { ...(best ? placeOf(best) : NO_PLACE), latitude, longitude };
}

const byName = (name: string) => placeOf(CITIES.find((c) => c[0] === name)!);

/** The documentation address blocks (RFC 5737, RFC 3849) stand for fixed cities; every other address is unknown here. */
const IP_BLOCKS: readonly [prefix: string, city: string][] = [
  ['192.0.2.', 'Vancouver'],
  ['198.51.100.', 'Toronto'],
  ['203.0.113.', 'Pune'],
  ['2001:db8:', 'London'],
];

/** The local stand-in: deterministic, no network, used when no provider is configured. */
export const standInReverse: ReverseGeocoder = { name: 'local', reverse: async (lat, lng) => nearestCity(lat, lng) };

export const standInIp: IpLocator = {
  name: 'local',
  async locate(ip) {
    const block = IP_BLOCKS.find(([prefix]) => ip.toLowerCase().startsWith(prefix));
    return block ? byName(block[1]) : NO_PLACE;
  },
};
