import { and, inArray, isNull } from 'drizzle-orm';
import { ADMIN_EMAIL_MESSAGES, type SendBulkEmailInput, type SendEmailInput } from '#core/admin-email/admin-email-schemas.ts';
import { pagination } from '#core/paging.ts';
import type { ListUsersQueryInput } from '#core/users/user-query.ts';
import { users, type UserRow } from '#db/schema/index.ts';
import { notFound } from '#worker/lib/errors.ts';
import { serializeUser } from '#worker/lib/serialize-user.ts';
import { signedIn, type ServiceCtx } from '#worker/lib/service-context.ts';
import { userPage } from '#worker/lib/user-list.ts';

/** POST /api/admin/email/users: who can be written to, with the users list's filters (spec: users, page, totalPages, total). */
export async function emailRecipients(ctx: ServiceCtx, query: ListUsersQueryInput) {
  const { rows, total } = await userPage(ctx.db, query, query.sort, query.page, query.limit);
  return {
    // The screen says who will be skipped: deactivated accounts receive nothing.
    users: rows.map((r) => ({ ...serializeUser(r), deactivated: r.deactivatedAt !== null })),
    page: query.page,
    totalPages: pagination(query.page, query.limit, total).totalPages,
    total,
  };
}

/** Accounts that can receive mail: not deactivated (a blocked member is still told things by the school). */
const reachable = (ids: string[]) => and(inArray(users.id, ids), isNull(users.deactivatedAt));

/** One e-mail through the Mailer; the outbox row records who sent it to which account. */
function mailTo(ctx: ServiceCtx, row: UserRow, input: { subject: string; message: string }) {
  return ctx.mailer.send({
    to: row.email,
    subject: input.subject,
    text: input.message,
    kind: 'admin-email',
    sentBy: signedIn(ctx).id,
    userId: row.id,
  });
}

/** POST /api/admin/email/send. */
export async function sendEmail(ctx: ServiceCtx, input: SendEmailInput) {
  const row = await ctx.db
    .select()
    .from(users)
    .where(reachable([input.userId]))
    .get();
  if (!row) throw notFound(ADMIN_EMAIL_MESSAGES.userNotFound);
  const result = await mailTo(ctx, row, input);
  return { emailId: result.id, status: result.status, to: row.email };
}

/** POST /api/admin/email/send-bulk: each recipient gets (and the outbox records) their own e-mail. */
export async function sendBulkEmail(ctx: ServiceCtx, input: SendBulkEmailInput) {
  const rows = await ctx.db.select().from(users).where(reachable(input.userIds)).all();
  const results: { userId: string; status: string }[] = [];
  // A few at a time: a provider's rate limit is not hit by hundreds of requests at once.
  for (let i = 0; i < rows.length; i += 5) {
    const batch = rows.slice(i, i + 5);
    const sent = await Promise.all(batch.map((row) => mailTo(ctx, row, input).then((r) => ({ userId: row.id, status: r.status }))));
    results.push(...sent);
  }
  const found = new Set(rows.map((r) => r.id));
  return {
    total: input.userIds.length,
    sent: results.filter((r) => r.status !== 'failed').length,
    failed: results.filter((r) => r.status === 'failed').length,
    notFound: input.userIds.filter((id) => !found.has(id)),
    results,
  };
}
