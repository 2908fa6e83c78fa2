import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  clearCourseForm,
  clearMembershipForm,
  saveCurrentEnrollment,
  savedEnrollmentCoupon,
  savedEnrollmentForm,
  saveEnrollmentCoupon,
  saveEnrollmentForm,
  savedMembershipForm,
  saveMembershipForm,
} from './enrollment-storage.ts';
import { fakeBrowser } from './browser.test-helpers.ts';

let browser: ReturnType<typeof fakeBrowser>;
beforeEach(() => {
  browser = fakeBrowser();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the enrolment keys of spec 3', () => {
  it('keeps the course form and coupon under enrollment_form and enrollment_coupon, for that course only', () => {
    saveEnrollmentForm({ courseId: 'c1', method: 'stripe', notes: 'Left-handed' });
    saveEnrollmentCoupon('c1', 'KATA10');
    expect(JSON.parse(browser.store.get('enrollment_form')!)).toEqual({ courseId: 'c1', method: 'stripe', notes: 'Left-handed' });
    expect(savedEnrollmentForm('c1')).toEqual({ courseId: 'c1', method: 'stripe', notes: 'Left-handed' });
    expect(savedEnrollmentForm('c2')).toBeNull();
    expect(savedEnrollmentCoupon('c1')).toBe('KATA10');
    expect(savedEnrollmentCoupon('c2')).toBeNull();
    saveEnrollmentCoupon('c1', null);
    expect(browser.store.has('enrollment_coupon')).toBe(false);
  });

  it('clears the course form, its coupon and the current enrolment after a verified payment, and leaves the rest', () => {
    saveEnrollmentForm({ courseId: 'c1', method: 'stripe', notes: '' });
    saveEnrollmentCoupon('c1', 'KATA10');
    saveCurrentEnrollment({ kind: 'course', enrollmentId: 'e1', courseId: 'c1' });
    saveMembershipForm({ membershipId: 'm1', planId: 'p1', method: 'paypal', notes: '' });
    browser.store.set('user_enrollments', '{"data":[]}');
    clearCourseForm();
    expect([...browser.store.keys()].sort()).toEqual(['membership_form', 'user_enrollments']);
    expect(savedMembershipForm('p1')).toMatchObject({ method: 'paypal' });
    expect(savedMembershipForm('p2')).toBeNull();
    clearMembershipForm();
    expect(browser.store.has('membership_form')).toBe(false);
  });

  it('reads a broken stored value as nothing saved', () => {
    browser.store.set('enrollment_form', '{not json');
    expect(savedEnrollmentForm('c1')).toBeNull();
  });
});
