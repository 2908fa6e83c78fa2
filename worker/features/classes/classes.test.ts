import { describe, expect, it } from 'vitest';
import { api } from '#test/helpers.ts';
import { asAdmin, createUser, describeAccessMatrix, hostileValues, send, tagged, watchStatements } from '#test/catalog-helpers.ts';
import { classesAccess } from './classes.access.ts';
import { insertProgram } from '#test/progression-helpers.ts';
import { classBody, makeClass } from './classes.test-helpers.ts';

const titles = (list: { title: string }[]) => list.map((c) => c.title);

describe('GET /api/classes', () => {
  it('answers the weekly timetable in day and time order, active classes only for visitors', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeClass(admin.token, `${tag} Thu evening`, { dayOfWeek: 4, startTime: '19:00', endTime: '20:30' });
    await makeClass(admin.token, `${tag} Mon late`, { dayOfWeek: 1, startTime: '18:00', endTime: '19:00' });
    await makeClass(admin.token, `${tag} Mon early`, { dayOfWeek: 'monday', startTime: '9:30', endTime: '10:30' });
    await makeClass(admin.token, `${tag} Hidden`, { isActive: false });
    const res = await api(`/api/classes?search=${tag}`);
    expect(res.status).toBe(200);
    expect(titles(res.body.classes)).toEqual([`${tag} Mon early`, `${tag} Mon late`, `${tag} Thu evening`]);
    expect(res.body.data).toEqual(res.body.classes);
    expect(res.body.classes[0]).toMatchObject({
      dayOfWeek: 1,
      dayName: 'Monday',
      startTime: '09:30',
      endTime: '10:30',
      level: 'beginner',
      capacity: 20,
      isActive: true,
    });
    expect(res.body.pagination).toMatchObject({ page: 1, limit: 100, total: 3 });
    expect(titles((await api(`/api/classes?search=${tag}`, { token: admin.token })).body.classes)).toContain(`${tag} Hidden`);
    const student = await createUser({ role: 'student' });
    expect(titles((await api(`/api/classes?search=${tag}&isActive=false`, { token: student.token })).body.classes)).not.toContain(
      `${tag} Hidden`,
    );
    expect(titles((await api(`/api/classes?search=${tag}&isActive=false`, { token: admin.token })).body.classes)).toEqual([
      `${tag} Hidden`,
    ]);
  });

  it('filters by day and level, and uses one round trip of one statement', async () => {
    const admin = await asAdmin();
    const tag = tagged();
    await makeClass(admin.token, `${tag} Sat kids`, { dayOfWeek: 6, level: 'all' });
    await makeClass(admin.token, `${tag} Tue adv`, { level: 'advanced' });
    expect(titles((await api(`/api/classes?search=${tag}&dayOfWeek=6`)).body.classes)).toEqual([`${tag} Sat kids`]);
    expect(titles((await api(`/api/classes?search=${tag}&dayOfWeek=sat`)).body.classes)).toEqual([`${tag} Sat kids`]);
    expect(titles((await api(`/api/classes?search=${tag}&level=advanced`)).body.classes)).toEqual([`${tag} Tue adv`]);
    const bad = await api('/api/classes?dayOfWeek=9');
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Day of week must be a number from 0 (Sunday) to 6 (Saturday)');
    const { roundTrips, statements } = await watchStatements(() => api(`/api/classes?search=${tag}`));
    expect(roundTrips).toBe(1);
    expect(statements).toHaveLength(1);
  });
});

describe('POST /api/classes', () => {
  it('creates a class and answers it under class and data', async () => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/classes', admin.token, classBody(`${tagged()} Kata`, { capacity: '' }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Class created successfully', class: { capacity: null, dayName: 'Tuesday' } });
    expect(res.body.data).toEqual(res.body.class);
  });

  it.each([
    [{ dayOfWeek: 1, startTime: '10:00', endTime: '11:00' }, 'Title is required'],
    [{ title: 'T', startTime: '10:00', endTime: '11:00' }, 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)'],
    [{ title: 'T', dayOfWeek: 7, startTime: '10:00', endTime: '11:00' }, 'Day of week must be a number from 0 (Sunday) to 6 (Saturday)'],
    [{ title: 'T', dayOfWeek: 1, endTime: '11:00' }, 'Start time is required'],
    [{ title: 'T', dayOfWeek: 1, startTime: '25:00', endTime: '26:00' }, 'Start time must be a time in HH:MM format (24-hour)'],
    [{ title: 'T', dayOfWeek: 1, startTime: '10:00', endTime: '10am' }, 'End time must be a time in HH:MM format (24-hour)'],
    [{ title: 'T', dayOfWeek: 1, startTime: '10:00', endTime: '10:00' }, 'End time must be after start time'],
    [{ title: 'T', dayOfWeek: 1, startTime: '10:00', endTime: '09:59' }, 'End time must be after start time'],
    [
      { title: 'T', dayOfWeek: 1, startTime: '10:00', endTime: '11:00', level: 'pro' },
      'Level must be one of: beginner, intermediate, advanced, all',
    ],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const admin = await asAdmin();
    const res = await send('POST', '/api/classes', admin.token, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });
});

describe('PUT and DELETE /api/classes/:id', () => {
  it('updates the fields sent and checks one changed time against the stored other one', async () => {
    const admin = await asAdmin();
    const c = await makeClass(admin.token, `${tagged()} Update`);
    const res = await send('PUT', `/api/classes/${c._id}`, admin.token, { endTime: '18:30', location: 'Studio B' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      message: 'Class updated successfully',
      class: { startTime: '17:00', endTime: '18:30', location: 'Studio B' },
    });
    const bad = await send('PUT', `/api/classes/${c._id}`, admin.token, { startTime: '19:00' });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('End time must be after start time');
    expect((await send('PUT', '/api/classes/nope', admin.token, { title: 'x' })).status).toBe(404);
    expect((await send('PUT', `/api/classes/${c._id}`, admin.token, {})).body.message).toBe('Nothing to update');
  });

  it('counts a class toward a program that exists, refuses an unknown one (400), and lets go of a deleted program', async () => {
    const admin = await asAdmin();
    const { program } = await insertProgram({ ranks: [] });
    const teacher = await createUser({ role: 'instructor' });
    const c = await makeClass(admin.token, `${tagged()} Program`, { programId: program.id, instructorId: teacher.id });
    expect(c).toMatchObject({ programId: program.id, instructorId: teacher.id });
    const bad = await send('PUT', `/api/classes/${c._id}`, admin.token, { programId: 'no-such-program' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      message: 'programId must be a program',
      errors: [{ path: 'programId', message: 'programId must be a program' }],
    });
    const created = await send('POST', '/api/classes', admin.token, classBody(`${tagged()} Bad`, { programId: 'nope' }));
    expect(created.status).toBe(400);
    expect((await send('PUT', `/api/classes/${c._id}`, admin.token, { programId: '' })).body.class.programId).toBeNull();
    await send('PUT', `/api/classes/${c._id}`, admin.token, { programId: program.id });
    expect((await send('DELETE', `/api/programs/${program.slug}`, admin.token)).status).toBe(200);
    const after = await send('GET', `/api/classes?search=${encodeURIComponent(c.title as string)}`, admin.token);
    expect(after.body.classes[0].programId).toBeNull();
  });

  it('deletes a class, then answers 404', async () => {
    const admin = await asAdmin();
    const c = await makeClass(admin.token, `${tagged()} Delete`);
    const res = await send('DELETE', `/api/classes/${c._id}`, admin.token);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: c._id }, message: 'Class deleted successfully' });
    const again = await send('DELETE', `/api/classes/${c._id}`, admin.token);
    expect(again.status).toBe(404);
    expect(again.body.message).toBe('Class not found');
  });
});

describe('classes access matrix', () => {
  describeAccessMatrix(describe, it, expect, classesAccess, {
    'GET /api/classes': async () => ({ method: 'GET', path: '/api/classes' }),
    'POST /api/classes': async () => ({ method: 'POST', path: '/api/classes', body: classBody(`${tagged()} new`) }),
    'PUT /api/classes/:id': async (t) => ({
      method: 'PUT',
      path: `/api/classes/${(await makeClass(t, `${tagged()} a`))._id}`,
      body: { capacity: 12 },
    }),
    'DELETE /api/classes/:id': async (t) => ({ method: 'DELETE', path: `/api/classes/${(await makeClass(t, `${tagged()} a`))._id}` }),
  });
});

describe('hostile input on /api/classes', () => {
  it('never produces a 5xx', async () => {
    const admin = await asAdmin();
    const c = await makeClass(admin.token, `${tagged()} hostile`);
    const next = hostileValues(20260303, ['title', 'dayOfWeek', 'startTime', 'endTime', 'level', 'capacity', 'isActive', 'location']);
    for (let i = 0; i < 30; i++) {
      for (const [method, path] of [
        ['POST', '/api/classes'],
        ['PUT', `/api/classes/${c._id}`],
      ] as const) {
        const body = next();
        const res = await send(method, path, admin.token, body);
        expect(res.status, `${method} ${JSON.stringify(body)?.slice(0, 200)}`).toBeLessThan(500);
      }
    }
    for (const q of ['?dayOfWeek=-1', '?dayOfWeek=1e9', '?limit=abc', '?level[]=x', `?search=${'%'.repeat(200)}`]) {
      expect((await api(`/api/classes${q}`)).status, q).toBeLessThan(500);
    }
  });
});
