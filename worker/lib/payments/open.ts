import type { PaymentStart } from '#core/shop/views.ts';
import { isDbUnavailable } from '#worker/lib/db-errors.ts';
import { AppError, unavailable } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { startPayment, type StartPaymentInput } from './records.ts';

/** What a purchase writes as its cancel reason when its first payment could not be opened. */
export const GATEWAY_START_FAILED = 'Payment could not be started';
export const GATEWAY_DOWN = 'The payment service could not be reached. Please try again.';

/** A new purchase whose payment cannot start gives back what it holds (`abandon`) and answers `message` (503). */
export type OnStartFailure = { abandon: () => Promise<unknown>; message: string };

/**
 * Opens the payment at the gateway. If the gateway fails, a new purchase is abandoned at once (its
 * seat, stock, coupon use back) and the answer is 503 in words, never a 500; a refusal in words (4xx) stays.
 */
export async function openPayment(ctx: ServiceCtx, input: StartPaymentInput, onFailure?: OnStartFailure): Promise<PaymentStart> {
  try {
    return (await startPayment(ctx, input)).start;
  } catch (err) {
    // With the database away an abandon would wait a second DB_TIMEOUT_MS; the unpaid-expiry run releases it.
    if (isDbUnavailable(err)) throw err;
    if (onFailure) await onFailure.abandon();
    if (err instanceof AppError && err.status < 500) throw err;
    ctx.log.error('payment start failed', {
      purchaseType: input.purchaseType,
      purchaseId: input.purchaseId,
      error: String((err as Error)?.message ?? err),
    });
    throw unavailable(onFailure?.message ?? GATEWAY_DOWN);
  }
}
