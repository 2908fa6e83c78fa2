import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fetchRaw, keysNamed } from '#test/file-helpers.ts';
import { api, testDb, uniq } from '#test/helpers.ts';
import { admin, apply, applicationFields, pdf, png, student } from '#test/instructor-helpers.ts';

describe('hostile input to /api/instructors', () => {
  it('removes the stored documents when the row cannot be written, and answers without a 2xx', async () => {
    const s = await student();
    const grade = `Fail${uniq()}`;
    const trigger = `fail_instructor_${uniq()}`;
    const db = testDb();
    await db.run(
      sql.raw(
        `CREATE TRIGGER ${trigger} BEFORE INSERT ON instructor_enrollments WHEN NEW.grade = '${grade}' BEGIN SELECT RAISE(ABORT, 'injected failure'); END`,
      ),
    );
    try {
      const name = `orphan-${uniq()}.pdf`;
      const res = await apply(s.token, applicationFields({ grade }), [
        ['documents', pdf(name)],
        ['documents', png(`orphan-${uniq()}.png`)],
      ]);
      expect(res.status).toBeGreaterThanOrEqual(500);
      expect(await keysNamed('instructors/', name)).toEqual([]);
    } finally {
      await db.run(sql.raw(`DROP TRIGGER IF EXISTS ${trigger}`));
    }
    expect((await api('/api/instructors/my-enrollments', { token: s.token })).body.data.summary.total).toBe(0);
  });

  it('answers 404 for odd ids and document indexes, never a 5xx', async () => {
    const a = await admin();
    const s = await student();
    const id = (await apply(s.token, applicationFields(), [['documents', pdf()]])).body.data.enrollment._id;
    for (const index of ['1', '-1', 'abc', '01x', '99999', '1e0']) {
      expect((await fetchRaw(`/api/instructors/${id}/documents/${index}`, { token: a.token })).status).toBe(404);
    }
    for (const odd of ["' or 1=1 --", '%00', 'x'.repeat(300)]) {
      const path = `/api/instructors/${encodeURIComponent(odd)}`;
      expect((await api(path, { token: a.token })).status).toBe(404);
      expect((await api(`${path}/approve`, { method: 'POST', token: a.token, body: {} })).status).toBe(404);
      expect((await api(path, { method: 'DELETE', token: a.token })).status).toBe(404);
    }
  });

  it('treats LIKE wildcards in a search as text, and refuses bodies that are not objects or reasons too long', async () => {
    const a = await admin();
    const res = await api(`/api/instructors/admin/all?search=${encodeURIComponent('%_%')}`, { token: a.token });
    expect(res.status).toBe(200);
    expect(res.body.data.enrollments).toEqual([]);
    const s = await student();
    const id = (await apply(s.token)).body.data.enrollment._id;
    expect((await api(`/api/instructors/${id}/reject`, { method: 'POST', token: a.token, body: [] })).status).toBe(400);
    const long = await api(`/api/instructors/${id}/reject`, { method: 'POST', token: a.token, body: { rejectionReason: 'x'.repeat(501) } });
    expect(long.status).toBe(400);
    expect(long.body.message).toBe('Rejection reason must be at most 500 characters');
  });
});
