import { describe, expect, it } from 'vitest';
import { todayRange } from './roster-api.ts';

describe("today's range", () => {
  it("is the school's day (core's schoolDay) as the ISO query of the sessions list", () => {
    expect(todayRange('Asia/Kolkata', Date.parse('2026-11-27T20:00:00Z'))).toEqual({
      from: '2026-11-27T18:30:00.000Z',
      to: '2026-11-28T18:30:00.000Z',
    });
  });
});
