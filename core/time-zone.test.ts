import { describe, expect, it } from 'vitest';
import {
  atWallTime,
  calendarDay,
  calendarDaysUntil,
  localDate,
  DEFAULT_SCHOOL_TIME_ZONE,
  isTimeZone,
  schoolDay,
  wallTime,
} from './time-zone.ts';

describe('atWallTime', () => {
  // Not Vancouver: British Columbia's own rules changed recently (the tz data decides); Los Angeles keeps PST/PDT.
  it('gives the instant a clock shows the time, in winter (UTC−8) and summer (UTC−7)', () => {
    expect(atWallTime(2027, 1, 15, 10, 0, 'America/Los_Angeles').toISOString()).toBe('2027-01-15T18:00:00.000Z');
    expect(atWallTime(2027, 7, 15, 10, 0, 'America/Los_Angeles').toISOString()).toBe('2027-07-15T17:00:00.000Z');
  });

  it('reads back as the same wall time through Intl in the school zone', () => {
    const t = atWallTime(2026, 11, 1, 19, 30);
    const shown = new Intl.DateTimeFormat('en-CA', {
      timeZone: DEFAULT_SCHOOL_TIME_ZONE,
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    }).format(t);
    expect(shown).toBe('19:30');
  });

  it('reads a time the clocks skip with the offset before the gap (02:30 → 03:30), and a doubled one as the first', () => {
    expect(atWallTime(2026, 3, 8, 2, 30, 'America/Los_Angeles').toISOString()).toBe('2026-03-08T10:30:00.000Z');
    expect(atWallTime(2026, 11, 1, 1, 30, 'America/Los_Angeles').toISOString()).toBe('2026-11-01T08:30:00.000Z');
    expect(atWallTime(2026, 10, 4, 2, 15, 'Australia/Lord_Howe').toISOString()).toBe('2026-10-03T15:45:00.000Z');
  });

  it('works for other zones', () => {
    expect(atWallTime(2027, 3, 1, 9, 0, 'Asia/Tokyo').toISOString()).toBe('2027-03-01T00:00:00.000Z');
  });
});

describe('localDate', () => {
  it('is the school’s calendar day, not UTC’s: 02:00 UTC is still the previous evening on the west coast', () => {
    const now = Date.UTC(2027, 0, 15, 2, 0);
    expect(localDate(0, now)).toEqual({ y: 2027, month: 1, day: 14 });
    expect(localDate(20, now)).toEqual({ y: 2027, month: 2, day: 3 });
  });
});

describe('wallTime', () => {
  it("reads an instant on a zone's clock, the inverse of atWallTime (DST or not)", () => {
    expect(wallTime('2026-12-01T13:00:00.000Z', 'Asia/Kolkata')).toBe('2026-12-01T18:30');
    expect(wallTime(atWallTime(2026, 7, 4, 9, 5, 'America/Toronto'), 'America/Toronto')).toBe('2026-07-04T09:05');
    expect(wallTime(atWallTime(2026, 1, 15, 23, 59, 'America/Toronto'), 'America/Toronto')).toBe('2026-01-15T23:59');
    expect(isTimeZone('Asia/Kolkata')).toBe(true);
    expect(isTimeZone('Mars/Olympus')).toBe(false);
  });
});

describe('schoolDay', () => {
  it("runs from the zone's midnight to the next, the same all day, 25 hours on the day clocks fall back", () => {
    const morning = Date.parse('2026-10-24T22:30:00Z'); // 00:30 CEST on the day Berlin's clocks fall back
    const evening = Date.parse('2026-10-25T22:30:00Z'); // 23:30 CET, same day
    const day = schoolDay(morning, 'Europe/Berlin');
    expect([day.start.toISOString(), day.end.toISOString()]).toEqual(['2026-10-24T22:00:00.000Z', '2026-10-25T23:00:00.000Z']);
    expect(schoolDay(evening, 'Europe/Berlin')).toEqual(day);
    const kolkata = schoolDay(Date.parse('2026-11-27T20:00:00Z'), 'Asia/Kolkata');
    expect([kolkata.start.toISOString(), kolkata.end.toISOString()]).toEqual(['2026-11-27T18:30:00.000Z', '2026-11-28T18:30:00.000Z']);
  });
});

describe('calendarDay and calendarDaysUntil', () => {
  const zone = 'America/Vancouver';
  it("name an instant's day on the school's clock, not on UTC's", () => {
    // 21:00 in Vancouver on 26 November is already the 27th in UTC: the school calls it the 26th.
    expect(calendarDay('2026-11-27T05:00:00Z', zone)).toBe('2026-11-26');
    expect(calendarDay('2026-11-27T05:00:00Z', 'UTC')).toBe('2026-11-27');
  });
  it('count calendar days, not 24-hour spans: 0 on the last day, negative after it', () => {
    const end = '2026-12-27T05:00:00Z'; // 26 December, 21:00 in Vancouver
    expect(calendarDaysUntil(end, '2026-12-26T08:00:00Z', zone)).toBe(0); // the morning of the 26th
    expect(calendarDaysUntil(end, '2026-12-25T23:00:00Z', zone)).toBe(1); // 25th, 15:00: one day, though 30 hours remain
    expect(calendarDaysUntil(end, '2026-12-27T09:00:00Z', zone)).toBe(-1);
    expect(calendarDaysUntil(end, '2026-11-27T20:00:00Z', zone)).toBe(29);
  });
  it('count a day that clocks change on as one day', () => {
    const berlin = 'Europe/Berlin';
    expect(calendarDaysUntil('2026-10-25T22:30:00Z', '2026-10-24T22:30:00Z', berlin)).toBe(0); // 00:30 and 23:30 of the 25-hour day
    expect(calendarDaysUntil('2026-10-26T00:30:00Z', '2026-10-24T22:30:00Z', berlin)).toBe(1);
  });
});
