import { exports } from 'cloudflare:workers';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { invoices, membershipEnrollments, paymentMethods } from '#db/schema/index.ts';
import { api, createUser, testDb, uniq, type TestUser } from '#test/helpers.ts';
import { insertActiveMembership } from '#test/membership-helpers.ts';
import { insertChild } from '#test/family-helpers.ts';

const db = testDb();

/** Opens a sandbox setup, saves a card on its page (form post, as a browser without JS), and returns what came back. */
async function addCard(user: TestUser, card: 'ok' | 'decline' = 'ok', extra: Record<string, unknown> = {}) {
  const started = await api('/api/billing/methods', { token: user.token, body: { gateway: 'sandbox', ...extra } });
  expect(started.status).toBe(201);
  const page = new URL(started.body.data.checkoutUrl);
  const html = await api(`${page.pathname}${page.search}`);
  expect(html.status).toBe(200);
  expect(html.body).toContain('Save card ending 4242');
  const posted = await exports.default.fetch(
    new Request(`http://dojo.test${page.pathname}`, {
      method: 'POST',
      body: new URLSearchParams({ card, return: page.searchParams.get('return')! }),
      redirect: 'manual',
    }),
  );
  expect(posted.status).toBe(303);
  const back = new URL(posted.headers.get('location')!, 'http://dojo.test');
  expect(back.pathname).toBe('/student/billing');
  const proof = Object.fromEntries(['setupId', 'methodToken', 'signature'].map((k) => [k, back.searchParams.get(k)!]));
  return { id: started.body.data.method._id as string, proof };
}

const complete = (user: TestUser, id: string, proof: Record<string, string>) =>
  api(`/api/billing/methods/${id}/complete`, { token: user.token, body: { proof } });

const insertEnrollment = (userId: string) => insertActiveMembership(userId, new Date(Date.now() + 5 * 86_400_000));

describe('payment methods', () => {
  it('saves a card through the sandbox page, the first one default, and stores only the provider references', async () => {
    const user = await createUser();
    const { id, proof } = await addCard(user, 'ok', { cardNumber: '4242424242424242', cvc: '123' });
    const done = await complete(user, id, { ...proof, cardNumber: '4242424242424242' } as Record<string, string>);
    expect(done.status).toBe(200);
    expect(done.body.data).toMatchObject({
      _id: id,
      status: 'active',
      brand: 'Visa',
      last4: '4242',
      isDefault: true,
      label: 'Visa •••• 4242, 12/2030',
    });
    const row = await db.select().from(paymentMethods).where(eq(paymentMethods.id, id)).get();
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
    expect(row!.providerMethodId).toMatch(/^sbxpm_ok_/);
    expect(done.body.data).not.toHaveProperty('providerMethodId');
    const list = await api('/api/billing/methods', { token: user.token });
    expect(list.body.data.map((m: { _id: string }) => m._id)).toEqual([id]);
  });

  it('answers a second completion the same, and refuses a forged proof with 400', async () => {
    const user = await createUser();
    const a = await addCard(user);
    const forged = await complete(user, a.id, { ...a.proof, methodToken: a.proof.methodToken!.replace('_ok_', '_decline_') });
    expect(forged.status).toBe(400);
    expect(forged.body.message).toBe('The payment method could not be saved');
    const first = await complete(user, a.id, a.proof);
    const second = await complete(user, a.id, a.proof);
    expect(second.status).toBe(200);
    expect(second.body.data).toEqual(first.body.data);
  });

  it("answers 404 for another person's method, for every call", async () => {
    const owner = await createUser();
    const other = await createUser();
    const { id, proof } = await addCard(owner);
    expect((await complete(other, id, proof)).status).toBe(404);
    await complete(owner, id, proof);
    expect((await api(`/api/billing/methods/${id}/default`, { method: 'POST', token: other.token })).status).toBe(404);
    expect((await api(`/api/billing/methods/${id}`, { method: 'DELETE', token: other.token })).status).toBe(404);
    expect((await api('/api/billing/methods', { token: other.token })).body.data).toEqual([]);
  });

  it('leaves exactly one default after parallel "make default" calls, and promotes another when the default is removed', async () => {
    const user = await createUser();
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id, proof } = await addCard(user);
      await complete(user, id, proof);
      ids.push(id);
    }
    const answers = await Promise.all(
      [...ids, ...ids].map((id) => api(`/api/billing/methods/${id}/default`, { method: 'POST', token: user.token })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const defaults = await db
      .select()
      .from(paymentMethods)
      .where(and(eq(paymentMethods.userId, user.id), eq(paymentMethods.isDefault, true)));
    expect(defaults).toHaveLength(1);
    expect((await api(`/api/billing/methods/${defaults[0]!.id}`, { method: 'DELETE', token: user.token })).status).toBe(200);
    const after = (await api('/api/billing/methods', { token: user.token })).body.data;
    expect(after).toHaveLength(2);
    expect(after.filter((m: { isDefault: boolean }) => m.isDefault)).toHaveLength(1);
  });
});

describe('autopay', () => {
  it('refuses to turn autopay on without a method (409), then turns it on and off', async () => {
    const user = await createUser();
    const e = await insertEnrollment(user.id);
    const path = `/api/billing/memberships/${e.id}/autopay`;
    const refused = await api(path, { method: 'PATCH', token: user.token, body: { autopay: true } });
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Add a payment method to turn on autopay');
    const { id, proof } = await addCard(user);
    await complete(user, id, proof);
    const on = await api(path, { method: 'PATCH', token: user.token, body: { autopay: true } });
    expect(on.status).toBe(200);
    expect(on.body.data).toMatchObject({ enrollmentId: e.id, autopay: true, amount: '101.70', paymentMethod: { _id: id } });
    const off = await api(path, { method: 'PATCH', token: user.token, body: { autopay: false } });
    expect(off.body.data.autopay).toBe(false);
  });

  it("lets a guardian turn on a child's autopay (the guardian pays), and answers a stranger 404", async () => {
    const guardian = await createUser({ role: 'member' });
    const stranger = await createUser({ role: 'member' });
    const child = await insertChild(guardian.id);
    const e = await insertEnrollment(child.id);
    for (const u of [guardian, stranger]) {
      const { id, proof } = await addCard(u);
      await complete(u, id, proof);
    }
    const path = `/api/billing/memberships/${e.id}/autopay`;
    expect((await api(path, { method: 'PATCH', token: stranger.token, body: { autopay: true } })).status).toBe(404);
    expect((await api(path, { method: 'PATCH', token: stranger.token, body: { autopay: true, forUserId: child.id } })).status).toBe(404);
    const on = await api(path, { method: 'PATCH', token: guardian.token, body: { autopay: true, forUserId: child.id } });
    expect(on.status).toBe(200);
    const row = await db.select().from(membershipEnrollments).where(eq(membershipEnrollments.id, e.id)).get();
    expect(row).toMatchObject({ autopay: true, payerId: guardian.id });
    const upcoming = await api('/api/billing/upcoming', { token: guardian.token });
    expect(upcoming.body.data.map((u: { enrollmentId: string }) => u.enrollmentId)).toContain(e.id);
    expect((await api('/api/billing/upcoming', { token: stranger.token })).body.data).toEqual([]);
  });
});

describe('invoices', () => {
  it('shows an invoice to its payer and staff, 404 to anyone else', async () => {
    const payer = await createUser();
    const other = await createUser();
    const admin = await createUser({ role: 'admin' });
    const inv = await db
      .insert(invoices)
      .values({
        id: newId(),
        number: `INV-T-${uniq()}`,
        payerId: payer.id,
        subtotalCents: 9000,
        taxCents: 1170,
        totalCents: 10_170,
        dueAt: new Date(),
      })
      .returning()
      .get();
    const mine = await api(`/api/billing/invoices/${inv.id}`, { token: payer.token });
    expect(mine.body.data).toMatchObject({ _id: inv.id, total: '101.70', status: 'open', statusLabel: 'Due', receiptUrl: null });
    expect((await api(`/api/billing/invoices/${inv.id}`, { token: admin.token })).status).toBe(200);
    expect((await api(`/api/billing/invoices/${inv.id}`, { token: other.token })).status).toBe(404);
    expect((await api(`/api/billing/invoices/${inv.id}/pay`, { method: 'POST', token: other.token })).status).toBe(404);
    expect((await api(`/api/billing/invoices/${inv.id}/receipt`, { token: payer.token })).status).toBe(404);
    const list = await api('/api/billing/invoices', { token: payer.token });
    expect(list.body.data.map((i: { _id: string }) => i._id)).toEqual([inv.id]);
    expect((await api('/api/billing/invoices', { token: other.token })).body.data).toEqual([]);
  });
});
