import type { ServiceCtx } from '#worker/lib/service-context.ts';
import { eventByIdQuery, eventsWhenQuery } from '#worker/features/events/events.read.ts';
import { seminarByIdQuery, seminarsWhenQuery } from '#worker/features/seminars/seminars.read.ts';
import { settingsQuery, siteDataOf } from '#worker/pages/public/site.ts';
import { eventItem, mergeSchedule, seminarItem } from './schedule.ts';

export const EVENT_LIMITS = { upcoming: 50, past: 12 } as const;

export async function loadEvents({ db }: ServiceCtx, now = new Date()) {
  const [settings, upEvents, upSeminars, oldEvents, oldSeminars] = await db.batch([
    settingsQuery(db),
    eventsWhenQuery(db, 'upcoming', now, EVENT_LIMITS.upcoming),
    seminarsWhenQuery(db, 'upcoming', now, EVENT_LIMITS.upcoming),
    eventsWhenQuery(db, 'past', now, EVENT_LIMITS.past),
    seminarsWhenQuery(db, 'past', now, EVENT_LIMITS.past),
  ]);
  return {
    ...siteDataOf(settings),
    upcoming: mergeSchedule(upEvents, upSeminars, 'asc', EVENT_LIMITS.upcoming),
    past: mergeSchedule(oldEvents, oldSeminars, 'desc', EVENT_LIMITS.past),
  };
}

/** An active event or seminar by id (ids are unique across both); null when unknown or hidden. */
export async function loadEvent({ db }: ServiceCtx, id: string) {
  const [settings, eventRows, seminarRows] = await db.batch([
    settingsQuery(db),
    eventByIdQuery(db, id, false),
    seminarByIdQuery(db, id, false),
  ]);
  const item = eventRows[0] ? eventItem(eventRows[0]) : seminarRows[0] ? seminarItem(seminarRows[0]) : null;
  return { ...siteDataOf(settings), item };
}
