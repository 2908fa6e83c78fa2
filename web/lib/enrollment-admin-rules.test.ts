import { describe, expect, it } from 'vitest';
import {
  approvalOutcome,
  daysLeftLabel,
  decisionActions,
  instructorActions,
  listParams,
  rejectMoneyNote,
  statTiles,
} from './enrollment-admin-rules.ts';

describe('decisionActions', () => {
  it('offers approve only while pending, reject while live, and delete always (the server keeps a paid live one)', () => {
    expect(decisionActions('course', 'pending_approval')).toEqual({ approve: true, reject: true, delete: true });
    expect(decisionActions('course', 'approved')).toEqual({ approve: false, reject: true, delete: true });
    expect(decisionActions('course', 'active')).toEqual({ approve: false, reject: true, delete: true });
    expect(decisionActions('course', 'cancelled')).toEqual({ approve: false, reject: false, delete: true });
  });

  it('treats an expired membership as ended: nothing but delete', () => {
    expect(decisionActions('membership', 'expired')).toEqual({ approve: false, reject: false, delete: true });
    expect(decisionActions('membership', 'pending_approval').approve).toBe(true);
  });
});

describe('instructorActions', () => {
  it('approves or rejects only a pending application', () => {
    expect(instructorActions('pending_approval', 'pending')).toEqual({
      approve: true,
      reject: true,
      suspend: false,
      reactivate: false,
      complete: false,
      delete: true,
    });
  });

  it('suspends an active instructor and reactivates a suspended one, and completes either', () => {
    expect(instructorActions('approved', 'active')).toMatchObject({
      approve: false,
      reject: false,
      suspend: true,
      reactivate: false,
      complete: true,
    });
    expect(instructorActions('active', 'suspended')).toMatchObject({ suspend: false, reactivate: true, complete: true });
  });

  it('offers nothing but delete once the engagement ended', () => {
    for (const status of ['completed', 'cancelled'] as const)
      expect(instructorActions(status, 'inactive')).toEqual({
        approve: false,
        reject: false,
        suspend: false,
        reactivate: false,
        complete: false,
        delete: true,
      });
  });
});

describe('approvalOutcome', () => {
  it('says whether the approval made it active or it still awaits the payment (decision 012)', () => {
    expect(approvalOutcome('active')).toBe('Active');
    expect(approvalOutcome('approved')).toBe('Approved — awaiting payment');
    expect(approvalOutcome('cancelled')).toBe('Cancelled');
  });
});

describe('rejectMoneyNote', () => {
  it('refunds a paid enrolment that never became active, and says that an active one is refunded by hand', () => {
    expect(rejectMoneyNote('pending_approval', 'paid')).toMatch(/refunded in full/);
    expect(rejectMoneyNote('approved', 'paid')).toMatch(/refunded in full/);
    expect(rejectMoneyNote('active', 'paid')).toMatch(/by hand in Payments/);
    expect(rejectMoneyNote('approved', 'pending')).toMatch(/nothing is refunded/);
    expect(rejectMoneyNote('active', 'free')).toMatch(/nothing is refunded/);
  });
});

describe('daysLeftLabel', () => {
  const now = Date.parse('2027-03-01T12:00:00Z');
  it('counts the days, names the last day and an ended period, and is blank before the start', () => {
    expect(daysLeftLabel(12, '2027-03-13T12:00:00Z', now)).toBe('12 days left');
    expect(daysLeftLabel(1, '2027-03-02T12:00:00Z', now)).toBe('1 day left');
    expect(daysLeftLabel(0, '2027-03-01T20:00:00Z', now)).toBe('Last day');
    expect(daysLeftLabel(0, '2027-02-20T00:00:00Z', now)).toBe('Ended');
    expect(daysLeftLabel(null, null, now)).toBe('');
  });
});

describe('statTiles', () => {
  it('lists every status in order, a missing count as 0', () => {
    expect(statTiles({ total: 3, approved: 2, cancelled: 1 }, ['pending_approval', 'approved', 'cancelled'])).toEqual([
      { status: 'pending_approval', count: 0 },
      { status: 'approved', count: 2 },
      { status: 'cancelled', count: 1 },
    ]);
    expect(statTiles(undefined, ['active'])).toEqual([{ status: 'active', count: 0 }]);
  });
});

describe('listParams', () => {
  it('leaves blank filters and a blank search out, trims the search, and adds the page size', () => {
    expect(listParams({ page: 2, search: '  jo  ', status: '', paymentStatus: 'paid' }, 10)).toEqual({
      limit: 10,
      page: 2,
      search: 'jo',
      paymentStatus: 'paid',
    });
    expect(listParams({ page: 1, search: '   ' }, 20)).toEqual({ limit: 20, page: 1 });
  });
});
