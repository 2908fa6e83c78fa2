import { eq } from 'drizzle-orm';
import { DEFAULT_SCHOOL_TIME_ZONE, isTimeZone } from '#core/time-zone.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';

/** The school's zone from its settings row (what new meetings default to); the install's default before the row exists. */
export async function schoolTimeZone(db: Db): Promise<string> {
  const row = await db.select({ zone: siteSettings.timeZone }).from(siteSettings).where(eq(siteSettings.id, SETTINGS_ID)).get();
  return row && isTimeZone(row.zone) ? row.zone : DEFAULT_SCHOOL_TIME_ZONE;
}
