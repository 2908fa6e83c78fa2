/**
 * The one attempt at charging an invoice (the renewal job's claim and charge, owned by the autopay feature),
 * assembled here as worker/settlements.ts assembles settlements, so the member's "Pay now" (billing) calls
 * the same code as the job and the school's retry; a feature never imports another.
 */
export { chargeInvoice, type ChargeResult } from '#worker/features/autopay/autopay.charge.ts';
