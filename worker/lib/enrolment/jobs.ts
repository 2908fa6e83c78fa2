import { sql } from 'drizzle-orm';
import { ENROLLMENT_CANCEL_REASONS, REFUNDED_ON_CANCEL_FROM } from '#core/enrollments/enrollment-status.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import type { EnrolmentKind } from './kind.ts';
import { cancelRenewalStatements, unpaidRenewals } from './renewals.ts';

/** At most this many purchases (and renewals) end per run; the next minute takes the rest. */
export const UNPAID_BATCH = 500;

/** A scheduled job of a feature (worker/scheduled.ts runs every job every minute; each is idempotent). */
export type Job = { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> };

/**
 * Unpaid purchases of `kind` past their payment window are cancelled ('Payment not received in time') by
 * the kind's ONE conditional cancel (on the due index), giving back what they hold in the same batch. A
 * payment verified later finds the purchase cancelled and is refunded.
 */
export async function cancelUnpaidPurchases(ctx: Pick<ServiceCtx, 'db'>, kind: EnrolmentKind, now: Date) {
  const t = kind.table;
  const before = sql.join(
    REFUNDED_ON_CANCEL_FROM.map((s) => sql`${s}`),
    sql`, `,
  );
  const due = sql`select ${t.id} from ${t} where ${t.paymentStatus} = 'pending' and ${t.paymentDueAt} <= ${now.getTime()} and ${t.status} in (${before}) order by ${t.paymentDueAt} limit ${UNPAID_BATCH}`;
  const [moved] = await batch(
    ctx.db,
    kind.cancelStatements(ctx.db, {
      which: sql`${t.id} in (${due})`,
      from: REFUNDED_ON_CANCEL_FROM,
      at: now,
      set: { cancelReason: ENROLLMENT_CANCEL_REASONS.unpaid },
      where: sql`${t.paymentStatus} = 'pending' and ${t.paymentDueAt} <= ${now.getTime()}`,
    }),
  );
  return { cancelled: moved.map((r) => r.id) };
}

/** Unpaid renewals of `kind` past their window end the same way, their coupon uses back (the enrolment stays as it is). */
export async function cancelUnpaidRenewals(ctx: Pick<ServiceCtx, 'db'>, kind: EnrolmentKind, now: Date) {
  const [moved] = await ctx.db.batch([...cancelRenewalStatements(ctx.db, kind, unpaidRenewals(kind, now, UNPAID_BATCH), now)]);
  return { cancelled: moved.map((r) => r.id) };
}
