import { describe, expect, it } from 'vitest';
import { asAdmin, createUser, describeAccessMatrix, send, tagged, uniq } from '#test/catalog-helpers.ts';
import { coursesAccess } from './courses.access.ts';
import { courseBody, makeCourse } from './courses.test-helpers.ts';

const fresh = (token: string) => makeCourse(token, `${tagged()} access`);

describe('courses access matrix', () => {
  describeAccessMatrix(describe, it, expect, coursesAccess, {
    'GET /api/courses': async () => ({ method: 'GET', path: '/api/courses' }),
    'GET /api/courses/admin': async () => ({ method: 'GET', path: '/api/courses/admin' }),
    'GET /api/courses/featured': async () => ({ method: 'GET', path: '/api/courses/featured' }),
    'GET /api/courses/:id': async (t) => ({ method: 'GET', path: `/api/courses/${(await fresh(t))._id}` }),
    'POST /api/courses': async () => ({ method: 'POST', path: '/api/courses', body: courseBody(`access ${uniq()}`) }),
    'DELETE /api/courses': async (t) => ({ method: 'DELETE', path: '/api/courses', body: { courseIds: [(await fresh(t))._id] } }),
    'PUT /api/courses/:id': async (t) => ({ method: 'PUT', path: `/api/courses/${(await fresh(t))._id}`, body: { price: 99 } }),
    'DELETE /api/courses/:id': async (t) => ({ method: 'DELETE', path: `/api/courses/${(await fresh(t))._id}` }),
    'PATCH /api/courses/:id/toggle-status': async (t) => ({ method: 'PATCH', path: `/api/courses/${(await fresh(t))._id}/toggle-status` }),
  });

  it('leaves the course untouched when a student tries to change or delete it', async () => {
    const admin = await asAdmin();
    const student = await createUser({ role: 'student' });
    const course = await fresh(admin.token);
    await send('PUT', `/api/courses/${course._id}`, student.token, { price: 1 });
    await send('DELETE', `/api/courses/${course._id}`, student.token);
    const res = await send('GET', `/api/courses/${course._id}`);
    expect(res.body.course.price).toBe(course.price);
  });
});
