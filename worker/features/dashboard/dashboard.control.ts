import { desc, eq, sql } from 'drizzle-orm';
import { ROLES } from '#core/roles.ts';
import { emailOutbox, users } from '#db/schema/index.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { batch } from '#worker/lib/sql.ts';
import { countWhere } from './dashboard.queries.ts';

/**
 * GET /api/dashboard/control-panel: the platform rather than the school — accounts by role (admins
 * included) with how many are blocked, and the e-mail outbox by state with its latest failure.
 */
export async function controlPanelHome(ctx: ServiceCtx) {
  signedIn(ctx);
  const { db } = ctx;
  const [roleRows, outboxRows, lastFailure] = await batch(db, [
    db
      .select({
        role: users.role,
        n: sql<number>`count(*)`.mapWith(Number),
        blocked: countWhere(sql`${users.isActive} = 0 or ${users.deactivatedAt} is not null`),
      })
      .from(users)
      .groupBy(users.role),
    db
      .select({ status: emailOutbox.status, n: sql<number>`count(*)`.mapWith(Number) })
      .from(emailOutbox)
      .groupBy(emailOutbox.status),
    db
      .select({ id: emailOutbox.id, to: emailOutbox.to, subject: emailOutbox.subject, error: emailOutbox.error, at: emailOutbox.createdAt })
      .from(emailOutbox)
      .where(eq(emailOutbox.status, 'failed'))
      .orderBy(desc(emailOutbox.createdAt))
      .limit(1),
  ]);
  const byRole = Object.fromEntries(ROLES.map((role) => [role, roleRows.find((r) => r.role === role)?.n ?? 0]));
  const outbox = (status: string) => outboxRows.find((r) => r.status === status)?.n ?? 0;
  const failure = lastFailure[0];
  return {
    users: {
      total: roleRows.reduce((s, r) => s + r.n, 0),
      blocked: roleRows.reduce((s, r) => s + r.blocked, 0),
      byRole,
    },
    outbox: {
      stored: outbox('stored'),
      sent: outbox('sent'),
      failed: outbox('failed'),
      lastFailure: failure
        ? { _id: failure.id, to: failure.to, subject: failure.subject, error: failure.error ?? '', at: failure.at.toISOString() }
        : null,
    },
  };
}
