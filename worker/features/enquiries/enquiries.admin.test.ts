import { describe, expect, it } from 'vitest';
import { api, createUser, testDb } from '#test/helpers.ts';
import { enquiryStats, periodStarts } from './enquiries.read.ts';
import { insertEnquiry, tagged } from './enquiries.test-helpers.ts';

const asAdmin = async () => (await createUser({ role: 'admin' })).token;
const ids = (list: { _id: string }[]) => list.map((e) => e._id);
const at = (iso: string) => new Date(iso);

describe('GET /api/enquiries', () => {
  it('lists newest first with pagination, serialised with _id and ISO dates', async () => {
    const token = await asAdmin();
    const tag = tagged();
    const older = await insertEnquiry({ subject: `A ${tag}`, createdAt: at('2024-01-01T10:00:00Z') });
    const newer = await insertEnquiry({
      subject: `B ${tag}`,
      createdAt: at('2024-01-02T10:00:00Z'),
      status: 'Contacted',
      adminNotes: 'called back',
    });
    const res = await api(`/api/enquiries?search=${tag}`, { token });
    expect(res.status).toBe(200);
    expect(ids(res.body.data)).toEqual([newer.id, older.id]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 2, totalPages: 1, hasMore: false });
    expect(res.body.data[0]).toEqual({
      _id: newer.id,
      name: newer.name,
      email: newer.email,
      phone: newer.phone,
      subject: `B ${tag}`,
      message: newer.message,
      status: 'Contacted',
      adminNotes: 'called back',
      isSpam: false,
      contactedAt: null,
      resolvedAt: null,
      createdAt: '2024-01-02T10:00:00.000Z',
      updatedAt: expect.any(String),
    });
  });

  it('filters by status and searches name, e-mail, subject and message', async () => {
    const token = await asAdmin();
    const tag = tagged();
    const byName = await insertEnquiry({ name: `Name ${tag}` });
    const byEmail = await insertEnquiry({ email: `${tag}@mail.test`, status: 'Resolved' });
    const bySubject = await insertEnquiry({ subject: `Subject ${tag}`, status: 'Contacted' });
    const byMessage = await insertEnquiry({ message: `About ${tag.toUpperCase()} please` });
    const all = await api(`/api/enquiries?search=${tag}`, { token });
    expect(ids(all.body.data).sort()).toEqual([byName.id, byEmail.id, bySubject.id, byMessage.id].sort());
    const resolved = await api(`/api/enquiries?search=${tag}&status=Resolved`, { token });
    expect(ids(resolved.body.data)).toEqual([byEmail.id]);
    const allStatuses = await api(`/api/enquiries?search=${tag}&status=all`, { token });
    expect(allStatuses.body.data).toHaveLength(4);
  });

  it('pages through results and clamps the limit to 100', async () => {
    const token = await asAdmin();
    const tag = tagged();
    for (let i = 0; i < 5; i++) await insertEnquiry({ subject: `P${i} ${tag}`, createdAt: new Date(Date.UTC(2023, 0, 1 + i)) });
    const page2 = await api(`/api/enquiries?search=${tag}&page=2&limit=2`, { token });
    expect(page2.body.data.map((e: { subject: string }) => e.subject)).toEqual([`P2 ${tag}`, `P1 ${tag}`]);
    expect(page2.body.pagination).toEqual({ page: 2, limit: 2, total: 5, totalPages: 3, hasMore: true });
    const big = await api(`/api/enquiries?search=${tag}&limit=5000`, { token });
    expect(big.body.pagination.limit).toBe(100);
  });

  it('treats LIKE wildcards in a search as plain text', async () => {
    const token = await asAdmin();
    const tag = tagged();
    const row = await insertEnquiry({ subject: `100% ${tag}` });
    await insertEnquiry({ subject: `1000 ${tag}` });
    const res = await api(`/api/enquiries?search=${encodeURIComponent(`100% ${tag}`)}`, { token });
    expect(ids(res.body.data)).toEqual([row.id]);
  });

  it('refuses an unknown status with the allowed values', async () => {
    const res = await api('/api/enquiries?status=Closed', { token: await asAdmin() });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'Status must be one of: New, Contacted, Resolved' });
  });
});

describe('GET /api/enquiries/:id', () => {
  it('answers one enquiry, or 404 with a clear message', async () => {
    const token = await asAdmin();
    const row = await insertEnquiry();
    const res = await api(`/api/enquiries/${row.id}`, { token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: row.id, subject: row.subject, status: 'New' });
    const missing = await api('/api/enquiries/nope', { token });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ success: false, code: 'NOT_FOUND', message: 'Enquiry not found' });
  });
});

describe('the named lists', () => {
  it('recent: newest first, default 10, spam left out', async () => {
    const token = await asAdmin();
    for (let i = 0; i < 10; i++) await insertEnquiry();
    const spam = await insertEnquiry({ isSpam: true });
    const mine = await insertEnquiry({ status: 'Resolved' });
    const dflt = await api('/api/enquiries/recent', { token });
    expect(dflt.status).toBe(200);
    expect(dflt.body.data).toHaveLength(10);
    expect(dflt.body.count).toBe(10);
    const res = await api('/api/enquiries/recent?limit=100', { token });
    expect(ids(res.body.data)).toContain(mine.id);
    expect(ids(res.body.data)).not.toContain(spam.id);
    const times = res.body.data.map((e: { createdAt: string }) => Date.parse(e.createdAt));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('new: only New; unresolved: New and Contacted, newest first', async () => {
    const token = await asAdmin();
    const fresh = await insertEnquiry({ status: 'New' });
    const contacted = await insertEnquiry({ status: 'Contacted' });
    const resolved = await insertEnquiry({ status: 'Resolved' });
    const news = await api('/api/enquiries/new?limit=200', { token });
    expect(news.body.data.every((e: { status: string }) => e.status === 'New')).toBe(true);
    expect(ids(news.body.data)).toContain(fresh.id);
    const open = await api('/api/enquiries/unresolved?limit=500', { token });
    expect(open.status).toBe(200);
    expect(open.body.data.every((e: { status: string }) => e.status !== 'Resolved')).toBe(true);
    const openIds = ids(open.body.data);
    expect(openIds).toEqual(expect.arrayContaining([fresh.id, contacted.id]));
    expect(openIds).not.toContain(resolved.id);
    expect(openIds.indexOf(contacted.id)).toBeLessThan(openIds.indexOf(fresh.id));
  });

  it.each([
    ['recent', 100],
    ['new', 200],
    ['unresolved', 500],
  ])('%s refuses a limit outside 1–%i with 400', async (list, max) => {
    const token = await asAdmin();
    for (const limit of ['0', String(max + 1), '-3', 'abc', '2.5']) {
      const res = await api(`/api/enquiries/${list}?limit=${limit}`, { token });
      expect(res.status, `limit=${limit}`).toBe(400);
      expect(res.body).toMatchObject({ success: false, message: `Limit must be a whole number between 1 and ${max}` });
    }
    const ok = await api(`/api/enquiries/${list}?limit=${max}`, { token });
    expect(ok.status).toBe(200);
    const dflt = await api(`/api/enquiries/${list}?limit=`, { token });
    expect(dflt.status).toBe(200);
  });
});

describe('GET /api/enquiries/stats', () => {
  it('counts by status, total and unresolved (spam apart)', async () => {
    const token = await asAdmin();
    const before = (await api('/api/enquiries/stats', { token })).body.data;
    await insertEnquiry({ status: 'New' });
    await insertEnquiry({ status: 'Contacted' });
    await insertEnquiry({ status: 'Resolved' });
    await insertEnquiry({ isSpam: true });
    const res = await api('/api/enquiries/stats', { token });
    expect(res.status).toBe(200);
    const s = res.body.data;
    expect(res.body.stats).toEqual(s);
    expect(Object.keys(s).sort()).toEqual(['byStatus', 'contacted', 'new', 'resolved', 'spam', 'thisWeek', 'today', 'total', 'unresolved']);
    expect(s.total).toBe(s.new + s.contacted + s.resolved);
    expect(s.unresolved).toBe(s.new + s.contacted);
    expect(s.byStatus).toEqual({ New: s.new, Contacted: s.contacted, Resolved: s.resolved });
    expect(s.total - before.total).toBeGreaterThanOrEqual(3);
    expect(s.spam - before.spam).toBeGreaterThanOrEqual(1);
    for (const k of ['new', 'contacted', 'resolved']) expect(s[k] - before[k]).toBeGreaterThanOrEqual(1);
    expect(s.today).toBeLessThanOrEqual(s.thisWeek);
    expect(s.thisWeek).toBeLessThanOrEqual(s.total);
  });

  it('counts today (UTC day) and this week (since Monday, UTC) up to now', async () => {
    // A random Thursday noon in the 1990s: nobody else's enquiries fall in that week.
    const thursday = Date.UTC(1990, 0, 4, 12) + Math.floor(Math.random() * 500) * 7 * 86_400_000;
    const now = new Date(thursday);
    const { today, week } = periodStarts(now);
    expect(new Date(today).toISOString()).toBe(now.toISOString().slice(0, 10) + 'T00:00:00.000Z');
    expect(new Date(week).getUTCDay()).toBe(1);
    expect(today - week).toBe(3 * 86_400_000);
    const ago = (hours: number) => new Date(thursday - hours * 3_600_000);
    await insertEnquiry({ createdAt: ago(1) });
    await insertEnquiry({ createdAt: ago(2), status: 'Resolved' });
    await insertEnquiry({ createdAt: ago(1), isSpam: true });
    await insertEnquiry({ createdAt: ago(48) });
    await insertEnquiry({ createdAt: ago(24 * 8) });
    const stats = await enquiryStats({ db: testDb() }, now);
    expect(stats.today).toBe(2);
    expect(stats.thisWeek).toBe(3);
  });

  it('knows that Sunday belongs to the week that began on Monday', () => {
    const sunday = new Date('2026-03-08T23:00:00Z');
    expect(new Date(periodStarts(sunday).week).toISOString()).toBe('2026-03-02T00:00:00.000Z');
  });
});
