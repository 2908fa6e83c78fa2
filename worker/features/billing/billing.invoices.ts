import { desc, eq } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { BILLING_INPUT_MESSAGES } from '#core/billing/billing-schemas.ts';
import type { InvoiceView } from '#core/billing/views.ts';
import { invoices, type InvoiceRow } from '#db/schema/index.ts';
import { chargeInvoice } from '#worker/invoice-charge.ts';
import { invoiceViews } from '#worker/lib/billing/invoice-view.ts';
import { receiptPdf } from '#worker/lib/billing/receipt.ts';
import { conflict, notFound, unavailable } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { isStaffRole } from '#worker/lib/progression/student-access.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';

/** GET /api/billing/invoices: the invoices I pay (mine and my children's dues), newest first. */
export async function listInvoices(ctx: ServiceCtx, query: { page: number; limit: number }) {
  const user = signedIn(ctx);
  const { rows, pagination } = await listPage(ctx.db, {
    table: invoices,
    where: eq(invoices.payerId, user.id),
    orderBy: [desc(invoices.createdAt), desc(invoices.id)],
    page: query.page,
    limit: query.limit,
  });
  return { invoices: await invoiceViews(ctx.db, rows), pagination };
}

/** An invoice its payer or the school's staff may see; anyone else 404 (never told it exists). */
async function visibleInvoice(ctx: ServiceCtx, id: string, payerOnly = false): Promise<InvoiceRow> {
  const user = signedIn(ctx);
  const row = await ctx.db.select().from(invoices).where(eq(invoices.id, id)).get();
  if (!row || (row.payerId !== user.id && (payerOnly || !isStaffRole(user.role)))) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return row;
}

/** GET /api/billing/invoices/:id */
export async function getInvoice(ctx: ServiceCtx, id: string): Promise<InvoiceView> {
  const [view] = await invoiceViews(ctx.db, [await visibleInvoice(ctx, id)]);
  return view!;
}

/** GET /api/billing/invoices/:id/receipt: the paid invoice's receipt PDF (404 before it is paid). */
export async function invoiceReceipt(ctx: ServiceCtx, id: string) {
  const row = await visibleInvoice(ctx, id);
  if (row.status !== 'paid') throw notFound(BILLING_MESSAGES.invoiceNotFound);
  return { bytes: await receiptPdf(ctx, id), number: row.number };
}

/**
 * POST /api/billing/invoices/:id/pay: the payer's "Pay now" on a due or past-due invoice, through the renewal
 * job's own claim and charge (one attempt, one idempotency key), with their current default method.
 */
export async function payInvoice(ctx: ServiceCtx, id: string): Promise<{ invoice: InvoiceView; message: string }> {
  const row = await visibleInvoice(ctx, id, true);
  if (row.status !== 'open' && row.status !== 'past_due') throw conflict(BILLING_INPUT_MESSAGES.notPayable);
  const result = await chargeInvoice(ctx, id);
  if (result.outcome === 'busy') throw conflict(BILLING_INPUT_MESSAGES.busy);
  if (result.outcome === 'error') throw unavailable(BILLING_INPUT_MESSAGES.gatewayDown);
  const [invoice] = await invoiceViews(ctx.db, [result.invoice]);
  const message =
    result.outcome === 'paid'
      ? BILLING_INPUT_MESSAGES.paid
      : result.outcome === 'processing'
        ? BILLING_INPUT_MESSAGES.processing
        : (result.invoice.lastError ?? BILLING_MESSAGES.declined);
  return { invoice: invoice!, message };
}
