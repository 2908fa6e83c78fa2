import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { auditLog, certificates, studentRanks } from '#db/schema/index.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { schoolDayIn } from '#worker/lib/progression/eligibility.test-helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { api, createUser, getUserRow, testDb, uniq } from '#test/helpers.ts';

// The Worker's first request in a file compiles the app (seconds on a busy machine): not this file's figures.
beforeAll(() => api('/api/health'), 60_000);

async function setup() {
  const { program, ranks } = await insertProgram({
    ranks: [
      { gradeKey: 'white', stripeMax: 2 },
      { gradeKey: 'yellow', stripeMax: 2 },
      { gradeKey: 'orange', stripeMax: 0 },
    ],
  });
  const admin = await createUser({ role: 'admin' });
  const student = await createUser({ studentId: `STU-${uniq()}`, profile: { firstName: 'Leo', grade: 'white' } });
  return { program, ranks, admin, student };
}

const promote = (id: string, token: string, body: Record<string, unknown>) => api(`/api/students/${id}/ranks`, { token, body });
const ledger = (id: string, token: string, query = '') => api(`/api/students/${id}/ranks${query}`, { token });
const gradeOf = async (id: string) => (await getUserRow(id))?.profile.grade;

describe('POST /api/students/:id/ranks', () => {
  it("appends a manual award with its note and sets the profile's grade to the rank's gradeKey", async () => {
    const { program, ranks, admin, student } = await setup();
    const res = await promote(student.id, admin.token, { program: program.slug, rankId: ranks[1]!.id, note: 'Strong kihon' });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      userId: student.id,
      programId: program.id,
      programName: program.name,
      rankId: ranks[1]!.id,
      rankName: 'Rank 2',
      stripes: 0,
      awardedOn: await schoolDayIn(0),
      source: 'manual',
      awardedBy: admin.id,
      awardedByName: 'Test admin',
      note: 'Strong kihon',
      voidedAt: null,
      certificateId: null,
    });
    expect(await gradeOf(student.id)).toBe('yellow');
  });

  it('refuses without a note, a rank of another program, too many stripes, a future day', async () => {
    const { program, ranks, admin, student } = await setup();
    const other = await insertProgram();
    const noNote = await promote(student.id, admin.token, { program: program.slug, rankId: ranks[1]!.id });
    expect(noNote.status).toBe(400);
    expect(noNote.body.message).toBe('note is required');
    const foreign = await promote(student.id, admin.token, { program: program.slug, rankId: other.ranks[0]!.id, note: 'x' });
    expect(foreign.status).toBe(400);
    expect(foreign.body).toMatchObject({ message: 'rankId must be a rank of this program', errors: [{ path: 'rankId' }] });
    const stripes = await promote(student.id, admin.token, { program: program.slug, rankId: ranks[1]!.id, stripes: 3, note: 'x' });
    expect(stripes.body.message).toBe('stripes must be at most 2 for this rank');
    const future = await promote(student.id, admin.token, {
      program: program.slug,
      rankId: ranks[1]!.id,
      awardedOn: await schoolDayIn(2),
      note: 'x',
    });
    expect(future.body.message).toBe('awardedOn cannot be in the future');
    expect((await ledger(student.id, admin.token)).body.data).toEqual([]);
  });

  it('is for the admin-capable: instructor and student 403, anonymous 401; grandmaster 201', async () => {
    const { program, ranks, student } = await setup();
    const body = { program: program.slug, rankId: ranks[0]!.id, note: 'n' };
    expect((await promote(student.id, (await createUser({ role: 'instructor' })).token, body)).status).toBe(403);
    expect((await promote(student.id, student.token, body)).status).toBe(403);
    expect((await api(`/api/students/${student.id}/ranks`, { body })).status).toBe(401);
    expect((await promote(student.id, (await createUser({ role: 'grandmaster' })).token, body)).status).toBe(201);
  });

  it('lands in the audit trail: the student as the target of a promotion and a stripe, the award of a void', async () => {
    const { program, ranks, admin, student } = await setup();
    const award = (await promote(student.id, admin.token, { program: program.slug, rankId: ranks[0]!.id, note: 'n' })).body.data;
    await api(`/api/students/${student.id}/stripes`, { token: admin.token, body: { program: program.slug, note: 'n' } });
    await api(`/api/student-ranks/${award._id}/void`, { token: admin.token, body: { reason: 'typo' } });
    await settleDeferred();
    const entries = await testDb().select().from(auditLog).where(eq(auditLog.actorId, admin.id));
    expect(entries.map((e) => [e.route, e.targetId, e.status]).sort()).toEqual([
      ['/api/student-ranks/:id/void', award._id, 200],
      ['/api/students/:id/ranks', student.id, 201],
      ['/api/students/:id/stripes', student.id, 201],
    ]);
  });
});

describe('GET /api/students/:id/ranks', () => {
  it('answers the ledger newest first, voided rows only when asked; self and staff yes, another student 404', async () => {
    const { program, ranks, admin, student } = await setup();
    const first = await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-30));
    const second = await awardRank(student.id, program.id, ranks[1]!.id, await schoolDayIn(-5));
    await api(`/api/student-ranks/${second.id}/void`, { token: admin.token, body: { reason: 'Wrong student' } });
    const mine = await ledger('me', student.token, `?program=${program.slug}`);
    expect(mine.status).toBe(200);
    expect(mine.body.ranks.map((r: { _id: string }) => r._id)).toEqual([first.id]);
    const all = await ledger(student.id, (await createUser({ role: 'instructor' })).token, '?includeVoided=true');
    expect(all.body.data.map((r: { _id: string }) => r._id)).toEqual([second.id, first.id]);
    expect(all.body.data[0]).toMatchObject({ voidReason: 'Wrong student', voidedByName: 'Test admin' });
    expect((await ledger(student.id, (await createUser()).token)).status).toBe(404);
  });
});

describe('POST /api/students/:id/stripes', () => {
  it('adds a stripe as a new row on the current rank, 409 at the maximum and without a rank', async () => {
    const { program, ranks, admin, student } = await setup();
    const stripe = () =>
      api(`/api/students/${student.id}/stripes`, { token: admin.token, body: { program: program.slug, note: 'Good kata' } });
    const noNote = await api(`/api/students/${student.id}/stripes`, { token: admin.token, body: { program: program.slug } });
    expect(noNote.body.message).toBe('note is required');
    const none = await stripe();
    expect(none.status).toBe(409);
    expect(none.body.message).toBe('This student has no rank in this program yet');
    await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-3));
    expect((await stripe()).body.data).toMatchObject({ rankId: ranks[0]!.id, stripes: 1, note: 'Good kata' });
    expect((await stripe()).body.data).toMatchObject({ stripes: 2 });
    const full = await stripe();
    expect(full.status).toBe(409);
    expect(full.body.message).toBe('This rank has no more stripes');
    expect((await ledger(student.id, admin.token)).body.data).toHaveLength(3);
  });
});

async function insertCertificate(award: { id: string; userId: string; rankId: string }) {
  const id = `cert${uniq()}${uniq()}`;
  await testDb()
    .insert(certificates)
    .values({
      id,
      number: `DOJO-2026-${uniq()}`,
      studentRankId: award.id,
      userId: award.userId,
      holderName: 'Leo',
      programName: 'Karate',
      rankName: 'Rank 1',
      rankId: award.rankId,
      issuedOn: '2026-01-01',
      issuerName: 'Dojo',
      credential: {},
      pdfKey: `certificates/${id}.pdf`,
      pdfSha256: '0'.repeat(64),
    });
  return id;
}

describe('POST /api/student-ranks/:id/void', () => {
  it('voids, appends the replacement and revokes the certificate in one batch; the grade follows; twice is 409', async () => {
    const { program, ranks, admin, student } = await setup();
    await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-40));
    const wrong = await awardRank(student.id, program.id, ranks[2]!.id, await schoolDayIn(-10));
    const certificateId = await insertCertificate(wrong);
    const res = await api(`/api/student-ranks/${wrong.id}/void`, {
      token: admin.token,
      body: { reason: 'Graded the wrong belt', replacement: { rankId: ranks[1]!.id, note: 'Yellow, not orange' } },
    });
    expect(res.status).toBe(200);
    expect(res.body.data.voided).toMatchObject({ _id: wrong.id, voidReason: 'Graded the wrong belt', certificateId });
    expect(res.body.data.replacement).toMatchObject({ rankId: ranks[1]!.id, supersedesId: wrong.id, awardedOn: wrong.awardedOn });
    expect(await gradeOf(student.id)).toBe('yellow');
    const [cert] = await testDb().select().from(certificates).where(eq(certificates.id, certificateId));
    expect(cert).toMatchObject({ status: 'revoked', revocationReason: 'Graded the wrong belt', revokedBy: admin.id });
    const again = await api(`/api/student-ranks/${wrong.id}/void`, { token: admin.token, body: { reason: 'again' } });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This award has already been voided');
    expect((await api(`/api/student-ranks/${newId()}/void`, { token: admin.token, body: { reason: 'x' } })).status).toBe(404);
  });

  it('refuses a replacement of another program with 400 and voids nothing', async () => {
    const { program, ranks, admin, student } = await setup();
    const other = await insertProgram();
    const award = await awardRank(student.id, program.id, ranks[0]!.id, await schoolDayIn(-4));
    const res = await api(`/api/student-ranks/${award.id}/void`, {
      token: admin.token,
      body: { reason: 'x', replacement: { rankId: other.ranks[0]!.id, note: 'y' } },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: 'replacement.rankId', message: 'rankId must be a rank of this program' }]);
    const [row] = await testDb().select().from(studentRanks).where(eq(studentRanks.id, award.id));
    expect(row?.voidedAt).toBeNull();
  });
});
