import { and, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import { kioskName } from '#core/kiosk/check-in.ts';
import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone, localDate } from '#core/time-zone.ts';
import { checkinCredentials, classSessions, SETTINGS_ID, siteSettings, users } from '#db/schema/index.ts';
import { mayTrainSql } from '#worker/lib/class-eligibility.ts';
import { sha256Hex } from '#worker/lib/digest.ts';
import { forbidden } from '#worker/lib/errors.ts';
import { KIOSK_MESSAGES } from '#worker/lib/kiosk-token.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { serializeSession, SESSION_ORDER, selectSessionViews } from '#worker/lib/sessions/view.ts';
import { batch } from '#worker/lib/sql.ts';
import { pinKeyOf } from './kiosk.pin.ts';

const DAY = 86_400_000;
const profileField = (field: string) => sql<string | null>`json_extract(${users.profile}, ${`$.${field}`})`;

/**
 * What a kiosk needs to check people in with the network gone: today's sessions in the school's zone
 * (cancelled ones too, marked), and everyone who has check-in credentials — hashes only, never a token.
 * One round trip: the day in any zone lies within a day either side of now, so the sessions are read
 * for that span and kept when their start falls on today's date in the zone read in the same batch.
 */
export async function kioskSnapshot(ctx: ServiceCtx, now = Date.now()) {
  const device = ctx.kiosk;
  if (!device) throw forbidden(KIOSK_MESSAGES.onlyCheckIn);
  const [settings, sessionRows, memberRows] = await batch(ctx.db, [
    ctx.db.select({ zone: siteSettings.timeZone }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)),
    selectSessionViews(ctx.db, null)
      .where(and(gte(classSessions.startsAt, new Date(now - DAY)), lt(classSessions.startsAt, new Date(now + DAY))))
      .orderBy(...SESSION_ORDER),
    ctx.db
      .select({
        userId: users.id,
        firstName: profileField('firstName'),
        lastName: profileField('lastName'),
        qrToken: checkinCredentials.qrToken,
        pin: checkinCredentials.pinHash,
        mayTrain: sql<number>`${mayTrainSql(sql`${users.id}`, now)}`,
      })
      .from(checkinCredentials)
      .innerJoin(users, eq(users.id, checkinCredentials.userId))
      .where(and(eq(users.isActive, true), isNull(users.deactivatedAt))),
  ]);
  const stored = settings[0]?.zone;
  const timeZone = stored && isTimeZone(stored) ? stored : DEFAULT_SCHOOL_TIME_ZONE;
  const today = JSON.stringify(localDate(0, now, timeZone));
  const sessions = sessionRows.filter((r) => JSON.stringify(localDate(0, r.startsAt.getTime(), timeZone)) === today).map(serializeSession);
  const members = await Promise.all(
    memberRows.map(async (m) => ({
      userId: m.userId,
      name: kioskName(m.firstName, m.lastName, 'Member'),
      qr: await sha256Hex(m.qrToken),
      pin: m.pin,
      mayTrain: Boolean(m.mayTrain),
    })),
  );
  return {
    device: { _id: device.id, name: device.name, location: device.location },
    generatedAt: new Date(now).toISOString(),
    timeZone,
    pinKey: await pinKeyOf(ctx),
    sessions,
    members,
  };
}
