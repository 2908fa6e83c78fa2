/** Shared by the tests of the school's money notices (not a test file itself). */
import { and, eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { emailOutbox, notifications, payments } from '#db/schema/index.ts';
import { SETTLEMENTS } from '#worker/settlements.ts';
import { settlePayment } from '#worker/lib/payments/records.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';

/** An admin who turned e-mail off, a super-admin who turned it on, a grand master and a bystanding student. */
export async function school() {
  const [admin, mailed, gm, student] = await Promise.all([
    createUser({ role: 'admin' }),
    createUser({ role: 'super-admin' }),
    createUser({ role: 'grandmaster' }),
    createUser({ role: 'student' }),
  ]);
  const prefs = (token: string, email: boolean) => api('/api/notifications/preferences', { method: 'PUT', token, body: { email } });
  await prefs(mailed.token, true);
  await prefs(admin.token, true);
  await prefs(admin.token, false);
  return { admin, mailed, gm, student };
}

/** Replays the settlement of the purchase's succeeded payment with the row as it was before (a replayed webhook). */
export async function settleAgain(purchaseId: string) {
  const row = (await testDb().select().from(payments).where(eq(payments.purchaseId, purchaseId)).get())!;
  const stale = { ...row, status: 'created' as const };
  await settlePayment(testServiceCtx(), SETTLEMENTS[row.purchaseType], stale, row.providerPaymentId ?? 'replay');
  await settleDeferred();
}

export const noticesTo = (userId: string, entityId: string, eventType: string) =>
  testDb()
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.entityId, entityId), eq(notifications.eventType, eventType)));

export const mailsTo = (to: string, kind: string) =>
  testDb()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, to), eq(emailOutbox.kind, kind)));

/**
 * Each admin-capable account in `told` has exactly one notice of `eventType` about the purchase; the
 * one who chose e-mail got exactly one, the one who turned it off none; the student nothing.
 */
export async function expectToldOnce(
  s: Awaited<ReturnType<typeof school>>,
  entityId: string,
  eventType: string,
  told: readonly ('admin' | 'mailed' | 'gm')[],
) {
  for (const who of ['admin', 'mailed', 'gm'] as const)
    expect(await noticesTo(s[who].id, entityId, eventType), who).toHaveLength(told.includes(who) ? 1 : 0);
  expect(await mailsTo(s.mailed.email, eventType)).toHaveLength(1);
  expect(await mailsTo(s.admin.email, eventType)).toHaveLength(0);
  expect(
    await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, s.student.id), eq(notifications.entityId, entityId))),
  ).toEqual([]);
}
