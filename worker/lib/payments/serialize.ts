import { fromCents } from '#core/money.ts';
import type { PaymentView } from '#core/shop/views.ts';
import type { PaymentRow } from '#db/schema/index.ts';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Spec 3 Payment as the orders, enrolments and payments calls all send it. */
export function serializePayment(row: PaymentRow): PaymentView {
  return {
    _id: row.id,
    user: row.userId,
    status: row.status,
    purchaseType: row.purchaseType,
    purchaseId: row.purchaseId,
    gateway: row.gateway,
    sessionId: row.sessionId,
    providerPaymentId: row.providerPaymentId,
    amount: fromCents(row.amountCents),
    currency: row.currency,
    failureReason: row.failureReason,
    paidAt: iso(row.paidAt),
    refundedAt: iso(row.refundedAt),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
