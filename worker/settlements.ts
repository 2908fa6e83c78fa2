import type { PurchaseType } from '#core/shop/shop-options.ts';
import { invoiceSettlement } from '#worker/features/autopay/autopay.settlement.ts';
import { courseSettlements } from '#worker/features/enrollments/enrollments.settlement.ts';
import { gradingSettlements } from '#worker/features/gradings/gradings.settlement.ts';
import { membershipRenewalsPaid, membershipSettlements } from '#worker/features/membership-purchases/membership-purchases.settlement.ts';
import { orderSettlement } from '#worker/features/orders/orders.settlement.ts';
import type { PurchaseSettlement } from '#worker/lib/payments/settlements.ts';

/**
 * What each purchase type does when its payment succeeds or is refunded, assembled from the features
 * that own them (as worker/access.ts assembles the access tables): payments (webhooks, the school's
 * moves) looks a payment's purchase up here; worker/lib never imports a feature.
 */
export const SETTLEMENTS: Partial<Record<PurchaseType, PurchaseSettlement>> = {
  order: orderSettlement,
  ...courseSettlements,
  ...membershipSettlements,
  ...gradingSettlements,
  // An automatic charge pays its lines through the membership renewal's own statements.
  invoice: invoiceSettlement(membershipRenewalsPaid),
};
