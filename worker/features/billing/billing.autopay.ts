import { and, eq, inArray, sql } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import type { UpcomingCharge } from '#core/billing/views.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentRenewals, invoices, membershipEnrollments, paymentMethods } from '#db/schema/index.ts';
import { AppError, conflict, notFound } from '#worker/lib/errors.ts';
import { actingFor, childIdsOf } from '#worker/lib/family/guardian.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { BILLABLE_STATUSES, upcomingRows } from './billing.queries.ts';
import { serializeUpcoming } from './billing.serialize.ts';

const me = membershipEnrollments;
const r = enrollmentRenewals;

/** GET /api/billing/upcoming: my memberships and my children's, running or past due, the soonest first. */
export async function upcomingCharges(ctx: ServiceCtx): Promise<UpcomingCharge[]> {
  const user = signedIn(ctx);
  const people = [user.id, ...(await childIdsOf(ctx.db, user.id))];
  const { rows, methodOf } = await upcomingRows(ctx.db, and(inArray(me.userId, people), inArray(me.status, BILLABLE_STATUSES))!);
  return rows.map((row) => serializeUpcoming(row, methodOf));
}

/** The membership as the person acted for owns it: the owner, or their guardian; anyone else 404 (never told it exists). */
async function ownedEnrollment(ctx: ServiceCtx, enrollmentId: string, forUserId: string | undefined) {
  const row = await ctx.db.select({ userId: me.userId }).from(me).where(eq(me.id, enrollmentId)).get();
  const acting = row
    ? await actingFor(ctx, forUserId ?? row.userId).catch((err) => (err instanceof AppError ? null : Promise.reject(err)))
    : null;
  if (!row || !acting || acting.userId !== row.userId) throw notFound(ENROLLMENT_MESSAGES.notFound);
  return acting;
}

/**
 * PATCH /api/billing/memberships/:enrollmentId/autopay. On: one conditional UPDATE that holds only for a
 * running or past-due membership with a plan and while the payer (the guardian acting, else the member) has
 * an active method, so a method removed meanwhile cannot slip through. Off: in the same batch, a line not yet
 * being charged (its invoice `open` and not claimed) is cancelled and its invoice re-totalled, void when empty.
 */
export async function setAutopay(ctx: ServiceCtx, enrollmentId: string, input: { autopay: boolean; forUserId?: string | undefined }) {
  const caller = signedIn(ctx);
  const acting = await ownedEnrollment(ctx, enrollmentId, input.forUserId);
  const payerId = acting.asGuardian ? caller.id : null;
  const now = new Date();
  const target = and(eq(me.id, enrollmentId), eq(me.userId, acting.userId));
  if (input.autopay) {
    const [row] = await ctx.db
      .update(me)
      .set({ autopay: true, payerId, updatedAt: now })
      .where(
        and(
          target,
          inArray(me.status, BILLABLE_STATUSES),
          sql`${me.planId} is not null`,
          sql`exists (select 1 from ${paymentMethods} where ${paymentMethods.userId} = ${payerId ?? acting.userId} and ${paymentMethods.status} = 'active')`,
        ),
      )
      .returning({ id: me.id });
    if (!row) await refuseAutopay(ctx, enrollmentId);
  } else {
    const free = sql`(${invoices.leaseUntil} is null or ${invoices.leaseUntil} < ${now.getTime()})`;
    const openInvoices = sql`select ${invoices.id} from ${invoices} where ${invoices.status} = 'open' and ${free}`;
    const live = sql`${r.status} <> 'cancelled'`;
    await batch(ctx.db, [
      ctx.db.update(me).set({ autopay: false, updatedAt: now }).where(target),
      ctx.db
        .update(r)
        .set({ status: 'cancelled', updatedAt: now })
        .where(
          and(
            eq(r.enrollmentId, enrollmentId),
            eq(r.kind, 'membership'),
            eq(r.status, 'pending_payment'),
            sql`${r.invoiceId} in (${openInvoices})`,
          ),
        ),
      ctx.db
        .update(invoices)
        .set({
          subtotalCents: sql`(select coalesce(sum(${r.priceCents} - ${r.discountCents}), 0) from ${r} where ${r.invoiceId} = ${invoices.id} and ${live})`,
          taxCents: sql`(select coalesce(sum(${r.gstCents}), 0) from ${r} where ${r.invoiceId} = ${invoices.id} and ${live})`,
          totalCents: sql`(select coalesce(sum(${r.totalCents}), 0) from ${r} where ${r.invoiceId} = ${invoices.id} and ${live})`,
          status: sql`case when exists (select 1 from ${r} where ${r.invoiceId} = ${invoices.id} and ${live}) then ${invoices.status} else 'void' end`,
          voidedAt: sql`case when exists (select 1 from ${r} where ${r.invoiceId} = ${invoices.id} and ${live}) then ${invoices.voidedAt} else ${now.getTime()} end`,
          updatedAt: now,
        })
        .where(
          and(
            eq(invoices.status, 'open'),
            free,
            sql`${invoices.id} in (select ${r.invoiceId} from ${r} where ${r.enrollmentId} = ${enrollmentId} and ${r.status} = 'cancelled')`,
          ),
        ),
    ]);
  }
  const { rows, methodOf } = await upcomingRows(ctx.db, eq(me.id, enrollmentId));
  return serializeUpcoming(rows[0]!, methodOf);
}

/** Why turning autopay on changed nothing: the membership cannot renew by itself, or the payer has no method. */
async function refuseAutopay(ctx: ServiceCtx, enrollmentId: string): Promise<never> {
  const row = await ctx.db.select({ status: me.status, planId: me.planId }).from(me).where(eq(me.id, enrollmentId)).get();
  const billable = row && (BILLABLE_STATUSES as readonly string[]).includes(row.status) && row.planId;
  throw conflict(billable ? BILLING_MESSAGES.noMethod : BILLING_MESSAGES.autopayUnavailable);
}
