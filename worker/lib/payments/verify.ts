import { VERIFY_FAILED } from '#core/shop/payment-schemas.ts';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import { AppError, conflict } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { PaymentProof } from './gateway.ts';
import { verifyPurchasePayment, type SettleResult } from './records.ts';
import type { PurchaseSettlement } from './settlements.ts';

const prefixed = (message: string) => (message.startsWith(VERIFY_FAILED) ? message : `${VERIFY_FAILED}: ${message}`);

/**
 * The browser's proof for a purchase the caller may see, settled in one batch: every refusal starts
 * 'Payment verification failed', and a payment that found its purchase no longer awaiting it (cancelled,
 * expired, paid by another) was refunded: 409 naming `what` ('order', 'enrollment', 'membership').
 */
export async function verifyProof(
  ctx: ServiceCtx,
  settlement: PurchaseSettlement,
  purchase: { purchaseType: PurchaseType; purchaseId: string },
  proof: PaymentProof,
  what: string,
): Promise<SettleResult> {
  let result: SettleResult;
  try {
    result = await verifyPurchasePayment(ctx, settlement, { ...purchase, proof });
  } catch (err) {
    if (err instanceof AppError && err.status < 500) throw new AppError(err.code, prefixed(err.message));
    throw err;
  }
  if (!result.purchasePaid) throw conflict(`${VERIFY_FAILED}: the ${what} was no longer awaiting payment, so the payment was refunded`);
  return result;
}
