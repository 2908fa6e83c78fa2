import { newId } from '#core/ids.ts';
import type { Bindings } from './env.ts';
import { JOBS as ENROLLMENT_JOBS } from './features/enrollments/enrollments.jobs.ts';
import { JOBS as MEMBERSHIP_JOBS } from './features/membership-purchases/membership-purchases.jobs.ts';
import { JOBS as AUTOPAY_JOBS } from './features/autopay/autopay.jobs.ts';
import { JOBS as SOCIAL_ACCOUNT_JOBS } from './features/social-accounts/social-accounts.jobs.ts';
import { JOBS as SOCIAL_POST_JOBS } from './features/social-posts/social-posts.jobs.ts';
import { expireUnpaidOrders } from './features/orders/orders.jobs.ts';
import { JOBS as AUDIT_JOBS } from './features/audit/audit.jobs.ts';
import { JOBS as SESSION_JOBS } from './features/sessions/sessions.jobs.ts';
import { JOBS as FAMILY_JOBS } from './features/family/family.majority.ts';
import { runtimeContext } from './lib/runtime.ts';
import type { ServiceCtx } from './lib/service-context.ts';

/** What time decides (ARCHITECTURE "Scheduled work"). Each job is idempotent: a run fired twice changes nothing more. */
export const SCHEDULED_JOBS: { name: string; run: (ctx: ServiceCtx, now: Date) => Promise<unknown> }[] = [
  { name: 'expire unpaid orders', run: (ctx, now) => expireUnpaidOrders(ctx, now) },
  ...ENROLLMENT_JOBS,
  ...AUTOPAY_JOBS,
  ...MEMBERSHIP_JOBS,
  ...SOCIAL_POST_JOBS,
  ...SOCIAL_ACCOUNT_JOBS,
  ...AUDIT_JOBS,
  ...SESSION_JOBS,
  ...FAMILY_JOBS,
];

/** The service context of a run: no caller, links pointing at PUBLIC_URL. */
export function scheduledContext(env: Bindings, waitUntil?: (p: Promise<unknown>) => void): ServiceCtx {
  return runtimeContext(env, { user: null, requestId: `cron-${newId()}`, waitUntil });
}

/** Runs every job; one that fails is logged and does not stop the others. */
export async function runScheduledJobs(ctx: ServiceCtx, now: Date) {
  const results: Record<string, unknown> = {};
  for (const job of SCHEDULED_JOBS) {
    try {
      results[job.name] = await job.run(ctx, now);
    } catch (err) {
      ctx.log.error(`scheduled job failed: ${job.name}`, { error: String(err) });
    }
  }
  return results;
}

/** The Worker's `scheduled` handler (wrangler.toml [triggers] crons; `npm start` fires it locally every minute). */
export const scheduled: ExportedHandlerScheduledHandler<Bindings> = async (controller, env, exec) => {
  await runScheduledJobs(
    scheduledContext(env, (p) => exec.waitUntil(p)),
    new Date(controller.scheduledTime),
  );
};
