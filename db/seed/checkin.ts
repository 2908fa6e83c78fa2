import { createHash, createHmac } from 'node:crypto';
import { newSecret } from '#core/ids.ts';
import { checkinCredentials, kioskDevices } from '#db/schema/index.ts';
import { classMemberIds } from './class-members.ts';
import { demoAdminId, demoUserIds } from './demo-users.ts';
import type { Seeder } from './types.ts';

/** The demo student's kiosk PIN (README "Classes, bookings and check-in"). */
export const DEMO_PIN = '2468';
export const DEMO_PIN_EMAIL = 'student@dojo.local';

export const DEMO_KIOSK_ID = 'seed-kiosk-front-desk';
/**
 * The local demo kiosk's token, published in the README like the demo password: the seed writes only to
 * local databases unless forced (db/seed.ts), and an admin revokes it like any kiosk.
 */
export const DEMO_KIOSK_TOKEN = 'kiosk_local-demo-front-desk-kiosk-token-published';

/** The key every kiosk checks a typed PIN with (API-24 "Kiosk"): base64url HMAC-SHA256(JWT_SECRET, 'kiosk-pin'). */
export const kioskPinKey = (jwtSecret: string) => createHmac('sha256', jwtSecret).update('kiosk-pin').digest('base64url');

/** `checkin_credentials.pin_hash`: hex HMAC-SHA256 over the PIN, keyed with the pin key's bytes (base64url-decoded), as kiosks check it. */
export const kioskPinHash = (jwtSecret: string, pin: string) =>
  createHmac('sha256', Buffer.from(kioskPinKey(jwtSecret), 'base64url'))
    .update(pin)
    .digest('hex');

/**
 * One kiosk "Front desk" and every demo member's check-in credentials: a random QR token each, and the
 * demo student's PIN when the seed knows the Worker's JWT secret (without it the PIN is left unset).
 */
export const checkinSeeder: Seeder = {
  name: 'checkin',
  async run({ db, jwtSecret, log }) {
    const people = [...(await demoUserIds(db, ['student@dojo.local', 'member@dojo.local'])), ...(await classMemberIds(db))];
    const pinUser = people.find(([email]) => email === DEMO_PIN_EMAIL)?.[1];
    if (!jwtSecret) log(`seed checkin: no JWT secret given, so ${DEMO_PIN_EMAIL} gets no kiosk PIN`);
    const credentials = people.map(([, userId]) => ({
      userId,
      qrToken: newSecret(),
      ...(userId === pinUser && jwtSecret ? { pinHash: kioskPinHash(jwtSecret, DEMO_PIN), pinSetAt: new Date() } : {}),
    }));
    const adminId = await demoAdminId(db);
    const device = db
      .insert(kioskDevices)
      .values({
        id: DEMO_KIOSK_ID,
        name: 'Front desk',
        location: 'Main dojo entrance',
        tokenHash: createHash('sha256').update(DEMO_KIOSK_TOKEN).digest('hex'),
        createdBy: adminId,
      })
      .onConflictDoNothing()
      .returning({ id: kioskDevices.id });
    if (!credentials.length) return (await device).length;
    const [devices, creds] = await db.batch([
      device,
      db.insert(checkinCredentials).values(credentials).onConflictDoNothing().returning({ userId: checkinCredentials.userId }),
    ]);
    return devices.length + creds.length;
  },
};
