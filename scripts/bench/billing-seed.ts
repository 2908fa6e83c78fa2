import { createClient } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { newId } from '#core/ids.ts';
import * as schema from '#db/schema/index.ts';

const MINUTE = 60_000;
const DAY = 86_400_000;
export const BENCH_ADULTS = 1_600;
export const BENCH_GUARDIANS = 200;
export const CHILDREN_PER_GUARDIAN = 2;
/** One payer in 50 has a sandbox card that always declines. */
const DECLINE_EVERY = 50;
/** Who the bench signs in as (their password is the demo password). */
export const BENCH_GUARDIAN_EMAIL = 'bench-billing-guardian-0@example.test';
export const BENCH_MEMBER_EMAIL = 'bench-billing-adult-0@example.test';

async function insertAll<T>(rows: T[], size: number, insert: (chunk: T[]) => Promise<unknown>) {
  for (let i = 0; i < rows.length; i += size) await insert(rows.slice(i, i + size));
}

/**
 * 2,000 autopay memberships due now (active, ended 10–59 minutes ago): 1,600 adults paying for themselves and
 * 200 guardians paying for 2 children each (one family invoice per guardian), each payer with an active default
 * sandbox method (every 50th one a declining card). One priced plan (CA$80, 5 % GST). Multi-row inserts.
 */
export async function seedBilling(dbUrl: string) {
  const client = createClient({ url: dbUrl, intMode: 'number' });
  const db = drizzle(client, { schema });
  const now = Date.now();
  try {
    // The bench's two sign-ins use the demo password: borrow the demo student's hash.
    const hash = (await client.execute(`select password_hash from users where student_id = 'STU-0001'`)).rows[0]?.password_hash;
    if (typeof hash !== 'string') throw new Error('the demo student is not seeded');
    const user = (id: string, email: string, firstName: string, dateOfBirth?: string) => ({
      id,
      email,
      passwordHash: hash,
      role: 'student',
      emailVerified: true,
      profile: { firstName, lastName: 'Bench', ...(dateOfBirth ? { dateOfBirth } : {}) },
      createdAt: new Date(now - 400 * DAY),
    });
    const adults = Array.from({ length: BENCH_ADULTS }, (_, i) =>
      user(`bench-billing-adult-${i}`, `bench-billing-adult-${i}@example.test`, `Adult${i}`),
    );
    const guardians = Array.from({ length: BENCH_GUARDIANS }, (_, i) =>
      user(`bench-billing-guardian-${i}`, `bench-billing-guardian-${i}@example.test`, `Guardian${i}`),
    );
    const children = guardians.flatMap((g, i) =>
      Array.from({ length: CHILDREN_PER_GUARDIAN }, (_, j) => ({
        ...user(`${g.id}-child-${j}`, `bench-billing-child-${i}-${j}@example.test`, `Child${i}x${j}`, `201${4 + j}-03-1${j}`),
        guardianId: g.id,
      })),
    );
    const people = [...adults, ...guardians, ...children.map(({ guardianId: _, ...u }) => u)];
    await insertAll(people, 300, (c) => db.insert(schema.users).values(c));
    await insertAll(children, 400, (c) =>
      db.insert(schema.familyLinks).values(c.map((k) => ({ guardianId: k.guardianId, childId: k.id, relationship: 'Parent' }))),
    );

    const payers = [...adults, ...guardians];
    const methods = payers.map((p, i) => {
      const card = i % DECLINE_EVERY === DECLINE_EVERY - 1 ? 'decline' : 'ok';
      return {
        id: newId(),
        userId: p.id,
        gateway: 'sandbox' as const,
        status: 'active' as const,
        setupId: `sbxsetup_bench_${i}`,
        providerCustomerId: `sbxcus_bench_${i}`,
        providerMethodId: `sbxpm_${card}_bench${String(i).padStart(6, '0')}`,
        brand: 'Visa',
        last4: card === 'ok' ? '4242' : '0002',
        expMonth: 12,
        expYear: 2030,
        isDefault: true,
      };
    });
    await insertAll(methods, 400, (c) => db.insert(schema.paymentMethods).values(c));

    const membershipId = newId();
    const planId = newId();
    await db.insert(schema.memberships).values({ id: membershipId, name: 'Bench monthly' });
    await db
      .insert(schema.membershipPlans)
      .values({ id: planId, membershipId, name: 'Monthly', durationMonths: 1, priceCents: 8000, gstRate: 5 });
    const members = [...adults.map((a) => ({ id: a.id, payerId: null })), ...children.map((c) => ({ id: c.id, payerId: c.guardianId }))];
    const enrolments = members.map((m, i) => {
      const endsAt = now - (10 + (i % 50)) * MINUTE;
      return {
        id: newId(),
        userId: m.id,
        payerId: m.payerId,
        membershipId,
        planId,
        membershipName: 'Bench monthly',
        planName: 'Monthly',
        durationMonths: 1,
        status: 'active' as const,
        paymentStatus: 'paid' as const,
        autopay: true,
        planPriceCents: 8000,
        paymentMethod: 'sandbox',
        gstCents: 400,
        totalCents: 8400,
        startsAt: new Date(endsAt - 30 * DAY),
        endsAt: new Date(endsAt),
        paidAt: new Date(endsAt - 30 * DAY),
        approvedAt: new Date(endsAt - 30 * DAY),
      };
    });
    await insertAll(enrolments, 250, (c) => db.insert(schema.membershipEnrollments).values(c));
    return {
      memberships: enrolments.length,
      payers: payers.length,
      guardians: guardians.length,
      children: children.length,
      decliningMethods: methods.filter((m) => m.providerMethodId.includes('decline')).length,
    };
  } finally {
    client.close();
  }
}
