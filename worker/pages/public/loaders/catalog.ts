import { LEVELS } from '#core/catalog/catalog-options.ts';
import { pagination } from '#core/paging.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';
import type { MembershipRow } from '#db/schema/index.ts';
import { serializeClass } from '#worker/features/classes/classes.serialize.ts';
import { timetableQuery } from '#worker/features/classes/classes.service.ts';
import { upcomingSessionsQuery } from '#worker/features/bookings/bookings.read.ts';
import {
  courseBySlugOrIdQuery,
  courseCategoriesQuery,
  coursePageQueries,
  type CourseFilters,
} from '#worker/features/courses/courses.queries.ts';
import { serializeCourse } from '#worker/features/courses/courses.serialize.ts';
import { activeMembershipsQueries, membershipsWithPlans } from '#worker/features/memberships/memberships.read.ts';
import { settingsQuery, siteDataOf } from '#worker/pages/public/site.ts';
import { serializeSession } from '#worker/lib/sessions/view.ts';
import { totalOf } from '#worker/lib/sql.ts';

export const COURSES_PER_PAGE = 12;
/** The most memberships and classes the public pages list. */
const MAX_MEMBERSHIPS = 100;
const MAX_CLASSES = 500;

/** `?category=` and `?level=` as the filter form sends them; anything unknown is ignored. */
export function courseFilters(query: { category?: string | undefined; level?: string | undefined }): CourseFilters {
  const category = (query.category ?? '').trim().slice(0, 60);
  const level = (query.level ?? '').trim().toLowerCase();
  return { category: category || undefined, level: (LEVELS as readonly string[]).includes(level) ? level : undefined };
}

export async function loadCourses({ db }: ServiceCtx, filters: CourseFilters, page: number) {
  const [rows, totals] = coursePageQueries(db, filters, page, COURSES_PER_PAGE);
  const [settings, list, total, categories] = await db.batch([settingsQuery(db), rows, totals, courseCategoriesQuery(db)]);
  return {
    ...siteDataOf(settings),
    courses: list.map(serializeCourse),
    pagination: pagination(page, COURSES_PER_PAGE, totalOf(total)),
    categories: categories.map((c) => c.category).filter((c): c is string => !!c),
  };
}

/** The course by slug (or id); null when unknown or hidden. */
export async function loadCourse({ db }: ServiceCtx, slugOrId: string) {
  const [settings, [row]] = await db.batch([settingsQuery(db), courseBySlugOrIdQuery(db, slugOrId, false)]);
  return { ...siteDataOf(settings), course: row ? serializeCourse(row) : null };
}

export async function loadMemberships({ db }: ServiceCtx) {
  const { rows, plans } = activeMembershipsQueries(db, MAX_MEMBERSHIPS);
  const [settings, page, pagePlans] = await db.batch([settingsQuery(db), rows, plans]);
  return { ...siteDataOf(settings), memberships: membershipsWithPlans(page as MembershipRow[], pagePlans) };
}

/** The week of sessions the timetable page offers to book. */
const BOOKABLE_DAYS = 7;

export async function loadClasses({ db }: ServiceCtx) {
  const now = Date.now();
  const [settings, rows, sessions] = await db.batch([
    settingsQuery(db),
    timetableQuery(db, MAX_CLASSES),
    upcomingSessionsQuery(db, now, now + BOOKABLE_DAYS * 86_400_000),
  ]);
  return {
    ...siteDataOf(settings),
    classes: rows.map(serializeClass),
    sessions: sessions.map(serializeSession),
    now: new Date(now).toISOString(),
  };
}
