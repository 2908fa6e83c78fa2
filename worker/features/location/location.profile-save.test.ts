import { describe, expect, it } from 'vitest';
import { api, createUser, getUserRow } from '#test/helpers.ts';
import { profileSave, type DetectedLocation } from '#core/location/detected-location.ts';
import { LOCATION_MESSAGES } from '#core/location/location-messages.ts';

/** Spec 7 "Profile save": PATCH /users/{id} with profile.timezone and profile.location. */
const save = (id: string, token: string, body: unknown) => api(`/api/users/${id}`, { method: 'PATCH', token, body });
const updateProfile = (token: string, body: unknown) => api('/api/auth/update-profile', { method: 'PUT', token, body });

const detected: DetectedLocation = {
  latitude: 49.2827,
  longitude: -123.1207,
  accuracy: 35,
  city: 'Vancouver',
  state: 'British Columbia',
  country: 'Canada',
  countryCode: 'CA',
  timezone: 'America/Vancouver',
  method: 'browser',
  timestamp: '2026-11-27T08:00:00.000Z',
};

describe('saving a detected location (PATCH /api/users/:id)', () => {
  it.each(['student', 'member', 'instructor', 'grandmaster', 'admin', 'super-admin'] as const)(
    'a %s saves the prompt’s body on their own record, and the old place goes whole',
    async (role) => {
      const u = await createUser({ role, profile: { firstName: 'Keep', location: { city: 'Old', state: 'Gone', ip: '1.2.3.4' } } });
      const res = await save(u.id, u.token, profileSave(detected));
      expect(res.status).toBe(200);
      const location = {
        city: 'Vancouver',
        state: 'British Columbia',
        country: 'Canada',
        countryCode: 'CA',
        detectedAt: '2026-11-27T08:00:00.000Z',
        detectionMethod: 'browser',
        coordinates: { latitude: 49.2827, longitude: -123.1207, accuracy: 35 },
      };
      expect(res.body.data.profile).toMatchObject({ firstName: 'Keep', timezone: 'America/Vancouver', location });
      expect((await getUserRow(u.id))?.profile.location).toEqual(location);
    },
  );

  it("refuses another person's record with 403 and leaves it alone", async () => {
    const u = await createUser({ role: 'member' });
    const other = await createUser({ role: 'member' });
    const res = await save(other.id, u.token, profileSave(detected));
    expect(res.status).toBe(403);
    expect((await getUserRow(other.id))?.profile).not.toHaveProperty('timezone');
  });

  it('stores the zone in Intl’s capitals but never swaps it for an alias', async () => {
    const u = await createUser();
    expect((await save(u.id, u.token, { profile: { timezone: ' america/vancouver ' } })).body.data.profile.timezone).toBe(
      'America/Vancouver',
    );
    expect((await save(u.id, u.token, { profile: { timezone: 'Asia/Kolkata' } })).body.data.profile.timezone).toBe('Asia/Kolkata');
  });

  it.each([
    [{ timezone: 'Mars/Olympus' }, LOCATION_MESSAGES.invalidTimezone],
    [{ timezone: '' }, LOCATION_MESSAGES.invalidTimezone],
    [{ timezone: 42 }, LOCATION_MESSAGES.invalidTimezone],
    [{ location: 'Vancouver' }, 'Location must be an object'],
    [{ location: { countryCode: 'CAN' } }, LOCATION_MESSAGES.invalidCountryCode],
    [{ location: { detectedAt: 'yesterday' } }, LOCATION_MESSAGES.invalidDetectedAt],
    [{ location: { detectionMethod: 'guess' } }, LOCATION_MESSAGES.invalidMethod],
    [{ location: { coordinates: { latitude: 95, longitude: 0 } } }, LOCATION_MESSAGES.latitudeRange],
    [{ location: { coordinates: { latitude: 0, longitude: 200 } } }, LOCATION_MESSAGES.longitudeRange],
    [{ location: { coordinates: { latitude: 0 } } }, 'Longitude must be a number'],
    [{ location: { coordinates: { latitude: 0, longitude: 0, accuracy: -1 } } }, 'Accuracy must not be negative'],
    [{ location: { city: 'x'.repeat(101) } }, 'City must be at most 100 characters'],
  ])('refuses %j with 400 and the message %j, storing nothing', async (profile, message) => {
    const u = await createUser();
    const res = await save(u.id, u.token, { profile });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
    expect((await getUserRow(u.id))?.profile).toEqual({ firstName: 'Test', lastName: 'student' });
  });

  it('drops keys the saved location does not have (ip, timezone inside it)', async () => {
    const u = await createUser();
    const res = await save(u.id, u.token, { profile: { timezone: 'UTC', location: { city: 'Pune', ip: '203.0.113.7', timezone: 'X' } } });
    expect(res.status).toBe(200);
    expect((await getUserRow(u.id))?.profile.location).toEqual({ city: 'Pune' });
  });
});

describe('the same rules on PUT /api/auth/update-profile', () => {
  it('refuses an invalid timezone with the spec message', async () => {
    const u = await createUser();
    const res = await updateProfile(u.token, { timezone: 'Mars/Olympus' });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe(LOCATION_MESSAGES.invalidTimezone);
  });

  it('replaces a stored location whole', async () => {
    const u = await createUser({ profile: { location: { city: 'Old', state: 'Gone' } } });
    const res = await updateProfile(u.token, { profile: { timezone: 'Asia/Kolkata', location: { city: 'Pune', countryCode: 'in' } } });
    expect(res.status).toBe(200);
    expect((await getUserRow(u.id))?.profile).toMatchObject({ timezone: 'Asia/Kolkata', location: { city: 'Pune', countryCode: 'IN' } });
    expect((await getUserRow(u.id))?.profile.location).not.toHaveProperty('state');
  });
});
