import type { BatchItem } from 'drizzle-orm/batch';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { Db } from '#db/client.ts';
import { orderSettlement } from './order-settlement.ts';

/**
 * What a purchase does when its payment succeeds or is refunded at the provider. Each returns
 * statements that join the payment's own update in one batch; each is conditional on the purchase's
 * state, so running it twice changes nothing the second time.
 */
export type PurchaseSettlement = {
  /** Marks the purchase paid and confirms its coupon use. */
  paid(db: Db, purchaseId: string, at: Date): BatchItem<'sqlite'>[];
  /** After the batch: did the purchase end up paid? (No when it expired or was cancelled first: then the money goes back.) */
  isPaid(db: Db, purchaseId: string): Promise<boolean>;
  /** A refund made at the provider (dashboard, dispute): the purchase follows. */
  refunded(db: Db, purchaseId: string, at: Date): BatchItem<'sqlite'>[];
};

/** Enrolments and memberships add theirs here (next issues). */
export const SETTLEMENTS: Partial<Record<PurchaseType, PurchaseSettlement>> = {
  order: orderSettlement,
};
