import { describe, expect, it } from 'vitest';
import { MyBookingsQuery } from './booking-schemas.ts';
import { availability, bookingState, isLateCancel } from './views.ts';

describe('booking words and rules', () => {
  it('says what is left of a session', () => {
    expect(availability({ status: 'scheduled', spotsLeft: 3, waitlistCount: 0 })).toBe('3 places left');
    expect(availability({ status: 'scheduled', spotsLeft: 1, waitlistCount: 0 })).toBe('1 place left');
    expect(availability({ status: 'scheduled', spotsLeft: 0, waitlistCount: 0 })).toBe('Full — join the waitlist');
    expect(availability({ status: 'scheduled', spotsLeft: 0, waitlistCount: 4 })).toBe('Full — join the waitlist (4 waiting)');
    expect(availability({ status: 'scheduled', spotsLeft: null, waitlistCount: 0 })).toBe('Places available');
    expect(availability({ status: 'cancelled', spotsLeft: 5, waitlistCount: 0 })).toBe('Cancelled');
  });

  it('names a booking’s state with the place in line', () => {
    expect(bookingState({ status: 'booked', waitlistPosition: null })).toBe('Booked');
    expect(bookingState({ status: 'waitlisted', waitlistPosition: 2 })).toBe('On the waitlist (#2)');
  });

  it('counts a cancel as late only closer to the start than the cutoff', () => {
    const start = Date.UTC(2026, 11, 1, 18);
    expect(isLateCancel(start, start - 119 * 60_000, 120)).toBe(true);
    expect(isLateCancel(start, start - 120 * 60_000, 120)).toBe(false);
    expect(isLateCancel(start, start - 1, 0)).toBe(false);
  });

  it('reads from and to as dates and refuses a reversed or over-long range by field', () => {
    expect(MyBookingsQuery.parse({ from: '2026-12-01', to: '2026-12-08' }).to).toEqual(new Date('2026-12-08T00:00:00Z'));
    expect(MyBookingsQuery.parse({}).from).toBeUndefined();
    expect(MyBookingsQuery.safeParse({ from: '2026-12-08', to: '2026-12-01' }).error?.issues[0]?.path).toEqual(['to']);
    expect(MyBookingsQuery.safeParse({ from: 'soon' }).error?.issues[0]?.path).toEqual(['from']);
  });
});
