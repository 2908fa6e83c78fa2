import { asc, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import type { UpdateMembershipInput } from '#core/catalog/membership-schemas.ts';
import { membershipPlans, memberships } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';
import { asAdmin, send, tagged, testServiceCtx } from '#test/catalog-helpers.ts';
import { updateMembership } from './memberships.write.ts';
import { annual, makeMembership, membershipBody, monthly } from './memberships.test-helpers.ts';

const storedPlans = (membershipId: string) =>
  testDb().select().from(membershipPlans).where(eq(membershipPlans.membershipId, membershipId)).orderBy(asc(membershipPlans.position));

describe('POST /api/memberships', () => {
  it('creates a membership with its plans, money in decimals outside and cents inside', async () => {
    const admin = await asAdmin();
    const name = `${tagged()} Standard`;
    const res = await send(
      'POST',
      '/api/memberships',
      admin.token,
      membershipBody(name, { plans: [monthly({ price: 49.99 }), annual({ price: 0.1 + 0.2, discountPrice: null })] }),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Membership created successfully',
      membership: { name, isActive: true, featured: false, sortOrder: 0, startingPrice: 0.3 },
    });
    expect(res.body.data).toEqual(res.body.membership);
    expect(res.body.membership.plans).toMatchObject([
      { name: 'Monthly', durationMonths: 1, price: 49.99, discountPrice: null, effectivePrice: 49.99, gstRate: 5, isActive: true },
      { name: 'Annual', durationMonths: 12, price: 0.3, effectivePrice: 0.3 },
    ]);
    const rows = await storedPlans(res.body.membership._id);
    expect(rows.map((r) => r.priceCents)).toEqual([4999, 30]);
  });

  it('allows a membership without plans', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Empty`, { plans: [] });
    expect(m.plans).toEqual([]);
    expect(m.startingPrice).toBeNull();
  });

  it('refuses a second membership of the same name (any case) with 409', async () => {
    const admin = await asAdmin();
    const name = `${tagged()} Family`;
    await makeMembership(admin.token, name);
    const res = await send('POST', '/api/memberships', admin.token, membershipBody(name.toUpperCase()));
    expect(res.status).toBe(409);
    expect(res.body).toMatchObject({ success: false, code: 'CONFLICT', message: 'A membership with this name already exists' });
  });

  it.each([
    [{ plans: [] }, 'Name is required'],
    [{ name: ' ' }, 'Name is required'],
    [{ name: 'N', plans: 'monthly' }, 'Plans must be a list of plans'],
    [{ name: 'N', plans: [{ durationMonths: 1, price: 10 }] }, 'Plan name is required'],
    [{ name: 'N', plans: [{ name: 'M', durationMonths: 0, price: 10 }] }, 'Plan duration (months) must be at least 1'],
    [{ name: 'N', plans: [{ name: 'M', durationMonths: 1 }] }, 'Plan price must be a number'],
    [{ name: 'N', plans: [{ name: 'M', durationMonths: 1, price: -5 }] }, 'Plan price must be 0 or more'],
    [
      { name: 'N', plans: [{ name: 'M', durationMonths: 1, price: 10, discountPrice: 11 }] },
      'Plan discount price cannot be greater than the plan price',
    ],
    [{ name: 'N', plans: [{ name: 'M', durationMonths: 1, price: 10, gstRate: 101 }] }, 'GST rate must be between 0 and 100'],
    [{ name: 'N', plans: [monthly(), monthly({ name: 'MONTHLY' })] }, 'Plan names must be unique within a membership'],
    [{ name: 'N', plans: Array.from({ length: 13 }, (_, i) => monthly({ name: `P${i}` })) }, 'A membership can have at most 12 plans'],
    [{ name: 'N', benefits: 'x'.repeat(301) }, 'Each item of Benefits must be at most 300 characters'],
    [{ name: 'N', sortOrder: 'first' }, 'Sort order must be a whole number'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/memberships', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
  });
});

describe('PUT /api/memberships/:id', () => {
  it('replaces the set of plans: a listed planId keeps its id, missing plans go, new ones come', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Replace`);
    const [mon, ann] = m.plans;
    const res = await send('PUT', `/api/memberships/${m._id}`, admin.token, {
      description: 'Now with open mat',
      plans: [
        { ...annual(), planId: ann!._id, price: 950, discountPrice: 850 },
        { name: 'Quarterly', durationMonths: 3, price: 249 },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Membership updated successfully', membership: { description: 'Now with open mat' } });
    const plans = res.body.membership.plans;
    expect(plans.map((p: { name: string }) => p.name)).toEqual(['Annual', 'Quarterly']);
    expect(plans[0]).toMatchObject({ _id: ann!._id, price: 950, discountPrice: 850 });
    expect(plans[1]._id).not.toBe(mon!._id);
    const rows = await storedPlans(m._id);
    expect(rows.map((r) => r.id)).toEqual([ann!._id, plans[1]._id]);
  });

  it('gives a new id to a planId that belongs to another membership, never moving that plan', async () => {
    const admin = await asAdmin();
    const a = await makeMembership(admin.token, `${tagged()} A`);
    const b = await makeMembership(admin.token, `${tagged()} B`);
    const foreign = a.plans[0]!._id;
    const res = await send('PUT', `/api/memberships/${b._id}`, admin.token, { plans: [monthly({ planId: foreign })] });
    expect(res.status).toBe(200);
    expect(res.body.membership.plans[0]._id).not.toBe(foreign);
    expect((await storedPlans(a._id)).map((r) => r.id)).toContain(foreign);
  });

  it('keeps a planId listed twice for the first plan only', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Twice`);
    const id = m.plans[0]!._id;
    const res = await send('PUT', `/api/memberships/${m._id}`, admin.token, { plans: [monthly({ planId: id }), annual({ planId: id })] });
    expect(res.status).toBe(200);
    expect(res.body.membership.plans[0]._id).toBe(id);
    expect(res.body.membership.plans[1]._id).not.toBe(id);
    expect(await storedPlans(m._id)).toHaveLength(2);
  });

  it('leaves the plans alone when no plans are sent, and clears them with an empty list', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Keep`);
    const res = await send('PUT', `/api/memberships/${m._id}`, admin.token, { featured: true });
    expect(res.body.membership).toMatchObject({ featured: true });
    expect(res.body.membership.plans.map((p: { _id: string }) => p._id)).toEqual(m.plans.map((p) => p._id));
    const cleared = await send('PUT', `/api/memberships/${m._id}`, admin.token, { plans: [] });
    expect(cleared.body.membership.plans).toEqual([]);
    expect(await storedPlans(m._id)).toEqual([]);
  });

  it('keeps the old plans intact when a plan in the new set is refused by validation', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Valid`);
    const res = await send('PUT', `/api/memberships/${m._id}`, admin.token, {
      name: 'Renamed',
      plans: [monthly({ price: 10 }), annual({ discountPrice: 5000 })],
    });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe('plans.1.discountPrice');
    expect((await storedPlans(m._id)).map((r) => [r.id, r.priceCents])).toEqual(
      m.plans.map((p) => [p._id, Math.round(Number(p.price) * 100)]),
    );
  });

  it('is atomic: when the database refuses one plan of the new set, the membership and its old plans stay exactly as they were', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Atomic`);
    const before = await storedPlans(m._id);
    // Past validation on purpose (a service call): the second plan breaks a CHECK constraint in the database.
    const input = {
      name: 'Should not stick',
      plans: [
        { name: 'Weekly', durationMonths: 1, price: 1000, discountPrice: null, planId: undefined },
        { name: 'Broken', durationMonths: 500, price: 1000, discountPrice: null, planId: undefined },
      ],
    } as unknown as UpdateMembershipInput;
    await expect(updateMembership(testServiceCtx(), m._id, input, null)).rejects.toMatchObject({
      status: 400,
      message: 'Plan duration (months) must be between 1 and 120',
    });
    expect(await storedPlans(m._id)).toEqual(before);
    const row = await testDb().select().from(memberships).where(eq(memberships.id, m._id)).get();
    expect(row!.name).toBe(m.name);
  });

  it('answers 404 for an unknown id and 400 for an empty update', async () => {
    const admin = await asAdmin();
    const missing = await send('PUT', '/api/memberships/nope', admin.token, { name: 'X' });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Membership not found');
    const m = await makeMembership(admin.token, `${tagged()} Empty`);
    const empty = await send('PUT', `/api/memberships/${m._id}`, admin.token, {});
    expect(empty.status).toBe(400);
    expect(empty.body.message).toBe('Nothing to update');
  });
});

describe('PATCH /api/memberships/:id/toggle-status', () => {
  it('flips isActive and answers the membership with its plans', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Toggle`);
    const off = await send('PATCH', `/api/memberships/${m._id}/toggle-status`, admin.token);
    expect(off.body).toMatchObject({ success: true, membership: { isActive: false }, message: 'Membership deactivated successfully' });
    expect(off.body.membership.plans).toHaveLength(2);
    const on = await send('PATCH', `/api/memberships/${m._id}/toggle-status`, admin.token);
    expect(on.body).toMatchObject({ membership: { isActive: true }, message: 'Membership activated successfully' });
    expect((await send('PATCH', '/api/memberships/nope/toggle-status', admin.token)).status).toBe(404);
  });
});

describe('DELETE /api/memberships/:id and DELETE /api/memberships', () => {
  it('deletes a membership with its plans, then answers 404', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Gone`);
    const res = await send('DELETE', `/api/memberships/${m._id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: m._id }, message: 'Membership deleted successfully' });
    expect(await storedPlans(m._id)).toEqual([]);
    expect((await api(`/api/memberships/${m._id}`, { token: admin.token })).status).toBe(404);
    expect((await send('DELETE', `/api/memberships/${m._id}`, admin.token)).status).toBe(404);
  });

  it('bulk-deletes the listed memberships and their plans', async () => {
    const admin = await asAdmin();
    const a = await makeMembership(admin.token, `${tagged()} a`);
    const b = await makeMembership(admin.token, `${tagged()} b`);
    const keep = await makeMembership(admin.token, `${tagged()} keep`);
    const res = await send('DELETE', '/api/memberships/', admin.token, { membershipIds: [a._id, b._id, 'unknown'] });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, count: 2, data: { deletedCount: 2 }, message: '2 memberships deleted successfully' });
    expect(await storedPlans(a._id)).toEqual([]);
    expect(await storedPlans(keep._id)).toHaveLength(2);
  });

  it.each([[{}], [{ membershipIds: [] }], [{ membershipIds: 'x' }], [{ membershipIds: [' '] }]])(
    'refuses %j with "Membership IDs array is required"',
    async (body) => {
      const admin = await asAdmin();
      const res = await send('DELETE', '/api/memberships', admin.token, body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: 'Membership IDs array is required' });
    },
  );
});
