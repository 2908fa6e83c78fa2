import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { newId } from '#core/ids.ts';
import { emailOutbox } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';

async function seedMails(to: string, n: number, extra: Partial<typeof emailOutbox.$inferInsert> = {}) {
  const base = Date.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    id: newId(base + i),
    to,
    subject: `Subject ${i}`,
    text: `Body ${i}`,
    kind: 'general',
    status: 'stored' as const,
    provider: 'outbox',
    createdAt: new Date(base + i),
    ...extra,
  }));
  await testDb().insert(emailOutbox).values(rows);
  return rows;
}

describe('GET /api/admin/outbox', () => {
  it.each(['admin', 'super-admin', 'grandmaster'] as const)(
    'lets a %s page through the mails to one address, newest first',
    async (role) => {
      const admin = await createUser({ role });
      const to = `inbox-${uniq()}@example.test`;
      const rows = await seedMails(to, 5);
      const res = await api(`/api/admin/outbox?to=${encodeURIComponent(to.toUpperCase())}&limit=2&page=1`, { token: admin.token });
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      expect(res.body.data.map((m: { _id: string }) => m._id)).toEqual([rows[4]!.id, rows[3]!.id]);
      expect(res.body.data[0]).toEqual({
        _id: rows[4]!.id,
        to,
        subject: 'Subject 4',
        text: 'Body 4',
        kind: 'general',
        status: 'stored',
        provider: 'outbox',
        createdAt: rows[4]!.createdAt.toISOString(),
        sentAt: null,
      });
      expect(res.body.pagination).toEqual({ page: 1, limit: 2, total: 5, totalPages: 3, hasMore: true });
      const last = await api(`/api/admin/outbox?to=${encodeURIComponent(to)}&limit=2&page=3`, { token: admin.token });
      expect(last.body.data.map((m: { _id: string }) => m._id)).toEqual([rows[0]!.id]);
      expect(last.body.pagination.hasMore).toBe(false);
    },
  );

  it('answers an empty list with one page, as every list does (core pagination)', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await api(`/api/admin/outbox?to=${encodeURIComponent(`nobody-${uniq()}@example.test`)}`, { token: admin.token });
    expect(res.body.data).toEqual([]);
    expect(res.body.pagination).toEqual({ page: 1, limit: 20, total: 0, totalPages: 1, hasMore: false });
  });

  it('defaults to 20 per page and refuses a limit over 100', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await api('/api/admin/outbox', { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 20 });
    expect(res.body.data.length).toBeLessThanOrEqual(20);
    const tooMany = await api('/api/admin/outbox?limit=101', { token: admin.token });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('Limit must be between 1 and 100');
  });

  it('hides link secrets of mails already delivered by a real provider', async () => {
    const admin = await createUser({ role: 'admin' });
    const to = `inbox-${uniq()}@example.test`;
    await seedMails(to, 1, {
      provider: 'resend',
      status: 'sent',
      kind: 'reset-password',
      text: 'Open https://dojo.test/auth/reset-password?token=s3cr3t&email=x now',
    });
    const res = await api(`/api/admin/outbox?to=${encodeURIComponent(to)}`, { token: admin.token });
    expect(res.body.data[0].text).toBe('Open https://dojo.test/auth/reset-password?token=[redacted]&email=x now');
  });

  it.each(['student', 'member', 'instructor'] as const)('refuses a %s with 403', async (role) => {
    const u = await createUser({ role });
    const res = await api('/api/admin/outbox', { token: u.token });
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });

  it('refuses a caller without a token with 401', async () => {
    const res = await api('/api/admin/outbox');
    expect(res.status).toBe(401);
    expect(res.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/admin/outbox/:id', () => {
  it('answers one mail, 404 for an unknown id, 403 for a student', async () => {
    const admin = await createUser({ role: 'admin' });
    const student = await createUser({ role: 'student' });
    const [row] = await seedMails(`inbox-${uniq()}@example.test`, 1);
    const res = await api(`/api/admin/outbox/${row!.id}`, { token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ _id: row!.id, subject: 'Subject 0' });
    const missing = await api(`/api/admin/outbox/${newId()}`, { token: admin.token });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Email not found');
    expect((await api(`/api/admin/outbox/${row!.id}`, { token: student.token })).status).toBe(403);
  });
});

describe('link secrets in the local outbox', () => {
  const resetMail = async (to: string) => {
    const [row] = await seedMails(to, 1);
    await testDb()
      .update(emailOutbox)
      .set({ text: 'Reset: https://dojo.test/auth/reset-password?token=s3cr3t&email=x' })
      .where(eq(emailOutbox.id, row!.id));
    return row!.id;
  };

  it('shows a reset link to a super-admin and to the addressee only', async () => {
    const target = await createUser({ role: 'super-admin' });
    const id = await resetMail(target.email);
    for (const role of ['admin', 'grandmaster'] as const) {
      const viewer = await createUser({ role });
      const res = await api(`/api/admin/outbox/${id}`, { token: viewer.token });
      expect(res.body.data.text, role).toBe('Reset: https://dojo.test/auth/reset-password?token=[redacted]&email=x');
    }
    const boss = await createUser({ role: 'super-admin' });
    expect((await api(`/api/admin/outbox/${id}`, { token: boss.token })).body.data.text).toContain('token=s3cr3t');
    expect((await api(`/api/admin/outbox/${id}`, { token: target.token })).body.data.text).toContain('token=s3cr3t');
  });
});
