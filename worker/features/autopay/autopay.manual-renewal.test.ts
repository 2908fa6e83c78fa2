import { eq } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { enrollmentRenewals } from '#db/schema/index.ts';
import { api, testDb, testServiceCtx } from '#test/helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { runAutopay } from './autopay.jobs.ts';
import { autopayMember, freshEpoch, invoicesOf, stopAutopay } from './autopay.test-helpers.ts';

const HOUR = 3_600_000;
const renewalsOf = (enrollmentId: string) =>
  testDb().select().from(enrollmentRenewals).where(eq(enrollmentRenewals.enrollmentId, enrollmentId));
const renew = (token: string, id: string) =>
  api(`/api/purchase-membership/${id}/renew`, { method: 'POST', token, body: { paymentMethod: 'sandbox' } });

let base: number;
beforeEach(() => {
  base = freshEpoch();
});
afterEach(stopAutopay);

/** One period is never paid twice: an automatic and a manual renewal of a membership never wait for payment together. */
describe('automatic and manual renewals of one membership', () => {
  it('refuses a manual renewal while the automatic one is being charged, writing nothing', async () => {
    const { user, enrollment } = await autopayMember(base, 'decline');
    await runAutopay(testServiceCtx(), new Date(base + HOUR));
    await settleDeferred();
    const [invoice] = await invoicesOf(user.id);
    expect(invoice!.status).not.toBe('paid');
    const before = await renewalsOf(enrollment.id);

    const refused = await renew(user.token, enrollment.id);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ENROLLMENT_MESSAGES.autopayRenewing);
    expect(await renewalsOf(enrollment.id)).toEqual(before);
    // The member's view says so: no Renew, the charge being made instead.
    const view = await api(`/api/purchase-membership/${enrollment.id}`, { token: user.token });
    expect(view.body.data).toMatchObject({ autopay: true, autopayCharging: true, canRenew: false });
  });

  it('does not invoice a membership its member is renewing by hand; once that renewal is gone it does', async () => {
    const { user, enrollment } = await autopayMember(base);
    const manual = await renew(user.token, enrollment.id);
    expect(manual.status, JSON.stringify(manual.body)).toBe(201);

    await runAutopay(testServiceCtx(), new Date(base + HOUR));
    expect(await invoicesOf(user.id)).toEqual([]);

    await testDb().update(enrollmentRenewals).set({ status: 'cancelled' }).where(eq(enrollmentRenewals.id, manual.body.data.renewal._id));
    await runAutopay(testServiceCtx(), new Date(base + 2 * HOUR));
    await settleDeferred();
    expect((await invoicesOf(user.id)).map((i) => i.status)).toEqual(['paid']);
  });
});
