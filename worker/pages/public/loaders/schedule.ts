import type { EventRow, SeminarRow } from '#db/schema/index.ts';
import { fromCents } from '#core/money.ts';
import type { ScheduleItem } from '#web/pages/public/view-types.ts';
import { objectUrl as fileUrl } from '#worker/lib/public-files.ts';

const CATEGORY_LABELS: Record<string, string> = {
  tournament: 'Tournament',
  grading: 'Grading',
  seminar: 'Seminar',
  social: 'Social',
  camp: 'Camp',
  workshop: 'Workshop',
  demonstration: 'Demonstration',
  other: 'Event',
};
const label = (category: string) => CATEGORY_LABELS[category] ?? category.charAt(0).toUpperCase() + category.slice(1);

/** The public pages show events and seminars in one list; these are its items. */
export const eventItem = (row: EventRow): ScheduleItem => ({
  _id: row.id,
  kind: 'event',
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  location: row.location,
  label: label(row.category),
  image: fileUrl(row.image),
  instructor: null,
  price: null,
  registrationUrl: row.registrationUrl,
  updatedAt: row.updatedAt.toISOString(),
});

export const seminarItem = (row: SeminarRow): ScheduleItem => ({
  _id: row.id,
  kind: 'seminar',
  title: row.title,
  description: row.description,
  startsAt: row.startsAt.toISOString(),
  endsAt: row.endsAt.toISOString(),
  location: row.location,
  label: 'Seminar',
  image: fileUrl(row.image),
  instructor: row.instructor,
  price: fromCents(row.priceCents),
  registrationUrl: null,
  updatedAt: row.updatedAt.toISOString(),
});

/** Events and seminars in one list, by start time. */
export function mergeSchedule(
  eventRows: readonly EventRow[],
  seminarRows: readonly SeminarRow[],
  order: 'asc' | 'desc',
  limit: number,
): ScheduleItem[] {
  const items = [...eventRows.map(eventItem), ...seminarRows.map(seminarItem)];
  items.sort((a, b) => (order === 'asc' ? 1 : -1) * (Date.parse(a.startsAt) - Date.parse(b.startsAt)));
  return items.slice(0, limit);
}
