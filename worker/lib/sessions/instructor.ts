import { and, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '#core/roles.ts';
import { users } from '#db/schema/index.ts';

/** Who may teach a class or a session (issue 24 §1): an active instructor, grandmaster, admin or super-admin account. */
export const TEACHING_ROLES: readonly Role[] = ['instructor', 'grandmaster', 'admin', 'super-admin'];

/** `users` is a teaching account in good standing: the condition of a join or of a conditional write. */
export const teachesSql: SQL = and(
  inArray(users.role, [...TEACHING_ROLES]),
  eq(users.isActive, true),
  isNull(users.deactivatedAt),
  isNull(users.blockedAt),
)!;

/** The id `userId` names a teaching account, as one SQL condition (true for null: no instructor is always allowed). */
export const mayTeachSql = (userId: string | null): SQL =>
  userId === null ? sql`1` : sql`exists (select 1 from ${users} where ${users.id} = ${userId} and ${teachesSql})`;
