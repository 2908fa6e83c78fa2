import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { BILLING_MESSAGES, INVOICE_STATUSES, type InvoiceStatus } from '#core/billing/billing-options.ts';
import { decimalAmount } from '#core/billing/views.ts';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import { atWallTime, localDate, schoolDay } from '#core/time-zone.ts';
import { invoices, payments, users } from '#db/schema/index.ts';
import { invoiceViews } from '#worker/lib/billing/invoice-view.ts';
import { conflict, forbidden, notFound, unavailable } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch, likeAny } from '#worker/lib/sql.ts';
import { chargeInvoice } from './autopay.charge.ts';

/** The admin list's filters: an invoice status, or `declined` (still being retried after a decline: the summary's "failed"). */
export const ADMIN_INVOICE_FILTERS = [...INVOICE_STATUSES, 'declined'] as const;
export type AdminInvoiceFilter = (typeof ADMIN_INVOICE_FILTERS)[number];

function adminOnly(ctx: ServiceCtx) {
  const me = signedIn(ctx);
  if (!(ADMIN_CAPABLE as readonly string[]).includes(me.role)) throw forbidden();
}

const sumOf = (cond: SQL) => ({
  count: sql<number>`coalesce(sum(case when ${cond} then 1 else 0 end), 0)`.mapWith(Number),
  cents: sql<number>`coalesce(sum(case when ${cond} then ${invoices.totalCents} else 0 end), 0)`.mapWith(Number),
});
const money = (m: { count: number; cents: number }) => ({ count: m.count, total: decimalAmount(m.cents), totalCents: m.cents });

const declined = sql`${invoices.status} = 'open' and ${invoices.failures} > 0`;

/** The last 12 calendar months in the school's zone, oldest first: 'YYYY-MM' with their bounds. */
function lastMonths(nowMs: number, zone: string) {
  const today = localDate(0, nowMs, zone);
  return Array.from({ length: 12 }, (_, i) => {
    const d = new Date(Date.UTC(today.y, today.month - 1 - (11 - i), 1));
    const next = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
    return {
      month: `${d.getUTCFullYear()}-${String(d.getUTCMonth() + 1).padStart(2, '0')}`,
      from: atWallTime(d.getUTCFullYear(), d.getUTCMonth() + 1, 1, 0, 0, zone).getTime(),
      to: atWallTime(next.getUTCFullYear(), next.getUTCMonth() + 1, 1, 0, 0, zone).getTime(),
    };
  });
}

/**
 * GET /api/admin/billing/summary: due today (open invoices whose attempt falls today), declined and being
 * retried, past due — each a count and a total — and the last 12 months' revenue (settled payments, by the
 * school's calendar month): automatic charges and everything else. Two statements in one round trip.
 */
export async function billingSummary(ctx: ServiceCtx, now = new Date()) {
  adminOnly(ctx);
  const zone = await schoolTimeZone(ctx.db);
  const { end } = schoolDay(now.getTime(), zone);
  const months = lastMonths(now.getTime(), zone);
  const inMonth = (m: (typeof months)[number]) => sql`${payments.paidAt} >= ${m.from} and ${payments.paidAt} < ${m.to}`;
  const revenue: Record<string, SQL<number>> = {};
  months.forEach((m, i) => {
    revenue[`a${i}`] =
      sql<number>`coalesce(sum(case when ${inMonth(m)} and ${payments.purchaseType} = 'invoice' then ${payments.amountCents} end), 0)`.mapWith(
        Number,
      );
    revenue[`o${i}`] =
      sql<number>`coalesce(sum(case when ${inMonth(m)} and ${payments.purchaseType} <> 'invoice' then ${payments.amountCents} end), 0)`.mapWith(
        Number,
      );
  });
  const dueToday = sumOf(sql`${invoices.status} = 'open' and ${invoices.failures} = 0 and ${invoices.nextAttemptAt} < ${end.getTime()}`);
  const failed = sumOf(declined);
  const pastDue = sumOf(sql`${invoices.status} = 'past_due'`);
  const [[counts], [sums]] = await batch(ctx.db, [
    ctx.db
      .select({
        dueCount: dueToday.count,
        dueCents: dueToday.cents,
        failedCount: failed.count,
        failedCents: failed.cents,
        pastDueCount: pastDue.count,
        pastDueCents: pastDue.cents,
      })
      .from(invoices)
      .where(sql`${invoices.status} in ('open', 'past_due')`),
    ctx.db
      .select(revenue)
      .from(payments)
      .where(
        and(eq(payments.status, 'succeeded'), sql`${payments.paidAt} >= ${months[0]!.from} and ${payments.paidAt} < ${months.at(-1)!.to}`),
      ),
  ] as const);
  const cents = (key: string) => Number((sums as Record<string, unknown> | undefined)?.[key] ?? 0);
  return {
    dueToday: money({ count: counts?.dueCount ?? 0, cents: counts?.dueCents ?? 0 }),
    failed: money({ count: counts?.failedCount ?? 0, cents: counts?.failedCents ?? 0 }),
    pastDue: money({ count: counts?.pastDueCount ?? 0, cents: counts?.pastDueCents ?? 0 }),
    revenueByMonth: months.map((m, i) => {
      const [auto, other] = [cents(`a${i}`), cents(`o${i}`)];
      return {
        month: m.month,
        total: decimalAmount(auto + other),
        totalCents: auto + other,
        autopay: decimalAmount(auto),
        autopayCents: auto,
        other: decimalAmount(other),
        otherCents: other,
      };
    }),
  };
}

export type AdminInvoiceQuery = { status?: AdminInvoiceFilter | undefined; search?: string | undefined; page: number; limit: number };

/** GET /api/admin/billing/invoices: every payer's invoices (InvoiceView), newest first; by status, number or payer. */
export async function listAdminInvoices(ctx: ServiceCtx, q: AdminInvoiceQuery) {
  adminOnly(ctx);
  const status = q.status === 'declined' ? declined : q.status ? eq(invoices.status, q.status as InvoiceStatus) : undefined;
  const term = q.search?.trim();
  const search = term
    ? sql`(${likeAny(term, [invoices.number])} or ${invoices.payerId} in (select ${users.id} from ${users} where ${likeAny(term, [
        users.email,
        sql`json_extract(${users.profile}, '$.firstName') || ' ' || json_extract(${users.profile}, '$.lastName')`,
      ])}))`
    : undefined;
  const { rows, pagination } = await listPage(ctx.db, {
    table: invoices,
    where: and(status, search),
    orderBy: [desc(invoices.createdAt), desc(invoices.id)],
    page: q.page,
    limit: q.limit,
  });
  return { data: await invoiceViews(ctx.db, rows), pagination };
}

const RETRY_MESSAGES = {
  paid: 'Payment received',
  processing: 'The payment is processing; the gateway will confirm it',
  notChargeable: 'Only a due or past-due invoice can be charged',
  busy: 'This invoice is being charged right now; try again in a few minutes',
  gatewayDown: 'The payment gateway could not be reached; nothing was charged, try again shortly',
} as const;

/** POST /api/admin/billing/invoices/:id/retry: the school charges an open or past-due invoice now (the job's own attempt). */
export async function retryInvoice(ctx: ServiceCtx, id: string) {
  adminOnly(ctx);
  const row = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!row) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  if (row.status !== 'open' && row.status !== 'past_due') throw conflict(RETRY_MESSAGES.notChargeable);
  const result = await chargeInvoice(ctx, id);
  if (result.outcome === 'busy') throw conflict(RETRY_MESSAGES.busy);
  if (result.outcome === 'error') throw unavailable(RETRY_MESSAGES.gatewayDown);
  const [view] = await invoiceViews(ctx.db, [result.invoice]);
  const message =
    result.outcome === 'paid'
      ? RETRY_MESSAGES.paid
      : result.outcome === 'processing'
        ? RETRY_MESSAGES.processing
        : (result.invoice.lastError ?? BILLING_MESSAGES.declined);
  return { data: view!, message, outcome: result.outcome };
}
