import { and, asc, count, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import { normalizeLoginId } from '#core/users/login-ids.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import type { ListUsersQueryInput, SearchUsersQueryInput, UserSort } from '#core/users/user-query.ts';
import type { Role } from '#core/roles.ts';
import { users } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { serializeUserForAdmin as serializeUser } from './users.serialize.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { containsPattern } from '#worker/lib/sql.ts';
import { findUserRow } from './users.db.ts';

const firstName = sql`json_extract(${users.profile}, '$.firstName')`;
const lastName = sql`json_extract(${users.profile}, '$.lastName')`;

/** E-mail, first/last/full name and every login id. */
function searchCondition(term: string): SQL {
  const p = containsPattern(term);
  const like = (expr: unknown) => sql`${expr} like ${p} escape '\\'`;
  return or(
    like(users.email),
    like(firstName),
    like(lastName),
    like(sql`(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''))`),
    like(users.studentId),
    like(users.membershipId),
    like(users.instructorId),
    like(users.grandmasterId),
    like(users.adminId),
  ) as SQL;
}

type Filters = {
  role?: Role | undefined;
  isActive?: boolean | undefined;
  emailVerified?: boolean | undefined;
  search?: string | undefined;
};

function whereOf(f: Filters): SQL | undefined {
  return and(
    f.role ? eq(users.role, f.role) : undefined,
    f.isActive !== undefined ? eq(users.isActive, f.isActive) : undefined,
    f.emailVerified !== undefined ? eq(users.emailVerified, f.emailVerified) : undefined,
    f.search ? searchCondition(f.search) : undefined,
  );
}

const SORT_EXPR = {
  createdAt: users.createdAt,
  updatedAt: users.updatedAt,
  lastLoginAt: users.lastLoginAt,
  email: users.email,
  role: users.role,
  firstName,
  lastName,
} as const;

/** The id is time-ordered and unique, so it makes every order total (stable paging). */
const orderOf = (s: UserSort) =>
  s.direction === 'asc' ? [asc(SORT_EXPR[s.field]), asc(users.id)] : [desc(SORT_EXPR[s.field]), desc(users.id)];

/** GET /api/users (and /role/:role): one count and one page, sent together. */
export async function listUsers({ ctx, query }: { ctx: ServiceCtx; query: ListUsersQueryInput }) {
  const where = whereOf(query);
  const [totals, rows] = await ctx.db.batch([
    ctx.db.select({ total: count() }).from(users).where(where),
    ctx.db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(query.sort))
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
  ]);
  const total = totals[0]?.total ?? 0;
  const totalPages = Math.ceil(total / query.limit);
  return {
    users: rows.map(serializeUser),
    pagination: { page: query.page, limit: query.limit, total, totalPages, hasMore: query.page < totalPages },
  };
}

/** GET /api/users/search: a short list for pickers, newest first. */
export async function searchUsers({ ctx, query }: { ctx: ServiceCtx; query: SearchUsersQueryInput }) {
  const rows = await ctx.db
    .select()
    .from(users)
    .where(whereOf({ role: query.role, isActive: query.isActive, search: query.term }))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(query.limit);
  return rows.map(serializeUser);
}

export async function getUser({ ctx, id }: { ctx: ServiceCtx; id: string }) {
  const row = await findUserRow(ctx.db, id);
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return serializeUser(row);
}

export async function getUserByStudentId({ ctx, studentId }: { ctx: ServiceCtx; studentId: string }) {
  const row = await ctx.db
    .select()
    .from(users)
    .where(eq(users.studentId, normalizeLoginId(studentId)))
    .get();
  if (!row) throw notFound(USER_MESSAGES.notFound);
  return serializeUser(row);
}
