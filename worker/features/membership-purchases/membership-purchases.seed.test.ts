import { eq, inArray } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { membershipEnrollments, users } from '#db/schema/index.ts';
import { catalogSeeder } from '#db/seed/catalog.ts';
import { membershipEnrollmentsSeeder } from '#db/seed/membership-enrollments.ts';
import type { SeedDb } from '#db/seed/types.ts';
import { createUser, testDb } from '#test/helpers.ts';

describe('membership enrolment seeds', () => {
  it('gives the demo member a paid membership ending in 5 days and the student one awaiting approval; a second run adds nothing', async () => {
    const db = testDb();
    const seed = { db: db as unknown as SeedDb, log: () => {} };
    await catalogSeeder.run(seed);
    for (const [email, role] of [
      ['member@dojo.local', 'member'],
      ['student@dojo.local', 'student'],
    ] as const)
      if (!(await db.select().from(users).where(eq(users.email, email)).get())) await createUser({ email, role });
    await db
      .delete(membershipEnrollments)
      .where(
        inArray(membershipEnrollments.id, [
          'seed-membership-enrollment-m1',
          'seed-membership-enrollment-m2',
          'seed-membership-enrollment-s1',
          'seed-membership-enrollment-s2',
        ]),
      );
    expect(await membershipEnrollmentsSeeder.run(seed)).toBe(4);
    expect(await membershipEnrollmentsSeeder.run(seed)).toBe(0);
    const m1 = (await db.select().from(membershipEnrollments).where(eq(membershipEnrollments.id, 'seed-membership-enrollment-m1')).get())!;
    expect(m1).toMatchObject({ status: 'active', paymentStatus: 'paid', reminderSentAt: null });
    expect(Math.round((m1.endsAt!.getTime() - Date.now()) / 86_400_000)).toBe(5);
    const s1 = (await db.select().from(membershipEnrollments).where(eq(membershipEnrollments.id, 'seed-membership-enrollment-s1')).get())!;
    expect(s1).toMatchObject({ status: 'pending_approval', paymentStatus: 'pending', documents: [] });
  });
});
