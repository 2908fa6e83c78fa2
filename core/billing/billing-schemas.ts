/** Request shapes of `/api/billing` (API-26 "Billing"); unknown fields are dropped, never stored. */
import { z } from 'zod';
import { jsonFlag } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';

export const BILLING_INPUT_MESSAGES = {
  bodyObject: 'The request body must be a JSON object',
  gateway: 'Gateway must be text',
  proofRequired: 'The payment method proof is required',
  proofInvalid: 'The payment method proof must be a few short text fields',
  forUserId: 'forUserId must be a user id',
  tooManyMethods: 'You have too many payment methods: remove one before adding another',
  methodSaved: 'Payment method saved',
  defaultSet: 'Default payment method changed',
  methodRemoved: 'Payment method removed',
  autopayOn: 'Autopay turned on',
  autopayOff: 'Autopay turned off',
  paid: 'Payment received',
  processing: 'The payment is being processed',
  notPayable: 'This invoice has nothing to pay',
  busy: 'This invoice is being charged right now; try again in a few minutes',
  gatewayDown: 'The payment service could not be reached; nothing was charged. Please try again.',
} as const;

/** At most this many methods a person keeps active, or opens within a day without finishing. */
export const MAX_PAYMENT_METHODS = 10;

const id = (message: string) => z.string({ error: message }).trim().min(1, message).max(64, message);

/** POST /api/billing/methods: the gateway whose vault saves the method (else the school's default). */
export const StartSetupSchema = z.object(
  { gateway: z.string({ error: BILLING_INPUT_MESSAGES.gateway }).trim().toLowerCase().min(1).max(20).optional() },
  { error: BILLING_INPUT_MESSAGES.bodyObject },
);

/** POST /api/billing/methods/:id/complete: what the gateway's page handed the browser (checked by the vault). */
export const CompleteSetupSchema = z.object(
  {
    proof: z
      .record(z.string().max(64), z.string({ error: BILLING_INPUT_MESSAGES.proofInvalid }).max(2000, BILLING_INPUT_MESSAGES.proofInvalid), {
        error: BILLING_INPUT_MESSAGES.proofRequired,
      })
      .refine((p) => Object.keys(p).length > 0 && Object.keys(p).length <= 20, BILLING_INPUT_MESSAGES.proofInvalid),
  },
  { error: BILLING_INPUT_MESSAGES.bodyObject },
);

/** PATCH /api/billing/memberships/:enrollmentId/autopay */
export const AutopaySchema = z.object(
  { autopay: jsonFlag('Autopay'), forUserId: id(BILLING_INPUT_MESSAGES.forUserId).optional() },
  { error: BILLING_INPUT_MESSAGES.bodyObject },
);

/** GET /api/billing/invoices */
export const InvoicesQuery = pagingQuery(10, 50);
