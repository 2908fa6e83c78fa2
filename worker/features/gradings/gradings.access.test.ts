import { describe, expect, it } from 'vitest';
import { createUser } from '#test/helpers.ts';
import { gradingsAccess } from './gradings.access.ts';
import { call, newGrading, school } from './gradings.test-helpers.ts';

describe('who may call the gradings API', () => {
  it('creates a grading for admin and grand master (201), refuses instructor and student (403) and anonymous callers (401)', async () => {
    const s = await school();
    const body = { programId: s.program.id, title: 'Spring grading', heldOn: '2027-03-20' };
    for (const role of ['admin', 'grandmaster', 'super-admin'] as const) {
      const res = await call(await createUser({ role }), 'POST', '/api/gradings', body);
      expect(res.status, role).toBe(201);
      expect(res.body.data).toMatchObject({
        status: 'draft',
        programId: s.program.id,
        title: 'Spring grading',
        moves: ['open', 'cancelled'],
      });
    }
    for (const role of ['instructor', 'student', 'member'] as const)
      expect((await call(await createUser({ role }), 'POST', '/api/gradings', body)).status, role).toBe(403);
    expect((await call(null, 'POST', '/api/gradings', body)).status).toBe(401);
  });

  it('answers 401 to anonymous callers and 403 to a student on every staff route', async () => {
    const s = await school();
    const id = await newGrading(s);
    const paths = Object.keys(gradingsAccess).map((key) => {
      const [method, path] = key.split(' ') as [string, string];
      return { method, path: path.replace(':id', id).replace(':cid', 'x'), rule: gradingsAccess[key] };
    });
    for (const p of paths)
      expect((await call(null, p.method, p.path, p.method === 'GET' ? undefined : {})).status, `${p.method} ${p.path}`).toBe(401);
    for (const p of paths.filter((x) => x.rule !== 'user'))
      expect((await call(s.student, p.method, p.path, p.method === 'GET' ? undefined : {})).status, `${p.method} ${p.path}`).toBe(403);
  });

  it('lets an instructor read rosters but not change them', async () => {
    const s = await school();
    const id = await newGrading(s);
    expect((await call(s.instructor, 'GET', `/api/gradings/${id}/candidates`)).status).toBe(200);
    expect((await call(s.instructor, 'POST', `/api/gradings/${id}/candidates`, { userId: s.student.id })).status).toBe(403);
    expect((await call(s.instructor, 'PATCH', `/api/gradings/${id}`, { title: 'Mine now' })).status).toBe(403);
    expect((await call(s.instructor, 'POST', `/api/gradings/${id}/lock`)).status).toBe(403);
  });
});
