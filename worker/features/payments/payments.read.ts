import { and, asc, desc, eq, gte, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import { profileName } from '#core/users/person-name.ts';
import type { PaymentPayer, PaymentView } from '#core/shop/views.ts';
import { isAdminCapable } from '#core/roles.ts';
import type { AllPaymentsQueryInput, MyPaymentsQueryInput } from '#core/shop/payment-schemas.ts';
import { payments, users, type PaymentRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { schoolCurrency } from '#worker/lib/payments/currency.ts';
import { PAYMENT_MESSAGES } from '#worker/lib/payments/records.ts';
import { serializePayment } from '#worker/lib/payments/serialize.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';

const newestFirst = [desc(payments.createdAt), desc(payments.id)];

/** GET /api/payments/currency: the school's currency settings. */
export const paymentCurrency = (ctx: ServiceCtx) => schoolCurrency(ctx.db);

/** A payment the caller may see: their own, or any for the school's staff; others' do not exist (404). */
export async function visiblePayment(ctx: ServiceCtx, id: string): Promise<PaymentRow> {
  const user = signedIn(ctx);
  const row = await ctx.db.select().from(payments).where(eq(payments.id, id)).get();
  if (!row || (row.userId !== user.id && !isAdminCapable(user.role))) throw notFound(PAYMENT_MESSAGES.notFound);
  return row;
}

/** GET /api/payments/user: the caller's payments, newest first. */
export async function myPayments(ctx: ServiceCtx, q: MyPaymentsQueryInput) {
  const user = signedIn(ctx);
  const where = and(
    eq(payments.userId, user.id),
    q.status ? eq(payments.status, q.status) : undefined,
    q.purchaseType ? eq(payments.purchaseType, q.purchaseType) : undefined,
  );
  const { rows, pagination } = await listPage(ctx.db, { table: payments, where, orderBy: newestFirst, page: q.page, limit: q.limit });
  return { payments: rows.map(serializePayment), pagination };
}

/** GET /api/payments/user/:orderId: the caller's payments for one purchase, oldest first. */
export async function paymentsOfPurchase(ctx: ServiceCtx, purchaseId: string) {
  const user = signedIn(ctx);
  const rows = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseId, purchaseId), eq(payments.userId, user.id)))
    .orderBy(asc(payments.createdAt), asc(payments.id))
    .limit(100);
  return rows.map(serializePayment);
}

const dayStart = (date: string) => new Date(`${date}T00:00:00Z`);
const nextDay = (date: string) => new Date(dayStart(date).getTime() + 86_400_000);

/** Search matches our ids, the gateway's ids or the payer's e-mail. */
function searchOf(term: string): SQL {
  return or(
    eq(payments.id, term),
    eq(payments.purchaseId, term),
    eq(payments.sessionId, term),
    eq(payments.providerPaymentId, term),
    sql`${payments.userId} in (select ${users.id} from ${users} where ${likeAny(term, [users.email])})`,
  )!;
}

/** The payers of these payments (name and e-mail), in one statement. */
async function withPayers(ctx: ServiceCtx, rows: readonly PaymentRow[]): Promise<PaymentView[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.userId ? [r.userId] : [])))];
  const found = ids.length
    ? await ctx.db.select({ id: users.id, email: users.email, profile: users.profile }).from(users).where(inArray(users.id, ids))
    : [];
  const payers = new Map<string, PaymentPayer>(found.map((u) => [u.id, { name: profileName(u.profile, u.email), email: u.email }]));
  return rows.map((r) => ({ ...serializePayment(r), payer: (r.userId && payers.get(r.userId)) || null }));
}

/** GET /api/payments/:id: one payment the caller may see, with its payer. */
export async function paymentDetail(ctx: ServiceCtx, id: string): Promise<PaymentView> {
  const [view] = await withPayers(ctx, [await visiblePayment(ctx, id)]);
  return view!;
}

/** GET /api/payments/all (admin-capable): filters, newest first; the page's payers in a second statement. */
export async function allPayments(ctx: ServiceCtx, q: AllPaymentsQueryInput) {
  const where = and(
    q.status ? eq(payments.status, q.status) : undefined,
    q.purchaseType ? eq(payments.purchaseType, q.purchaseType) : undefined,
    q.gateway ? eq(payments.gateway, q.gateway) : undefined,
    q.search ? searchOf(q.search) : undefined,
    q.from ? gte(payments.createdAt, dayStart(q.from)) : undefined,
    q.to ? lt(payments.createdAt, nextDay(q.to)) : undefined,
  );
  const { rows, pagination } = await listPage(ctx.db, { table: payments, where, orderBy: newestFirst, page: q.page, limit: q.limit });
  return { payments: await withPayers(ctx, rows), pagination };
}
