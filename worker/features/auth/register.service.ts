import { eq } from 'drizzle-orm';
import type { RegisterInput } from '#core/auth/account.ts';
import { SELF_REGISTER_ROLES } from '#core/auth/account.ts';
import { newId } from '#core/ids.ts';
import { users, type Profile } from '#db/schema/index.ts';
import { isUniqueViolation } from '#worker/lib/db-errors.ts';
import { forbidden } from '#worker/lib/errors.ts';
import { hashPassword } from '#worker/lib/password.ts';
import { enforceRateLimits, hitRateLimit } from '#worker/lib/rate-limit.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { sendAlreadyRegisteredMail, sendVerificationMail } from './auth.notify.ts';
import { newEmailTokenStatements } from '#worker/lib/email-tokens.ts';

export const ROLE_NOT_ALLOWED = 'You can only register as a student or a member';
/** The one answer to a registration, whether the address was new or already had an account (no enumeration). */
export const REGISTERED = 'Registration received. Please check your email: we sent you a message to finish, then you can log in.';

/**
 * A visitor creates a student or member account; any other role in the body is refused. A known
 * address gets the same 201 and answer after the same hashing, and its owner gets an e-mail instead
 * (at most RATE_LIMIT_PASSWORD_RESET_ACCOUNT of them, silently), so the call tells nobody who has an account.
 */
export async function registerUser(ctx: ServiceCtx, input: RegisterInput) {
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
  // Counted for every address, new or known, so both paths do the same work.
  const mayMailOwner = await hitRateLimit(db, `register:account:${input.email}`, config.rateLimits.RATE_LIMIT_PASSWORD_RESET_ACCOUNT);
  try {
    const [[row]] = await db.batch([insertUser, ...statements]);
    if (!row) throw new Error('user insert returned no row');
    sendVerificationMail(ctx, row, secret);
  } catch (err) {
    if (!isUniqueViolation(err)) throw err;
    const owner = await db.select().from(users).where(eq(users.email, input.email)).get();
    if (owner && mayMailOwner.allowed) sendAlreadyRegisteredMail(ctx, owner);
  }
  return { message: REGISTERED, data: { email: input.email } };
}
