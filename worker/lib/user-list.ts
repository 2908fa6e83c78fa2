import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { offsetOf } from '#core/paging.ts';
import type { UserSort } from '#core/users/user-query.ts';
import type { Role } from '#core/roles.ts';
import type { Db } from '#db/client.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import { likeAny } from '#worker/lib/sql.ts';

/** The admin lists of users (GET /api/users, the e-mail recipients): filters, search and sort in one place. */
const firstName = sql`json_extract(${users.profile}, '$.firstName')`;
const lastName = sql`json_extract(${users.profile}, '$.lastName')`;

/** E-mail, first/last/full name and every login id. */
const searchCondition = (term: string): SQL =>
  likeAny(term, [
    users.email,
    firstName,
    lastName,
    sql`(coalesce(${firstName}, '') || ' ' || coalesce(${lastName}, ''))`,
    users.studentId,
    users.membershipId,
    users.instructorId,
    users.grandmasterId,
    users.adminId,
  ]);

export type UserFilters = {
  role?: Role | undefined;
  isActive?: boolean | undefined;
  emailVerified?: boolean | undefined;
  search?: string | undefined;
};

export function whereOf(f: UserFilters): SQL | undefined {
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
export const orderOf = (s: UserSort) =>
  s.direction === 'asc' ? [asc(SORT_EXPR[s.field]), asc(users.id)] : [desc(SORT_EXPR[s.field]), desc(users.id)];

/** One count and one page, sent together. */
export async function userPage(
  db: Db,
  filters: UserFilters,
  sort: UserSort,
  page: number,
  limit: number,
): Promise<{ rows: UserRow[]; total: number }> {
  const where = whereOf(filters);
  const [totals, rows] = await db.batch([
    db.select({ total: count() }).from(users).where(where),
    db
      .select()
      .from(users)
      .where(where)
      .orderBy(...orderOf(sort))
      .limit(limit)
      .offset(offsetOf(page, limit)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
