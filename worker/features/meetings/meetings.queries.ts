import { and, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { MEETING_MESSAGES } from '#core/meetings/meeting-schemas.ts';
import { isVisibleTo } from '#core/meetings/meeting-visibility.ts';
import { isAdminCapable } from '#core/roles.ts';
import { profileName } from '#core/users/person-name.ts';
import { meetings, users, type MeetingRow } from '#db/schema/index.ts';
import type { AuthUser } from '#worker/lib/auth-user.ts';
import { notFound } from '#worker/lib/errors.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { jsonArrayHas } from '#worker/lib/sql.ts';

/** Spec 6 in SQL (the same rule as core's isVisibleTo): no filter for admin-capable callers. */
export function visibleTo(user: AuthUser): SQL | undefined {
  if (isAdminCapable(user.role)) return undefined;
  return or(
    jsonArrayHas(meetings.targetRoles, 'all'),
    jsonArrayHas(meetings.targetRoles, user.role),
    jsonArrayHas(meetings.targetUsers, user.id),
  );
}

/** start_time + duration, in epoch milliseconds like start_time. */
export const endMs = sql`(${meetings.startTime} + ${meetings.durationMinutes} * 60000)`;

/** The meeting if `user` may see it; 404 otherwise, so a hidden meeting and a missing one look the same. */
export async function visibleMeeting(ctx: ServiceCtx, user: AuthUser, id: string): Promise<MeetingRow> {
  const row = await ctx.db
    .select()
    .from(meetings)
    .where(and(eq(meetings.id, id), visibleTo(user)))
    .get();
  if (!row || !isVisibleTo(row, user)) throw notFound(MEETING_MESSAGES.notFound);
  return row;
}

/** The display names of the hosts of the meetings `where` selects, as one statement for a batch. */
export const hostNamesOf = (ctx: ServiceCtx, where: SQL | undefined) =>
  ctx.db
    .select({ id: users.id, profile: users.profile, email: users.email })
    .from(users)
    .where(inArray(users.id, ctx.db.select({ id: meetings.hostId }).from(meetings).where(where)));

/** hostId → "First Last" (the e-mail's name part when the profile has none). */
export function hostNameMap(rows: { id: string; profile: { firstName?: string; lastName?: string } | null; email: string }[]) {
  return new Map(rows.map((r) => [r.id, profileName(r.profile, r.email.split('@')[0])]));
}
