import { describe, expect, it } from 'vitest';
import { afterDecline, chargeKey, DEFAULT_GRACE_DAYS, DEFAULT_RETRY_DAYS, validPolicy } from './dunning.ts';

const DAY = 86_400_000;
const policy = { retryDays: DEFAULT_RETRY_DAYS, graceDays: DEFAULT_GRACE_DAYS };
const first = Date.parse('2026-12-01T09:00:00Z');

describe('dunning after a declined automatic charge', () => {
  it('retries after 1, 3 and 7 days counted from the first decline', () => {
    expect(afterDecline(policy, first, 1, first)).toEqual({ state: 'retrying', attempt: 2, nextAttemptAt: first + 1 * DAY });
    expect(afterDecline(policy, first, 2, first + DAY)).toEqual({ state: 'retrying', attempt: 3, nextAttemptAt: first + 3 * DAY });
    // A job that ran a day late does not move the next retry back.
    expect(afterDecline(policy, first, 3, first + 4 * DAY)).toEqual({ state: 'retrying', attempt: 4, nextAttemptAt: first + 7 * DAY });
  });

  it('is past due after the last retry fails, and expired once the grace period is over', () => {
    expect(afterDecline(policy, first, 4, first + 7 * DAY)).toEqual({ state: 'past_due', expiresAt: first + 14 * DAY });
    expect(afterDecline(policy, first, 4, first + 14 * DAY - 1)).toMatchObject({ state: 'past_due' });
    expect(afterDecline(policy, first, 4, first + 14 * DAY)).toEqual({ state: 'expired' });
  });

  it('follows the school’s own intervals, and a school with no retries goes straight to past due', () => {
    const own = { retryDays: [2, 5], graceDays: 0 };
    expect(afterDecline(own, first, 1, first)).toMatchObject({ nextAttemptAt: first + 2 * DAY });
    expect(afterDecline(own, first, 3, first + 5 * DAY)).toEqual({ state: 'expired' });
    expect(afterDecline({ retryDays: [], graceDays: 3 }, first, 1, first)).toEqual({ state: 'past_due', expiresAt: first + 3 * DAY });
    expect(() => afterDecline(policy, first, 0, first)).toThrow(RangeError);
  });

  it('accepts only growing whole-day retries within a month and a grace within 60 days', () => {
    expect(validPolicy(policy)).toBe(true);
    expect(validPolicy({ retryDays: [3, 1], graceDays: 7 })).toBe(false);
    expect(validPolicy({ retryDays: [1, 1], graceDays: 7 })).toBe(false);
    expect(validPolicy({ retryDays: [0.5], graceDays: 7 })).toBe(false);
    expect(validPolicy({ retryDays: [1, 40], graceDays: 7 })).toBe(false);
    expect(validPolicy({ retryDays: [1, 2, 3, 4, 5, 6], graceDays: 7 })).toBe(false);
    expect(validPolicy({ retryDays: [1], graceDays: 61 })).toBe(false);
  });

  it('gives one idempotency key per renewal and attempt', () => {
    expect(chargeKey('r1', 1)).toBe(chargeKey('r1', 1));
    expect(new Set([chargeKey('r1', 1), chargeKey('r1', 2), chargeKey('r2', 1)]).size).toBe(3);
  });
});
