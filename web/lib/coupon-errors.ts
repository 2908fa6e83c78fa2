import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { ApiError } from './api.ts';

/** Spec 8: what the cart shows when a coupon check fails, by the server's answer. */
export function couponFailure(err: unknown): string {
  if (!(err instanceof ApiError)) return COUPON_MESSAGES.browserDefault;
  if (err.status === 404) return COUPON_MESSAGES.notFound;
  if (err.status === 400) return err.message && !/^HTTP \d/.test(err.message) ? err.message : COUPON_MESSAGES.browser400;
  if (err.status >= 500) return COUPON_MESSAGES.browser5xx;
  if (err.status >= 200 && err.status < 300) return COUPON_MESSAGES.invalidCode;
  return COUPON_MESSAGES.browserOther;
}
