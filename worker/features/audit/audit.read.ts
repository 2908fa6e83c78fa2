import { and, desc, eq, gte, lte, or, type SQL } from 'drizzle-orm';
import type { AuditQueryInput } from '#core/audit/audit-query.ts';
import { mayManageRole } from '#core/users/manage-reach.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { auditLog, users } from '#db/schema/index.ts';
import { forbidden, notFound } from '#worker/lib/errors.ts';
import { listPage } from '#worker/lib/list.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { likeAny } from '#worker/lib/sql.ts';
import { serializeAuditEntry } from './audit.serialize.ts';

const NEWEST_FIRST = [desc(auditLog.createdAt), desc(auditLog.id)];

/** GET /api/audit-log: the whole log (super-admin), filtered, newest first. */
export async function listAudit(ctx: ServiceCtx, q: AuditQueryInput) {
  const where: (SQL | undefined)[] = [
    q.actor ? or(eq(auditLog.actorId, q.actor), eq(auditLog.actorEmail, q.actor.toLowerCase())) : undefined,
    q.method ? eq(auditLog.method, q.method) : undefined,
    q.targetType ? eq(auditLog.targetType, q.targetType) : undefined,
    q.from ? gte(auditLog.createdAt, q.from) : undefined,
    q.to ? lte(auditLog.createdAt, q.to) : undefined,
    q.search
      ? likeAny(q.search, [auditLog.summary, auditLog.route, auditLog.actorName, auditLog.actorEmail, auditLog.targetId, auditLog.ip])
      : undefined,
  ];
  const { rows, pagination } = await listPage(ctx.db, {
    table: auditLog,
    where: and(...where),
    orderBy: NEWEST_FIRST,
    page: q.page,
    limit: q.limit,
  });
  return { entries: rows.map(serializeAuditEntry), pagination };
}

/**
 * GET /api/audit-log/users/:id: what was done to this user and what they did, for their page. A caller
 * sees it only for an account within their reach (an admin not an admin's), as they may manage it.
 */
export async function listUserAudit(ctx: ServiceCtx, userId: string, q: { page: number; limit: number }) {
  const actor = signedIn(ctx);
  const target = await ctx.db.select({ role: users.role }).from(users).where(eq(users.id, userId)).get();
  if (!target) throw notFound(USER_MESSAGES.notFound);
  if (actor.id !== userId && !mayManageRole(actor.role, target.role)) throw forbidden(USER_MESSAGES.privilegedTarget);
  const where = or(and(eq(auditLog.targetType, 'users'), eq(auditLog.targetId, userId)), eq(auditLog.actorId, userId));
  const { rows, pagination } = await listPage(ctx.db, { table: auditLog, where, orderBy: NEWEST_FIRST, page: q.page, limit: q.limit });
  return { entries: rows.map(serializeAuditEntry), pagination };
}
