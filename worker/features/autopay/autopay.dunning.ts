import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { afterDecline, DEFAULT_GRACE_DAYS, DEFAULT_RETRY_DAYS, type DunningPolicy } from '#core/billing/dunning.ts';
import type { Db } from '#db/client.ts';
import { enrollmentRenewals, invoices, membershipEnrollments, SETTINGS_ID, siteSettings, type InvoiceRow } from '#db/schema/index.ts';
import { cancelRenewalStatements } from '#worker/lib/enrolment/renewals.ts';
import { failedNow } from '#worker/lib/payments/settlements.ts';

const DAY_MS = 86_400_000;
const r = enrollmentRenewals;
const me = membershipEnrollments;
/** The renewals an invoice charges, as the enrolment kit names them. */
const MEMBERSHIP_RENEWALS = { name: 'membership', renewalPurchaseType: 'membership_renewal' } as const;

/** The school's dunning settings (the settings row, read directly: its API is the waivers slice's). */
export async function dunningPolicy(db: Db): Promise<DunningPolicy> {
  const row = await db
    .select({ retryDays: siteSettings.dunningRetryDays, graceDays: siteSettings.dunningGraceDays })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ID))
    .get();
  return { retryDays: row?.retryDays ?? [...DEFAULT_RETRY_DAYS], graceDays: row?.graceDays ?? DEFAULT_GRACE_DAYS };
}

/** How long after a membership's end its automatic renewal may stay unpaid: the last retry plus the grace. */
export const dunningSpanMs = (p: DunningPolicy) => ((p.retryDays.at(-1) ?? 0) + p.graceDays) * DAY_MS;

/** The memberships an invoice's still-unpaid lines renew. */
const linesOf = (invoiceIds: SQL) =>
  sql`select ${r.enrollmentId} from ${r} where ${r.invoiceId} in (${invoiceIds}) and ${r.status} = 'pending_payment'`;

/**
 * Invoices `marked` selects ended unpaid: their memberships expire and their renewals are cancelled (coupon
 * uses back), in the batch that marked them. Each statement is conditional, so a replay changes nothing.
 */
export function endUnpaidStatements(db: Db, marked: SQL, at: Date) {
  return [
    db
      .update(me)
      .set({ status: 'expired', expiredAt: at, updatedAt: at })
      .where(and(sql`${me.id} in (${linesOf(marked)})`, inArray(me.status, ['active', 'past_due']))),
    ...cancelRenewalStatements(db, MEMBERSHIP_RENEWALS, sql`${r.invoiceId} in (${marked})`, at),
  ];
}

export type Decline = { reason: string; at: Date; paymentId: string | null };

/**
 * A declined attempt at `invoice` (as read when the attempt was made), recorded once: failures + 1, then
 * what the school's dunning says — retry later (`open`), `past_due` (its memberships too, usable until
 * `expiresAt`), or over (`failed`, memberships expired). Conditional on the failures read and, when a payment
 * was made, on that payment moving to failed in the same batch: the job and a webhook never count it twice.
 */
export function declineStatements(db: Db, invoice: InvoiceRow, policy: DunningPolicy, d: Decline) {
  const failures = invoice.failures + 1;
  const firstFailedAt = invoice.firstFailedAt ?? d.at;
  const next = afterDecline(policy, firstFailedAt.getTime(), failures, d.at.getTime());
  const status = next.state === 'retrying' ? 'open' : next.state === 'past_due' ? 'past_due' : 'failed';
  const move = db
    .update(invoices)
    .set({
      status,
      failures,
      firstFailedAt,
      lastError: d.reason,
      nextAttemptAt: next.state === 'retrying' ? new Date(next.nextAttemptAt) : null,
      expiresAt: next.state === 'past_due' ? new Date(next.expiresAt) : invoice.expiresAt,
      leaseUntil: null,
      updatedAt: d.at,
    })
    .where(
      and(
        eq(invoices.id, invoice.id),
        eq(invoices.failures, invoice.failures),
        inArray(invoices.status, ['open', 'processing', 'past_due']),
        d.paymentId ? failedNow({ paymentId: d.paymentId, at: d.at }) : undefined,
      ),
    )
    .returning();
  const moved = sql`select ${invoices.id} from ${invoices} where ${invoices.id} = ${invoice.id} and ${invoices.failures} = ${failures} and ${invoices.updatedAt} = ${d.at.getTime()}`;
  const follow: BatchItem<'sqlite'>[] =
    status === 'past_due'
      ? [
          db
            .update(me)
            .set({ status: 'past_due', updatedAt: d.at })
            .where(and(sql`${me.id} in (${linesOf(moved)})`, eq(me.status, 'active'))),
        ]
      : status === 'failed'
        ? endUnpaidStatements(db, moved, d.at)
        : [];
  return { move, follow, status };
}

/** Past-due invoices whose grace is over (at most `limit`), for `expireStatements`. */
export const overdueInvoices = (now: Date, limit: number) =>
  sql`select ${invoices.id} from ${invoices} where ${invoices.status} = 'past_due' and ${invoices.expiresAt} <= ${now.getTime()} limit ${limit}`;

/** Past-due invoices `which` selects become `failed` (one conditional UPDATE … RETURNING), their memberships expired. */
export function expireStatements(db: Db, which: SQL, at: Date) {
  const move = db
    .update(invoices)
    .set({ status: 'failed', leaseUntil: null, updatedAt: at })
    .where(and(sql`${invoices.id} in (${which})`, eq(invoices.status, 'past_due')))
    .returning({ id: invoices.id, payerId: invoices.payerId });
  const marked = sql`select ${invoices.id} from ${invoices} where ${invoices.status} = 'failed' and ${invoices.updatedAt} = ${at.getTime()}`;
  return [move, ...endUnpaidStatements(db, marked, at)] as const;
}
