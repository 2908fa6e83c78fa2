import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { enrollmentTotals, percentToBp, planDiscountCents } from '#core/enrollments/pricing.ts';
import { newId } from '#core/ids.ts';
import {
  enrollmentRenewals,
  invoices,
  membershipEnrollments,
  membershipPlans,
  memberships,
  paymentMethods,
  type MembershipEnrollmentRow,
} from '#db/schema/index.ts';
import { renewalDefaultGateway } from '#worker/lib/payments/registry.ts';
import { pendingManualRenewalSql } from '#worker/lib/enrolment/renewals.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { insertWhere } from '#worker/lib/sql.ts';
import { dunningPolicy, dunningSpanMs } from './autopay.dunning.ts';

/** At most this many due memberships are invoiced a run; the next run (a minute later) takes the rest. */
export const INVOICE_BATCH = 500;

const me = membershipEnrollments;
const r = enrollmentRenewals;

/** INV-YYYY-NNNNNN: the year's next number, computed inside the INSERT (the unique index backs it). */
const nextNumber = (year: number) => {
  const prefix = `INV-${year}-`;
  return sql`printf('INV-%d-%06d', ${year}, coalesce(cast(substr((select max(${invoices.number}) from ${invoices} where ${invoices.number} > ${prefix} and ${invoices.number} < ${`${prefix}~`}), 10) as integer), 0) + 1)`;
};

/** Autopay memberships due now (their period has ended) that no renewal has been written for yet. */
const dueMemberships = (ctx: ServiceCtx, now: Date) =>
  ctx.db
    .select()
    .from(me)
    .where(
      and(
        eq(me.autopay, true),
        eq(me.status, 'active'),
        lte(me.endsAt, now),
        sql`not exists (select 1 from ${r} where ${r.enrollmentId} = ${me.id} and ${r.autopayFor} = ${me.endsAt})`,
        sql`not ${pendingManualRenewalSql(me.id)}`,
      ),
    )
    .orderBy(me.endsAt)
    .limit(INVOICE_BATCH);

/**
 * Step 1 of the renewal job: ONE invoice per payer (a guardian pays every child's dues in one charge), one
 * renewal line per due membership priced from its plan today (no coupon). Lines are written with ON CONFLICT
 * DO NOTHING on (enrolment, autopayFor), so a second or concurrent run writes none, and an invoice left with
 * no line is deleted in the same batch.
 */
export async function invoiceDueMemberships(ctx: ServiceCtx, now: Date) {
  const due = await dueMemberships(ctx, now);
  if (!due.length) return { invoices: 0, lines: 0 };
  const planIds = [...new Set(due.flatMap((m) => (m.planId ? [m.planId] : [])))];
  const plans = new Map(
    (
      await ctx.db
        .select({ plan: membershipPlans, active: memberships.isActive })
        .from(membershipPlans)
        .innerJoin(memberships, eq(memberships.id, membershipPlans.membershipId))
        .where(inArray(membershipPlans.id, planIds))
    ).map((p) => [p.plan.id, p]),
  );
  const byPayer = new Map<string, MembershipEnrollmentRow[]>();
  for (const m of due) {
    const p = m.planId ? plans.get(m.planId) : undefined;
    // A plan the school withdrew renews no more: the membership ends as a manual one would.
    if (!p?.active || !p.plan.isActive) continue;
    const payer = m.payerId ?? m.userId;
    byPayer.set(payer, [...(byPayer.get(payer) ?? []), m]);
  }
  const payers = [...byPayer.keys()];
  const methods = new Map(
    payers.length
      ? (
          await ctx.db
            .select({ userId: paymentMethods.userId, id: paymentMethods.id, gateway: paymentMethods.gateway })
            .from(paymentMethods)
            .where(and(inArray(paymentMethods.userId, payers), eq(paymentMethods.isDefault, true), eq(paymentMethods.status, 'active')))
        ).map((m) => [m.userId, m])
      : [],
  );
  const span = dunningSpanMs(await dunningPolicy(ctx.db));
  let made = 0;
  let lines = 0;
  for (const [payerId, rows] of byPayer) {
    const method = methods.get(payerId);
    const invoiceId = newId();
    const statements = rows.map((m) => {
      const { plan } = plans.get(m.planId!)!;
      const totals = enrollmentTotals({
        priceCents: plan.priceCents,
        discountCents: planDiscountCents(plan),
        couponDiscountCents: 0,
        gstRateBp: percentToBp(plan.gstRate),
      });
      return insertWhere(
        ctx.db,
        r,
        {
          id: newId(),
          kind: 'membership',
          enrollmentId: m.id,
          userId: m.userId,
          priceCents: totals.priceCents,
          discountCents: totals.discountCents,
          gstCents: totals.gstCents,
          totalCents: totals.totalCents,
          paymentMethod: method?.gateway ?? renewalDefaultGateway(ctx.config),
          currency: MEMBERSHIP_CURRENCY.code,
          paymentDueAt: new Date(m.endsAt!.getTime() + span),
          autopayFor: m.endsAt,
          invoiceId,
          notes: 'Automatic renewal',
          createdAt: now,
          updatedAt: now,
        },
        sql`exists (select 1 from ${me} where ${me.id} = ${m.id} and ${me.status} = 'active' and ${me.autopay} = 1 and ${me.endsAt} = ${m.endsAt!.getTime()}) and not ${pendingManualRenewalSql(sql`${m.id}`)}`,
        true,
      );
    });
    const [, ...results] = await ctx.db.batch([
      ctx.db.insert(invoices).values({
        id: invoiceId,
        number: nextNumber(now.getUTCFullYear()),
        payerId,
        currency: MEMBERSHIP_CURRENCY.code,
        subtotalCents: 0,
        totalCents: 0,
        paymentMethodId: method?.id ?? null,
        dueAt: now,
        nextAttemptAt: now,
        createdAt: now,
        updatedAt: now,
      }),
      ...(statements as [ReturnType<typeof insertWhere>]),
      ctx.db
        .update(invoices)
        .set({
          subtotalCents: sql`(select coalesce(sum(${r.priceCents} - ${r.discountCents}), 0) from ${r} where ${r.invoiceId} = ${invoiceId})`,
          taxCents: sql`(select coalesce(sum(${r.gstCents}), 0) from ${r} where ${r.invoiceId} = ${invoiceId})`,
          totalCents: sql`(select coalesce(sum(${r.totalCents}), 0) from ${r} where ${r.invoiceId} = ${invoiceId})`,
          dueAt: sql`coalesce((select min(${r.autopayFor}) from ${r} where ${r.invoiceId} = ${invoiceId}), ${now.getTime()})`,
        })
        .where(eq(invoices.id, invoiceId)),
      ctx.db
        .delete(invoices)
        .where(and(eq(invoices.id, invoiceId), sql`not exists (select 1 from ${r} where ${r.invoiceId} = ${invoiceId})`)),
    ]);
    const written = (results.slice(0, statements.length) as { id: string }[][]).reduce((n, rows) => n + rows.length, 0);
    if (written) made++;
    lines += written;
  }
  return { invoices: made, lines };
}
