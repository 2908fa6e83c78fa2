import type { RegisterInput } from '#core/auth/account.ts';
import { SELF_REGISTER_ROLES } from '#core/auth/account.ts';
import { newId } from '#core/ids.ts';
import { users, type Profile } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { conflict, forbidden } from '#worker/lib/errors.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { sendVerificationMail } from './auth.mail.ts';
import { newEmailTokenStatements } from './auth-tokens.ts';
import { serializeUser } from '#worker/lib/serialize-user.ts';
import { sessionPayload } from './session.ts';

export const USER_EXISTS = 'User already exists with this email';
export const ROLE_NOT_ALLOWED = 'You can only register as a student or a member';

/** A visitor creates a student or member account; any other role in the body is refused. */
export async function registerUser({ ctx, input }: { ctx: ServiceCtx; input: RegisterInput }) {
  const { db, config } = ctx;
  const role = input.role ?? 'member';
  if (!(SELF_REGISTER_ROLES as readonly string[]).includes(role)) throw forbidden(ROLE_NOT_ALLOWED);
  await enforceRateLimits(
    db,
    [{ key: `register:ip:${ctx.ip}`, limit: config.rateLimits.RATE_LIMIT_REGISTER_IP }],
    'Too many registration attempts. Please try again later.',
  );

  const profile: Profile = {};
  if (input.firstName) profile.firstName = input.firstName;
  if (input.lastName) profile.lastName = input.lastName;
  if (input.phone) profile.phone = input.phone;
  const id = newId();
  const passwordHash = await hashPassword(input.password);
  const { secret, statements } = await newEmailTokenStatements(db, id, 'verify-email');
  const insertUser = db.insert(users).values({ id, email: input.email, passwordHash, role, profile }).returning();
  let created;
  try {
    [created] = await db.batch([insertUser, ...statements]);
  } catch (err) {
    if (isUniqueViolation(err)) throw conflict(USER_EXISTS);
    throw err;
  }
  const row = created[0];
  if (!row) throw new Error('user insert returned no row');
  sendVerificationMail(ctx, row, secret);

  if (config.REQUIRE_EMAIL_VERIFICATION) {
    const user = serializeUser(row);
    return { user, data: { user }, message: 'Registration successful. Please check your email and verify your address before logging in.' };
  }
  return { ...(await sessionPayload(config, row)), message: 'Registration successful' };
}
