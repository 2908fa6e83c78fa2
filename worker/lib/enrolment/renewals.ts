import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { newId } from '#core/ids.ts';
import type { Db } from '#db/client.ts';
import { enrollmentRenewals } from '#db/schema/index.ts';
import { releaseCouponUsesOf } from '#worker/lib/coupon-uses.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { EnrolmentKind } from './kind.ts';

const r = enrollmentRenewals;
const stamped = (token: string) => sql`select ${r.id} from ${r} where ${r.releaseToken} = ${token}`;

/** The coupon uses of the renewals a statement stamped with `token`, back. */
export const renewalCouponRelease = (db: Db, kind: Pick<EnrolmentKind, 'renewalPurchaseType'>, token: string, at: Date) =>
  releaseCouponUsesOf(db, kind.renewalPurchaseType, stamped(token), at);

/** Renewals of `kind` still awaiting payment that `which` selects: cancelled, stamped, their coupon uses back (one batch). */
export function cancelRenewalStatements(
  db: Db,
  kind: Pick<EnrolmentKind, 'name' | 'renewalPurchaseType'>,
  which: ReturnType<typeof sql>,
  at: Date,
) {
  const token = newId();
  return [
    db
      .update(r)
      .set({ status: 'cancelled', releaseToken: token, updatedAt: at })
      .where(and(which, eq(r.kind, kind.name), eq(r.status, 'pending_payment')))
      .returning({ id: r.id }),
    renewalCouponRelease(db, kind, token, at),
  ] as const;
}

/** The renewal's payment could not be started: it ends and its coupon use comes back at once. */
export const abandonRenewal = (ctx: ServiceCtx, kind: EnrolmentKind, renewalId: string) =>
  ctx.db.batch([...cancelRenewalStatements(ctx.db, kind, sql`${r.id} = ${renewalId}`, new Date())]);

/**
 * Unpaid renewals of `kind` past their payment window (at most `limit`, on the due index), as `cancelRenewalStatements`.
 * Automatic renewals are not among them: their invoice's dunning ends them (worker/features/autopay).
 */
export const unpaidRenewals = (kind: EnrolmentKind, now: Date, limit: number) =>
  sql`${r.id} in (select ${r.id} from ${r} where ${r.status} = 'pending_payment' and ${r.paymentDueAt} <= ${now.getTime()} and ${r.kind} = ${kind.name} and ${r.autopayFor} is null order by ${r.paymentDueAt} limit ${limit})`;

/** An automatic renewal of the enrolment `enrollmentId` (a column or id) still being charged. */
export const pendingAutopaySql = (enrollmentId: SQL | SQLiteColumn) =>
  sql`exists (select 1 from ${r} where ${r.enrollmentId} = ${enrollmentId} and ${r.status} = 'pending_payment' and ${r.autopayFor} is not null)`;

/**
 * A renewal the member started by hand still awaiting its payment. The two kinds never wait together: a manual
 * renewal is refused while an automatic one is charged, and the job invoices no membership a member is renewing,
 * so one period is never paid twice (and a late automatic charge never moves an end a manual one set).
 */
export const pendingManualRenewalSql = (enrollmentId: SQL | SQLiteColumn) =>
  sql`exists (select 1 from ${r} where ${r.enrollmentId} = ${enrollmentId} and ${r.status} = 'pending_payment' and ${r.autopayFor} is null)`;

/**
 * How long an autopay membership past its end waits for the renewal job to invoice it: the job invoices a
 * bounded number per run, so after a backlog (many due at once, a cron that was down) the rest are reached in
 * the next minutes and must not be expired meanwhile. A day later (a withdrawn plan it cannot price) it may end.
 */
export const AUTOPAY_INVOICE_WAIT_MS = 86_400_000;

/** The membership (its id, autopay and end columns) is held by autopay at `nowMs`: being charged, or awaiting its invoice. */
export const autopayHoldsSql = (m: { id: SQL | SQLiteColumn; autopay: SQL | SQLiteColumn; endsAt: SQL | SQLiteColumn }, nowMs: number) =>
  sql`(${pendingAutopaySql(m.id)} or (${m.autopay} = 1 and ${m.endsAt} > ${nowMs - AUTOPAY_INVOICE_WAIT_MS}))`;

/** The renewal row (after the statements that wrote it). */
export const renewalRow = async (ctx: ServiceCtx, id: string) => (await ctx.db.select().from(r).where(eq(r.id, id)).get())!;
