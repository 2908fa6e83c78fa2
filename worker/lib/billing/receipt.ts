import { and, eq, isNull } from 'drizzle-orm';
import { BILLING_MESSAGES } from '#core/billing/billing-options.ts';
import { renderReceiptPdf, type ReceiptPdfInput } from '#core/billing/receipt-pdf.ts';
import { currencySettings } from '#core/shop/currency.ts';
import { formatMoney } from '#core/money.ts';
import { calendarDay } from '#core/time-zone.ts';
import { profileName } from '#core/users/person-name.ts';
import { enrollmentRenewals, invoices, membershipEnrollments, paymentMethods, users } from '#db/schema/index.ts';
import { receiptUrl } from '#worker/lib/billing/invoice-view.ts';
import { schoolBranding } from '#worker/lib/certificates/prepare.ts';
import { notFound } from '#worker/lib/errors.ts';
import { notify } from '#worker/lib/notify.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Where an invoice's receipt PDF is kept in R2. */
export const receiptKeyOf = (invoiceId: string) => `receipts/${invoiceId}.pdf`;

/** What a paid invoice's receipt is drawn from: its frozen rows only, so it can be drawn again byte for byte. */
async function receiptInput(ctx: ServiceCtx, invoiceId: string): Promise<ReceiptPdfInput | null> {
  const found = await ctx.db
    .select({ invoice: invoices, email: users.email, profile: users.profile, method: paymentMethods })
    .from(invoices)
    .innerJoin(users, eq(users.id, invoices.payerId))
    .leftJoin(paymentMethods, eq(paymentMethods.id, invoices.paymentMethodId))
    .where(eq(invoices.id, invoiceId))
    .get();
  if (!found || found.invoice.status !== 'paid' || !found.invoice.paidAt) return null;
  const lines = await ctx.db
    .select({ renewal: enrollmentRenewals, enrollment: membershipEnrollments, profile: users.profile, email: users.email })
    .from(enrollmentRenewals)
    .innerJoin(membershipEnrollments, eq(membershipEnrollments.id, enrollmentRenewals.enrollmentId))
    .innerJoin(users, eq(users.id, membershipEnrollments.userId))
    .where(eq(enrollmentRenewals.invoiceId, invoiceId))
    .orderBy(enrollmentRenewals.id);
  const [zone, branding] = await Promise.all([schoolTimeZone(ctx.db), schoolBranding(ctx, false)]);
  const day = (at: Date) => calendarDay(at, zone);
  const currency = currencySettings(found.invoice.currency);
  const m = found.method;
  return {
    schoolName: branding.schoolName,
    number: found.invoice.number,
    payerName: profileName(found.profile, found.email),
    payerEmail: found.email,
    paidOn: day(found.invoice.paidAt),
    currency: currency.code,
    currencySymbol: currency.symbol,
    lines: lines
      .filter((l) => l.renewal.status === 'paid' || l.renewal.status === 'refunded')
      .map((l) => ({
        description: `${l.enrollment.membershipName} — ${l.enrollment.planName}`,
        person: profileName(l.profile, l.email),
        period:
          l.renewal.periodStartsAt && l.renewal.periodEndsAt ? `${day(l.renewal.periodStartsAt)} to ${day(l.renewal.periodEndsAt)}` : '',
        amountCents: l.renewal.totalCents,
      })),
    subtotalCents: found.invoice.subtotalCents,
    taxCents: found.invoice.taxCents,
    totalCents: found.invoice.totalCents,
    paymentMethod: m ? [m.brand ?? m.gateway, m.last4 ? `ending ${m.last4}` : null].filter(Boolean).join(' ') : null,
  };
}

/** The receipt PDF of a paid invoice: the stored copy, else drawn (deterministically) and stored. 404 when not paid. */
export async function receiptPdf(ctx: ServiceCtx, invoiceId: string): Promise<Uint8Array> {
  const stored = await ctx.storage.get(receiptKeyOf(invoiceId));
  if (stored) return new Uint8Array(await stored.arrayBuffer());
  const input = await receiptInput(ctx, invoiceId);
  if (!input) throw notFound(BILLING_MESSAGES.invoiceNotFound);
  const bytes = await renderReceiptPdf(input);
  await ctx.storage.put(receiptKeyOf(invoiceId), bytes, {
    httpMetadata: { contentType: 'application/pdf' },
    customMetadata: { number: input.number },
  });
  return bytes;
}

/**
 * After an invoice is paid: its receipt PDF stored in R2, then the payer told once (the stamp receiptSentAt is
 * written by one conditional UPDATE and only the call that wrote it sends) — in-app and by e-mail with the link.
 */
export async function sendReceipt(ctx: ServiceCtx, invoiceId: string) {
  const input = await receiptInput(ctx, invoiceId);
  if (!input) return;
  await receiptPdf(ctx, invoiceId);
  const [claimed] = await ctx.db
    .update(invoices)
    .set({ receiptKey: receiptKeyOf(invoiceId), receiptSentAt: new Date() })
    .where(and(eq(invoices.id, invoiceId), eq(invoices.status, 'paid'), isNull(invoices.receiptSentAt)))
    .returning();
  if (!claimed) return;
  const total = `${formatMoney(input.totalCents, input.currencySymbol)} ${input.currency}`;
  const body = `Thank you: your automatic payment of ${total} for invoice ${input.number} was received.`;
  const link = `${ctx.origin}${receiptUrl(invoiceId)}`;
  const lines = [body, ...input.lines.map((l) => `${l.description} — ${l.person}${l.period ? ` (${l.period})` : ''}`)];
  await notify(ctx, [claimed.payerId], {
    title: 'Payment received',
    body,
    type: 'success',
    eventType: 'invoice_paid',
    entityType: 'invoice',
    entityId: invoiceId,
    data: { invoiceId },
    actions: [{ action: 'view', title: 'Download receipt', url: receiptUrl(invoiceId) }],
  });
  await ctx.mailer.send({
    to: input.payerEmail,
    subject: `Receipt for invoice ${input.number}`,
    text: [...lines, '', `Receipt (PDF): ${link}`].join('\n'),
    html: [...lines.map((l) => `<p>${escapeHtml(l)}</p>`), `<p><a href="${escapeHtml(link)}">Download the receipt (PDF)</a></p>`].join(
      '\n',
    ),
    kind: 'invoice_receipt',
    userId: claimed.payerId,
  });
}
