import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DetectedLocation } from '#core/location/detected-location.ts';
import { fakeBrowser } from '#web/lib/browser.test-helpers.ts';
import { browserPosition, detectLocation, GEOLOCATION_OPTIONS, type DetectDeps, type Position } from './detect-location.ts';
import { markPromptSeen, shouldPrompt } from './prompt-seen.ts';

afterEach(() => vi.unstubAllGlobals());

const at = (over: Partial<DetectedLocation>): DetectedLocation => ({
  latitude: null,
  longitude: null,
  accuracy: null,
  city: null,
  state: null,
  country: null,
  countryCode: null,
  timezone: null,
  method: 'ip',
  timestamp: '2026-11-27T08:00:00.000Z',
  ...over,
});

const CF_VANCOUVER = at({ city: 'Vancouver', country: 'Canada', timezone: 'America/Vancouver', method: 'cloudflare' });
const CF_NOTHING = { ...at({}), method: null };
const REVERSE_PUNE = at({ city: 'Pune', country: 'India', timezone: 'Asia/Kolkata', method: 'browser', latitude: 18.5, longitude: 73.8 });
const IP_TORONTO = at({ city: 'Toronto', country: 'Canada', timezone: 'America/Toronto', ip: '198.51.100.4' });
const HERE: Position = { latitude: 18.52, longitude: 73.85, accuracy: 1200 };

/** The server's three answers (an Error is thrown as the call's failure) and the browser's position, recording the order. */
function deps(answers: Record<string, unknown>, position: Position | null | Error = null) {
  const calls: string[] = [];
  const d: DetectDeps = {
    get: async (path, query) => {
      calls.push(query ? `${path}?lat=${query.lat}&lng=${query.lng}` : path);
      const answer = answers[path];
      if (answer instanceof Error) throw answer;
      return answer;
    },
    position: async () => {
      calls.push('geolocation');
      if (position instanceof Error) throw position;
      return position;
    },
  };
  return { deps: d, calls };
}

describe('detectLocation: the order of spec 2', () => {
  it("stops at Cloudflare's location when it names a zone, without asking the browser", async () => {
    const { deps: d, calls } = deps({ '/location/detect': CF_VANCOUVER }, HERE);
    expect(await detectLocation(d)).toEqual(CF_VANCOUVER);
    expect(calls).toEqual(['/location/detect']);
  });

  it("then asks the browser's position and names it by reverse geocoding", async () => {
    const { deps: d, calls } = deps({ '/location/detect': CF_NOTHING, '/location/reverse': REVERSE_PUNE }, HERE);
    expect(await detectLocation(d)).toMatchObject({
      city: 'Pune',
      timezone: 'Asia/Kolkata',
      method: 'browser',
      latitude: 18.52,
      longitude: 73.85,
      accuracy: 1200,
    });
    expect(calls).toEqual(['/location/detect', 'geolocation', '/location/reverse?lat=18.52&lng=73.85']);
  });

  it('then the IP address, when the position is refused', async () => {
    const { deps: d, calls } = deps({ '/location/detect': CF_NOTHING, '/location/ip': IP_TORONTO }, null);
    expect(await detectLocation(d)).toEqual(IP_TORONTO);
    expect(calls).toEqual(['/location/detect', 'geolocation', '/location/ip']);
  });

  it('a failing step is passed over, never the end of detection', async () => {
    const down = new Error('Location lookup is not available right now');
    const { deps: d, calls } = deps({ '/location/detect': down, '/location/reverse': down, '/location/ip': IP_TORONTO }, HERE);
    expect(await detectLocation(d)).toEqual(IP_TORONTO);
    expect(calls).toEqual(['/location/detect', 'geolocation', '/location/reverse?lat=18.52&lng=73.85', '/location/ip']);
  });

  it('a position whose place has no zone still loses to an IP answer with one', async () => {
    const ocean = at({ method: 'browser', latitude: 0, longitude: -140 });
    const { deps: d } = deps({ '/location/detect': CF_NOTHING, '/location/reverse': ocean, '/location/ip': IP_TORONTO }, HERE);
    expect(await detectLocation(d)).toEqual(IP_TORONTO);
  });

  it('without any zone it answers the best place found, and null when nothing was', async () => {
    const cityOnly = at({ city: 'Somewhere' });
    const { deps: d } = deps({ '/location/detect': CF_NOTHING, '/location/ip': cityOnly }, null);
    expect(await detectLocation(d)).toEqual(cityOnly);
    const { deps: none } = deps({ '/location/detect': CF_NOTHING, '/location/ip': at({}) }, null);
    expect(await detectLocation(none)).toBeNull();
  });
});

describe('browserPosition', () => {
  it('asks with a 10 s timeout, a position up to 5 minutes old and low accuracy', async () => {
    const getCurrentPosition = vi.fn((ok: PositionCallback, _no?: PositionErrorCallback, _options?: PositionOptions) =>
      ok({ coords: { latitude: 49.28, longitude: -123.12, accuracy: 20 } } as GeolocationPosition),
    );
    expect(await browserPosition({ getCurrentPosition } as unknown as Geolocation)).toEqual({
      latitude: 49.28,
      longitude: -123.12,
      accuracy: 20,
    });
    expect(getCurrentPosition.mock.calls[0]![2]).toEqual({ timeout: 10_000, maximumAge: 300_000, enableHighAccuracy: false });
    expect(GEOLOCATION_OPTIONS).toEqual({ timeout: 10_000, maximumAge: 300_000, enableHighAccuracy: false });
  });

  it('is null when the person refuses, the browser times out, or there is no geolocation', async () => {
    const refuse = { getCurrentPosition: (_: PositionCallback, no: PositionErrorCallback) => no({ code: 1 } as GeolocationPositionError) };
    expect(await browserPosition(refuse as unknown as Geolocation)).toBeNull();
    expect(await browserPosition(undefined)).toBeNull();
  });
});

describe('the prompt is shown once (spec 2)', () => {
  it('to a person without a zone who has not seen it here', () => {
    fakeBrowser();
    expect(shouldPrompt({ profile: {} })).toBe(true);
    expect(shouldPrompt({ profile: { timezone: 'Asia/Tokyo' } })).toBe(false);
    markPromptSeen();
    expect(localStorage.getItem('location_prompt_seen')).toBe('true');
    expect(shouldPrompt({ profile: {} })).toBe(false);
  });
});
