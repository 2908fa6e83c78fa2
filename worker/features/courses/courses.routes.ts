import { Hono } from 'hono';
import {
  BulkDeleteCoursesSchema,
  COURSE_MESSAGES,
  CreateCourseSchema,
  FeaturedCoursesQuery,
  ListCoursesQuery,
  UpdateCourseSchema,
} from '#core/catalog/course-schemas.ts';
import type { AppEnv } from '../../env.ts';
import { validate } from '../../lib/validate.ts';
import { readCatalogBody } from './catalog-body.ts';
import { catalogCtx } from './catalog-ctx.ts';
import { featuredCourses, getCourse, listCourses, listCoursesForAdmin } from './courses.read.ts';
import { bulkDeleteCourses, createCourse, deleteCourse, toggleCourseStatus, updateCourse } from './courses.write.ts';

const plural = (n: number) => `${n} course${n === 1 ? '' : 's'}`;

// Fixed paths (/admin, /featured) come before /:id so it cannot swallow them.
export const coursesRoutes = new Hono<AppEnv>()
  .get('/', validate('query', ListCoursesQuery), async (c) => {
    const { courses, pagination } = await listCourses({ ctx: catalogCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: courses, courses, pagination });
  })
  .get('/admin', validate('query', ListCoursesQuery), async (c) => {
    const { courses, pagination, summary } = await listCoursesForAdmin({ ctx: catalogCtx(c), query: c.req.valid('query') });
    return c.json({ success: true, data: courses, courses, pagination, summary });
  })
  .get('/featured', validate('query', FeaturedCoursesQuery), async (c) => {
    const courses = await featuredCourses({ ctx: catalogCtx(c), limit: c.req.valid('query').limit });
    return c.json({ success: true, data: courses, courses, count: courses.length });
  })
  .post('/', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, CreateCourseSchema, { image: true });
    const course = await createCourse({ ctx: catalogCtx(c), input, image });
    return c.json({ success: true, data: course, course, message: COURSE_MESSAGES.created }, 201);
  })
  .delete('/', validate('json', BulkDeleteCoursesSchema), async (c) => {
    const { deletedCount, deletedIds } = await bulkDeleteCourses({ ctx: catalogCtx(c), ids: c.req.valid('json').courseIds });
    return c.json({
      success: true,
      data: { deletedCount, deletedIds },
      count: deletedCount,
      message: `${plural(deletedCount)} deleted successfully`,
    });
  })
  .get('/:id', async (c) => {
    const course = await getCourse({ ctx: catalogCtx(c), idOrSlug: c.req.param('id') });
    return c.json({ success: true, data: course, course });
  })
  .put('/:id', async (c) => {
    const { input, image } = await readCatalogBody(c.req.raw, UpdateCourseSchema, { image: true });
    const course = await updateCourse({ ctx: catalogCtx(c), id: c.req.param('id'), input, image });
    return c.json({ success: true, data: course, course, message: COURSE_MESSAGES.updated });
  })
  .delete('/:id', async (c) => {
    const data = await deleteCourse({ ctx: catalogCtx(c), id: c.req.param('id') });
    return c.json({ success: true, data, message: COURSE_MESSAGES.deleted });
  })
  .patch('/:id/toggle-status', async (c) => {
    const course = await toggleCourseStatus({ ctx: catalogCtx(c), id: c.req.param('id') });
    const message = course.isActive ? COURSE_MESSAGES.activated : COURSE_MESSAGES.deactivated;
    return c.json({ success: true, data: course, course, message });
  });
