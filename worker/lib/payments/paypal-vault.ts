import type { AppConfig } from '#worker/config.ts';
import { unavailable } from '#worker/lib/errors.ts';
import { centsToValue, paypalClient, UNREACHABLE, type Link, type Order, type PayPalError } from './paypal.ts';
import { NO_METHOD, NOT_THIS_SETUP, setupRefused } from './vault-messages.ts';
import type { ChargeOutcome, PaymentVault } from './vault.ts';

type SetupToken = { id?: string; status?: string; customer?: { id?: string }; links?: Link[] };
type PaymentToken = {
  id?: string;
  customer?: { id?: string };
  payment_source?: {
    paypal?: { email_address?: string };
    card?: { brand?: string; last_digits?: string; expiry?: string };
  };
};

/** A vaulted card is charged as `payment_source.card`, a wallet as `payment_source.paypal`: the kind travels in our method id. */
const CARD = 'card:';

/** PayPal's documented maximum length of purchase_unit.description. */
const DESCRIPTION_MAX = 127;

/** A card token's `expiry` is "YYYY-MM". */
function expiryOf(expiry: string | undefined): { expMonth: number | null; expYear: number | null } {
  const m = /^(\d{4})-(\d{2})$/.exec(expiry ?? '');
  return m ? { expYear: Number(m[1]), expMonth: Number(m[2]) } : { expMonth: null, expYear: null };
}

const refusedBy = (body: PayPalError, status: number) => body.details?.[0]?.description ?? body.message ?? `PayPal answered ${status}`;

/** An order PayPal created for a vaulted method: its capture's status decides. */
function outcomeOf(order: Order): ChargeOutcome {
  const capture = order.purchase_units?.[0]?.payments?.captures?.[0];
  if (capture?.status === 'COMPLETED' && order.status === 'COMPLETED') return { status: 'succeeded', providerPaymentId: capture.id };
  if (capture?.status === 'PENDING') return { status: 'pending', providerPaymentId: capture.id };
  const reason = capture?.status_details?.reason ?? capture?.status ?? order.status ?? 'not captured';
  return {
    status: 'declined',
    reason: `The PayPal payment was ${reason.toLowerCase().replaceAll('_', ' ')}`,
    providerPaymentId: capture?.id ?? null,
  };
}

/**
 * PayPal's vault (Payment Method Tokens v3): a setup token for the payer's PayPal wallet that they approve
 * on PayPal, exchanged for a payment token when they come back; charged by an order on that `vault_id`
 * captured at once, sent with `PayPal-Request-Id` = our key so a repeat replays the first order.
 */
export function paypalVault(config: AppConfig, _origin: string, fetcher: typeof fetch = (...a) => fetch(...a)): PaymentVault {
  const { call } = paypalClient(config, fetcher);

  return {
    name: 'paypal',
    async startSetup({ methodRecordId, providerCustomerId, returnUrl, cancelUrl }) {
      const { body } = await call<SetupToken>('/v3/vault/setup-tokens', {
        method: 'POST',
        requestId: `setup-${methodRecordId}`,
        body: {
          ...(providerCustomerId ? { customer: { id: providerCustomerId } } : {}),
          payment_source: {
            paypal: {
              usage_type: 'MERCHANT',
              customer_type: 'CONSUMER',
              experience_context: { return_url: returnUrl, cancel_url: cancelUrl, shipping_preference: 'NO_SHIPPING' },
            },
          },
        },
      });
      const approve = body.links?.find((l) => l.rel === 'approve')?.href;
      if (!body.id || !approve) throw unavailable(UNREACHABLE);
      return { setupId: body.id, checkoutUrl: approve, providerCustomerId: body.customer?.id ?? providerCustomerId };
    },
    async completeSetup({ setupId, providerCustomerId, proof }) {
      // PayPal sends the payer back with the approved setup token's id.
      const told = proof.approval_token_id ?? proof.setupId;
      if (told && told !== setupId) throw setupRefused(NOT_THIS_SETUP);
      const { body } = await call<PaymentToken>('/v3/vault/payment-tokens', {
        method: 'POST',
        // Completing twice (a double click, the browser retrying) returns the same payment token.
        requestId: `token-${setupId}`,
        body: { payment_source: { token: { id: setupId, type: 'SETUP_TOKEN' } } },
      });
      const customerId = body.customer?.id ?? providerCustomerId;
      if (!body.id || (providerCustomerId && customerId !== providerCustomerId)) throw setupRefused(NOT_THIS_SETUP);
      const card = body.payment_source?.card;
      if (card)
        return {
          providerCustomerId: customerId,
          providerMethodId: `${CARD}${body.id}`,
          brand: card.brand ?? 'card',
          last4: card.last_digits ?? null,
          ...expiryOf(card.expiry),
        };
      return { providerCustomerId: customerId, providerMethodId: body.id, brand: 'PayPal', last4: null, expMonth: null, expYear: null };
    },
    async charge(input) {
      if (!input.providerMethodId) return { status: 'declined', reason: NO_METHOD, providerPaymentId: null };
      const description = Array.from(input.description.trim()).slice(0, DESCRIPTION_MAX).join('');
      const { status, body } = await call<Order>('/v2/checkout/orders', {
        method: 'POST',
        requestId: input.idempotencyKey,
        representation: true,
        raw: true,
        body: {
          intent: 'CAPTURE',
          purchase_units: [
            {
              reference_id: input.purchaseId,
              custom_id: input.paymentRecordId,
              // PayPal refuses a second order with the same invoice_id: a guard past the request id's retention too.
              invoice_id: input.paymentRecordId,
              ...(description ? { description } : {}),
              amount: { currency_code: input.currency.toUpperCase(), value: centsToValue(input.amountCents) },
            },
          ],
          payment_source: input.providerMethodId.startsWith(CARD)
            ? {
                card: {
                  vault_id: input.providerMethodId.slice(CARD.length),
                  // A merchant-initiated charge on a card the payer saved for these renewals.
                  stored_credential: { payment_initiator: 'MERCHANT', payment_type: 'RECURRING', usage: 'SUBSEQUENT' },
                },
              }
            : { paypal: { vault_id: input.providerMethodId } },
        },
      });
      if (status === 401 || status === 403) throw unavailable(UNREACHABLE);
      // Charged before under this key but PayPal no longer replays it: the capture's webhook settles it, never a second charge.
      if (body.details?.some((d) => d.issue === 'DUPLICATE_INVOICE_ID')) throw unavailable(UNREACHABLE);
      if (status >= 400) return { status: 'declined', reason: refusedBy(body, status), providerPaymentId: null };
      return outcomeOf(body);
    },
  };
}
