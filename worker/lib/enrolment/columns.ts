import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import type { EnrollmentTotals } from '#core/enrollments/pricing.ts';

const DAY_MS = 86_400_000;

/** When an unpaid purchase made at `at` ends (decision 012: the payment window, 7 days). */
export const paymentDueAt = (at: Date, windowDays: number = ENROLLMENT_LIMITS.paymentWindowDays) =>
  new Date(at.getTime() + windowDays * DAY_MS);

/** A coupon as the kit records it: its id and code. */
export type UsedCoupon = { id: string; code: string } | null;

/**
 * The purchase columns every enrolment and renewal is written with (db/schema/enrollments.ts
 * `purchaseColumns`): what was priced, the gateway, the coupon and the payment window.
 */
export function purchaseValues(totals: EnrollmentTotals, coupon: UsedCoupon, gateway: string, currency: string, at: Date) {
  return {
    paymentMethod: gateway,
    currency,
    gstCents: totals.gstCents,
    totalCents: totals.totalCents,
    couponId: coupon?.id ?? null,
    couponCode: coupon?.code ?? null,
    paymentDueAt: paymentDueAt(at),
    createdAt: at,
    updatedAt: at,
  };
}
