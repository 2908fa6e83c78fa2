import { sql, type SQL } from 'drizzle-orm';
import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { membershipEnrollments } from '#db/schema/index.ts';
import { calendarDay, daysLeft } from '#core/time-zone.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { tellMember, type MemberNotice } from './membership-purchases.notify.ts';
import { cancelUnpaidPurchases, cancelUnpaidRenewals, type Job } from '#worker/lib/enrolment/jobs.ts';
import { autopayHoldsSql } from '#worker/lib/enrolment/renewals.ts';
import { MEMBERSHIP } from './membership-purchases.kind.ts';

/** At most this many rows a run per job; the next minute takes the rest. */
export const JOB_BATCH = 500;
const DAY_MS = 86_400_000;
const me = membershipEnrollments;
const renewLink = (id: string) => `/student/memberships?renew=${encodeURIComponent(id)}`;

/**
 * ONE conditional UPDATE of the active memberships `due` selects (at most JOB_BATCH), setting `set` while
 * `still` holds; only the rows it returned are told, with a renew link, so each member hears once.
 */
async function moveAndTell(
  ctx: ServiceCtx,
  now: Date,
  {
    due,
    still,
    set,
    notice,
  }: { due: SQL; still: SQL; set: Partial<typeof me.$inferInsert>; notice: Pick<MemberNotice, 'title' | 'body' | 'eventType'> },
) {
  const moved = await ctx.db
    .update(me)
    .set({ ...set, updatedAt: now })
    .where(sql`${me.id} in (select ${me.id} from ${me} where ${me.status} = 'active' and ${due} limit ${JOB_BATCH}) and ${still}`)
    .returning({ id: me.id });
  for (const { id } of moved) tellMember(ctx, id, { ...notice, type: 'info', link: (r) => renewLink(r.id), linkLabel: 'Renew membership' });
  return moved.length;
}

/**
 * Active memberships whose period ended become expired in one statement; each member hears once (the row moved once).
 * One whose automatic renewal is being charged, or awaits its invoice (a day at most), stays active: autopay decides.
 */
export async function expireMemberships(ctx: ServiceCtx, now: Date) {
  const expired = await moveAndTell(ctx, now, {
    due: sql`${me.endsAt} <= ${now.getTime()} and not ${autopayHoldsSql(me, now.getTime())}`,
    still: sql`${me.status} = 'active' and not ${autopayHoldsSql(me, now.getTime())}`,
    set: { status: 'expired', expiredAt: now },
    notice: {
      title: 'Your membership has expired',
      body: (r) => `Your ${r.membershipName} membership (${r.planName}) has expired. Renew it to keep training with us.`,
      eventType: 'membership_expired',
    },
  });
  return { expired };
}

/**
 * Members whose period ends within the reminder window hear about it once: the stamp (reminderSentAt) is
 * written by one conditional statement and only the rows it returned are told.
 */
export async function remindMembers(ctx: ServiceCtx, now: Date) {
  const until = now.getTime() + ENROLLMENT_LIMITS.reminderDaysBefore * DAY_MS;
  const reminded = await moveAndTell(ctx, now, {
    due: sql`${me.endsAt} > ${now.getTime()} and ${me.endsAt} <= ${until} and ${me.reminderSentAt} is null`,
    still: sql`${me.reminderSentAt} is null`,
    set: { reminderSentAt: now },
    notice: {
      title: 'Your membership ends soon',
      body: (r, zone) => {
        const ends = r.endsAt ?? now;
        const days = daysLeft(ends, now.getTime(), zone);
        const when = days === 0 ? 'today' : `in ${days} day${days === 1 ? '' : 's'}`;
        return `Your ${r.membershipName} membership ends on ${calendarDay(ends, zone)} (${when}). Renew it to keep training without a break.`;
      },
      eventType: 'membership_reminder',
    },
  });
  return { reminded };
}

/** Unpaid enrolments and renewals past their due date are cancelled by the kit's job, coupon uses back (decision 012); each member hears once. */
export async function cancelUnpaidMemberships(ctx: ServiceCtx, now: Date) {
  const enrollments = await cancelUnpaidPurchases(ctx, MEMBERSHIP, now);
  const renewals = await cancelUnpaidRenewals(ctx, MEMBERSHIP, now);
  for (const id of enrollments.cancelled)
    tellMember(ctx, id, {
      title: 'Membership cancelled',
      body: (r) => `Your ${r.membershipName} membership was cancelled: ${ENROLLMENT_CANCEL_REASONS.unpaid}.`,
      type: 'info',
      eventType: 'membership_cancelled',
    });
  return { cancelled: enrollments.cancelled.length, renewalsCancelled: renewals.cancelled.length };
}

/** This feature's scheduled work (worker/scheduled.ts runs it every minute; each job idempotent). */
export const JOBS: Job[] = [
  { name: 'expire memberships', run: expireMemberships },
  { name: 'remind members of their membership end', run: remindMembers },
  { name: 'cancel unpaid memberships', run: cancelUnpaidMemberships },
];
