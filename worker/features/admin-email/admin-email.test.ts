import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { emailOutbox, users } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq } from '#test/helpers.ts';

const send = (token: string, path: string, body: unknown) => api(`/api/admin/email/${path}`, { method: 'POST', token, body });
const outboxOf = (userId: string) => testDb().select().from(emailOutbox).where(eq(emailOutbox.userId, userId)).all();

describe('admin e-mail (spec 7)', () => {
  it('lists the users to write to with the users filters, as users, page, totalPages, total', async () => {
    const admin = await createUser({ role: 'admin' });
    const tag = `mailee-${uniq()}`;
    await Promise.all([1, 2, 3].map((n) => createUser({ role: 'member', email: `${tag}-${n}@example.test` })));
    const res = await send(admin.token, 'users', { page: 1, limit: 2, role: 'member', search: tag, sort: 'email' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, page: 1, totalPages: 2, total: 3 });
    expect(res.body.users.map((u: { email: string }) => u.email)).toEqual([`${tag}-1@example.test`, `${tag}-2@example.test`]);
    expect(res.body.users[0]).not.toHaveProperty('passwordHash');
    expect(res.body.users[0].deactivated).toBe(false);
  });

  it('answers no match with one page, as every list does (core pagination)', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await send(admin.token, 'users', { page: 1, limit: 20, search: `nobody-${uniq()}` });
    expect(res.body).toMatchObject({ success: true, users: [], page: 1, totalPages: 1, total: 0 });
  });

  it('flags deactivated accounts in the list, since sending skips them', async () => {
    const admin = await createUser({ role: 'admin' });
    const tag = `gone-${uniq()}`;
    const gone = await createUser({ email: `${tag}@example.test` });
    await testDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const res = await send(admin.token, 'users', { search: tag });
    expect(res.body.users).toMatchObject([{ _id: gone.id, deactivated: true }]);
  });

  it('sends to one user through the Mailer and records who sent it to whom', async () => {
    const [admin, member] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const res = await send(admin.token, 'send', {
      userId: member.id,
      subject: ' Dojo closed\r\nBcc: x@evil.test ',
      message: 'Closed on Monday.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'Email sent successfully', data: { status: 'stored', to: member.email } });
    const [row] = await outboxOf(member.id);
    expect(row).toMatchObject({
      to: member.email,
      subject: 'Dojo closed Bcc: x@evil.test',
      text: 'Closed on Monday.',
      kind: 'admin-email',
      sentBy: admin.id,
    });
  });

  it('sends to many, each their own e-mail, counting the ids it could not find', async () => {
    const admin = await createUser({ role: 'admin' });
    const members = await Promise.all([1, 2, 3, 4, 5, 6, 7].map(() => createUser()));
    const gone = await createUser();
    await testDb().update(users).set({ deactivatedAt: new Date() }).where(eq(users.id, gone.id));
    const ids = [...members.map((m) => m.id), members[0]!.id, gone.id, 'no-such-user'];
    const res = await send(admin.token, 'send-bulk', { userIds: ids, subject: 'Grading', message: 'Saturday 10:00' });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ total: 9, sent: 7, failed: 0, notFound: [gone.id, 'no-such-user'] });
    expect(res.body.message).toBe('Emails sent to 7 of 9 users');
    for (const m of members) expect(await outboxOf(m.id)).toHaveLength(1);
    expect(await outboxOf(gone.id)).toHaveLength(0);
  });

  it('is for admins only, and refuses bad input with the spec envelope', async () => {
    const [student, admin, member] = await Promise.all([createUser({ role: 'student' }), createUser({ role: 'admin' }), createUser()]);
    expect((await send(student.token, 'send', { userId: member.id, subject: 's', message: 'm' })).status).toBe(403);
    expect((await send(student.token, 'users', {})).status).toBe(403);
    const cases: [unknown, string][] = [
      [{ subject: 's', message: 'm' }, 'User ID is required'],
      [{ userId: member.id, subject: '  ', message: 'm' }, 'Subject is required'],
      [{ userId: member.id, subject: 's', message: '' }, 'Message is required'],
      [{ userId: member.id, subject: 'x'.repeat(201), message: 'm' }, 'Subject must be at most 200 characters'],
      [[], 'Please send a JSON object'],
    ];
    for (const [body, message] of cases) {
      const res = await send(admin.token, 'send', body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    expect((await send(admin.token, 'send', { userId: 'nobody', subject: 's', message: 'm' })).status).toBe(404);
    const bulk = await send(admin.token, 'send-bulk', { userIds: [], subject: 's', message: 'm' });
    expect(bulk.body.message).toBe('User IDs array is required');
    const many = await send(admin.token, 'send-bulk', {
      userIds: Array.from({ length: 201 }, (_, i) => `u${i}`),
      subject: 's',
      message: 'm',
    });
    expect(many.body.message).toBe('At most 200 recipients at a time');
    expect((await send(admin.token, 'users', { role: 'wizard' })).status).toBe(400);
  });
});
