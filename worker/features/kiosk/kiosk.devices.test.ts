import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { kioskDevices } from '#db/schema/index.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { insertKioskDevice } from '#test/session-helpers.ts';
import { kioskTokenHash } from '#worker/lib/kiosk-token.ts';

const register = (token: string, body: unknown) => api('/api/kiosk/devices', { method: 'POST', token, body });
const revoke = (token: string, id: string) => api(`/api/kiosk/devices/${id}/revoke`, { method: 'POST', token });
const tokenOf = (url: string) => new URL(url).hash.replace(/^#token=/, '');

describe('POST /api/kiosk/devices', () => {
  it('registers a device (201) and answers its URL once, with the token in the fragment and only its hash stored', async () => {
    const admin = await createUser({ role: 'admin' });
    const res = await register(admin.token, { name: '  Front desk tablet ', location: 'Main dojo' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Kiosk registered',
      data: { device: { name: 'Front desk tablet', location: 'Main dojo', lastSeenAt: null, revokedAt: null } },
    });
    const { device, url } = res.body.data;
    expect(url).toMatch(/^https?:\/\/[^/]+\/kiosk#token=kiosk_[A-Za-z0-9_-]{43}$/);
    const token = tokenOf(url);
    const row = await testDb().select().from(kioskDevices).where(eq(kioskDevices.id, device._id)).get();
    expect(row).toMatchObject({ tokenHash: await kioskTokenHash(token), createdBy: admin.id });
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await api('/api/kiosk/snapshot', { token })).status).toBe(200);
    const list = await api('/api/kiosk/devices', { token: admin.token });
    expect(JSON.stringify(list.body)).not.toContain(token);
    expect(JSON.stringify(list.body)).not.toContain(row!.tokenHash);
  });

  it('lets a grandmaster register one too, and keeps location optional', async () => {
    const gm = await createUser({ role: 'grandmaster' });
    const res = await register(gm.token, { name: 'Hall B' });
    expect(res.status).toBe(201);
    expect(res.body.data.device.location).toBeNull();
  });

  it('refuses a nameless device, an over-long name or location (400, field named) and writes nothing', async () => {
    const admin = await createUser({ role: 'admin' });
    const cases = [
      [{}, 'name', 'Name is required'],
      [{ name: '   ' }, 'name', 'Name is required'],
      [{ name: 'x'.repeat(81) }, 'name', 'Name must be at most 80 characters'],
      [{ name: 'Tablet', location: 'y'.repeat(121) }, 'location', 'Location must be at most 120 characters'],
    ] as const;
    for (const [body, path, message] of cases) {
      const res = await register(admin.token, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors).toContainEqual({ path, message });
    }
    const mine = await testDb().select().from(kioskDevices).where(eq(kioskDevices.createdBy, admin.id));
    expect(mine).toEqual([]);
  });

  it('refuses students, members and instructors (403) and visitors (401)', async () => {
    for (const role of ['student', 'member', 'instructor'] as const) {
      const user = await createUser({ role });
      expect((await register(user.token, { name: 'Mine' })).status).toBe(403);
      expect((await api('/api/kiosk/devices', { token: user.token })).status).toBe(403);
    }
    expect((await register('', { name: 'Mine' })).status).toBe(401);
  });
});

describe('GET /api/kiosk/devices', () => {
  it('lists devices newest first with last seen and revoked times', async () => {
    const admin = await createUser({ role: 'admin' });
    const older = await insertKioskDevice({ createdAt: new Date(Date.now() - 60_000) });
    const newer = await insertKioskDevice();
    await api('/api/kiosk/snapshot', { token: newer.token });
    const res = await api('/api/kiosk/devices', { token: admin.token });
    expect(res.status).toBe(200);
    const ids = res.body.data.map((d: { _id: string }) => d._id);
    expect(ids.indexOf(newer.device.id)).toBeLessThan(ids.indexOf(older.device.id));
    const seen = res.body.data.find((d: { _id: string }) => d._id === newer.device.id);
    expect(Date.parse(seen.lastSeenAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(Object.keys(seen).sort()).toEqual(['_id', 'createdAt', 'lastSeenAt', 'location', 'name', 'revokedAt']);
  });
});

describe('POST /api/kiosk/devices/:id/revoke', () => {
  it('revokes: the token answers 401 from then on; revoking again is 409, an unknown id 404', async () => {
    const admin = await createUser({ role: 'admin' });
    const { device, token } = await insertKioskDevice();
    expect((await api('/api/kiosk/snapshot', { token })).status).toBe(200);
    const res = await revoke(admin.token, device.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ message: 'Kiosk revoked', data: { device: { _id: device.id } } });
    expect(Date.parse(res.body.data.device.revokedAt)).toBeGreaterThan(Date.now() - 60_000);
    const after = await api('/api/kiosk/snapshot', { token });
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('This kiosk is not registered or has been revoked');
    expect((await revoke(admin.token, device.id)).status).toBe(409);
    expect((await revoke(admin.token, 'no-such-kiosk')).status).toBe(404);
  });

  it('refuses a student (403) and leaves the device working', async () => {
    const student = await createUser();
    const { device, token } = await insertKioskDevice();
    expect((await revoke(student.token, device.id)).status).toBe(403);
    expect((await api('/api/kiosk/snapshot', { token })).status).toBe(200);
  });
});

describe('a kiosk token', () => {
  it('reads the snapshot but may not register devices, list them, or hold a QR code (403)', async () => {
    const { token } = await insertKioskDevice();
    expect((await api('/api/kiosk/snapshot', { token })).status).toBe(200);
    for (const [method, path] of [
      ['POST', '/api/kiosk/devices'],
      ['GET', '/api/kiosk/devices'],
      ['GET', '/api/attendance/my-qr'],
      ['PUT', '/api/attendance/my-pin'],
    ] as const) {
      const res = await api(path, { method, token, body: method === 'GET' ? undefined : { name: 'x', pin: '1234' } });
      expect(res.status, `${method} ${path}`).toBe(403);
      expect(res.body.message).toBe('A kiosk may only check members in');
    }
  });
});
