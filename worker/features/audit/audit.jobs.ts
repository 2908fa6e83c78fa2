import { lt } from 'drizzle-orm';
import { AUDIT_RETENTION_DAYS } from '#core/audit/audit-query.ts';
import { auditLog } from '#db/schema/index.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Entries older than the retention are deleted (one statement on the creation index); how many went. */
export async function pruneAuditLog(ctx: Pick<ServiceCtx, 'db'>, now: Date) {
  const cutoff = new Date(now.getTime() - AUDIT_RETENTION_DAYS * DAY_MS);
  const gone = await ctx.db.delete(auditLog).where(lt(auditLog.createdAt, cutoff)).returning({ id: auditLog.id });
  return { pruned: gone.length };
}

export const JOBS = [{ name: 'prune the audit log', run: (ctx: ServiceCtx, now: Date) => pruneAuditLog(ctx, now) }];
