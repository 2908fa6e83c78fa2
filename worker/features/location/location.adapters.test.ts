import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUser } from '#test/helpers.ts';
import { LOCATION_MESSAGES } from '#core/location/location-messages.ts';
import { locationAdapters } from './location.adapters.ts';
import { locateIp, reverseGeocode } from './location.service.ts';
import { distanceKm, nearestCity, STAND_IN_RADIUS_KM } from './location.stand-in.ts';
import { baseConfig, locationCtx, stubProvider } from './location.test-helpers.ts';

afterEach(() => vi.restoreAllMocks());

const KEYS = { BIGDATACLOUD_API_KEY: 'bdc-test-key', IPAPI_KEY: 'ipapi-test-key' };

/** BigDataCloud's documented "reverse-geocode-with-timezone" answer (trimmed to what we read and a little more). */
const BDC_SYDNEY = {
  latitude: -33.8688,
  longitude: 151.2093,
  plusCode: '4RRH46J5+FP',
  localityLanguageRequested: 'en',
  continent: 'Oceania',
  continentCode: 'OC',
  countryName: 'Australia',
  countryCode: 'AU',
  principalSubdivision: 'New South Wales',
  principalSubdivisionCode: 'AU-NSW',
  city: 'Sydney',
  locality: 'Sydney',
  postcode: '2000',
  timeZone: {
    ianaTimeId: 'Australia/Sydney',
    displayName: '(UTC+10:00) Canberra, Melbourne, Sydney',
    effectiveTimeZoneFull: 'Australian Eastern Daylight Time',
    effectiveTimeZoneShort: 'AEDT',
    utcOffsetSeconds: 39600,
    utcOffset: '+11',
    isDaylightSavingTime: true,
    localTime: '2026-11-28T02:00:00.000',
  },
};

/** ipapi.co's documented /{ip}/json/ answer. */
const IPAPI_MOUNTAIN_VIEW = {
  ip: '8.8.8.8',
  network: '8.8.8.0/24',
  version: 'IPv4',
  city: 'Mountain View',
  region: 'California',
  region_code: 'CA',
  country: 'US',
  country_name: 'United States',
  country_code: 'US',
  country_code_iso3: 'USA',
  postal: '94043',
  latitude: 37.42301,
  longitude: -122.083352,
  timezone: 'America/Los_Angeles',
  utc_offset: '-0800',
  asn: 'AS15169',
  org: 'GOOGLE',
};

describe('adapter choice', () => {
  it('uses the local stand-in without keys and the providers once their keys are set', () => {
    expect(locationAdapters(baseConfig())).toMatchObject({ reverse: { name: 'local' }, ip: { name: 'local' } });
    expect(locationAdapters({ ...baseConfig(), ...KEYS })).toMatchObject({ reverse: { name: 'bigdatacloud' }, ip: { name: 'ipapi' } });
  });
});

describe('BigDataCloud reverse geocoding (stubbed at fetch)', () => {
  it('asks with the coordinates, English names and the key, and reads city, subdivision, country and zone', async () => {
    const stub = stubProvider(() => Response.json(BDC_SYDNEY));
    const u = await createUser();
    const data = await reverseGeocode(locationCtx(u, KEYS), { lat: -33.87, lng: 151.21 });
    expect(stub.urls).toHaveLength(1);
    const url = stub.urls[0]!;
    expect(`${url.origin}${url.pathname}`).toBe('https://api-bdc.net/data/reverse-geocode-with-timezone');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      latitude: '-33.87',
      longitude: '151.21',
      localityLanguage: 'en',
      key: 'bdc-test-key',
    });
    expect(data).toMatchObject({
      city: 'Sydney',
      state: 'New South Wales',
      country: 'Australia',
      countryCode: 'AU',
      timezone: 'Australia/Sydney',
      latitude: -33.87,
      longitude: 151.21,
      method: 'browser',
    });
  });

  it('falls back to the locality, the country code to a name, and drops a zone Intl does not know', async () => {
    stubProvider(() =>
      Response.json({ ...BDC_SYDNEY, city: '', countryName: '', locality: 'Bondi', timeZone: { ianaTimeId: 'Nowhere/X' } }),
    );
    const u = await createUser();
    const data = await reverseGeocode(locationCtx(u, KEYS), { lat: -33.89, lng: 151.27 });
    expect(data).toMatchObject({ city: 'Bondi', country: 'Australia', timezone: null });
  });

  it.each([
    ['a refusal', () => Response.json({ status: 401, description: 'Invalid API key' }, { status: 401 })],
    ['a body that is not JSON', () => new Response('<html>oops</html>', { status: 200 })],
    ['a network failure', () => Promise.reject(new TypeError('network down'))],
  ])('answers 503 in our words on %s', async (_, answer) => {
    stubProvider(answer);
    const u = await createUser();
    await expect(reverseGeocode(locationCtx(u, KEYS), { lat: 1, lng: 1 })).rejects.toMatchObject({
      code: 'UNAVAILABLE',
      message: LOCATION_MESSAGES.lookupUnavailable,
    });
  });
});

describe('ipapi.co IP geolocation (stubbed at fetch)', () => {
  it("asks about the caller's address with the key and reads city, region, country and zone", async () => {
    const stub = stubProvider(() => Response.json(IPAPI_MOUNTAIN_VIEW));
    const u = await createUser();
    const data = await locateIp(locationCtx(u, KEYS, '8.8.8.8'));
    expect(stub.urls.map(String)).toEqual(['https://ipapi.co/8.8.8.8/json/?key=ipapi-test-key']);
    expect(data).toMatchObject({
      city: 'Mountain View',
      state: 'California',
      country: 'United States',
      countryCode: 'US',
      latitude: 37.42301,
      longitude: -122.083352,
      timezone: 'America/Los_Angeles',
      method: 'ip',
      ip: '8.8.8.8',
    });
  });

  it('answers 503 on its error body (reserved address, quota)', async () => {
    stubProvider(() =>
      Response.json({ ip: '8.8.4.4', error: true, reason: 'RateLimited', message: 'Visit https://ipapi.co/ratelimited/' }),
    );
    const u = await createUser();
    await expect(locateIp(locationCtx(u, KEYS, '8.8.4.4'))).rejects.toMatchObject({ code: 'UNAVAILABLE' });
  });

  it.each(['127.0.0.1', '10.1.2.3', '192.168.0.9', '172.20.0.1', '::1', 'fd00::1', 'unknown'])(
    'never asks the provider about the private address %s',
    async (ip) => {
      const stub = stubProvider(() => Response.json(IPAPI_MOUNTAIN_VIEW));
      const u = await createUser();
      expect(await locateIp(locationCtx(u, KEYS, ip))).toMatchObject({ city: null, timezone: null, method: 'ip' });
      expect(stub.urls).toHaveLength(0);
    },
  );
});

describe('the local stand-in', () => {
  it('measures great-circle distances (Vancouver–Toronto ≈ 3,360 km)', () => {
    expect(distanceKm(49.2827, -123.1207, 43.6532, -79.3832)).toBeCloseTo(3360, -2);
  });

  it('picks the nearest city within its radius and keeps the asked coordinates', () => {
    expect(nearestCity(49.19, -122.85)).toMatchObject({
      city: 'Surrey',
      timezone: 'America/Vancouver',
      latitude: 49.19,
      longitude: -122.85,
    });
    expect(nearestCity(18.6, 73.9)).toMatchObject({ city: 'Pune', timezone: 'Asia/Kolkata' });
  });

  it(`is 'Unknown' (null) past ${STAND_IN_RADIUS_KM} km from every city`, () => {
    expect(nearestCity(-60, 0)).toEqual({
      city: null,
      state: null,
      country: null,
      countryCode: null,
      timezone: null,
      latitude: -60,
      longitude: 0,
    });
  });

  it('makes no network call', async () => {
    const stub = stubProvider(() => Response.json({}));
    const u = await createUser();
    await reverseGeocode(locationCtx(u), { lat: 35.68, lng: 139.65 });
    await locateIp(locationCtx(u, {}, '198.51.100.20'));
    expect(stub.urls).toHaveLength(0);
  });
});
