import { Hono } from 'hono';
import {
  BulkDeleteCoursesSchema,
  COURSE_MESSAGES,
  CreateCourseSchema,
  FeaturedCoursesQuery,
  ListCoursesQuery,
  UpdateCourseSchema,
} from '#core/catalog/course-schemas.ts';
import type { AppEnv } from '#worker/env.ts';
import { validate } from '#worker/lib/validate.ts';
import { catalogRoutes } from '#worker/lib/catalog/routes.ts';
import { featuredCourses, getCourse, listCourses, listCoursesForAdmin } from './courses.read.ts';
import { bulkDeleteCourses, createCourse, deleteCourse, toggleCourseStatus, updateCourse } from './courses.write.ts';

// /featured comes before the catalog's /:id so it cannot be taken for an id.
export const coursesRoutes = new Hono<AppEnv>()
  .get('/featured', validate('query', FeaturedCoursesQuery), async (c) => {
    const courses = await featuredCourses(c.var.ctx, c.req.valid('query').limit);
    return c.json({ success: true, data: courses, courses, count: courses.length });
  })
  .route(
    '/',
    catalogRoutes({
      one: 'course',
      many: 'courses',
      bulkPath: '/',
      schemas: { list: ListCoursesQuery, create: CreateCourseSchema, update: UpdateCourseSchema, bulkDelete: BulkDeleteCoursesSchema },
      messages: COURSE_MESSAGES,
      list: listCourses,
      listForAdmin: listCoursesForAdmin,
      get: getCourse,
      create: createCourse,
      update: updateCourse,
      remove: deleteCourse,
      removeMany: bulkDeleteCourses,
      toggle: toggleCourseStatus,
    }),
  );
