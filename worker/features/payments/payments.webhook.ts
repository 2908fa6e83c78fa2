import { and, eq, inArray, or } from 'drizzle-orm';
import { paymentEvents, payments, type PaymentRow } from '#db/schema/index.ts';
import type { WebhookOutcome } from '#worker/lib/payments/gateway.ts';
import { CAPTURABLE, settlePayment } from '#worker/lib/payments/records.ts';
import { gatewayFor } from '#worker/lib/payments/registry.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';

async function paymentOf(ctx: ServiceCtx, gateway: string, o: WebhookOutcome): Promise<PaymentRow | undefined> {
  const match = or(
    o.paymentRecordId ? eq(payments.id, o.paymentRecordId) : undefined,
    o.sessionId ? eq(payments.sessionId, o.sessionId) : undefined,
    o.providerPaymentId ? eq(payments.providerPaymentId, o.providerPaymentId) : undefined,
  );
  if (!match) return undefined;
  return ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway as PaymentRow['gateway']), match))
    .get();
}

/** What the event does to our payment; each step is conditional on the state, so it only moves forward. */
async function apply(ctx: ServiceCtx, payment: PaymentRow, o: WebhookOutcome) {
  const at = new Date();
  // A cancelled row is open to the provider's word too: a capture is refunded, a refund recorded.
  const open = (CAPTURABLE as readonly string[]).includes(payment.status);
  if (o.effect === 'succeeded' && open)
    await settlePayment(ctx, SETTLEMENTS[payment.purchaseType], payment, o.providerPaymentId ?? payment.sessionId);
  if (o.effect === 'failed') {
    const reason = `Reported by ${payment.gateway}: ${o.type}`;
    const settlement = SETTLEMENTS[payment.purchaseType];
    const follow = (await settlement?.failed?.(ctx.db, payment.purchaseId, { paymentId: payment.id, at, reason })) ?? [];
    const [moved] = await batch(ctx.db, [
      ctx.db
        .update(payments)
        .set({ status: 'failed', failureReason: reason, updatedAt: at })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'created')))
        .returning({ id: payments.id }),
      ...follow,
    ]);
    if (moved.length) settlement?.afterFailed?.(ctx, payment.purchaseId);
  }
  if (o.effect === 'refunded' && open) {
    // Refunded at the provider before we settled it (say, from its dashboard): it never paid the purchase.
    await ctx.db
      .update(payments)
      .set({ status: 'refunded', providerPaymentId: o.providerPaymentId ?? null, refundedAt: at, updatedAt: at })
      .where(and(eq(payments.id, payment.id), inArray(payments.status, CAPTURABLE)));
    return;
  }
  if (o.effect === 'refunded') {
    const follow = SETTLEMENTS[payment.purchaseType]?.refunded(ctx.db, payment.purchaseId, { paymentId: payment.id, at }) ?? [];
    await ctx.db.batch([
      ctx.db
        .update(payments)
        .set({ status: 'refunded', refundedAt: at, updatedAt: at })
        .where(and(eq(payments.id, payment.id), eq(payments.status, 'succeeded'))),
      ...follow,
    ]);
  }
}

/**
 * POST /api/payments/webhooks/:gateway: the adapter checks the signature (400 otherwise); the event id
 * is recorded first, so a replay is acknowledged and changes nothing; if acting on it fails, the record
 * goes again so the provider's retry is processed.
 */
export async function handleWebhook(ctx: ServiceCtx, gateway: string, request: { rawBody: string; headers: Headers }) {
  const outcome = await gatewayFor(ctx.config, ctx.origin, gateway).webhook(request);
  const payment = outcome.effect === 'ignored' ? undefined : await paymentOf(ctx, gateway, outcome);
  const fresh = await ctx.db
    .insert(paymentEvents)
    .values({ gateway, eventId: outcome.eventId, type: outcome.type, paymentId: payment?.id ?? null })
    .onConflictDoNothing()
    .returning({ eventId: paymentEvents.eventId });
  if (!fresh.length) return { received: true, duplicate: true };
  if (!payment) return { received: true, ignored: true };
  try {
    await apply(ctx, payment, outcome);
  } catch (err) {
    await ctx.db.delete(paymentEvents).where(and(eq(paymentEvents.gateway, gateway), eq(paymentEvents.eventId, outcome.eventId)));
    throw err;
  }
  return { received: true };
}
