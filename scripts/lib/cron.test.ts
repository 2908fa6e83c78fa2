import { describe, expect, it } from 'vitest';
import { cronMatches } from './cron.ts';

const at = (iso: string) => new Date(iso);

describe('cronMatches', () => {
  it('matches every minute with * * * * *', () => {
    expect(cronMatches('* * * * *', at('2026-05-01T10:17:00Z'))).toBe(true);
  });

  it('reads numbers, ranges, lists and steps in UTC', () => {
    expect(cronMatches('*/15 * * * *', at('2026-05-01T10:30:00Z'))).toBe(true);
    expect(cronMatches('*/15 * * * *', at('2026-05-01T10:31:00Z'))).toBe(false);
    expect(cronMatches('0 3 * * *', at('2026-05-01T03:00:00Z'))).toBe(true);
    expect(cronMatches('0 3 * * *', at('2026-05-01T04:00:00Z'))).toBe(false);
    expect(cronMatches('5,10 8-10 * * *', at('2026-05-01T09:10:00Z'))).toBe(true);
    expect(cronMatches('0 0 1 1 *', at('2026-01-01T00:00:00Z'))).toBe(true);
  });

  it('takes Sunday as 0 or 7 and either day field when both are set', () => {
    expect(cronMatches('0 9 * * 7', at('2026-05-03T09:00:00Z'))).toBe(true); // a Sunday
    expect(cronMatches('0 9 * * 1-5', at('2026-05-03T09:00:00Z'))).toBe(false);
    expect(cronMatches('0 9 15 * 0', at('2026-05-03T09:00:00Z'))).toBe(true);
  });

  it('never matches what it cannot read', () => {
    expect(cronMatches('* * * *', at('2026-05-01T10:17:00Z'))).toBe(false);
    expect(cronMatches('0 9 * * MON', at('2026-05-04T09:00:00Z'))).toBe(false);
  });
});
