import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { courseEnrollments, emailOutbox, messages, orders, payments } from '#db/schema/index.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { api, createUser, getUserRow, testDb, uniq } from '#test/helpers.ts';

const post = (path: string, token: string) => api(path, { method: 'POST', token });

/** A few rows of what a user has with the school, written straight to the tables. */
async function withHistory(userId: string) {
  const db = testDb();
  const orderId = newId();
  await db.insert(orders).values({
    id: orderId,
    orderNumber: `ORD-${uniq()}`,
    userId,
    subtotalCents: 4500,
    totalCents: 5085,
    paymentMethod: 'sandbox',
    contact: { name: 'A', email: 'a@example.test', phone: '1' },
    shippingAddress: { street: '1 Main', city: 'Halifax', state: 'NS', zipCode: 'B3H', country: 'Canada' } as never,
    expiresAt: new Date(Date.now() + 60_000),
  });
  await db.insert(payments).values({
    id: newId(),
    userId,
    purchaseType: 'order',
    purchaseId: orderId,
    gateway: 'sandbox',
    sessionId: `s-${uniq()}`,
    amountCents: 5085,
    currency: 'CAD',
    status: 'succeeded',
  });
  await db.insert(courseEnrollments).values({
    id: newId(),
    userId,
    courseTitle: 'Kata basics',
    coursePriceCents: 10000,
    totalCents: 10500,
    paymentMethod: 'sandbox',
  } as never);
  await db.insert(messages).values({ id: newId(), senderId: userId, conversationUserId: userId, kind: 'direct', content: 'Hello sensei' });
  return { orderId };
}

describe('the user page: GET /api/users/:id/overview', () => {
  it('answers the user with their enrolments, orders, payments and conversation, newest first with totals', async () => {
    const [admin, student] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const { orderId } = await withHistory(student.id);
    const res = await api(`/api/users/${student.id}/overview`, { token: admin.token });
    expect(res.status).toBe(200);
    const d = res.body.data;
    expect(d.user).toMatchObject({ _id: student.id, email: student.email });
    expect(d.user.passwordHash).toBeUndefined();
    expect(d.orders).toMatchObject({ total: 1, items: [{ _id: orderId, total: 50.85, status: 'pending_payment' }] });
    expect(d.payments).toMatchObject({
      total: 1,
      items: [{ purchaseType: 'order', purchaseId: orderId, amount: 50.85, status: 'succeeded' }],
    });
    expect(d.courseEnrollments).toMatchObject({ total: 1, items: [{ courseTitle: 'Kata basics', total: 105 }] });
    expect(d.membershipEnrollments).toEqual({ total: 0, items: [] });
    expect(d.messages.total).toBe(1);
    expect(typeof d.messages.lastAt).toBe('string');
  });

  it('is for admin-capable callers only, and 404 for an unknown id', async () => {
    const [student, gm] = await Promise.all([createUser(), createUser({ role: 'grandmaster' })]);
    expect((await api(`/api/users/${student.id}/overview`, { token: student.token })).status).toBe(403);
    expect((await api(`/api/users/${student.id}/overview`, { token: gm.token })).status).toBe(200);
    expect((await api(`/api/users/nope-${uniq()}/overview`, { token: gm.token })).status).toBe(404);
  });
});

describe('POST /api/users/:id/password-reset', () => {
  it('sends the forgot-password link to the user (an outbox row) and says so', async () => {
    const [admin, student] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const res = await post(`/api/users/${student.id}/password-reset`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe(`A password reset link has been sent to ${student.email}`);
    await settleDeferred();
    const mail = await testDb()
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, student.email), eq(emailOutbox.kind, 'reset-password')))
      .all();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toMatch(/\/auth\/reset-password\?token=[^&\s]+&email=/);
    expect(mail[0]!.userId).toBe(student.id);
  });

  it('follows the management reach: an admin cannot reset an admin (403), a student cannot call it (403)', async () => {
    const [admin, other, student] = await Promise.all([createUser({ role: 'admin' }), createUser({ role: 'admin' }), createUser()]);
    expect((await post(`/api/users/${other.id}/password-reset`, admin.token)).status).toBe(403);
    expect((await post(`/api/users/${admin.id}/password-reset`, student.token)).status).toBe(403);
  });

  it("shares the account's reset limit with the user's own requests (429 past it)", async () => {
    const [admin, student] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await post(`/api/users/${student.id}/password-reset`, admin.token)).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});

describe('POST /api/users/:id/end-sessions', () => {
  it('ends every token of the user at once (401 afterwards); the account stays usable with a new login', async () => {
    const [admin, student] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const before = (await getUserRow(student.id))!.tokenVersion;
    const res = await post(`/api/users/${student.id}/end-sessions`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Every session of this user has ended');
    expect((await getUserRow(student.id))!.tokenVersion).toBe(before + 1);
    expect((await api('/api/auth/me', { token: student.token })).status).toBe(401);
    expect((await getUserRow(student.id))!.isActive).toBe(true);
  });

  it('refuses one’s own (409), an admin’s by an admin (403), and a student caller (403)', async () => {
    const [admin, other, student] = await Promise.all([createUser({ role: 'admin' }), createUser({ role: 'admin' }), createUser()]);
    expect((await post(`/api/users/${admin.id}/end-sessions`, admin.token)).status).toBe(409);
    expect((await post(`/api/users/${other.id}/end-sessions`, admin.token)).status).toBe(403);
    expect((await post(`/api/users/${admin.id}/end-sessions`, student.token)).status).toBe(403);
  });
});

describe('GET /api/users/session-status', () => {
  const status = (token?: string) => api('/api/users/session-status', token ? { token } : {});

  it('says a live session is active, and a missing or forged token only that it expired', async () => {
    const student = await createUser();
    expect((await status(student.token)).body.data).toEqual({ active: true });
    expect((await status()).body.data).toMatchObject({ active: false, reason: null });
    expect((await status(`${student.token}x`)).body.data).toMatchObject({ active: false, reason: null });
  });

  it('says why the school ended it: suspended with the reason, role changed, signed out by the school, removed', async () => {
    const admin = await createUser({ role: 'admin' });
    const [blocked, promoted, signedOut, removed, newPassword] = await Promise.all([
      createUser(),
      createUser(),
      createUser(),
      createUser(),
      createUser(),
    ]);
    await api(`/api/users/${blocked.id}/block`, { method: 'PATCH', token: admin.token, body: { reason: 'Unpaid dues' } });
    await api(`/api/users/${promoted.id}`, { method: 'PATCH', token: admin.token, body: { role: 'instructor' } });
    await post(`/api/users/${signedOut.id}/end-sessions`, admin.token);
    await api(`/api/users/${removed.id}`, { method: 'DELETE', token: admin.token });
    await api(`/api/users/${newPassword.id}`, { method: 'PATCH', token: admin.token, body: { password: 'Tatami-Sunrise-77' } });
    await settleDeferred();
    expect((await status(blocked.token)).body.data).toEqual({
      active: false,
      reason: 'suspended',
      message: 'Your account was suspended by the school: Unpaid dues',
    });
    expect((await status(promoted.token)).body.data.message).toBe('Your role changed: sign in again');
    expect((await status(signedOut.token)).body.data.message).toBe('You were signed out by the school');
    expect((await status(removed.token)).body.data.reason).toBe('deleted');
    expect((await status(newPassword.token)).body.data.reason).toBe('signed_out_by_school');
  });

  it("does not blame the school for the user's own logout", async () => {
    const student = await createUser();
    await api('/api/auth/logout', { method: 'POST', token: student.token });
    expect((await status(student.token)).body.data).toMatchObject({ active: false, reason: 'signed_out' });
  });
});
