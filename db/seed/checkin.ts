import { createHash } from 'node:crypto';
import { kioskPinHash, kioskPinKey } from '#core/kiosk/pin-hash.ts';
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
    const pinHash = jwtSecret ? await kioskPinHash(await kioskPinKey(jwtSecret), DEMO_PIN) : null;
    const credentials = people.map(([, userId]) => ({
      userId,
      qrToken: newSecret(),
      ...(userId === pinUser && pinHash ? { pinHash, pinSetAt: new Date() } : {}),
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
