import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ENROLLMENT_LIMITS } from '#core/enrollments/enrollment-options.ts';
import { notifications } from '#db/schema/index.ts';
import { FILES, exists, fetchRaw, file, listObjects } from '#test/file-helpers.ts';
import { api, createUser, testDb } from '#test/helpers.ts';
import { admin, apply, applicationFields, enrollmentRow, pdf, png, student } from '#test/instructor-helpers.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';

describe('POST /api/instructors', () => {
  it('stores the application pending, with real PDF and PNG documents under instructors/<id>/, and tells the school', async () => {
    const s = await student();
    const a = await admin();
    const res = await apply(s.token, applicationFields({ specialties: ['Kata, Kumite', 'kata', ' Self-defence '] }), [
      ['documents', pdf('dan certificate.pdf')],
      ['documents', png()],
    ]);
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Application submitted',
      data: {
        enrollment: {
          enrollmentStatus: 'pending_approval',
          instructorStatus: 'pending',
          instructorType: 'assistant',
          instructorId: null,
          userRole: 'student',
          grade: 'Black belt, 2nd dan',
          experienceYears: 6,
          specialties: ['Kata', 'Kumite', 'Self-defence'],
          user: { _id: s.id, email: s.email, role: 'student' },
        },
      },
    });
    const view = res.body.data.enrollment;
    expect(view.documents).toEqual([
      {
        name: `instructor-${view._id}-1.pdf`,
        type: 'application/pdf',
        size: FILES.pdf().length,
        url: `/api/instructors/${view._id}/documents/0`,
      },
      {
        name: `instructor-${view._id}-2.png`,
        type: 'image/png',
        size: FILES.png().length,
        url: `/api/instructors/${view._id}/documents/1`,
      },
    ]);
    const row = (await enrollmentRow(view._id))!;
    expect(row.previousRole).toBe('student');
    expect(row.documents.every((d) => d.key.startsWith(`instructors/${view._id}/`))).toBe(true);
    for (const d of row.documents) expect(await exists(d.key)).toBe(true);

    await settleDeferred();
    const notice = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, a.id), eq(notifications.entityId, view._id)))
      .get();
    expect(notice?.actions[0]?.url).toBe(`/admin/instructor-applications/${view._id}`);
  });

  it('serves a document only to its owner and the school, as an attachment of its real type', async () => {
    const s = await student();
    const other = await student();
    const a = await admin();
    const res = await apply(s.token, applicationFields(), [['documents', pdf('cv.pdf', 200)]]);
    const url = res.body.data.enrollment.documents[0].url as string;
    for (const token of [s.token, a.token]) {
      const got = await fetchRaw(url, { token });
      expect(got.status).toBe(200);
      expect(got.headers.get('content-type')).toBe('application/pdf');
      expect(got.headers.get('content-disposition')).toBe(`attachment; filename="instructor-${res.body.data.enrollment._id}-1.pdf"`);
      expect(got.headers.get('x-content-type-options')).toBe('nosniff');
      expect(new Uint8Array(await got.arrayBuffer())).toEqual(FILES.pdf(200));
    }
    expect((await fetchRaw(url, { token: other.token })).status).toBe(404);
    expect((await fetchRaw(url)).status).toBe(401);
    expect((await fetchRaw(url.replace(/0$/, '1'), { token: s.token })).status).toBe(404);
  });

  it('refuses a file that only claims to be a PDF (by its bytes), too many or too large documents, and stores nothing', async () => {
    const s = await student();
    const before = (await listObjects('instructors/')).length;
    const fake = await apply(s.token, applicationFields(), [['documents', file(FILES.html(), 'cv.pdf', 'application/pdf')]]);
    expect(fake.status).toBe(415);
    expect(fake.body.message).toBe('Documents must be PDF, JPEG, PNG or WebP files');
    const many = await apply(
      s.token,
      applicationFields(),
      Array.from({ length: ENROLLMENT_LIMITS.maxDocuments + 1 }, (_, i) => ['documents', pdf(`d${i}.pdf`)] as [string, File]),
    );
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('At most 5 documents can be attached');
    const big = await apply(s.token, applicationFields(), [['documents', pdf('big.pdf', ENROLLMENT_LIMITS.maxDocumentBytes + 1)]]);
    expect(big.status).toBe(413);
    expect(big.body.message).toBe('Each document must be at most 10 MB');
    expect((await listObjects('instructors/')).length).toBe(before);
    expect((await api('/api/instructors/my-enrollments', { token: s.token })).body.data.summary.total).toBe(0);
  });

  it.each([
    [{ instructorType: 'sensei' }, 'Instructor type must be one of: assistant, instructor, senior, guest'],
    [{ grade: ' ' }, 'Grade (belt rank) is required'],
    [{ grade: undefined }, 'Grade (belt rank) is required'],
    [{ bio: undefined }, 'Bio is required'],
    [{ bio: 'x'.repeat(2001) }, 'Bio must be at most 2000 characters'],
    [{ experienceYears: '81' }, 'Experience years must be a whole number from 0 to 80'],
    [{ experienceYears: '-1' }, 'Experience years must be a whole number from 0 to 80'],
    [{ experienceYears: '2.5' }, 'Experience years must be a whole number from 0 to 80'],
    [{ specialties: Array.from({ length: 11 }, (_, i) => `S${i}`).join(',') }, 'At most 10 specialties, each up to 100 characters'],
  ])('refuses %o with a 400 in words', async (overrides, message) => {
    const s = await student();
    const res = await apply(s.token, applicationFields(overrides));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message });
  });

  it('accepts JSON without documents, and 0 or 80 years', async () => {
    const s = await student();
    const res = await api('/api/instructors', {
      token: s.token,
      body: { ...applicationFields({ experienceYears: '80' }), specialties: ['Bo'] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.enrollment).toMatchObject({ experienceYears: 80, specialties: ['Bo'], documents: [] });
  });

  it('lets members apply; refuses admins, instructors and visitors', async () => {
    const m = await createUser({ role: 'member' });
    expect((await apply(m.token)).status).toBe(201);
    for (const role of ['admin', 'instructor', 'grandmaster', 'super-admin'] as const) {
      const u = await createUser({ role });
      const res = await apply(u.token);
      expect(res.status).toBe(403);
    }
    expect((await api('/api/instructors', { method: 'POST', raw: new FormData() })).status).toBe(401);
  });

  it('allows one live application: the second is a 409, and of 20 parallel ones exactly one is stored, its documents only', async () => {
    const s = await student();
    expect((await apply(s.token)).status).toBe(201);
    const again = await apply(s.token);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('You already have an instructor application in progress');

    const t = await student();
    const before = (await listObjects('instructors/')).length;
    const results = await Promise.all(Array.from({ length: 20 }, () => apply(t.token, applicationFields(), [['documents', png()]])));
    expect(results.filter((r) => r.status === 201)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409)).toHaveLength(19);
    const mine = await api('/api/instructors/my-enrollments', { token: t.token });
    expect(mine.body.data.summary).toMatchObject({ total: 1, pending_approval: 1 });
    expect((await listObjects('instructors/')).length).toBe(before + 1);
  });
});
