import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCalendarDay,
  formatDateTime,
  formatRange,
  formatShortDate,
  formatStamp,
  formatTime,
  formatZonedDateTime,
  fromWallInput,
  localDay,
  toWallInput,
} from './format.ts';

const VAN = 'America/Vancouver';
const initialTz = process.env.TZ;
afterEach(() => {
  if (initialTz === undefined) delete process.env.TZ;
  else process.env.TZ = initialTz;
});

/** The same call with the machine's own clock in several zones: the viewer's zone must never show through. */
function onEveryClock<T>(f: () => T): T[] {
  return ['UTC', VAN, 'Asia/Tokyo'].map((tz) => {
    process.env.TZ = tz;
    return f();
  });
}

describe('format.ts: dates on the clock of the zone given, never the viewer’s', () => {
  it('shows the same text whatever zone the machine is in', () => {
    const seen = onEveryClock(() => [formatDateTime('2026-12-11T01:00:00Z', VAN), formatShortDate('2026-12-27T03:00:00Z', VAN)]);
    expect(new Set(seen.map((s) => s.join('|'))).size).toBe(1);
    expect(seen[0]![1]).toBe('Dec 26, 2026');
    expect(formatShortDate('2026-12-27T03:00:00Z', 'UTC')).toBe('Dec 27, 2026');
  });

  it('shows a calendar day as written, whatever the machine’s zone', () => {
    const seen = onEveryClock(() => formatCalendarDay('2026-03-08'));
    expect(seen).toEqual(['March 8, 2026', 'March 8, 2026', 'March 8, 2026']);
    expect(formatCalendarDay('2026-12-31', 'shortDate')).toBe('Dec 31, 2026');
    expect(formatCalendarDay('2026-12-31T10:00:00Z')).toBe('');
    expect(formatCalendarDay(null)).toBe('');
  });

  it('crosses the spring-forward night of 2026-03-08 in Vancouver: 1:59 a.m., then 3:00 a.m.', () => {
    expect(formatTime('2026-03-08T09:59:00Z', VAN)).toBe('1:59 a.m.');
    expect(formatTime('2026-03-08T10:00:00Z', VAN)).toBe('3:00 a.m.');
    expect(localDay('2026-03-08T07:59:00Z', VAN)).toBe('2026-03-07');
    expect(localDay('2026-03-08T08:00:00Z', VAN)).toBe('2026-03-08');
  });

  it('reads a form’s wall time in the zone across both 2026 changes, and a skipped time as the hour after', () => {
    expect(fromWallInput('2026-03-08T18:00', VAN)).toBe('2026-03-09T01:00:00.000Z');
    expect(fromWallInput('2026-03-07T18:00', VAN)).toBe('2026-03-08T02:00:00.000Z');
    expect(fromWallInput('2026-03-08T02:30', VAN)).toBe('2026-03-08T10:30:00.000Z');
    expect(toWallInput('2026-03-08T10:30:00.000Z', VAN)).toBe('2026-03-08T03:30');
    // Around 2026-11-01 (Vancouver's last change or none, as the tz data says): every wall time comes back as typed.
    for (const hhmm of ['00:30', '01:00', '01:30', '02:00', '02:30', '18:00']) {
      const wall = `2026-11-01T${hhmm}`;
      const seen = onEveryClock(() => toWallInput(fromWallInput(wall, VAN), VAN));
      expect(seen).toEqual([wall, wall, wall]);
    }
    // Los Angeles keeps falling back: 01:30 happens twice, the first is taken.
    expect(fromWallInput('2026-11-01T01:30', 'America/Los_Angeles')).toBe('2026-11-01T08:30:00.000Z');
    expect(fromWallInput('2026-11-01T03:00', 'America/Los_Angeles')).toBe('2026-11-01T11:00:00.000Z');
    expect(fromWallInput('tomorrow', VAN)).toBeNull();
    expect(toWallInput('', VAN)).toBe('');
  });

  it('names the zone when a time is read in a zone that may not be the reader’s', () => {
    expect(formatZonedDateTime('2026-12-01T13:00:00Z', 'Asia/Kolkata')).toMatch(/^Tue, Dec\.? 1, 2026, 6:30 p\.m\. (IST|GMT\+5:30)$/);
  });

  it('shows nothing for a missing or bad date, and a day’s stamp as its time', () => {
    expect(formatDateTime(null, VAN)).toBe('');
    expect(formatDateTime('not a date', VAN)).toBe('');
    expect(formatDateTime('2026-12-01T13:00:00Z', 'Mars/Olympus')).toMatch(/^Tue, Dec\.? 1, 2026, 1:00 p\.m\. UTC$/);
    const now = Date.parse('2026-11-26T20:00:00Z');
    expect(formatStamp('2026-11-26T18:05:00Z', VAN, now)).toBe('11:05 a.m.');
    expect(formatStamp('2026-11-26T06:00:00Z', VAN, now)).toBe('Nov 25, 2026');
    expect(formatRange('2026-11-27T02:00:00Z', '2026-11-27T03:30:00Z', VAN)).toBe('Thu, November 26, 2026, 7:00 p.m. – 8:30 p.m.');
  });
});

/** Files under web/ (tests aside) that format a date some other way than through format.ts. */
function strayDateFormatting(dir: string, found: string[] = []): string[] {
  const STRAY =
    /\.toLocale(Date|Time)String\(|Intl\.DateTimeFormat|\.toLocaleString\((undefined|\)|\{|'[^']*',\s*\{[^}]*(date|time|Style|Zone))|\.get(Hours|Minutes|Date|Month|Day)\(\)/;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) strayDateFormatting(path, found);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && path !== join('web', 'components', 'format.ts')) {
      readFileSync(path, 'utf8')
        .split('\n')
        .forEach((line, i) => STRAY.test(line) && found.push(`${path}:${i + 1}: ${line.trim()}`));
    }
  }
  return found;
}

describe('one way to show a date', () => {
  it('web/ formats dates only through web/components/format.ts (with the zone given)', () => {
    expect(strayDateFormatting('web')).toEqual([]);
  });
});
