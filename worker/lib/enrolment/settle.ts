import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { PurchaseType } from '#core/shop/shop-options.ts';
import type { Db } from '#db/client.ts';
import { couponUses, enrollmentRenewals } from '#db/schema/index.ts';
import { refundedNow, type PurchaseSettlement } from '#worker/lib/payments/settlements.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { EnrolmentKind, PurchaseTable } from './kind.ts';

/** The purchase's reserved coupon use confirmed in the paying batch, only once the purchase is paid (`paid`). */
export const confirmCouponUse = (db: Db, purchaseType: PurchaseType, purchaseId: string, at: Date, paid: SQL) =>
  db
    .update(couponUses)
    .set({ status: 'confirmed', updatedAt: at })
    .where(and(eq(couponUses.purchaseType, purchaseType), eq(couponUses.purchaseId, purchaseId), eq(couponUses.status, 'reserved'), paid));

/**
 * What paying for (or refunding) an enrolment of `kind` does: paid only while its payment is pending and
 * the school has not refused it; an approved one becomes active by the same statement, its period
 * starting now (decision 012). `afterPaid` is the kind's receipt.
 */
export function enrolmentSettlement(kind: EnrolmentKind, afterPaid: PurchaseSettlement['afterPaid']): PurchaseSettlement {
  const t = kind.table as PurchaseTable;
  return {
    paid: (db, id, at, paymentId) => ({
      move: db
        .update(t)
        .set({
          paymentStatus: 'paid',
          paidAt: at,
          paidByPaymentId: paymentId,
          ...kind.onPaid,
          status: sql`case when ${t.status} = 'approved' then 'active' else ${t.status} end`,
          ...kind.startsPeriod(sql`${t.status} = 'approved'`, at),
          updatedAt: at,
        })
        .where(and(eq(t.id, id), eq(t.paymentStatus, 'pending'), inArray(t.status, ['pending_approval', 'approved'])))
        .returning({ id: t.id }),
      follow: [
        confirmCouponUse(
          db,
          kind.purchaseType,
          id,
          at,
          sql`exists (select 1 from ${t} where ${t.id} = ${id} and ${t.paymentStatus} = 'paid')`,
        ),
      ],
    }),
    afterPaid,
    refunded: (db, id, refund) => [
      db
        .update(t)
        .set({ paymentStatus: 'refunded', updatedAt: refund.at })
        .where(and(eq(t.id, id), eq(t.paymentStatus, 'paid'), eq(t.paidByPaymentId, refund.paymentId), refundedNow(refund))),
    ],
  };
}

/** A renewal's refund at the provider (or by the school): only the payment that paid it moves it. */
export const renewalRefunded: PurchaseSettlement['refunded'] = (db, id, refund) => [
  db
    .update(enrollmentRenewals)
    .set({ status: 'refunded', updatedAt: refund.at })
    .where(
      and(
        eq(enrollmentRenewals.id, id),
        eq(enrollmentRenewals.status, 'paid'),
        eq(enrollmentRenewals.paidByPaymentId, refund.paymentId),
        refundedNow(refund),
      ),
    ),
];

/**
 * A renewal of `kind` paid: ONE conditional UPDATE from pending_payment, while its enrolment still `requires`
 * it, writing the period it adds; it returns a row only when THIS payment paid it. `id` may be a condition
 * selecting several renewals (an automatic charge's invoice lines).
 */
export const payRenewal = (
  db: Db,
  kind: EnrolmentKind,
  id: string | SQL,
  paid: { at: Date; paymentId: string | null; from: SQL; to: SQL; requires: SQL; set?: Record<string, unknown> },
) =>
  db
    .update(enrollmentRenewals)
    .set({
      status: 'paid',
      paidAt: paid.at,
      paidByPaymentId: paid.paymentId,
      periodStartsAt: paid.from,
      periodEndsAt: paid.to,
      ...paid.set,
      updatedAt: paid.at,
    })
    .where(
      and(
        typeof id === 'string' ? eq(enrollmentRenewals.id, id) : id,
        eq(enrollmentRenewals.kind, kind.name),
        eq(enrollmentRenewals.status, 'pending_payment'),
        paid.requires,
      ),
    )
    .returning({ id: enrollmentRenewals.id });

/** The renewal's reserved coupon use confirmed once it is paid. */
export const confirmRenewalCouponUse = (db: Db, kind: EnrolmentKind, id: string, at: Date) =>
  confirmCouponUse(
    db,
    kind.renewalPurchaseType,
    id,
    at,
    sql`exists (select 1 from ${enrollmentRenewals} where ${enrollmentRenewals.id} = ${id} and ${enrollmentRenewals.status} = 'paid')`,
  );

/** The receipt and notices after a purchase of this kind is paid (browser or webhook alike), deferred. */
export type AfterPaid = (ctx: ServiceCtx, purchaseId: string) => void;
