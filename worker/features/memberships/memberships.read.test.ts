import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { asAdmin, createUser, send, tagged, watchStatements } from '#test/catalog-helpers.ts';
import { annual, makeMembership, monthly } from './memberships.test-helpers.ts';

const names = (list: { name: string }[]) => list.map((m) => m.name);

describe('GET /api/memberships', () => {
  it('shows visitors active memberships with their active plans only, in sortOrder', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeMembership(admin.token, `${tag} Family`, { sortOrder: 3 });
    await makeMembership(admin.token, `${tag} Basic`, { sortOrder: 1, plans: [monthly(), annual({ isActive: false })] });
    await makeMembership(admin.token, `${tag} Hidden`, { isActive: false });
    const res = await api(`/api/memberships/?search=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, pagination: { page: 1, limit: 20, total: 2, totalPages: 1, hasMore: false } });
    expect(res.body.summary).toBeUndefined();
    expect(names(res.body.memberships)).toEqual([`${tag} Basic`, `${tag} Family`]);
    expect(res.body.data).toEqual(res.body.memberships);
    const basic = res.body.memberships[0];
    expect(basic.plans.map((p: { name: string }) => p.name)).toEqual(['Monthly']);
    expect(basic).toMatchObject({ startingPrice: 89, benefits: ['All adult classes', 'Free gi'], isActive: true, image: null });
    expect(res.body.memberships[1].plans).toHaveLength(2);
  });

  it('lets an admin with a token see inactive memberships and plans, and filter on isActive and featured', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const on = await makeMembership(admin.token, `${tag} On`, { featured: true, plans: [monthly({ isActive: false })] });
    const off = await makeMembership(admin.token, `${tag} Off`, { isActive: false });
    const all = await api(`/api/memberships?search=${tag}`, { token: admin.token });
    expect(names(all.body.memberships).sort()).toEqual([off.name, on.name].sort());
    expect(all.body.memberships.find((m: { _id: string }) => m._id === on._id).plans).toHaveLength(1);
    const inactive = await api(`/api/memberships?search=${tag}&isActive=false`, { token: admin.token });
    expect(names(inactive.body.memberships)).toEqual([off.name]);
    const featured = await api(`/api/memberships?search=${tag}&featured=true`, { token: admin.token });
    expect(names(featured.body.memberships)).toEqual([on.name]);
    const student = await createUser({ role: 'student' });
    expect(names((await api(`/api/memberships?search=${tag}&isActive=false`, { token: student.token })).body.memberships)).toEqual([
      on.name,
    ]);
  });

  it('fetches a page with its plans in ONE round trip of 3 statements, however many memberships', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    for (let i = 0; i < 5; i++) await makeMembership(admin.token, `${tag} m${i}`);
    const { result, roundTrips, statements } = await watchStatements(() => api(`/api/memberships?search=${tag}&limit=4`));
    expect(result.status).toBe(200);
    expect(result.body.memberships).toHaveLength(4);
    expect(result.body.memberships.every((m: { plans: unknown[] }) => m.plans.length === 2)).toBe(true);
    expect(result.body.pagination).toMatchObject({ total: 5, totalPages: 2, hasMore: true });
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(3);
    const page2 = await api(`/api/memberships?search=${tag}&limit=4&page=2`);
    expect(page2.body.memberships).toHaveLength(1);
    expect(page2.body.memberships[0].plans).toHaveLength(2);
  });
});

describe('GET /api/memberships/admin', () => {
  it('answers memberships, pagination and a summary of the whole table', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeMembership(admin.token, `${tag} A`, { featured: true });
    await makeMembership(admin.token, `${tag} B`, { isActive: false });
    const { result: res, statements } = await watchStatements(() => api(`/api/memberships/admin/?search=${tag}`, { token: admin.token }));
    expect(res.status).toBe(200);
    expect(res.body.memberships).toHaveLength(2);
    expect(res.body.pagination.total).toBe(2);
    const s = res.body.summary;
    expect(s.total).toBeGreaterThanOrEqual(2);
    expect(s.active + s.inactive).toBe(s.total);
    expect(s.inactive).toBeGreaterThanOrEqual(1);
    expect(s.featured).toBeGreaterThanOrEqual(1);
    expect(statements.filter((q) => q.includes('"memberships"') || q.includes('"membership_plans"'))).toHaveLength(3);
  });

  it('refuses visitors (401) and members (403)', async () => {
    const member = await createUser({ role: 'member' });
    expect((await api('/api/memberships/admin')).status).toBe(401);
    expect((await api('/api/memberships/admin', { token: member.token })).status).toBe(403);
  });
});

describe('GET /api/memberships/:id', () => {
  it('answers the membership with its plans; hidden ones are 404 for visitors and visible to admins', async () => {
    const admin = await asAdmin();
    const m = await makeMembership(admin.token, `${tagged()} Standard`);
    const res = await api(`/api/memberships/${m._id}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, membership: { _id: m._id, startingPrice: 89 } });
    expect(res.body.data).toEqual(res.body.membership);
    expect(res.body.membership.plans[1]).toMatchObject({
      name: 'Annual',
      durationMonths: 12,
      price: 899,
      discountPrice: 799,
      effectivePrice: 799,
      gstRate: 5,
      isActive: true,
    });
    expect(res.body.membership.plans[1].planId).toBe(res.body.membership.plans[1]._id);
    await send('PATCH', `/api/memberships/${m._id}/toggle-status`, admin.token);
    const hidden = await api(`/api/memberships/${m._id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ success: false, message: 'Membership not found' });
    expect((await api(`/api/memberships/${m._id}`, { token: admin.token })).body.membership.isActive).toBe(false);
  });
});
