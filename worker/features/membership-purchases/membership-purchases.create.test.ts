import { DOCUMENT_MESSAGES } from '#core/enrollments/enrollment-options.ts';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { couponUses } from '#db/schema/index.ts';
import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { MEMBERSHIP_PURCHASE_MESSAGES } from '#core/enrollments/membership-schemas.ts';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { bucket } from '#test/file-helpers.ts';
import { pngClaiming } from '#worker/lib/image-size.fixtures.ts';
import { IMAGE_TOO_MANY_PIXELS } from '#worker/lib/image-size.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { couponUsesOf, enrollmentRow, FAKE_PDF, insertMembership, PDF, PNG, purchase } from '#test/membership-helpers.ts';
import { insertCoupon } from '#test/membership-helpers.ts';

describe('POST /api/purchase-membership', () => {
  it('creates a pending enrolment priced from the database, its documents in R2, and a payment to open', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const res = await purchase(user, { membershipId: membership.id, planId: plan.id, notes: 'Evenings', planPrice: '0.01' } as never, [
      { name: 'waiver.pdf', bytes: PDF() },
      { name: 'photo.png', bytes: PNG(), type: 'image/png' },
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const { enrollment, payment } = res.body.data;
    // 100.00 − 10.00 plan discount = 90.00; GST 13% = 11.70; total 101.70.
    expect(enrollment).toMatchObject({
      enrollmentStatus: 'pending_approval',
      paymentStatus: 'pending',
      planPrice: 100,
      discountAmount: 10,
      couponDiscount: 0,
      gstAmount: 11.7,
      totalAmount: 101.7,
      currency: 'CAD',
      currencySymbol: 'C$',
      notes: 'Evenings',
      daysLeft: null,
      canPay: true,
      canCancel: true,
      canRenew: false,
    });
    expect(enrollment.documents.map((d: { name: string; type: string }) => [d.name, d.type])).toEqual([
      [`membership-${enrollment._id}-1.pdf`, 'application/pdf'],
      [`membership-${enrollment._id}-2.png`, 'image/png'],
    ]);
    expect(payment).toMatchObject({ gateway: 'sandbox', amount: 10_170 });
    expect(payment.checkoutUrl).toContain(encodeURIComponent(`/memberships/complete?enrollmentId=${enrollment._id}`));
    const row = (await enrollmentRow(enrollment._id))!;
    expect(row.documents[0]!.key.startsWith(`enrollments/${enrollment._id}/`)).toBe(true);
    expect(await bucket().head(row.documents[0]!.key)).not.toBeNull();
    expect(row.paymentDueAt!.getTime() - row.createdAt.getTime()).toBe(ENROLLMENT_LIMITS.paymentWindowDays * 86_400_000);
  });

  it('refuses a text file named .pdf (real type by magic bytes), too many, too large documents and images past the pixel cap, writing nothing', async () => {
    const user = await createUser({ role: 'student' });
    const { membership, plan } = await insertMembership();
    const ids = { membershipId: membership.id, planId: plan.id };
    const fake = await purchase(user, ids, [{ name: 'id.pdf', bytes: FAKE_PDF() }]);
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe(DOCUMENT_MESSAGES.type);
    const many = await purchase(
      user,
      ids,
      Array.from({ length: ENROLLMENT_LIMITS.maxDocuments + 1 }, (_, i) => ({ name: `d${i}.pdf`, bytes: PDF() })),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toBe(DOCUMENT_MESSAGES.tooMany);
    const big = new Uint8Array(ENROLLMENT_LIMITS.maxDocumentBytes + 1);
    big.set(PDF());
    const large = await purchase(user, ids, [{ name: 'big.pdf', bytes: big }]);
    expect(large.status).toBe(413);
    const huge = await purchase(user, ids, [{ name: 'huge.png', bytes: pngClaiming(100_000, 100_000), type: 'image/png' }]);
    expect(huge.status).toBe(400);
    expect(huge.body.message).toBe(IMAGE_TOO_MANY_PIXELS);
    const mine = await api('/api/purchase-membership/my-enrollments', { token: user.token });
    expect(mine.body.data).toEqual([]);
  });

  it('takes documents sent as documents[] too', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const form = new FormData();
    form.append('membershipId', membership.id);
    form.append('planId', plan.id);
    form.append('paymentMethod', 'sandbox');
    form.append('documents[]', new File([PDF() as BlobPart], 'a.pdf', { type: 'application/pdf' }));
    const res = await api('/api/purchase-membership', { method: 'POST', token: user.token, raw: form });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.enrollment.documents).toHaveLength(1);
  });

  it('prices with a membership coupon on what is left after the plan discount, GST on the rest', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon({ category: 'membership', discountType: 'percentage', discountValue: 2000 });
    const res = await purchase(user, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code.toLowerCase() });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    // 90.00 after the plan discount; 20% coupon = 18.00; 72.00 + 13% GST 9.36 = 81.36.
    expect(res.body.data.enrollment).toMatchObject({
      discountAmount: 10,
      couponDiscount: 18,
      gstAmount: 9.36,
      totalAmount: 81.36,
      couponCode: coupon.code,
    });
    const uses = await couponUsesOf(res.body.data.enrollment._id);
    expect(uses).toHaveLength(1);
    expect(uses[0]).toMatchObject({ status: 'reserved', purchaseType: 'membership', discountCents: 1800 });
  });

  it('refuses a coupon of another category in the spec 8 words', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon({ category: 'shop' });
    const res = await purchase(user, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('This coupon is not valid for membership purchases');
    const unknown = await purchase(user, { membershipId: membership.id, planId: plan.id, couponCode: 'NOPE-NOPE' });
    expect(unknown.body.message).toBe(COUPON_MESSAGES.notFound);
  });

  it('makes a free enrolment without a payment when the total is 0 (never below 0)', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership({ priceCents: 5_000, discountPriceCents: null });
    const coupon = await insertCoupon({ category: 'all', discountType: 'fixed', discountValue: 9_000 });
    const res = await purchase(user, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    expect(res.body.data.payment).toBeNull();
    expect(res.body.data.enrollment).toMatchObject({
      paymentStatus: 'free',
      couponDiscount: 50,
      gstAmount: 0,
      totalAmount: 0,
      canPay: false,
    });
  });

  it('refuses an inactive membership or plan, and a plan of another membership', async () => {
    const user = await createUser({ role: 'member' });
    const inactive = await insertMembership({}, { isActive: false });
    const inactivePlan = await insertMembership({ isActive: false });
    const other = await insertMembership();
    for (const ids of [
      { membershipId: inactive.membership.id, planId: inactive.plan.id },
      { membershipId: inactivePlan.membership.id, planId: inactivePlan.plan.id },
      { membershipId: other.membership.id, planId: inactive.plan.id },
    ]) {
      const res = await purchase(user, ids);
      expect(res.status).toBe(400);
      expect(res.body.message).toBe(ENROLLMENT_MESSAGES.membershipUnavailable);
    }
  });

  it('refuses a second purchase of a live membership with 409, and of 20 parallel purchases makes exactly one', async () => {
    const user = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon({ category: 'membership' });
    const results = await Promise.all(
      Array.from({ length: 20 }, () => purchase(user, { membershipId: membership.id, planId: plan.id, couponCode: coupon.code })),
    );
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(19);
    expect(results.find((r) => r.status === 409)!.body.message).toBe(ENROLLMENT_MESSAGES.alreadyMember);
    const mine = await api('/api/purchase-membership/my-enrollments', { token: user.token });
    expect(mine.body.data).toHaveLength(1);
    expect(await testDb().select().from(couponUses).where(eq(couponUses.couponId, coupon.id))).toHaveLength(1);
  });

  it('asks for multipart and for the ids in words', async () => {
    const user = await createUser({ role: 'member' });
    const json = await api('/api/purchase-membership', { method: 'POST', token: user.token, body: { membershipId: 'x' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe(MEMBERSHIP_PURCHASE_MESSAGES.multipartRequired);
    const noPlan = await purchase(user, { membershipId: 'x' });
    expect(noPlan.status).toBe(400);
    expect(noPlan.body.message).toBe(MEMBERSHIP_PURCHASE_MESSAGES.planIdRequired);
    const anonymous = await api('/api/purchase-membership', { method: 'POST', raw: new FormData() });
    expect(anonymous.status).toBe(401);
  });
});
