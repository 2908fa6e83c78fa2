import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { ENROLLMENT_MESSAGES, REFUNDED_ON_CANCEL_FROM } from '#core/enrollments/enrollment-status.ts';
import { isAdminCapable } from '#core/roles.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { isGuardianOf } from '#worker/lib/family/guardian.ts';
import { refundAtGateway } from '#worker/lib/payments/refund.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import type { EnrolmentKind, PurchaseTable } from './kind.ts';

type Row<T extends PurchaseTable> = T['$inferSelect'];
const among = (list: readonly string[], status: string) => list.includes(status);

/** The row as it is now; 404 when it is gone. */
export async function currentRow<T extends PurchaseTable>(ctx: ServiceCtx, kind: EnrolmentKind<T>, id: string): Promise<Row<T>> {
  const t = kind.table as PurchaseTable;
  const row = await ctx.db.select().from(t).where(eq(t.id, id)).get();
  if (!row) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return row as Row<T>;
}

/** Money taken before it became active: what cancel and reject give back at the gateway (decision 012). */
export const refundable = (row: { paymentStatus: string; status: string }) =>
  row.paymentStatus === 'paid' && among(REFUNDED_ON_CANCEL_FROM, row.status);

/** `paid and status in (pending_approval, approved)` in SQL: the money the refund-first move gives back. */
export const paidBeforeActive = (kind: EnrolmentKind) =>
  sql`(${kind.table.paymentStatus} = 'paid' and ${kind.table.status} in (${sql.join(
    REFUNDED_ON_CANCEL_FROM.map((s) => sql`${s}`),
    sql`, `,
  )}))`;

/**
 * Ends a purchase (cancel, reject) with two looks: a payment taken before it became active is refunded
 * at its gateway FIRST (a failing provider leaves it unchanged, 503), then ONE conditional statement
 * (the kind's cancel, narrowed by `narrow(refunded)` to the payment state seen) moves it and gives back
 * what it holds. A payment landing in between makes the statement match nothing; the second look sees
 * it and refunds it. A loser of a race, or a status `from` does not allow, is 409 `cannot(status)`.
 */
export async function endPurchase<T extends PurchaseTable>(
  ctx: ServiceCtx,
  kind: EnrolmentKind<T>,
  row: Row<T>,
  opts: {
    from: readonly string[];
    reason: string;
    cannot: (status: string) => string;
    /** What the move sets besides the status (its reason, who), given whether money was refunded. */
    set: (refunded: boolean) => Record<string, unknown>;
    /** The payment state the move requires, given whether money was refunded. */
    narrow: (row: Row<T>, refunded: boolean) => SQL | undefined;
  },
): Promise<{ moved: Row<T>; refunded: boolean }> {
  const by = signedIn(ctx).id;
  for (let look = 0; look < 2; look++) {
    if (!among(opts.from, row.status)) throw conflict(opts.cannot(row.status));
    const refund = refundable(row);
    if (refund) await refundAtGateway(ctx, kind.purchaseType, row.id, opts.reason, 'enrollment');
    const [moved] = await batch(
      ctx.db,
      kind.cancelStatements(ctx.db, {
        which: sql`${kind.table.id} = ${row.id}`,
        from: opts.from,
        at: new Date(),
        set: { cancelReason: opts.reason, cancelledBy: by, ...opts.set(refund) },
        where: opts.narrow(row, refund),
      }),
    );
    if (moved[0]) return { moved: moved[0], refunded: refund };
    row = await currentRow(ctx, kind, row.id);
  }
  throw conflict(opts.cannot(row.status));
}

/**
 * Approve (decision 012): ONE conditional UPDATE from the kind's approvable statuses; paid or free it is
 * active at once (its period starts now), otherwise approved, awaiting the payment. 409 in words otherwise.
 */
export async function approvePurchase<T extends PurchaseTable>(
  ctx: ServiceCtx,
  kind: EnrolmentKind<T>,
  id: string,
  approvalNotes: string | undefined,
): Promise<Row<T>> {
  const user = signedIn(ctx);
  const t = kind.table as PurchaseTable;
  const at = new Date();
  const settled = sql`${t.paymentStatus} in ('paid', 'free')`;
  const moved = await ctx.db
    .update(t)
    .set({
      status: sql`case when ${settled} then 'active' else 'approved' end`,
      ...kind.startsPeriod(settled, at),
      approvedAt: at,
      approvedBy: user.id,
      approvalNotes: approvalNotes ?? null,
      updatedAt: at,
    })
    .where(and(eq(t.id, id), inArray(t.status, [...kind.moves.approve] as Row<T>['status'][])))
    .returning()
    .get();
  if (!moved) throw conflict(ENROLLMENT_MESSAGES.cannotApprove((await currentRow(ctx, kind, id)).status));
  return moved as Row<T>;
}

/** The purchase read, or 404 in the enrolments' words. */
export function mustExist<R>(found: R | null | undefined): R {
  if (!found) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return found;
}

/**
 * 404 unless the purchase exists and is the caller's own or their child's (issue 26), or (unless `ownerOnly`:
 * renew, pay) the caller is admin-capable.
 */
export async function mustSee(ctx: ServiceCtx, ownerId: string | undefined, ownerOnly = false): Promise<void> {
  const user = signedIn(ctx);
  if (ownerId && (ownerId === user.id || (!ownerOnly && isAdminCapable(user.role)))) return;
  if (!ownerId || !(await isGuardianOf(ctx.db, user.id, ownerId))) throw notFound(ENROLLMENT_MESSAGES.notFound);
}
