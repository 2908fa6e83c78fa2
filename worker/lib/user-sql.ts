import { sql, type SQL } from 'drizzle-orm';
import type { LoginIdField } from '#core/users/login-ids.ts';
import { LOGIN_ID_FOR_ROLE } from '#core/users/login-ids.ts';
import type { Role } from '#core/roles.ts';
import { users } from '#db/schema/index.ts';

/** Makes every token of the user stop working at once: logout, password change, deactivation, a role change (decision 004). */
export const bumpTokenVersion = sql`${users.tokenVersion} + 1`;

/**
 * The next login id for a role (STU-0001, INS-0002 …) computed inside the INSERT/UPDATE itself, so the
 * read and the write are one statement; the unique index turns any remaining race into a retryable conflict.
 */
export function nextLoginIdSql(role: Role): { field: LoginIdField; value: SQL } | undefined {
  const spec = LOGIN_ID_FOR_ROLE[role];
  if (!spec) return undefined;
  const column = users[spec.field];
  const prefix = `${spec.prefix}-`;
  const value = sql`(select ${prefix} || printf('%04d', coalesce(max(cast(substr(${column}, ${prefix.length + 1}) as integer)), 0) + 1) from ${users} where ${column} glob ${`${prefix}[0-9]*`})`;
  return { field: spec.field, value };
}
