import { afterEach, describe, expect, it, vi } from 'vitest';
import { exports } from 'cloudflare:workers';
import { api, createUser } from '#test/helpers.ts';
import { LOCATION_MESSAGES } from '#core/location/location-messages.ts';
import { detectFromCloudflare, locateIp, reverseGeocode } from './location.service.ts';
import { baseConfig, locationCtx } from './location.test-helpers.ts';

afterEach(() => vi.restoreAllMocks());

const VANCOUVER_CF = {
  city: 'Vancouver',
  region: 'British Columbia',
  regionCode: 'BC',
  country: 'CA',
  timezone: 'America/Vancouver',
  latitude: '49.28270',
  longitude: '-123.12070',
  colo: 'SEA',
};

describe('GET /api/location/* (who may call)', () => {
  it.each(['/api/location/detect', '/api/location/reverse?lat=49.28&lng=-123.12', '/api/location/ip'])('%s needs a token', async (path) => {
    const res = await api(path);
    expect(res.status).toBe(401);
  });

  it.each(['student', 'member', 'instructor', 'admin'] as const)('a %s may detect their own location', async (role) => {
    const u = await createUser({ role });
    const res = await api('/api/location/detect', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
  });
});

describe('detection step 1: the request Cloudflare located', () => {
  it("answers the city, region, country, zone and coordinates of the request's cf, method 'cloudflare'", async () => {
    const u = await createUser();
    const data = detectFromCloudflare(locationCtx(u), VANCOUVER_CF);
    expect(data).toMatchObject({
      city: 'Vancouver',
      state: 'British Columbia',
      country: 'Canada',
      countryCode: 'CA',
      timezone: 'America/Vancouver',
      latitude: 49.2827,
      longitude: -123.1207,
      method: 'cloudflare',
    });
    expect(Date.parse(data.timestamp)).not.toBeNaN();
  });

  it('the route reads request.cf', async () => {
    const u = await createUser();
    const res = await exports.default.fetch(
      new Request('http://dojo.test/api/location/detect', { headers: { authorization: `Bearer ${u.token}` }, cf: VANCOUVER_CF }),
    );
    const body = (await res.json()) as { data: { city: string; method: string } };
    expect(body.data).toMatchObject({ city: 'Vancouver', method: 'cloudflare' });
  });

  it('without a zone (no cf locally) it answers what there is and no method', async () => {
    const u = await createUser();
    expect(detectFromCloudflare(locationCtx(u), undefined)).toMatchObject({ city: null, timezone: null, method: null });
    expect(detectFromCloudflare(locationCtx(u), { city: 'Somewhere', country: 'T1' })).toMatchObject({
      city: 'Somewhere',
      countryCode: null,
      country: null,
      method: null,
    });
  });

  it('drops what is not a place: a zone Intl does not know, coordinates out of range, an overlong name', async () => {
    const u = await createUser();
    const data = detectFromCloudflare(locationCtx(u), { timezone: 'Mars/Olympus', latitude: '91', longitude: 'x', city: 'a'.repeat(500) });
    expect(data).toMatchObject({ timezone: null, latitude: null, longitude: null, method: null });
    expect(data.city).toHaveLength(100);
  });
});

describe('detection step 2: reverse geocoding through the local stand-in', () => {
  it('names the nearest city of its table with its zone', async () => {
    const u = await createUser();
    const res = await api('/api/location/reverse?lat=49.25&lng=-123.1', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({
      city: 'Vancouver',
      state: 'British Columbia',
      country: 'Canada',
      countryCode: 'CA',
      timezone: 'America/Vancouver',
      latitude: 49.25,
      longitude: -123.1,
      method: 'browser',
    });
  });

  it('far from every city it answers an unknown place, never a guess', async () => {
    const u = await createUser();
    const res = await api('/api/location/reverse?lat=0&lng=-140', { token: u.token });
    expect(res.body.data).toMatchObject({ city: null, country: null, timezone: null, latitude: 0, longitude: -140, method: 'browser' });
  });

  it.each([
    ['', LOCATION_MESSAGES.coordinatesRequired],
    ['?lat=&lng=', LOCATION_MESSAGES.coordinatesRequired],
    ['?lat=abc&lng=1', LOCATION_MESSAGES.coordinatesRequired],
    ['?lat=91&lng=0', LOCATION_MESSAGES.latitudeRange],
    ['?lat=0&lng=-181', LOCATION_MESSAGES.longitudeRange],
  ])('refuses coordinates %j with 400', async (query, message) => {
    const u = await createUser();
    const res = await api(`/api/location/reverse${query}`, { token: u.token });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
  });

  it('counts lookups per user and answers 429 past RATE_LIMIT_LOCATION_USER', async () => {
    const u = await createUser();
    const limited = { rateLimits: { ...baseConfig().rateLimits, RATE_LIMIT_LOCATION_USER: { limit: 2, windowSeconds: 600 } } };
    await reverseGeocode(locationCtx(u, limited), { lat: 1, lng: 1 });
    await locateIp(locationCtx(u, limited));
    await expect(reverseGeocode(locationCtx(u, limited), { lat: 1, lng: 1 })).rejects.toMatchObject({
      code: 'RATE_LIMITED',
      message: LOCATION_MESSAGES.tooManyLookups,
    });
    const other = await createUser();
    await expect(reverseGeocode(locationCtx(other, limited), { lat: 1, lng: 1 })).resolves.toMatchObject({ method: 'browser' });
  });
});

describe('detection step 3: IP geolocation through the local stand-in', () => {
  it('locates the documentation address blocks at their fixed cities', async () => {
    const u = await createUser();
    expect(await locateIp(locationCtx(u, {}, '203.0.113.7'))).toMatchObject({
      city: 'Pune',
      countryCode: 'IN',
      timezone: 'Asia/Kolkata',
      method: 'ip',
      ip: '203.0.113.7',
    });
    expect(await locateIp(locationCtx(u, {}, '2001:DB8::1'))).toMatchObject({ city: 'London', timezone: 'Europe/London' });
  });

  it('any other address is an unknown place', async () => {
    const u = await createUser();
    expect(await locateIp(locationCtx(u, {}, '8.8.8.8'))).toMatchObject({ city: null, timezone: null, method: 'ip', ip: '8.8.8.8' });
    const res = await api('/api/location/ip', { token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ city: null, timezone: null, method: 'ip' });
  });
});
