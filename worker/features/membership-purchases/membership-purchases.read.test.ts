import { describe, expect, it } from 'vitest';
import { ENROLLMENT_MESSAGES } from '#core/enrollments/enrollment-status.ts';
import { COUPON_MESSAGES } from '#core/shop/shop-options.ts';
import { bucket } from '#test/file-helpers.ts';
import { eq } from 'drizzle-orm';
import { membershipEnrollments } from '#db/schema/index.ts';
import { api, createUser, freshIp, testDb, uniq } from '#test/helpers.ts';
import { enrollmentRow, insertCoupon, insertMembership, PDF, PNG, purchase, verifyMembership } from '#test/membership-helpers.ts';

const P = '/api/purchase-membership';

describe('public reads', () => {
  it('lists active memberships with only their active plans and no internal fields', async () => {
    const { membership, plan } = await insertMembership({ priceCents: 12_345, discountPriceCents: null, gstRate: 5 });
    await insertMembership({}, { isActive: false, name: `Hidden ${uniq()}` });
    const res = await api(`${P}/public-members`);
    expect(res.status).toBe(200);
    const found = res.body.data.find((m: { _id: string }) => m._id === membership.id);
    expect(found).toEqual({
      _id: membership.id,
      name: membership.name,
      description: null,
      benefits: ['Classes'],
      image: null,
      featured: false,
      plans: [{ _id: plan.id, name: 'Monthly', durationMonths: 1, price: 123.45, discountPrice: null, gstRate: 5 }],
    });
    expect(res.body.data.some((m: { name: string }) => m.name.startsWith('Hidden'))).toBe(false);
  });

  it('answers the payment methods with C$ enforced', async () => {
    const res = await api(`${P}/payment-methods`);
    expect(res.body.data.currency).toEqual({ code: 'CAD', symbol: 'C$', name: 'Canadian Dollar', enforced: true });
    expect(res.body.data.availableGateways).toContain('sandbox');
    expect(res.body.data.supportedMethods.find((m: { id: string }) => m.id === 'sandbox').supported).toBe(true);
  });

  it('validates a coupon against a plan: calculation and totals, refusals in the spec 8 words', async () => {
    const { membership, plan } = await insertMembership();
    const coupon = await insertCoupon({ discountType: 'fixed', discountValue: 2_000 });
    const headers = { 'cf-connecting-ip': freshIp() };
    const res = await api(`${P}/validate-coupon`, {
      headers,
      body: { couponCode: coupon.code, membershipId: membership.id, planId: plan.id },
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data.calculation).toEqual({ discountAmount: 20, finalAmount: 70, originalAmount: 90, savings: 20 });
    expect(res.body.data.totals).toEqual({ planPrice: 100, discountAmount: 10, couponDiscount: 20, gstAmount: 9.1, totalAmount: 79.1 });
    expect(res.body.data.coupon).toMatchObject({ code: coupon.code, discountType: 'fixed', discountValue: 20 });
    const expired = await insertCoupon({ validUntil: new Date(Date.now() - 1000) });
    const refused = await api(`${P}/validate-coupon`, {
      headers,
      body: { couponCode: expired.code, membershipId: membership.id, planId: plan.id },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe(COUPON_MESSAGES.expired);
    const min = await insertCoupon({ minAmountCents: 50_000 });
    const tooLow = await api(`${P}/validate-coupon`, {
      headers,
      body: { couponCode: min.code, membershipId: membership.id, planId: plan.id },
    });
    expect(tooLow.body.message).toBe(COUPON_MESSAGES.minAmount);
    const unknown = await api(`${P}/validate-coupon`, {
      headers,
      body: { couponCode: 'ZZZ-NONE', membershipId: membership.id, planId: plan.id },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe(COUPON_MESSAGES.notFound);
  });
});

describe('ownership and the school', () => {
  it('shows an enrolment to its owner and the school, 404 to anyone else; my-enrollments is own only', async () => {
    const owner = await createUser({ role: 'student' });
    const { membership, plan } = await insertMembership();
    const created = await purchase(owner, { membershipId: membership.id, planId: plan.id });
    const id = created.body.data.enrollment._id;
    expect((await api(`${P}/${id}`, { token: owner.token })).status).toBe(200);
    const other = await createUser({ role: 'member' });
    const hidden = await api(`${P}/${id}`, { token: other.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe(ENROLLMENT_MESSAGES.notFound);
    expect((await api(`${P}/${id}/cancel`, { method: 'PATCH', token: other.token, body: {} })).status).toBe(404);
    expect((await api(`${P}/${id}`, { token: (await createUser({ role: 'grandmaster' })).token })).status).toBe(200);
    expect((await api(`${P}/${id}`)).status).toBe(401);
    const mine = await api(`${P}/my-enrollments?status=pending_approval`, { token: owner.token });
    expect(mine.body.data.map((e: { _id: string }) => e._id)).toEqual([id]);
    expect((await api(`${P}/my-enrollments`, { token: other.token })).body.data).toEqual([]);
    for (const [method, path] of [
      ['POST', `${P}/${id}/approve`],
      ['POST', `${P}/${id}/reject`],
      ['DELETE', `${P}/${id}`],
      ['GET', `${P}/admin/all`],
    ] as const)
      expect((await api(path, { method, token: owner.token, ...(method === 'POST' ? { body: {} } : {}) })).status).toBe(403);
  });

  it('streams a document to the owner and the school as an attachment, never to others', async () => {
    const owner = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const created = await purchase(owner, { membershipId: membership.id, planId: plan.id }, [
      { name: 'waiver.pdf', bytes: PDF() },
      { name: 'card.png', bytes: PNG(), type: 'image/png' },
    ]);
    const { _id: id, documents } = created.body.data.enrollment;
    const res = await api(documents[1].url, { token: owner.token });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="membership-${id}-2.png"`);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect((await api(documents[0].url, { token: (await createUser({ role: 'admin' })).token })).status).toBe(200);
    expect((await api(documents[0].url, { token: (await createUser({ role: 'member' })).token })).status).toBe(404);
    expect((await api(`${P}/${id}/documents/7`, { token: owner.token })).status).toBe(404);
    expect((await api(documents[0].url)).status).toBe(401);
  });

  it("lists and serves a document under a name the server makes, never the uploader's, also for one stored with it", async () => {
    const owner = await createUser({ role: 'member' });
    const { membership, plan } = await insertMembership();
    const created = await purchase(owner, { membershipId: membership.id, planId: plan.id }, [
      { name: 'x.html', bytes: PNG(), type: 'text/html' },
    ]);
    const { _id: id, documents } = created.body.data.enrollment;
    expect(documents[0]).toMatchObject({ name: `membership-${id}-1.png`, type: 'image/png' });
    // A document stored before names were made here still carries the uploader's name and type.
    const row = (await enrollmentRow(id))!;
    await testDb()
      .update(membershipEnrollments)
      .set({
        documents: [
          { ...row.documents[0]!, name: 'x.html' },
          { ...row.documents[0]!, name: '../"evil".html', type: 'text/html' },
        ],
      })
      .where(eq(membershipEnrollments.id, id));
    const listed = await api(`${P}/${id}`, { token: owner.token });
    expect(listed.body.data.documents.map((d: { name: string }) => d.name)).toEqual([`membership-${id}-1.png`, `membership-${id}-2.bin`]);
    for (const [index, name, type] of [
      [0, `membership-${id}-1.png`, 'image/png'],
      [1, `membership-${id}-2.bin`, 'application/octet-stream'],
    ] as const) {
      const res = await api(`${P}/${id}/documents/${index}`, { token: owner.token });
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect(res.headers.get('content-disposition')).toBe(`attachment; filename="${name}"`);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
  });

  it('lists all for the school, 10 a page, filtered and searched, with stats', async () => {
    const admin = await createUser({ role: 'admin' });
    const tag = uniq();
    const { membership, plan } = await insertMembership({}, { name: `Search ${tag}` });
    const ids: string[] = [];
    for (let i = 0; i < 11; i++) {
      const buyer = await createUser({ role: 'member' });
      const res = await purchase(buyer, { membershipId: membership.id, planId: plan.id });
      ids.push(res.body.data.enrollment._id);
    }
    const page1 = await api(`${P}/admin/all?membershipId=${membership.id}`, { token: admin.token });
    expect(page1.status).toBe(200);
    expect(page1.body.data).toHaveLength(10);
    expect(page1.body.pagination).toMatchObject({ page: 1, limit: 10, total: 11, totalPages: 2, hasMore: true });
    expect(page1.body.stats.total).toBeGreaterThanOrEqual(11);
    expect(page1.body.data[0].user.email).toMatch(/@example.test$/);
    const searched = await api(`${P}/admin/all?search=${tag}&status=pending_approval&paymentStatus=pending`, { token: admin.token });
    expect(searched.body.pagination.total).toBe(11);
    const none = await api(`${P}/admin/all?search=${tag}&status=active`, { token: admin.token });
    expect(none.body.data).toEqual([]);
  });

  it('deletes unpaid ones (documents removed from R2), keeps paid live ones (409, keptIds)', async () => {
    const admin = await createUser({ role: 'admin' });
    const { membership, plan } = await insertMembership();
    const a = await createUser({ role: 'member' });
    const withDoc = await purchase(a, { membershipId: membership.id, planId: plan.id }, [{ name: 'w.pdf', bytes: PDF() }]);
    const key = (await enrollmentRow(withDoc.body.data.enrollment._id))!.documents[0]!.key;
    const b = await createUser({ role: 'member' });
    const paid = await purchase(b, { membershipId: membership.id, planId: plan.id });
    await verifyMembership(b, { enrollmentId: paid.body.data.enrollment._id }, paid.body.data.payment.sessionId);

    const refused = await api(`${P}/${paid.body.data.enrollment._id}`, { method: 'DELETE', token: admin.token });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(ENROLLMENT_MESSAGES.paidUndeletable);
    const bulk = await api(`${P}/bulk/delete`, {
      method: 'DELETE',
      token: admin.token,
      body: { enrollmentIds: [withDoc.body.data.enrollment._id, paid.body.data.enrollment._id, 'missing'] },
    });
    expect(bulk.status).toBe(200);
    expect(bulk.body.data).toEqual({
      deletedCount: 1,
      deletedIds: [withDoc.body.data.enrollment._id],
      keptIds: [paid.body.data.enrollment._id],
    });
    expect(await enrollmentRow(withDoc.body.data.enrollment._id)).toBeUndefined();
    expect(await bucket().head(key)).toBeNull();
    expect((await api(`${P}/missing-id`, { method: 'DELETE', token: admin.token })).status).toBe(404);
  });
});
