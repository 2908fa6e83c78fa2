import { describe, expect, it } from 'vitest';
import type { InstructorEnrollmentView } from '#core/enrollments/views.ts';
import {
  amount,
  cancelLosesAccess,
  isEnrollmentNotice,
  cancelMoneyNote,
  daysLeftText,
  renewalMethod,
  retryMethod,
  splitApplications,
} from './enrollment-panel-format.ts';

const day = (iso: string) => iso.slice(0, 10);

describe('enrolment panel wording', () => {
  it('shows decimals from the API with two places and the given symbol', () => {
    expect(amount(120)).toBe('$120.00');
    expect(amount(62.99, 'C$')).toBe('C$62.99');
    expect(amount(1234.5, 'C$')).toBe('C$1,234.50');
  });

  it('says how long a membership has left, that it ends today, or when it expired', () => {
    const m = (enrollmentStatus: string, daysLeft: number | null, endsAt: string | null = '2027-01-31T12:00:00.000Z') => ({
      enrollmentStatus,
      daysLeft,
      endsAt,
    });
    const now = Date.parse('2027-01-01T12:00:00Z');
    expect(daysLeftText(m('active', 30), day, now)).toBe('30 days left');
    expect(daysLeftText(m('active', 1), day, now)).toBe('1 day left');
    expect(daysLeftText(m('active', 0), day, now)).toBe('Ends today');
    expect(daysLeftText(m('expired', 0), day, now)).toBe('Expired on 2027-01-31');
    expect(daysLeftText(m('active', -2), day, now)).toBe('Expired on 2027-01-31');
    expect(daysLeftText(m('pending_approval', null, null), day, now)).toBeNull();
    expect(daysLeftText(m('cancelled', 12), day, now)).toBeNull();
    // Still active past its end: its automatic renewal is being charged (dunning holds it), not "Ends today".
    expect(daysLeftText(m('active', 0), day, Date.parse('2027-02-02T12:00:00Z'))).toBe('Renewal due since 2027-01-31');
  });

  it('tells what cancelling does with the money: refunded only before the enrolment became active', () => {
    expect(cancelMoneyNote('pending_approval', 'paid', '$52.50')).toBe(
      'Your payment of $52.50 will be refunded in full to the way you paid.',
    );
    expect(cancelMoneyNote('approved', 'paid', '$52.50')).toContain('refunded in full');
    expect(cancelMoneyNote('active', 'paid', '$52.50')).toContain('not refunded automatically');
    expect(cancelMoneyNote('pending_approval', 'pending', '$52.50')).toBe('Nothing has been paid, so there is nothing to refund.');
    expect(cancelMoneyNote('active', 'free', '$0.00')).toBe('Nothing has been paid, so there is nothing to refund.');
  });

  it('opens razorpay for a renewal when offered, else the first configured gateway', () => {
    expect(renewalMethod(['stripe', 'razorpay'])).toBe('razorpay');
    expect(renewalMethod(['sandbox', 'stripe'])).toBe('sandbox');
    expect(renewalMethod([])).toBe('razorpay');
  });

  it('retries a payment with the enrolment’s own method while it is offered', () => {
    expect(retryMethod('stripe', ['sandbox', 'stripe'])).toBe('stripe');
    expect(retryMethod('paypal', ['sandbox', 'stripe'])).toBe('sandbox');
    expect(retryMethod('paypal', [])).toBeUndefined();
  });

  it('picks the newest live application as the current one and folds the rest', () => {
    const app = (id: string, enrollmentStatus: string, createdAt: string) =>
      ({ _id: id, enrollmentStatus, createdAt }) as InstructorEnrollmentView;
    const old = app('a', 'cancelled', '2026-01-01T00:00:00.000Z');
    const live = app('b', 'pending_approval', '2026-02-01T00:00:00.000Z');
    const newerDone = app('c', 'completed', '2026-03-01T00:00:00.000Z');
    expect(splitApplications([old, live, newerDone])).toEqual({ current: live, past: [newerDone, old] });
    expect(splitApplications([old, newerDone])).toEqual({ current: newerDone, past: [old] });
    expect(splitApplications([])).toEqual({ current: null, past: [] });
  });

  it('warns that only an approved or active application carries the instructor access', () => {
    expect(cancelLosesAccess({ enrollmentStatus: 'active' })).toBe(true);
    expect(cancelLosesAccess({ enrollmentStatus: 'approved' })).toBe(true);
    expect(cancelLosesAccess({ enrollmentStatus: 'pending_approval' })).toBe(false);
  });

  it('recognises live notifications about enrolments, not the others', () => {
    expect(isEnrollmentNotice({ entityType: 'course_enrollment', eventType: 'approved' })).toBe(true);
    expect(isEnrollmentNotice({ entityType: null, eventType: 'membership.expiring' })).toBe(true);
    expect(isEnrollmentNotice({ entityType: 'instructor_enrollment', eventType: '' })).toBe(true);
    expect(isEnrollmentNotice({ entityType: 'order', eventType: 'order.paid' })).toBe(false);
    expect(isEnrollmentNotice(null)).toBe(false);
  });
});
