import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { PurchaseSettlement } from './settlements.ts';

/** What paying for (or refunding) a course enrolment and a course renewal does. */
export const courseSettlements: Partial<Record<PurchaseType, PurchaseSettlement>> = {};
