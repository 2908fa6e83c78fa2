import { and, eq, inArray } from 'drizzle-orm';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import type { BlockUserInput } from '#core/users/user-schemas.ts';
import { authTokens, users, type UserRow } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { bumpTokenVersion } from '#worker/lib/user-sql.ts';
import { SESSION_CHANGED } from '#worker/lib/publish.ts';
import { conflictFrom, findUserRow } from './users.queries.ts';
import { assertCanManage, assertNotSelf } from './users.rules.ts';
import { serializeUserForAdmin } from './users.serialize.ts';

/** Loads the target and applies the shared rules: exists, not the caller, within the caller's reach. */
async function manageableTarget(ctx: ServiceCtx, id: string, action: 'block' | 'delete'): Promise<UserRow> {
  const target = await findUserRow(ctx.db, id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  assertNotSelf(signedIn(ctx), id, action);
  assertCanManage(signedIn(ctx), target);
  return target;
}

/** Writes are guarded by the role seen when checking, so a concurrent promotion cannot slip through. */
const sameTarget = (t: UserRow) => and(eq(users.id, t.id), eq(users.role, t.role));

async function missingOrChanged(ctx: ServiceCtx, id: string): Promise<never> {
  throw (await findUserRow(ctx.db, id)) ? conflict(USER_MESSAGES.changedMeanwhile) : notFound(USER_MESSAGES.notFound);
}

/** PATCH /api/users/:id/block: the account stops logging in and its live tokens die at once. */
export async function blockUser(ctx: ServiceCtx, id: string, input: BlockUserInput) {
  const target = await manageableTarget(ctx, id, 'block');
  const row = await ctx.db
    .update(users)
    .set({
      isActive: false,
      blockedAt: new Date(),
      blockedReason: input.reason || null,
      tokenVersion: bumpTokenVersion,
      updatedAt: new Date(),
    })
    .where(sameTarget(target))
    .returning()
    .get();
  if (!row) return missingOrChanged(ctx, id);
  ctx.publish([id], SESSION_CHANGED);
  return serializeUserForAdmin(row);
}

export async function unblockUser(ctx: ServiceCtx, id: string) {
  const target = await manageableTarget(ctx, id, 'block');
  const row = await ctx.db
    .update(users)
    .set({ isActive: true, blockedAt: null, blockedReason: null, deactivatedAt: null, updatedAt: new Date() })
    .where(sameTarget(target))
    .returning()
    .get();
  return row ? serializeUserForAdmin(row) : missingOrChanged(ctx, id);
}

/** DELETE /api/users/:id: a hard delete; its e-mail tokens go in the same batch (and by cascade). */
export async function deleteUser(ctx: ServiceCtx, id: string) {
  const target = await manageableTarget(ctx, id, 'delete');
  try {
    const [, deleted] = await ctx.db.batch([
      ctx.db.delete(authTokens).where(inArray(authTokens.userId, ctx.db.select({ id: users.id }).from(users).where(sameTarget(target)))),
      ctx.db.delete(users).where(sameTarget(target)).returning({ id: users.id }),
    ]);
    if (!deleted.length) return missingOrChanged(ctx, id);
    ctx.publish([id], SESSION_CHANGED);
    return { _id: id };
  } catch (err) {
    throw conflictFrom(err) ?? err;
  }
}
