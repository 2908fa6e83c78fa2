import { and, eq, inArray } from 'drizzle-orm';
import { newId, newSecret } from '#core/ids.ts';
import { emailOutbox, enrollmentRenewals, invoices, membershipEnrollments, paymentMethods, payments } from '#db/schema/index.ts';
import { createUser, testDb } from '#test/helpers.ts';
import { insertActiveMembership } from '#test/membership-helpers.ts';

export const DAY = 86_400_000;

/**
 * Each test runs the job at its own instant far in the future (the job takes every due row of the shared
 * database): nothing written at today's dates is due then, each file starts at its own random century, and
 * an earlier test's rows are not due at a later test's (earlier) instant. `stopAutopay` (afterEach) ends what
 * a test left behind, so no later run of another file charges it.
 */
let epoch = Date.UTC(2200 + Math.floor(Math.random() * 7000), 0, 1);
export const freshEpoch = () => (epoch -= 120 * DAY);

const left = { enrollments: [] as string[], payers: [] as string[] };

export async function stopAutopay() {
  const { enrollments, payers } = left;
  if (enrollments.length)
    await testDb().update(membershipEnrollments).set({ autopay: false }).where(inArray(membershipEnrollments.id, enrollments));
  if (payers.length)
    await testDb()
      .update(invoices)
      .set({ status: 'void', voidedAt: new Date() })
      .where(and(inArray(invoices.payerId, payers), inArray(invoices.status, ['open', 'processing', 'past_due'])));
  left.enrollments = [];
  left.payers = [];
}

/** A saved sandbox card for `userId`, the default: one that approves, or one that always declines. */
export async function insertCard(userId: string, card: 'ok' | 'decline' = 'ok') {
  return testDb()
    .insert(paymentMethods)
    .values({
      id: newId(),
      userId,
      gateway: 'sandbox',
      status: 'active',
      setupId: `sbxset_${newSecret(12)}`,
      providerCustomerId: `sbxcus_${newSecret(8)}`,
      providerMethodId: `sbxpm_${card}_${newSecret(12)}`,
      brand: 'Visa',
      last4: card === 'ok' ? '4242' : '0002',
      expMonth: 12,
      expYear: 2030,
      isDefault: true,
    })
    .returning()
    .get();
}

/** An active, paid, autopay membership of `user` ending at `endsAt` (plan 100.00 − 10.00, GST 13 %: 101.70). */
export async function autopayMembership(userId: string, endsAt: number, payerId: string | null = null) {
  left.payers.push(payerId ?? userId);
  const row = await insertActiveMembership(userId, new Date(endsAt), { autopay: true, payerId });
  left.enrollments.push(row.id);
  return row;
}

/** A member with a saved card and one autopay membership ending at `endsAt`. */
export async function autopayMember(endsAt: number, card: 'ok' | 'decline' = 'ok') {
  const user = await createUser({ role: 'member' });
  const method = await insertCard(user.id, card);
  const enrollment = await autopayMembership(user.id, endsAt);
  return { user, method, enrollment };
}

export const invoicesOf = (payerId: string) => testDb().select().from(invoices).where(eq(invoices.payerId, payerId));
export const invoiceRow = async (id: string) => (await testDb().select().from(invoices).where(eq(invoices.id, id)).get())!;
export const enrollment = async (id: string) =>
  (await testDb().select().from(membershipEnrollments).where(eq(membershipEnrollments.id, id)).get())!;
export const linesOf = (invoiceId: string) => testDb().select().from(enrollmentRenewals).where(eq(enrollmentRenewals.invoiceId, invoiceId));
export const chargesOf = (invoiceId: string) =>
  testDb()
    .select()
    .from(payments)
    .where(and(eq(payments.purchaseType, 'invoice'), eq(payments.purchaseId, invoiceId)));
export const mailsOf = (userId: string, kind: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.userId, userId), eq(emailOutbox.kind, kind)));
