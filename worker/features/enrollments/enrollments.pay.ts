import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { PaymentStart } from '#core/shop/views.ts';
import { AppError, unavailable } from '#worker/lib/errors.ts';
import { gatewayOrFree, renewalDefaultGateway } from '#worker/lib/payments/registry.ts';
import { startPayment } from '#worker/lib/payments/records.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export const GATEWAY_START_FAILED = 'Payment could not be started';
export const GATEWAY_DOWN_NEW = 'The payment service could not be reached. Your enrollment was not placed; please try again.';
export const GATEWAY_DOWN = 'The payment service could not be reached. Please try again.';

/** Spec 9: a renewal pays by razorpay where it is offered, else by the first gateway offered (or the one asked for). */
export const renewalGateway = (ctx: ServiceCtx, asked: string | undefined, free = false) =>
  gatewayOrFree(ctx, free, asked, renewalDefaultGateway(ctx.config));

type EnrollmentPayment = {
  purchaseType: Extract<PurchaseType, 'course_enrollment' | 'course_renewal'>;
  purchaseId: string;
  userId: string;
  amountCents: number;
  gateway: string;
  description: string;
  customerEmail: string;
  returnPath: string;
  cancelPath: string;
};

/**
 * Opens the payment at the gateway. If the gateway fails, `abandon` (when given) gives back what the new
 * purchase holds at once, and the answer is 503 in words, never a 500.
 */
export async function openPayment(ctx: ServiceCtx, input: EnrollmentPayment, abandon?: () => Promise<unknown>): Promise<PaymentStart> {
  try {
    return (await startPayment(ctx, input)).start;
  } catch (err) {
    if (abandon) await abandon();
    if (err instanceof AppError && err.status < 500) throw err;
    console.error(
      JSON.stringify({
        level: 'error',
        requestId: ctx.requestId,
        message: 'payment start failed',
        purchaseType: input.purchaseType,
        purchaseId: input.purchaseId,
        error: String((err as Error)?.message ?? err),
      }),
    );
    throw unavailable(abandon ? GATEWAY_DOWN_NEW : GATEWAY_DOWN);
  }
}

export const returnPath = (key: 'enrollmentId' | 'renewalId', id: string) => `/enroll/complete?${key}=${encodeURIComponent(id)}`;
export const coursePath = (slug: string | null | undefined) => (slug ? `/courses/${encodeURIComponent(slug)}` : '/courses');
