import { sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '#db/client.ts';
import { payments } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/**
 * What a purchase does when its payment succeeds or is refunded at the provider. The statements join
 * the payment's own update in one batch; each is conditional on the purchase's state, so running it
 * twice changes nothing the second time. Each feature writes its own; `worker/settlements.ts` assembles them.
 */
export type PurchaseSettlement = {
  /**
   * `move` marks the purchase paid (… WHERE status = awaiting payment RETURNING) by `paymentId` (null:
   * nothing to pay): it returns a row only when THIS payment made it paid. `follow` confirms what the purchase held (its coupon use).
   */
  paid(
    db: Db,
    purchaseId: string,
    at: Date,
    paymentId: string | null,
  ): { move: BatchItem<'sqlite'> & PromiseLike<unknown[]>; follow: BatchItem<'sqlite'>[] };
  /** After this payment made the purchase paid (browser or webhook alike): e-mail, notifications. */
  afterPaid(ctx: ServiceCtx, purchaseId: string): void;
  /** A refund made at the provider or by the school: the purchase follows only the payment that paid it, refunded at `at` (refundedNow). */
  refunded(db: Db, purchaseId: string, refund: { paymentId: string; at: Date }): BatchItem<'sqlite'>[];
  /**
   * The provider reported the payment failed (an off-session charge declined asynchronously): statements joining
   * the payment's move to `failed` at `at`, each conditional on that move (failedNow), so a replay changes nothing.
   * Async: what comes next may depend on the school's settings (dunning).
   */
  failed?(db: Db, purchaseId: string, failure: { paymentId: string; at: Date; reason: string }): Promise<BatchItem<'sqlite'>[]>;
  /** After `failed`'s batch moved the payment: the payer told. */
  afterFailed?(ctx: ServiceCtx, purchaseId: string): void;
};

/**
 * The payment was refunded at `at` (by the statement before, in the same batch): a refund that moved no
 * payment row (a replay, the refunded duplicate of a paid purchase) moves nothing else.
 */
export const refundedNow = ({ paymentId, at }: { paymentId: string; at: Date }) =>
  sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId} and ${payments.status} = 'refunded' and ${payments.refundedAt} = ${at.getTime()})`;

/** The payment was moved to failed at `at` by the statement before, in the same batch. */
export const failedNow = ({ paymentId, at }: { paymentId: string; at: Date }) =>
  sql`exists (select 1 from ${payments} where ${payments.id} = ${paymentId} and ${payments.status} = 'failed' and ${payments.updatedAt} = ${at.getTime()})`;
