import { newSecret } from '#core/ids.ts';
import type { AppConfig } from '#worker/config.ts';
import { badRequest } from '#worker/lib/errors.ts';
import type { PaymentGateway } from './gateway.ts';
import { hmacSha256Hex, verifyHmacHex } from './hmac.ts';

/** The sandbox's signing secret: its own when set, else one derived from JWT_SECRET (never the JWT key itself). */
export const sandboxSecret = (config: AppConfig) => config.SANDBOX_PAYMENT_SECRET ?? `sandbox-payments:${config.JWT_SECRET}`;

/** The proof the sandbox hands the browser on Approve, signed as Razorpay signs `order_id|payment_id`. */
export async function sandboxApproval(config: AppConfig, sessionId: string) {
  const paymentId = `sbxpay_${newSecret(12)}`;
  return { sessionId, paymentId, signature: await hmacSha256Hex(sandboxSecret(config), `${sessionId}|${paymentId}`) };
}

/**
 * ARCHITECTURE "Local payments: the sandbox gateway": a session id, a checkout page with Approve and
 * Decline (`/pay/sandbox/{sessionId}`, whose POST also answers the proof as JSON), an HMAC-signed proof. It takes and returns no money.
 */
export function sandboxGateway(config: AppConfig, origin: string): PaymentGateway {
  return {
    name: 'sandbox',
    async create({ returnUrl }) {
      const sessionId = `sbx_${newSecret(18)}`;
      const back = new URL(returnUrl, origin);
      const query = new URLSearchParams({ return: `${back.pathname}${back.search}` });
      return { sessionId, checkoutUrl: `${origin}/pay/sandbox/${sessionId}?${query}` };
    },
    async verify(proof, expected) {
      if (proof.sessionId !== expected.sessionId) return { ok: false, reason: 'The payment does not belong to this purchase' };
      const valid = await verifyHmacHex(sandboxSecret(config), `${proof.sessionId}|${proof.paymentId}`, proof.signature);
      return valid ? { ok: true, providerPaymentId: proof.paymentId } : { ok: false, reason: 'Invalid payment signature' };
    },
    async webhook() {
      throw badRequest('The sandbox sends no webhooks');
    },
    async refund({ providerPaymentId }) {
      return { refundId: `sbxref_${providerPaymentId.slice(-12)}` };
    },
  };
}
