import { and, eq } from 'drizzle-orm';
import type { Db } from '#db/client.ts';
import { events, seminars } from '#db/schema/index.ts';
import { settingsQuery, siteDataOf } from '#worker/pages/public/site.ts';
import { eventItem, mergeSchedule, pastEvents, pastSeminars, seminarItem, upcomingEvents, upcomingSeminars } from './schedule.ts';

export const EVENT_LIMITS = { upcoming: 50, past: 12 } as const;

export async function loadEvents(db: Db, now = new Date()) {
  const [settings, upEvents, upSeminars, oldEvents, oldSeminars] = await db.batch([
    settingsQuery(db),
    upcomingEvents(db, now, EVENT_LIMITS.upcoming),
    upcomingSeminars(db, now, EVENT_LIMITS.upcoming),
    pastEvents(db, now, EVENT_LIMITS.past),
    pastSeminars(db, now, EVENT_LIMITS.past),
  ]);
  return {
    ...siteDataOf(settings),
    upcoming: mergeSchedule(upEvents, upSeminars, 'asc', EVENT_LIMITS.upcoming),
    past: mergeSchedule(oldEvents, oldSeminars, 'desc', EVENT_LIMITS.past),
  };
}

/** An active event or seminar by id (ids are unique across both); null when unknown or hidden. */
export async function loadEvent(db: Db, id: string) {
  const [settings, eventRows, seminarRows] = await db.batch([
    settingsQuery(db),
    db
      .select()
      .from(events)
      .where(and(eq(events.id, id), eq(events.isActive, true))),
    db
      .select()
      .from(seminars)
      .where(and(eq(seminars.id, id), eq(seminars.isActive, true))),
  ]);
  const item = eventRows[0] ? eventItem(eventRows[0]) : seminarRows[0] ? seminarItem(seminarRows[0]) : null;
  return { ...siteDataOf(settings), item };
}
