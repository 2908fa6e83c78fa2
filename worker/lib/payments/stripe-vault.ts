import Stripe from 'stripe';
import type { AppConfig } from '#worker/config.ts';
import { unavailable } from '#worker/lib/errors.ts';
import { call, idOf, stripeClient, UNREACHABLE, withSessionIdParam } from './stripe.ts';
import { NO_METHOD, NOT_THIS_SETUP, setupRefused } from './vault-messages.ts';
import type { ChargeOutcome, PaymentVault, SavedMethod } from './vault.ts';

/** A charge Stripe refused for good (the card, the method, the request): a decline, never retried under the same key. */
function declineOf(err: unknown): ChargeOutcome {
  if (err instanceof Stripe.errors.StripeError) {
    const status = err.statusCode;
    const ours = err instanceof Stripe.errors.StripeAuthenticationError || err instanceof Stripe.errors.StripePermissionError;
    // An outage, a rate limit, our own keys or a reused key with other parameters: not the payer's method, so no decline is counted.
    if (!status || status >= 500 || status === 429 || ours || err instanceof Stripe.errors.StripeIdempotencyError)
      throw unavailable(UNREACHABLE);
    return { status: 'declined', reason: err.message, providerPaymentId: err.payment_intent?.id ?? null };
  }
  throw err;
}

/** What an off-session PaymentIntent's status means for the renewal. */
function outcomeOf(intent: Stripe.PaymentIntent): ChargeOutcome {
  if (intent.status === 'succeeded') return { status: 'succeeded', providerPaymentId: intent.id };
  if (intent.status === 'processing') return { status: 'pending', providerPaymentId: intent.id };
  // requires_action (the bank wants the payer present), requires_payment_method, canceled.
  const reason = intent.last_payment_error?.message ?? `The payment ${intent.status.replaceAll('_', ' ')}`;
  return { status: 'declined', reason, providerPaymentId: intent.id };
}

/**
 * Stripe's vault: one Customer per person (its create keyed by the person), Checkout in `setup` mode whose
 * SetupIntent saves a card to that Customer, and off-session PaymentIntents confirmed at once with our key.
 */
export function stripeVault(config: AppConfig, _origin: string, fetcher: typeof fetch = (...a) => fetch(...a)): PaymentVault {
  const stripe = stripeClient(config, fetcher);

  async function methodOf(ref: string | Stripe.PaymentMethod | null): Promise<Stripe.PaymentMethod | null> {
    if (typeof ref !== 'string') return ref;
    return call(() => stripe.paymentMethods.retrieve(ref));
  }

  return {
    name: 'stripe',
    async startSetup({ methodRecordId, customer, providerCustomerId, returnUrl, cancelUrl, currency }) {
      const customerId =
        providerCustomerId ??
        (
          await call(() =>
            stripe.customers.create(
              { email: customer.email, name: customer.name, metadata: { userId: customer.userId } },
              // A second setup started before the first saved its customer id finds the same Customer.
              { idempotencyKey: `customer-${customer.userId}` },
            ),
          )
        ).id;
      const session = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'setup',
            customer: customerId,
            ...(currency ? { currency: currency.toLowerCase() } : {}),
            // Cards only: what is saved must be chargeable with nobody present and shown as brand and last 4.
            allowed_payment_method_types: ['card'],
            success_url: withSessionIdParam(returnUrl),
            cancel_url: cancelUrl,
            client_reference_id: methodRecordId,
            metadata: { paymentMethodRecordId: methodRecordId },
            setup_intent_data: { metadata: { paymentMethodRecordId: methodRecordId } },
          },
          { idempotencyKey: `setup-${methodRecordId}` },
        ),
      );
      return { setupId: session.id, checkoutUrl: session.url, providerCustomerId: customerId };
    },
    async completeSetup({ setupId, providerCustomerId, proof }): Promise<SavedMethod> {
      const told = proof.session_id ?? proof.sessionId;
      if (told && told !== setupId) throw setupRefused(NOT_THIS_SETUP);
      const session = await call(() => stripe.checkout.sessions.retrieve(setupId, { expand: ['setup_intent.payment_method'] }));
      const customerId = idOf(session.customer) ?? null;
      if (session.mode !== 'setup' || (providerCustomerId && customerId !== providerCustomerId)) throw setupRefused(NOT_THIS_SETUP);
      const intent = typeof session.setup_intent === 'object' ? session.setup_intent : null;
      if (session.status !== 'complete' || intent?.status !== 'succeeded')
        throw setupRefused(`the setup is ${(intent?.status ?? session.status ?? 'open').replaceAll('_', ' ')}`);
      const method = await methodOf(intent.payment_method);
      if (!method) throw setupRefused('Stripe saved no method');
      return {
        providerCustomerId: customerId,
        providerMethodId: method.id,
        brand: method.card?.brand ?? method.type,
        last4: method.card?.last4 ?? null,
        expMonth: method.card?.exp_month ?? null,
        expYear: method.card?.exp_year ?? null,
      };
    },
    async charge(input) {
      if (!input.providerCustomerId || !input.providerMethodId) return { status: 'declined', reason: NO_METHOD, providerPaymentId: null };
      try {
        const intent = await stripe.paymentIntents.create(
          {
            amount: input.amountCents,
            currency: input.currency.toLowerCase(),
            customer: input.providerCustomerId,
            payment_method: input.providerMethodId,
            off_session: true,
            confirm: true,
            description: input.description,
            metadata: { paymentRecordId: input.paymentRecordId, purchaseType: 'invoice', purchaseId: input.purchaseId },
          },
          // The same attempt sent again (a retried run) gets Stripe's first answer, never a second charge.
          { idempotencyKey: input.idempotencyKey },
        );
        return outcomeOf(intent);
      } catch (err) {
        return declineOf(err);
      }
    },
  };
}
