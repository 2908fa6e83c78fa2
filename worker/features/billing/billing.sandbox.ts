import { and, eq } from 'drizzle-orm';
import { paymentMethods } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { sandboxOffered } from '#worker/lib/payments/registry.ts';
import { isSandboxSetupId, sandboxSetupApproval, type SandboxCard } from '#worker/lib/payments/sandbox-vault.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

export const SANDBOX_SETUP_MESSAGES = { notFound: 'This test card setup does not exist' } as const;

/** Whether a sandbox setup is still open (pending); 404 where the sandbox is not offered or the id is unknown. */
export async function sandboxSetupOpen(ctx: ServiceCtx, setupId: string): Promise<boolean> {
  if (!sandboxOffered(ctx.config) || !isSandboxSetupId(setupId)) throw notFound(SANDBOX_SETUP_MESSAGES.notFound);
  const row = await ctx.db
    .select({ status: paymentMethods.status })
    .from(paymentMethods)
    .where(and(eq(paymentMethods.gateway, 'sandbox'), eq(paymentMethods.setupId, setupId)))
    .get();
  if (!row) throw notFound(SANDBOX_SETUP_MESSAGES.notFound);
  return row.status === 'pending';
}

/** The setup page's "Save card": the signed proof the browser carries back to complete the method. */
export async function sandboxSetupProof(ctx: ServiceCtx, setupId: string, card: SandboxCard) {
  await sandboxSetupOpen(ctx, setupId);
  return sandboxSetupApproval(ctx.config, setupId, card);
}
