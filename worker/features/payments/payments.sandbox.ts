import { and, eq } from 'drizzle-orm';
import { payments, type PaymentRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { sandboxOffered } from '#worker/lib/payments/registry.ts';
import { sandboxApproval } from '#worker/lib/payments/sandbox.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export const SANDBOX_MESSAGES = {
  notFound: 'This test payment does not exist',
  closed: 'This test payment is no longer open',
  declined: 'The payment was declined',
} as const;

/** The open sandbox session behind a checkout URL (the sandbox exists only where it is offered). */
export async function sandboxSession(ctx: ServiceCtx, sessionId: string): Promise<PaymentRow> {
  if (!sandboxOffered(ctx.config)) throw notFound(SANDBOX_MESSAGES.notFound);
  const row = await ctx.db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, 'sandbox'), eq(payments.sessionId, sessionId)))
    .get();
  if (!row) throw notFound(SANDBOX_MESSAGES.notFound);
  return row;
}

/**
 * What the sandbox's Approve and Decline do: Approve hands back a signed proof (the payment stays
 * `created` until verify-payment checks it, as with a real gateway); Decline fails the payment.
 */
export async function sandboxOutcome(ctx: ServiceCtx, sessionId: string, outcome: 'approve' | 'decline') {
  const row = await sandboxSession(ctx, sessionId);
  if (row.status !== 'created') throw conflict(SANDBOX_MESSAGES.closed);
  if (outcome === 'approve') return { approved: true as const, proof: await sandboxApproval(ctx.config, sessionId), payment: row };
  await ctx.db
    .update(payments)
    .set({ status: 'failed', failureReason: SANDBOX_MESSAGES.declined, updatedAt: new Date() })
    .where(and(eq(payments.id, row.id), eq(payments.status, 'created')));
  return { approved: false as const, payment: row };
}
