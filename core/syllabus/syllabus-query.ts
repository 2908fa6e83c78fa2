import { z } from 'zod';
import { pagingQuery } from '#core/paging.ts';

/** Query filters never fail a request: junk is ignored, an unknown grade or category simply matches nothing. */
const optText = (max: number) => z.preprocess((v) => (Array.isArray(v) ? v[0] : v), z.string().trim().max(max).optional()).catch(undefined);

const filters = {
  grade: optText(50),
  category: optText(50),
  search: optText(100),
  isActive: z.enum(['true', 'false']).optional().catch(undefined),
};

/** GET /api/syllabus (admin): newest first, 20 per page by default. */
export const SyllabusListQuery = pagingQuery(20, 100).extend(filters);
export type SyllabusListQuery = z.infer<typeof SyllabusListQuery>;

/** GET /api/syllabus/admin/all: in grade order, 100 per page by default (up to 500). */
export const SyllabusAdminAllQuery = pagingQuery(100, 500).extend(filters);

/** GET /api/syllabus/student/my-syllabus: the spec's client sends grade and category. */
export const MySyllabusQuery = z.object({ grade: optText(50), category: optText(50) });
export type MySyllabusQuery = z.infer<typeof MySyllabusQuery>;

export const normalizeCategory = (v: string | undefined) =>
  v
    ?.trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '-') || undefined;
