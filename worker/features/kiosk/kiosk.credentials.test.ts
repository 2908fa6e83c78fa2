import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kioskPinHash, kioskPinKey } from '#core/kiosk/pin-hash.ts';
import { checkinCredentials } from '#db/schema/index.ts';
import { api, createUser, testDb, testServiceCtx } from '#test/helpers.ts';
import { setPin } from './kiosk.credentials.ts';

const myQr = (token: string) => api('/api/attendance/my-qr', { token });
const rotate = (token: string) => api('/api/attendance/my-qr/rotate', { method: 'POST', token });
const putPin = (token: string, body: unknown) => api('/api/attendance/my-pin', { method: 'PUT', token, body });
const deletePin = (token: string) => api('/api/attendance/my-pin', { method: 'DELETE', token });
const rowOf = (userId: string) => testDb().select().from(checkinCredentials).where(eq(checkinCredentials.userId, userId)).get();
/** Random so parallel test files never share one; PINs are unique school-wide. */
const freshPin = () => String(Math.floor(100_000 + Math.random() * 900_000));

describe('GET /api/attendance/my-qr', () => {
  it('creates an opaque token on the first read and answers the same one after', async () => {
    const user = await createUser();
    const first = await myQr(user.token);
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    expect(first.body.data).toMatchObject({ hasPin: false });
    expect(first.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(first.body.data.token).not.toContain(user.id);
    expect((await myQr(user.token)).body.data).toEqual(first.body.data);
    expect((await rowOf(user.id))?.qrToken).toBe(first.body.data.token);
  });

  it('gives two racing first reads one token', async () => {
    const user = await createUser();
    const answers = await Promise.all(Array.from({ length: 5 }, () => myQr(user.token)));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((a) => a.body.data.token)).size).toBe(1);
  });

  it('answers a visitor 401', async () => {
    expect((await api('/api/attendance/my-qr')).status).toBe(401);
  });
});

describe('POST /api/attendance/my-qr/rotate', () => {
  it('replaces the token (the old one is gone from the table) and keeps the PIN', async () => {
    const user = await createUser();
    const before = (await myQr(user.token)).body.data;
    await putPin(user.token, { pin: freshPin() });
    const res = await rotate(user.token);
    expect(res.status).toBe(200);
    expect(res.body.message).toBe('Your check-in code has changed; the old one no longer works');
    expect(res.body.data.token).not.toBe(before.token);
    expect(res.body.data.hasPin).toBe(true);
    expect(Date.parse(res.body.data.rotatedAt)).toBeGreaterThanOrEqual(Date.parse(before.rotatedAt));
    expect((await myQr(user.token)).body.data.token).toBe(res.body.data.token);
    expect(await testDb().select().from(checkinCredentials).where(eq(checkinCredentials.qrToken, before.token))).toEqual([]);
  });

  it('creates credentials when there were none', async () => {
    const user = await createUser();
    const res = await rotate(user.token);
    expect(res.status).toBe(200);
    expect((await rowOf(user.id))?.qrToken).toBe(res.body.data.token);
  });
});

describe('PUT /api/attendance/my-pin', () => {
  it('stores only the keyed hash of a 4 to 6 digit PIN', async () => {
    const user = await createUser();
    for (const pin of [freshPin().slice(0, 4), freshPin()]) {
      const res = await putPin(user.token, { pin });
      expect(res.status, pin).toBe(200);
      expect(res.body).toMatchObject({ message: 'PIN saved', data: { hasPin: true } });
      const row = await rowOf(user.id);
      const pinKey = await kioskPinKey(testServiceCtx().config.JWT_SECRET);
      expect(row?.pinHash).toBe(await kioskPinHash(pinKey, pin));
      expect(row?.pinHash).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('refuses anything but 4 to 6 digits (400, field named) and writes nothing', async () => {
    const user = await createUser();
    for (const body of [
      {},
      { pin: '123' },
      { pin: '1234567' },
      { pin: 'abcd' },
      { pin: 1234 },
      { pin: '12 34' },
      { pin: '１２３４' },
      { pin: null },
    ]) {
      const res = await putPin(user.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.message).toBe('PIN must be 4 to 6 digits');
      expect(res.body.errors).toContainEqual({ path: 'pin', message: 'PIN must be 4 to 6 digits' });
    }
    expect(await rowOf(user.id)).toBeUndefined();
  });

  it("answers 409 for another person's PIN and keeps theirs; the same person may set their own again", async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const pin = freshPin();
    expect((await putPin(a.token, { pin })).status).toBe(200);
    const taken = await putPin(b.token, { pin });
    expect(taken.status).toBe(409);
    expect(taken.body.message).toBe('That PIN is taken — choose another');
    expect((await rowOf(b.id))?.pinHash ?? null).toBeNull();
    expect((await putPin(a.token, { pin })).status).toBe(200);
  });

  it('gives exactly one of two people racing for the same PIN', async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const pin = freshPin();
    const answers = await Promise.all([putPin(a.token, { pin }), putPin(b.token, { pin })]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
  });

  it('limits PIN changes per person (429 past RATE_LIMIT_PIN_USER), so a taken PIN cannot be probed at will', async () => {
    const user = await createUser();
    const base = testServiceCtx();
    const ctx = testServiceCtx({
      user: { id: user.id, email: user.email, role: user.role, emailVerified: true, tokenVersion: 0 },
      config: { ...base.config, rateLimits: { ...base.config.rateLimits, RATE_LIMIT_PIN_USER: { limit: 2, windowSeconds: 600 } } },
    });
    await setPin(ctx, freshPin());
    await setPin(ctx, freshPin());
    await expect(setPin(ctx, freshPin())).rejects.toMatchObject({ status: 429, message: 'Too many PIN changes, please try again later' });
  });
});

describe('DELETE /api/attendance/my-pin', () => {
  it('removes the PIN, which someone else may then take', async () => {
    const [a, b] = await Promise.all([createUser(), createUser()]);
    const pin = freshPin();
    await putPin(a.token, { pin });
    const res = await deletePin(a.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'PIN removed', data: { hasPin: false } });
    expect((await rowOf(a.id))?.pinHash).toBeNull();
    expect((await putPin(b.token, { pin })).status).toBe(200);
  });
});
