import { membershipEnrollments } from '#db/schema/index.ts';
import { planPurchase } from './plan-purchase.ts';
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
      if (!userId) return [];
      const { plan, columns } = planPurchase(d.planId);
      const endsAt = d.endsInDays === undefined ? null : new Date(now + d.endsInDays * DAY);
      const startsAt = endsAt ? new Date(endsAt.getTime() - plan.durationMonths * 30 * DAY) : null;
      const createdAt = new Date((startsAt?.getTime() ?? now - 2 * DAY) - DAY);
      return [
        {
          id: d.id,
          userId,
          ...columns,
          status: d.status,
          paymentStatus: d.paid ? ('paid' as const) : ('pending' as const),
          paymentMethod: 'sandbox',
          currency: 'CAD',
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
