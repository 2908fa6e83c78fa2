import { and, eq, gte, or, sql } from 'drizzle-orm';
import { sessionEndOf, type SessionEnd } from '#core/users/session-end.ts';
import { USER_MESSAGES } from '#core/users/user-messages.ts';
import { auditLog, users } from '#db/schema/index.ts';
import { conflict, notFound } from '#worker/lib/errors.ts';
import { newEmailTokenStatements } from '#worker/lib/email-tokens.ts';
import { verifyToken } from '#worker/lib/jwt.ts';
import { SESSIONS_ENDED_BY_SCHOOL } from '#worker/lib/publish.ts';
import { enforceRateLimits } from '#worker/lib/rate-limit.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { bumpTokenVersion } from '#worker/lib/user-sql.ts';
import { findUserRow } from './users.queries.ts';
import { assertCanManage } from './users.rules.ts';
import { sendSchoolResetMail } from './users.notify.ts';

export const END_SESSIONS_ROUTE = '/api/users/:id/end-sessions';
const TOO_MANY_RESETS = 'Too many requests. Please try again later.';

async function manageable(ctx: ServiceCtx, id: string) {
  const target = await findUserRow(ctx.db, id);
  if (!target) throw notFound(USER_MESSAGES.notFound);
  assertCanManage(signedIn(ctx), target);
  return target;
}

/** POST /api/users/:id/end-sessions: every token of the user stops working and every open page is told the school did it. */
export async function endUserSessions(ctx: ServiceCtx, id: string) {
  if (signedIn(ctx).id === id) throw conflict(USER_MESSAGES.selfSessions);
  const target = await manageable(ctx, id);
  const row = await ctx.db
    .update(users)
    .set({ tokenVersion: bumpTokenVersion, updatedAt: new Date() })
    .where(and(eq(users.id, id), eq(users.role, target.role)))
    .returning({ id: users.id })
    .get();
  if (!row) throw conflict(USER_MESSAGES.changedMeanwhile);
  ctx.publish([id], SESSIONS_ENDED_BY_SCHOOL);
  return { message: USER_MESSAGES.sessionsEnded };
}

/**
 * POST /api/users/:id/password-reset: the forgot-password link, sent by the school. It shares the
 * account's reset counter with the user's own requests, so staff cannot flood a mailbox either.
 */
export async function sendPasswordReset(ctx: ServiceCtx, id: string) {
  const target = await manageable(ctx, id);
  await enforceRateLimits(
    ctx.db,
    [{ key: `reset:account:${target.email}`, limit: ctx.config.rateLimits.RATE_LIMIT_PASSWORD_RESET_ACCOUNT }],
    TOO_MANY_RESETS,
  );
  const { secret, statements } = await newEmailTokenStatements(ctx.db, target.id, 'reset-password');
  await ctx.db.batch(statements);
  sendSchoolResetMail(ctx, target, secret);
  return { message: USER_MESSAGES.resetSent(target.email) };
}

export type SessionStatus = { active: true } | ({ active: false } & (SessionEnd | { reason: null; message: string }));
const EXPIRED = { active: false, reason: null, message: 'Your session has expired' } as const;

/**
 * GET /api/users/session-status: whether the bearer token still speaks for its account and, if not, why
 * (public pages ask on focus and every little while; the panels hear it from their room at once).
 * Only a token we signed is answered about, and only about its own account.
 */
export async function sessionStatus(ctx: ServiceCtx, token: string | undefined): Promise<SessionStatus> {
  const claims = token ? await verifyToken(token, ctx.config.JWT_SECRET) : null;
  if (!claims) return EXPIRED;
  const row = await findUserRow(ctx.db, claims.sub);
  const bySchool = async () =>
    Boolean(
      await ctx.db
        .select({ id: auditLog.id })
        .from(auditLog)
        .where(
          and(
            eq(auditLog.targetId, claims.sub),
            // The school's own sign-outs: ending the sessions, or setting a new password for the user.
            or(
              eq(auditLog.route, END_SESSIONS_ROUTE),
              and(eq(auditLog.route, '/api/users/:id'), sql`exists (select 1 from json_each(${auditLog.fields}) where value = 'password')`),
            ),
            eq(auditLog.status, 200),
            gte(auditLog.createdAt, new Date(Date.now() - ctx.config.JWT_TTL_SECONDS * 1000)),
          ),
        )
        .get(),
    );
  const held = { role: claims.role, tokenVersion: claims.tv };
  const first = sessionEndOf(row, held);
  if (!first) return { active: true };
  const end = first.reason === 'signed_out' && (await bySchool()) ? sessionEndOf(row, held, true)! : first;
  return { active: false, ...end };
}
