import { enrollmentTotals, percentToBp, planDiscountCents } from '#core/enrollments/pricing.ts';
import { membershipEnrollments } from '#db/schema/index.ts';
import { DEMO_MEMBERSHIPS, DEMO_PLANS } from './catalog.ts';
import { demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

const DAY = 86_400_000;

type Demo = {
  id: string;
  email: 'member@dojo.local' | 'student@dojo.local';
  planId: string;
  status: 'pending_approval' | 'active' | 'expired' | 'cancelled';
  paid: boolean;
  /** Days from now the period ends (active, expired). */
  endsInDays?: number;
  cancelReason?: string;
  notes?: string;
};

/**
 * The demo member's active paid membership ends in 5 days (so the reminder and Renew show), with an
 * older expired one; the demo student has one awaiting approval and one they cancelled.
 */
const DEMO: Demo[] = [
  {
    id: 'seed-membership-enrollment-m1',
    email: 'member@dojo.local',
    planId: 'seed-plan-standard-monthly',
    status: 'active',
    paid: true,
    endsInDays: 5,
  },
  {
    id: 'seed-membership-enrollment-m2',
    email: 'member@dojo.local',
    planId: 'seed-plan-basic-monthly',
    status: 'expired',
    paid: true,
    endsInDays: -40,
  },
  {
    id: 'seed-membership-enrollment-s1',
    email: 'student@dojo.local',
    planId: 'seed-plan-basic-annual',
    status: 'pending_approval',
    paid: false,
    notes: 'I train on weekday evenings.',
  },
  {
    id: 'seed-membership-enrollment-s2',
    email: 'student@dojo.local',
    planId: 'seed-plan-family-monthly',
    status: 'cancelled',
    paid: false,
    cancelReason: 'Cancelled by user',
  },
];

/** Demo membership enrolments on the seeded memberships and plans (fixed ids: running it again adds nothing). */
export const membershipEnrollmentsSeeder: Seeder = {
  name: 'membership-enrollments',
  async run({ db }) {
    const idOf = await demoUserIds(
      db,
      DEMO.map((d) => d.email),
    );
    const now = Date.now();
    const rows = DEMO.flatMap((d) => {
      const userId = idOf.get(d.email);
      const plan = DEMO_PLANS.find((p) => p.id === d.planId)!;
      const membership = DEMO_MEMBERSHIPS.find((m) => m.id === plan.membershipId)!;
      if (!userId) return [];
      const priced = { priceCents: plan.priceCents, discountPriceCents: plan.discountPriceCents ?? null };
      const t = enrollmentTotals({
        priceCents: plan.priceCents,
        discountCents: planDiscountCents(priced),
        couponDiscountCents: 0,
        gstRateBp: percentToBp(plan.gstRate ?? 0),
      });
      const endsAt = d.endsInDays === undefined ? null : new Date(now + d.endsInDays * DAY);
      const startsAt = endsAt ? new Date(endsAt.getTime() - plan.durationMonths * 30 * DAY) : null;
      const createdAt = new Date((startsAt?.getTime() ?? now - 2 * DAY) - DAY);
      return [
        {
          id: d.id,
          userId,
          membershipId: membership.id!,
          planId: plan.id!,
          membershipName: membership.name,
          planName: plan.name,
          durationMonths: plan.durationMonths,
          status: d.status,
          paymentStatus: d.paid ? ('paid' as const) : ('pending' as const),
          paymentMethod: 'sandbox',
          currency: 'CAD',
          planPriceCents: t.priceCents,
          discountCents: t.discountCents,
          couponDiscountCents: 0,
          gstCents: t.gstCents,
          totalCents: t.totalCents,
          notes: d.notes ?? '',
          documents: [],
          startsAt,
          endsAt,
          expiredAt: d.status === 'expired' ? endsAt : null,
          approvedAt: startsAt,
          paidAt: d.paid ? startsAt : null,
          paymentDueAt: d.status === 'pending_approval' ? new Date(now + 7 * DAY) : null,
          cancelReason: d.cancelReason ?? null,
          cancelledAt: d.status === 'cancelled' ? new Date(now - DAY) : null,
          createdAt,
          updatedAt: createdAt,
        },
      ];
    });
    if (!rows.length) return 0;
    const added = await db.insert(membershipEnrollments).values(rows).onConflictDoNothing().returning({ id: membershipEnrollments.id });
    return added.length;
  },
};
