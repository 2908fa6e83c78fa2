import { describe, expect, it } from 'vitest';
import { countryName } from './country-name.ts';
import { placeLabel, profileSave, zoneLabel, type DetectedLocation } from './detected-location.ts';
import { LocationField, TimezoneField } from './location-schema.ts';

const found: DetectedLocation = {
  latitude: 43.65,
  longitude: -79.38,
  accuracy: null,
  city: 'Toronto',
  state: 'Ontario',
  country: 'Canada',
  countryCode: 'CA',
  timezone: 'America/Toronto',
  method: 'ip',
  timestamp: '2026-11-27T08:00:00.000Z',
  ip: '198.51.100.4',
};

describe('the saved shape', () => {
  it('profileSave makes spec 7’s body, which the profile schema accepts as it is', () => {
    const body = profileSave(found);
    expect(body).toEqual({
      profile: {
        timezone: 'America/Toronto',
        location: {
          city: 'Toronto',
          state: 'Ontario',
          country: 'Canada',
          countryCode: 'CA',
          detectedAt: '2026-11-27T08:00:00.000Z',
          detectionMethod: 'ip',
          coordinates: { latitude: 43.65, longitude: -79.38, accuracy: null },
        },
      },
    });
    expect(LocationField.parse(body.profile.location)).toEqual(body.profile.location);
    expect(TimezoneField.parse(body.profile.timezone)).toBe('America/Toronto');
  });

  it('without coordinates it saves none', () => {
    expect(profileSave({ ...found, latitude: null, longitude: null }).profile.location.coordinates).toBeNull();
  });
});

describe('words shown', () => {
  it("a place reads 'City, State, Country' from what is known, else 'Unknown'", () => {
    expect(placeLabel(found)).toBe('Toronto, Ontario, Canada');
    expect(placeLabel({ city: 'Singapore', state: 'Singapore', country: 'Singapore' })).toBe('Singapore');
    expect(placeLabel({ city: null, country: '  ' })).toBe('Unknown');
    expect(placeLabel(null)).toBe('Unknown');
  });

  it("a missing zone reads 'No timezone set'", () => {
    expect(zoneLabel('Asia/Tokyo')).toBe('Asia/Tokyo');
    expect(zoneLabel(null)).toBe('No timezone set');
    expect(zoneLabel('')).toBe('No timezone set');
  });

  it('country codes are named in English; codes that name no country are not', () => {
    expect(countryName('ca')).toBe('Canada');
    expect(countryName('XX')).toBeNull();
    expect(countryName('T1')).toBeNull();
    expect(countryName(null)).toBeNull();
  });
});
