import { eq } from 'drizzle-orm';
import { MEMBERSHIP_CURRENCY } from '#core/enrollments/enrollment-options.ts';
import { formatMoney } from '#core/money.ts';
import type { NotificationType } from '#core/notifications/notification-options.ts';
import { membershipEnrollments, users, type MembershipEnrollmentRow } from '#db/schema/index.ts';
import { ADMIN_CAPABLE } from '#core/roles.ts';
import { profileName } from '#core/users/person-name.ts';
import { notify } from '#worker/lib/notify.ts';
import { tellSchool } from '#worker/lib/enrolment/money-notice.ts';
import { escapeHtml } from '#worker/lib/order-mail.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { schoolTimeZoneQuery, zoneOf } from '#worker/lib/school-time-zone.ts';

/** Where a member follows their memberships. */
export const MEMBER_LINK = '/student/memberships';

export type MemberNotice = {
  title: string;
  /** The words, given the row and the school's zone (a period's days are the school's calendar days). */
  body: (row: MembershipEnrollmentRow, zone: string) => string;
  type: NotificationType;
  eventType: string;
  /** The link (and its label) the notice and the e-mail carry. */
  link?: (row: MembershipEnrollmentRow) => string;
  linkLabel?: string;
  /** E-mail lines after the body (a receipt). */
  extra?: (row: MembershipEnrollmentRow) => string[];
};

/** A receipt's lines in C$ (the membership side's currency, spec 9). */
export const receiptLines = (row: MembershipEnrollmentRow, totalCents = row.totalCents) => {
  const money = (cents: number) => formatMoney(cents, MEMBERSHIP_CURRENCY.symbol);
  return [
    `${row.membershipName} — ${row.planName} (${row.durationMonths} month${row.durationMonths === 1 ? '' : 's'})`,
    `Plan price: ${money(row.planPriceCents)}`,
    ...(row.discountCents ? [`Discount: -${money(row.discountCents)}`] : []),
    ...(row.couponDiscountCents ? [`Coupon ${row.couponCode ?? ''}: -${money(row.couponDiscountCents)}`] : []),
    `GST: ${money(row.gstCents)}`,
    `Total paid: ${money(totalCents)} ${MEMBERSHIP_CURRENCY.code}`,
  ];
};

/** Tells the member (in-app and by e-mail) after the response: a failure is logged, never thrown. */
export function tellMember(ctx: ServiceCtx, enrollmentId: string, notice: MemberNotice) {
  ctx.defer(`membership notice ${notice.eventType}`, async () => {
    const [rows, zoneRows] = await ctx.db.batch([
      ctx.db
        .select({ row: membershipEnrollments, email: users.email })
        .from(membershipEnrollments)
        .innerJoin(users, eq(users.id, membershipEnrollments.userId))
        .where(eq(membershipEnrollments.id, enrollmentId)),
      schoolTimeZoneQuery(ctx.db),
    ]);
    const found = rows[0];
    if (!found) return;
    const { row } = found;
    const link = notice.link?.(row) ?? MEMBER_LINK;
    const body = notice.body(row, zoneOf(zoneRows));
    await notify(ctx, [row.userId], {
      title: notice.title,
      body,
      type: notice.type,
      eventType: notice.eventType,
      entityType: 'membership_enrollment',
      entityId: row.id,
      data: { enrollmentId: row.id },
      actions: [{ action: 'view', title: notice.linkLabel ?? 'View membership', url: link }],
    });
    const lines = [body, ...(notice.extra?.(row) ?? [])];
    const url = `${ctx.origin}${link}`;
    await ctx.mailer.send({
      to: found.email,
      subject: notice.title,
      text: [...lines, '', url].join('\n'),
      html: [
        ...lines.map((l) => `<p>${escapeHtml(l)}</p>`),
        `<p><a href="${escapeHtml(url)}">${escapeHtml(notice.linkLabel ?? 'View membership')}</a></p>`,
      ].join('\n'),
      kind: notice.eventType,
      userId: row.userId,
    });
  });
}

/** The school hears a membership was bought and paid: waiting for its approval, or active when already approved. */
export function tellSchoolOfMembership(ctx: ServiceCtx, enrollmentId: string) {
  tellSchool(ctx, 'membership paid school notice', async () => {
    const found = await ctx.db
      .select({ row: membershipEnrollments, email: users.email, profile: users.profile })
      .from(membershipEnrollments)
      .innerJoin(users, eq(users.id, membershipEnrollments.userId))
      .where(eq(membershipEnrollments.id, enrollmentId))
      .get();
    if (!found) return null;
    const { row } = found;
    const waiting = row.status === 'pending_approval';
    const total = formatMoney(row.totalCents, MEMBERSHIP_CURRENCY.symbol);
    return {
      roles: ADMIN_CAPABLE,
      title: waiting ? 'Membership purchase waiting for approval' : 'Membership purchased',
      body: `${profileName(found.profile, found.email)} (${found.email}) paid ${total} for ${row.membershipName} — ${row.planName}${waiting ? '; the membership waits for your approval.' : '.'}`,
      eventType: 'membership_paid_school',
      entityType: 'membership_enrollment',
      entityId: row.id,
      link: `/admin/membership-enrollments/${encodeURIComponent(row.id)}`,
      linkLabel: waiting ? 'Review membership' : 'View membership',
    };
  });
}
