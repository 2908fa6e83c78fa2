import { LEVELS } from '#core/catalog/catalog-options.ts';
import { pagination } from '#core/paging.ts';
import type { Db } from '#db/client.ts';
import { serializeCourse } from '#worker/features/courses/courses.serialize.ts';
import { plansByMembership, serializeMembership } from '#worker/features/memberships/memberships.serialize.ts';
import { settingsQuery, siteDataOf } from '#worker/pages/public/site.ts';
import {
  activeMembershipsQuery,
  activePlansQuery,
  classView,
  courseBySlugOrIdQuery,
  courseCategoriesQuery,
  coursePageQueries,
  timetableQuery,
  totalOf,
  type CourseFilters,
} from './content.ts';

export const COURSES_PER_PAGE = 12;

/** `?category=` and `?level=` as the filter form sends them; anything unknown is ignored. */
export function courseFilters(query: { category?: string | undefined; level?: string | undefined }): CourseFilters {
  const category = (query.category ?? '').trim().slice(0, 60);
  const level = (query.level ?? '').trim().toLowerCase();
  return { category: category || undefined, level: (LEVELS as readonly string[]).includes(level) ? level : undefined };
}

export async function loadCourses(db: Db, filters: CourseFilters, page: number) {
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
export async function loadCourse(db: Db, slugOrId: string) {
  const [settings, rows] = await db.batch([settingsQuery(db), courseBySlugOrIdQuery(db, slugOrId)]);
  const row = rows.find((r) => r.slug === slugOrId.toLowerCase()) ?? rows[0];
  return { ...siteDataOf(settings), course: row ? serializeCourse(row) : null };
}

export async function loadMemberships(db: Db) {
  const [settings, rows, plans] = await db.batch([settingsQuery(db), activeMembershipsQuery(db), activePlansQuery(db)]);
  const byMembership = plansByMembership(plans);
  return { ...siteDataOf(settings), memberships: rows.map((m) => serializeMembership(m, byMembership.get(m.id) ?? [])) };
}

export async function loadClasses(db: Db) {
  const [settings, rows] = await db.batch([settingsQuery(db), timetableQuery(db)]);
  return { ...siteDataOf(settings), classes: rows.map(classView) };
}
