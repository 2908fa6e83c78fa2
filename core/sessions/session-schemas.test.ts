import { describe, expect, it } from 'vitest';
import { CreateSessionSchema, ListSessionsQuery, parseSessionTime, SESSION_MESSAGES } from './session-schemas.ts';

describe('parseSessionTime', () => {
  it('reads an offset as that instant and a bare wall time on the given clock', () => {
    expect(parseSessionTime('2027-03-16T18:00:00-04:00', 'Europe/London')?.toISOString()).toBe('2027-03-16T22:00:00.000Z');
    expect(parseSessionTime('2027-03-16T18:00Z', 'America/Toronto')?.toISOString()).toBe('2027-03-16T18:00:00.000Z');
    // Toronto: EST until 14 March 2027, EDT after.
    expect(parseSessionTime('2027-03-09T18:00', 'America/Toronto')?.toISOString()).toBe('2027-03-09T23:00:00.000Z');
    expect(parseSessionTime('2027-03-16T18:00', 'America/Toronto')?.toISOString()).toBe('2027-03-16T22:00:00.000Z');
  });

  it('refuses what is not a real date and time', () => {
    for (const bad of ['2027-02-29T10:00', '2027-13-01T10:00', '2027-01-01T24:00', '2027-01-01', 'tomorrow', '1999-12-31T10:00Z', '']) {
      expect(parseSessionTime(bad, 'UTC'), bad).toBeNull();
    }
  });
});

describe('the session schemas', () => {
  it('asks for a title only without a class', () => {
    const times = { startsAt: '2030-01-01T10:00Z', endsAt: '2030-01-01T11:00Z' };
    expect(CreateSessionSchema.safeParse({ classId: 'c1', ...times }).success).toBe(true);
    const alone = CreateSessionSchema.safeParse(times);
    expect(alone.error?.issues).toEqual([expect.objectContaining({ path: ['title'], message: SESSION_MESSAGES.titleRequired })]);
  });

  it('lists a week from now by default and refuses an empty or too long window', () => {
    const q = ListSessionsQuery.parse({});
    expect(q.to.getTime() - q.from.getTime()).toBe(7 * 86_400_000);
    expect(q).toMatchObject({ page: 1, limit: 100 });
    expect(ListSessionsQuery.parse({ from: '2027-01-04', limit: '9999' })).toMatchObject({
      from: new Date('2027-01-04T00:00Z'),
      limit: 500,
    });
    expect(ListSessionsQuery.safeParse({ from: '2027-01-04', to: '2027-01-04' }).error?.issues[0]?.message).toBe(
      SESSION_MESSAGES.toAfterFrom,
    );
  });
});
