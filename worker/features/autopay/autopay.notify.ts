import { eq } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { formatMoney } from '#core/money.ts';
import { calendarDay } from '#core/time-zone.ts';
import { invoices, users, type InvoiceRow } from '#db/schema/index.ts';
import { notify } from '#worker/lib/notify.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

/** Where a payer updates the payment method and pays now. */
export const BILLING_LINK = '/student/billing';

type PayerNotice = { title: string; body: string; eventType: string; type: 'error' | 'info' };

/** The payer hears (in-app and by e-mail, a billing message whatever their digest choice) with a link to their billing page. */
export function tellPayer(ctx: ServiceCtx, invoiceId: string, notice: (invoice: InvoiceRow, day: (at: Date) => string) => PayerNotice) {
  ctx.defer('invoice notice', async () => {
    const found = await ctx.db
      .select({ invoice: invoices, email: users.email })
      .from(invoices)
      .innerJoin(users, eq(users.id, invoices.payerId))
      .where(eq(invoices.id, invoiceId))
      .get();
    if (!found) return;
    const zone = await schoolTimeZone(ctx.db);
    const n = notice(found.invoice, (at) => calendarDay(at, zone));
    const url = `${ctx.origin}${BILLING_LINK}`;
    await notify(ctx, [found.invoice.payerId], {
      title: n.title,
      body: n.body,
      type: n.type,
      eventType: n.eventType,
      entityType: 'invoice',
      entityId: invoiceId,
      data: { invoiceId },
      actions: [{ action: 'view', title: 'Update payment method', url: BILLING_LINK }],
    });
    await ctx.mailer.send({
      to: found.email,
      subject: n.title,
      text: [n.body, '', `Update your payment method or pay now: ${url}`].join('\n'),
      html: `<p>${escapeHtml(n.body)}</p>\n<p><a href="${escapeHtml(url)}">Update your payment method or pay now</a></p>`,
      kind: n.eventType,
      userId: found.invoice.payerId,
    });
  });
}

const amount = (i: InvoiceRow) => formatMoney(i.totalCents, MEMBERSHIP_CURRENCY.symbol);

/** A declined automatic charge, told as its dunning now stands (retry date, past due until, or ended). */
export function tellOfDecline(ctx: ServiceCtx, invoice: InvoiceRow) {
  tellPayer(ctx, invoice.id, (i, day) => {
    const why = i.lastError ? ` (${i.lastError})` : '';
    if (i.status === 'open')
      return {
        title: 'Automatic payment declined',
        body: `The automatic payment of ${amount(i)} for invoice ${i.number} was declined${why}. We will try again on ${day(i.nextAttemptAt!)}; you can update your payment method or pay now.`,
        eventType: 'invoice_declined',
        type: 'info',
      };
    if (i.status === 'past_due')
      return {
        title: 'Membership payment past due',
        body: `We could not collect ${amount(i)} for invoice ${i.number}${why}. Your membership is past due and ends on ${day(i.expiresAt!)} unless it is paid.`,
        eventType: 'invoice_past_due',
        type: 'error',
      };
    return tellOfEnd(i);
  });
}

const tellOfEnd = (i: InvoiceRow): PayerNotice => ({
  title: 'Membership ended: payment not received',
  body: `Invoice ${i.number} (${amount(i)}) was not paid, so the membership it renews has expired. You can renew it any time.`,
  eventType: 'invoice_failed',
  type: 'error',
});

/** A past-due invoice whose grace is over: its memberships expired. */
export const tellOfExpiry = (ctx: ServiceCtx, invoiceId: string) => tellPayer(ctx, invoiceId, tellOfEnd);
