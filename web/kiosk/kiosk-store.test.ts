import { describe, expect, it } from 'vitest';
import { sameCodeFilter } from './camera-scan.ts';
import { keepSessions, tokenFromHash } from './kiosk-store.ts';

const TOKEN = `kiosk_${'A1b2-_'.repeat(7)}x`;

describe('the kiosk link', () => {
  it('gives the token from #token=…, and nothing for anything else', () => {
    expect(tokenFromHash(`#token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash(`#foo=1&token=${TOKEN}`)).toBe(TOKEN);
    expect(tokenFromHash('')).toBeNull();
    expect(tokenFromHash('#token=eyJhbGciOi.jwt.like')).toBeNull();
    expect(tokenFromHash('#token=kiosk_short')).toBeNull();
  });
});

describe('what the kiosk remembers', () => {
  it("keeps only the check-ins of today's sessions", () => {
    expect(keepSessions({ old: ['u1'], today: ['u2'] }, ['today', 'later'])).toEqual({ today: ['u2'] });
  });

  it('counts a code held in front of the camera once, and again after it was out of view', () => {
    const isNew = sameCodeFilter(1_500);
    expect(isNew('a', 0)).toBe(true);
    expect(isNew('a', 200)).toBe(false);
    expect(isNew('a', 1_600)).toBe(false);
    expect(isNew('b', 1_700)).toBe(true);
    expect(isNew('b', 4_000)).toBe(true);
  });
});
