import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { kioskPinHash } from '#core/kiosk/pin-hash.ts';
import { toBase64Url } from '#core/push/base64url.ts';
import { atWallTime, localDate } from '#core/time-zone.ts';
import { api, createUser, testServiceCtx } from '#test/helpers.ts';
import { giveActiveMembership, insertKioskDevice, insertSession } from '#test/session-helpers.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { myQr } from './kiosk.credentials.ts';
import { kioskSnapshot } from './kiosk.snapshot.ts';

const snapshot = (token: string) => api('/api/kiosk/snapshot', { token });
const memberOf = (body: any, userId: string) => body.data.members.find((m: { userId: string }) => m.userId === userId);

async function hmacBase64Url(secret: string, message: string) {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return toBase64Url(await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(message)));
}

describe('GET /api/kiosk/snapshot', () => {
  it('gives a kiosk its device, the zone, the PIN key, and members as hashes of their QR token and PIN with first name and initial', async () => {
    const { device, token } = await insertKioskDevice();
    const aiko = await createUser({ role: 'student', profile: { firstName: 'Aiko', lastName: 'tanaka' } });
    const qr = (await api('/api/attendance/my-qr', { token: aiko.token })).body.data.token as string;
    expect((await api('/api/attendance/my-pin', { method: 'PUT', token: aiko.token, body: { pin: '482913' } })).status).toBe(200);

    const res = await snapshot(token);
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { data } = res.body;
    expect(data.device).toEqual({ _id: device.id, name: device.name, location: 'Front desk' });
    expect(data.pinKey).toBe(await hmacBase64Url((env as { JWT_SECRET: string }).JWT_SECRET, 'kiosk-pin'));
    expect(memberOf(res.body, aiko.id)).toEqual({
      userId: aiko.id,
      name: 'Aiko T.',
      qr: await sha256Hex(qr),
      pin: await kioskPinHash(data.pinKey, '482913'),
      mayTrain: false,
    });
    expect(JSON.stringify(res.body)).not.toContain(qr);
  });

  it('flags who may train (an active membership) and leaves out people without credentials or with a deactivated account', async () => {
    const { token } = await insertKioskDevice();
    const [member, noCode, gone] = await Promise.all([createUser({ role: 'member' }), createUser(), createUser({ isActive: false })]);
    await giveActiveMembership(member.id);
    await api('/api/attendance/my-qr', { token: member.token });
    await myQr(testServiceCtx({ user: { id: gone.id, role: 'student' } as never }));
    const res = await snapshot(token);
    expect(memberOf(res.body, member.id)).toMatchObject({ mayTrain: true, pin: null });
    expect(memberOf(res.body, noCode.id)).toBeUndefined();
    expect(memberOf(res.body, gone.id)).toBeUndefined();
  });

  it('drops the old QR hash once the member rotates their code', async () => {
    const { token } = await insertKioskDevice();
    const user = await createUser();
    const before = (await api('/api/attendance/my-qr', { token: user.token })).body.data.token;
    const after = (await api('/api/attendance/my-qr/rotate', { method: 'POST', token: user.token })).body.data.token;
    expect(after).not.toBe(before);
    const res = await snapshot(token);
    const hashes = res.body.data.members.map((m: { qr: string }) => m.qr);
    expect(memberOf(res.body, user.id).qr).toBe(await sha256Hex(after));
    expect(hashes).not.toContain(await sha256Hex(before));
  });

  it("holds today's sessions in the school's zone around midnight, cancelled ones marked, and none of yesterday's or tomorrow's", async () => {
    const { device } = await insertKioskDevice();
    const kioskCtx = testServiceCtx({ kiosk: device });
    const zone = (await kioskSnapshot(kioskCtx)).timeZone;
    // 9 March 2031 is the day North American clocks spring forward: a 23-hour day in most zones.
    const at = (day: number, hour: number, minute: number) => atWallTime(2031, 3, day, hour, minute, zone);
    const now = at(9, 0, 30).getTime();
    const [lateYesterday, justAfterMidnight, cancelled, lateTonight, earlyTomorrow] = await Promise.all([
      insertSession({ startsAt: at(8, 23, 30) }),
      insertSession({ startsAt: at(9, 0, 15) }),
      insertSession({ startsAt: at(9, 18, 0), status: 'cancelled', cancelReason: 'Snow' }),
      insertSession({ startsAt: at(9, 23, 45) }),
      insertSession({ startsAt: at(10, 0, 10) }),
    ]);
    const snap = await kioskSnapshot(kioskCtx, now);
    const ids = snap.sessions.map((s) => s._id);
    const mine = [lateYesterday, justAfterMidnight, cancelled, lateTonight, earlyTomorrow];
    const today = JSON.stringify(localDate(0, now, snap.timeZone));
    const expected = mine.filter((s) => JSON.stringify(localDate(0, s.startsAt.getTime(), snap.timeZone)) === today).map((s) => s.id);
    expect(ids.filter((id) => mine.some((s) => s.id === id))).toEqual(expected);
    if (snap.timeZone === zone) expect(expected).toEqual([justAfterMidnight.id, cancelled.id, lateTonight.id]);
    expect(snap.sessions.find((s) => s._id === cancelled.id)).toMatchObject({ status: 'cancelled', cancelReason: 'Snow', myBooking: null });
    expect(snap.sessions.find((s) => s._id === justAfterMidnight.id)).toMatchObject({
      startsAt: justAfterMidnight.startsAt.toISOString(),
      capacity: 20,
      bookedCount: 0,
      spotsLeft: 20,
      waitlistCount: 0,
      status: 'scheduled',
    });
  });

  it('refuses a signed-in person, even an admin (403), and a revoked kiosk (401)', async () => {
    const [admin, student] = await Promise.all([createUser({ role: 'admin' }), createUser()]);
    const { token: revoked } = await insertKioskDevice({ revokedAt: new Date() });
    expect((await snapshot(admin.token)).status).toBe(403);
    expect((await snapshot(student.token)).status).toBe(403);
    expect((await api('/api/kiosk/snapshot')).status).toBe(401);
    expect((await snapshot(revoked)).status).toBe(401);
  });
});
