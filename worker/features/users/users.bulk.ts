import { and, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { SQLiteUpdateSetSource } from 'drizzle-orm/sqlite-core';
import { manageableRoles } from '#core/users/manage-reach.ts';
import type { BulkUpdateUsersInput } from '#core/users/user-schemas.ts';
import { authTokens, users } from '#db/schema/index.ts';
import { instructorRecordStatements } from '#worker/lib/instructor-record.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { SESSION_CHANGED } from '#worker/lib/publish.ts';
import { batch } from '#worker/lib/sql.ts';
import { conflictFrom } from './users.queries.ts';
import { assertCanGrant } from './users.rules.ts';

/** The rows a bulk call may touch: the listed ids, never the caller, and only roles within the caller's reach. */
function reachable(ctx: ServiceCtx, userIds: string[]): SQL | undefined {
  return and(inArray(users.id, userIds), ne(users.id, signedIn(ctx).id), inArray(users.role, [...manageableRoles(signedIn(ctx).role)]));
}

/** DELETE /api/users {userIds}: one batch; ids out of reach are skipped, not refused. */
export async function bulkDeleteUsers(ctx: ServiceCtx, userIds: string[]) {
  const where = reachable(ctx, userIds);
  try {
    const [, deleted] = await ctx.db.batch([
      ctx.db.delete(authTokens).where(inArray(authTokens.userId, ctx.db.select({ id: users.id }).from(users).where(where))),
      ctx.db.delete(users).where(where).returning({ id: users.id }),
    ]);
    ctx.publish(
      deleted.map((d) => d.id),
      SESSION_CHANGED,
    );
    return { deletedCount: deleted.length };
  } catch (err) {
    throw conflictFrom(err) ?? err;
  }
}

/** PATCH /api/users/bulk: one conditional statement over the reachable rows. */
export async function bulkUpdateUsers(ctx: ServiceCtx, input: BulkUpdateUsersInput) {
  const { update } = input;
  if (update.role) assertCanGrant(signedIn(ctx), update.role);
  const set: SQLiteUpdateSetSource<typeof users> = { updatedAt: new Date() };
  if (update.emailVerified !== undefined) set.emailVerified = update.emailVerified;
  if (update.isActive !== undefined) set.isActive = update.isActive;
  if (update.isActive === true) Object.assign(set, { blockedAt: null, blockedReason: null });
  if (update.role) set.role = update.role;
  const grade = update.profile?.grade;
  if (grade !== undefined) {
    set.profile = grade === null ? sql`json_remove(${users.profile}, '$.grade')` : sql`json_set(${users.profile}, '$.grade', ${grade})`;
  }
  // SET expressions see the old row: a real role change or a deactivation revokes that user's tokens.
  const revoke: SQL[] = [];
  if (update.role) revoke.push(sql`(${users.role} <> ${update.role})`);
  if (update.isActive === false) revoke.push(sql`(${users.isActive} = 1)`);
  if (revoke.length) set.tokenVersion = sql`${users.tokenVersion} + (case when ${sql.join(revoke, sql` or `)} then 1 else 0 end)`;

  try {
    const write = ctx.db.update(users).set(set).where(reachable(ctx, input.userIds)).returning({ id: users.id });
    // Spec 4: whoever becomes or stops being an instructor here gets their instructor enrolment kept in step, same batch.
    const rows = update.role
      ? (
          await batch(ctx.db, [
            write,
            ...instructorRecordStatements(ctx.db, { userIds: input.userIds, at: new Date(), actorId: signedIn(ctx).id }),
          ])
        )[0]
      : await write;
    if (revoke.length)
      ctx.publish(
        rows.map((r) => r.id),
        SESSION_CHANGED,
      );
    return { updatedCount: rows.length };
  } catch (err) {
    throw conflictFrom(err) ?? err;
  }
}
