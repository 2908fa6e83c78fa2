import { eq } from 'drizzle-orm';
import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone } from '#core/time-zone.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';

/** The settings row's zone, as a statement a caller can put in its own batch (then read with `zoneOf`). */
export const schoolTimeZoneQuery = (db: Db) =>
  db.select({ zone: siteSettings.timeZone }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID));

/** The zone `schoolTimeZoneQuery` answered; the install's default before the row exists. */
export const zoneOf = (rows: readonly { zone: string }[]): string =>
  rows[0] && isTimeZone(rows[0].zone) ? rows[0].zone : DEFAULT_SCHOOL_TIME_ZONE;

/** The school's zone from its settings row (what new meetings default to); the install's default before the row exists. */
export async function schoolTimeZone(db: Db): Promise<string> {
  return zoneOf(await schoolTimeZoneQuery(db));
}
