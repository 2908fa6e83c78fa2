/** Class, session and training-right fixtures shared by the sessions, bookings, attendance and kiosk tests. */
import { newId } from '#core/ids.ts';
import {
  classes,
  classSessions,
  kioskDevices,
  membershipEnrollments,
  type NewClassRow,
  type NewClassSessionRow,
  type NewKioskDeviceRow,
} from '#db/schema/index.ts';
import { kioskTokenHash, newKioskToken } from '#worker/lib/kiosk-token.ts';
import { testDb, uniq } from '#test/helpers.ts';

const HOUR = 3_600_000;

export async function insertClass(overrides: Partial<NewClassRow> = {}) {
  return testDb()
    .insert(classes)
    .values({ id: newId(), title: `Class ${uniq()}`, dayOfWeek: 2, startTime: '17:00', endTime: '18:00', capacity: 20, ...overrides })
    .returning()
    .get();
}

/** A scheduled session starting `inHours` from now (default tomorrow), one hour long, capacity 20. */
export async function insertSession(overrides: Partial<NewClassSessionRow> & { inHours?: number } = {}) {
  const { inHours = 24, ...rest } = overrides;
  const startsAt = rest.startsAt ?? new Date(Date.now() + inHours * HOUR);
  return testDb()
    .insert(classSessions)
    .values({
      id: newId(),
      kind: 'one_off',
      title: `Session ${uniq()}`,
      capacity: 20,
      ...rest,
      startsAt,
      endsAt: rest.endsAt ?? new Date(startsAt.getTime() + HOUR),
    })
    .returning()
    .get();
}

/** Gives a user an active membership running `days` more days (what booking a class requires). */
export async function giveActiveMembership(userId: string, days = 30) {
  const now = Date.now();
  return testDb()
    .insert(membershipEnrollments)
    .values({
      id: newId(),
      userId,
      membershipName: 'Adult membership',
      planName: 'Monthly',
      durationMonths: 1,
      status: 'active',
      paymentStatus: 'paid',
      planPriceCents: 0,
      paymentMethod: 'free',
      discountCents: 0,
      gstCents: 0,
      totalCents: 0,
      startsAt: new Date(now - 86_400_000),
      endsAt: new Date(now + days * 86_400_000),
    })
    .returning()
    .get();
}

/** A registered check-in device and its token (what the one-time kiosk URL carries). */
export async function insertKioskDevice(overrides: Partial<NewKioskDeviceRow> = {}) {
  const token = newKioskToken();
  const device = await testDb()
    .insert(kioskDevices)
    .values({ id: newId(), name: `Kiosk ${uniq()}`, location: 'Front desk', tokenHash: await kioskTokenHash(token), ...overrides })
    .returning()
    .get();
  return { device, token };
}
