import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { badRequest } from '#worker/lib/errors.ts';

/** A setup the provider does not confirm (unfinished, another person's, a forged answer): 400 with the reason. */
export const setupRefused = (why: string) => badRequest(`${BILLING_MESSAGES.setupFailed}: ${why}`);
export const NOT_THIS_SETUP = 'it belongs to another request';
/** A charge with no saved method (or no customer at the provider) declines: nothing to retry until the payer adds one. */
export const NO_METHOD = BILLING_MESSAGES.noMethod;
