import { desc, eq } from 'drizzle-orm';
import { pagination } from '#core/paging.ts';
import { normalizeLoginId } from '#core/users/login-ids.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import type { ListUsersQueryInput, SearchUsersQueryInput } from '#core/users/user-query.ts';
import { users } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { serializeUserForAdmin as serializeUser } from './users.serialize.ts';
import { type ServiceCtx } from '#worker/lib/service-context.ts';
import { userPage, whereOf } from '#worker/lib/user-list.ts';
import { findUserRow } from './users.queries.ts';

/** GET /api/users (and /role/:role): one count and one page, sent together. */
export async function listUsers(ctx: ServiceCtx, query: ListUsersQueryInput) {
  const { rows, total } = await userPage(ctx.db, query, query.sort, query.page, query.limit);
  return { users: rows.map(serializeUser), pagination: pagination(query.page, query.limit, total) };
}

/** GET /api/users/search: a short list for pickers, newest first. */
export async function searchUsers(ctx: ServiceCtx, query: SearchUsersQueryInput) {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(whereOf({ role: query.role, isActive: query.isActive, search: query.term }))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit);
  return rows.map(serializeUser);
}

export async function getUser(ctx: ServiceCtx, id: string) {
  const row = await findUserRow(ctx.db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return serializeUser(row);
}

export async function getUserByStudentId(ctx: ServiceCtx, studentId: string) {
  const row = await ctx.db
    .select()
    .from(users)
    .where(eq(users.studentId, normalizeLoginId(studentId)))
    .get();
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return serializeUser(row);
}
