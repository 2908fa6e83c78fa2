import { describe, expect, it } from 'vitest';
import { todayRange } from './roster-api.ts';

describe("today's range", () => {
  it("runs from the school's midnight to the next, the same all day (one cached URL), across a DST change", () => {
    const morning = Date.parse('2026-10-24T22:30:00Z'); // 00:30 CEST on the day Berlin's clocks fall back
    const evening = Date.parse('2026-10-25T22:30:00Z'); // 23:30 CET, same day
    expect(todayRange('Europe/Berlin', morning)).toEqual({ from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' });
    expect(todayRange('Europe/Berlin', evening)).toEqual(todayRange('Europe/Berlin', morning));
    expect(todayRange('Asia/Kolkata', Date.parse('2026-11-27T20:00:00Z'))).toEqual({
      from: '2026-11-27T18:30:00.000Z',
      to: '2026-11-28T18:30:00.000Z',
    });
  });
});
