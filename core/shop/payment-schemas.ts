import { z } from 'zod';
import { optionalText } from '#core/fields.ts';
import { pagingQuery } from '#core/paging.ts';
import { enumParam, param, searchParam } from '#core/catalog/query.ts';
import { PAYMENT_GATEWAYS, PAYMENT_STATUSES, PURCHASE_TYPES } from './shop-options.ts';

/** The one beginning of every refused payment proof (orders, enrolments, memberships; server and browser). */
export const VERIFY_FAILED = 'Payment verification failed';

export const PAYMENT_STATUS_MESSAGE = `Status must be one of: ${PAYMENT_STATUSES.join(', ')}`;

const status = enumParam(PAYMENT_STATUSES, PAYMENT_STATUS_MESSAGE);
const purchaseType = param(z.enum(PURCHASE_TYPES, { error: `Purchase type must be one of: ${PURCHASE_TYPES.join(', ')}` }).optional());
const dateParam = (label: string) =>
  param(z.preprocess((v) => (v === '' ? undefined : v), z.iso.date({ error: `${label} must be a date (YYYY-MM-DD)` }).optional()));

/** GET /api/payments/user. */
export const MyPaymentsQuery = pagingQuery(10, 50).extend({ status, purchaseType });
export type MyPaymentsQueryInput = z.output<typeof MyPaymentsQuery>;

/** GET /api/payments/all (admin). */
export const AllPaymentsQuery = pagingQuery(20, 100).extend({
  status,
  purchaseType,
  gateway: enumParam(PAYMENT_GATEWAYS, `Gateway must be one of: ${PAYMENT_GATEWAYS.join(', ')}`),
  search: searchParam,
  from: dateParam('From'),
  to: dateParam('To'),
});
export type AllPaymentsQueryInput = z.output<typeof AllPaymentsQuery>;

export const CancelPaymentSchema = z.object({ reason: optionalText('Reason', 500) }, { error: 'Request body must be an object' });

export const PaymentStatusSchema = z.object(
  { status: z.enum(PAYMENT_STATUSES, { error: PAYMENT_STATUS_MESSAGE }) },
  { error: PAYMENT_STATUS_MESSAGE },
);

/** The sandbox checkout (ARCHITECTURE "Local payments"): POST {outcome}. */
export const SandboxOutcomeSchema = z.object(
  { outcome: z.enum(['approve', 'decline'], { error: 'Outcome must be approve or decline' }) },
  { error: 'Outcome must be approve or decline' },
);
