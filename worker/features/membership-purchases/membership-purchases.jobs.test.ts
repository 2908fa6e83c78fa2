import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_CANCEL_REASONS } from '#core/enrollments/enrollment-status.ts';
import { emailOutbox, membershipEnrollments, notifications } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import {
  couponUsesOf,
  enrollmentRow,
  insertActiveMembership,
  insertCoupon,
  insertMembership,
  purchase,
  renewalRow,
} from '#test/membership-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { schoolTimeZone } from '#worker/lib/school-time-zone.ts';
import { atWallTime, calendarDay } from '#core/time-zone.ts';
import { cancelUnpaidMemberships, expireMemberships, remindMembers } from './membership-purchases.jobs.ts';

const DAY = 86_400_000;

/** A member with an active, paid membership ending at `endsAt`. */
async function activeRow(endsAt: Date, extra: Partial<typeof membershipEnrollments.$inferInsert> = {}) {
  const user = await createUser({ role: 'member' });
  return { user, row: await insertActiveMembership(user.id, endsAt, extra) };
}

const noticesOf = (userId: string, eventType: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.eventType, eventType)));
const mailsOf = (userId: string, kind: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)));

describe('scheduled membership jobs', () => {
  it('expires an ended membership once and tells the member with a renew link', async () => {
    const now = new Date();
    const { user, row } = await activeRow(new Date(now.getTime() - 1000));
    const { row: current } = await activeRow(new Date(now.getTime() + 20 * DAY));
    const ctx = testServiceCtx();
    await expireMemberships(ctx, now);
    await expireMemberships(ctx, now);
    await settleDeferred();
    expect((await enrollmentRow(row.id))!).toMatchObject({ status: 'expired' });
    expect((await enrollmentRow(row.id))!.expiredAt!.getTime()).toBe(now.getTime());
    expect((await enrollmentRow(current.id))!.status).toBe('active');
    const notes = await noticesOf(user.id, 'membership_expired');
    expect(notes).toHaveLength(1);
    expect(notes[0]!.title).toBe('Your membership has expired');
    expect(JSON.stringify(notes[0]!.actions)).toContain(`renew=${row.id}`);
    expect(await mailsOf(user.id, 'membership_expired')).toHaveLength(1);
  });

  it('reminds a member whose membership ends within the window exactly once, not one ending later', async () => {
    const now = new Date();
    const { user, row } = await activeRow(new Date(now.getTime() + 5 * DAY));
    const later = await activeRow(new Date(now.getTime() + 30 * DAY));
    const ctx = testServiceCtx();
    await Promise.all([remindMembers(ctx, now), remindMembers(ctx, now)]);
    await remindMembers(ctx, now);
    await settleDeferred();
    expect((await enrollmentRow(row.id))!.reminderSentAt!.getTime()).toBe(now.getTime());
    expect((await enrollmentRow(later.row.id))!.reminderSentAt).toBeNull();
    expect(await noticesOf(user.id, 'membership_reminder')).toHaveLength(1);
    expect(await noticesOf(later.user.id, 'membership_reminder')).toHaveLength(0);
    const mail = await mailsOf(user.id, 'membership_reminder');
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('in 5 days');
  });

  it("names the last day as the school's calendar has it, not UTC's, and counts calendar days", async () => {
    const zone = await schoolTimeZone(testDb());
    const now = atWallTime(2031, 3, 1, 12, 0, zone);
    // 23:30 (or 00:30 east of Greenwich) of 4 March at the school is another day in UTC.
    const late = atWallTime(2031, 3, 4, 23, 30, zone);
    const endsAt = calendarDay(late, 'UTC') !== '2031-03-04' ? late : atWallTime(2031, 3, 4, 0, 30, zone);
    expect(calendarDay(endsAt, 'UTC')).not.toBe('2031-03-04');
    const { user } = await activeRow(endsAt);
    await remindMembers(testServiceCtx(), now);
    await settleDeferred();
    const [mail] = await mailsOf(user.id, 'membership_reminder');
    expect(mail!.text).toContain('ends on 2031-03-04 (in 3 days)');
  });

  it('cancels unpaid enrolments and renewals past their due date, coupon uses back, once', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon();
    const res = await purchase(user, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code });
    const id = res.body.data.enrollment._id;
    const { row: active, user: member } = await activeRow(new Date(Date.now() + 20 * DAY));
    const renewed = await api(`/api/purchase-membership/${active.id}/renew`, {
      method: 'POST',
      token: member.token,
      body: { paymentMethod: 'sandbox', couponCode: coupon.code },
    });
    expect(renewed.status, JSON.stringify(renewed.body)).toBe(201);
    const renewalId = renewed.body.data.renewal._id;
    const later = new Date(Date.now() + 8 * DAY);
    const ctx = testServiceCtx();
    await cancelUnpaidMemberships(ctx, later);
    await cancelUnpaidMemberships(ctx, later);
    await settleDeferred();
    expect((await enrollmentRow(id))!).toMatchObject({ status: 'cancelled', cancelReason: ENROLLMENT_CANCEL_REASONS.unpaid });
    expect((await couponUsesOf(id)).map((u) => u.status)).toEqual(['released']);
    expect((await renewalRow(renewalId))!.status).toBe('cancelled');
    expect((await couponUsesOf(renewalId)).map((u) => u.status)).toEqual(['released']);
    expect((await enrollmentRow(active.id))!.status).toBe('active');
    expect(await noticesOf(user.id, 'membership_cancelled')).toHaveLength(1);
  });
});
