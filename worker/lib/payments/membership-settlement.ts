import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { PurchaseSettlement } from './settlements.ts';

/** What paying for (or refunding) a membership enrolment and a membership renewal does. */
export const membershipSettlements: Partial<Record<PurchaseType, PurchaseSettlement>> = {};
