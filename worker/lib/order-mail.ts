import { asc, eq } from 'drizzle-orm';
import { formatMoney } from '#core/money.ts';
import { bpToPercent } from '#core/shop/cart-totals.ts';
import type { CurrencySettings } from '#core/shop/currency.ts';
import { taxLabel } from '#core/shop/tax-label.ts';
import { orderItems, orders, type OrderItemRow, type OrderRow } from '#db/schema/index.ts';
import type { MailMessage } from '#worker/lib/mailer.ts';
import { currencyOf } from '#worker/lib/payments/currency.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { schoolShopTerms } from '#worker/lib/shop-terms.ts';

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch]!);
const oneLine = (s: string) => s.replace(/[\r\n\t]+/g, ' ').trim();

const choiceOf = (i: OrderItemRow) => [i.size, i.color].filter(Boolean).join(', ');

/** The confirmation a buyer gets once the order is paid: lines, tax (the shop's one label), shipping, total in the order's currency, and the address. */
export function orderConfirmationMail(
  order: OrderRow,
  items: readonly OrderItemRow[],
  currency: CurrencySettings,
  origin: string,
  taxName = '',
): MailMessage {
  const money = (cents: number) => formatMoney(cents, currency);
  const lines = items.map((i) => ({
    label: `${oneLine(i.name)}${choiceOf(i) ? ` (${oneLine(choiceOf(i))})` : ''} × ${i.quantity}`,
    amount: money(i.unitPriceCents * i.quantity),
  }));
  const sums = [
    ['Subtotal', money(order.subtotalCents)],
    ...(order.discountCents ? [[`Discount${order.couponCode ? ` (${order.couponCode})` : ''}`, `-${money(order.discountCents)}`]] : []),
    [
      taxLabel(
        taxName,
        items.map((i) => bpToPercent(i.gstRateBp)),
      ),
      money(order.gstCents),
    ],
    ['Shipping', money(order.shippingCents)],
    ['Total', money(order.totalCents)],
  ] as [string, string][];
  const link = `${origin}/shop/order-complete?orderId=${encodeURIComponent(order.id)}`;
  const name = oneLine(order.contact.name);
  const a = order.shippingAddress;
  const shipTo = [name, a.line1, a.line2, `${a.city}, ${a.province} ${a.postalCode}`, a.country].map(oneLine).filter(Boolean);
  const text = [
    `Hello ${name},`,
    '',
    `Thank you for your order ${order.orderNumber}. Your payment was received.`,
    '',
    ...lines.map((l) => `${l.label}: ${l.amount}`),
    '',
    ...sums.map(([k, v]) => `${k}: ${v}`),
    '',
    'Shipping to:',
    ...shipTo,
    '',
    `Details: ${link}`,
  ].join('\n');
  const row = (k: string, v: string, strong = false) =>
    `<tr><td>${strong ? `<strong>${escapeHtml(k)}</strong>` : escapeHtml(k)}</td><td style="text-align:right">${escapeHtml(v)}</td></tr>`;
  const html = [
    `<p>Hello ${escapeHtml(name)},</p>`,
    `<p>Thank you for your order <strong>${escapeHtml(order.orderNumber)}</strong>. Your payment was received.</p>`,
    '<table cellpadding="4">',
    ...lines.map((l) => row(l.label, l.amount)),
    ...sums.map(([k, v]) => row(k, v, k === 'Total')),
    '</table>',
    `<p><strong>Shipping to</strong><br>${shipTo.map(escapeHtml).join('<br>')}</p>`,
    `<p><a href="${escapeHtml(link)}">View your order</a></p>`,
  ].join('\n');
  return { to: order.contact.email, subject: `Order confirmation ${order.orderNumber}`, text, html, kind: 'order-confirmation' };
}

/** Sends the confirmation after the response (ctx.defer): a failed delivery never fails the payment. */
export function sendOrderConfirmation(ctx: ServiceCtx, orderId: string) {
  ctx.defer('mail order-confirmation', async () => {
    const [found, items] = await ctx.db.batch([
      ctx.db.select().from(orders).where(eq(orders.id, orderId)),
      ctx.db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.position)),
    ]);
    if (!found[0]) return;
    const [currency, terms] = await Promise.all([currencyOf(ctx.db, found[0].currency), schoolShopTerms(ctx)]);
    await ctx.mailer.send(orderConfirmationMail(found[0], items, currency, ctx.origin, terms.taxName));
  });
}
