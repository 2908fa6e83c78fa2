import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seminars } from '#db/schema/index.ts';
import { api, testDb } from '#test/helpers.ts';
import { asAdmin, createUser, describeAccessMatrix, hostileValues, send, tagged, watchStatements } from '#test/catalog-helpers.ts';
import { seminarsAccess } from './seminars.access.ts';
import { daysFromNow, makeSeminar, seminarBody } from './seminars.test-helpers.ts';

const titles = (list: { title: string }[]) => list.map((s) => s.title);

describe('GET /api/seminars', () => {
  it('lists upcoming seminars first (soonest first), then past ones (latest first), with paging', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeSeminar(admin.token, `${tag} past recent`, { startsAt: daysFromNow(-10), endsAt: daysFromNow(-9) });
    await makeSeminar(admin.token, `${tag} later`, { startsAt: daysFromNow(40), endsAt: daysFromNow(41) });
    await makeSeminar(admin.token, `${tag} past old`, { startsAt: daysFromNow(-100), endsAt: daysFromNow(-99) });
    await makeSeminar(admin.token, `${tag} soon`, { startsAt: daysFromNow(3), endsAt: daysFromNow(4) });
    const res = await api(`/api/seminars?search=${tag}`);
    expect(res.status).toBe(200);
    expect(titles(res.body.seminars)).toEqual([`${tag} soon`, `${tag} later`, `${tag} past recent`, `${tag} past old`]);
    expect(res.body.data).toEqual(res.body.seminars);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 20, total: 4 });
    const page2 = await api(`/api/seminars?search=${tag}&limit=3&page=2`);
    expect(titles(page2.body.seminars)).toEqual([`${tag} past old`]);
    expect(titles((await api(`/api/seminars?search=${tag}&when=upcoming`)).body.seminars)).toEqual([`${tag} soon`, `${tag} later`]);
    expect(titles((await api(`/api/seminars?search=${tag}&when=past`)).body.seminars)).toEqual([`${tag} past recent`, `${tag} past old`]);
  });

  it('hides inactive seminars from visitors (404 on direct GET), shows them to admins, in one statement', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const shown = await makeSeminar(admin.token, `${tag} shown`);
    const hidden = await makeSeminar(admin.token, `${tag} hidden`, { isActive: false });
    const { result, roundTrips, statements } = await watchStatements(() => api(`/api/seminars?search=${tag}`));
    expect(titles(result.body.seminars)).toEqual([`${tag} shown`]);
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(1);
    expect(titles((await api(`/api/seminars?search=${tag}`, { token: admin.token })).body.seminars).sort()).toEqual([
      `${tag} hidden`,
      `${tag} shown`,
    ]);
    expect((await api(`/api/seminars/${hidden._id}`)).status).toBe(404);
    const member = await createUser({ role: 'member' });
    const asMember = await api(`/api/seminars/${hidden._id}`, { token: member.token });
    expect(asMember.status).toBe(404);
    expect(asMember.body.message).toBe('Seminar not found');
    const one = await api(`/api/seminars/${shown._id}`);
    expect(one.body).toMatchObject({
      success: true,
      seminar: { _id: shown._id, instructor: 'Hanshi Okada', price: 150, currency: 'CAD', capacity: 40, status: 'upcoming' },
    });
  });
});

describe('POST /api/seminars', () => {
  it('stores the price as cents and answers decimals (49.99 stays 49.99, 0.1 + 0.2 becomes 0.3)', async () => {
    const admin = await asAdmin();
    const a = await makeSeminar(admin.token, `${tagged()} money`, { price: 49.99 });
    expect(a.price).toBe(49.99);
    const b = await makeSeminar(admin.token, `${tagged()} float`, { price: 0.1 + 0.2 });
    expect(b.price).toBe(0.3);
    const row = await testDb().select().from(seminars).where(eq(seminars.id, b._id)).get();
    expect(row!.priceCents).toBe(30);
    const free = await makeSeminar(admin.token, `${tagged()} free`, { price: undefined });
    expect(free.price).toBe(0);
  });

  it.each([
    [{ startsAt: '2030-01-01T10:00:00Z' }, 'Title is required'],
    [{ title: 'T' }, 'Start date is required'],
    [{ title: 'T', startsAt: '2030-01-02', endsAt: '2030-01-01' }, 'End date must be on or after the start date'],
    [{ title: 'T', startsAt: '2030-01-01', price: -1 }, 'Price must be 0 or more'],
    [{ title: 'T', startsAt: '2030-01-01', price: 'free' }, 'Price must be a number'],
    [{ title: 'T', startsAt: '2030-01-01', capacity: -3 }, 'Capacity must be at least 1'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/seminars', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });
});

describe('PUT, DELETE /api/seminars/:id and DELETE /api/seminars/bulk', () => {
  it('updates the fields sent; a new start moves the end along', async () => {
    const admin = await asAdmin();
    const s = await makeSeminar(admin.token, `${tagged()} Update`, { startsAt: '2030-05-01T09:00:00Z', endsAt: '2030-05-02T17:00:00Z' });
    const res = await send('PUT', `/api/seminars/${s._id}`, admin.token, {
      startsAt: '2030-05-08T09:00:00Z',
      price: '175.50',
      instructor: 'Kyoshi Lee',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Seminar updated successfully',
      seminar: { endsAt: '2030-05-09T17:00:00.000Z', price: 175.5, instructor: 'Kyoshi Lee' },
    });
    expect((await send('PUT', '/api/seminars/nope', admin.token, { title: 'X' })).status).toBe(404);
  });

  it('deletes one seminar and bulk-deletes several; bulk needs a non-empty list', async () => {
    const admin = await asAdmin();
    const one = await makeSeminar(admin.token, `${tagged()} one`);
    const res = await send('DELETE', `/api/seminars/${one._id}`, admin.token);
    expect(res.body).toMatchObject({ success: true, data: { _id: one._id }, message: 'Seminar deleted successfully' });
    expect((await send('DELETE', `/api/seminars/${one._id}`, admin.token)).status).toBe(404);
    const a = await makeSeminar(admin.token, `${tagged()} a`);
    const b = await makeSeminar(admin.token, `${tagged()} b`);
    const bulk = await send('DELETE', '/api/seminars/bulk', admin.token, { seminarIds: [a._id, b._id] });
    expect(bulk.status).toBe(200);
    expect(bulk.body).toMatchObject({ count: 2, data: { deletedCount: 2 }, message: '2 seminars deleted successfully' });
    for (const body of [{}, { seminarIds: [] }, { seminarIds: [null] }]) {
      const bad = await send('DELETE', '/api/seminars/bulk', admin.token, body);
      expect(bad.status).toBe(400);
      expect(bad.body.message).toBe('Seminar IDs array is required');
    }
  });
});

describe('seminars access matrix', () => {
  const fresh = (t: string) => makeSeminar(t, `${tagged()} access`);
  describeAccessMatrix(describe, it, expect, seminarsAccess, {
    'GET /api/seminars': async () => ({ method: 'GET', path: '/api/seminars' }),
    'POST /api/seminars': async () => ({ method: 'POST', path: '/api/seminars', body: seminarBody(`${tagged()} new`) }),
    'DELETE /api/seminars/bulk': async (t) => ({
      method: 'DELETE',
      path: '/api/seminars/bulk',
      body: { seminarIds: [(await fresh(t))._id] },
    }),
    'GET /api/seminars/:id': async (t) => ({ method: 'GET', path: `/api/seminars/${(await fresh(t))._id}` }),
    'PUT /api/seminars/:id': async (t) => ({ method: 'PUT', path: `/api/seminars/${(await fresh(t))._id}`, body: { capacity: 30 } }),
    'DELETE /api/seminars/:id': async (t) => ({ method: 'DELETE', path: `/api/seminars/${(await fresh(t))._id}` }),
  });
});

describe('hostile input on /api/seminars', () => {
  it('never produces a 5xx', async () => {
    const admin = await asAdmin();
    const s = await makeSeminar(admin.token, `${tagged()} hostile`);
    const next = hostileValues(20260305, [
      'title',
      'instructor',
      'startsAt',
      'endsAt',
      'price',
      'currency',
      'capacity',
      'isActive',
      'seminarIds',
      'removeImage',
    ]);
    for (let i = 0; i < 25; i++) {
      for (const [method, path] of [
        ['POST', '/api/seminars'],
        ['PUT', `/api/seminars/${s._id}`],
        ['DELETE', '/api/seminars/bulk'],
      ] as const) {
        const body = next();
        const res = await send(method, path, admin.token, body);
        expect(res.status, `${method} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
      }
    }
  });
});
