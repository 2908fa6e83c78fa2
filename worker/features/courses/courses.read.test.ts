import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { asAdmin, createUser, send, tagged, watchStatements } from '#test/catalog-helpers.ts';
import { makeCourse } from './courses.test-helpers.ts';

const ids = (list: { _id: string }[]) => list.map((c) => c._id).sort();

describe('GET /api/courses', () => {
  it('shows visitors only active courses, with pagination and the keys the client reads', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const a = await makeCourse(admin.token, `${tag} Alpha`);
    const b = await makeCourse(admin.token, `${tag} Beta`, { isActive: false });
    const res = await api(`/api/courses?search=${tag}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, pagination: { page: 1, limit: 20, total: 1, totalPages: 1, hasMore: false } });
    expect(ids(res.body.courses)).toEqual([a._id]);
    expect(res.body.data).toEqual(res.body.courses);
    expect(ids(res.body.courses)).not.toContain(b._id);
  });

  it('ignores isActive=false from a visitor or a student, but lets an admin filter on it', async () => {
    const admin = await asAdmin();
    const student = await createUser({ role: 'student' });
    const tag = tagged();
    const active = await makeCourse(admin.token, `${tag} On`);
    const hidden = await makeCourse(admin.token, `${tag} Off`, { isActive: false });
    expect(ids((await api(`/api/courses?search=${tag}&isActive=false`)).body.courses)).toEqual([active._id]);
    expect(ids((await api(`/api/courses?search=${tag}`, { token: student.token })).body.courses)).toEqual([active._id]);
    expect(ids((await api(`/api/courses?search=${tag}`, { token: admin.token })).body.courses)).toEqual(ids([active, hidden]));
    expect(ids((await api(`/api/courses?search=${tag}&isActive=false`, { token: admin.token })).body.courses)).toEqual([hidden._id]);
  });

  it('pages, filters by category, level and featured, and sorts by the price people pay', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const cheap = await makeCourse(admin.token, `${tag} C`, { price: 100, discountPrice: 40, category: 'Adults', level: 'advanced' });
    const mid = await makeCourse(admin.token, `${tag} A`, { price: 60, featured: true });
    const dear = await makeCourse(admin.token, `${tag} B`, { price: 90 });
    const page1 = await api(`/api/courses?search=${tag}&limit=2&sort=price`);
    expect(page1.body.courses.map((c: { _id: string }) => c._id)).toEqual([cheap._id, mid._id]);
    expect(page1.body.pagination).toEqual({ page: 1, limit: 2, total: 3, totalPages: 2, hasMore: true });
    const page2 = await api(`/api/courses?search=${tag}&limit=2&page=2&sort=price`);
    expect(page2.body.courses.map((c: { _id: string }) => c._id)).toEqual([dear._id]);
    expect(page2.body.pagination.hasMore).toBe(false);
    const desc = await api(`/api/courses?search=${tag}&sort=-price`);
    expect(desc.body.courses.map((c: { _id: string }) => c._id)).toEqual([dear._id, mid._id, cheap._id]);
    const byTitle = await api(`/api/courses?search=${tag}&sort=title`);
    expect(byTitle.body.courses.map((c: { _id: string }) => c._id)).toEqual([mid._id, dear._id, cheap._id]);
    expect(ids((await api(`/api/courses?search=${tag}&category=adults`)).body.courses)).toEqual([cheap._id]);
    expect(ids((await api(`/api/courses?search=${tag}&level=advanced`)).body.courses)).toEqual([cheap._id]);
    expect(ids((await api(`/api/courses?search=${tag}&featured=true`)).body.courses)).toEqual([mid._id]);
    expect(ids((await api(`/api/courses?search=${tag}&featured=false`)).body.courses)).toEqual(ids([cheap, dear]));
  });

  it('clamps limits, treats search wildcards literally and refuses a bad sort, level or flag with 400', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeCourse(admin.token, `${tag} 100% Kata`);
    const res = await api(`/api/courses?search=${tag}&limit=5000&page=0`);
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 100 });
    expect((await api(`/api/courses?search=${tag}%25`)).body.courses).toHaveLength(0);
    expect((await api(`/api/courses?search=${encodeURIComponent(`${tag} 100%`)}`)).body.courses).toHaveLength(1);
    const badSort = await api('/api/courses?sort=password');
    expect(badSort.status).toBe(400);
    expect(badSort.body).toMatchObject({ success: false, message: expect.stringMatching(/^Invalid sort. Use one of: createdAt/) });
    const badLevel = await api('/api/courses?level=expert');
    expect(badLevel.status).toBe(400);
    expect(badLevel.body.message).toBe('Level must be one of: beginner, intermediate, advanced, all');
    const badFlag = await api('/api/courses?featured=maybe');
    expect(badFlag.status).toBe(400);
    expect(badFlag.body.message).toBe('featured must be true or false');
  });

  it('sends one round trip of one statement (the page and its total) for a visitor page, whatever the page size', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    for (let i = 0; i < 4; i++) await makeCourse(admin.token, `${tag} course ${i}`);
    const { result, roundTrips, statements } = await watchStatements(() => api(`/api/courses?search=${tag}`));
    expect(result.status).toBe(200);
    expect(result.body.courses).toHaveLength(4);
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(1);
  });
});

describe('GET /api/courses/admin', () => {
  it('lists every course with a summary of the whole catalog, in 2 statements besides the caller lookup', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    const on = await makeCourse(admin.token, `${tag} on`, { featured: true });
    const off = await makeCourse(admin.token, `${tag} off`, { isActive: false });
    const { result: res, statements } = await watchStatements(() => api(`/api/courses/admin?search=${tag}`, { token: admin.token }));
    expect(res.status).toBe(200);
    expect(ids(res.body.courses)).toEqual(ids([on, off]));
    expect(res.body.pagination).toMatchObject({ total: 2 });
    const { total, active, inactive, featured } = res.body.summary;
    expect(total).toBeGreaterThanOrEqual(2);
    expect(active + inactive).toBe(total);
    expect(inactive).toBeGreaterThanOrEqual(1);
    expect(featured).toBeGreaterThanOrEqual(1);
    expect(statements.filter((s) => s.includes('"courses"'))).toHaveLength(2);
    const onlyHidden = await api(`/api/courses/admin/?search=${tag}&isActive=false`, { token: admin.token });
    expect(onlyHidden.status).toBe(200);
    expect(ids(onlyHidden.body.courses)).toEqual([off._id]);
  });

  it('refuses visitors (401) and students (403)', async () => {
    const student = await createUser({ role: 'student' });
    expect((await api('/api/courses/admin')).status).toBe(401);
    const res = await api('/api/courses/admin', { token: student.token });
    expect(res.status).toBe(403);
    expect(res.body.success).toBe(false);
  });
});

describe('GET /api/courses/featured', () => {
  it('answers at most 6 active featured courses by default, and honours ?limit', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    for (let i = 0; i < 7; i++) await makeCourse(admin.token, `${tag} featured ${i}`, { featured: true });
    const hidden = await makeCourse(admin.token, `${tag} hidden featured`, { featured: true, isActive: false });
    const res = await api('/api/courses/featured');
    expect(res.status).toBe(200);
    expect(res.body.courses).toHaveLength(6);
    expect(res.body.courses.every((c: { featured: boolean; isActive: boolean }) => c.featured && c.isActive)).toBe(true);
    expect(res.body.count).toBe(6);
    expect((await api('/api/courses/featured?limit=2')).body.courses).toHaveLength(2);
    const many = await api('/api/courses/featured?limit=50', { token: admin.token });
    expect(ids(many.body.courses)).not.toContain(hidden._id);
  });
});

describe('GET /api/courses/:id', () => {
  it('finds a course by id or by slug; a hidden one is 404 for visitors and students, visible to admins', async () => {
    const admin = await asAdmin();
    const student = await createUser({ role: 'student' });
    const tag = tagged();
    const course = await makeCourse(admin.token, `${tag} Kata Basics`);
    const byId = await api(`/api/courses/${course._id}`);
    expect(byId.status).toBe(200);
    expect(byId.body).toMatchObject({ success: true, course: { _id: course._id, slug: `${tag}-kata-basics` } });
    expect(byId.body.data).toEqual(byId.body.course);
    expect((await api(`/api/courses/${course.slug}`)).body.course._id).toBe(course._id);

    await send('PATCH', `/api/courses/${course._id}/toggle-status`, admin.token);
    const hidden = await api(`/api/courses/${course._id}`);
    expect(hidden.status).toBe(404);
    expect(hidden.body).toMatchObject({ success: false, message: 'Course not found' });
    expect((await api(`/api/courses/${course.slug}`, { token: student.token })).status).toBe(404);
    expect((await api(`/api/courses/${course._id}`, { token: admin.token })).body.course.isActive).toBe(false);
    expect((await api('/api/courses/no-such-course')).status).toBe(404);
  });
});
