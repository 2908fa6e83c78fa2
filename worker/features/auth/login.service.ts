import { eq } from 'drizzle-orm';
import type { AnySQLiteColumn } from 'drizzle-orm/sqlite-core';
import type { Role } from '#core/roles.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import { forbidden, unauthorized } from '#worker/lib/errors.ts';
import { burnVerification, hashPassword, needsRehash, verifyPassword } from '#worker/lib/password.ts';
import { clearRateLimit, enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { sessionPayload } from './session.ts';

export const INVALID_CREDENTIALS = 'Invalid credentials';
export const TOO_MANY_LOGINS = 'Too many login attempts. Please try again later.';
/** What a blocked user is told once the password matched: the school's reason when it gave one. */
export const blockedMessage = (reason: string | null) =>
  reason?.trim() ? `Your account has been suspended: ${reason.trim()}` : 'Your account has been suspended.';
export const DEACTIVATED_MESSAGE = 'Your account has been deactivated. Please contact the school to reactivate it.';
export const VERIFY_FIRST_MESSAGE = 'Please verify your email address before logging in';

/** Each login call: the column it looks the account up by and the roles it admits (null = any). */
export const LOGIN_KINDS = {
  email: { column: users.email, roles: null },
  superAdmin: { column: users.email, roles: ['super-admin'] },
  studentId: { column: users.studentId, roles: ['student'] },
  grandmasterId: { column: users.grandmasterId, roles: ['grandmaster'] },
  adminId: { column: users.adminId, roles: ['admin', 'super-admin'] },
  instructorId: { column: users.instructorId, roles: ['instructor'] },
} as const satisfies Record<string, { column: AnySQLiteColumn; roles: readonly Role[] | null }>;
export type LoginKind = keyof typeof LOGIN_KINDS;

/**
 * One counter per account, whichever identifier and login call reached it (e-mail, student ID, admin
 * ID …); an identifier that names no account is counted on its own the same way, so a 429 reveals nothing.
 */
const accountKey = (kind: LoginKind, identifier: string, row: UserRow | undefined) =>
  row ? `login:account:${row.id}` : `login:${LOGIN_KINDS[kind].column.name}:${identifier}`;

/**
 * One login for every flow. Unknown account, wrong role, no login and wrong password answer the same 401 after
 * the same work; blocked, deactivated and unverified accounts are told so only once the password matched.
 */
export async function loginUser(ctx: ServiceCtx, input: { kind: LoginKind; identifier: string; password: string }) {
  const { db, config } = ctx;
  const { column, roles } = LOGIN_KINDS[input.kind];
  const row = await db.select().from(users).where(eq(column, input.identifier)).get();
  const key = accountKey(input.kind, input.identifier, row);
  await enforceRateLimits(
    db,
    [
      { key: `login:ip:${ctx.ip}`, limit: config.rateLimits.RATE_LIMIT_LOGIN_IP },
      { key, limit: config.rateLimits.RATE_LIMIT_LOGIN_ACCOUNT },
    ],
    TOO_MANY_LOGINS,
  );
  const roleFits = !!row && (roles === null || (roles as readonly string[]).includes(row.role));
  // A child's account without a login of its own (issue 26) answers as an unknown account does.
  if (!row || !roleFits || !row.canSignIn) {
    await burnVerification(input.password);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  if (!(await verifyPassword(row.passwordHash, input.password))) throw unauthorized(INVALID_CREDENTIALS);
  assertMayLogIn(ctx, row);

  await clearRateLimit(db, key);
  const rehash = needsRehash(row.passwordHash) ? await hashPassword(input.password) : null;
  const updated = await db
    .update(users)
    .set({ lastLoginAt: new Date(), ...(rehash ? { passwordHash: rehash } : {}) })
    .where(eq(users.id, row.id))
    .returning()
    .get();
  return sessionPayload(config, updated ?? row);
}

export function assertMayLogIn(ctx: Pick<ServiceCtx, 'config'>, row: UserRow) {
  if (!row.isActive) throw forbidden(blockedMessage(row.blockedReason));
  if (row.deactivatedAt) throw forbidden(DEACTIVATED_MESSAGE);
  if (ctx.config.REQUIRE_EMAIL_VERIFICATION && !row.emailVerified) throw forbidden(VERIFY_FIRST_MESSAGE);
}
