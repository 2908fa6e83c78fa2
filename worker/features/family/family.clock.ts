import { eq } from 'drizzle-orm';
import { DEFAULT_AGE_OF_MAJORITY } from '#core/family/majority.ts';
import { calendarDay, localDate } from '#core/time-zone.ts';
import type { Db } from '#db/client.ts';
import { SETTINGS_ID, siteSettings } from '#db/schema/index.ts';
import { zoneOf } from '#worker/lib/school-time-zone.ts';

/** What ages are read with: the school's zone, its age of majority and the instant. */
export type FamilyClock = { zone: string; ageOfMajority: number; now: number };

/** The settings a family call needs, as a statement the caller can put in its own batch (then read with `clockOf`). */
export const familyClockQuery = (db: Db) =>
  db
    .select({ zone: siteSettings.timeZone, ageOfMajority: siteSettings.ageOfMajority })
    .from(siteSettings)
    .where(eq(siteSettings.id, SETTINGS_ID));

export const clockOf = (rows: readonly { zone: string; ageOfMajority: number }[], now = Date.now()): FamilyClock => ({
  zone: zoneOf(rows),
  ageOfMajority: rows[0]?.ageOfMajority ?? DEFAULT_AGE_OF_MAJORITY,
  now,
});

export const familyClock = async (db: Db, now = Date.now()) => clockOf(await familyClockQuery(db), now);

const pad = (n: number) => String(n).padStart(2, '0');

/** Today's calendar day ('YYYY-MM-DD') in the school's zone. */
export const todayOf = (clock: FamilyClock) => calendarDay(clock.now, clock.zone);

/**
 * The latest birth date that is of age today. Compared as text, a day that does not exist (29 February of a
 * common year) still sorts between the 28th and 1 March, which is the rule core/family/majority.ts keeps.
 */
export const ofAgeBornBy = (clock: FamilyClock) => {
  const t = localDate(0, clock.now, clock.zone);
  return `${t.y - clock.ageOfMajority}-${pad(t.month)}-${pad(t.day)}`;
};
