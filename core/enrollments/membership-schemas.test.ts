import { describe, expect, it } from 'vitest';
import {
  AdminMembershipsQuery,
  CreateMembershipPurchaseSchema,
  MEMBERSHIP_PURCHASE_MESSAGES,
  VerifyMembershipPaymentSchema,
} from './membership-schemas.ts';

describe('membership purchase schemas', () => {
  it('trims ids, upper-cases the coupon, lower-cases the method, and names what is missing', () => {
    expect(
      CreateMembershipPurchaseSchema.parse({ membershipId: ' m1 ', planId: 'p1', couponCode: ' save10 ', paymentMethod: 'Sandbox' }),
    ).toEqual({
      membershipId: 'm1',
      planId: 'p1',
      couponCode: 'SAVE10',
      paymentMethod: 'sandbox',
      notes: '',
    });
    const missing = CreateMembershipPurchaseSchema.safeParse({ planId: 'p1' });
    expect(missing.error?.issues[0]?.message).toBe(MEMBERSHIP_PURCHASE_MESSAGES.membershipIdRequired);
    expect(CreateMembershipPurchaseSchema.parse({ membershipId: 'm', planId: 'p', couponCode: '' }).couponCode).toBeUndefined();
  });

  it('needs an enrolment or a renewal id to verify a payment', () => {
    const none = VerifyMembershipPaymentSchema.safeParse({ sessionId: 's', paymentId: 'p' });
    expect(none.error?.issues[0]?.message).toBe(MEMBERSHIP_PURCHASE_MESSAGES.idsRequired);
    expect(VerifyMembershipPaymentSchema.parse({ renewalId: 'r', sessionId: 's', paymentId: 'p' }).signature).toBe('');
  });

  it('pages the admin list by 10 and drops unknown filters', () => {
    expect(AdminMembershipsQuery.parse({ status: 'bogus', paymentStatus: 'paid', limit: '1000' })).toMatchObject({
      page: 1,
      limit: 100,
      status: undefined,
      paymentStatus: 'paid',
    });
    expect(AdminMembershipsQuery.parse({}).limit).toBe(10);
  });
});
