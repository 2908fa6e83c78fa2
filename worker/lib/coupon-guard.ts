import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Checking codes is cheap to script: each address gets RATE_LIMIT_COUPON_IP checks per window (every coupon check: shop, courses, memberships). */
export const guardCouponGuessing = (ctx: ServiceCtx) =>
  enforceRateLimits(
    ctx.db,
    [{ key: `coupon:ip:${ctx.ip}`, limit: ctx.config.rateLimits.RATE_LIMIT_COUPON_IP }],
    'Too many coupon checks. Please try again later.',
  );
