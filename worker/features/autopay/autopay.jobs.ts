import type { Job } from '#worker/lib/enrolment/jobs.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { chargeDueInvoices } from './autopay.charge.ts';
import { expireStatements, overdueInvoices } from './autopay.dunning.ts';
import { invoiceDueMemberships } from './autopay.invoice.ts';
import { tellOfExpiry } from './autopay.notify.ts';

/** At most this many past-due invoices end a run. */
export const EXPIRE_BATCH = 500;

/** Step 5: past-due invoices whose grace is over become `failed`, their memberships expired; each payer hears once. */
export async function expireOverdueInvoices(ctx: ServiceCtx, now: Date) {
  const [moved] = await ctx.db.batch(expireStatements(ctx.db, overdueInvoices(now, EXPIRE_BATCH), now));
  for (const { id } of moved) tellOfExpiry(ctx, id);
  return { expired: moved.length };
}

/**
 * The renewal job (issue 26 §3), every minute: invoice the memberships that fell due, charge the invoices
 * whose attempt is due (claimed by one conditional statement each run), end those whose grace is over.
 * Idempotent: a second run, or one racing it, charges nothing more.
 */
export async function runAutopay(ctx: ServiceCtx, now: Date) {
  const invoiced = await invoiceDueMemberships(ctx, now);
  const charged = await chargeDueInvoices(ctx, now);
  const expired = await expireOverdueInvoices(ctx, now);
  return { ...invoiced, ...charged, ...expired };
}

/** This feature's scheduled work; it runs before the membership jobs so a due autopay membership is invoiced, not expired. */
export const JOBS: Job[] = [{ name: 'automatic membership renewals', run: runAutopay }];
