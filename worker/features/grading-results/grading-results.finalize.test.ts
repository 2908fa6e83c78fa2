import { and, eq, inArray } from 'drizzle-orm';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { pdfSha256 } from '#core/certificates/certificate-pdf.ts';
import { newId } from '#core/ids.ts';
import { auditLog, certificates, gradings, notifications, ranks, studentRanks, users } from '#db/schema/index.ts';
import { api, createUser, getUserRow, testDb } from '#test/helpers.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import type { Bindings } from '#worker/env.ts';
import { settleDeferred } from '#worker/lib/service-context.ts';
import { scoringGrading } from './grading-results.test-helpers.ts';

const finalize = (token: string, id: string) => api(`/api/gradings/${id}/finalize`, { method: 'POST', token });

/** An approved grading: two passed (paid, waived), one failed, one deferred. */
async function approvedGrading() {
  const g = await scoringGrading({
    status: 'approved',
    heldOn: '2026-09-19',
    candidates: [
      { status: 'passed', paymentStatus: 'paid' },
      { status: 'passed', paymentStatus: 'waived' },
      { status: 'failed', paymentStatus: 'pending' },
      { status: 'absent', paymentStatus: 'paid' },
    ],
  });
  const admin = await createUser({ role: 'admin' });
  await awardRank(g.head.id, g.program.id, g.target.id, '2020-01-01');
  return { ...g, admin };
}

const ledgerOf = (userIds: string[]) => testDb().select().from(studentRanks).where(inArray(studentRanks.userId, userIds));
const certificatesOf = (userIds: string[]) => testDb().select().from(certificates).where(inArray(certificates.userId, userIds));
const statusOf = async (id: string) => (await testDb().select().from(gradings).where(eq(gradings.id, id)).get())?.status;

describe('finalizing a grading', () => {
  it('writes one ledger row and one certificate per passed candidate, dated the grading’s day; failed ones get neither', async () => {
    const g = await approvedGrading();
    const res = await finalize(g.admin.token, g.grading.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ finalized: true, awarded: 2 });
    expect(res.body.data.certificates.map((c: { userId: string }) => c.userId).sort()).toEqual(
      [g.students[0]!.id, g.students[1]!.id].sort(),
    );

    const ledger = await ledgerOf(g.students.map((s) => s.id));
    expect(ledger).toHaveLength(2);
    for (const row of ledger)
      expect(row).toMatchObject({
        rankId: g.target.id,
        programId: g.program.id,
        awardedOn: '2026-09-19',
        source: 'grading',
        awardedBy: g.admin.id,
      });
    expect(ledger.map((r) => r.candidateId).sort()).toEqual([g.candidates[0]!.id, g.candidates[1]!.id].sort());

    const certs = await certificatesOf(g.students.map((s) => s.id));
    expect(certs).toHaveLength(2);
    expect(certs.map((c) => c.studentRankId).sort()).toEqual(ledger.map((r) => r.id).sort());
    expect(certs[0]).toMatchObject({ gradingId: g.grading.id, issuedOn: '2026-09-19', rankId: g.target.id });
    expect(certs[0]!.examiners.map((e) => [e.role, e.rank])).toEqual([
      ['head', g.target.name],
      ['panel', null],
      ['panel', null],
    ]);
    expect(certs.every((c) => /^DOJO-2026-\d{6}$/.test(c.number))).toBe(true);
    for (const c of certs) {
      const pdf = await (env as unknown as Bindings).UPLOADS.get(c.pdfKey);
      expect(await pdfSha256(new Uint8Array(await pdf!.arrayBuffer()))).toBe(c.pdfSha256);
    }
    expect(JSON.stringify(certs)).not.toContain(g.students[0]!.email);

    expect(await statusOf(g.grading.id)).toBe('finalized');
    expect((await getUserRow(g.students[0]!.id))?.profile.grade).toBe('yellow');
    expect((await getUserRow(g.students[2]!.id))?.profile.grade).toBe('white');
  });

  it('hands a candidate old enough on the grading’s day to the age-upgrade rank of the other ladder; a younger one keeps the target', async () => {
    const g = await approvedGrading();
    const adults = await insertProgram({ ranks: [{ gradeKey: 'white' }, { gradeKey: 'yellow' }] });
    const adultYellow = adults.ranks[1]!;
    await testDb().update(ranks).set({ ageUpgradeRankId: adultYellow.id, ageUpgradeAtYears: 13 }).where(eq(ranks.id, g.target.id));
    const born = async (userId: string, dateOfBirth: string) => {
      const row = (await getUserRow(userId))!;
      await testDb()
        .update(users)
        .set({ profile: { ...row.profile, dateOfBirth } })
        .where(eq(users.id, userId));
    };
    await born(g.students[0]!.id, '2013-09-19'); // 13 on the grading's day, 19 September 2026
    await born(g.students[1]!.id, '2013-09-20'); // still 12

    const results = await api(`/api/gradings/${g.grading.id}/results`, { token: g.admin.token });
    const movesOf = (id: string) => results.body.data.find((r: { candidateId: string }) => r.candidateId === id)?.movesTo;
    expect(movesOf(g.candidates[0]!.id)).toEqual({ rankName: adultYellow.name, programName: adults.program.name, atAge: 13 });
    expect(movesOf(g.candidates[1]!.id)).toBeNull();

    expect((await finalize(g.admin.token, g.grading.id)).status).toBe(200);
    const ledger = await ledgerOf([g.students[0]!.id, g.students[1]!.id]);
    const of = (userId: string) => ledger.find((r) => r.userId === userId);
    expect(of(g.students[0]!.id)).toMatchObject({
      programId: adults.program.id,
      rankId: adultYellow.id,
      source: 'grading',
      awardedOn: '2026-09-19',
    });
    expect(of(g.students[1]!.id)).toMatchObject({ programId: g.program.id, rankId: g.target.id });
    const [moved] = await certificatesOf([g.students[0]!.id]);
    expect(moved).toMatchObject({ rankId: adultYellow.id, programName: adults.program.name });
    expect(JSON.stringify(moved!.credential)).toContain(`Moved to the ${adults.program.name} ladder at 13.`);
    await settleDeferred();
    const [note] = await testDb()
      .select()
      .from(notifications)
      .where(and(eq(notifications.entityId, g.grading.id), eq(notifications.userId, g.students[0]!.id)));
    expect(note!.body).toContain(`now hold ${adultYellow.name} in ${adults.program.name}`);
  });

  it('a second finalize answers 200 with what the first wrote and adds nothing', async () => {
    const g = await approvedGrading();
    const first = await finalize(g.admin.token, g.grading.id);
    const second = await finalize(g.admin.token, g.grading.id);
    expect(second.status).toBe(200);
    expect(second.body.data.awarded).toBe(2);
    expect(second.body.data.certificates.map((c: { _id: string }) => c._id).sort()).toEqual(
      first.body.data.certificates.map((c: { _id: string }) => c._id).sort(),
    );
    expect(await ledgerOf(g.students.map((s) => s.id))).toHaveLength(2);
    expect(await certificatesOf(g.students.map((s) => s.id))).toHaveLength(2);
  });

  for (const n of [2, 10])
    it(`${n} finalizes at once give one set of rows`, async () => {
      const g = await approvedGrading();
      const answers = await Promise.all(Array.from({ length: n }, () => finalize(g.admin.token, g.grading.id)));
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const ids = answers.map((a) =>
        (a.body.data.certificates as { _id: string }[])
          .map((c) => c._id)
          .sort()
          .join(),
      );
      expect(new Set(ids).size).toBe(1);
      expect(await ledgerOf(g.students.map((s) => s.id))).toHaveLength(2);
      expect(await certificatesOf(g.students.map((s) => s.id))).toHaveLength(2);
      await settleDeferred();
      const notes = await testDb()
        .select()
        .from(notifications)
        .where(and(eq(notifications.entityId, g.grading.id), eq(notifications.userId, g.students[0]!.id)));
      expect(notes).toHaveLength(1);
    });

  it('answers 409 while a passed candidate has not paid and was not waived, and writes nothing', async () => {
    const g = await scoringGrading({
      status: 'approved',
      candidates: [{ status: 'passed', paymentStatus: 'pending' }, { status: 'passed' }],
    });
    const admin = await createUser({ role: 'grandmaster' });
    const res = await finalize(admin.token, g.grading.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Every passed candidate must have paid or been waived');
    expect(await ledgerOf(g.students.map((s) => s.id))).toEqual([]);
    expect(await statusOf(g.grading.id)).toBe('approved');
  });

  it('finalizes a grading nobody passed with no ledger row and no certificate', async () => {
    const g = await scoringGrading({ status: 'approved', candidates: [{ status: 'failed', paymentStatus: 'pending' }] });
    const admin = await createUser({ role: 'admin' });
    const res = await finalize(admin.token, g.grading.id);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ finalized: true, awarded: 0, certificates: [] });
    expect(await ledgerOf(g.students.map((s) => s.id))).toEqual([]);
    expect(await statusOf(g.grading.id)).toBe('finalized');
    const reopen = await api(`/api/gradings/${g.grading.id}/reopen-scoring`, { method: 'POST', token: admin.token });
    expect(reopen.status).toBe(409);
    expect(reopen.body.message).toBe('This grading cannot move from finalized to scoring');
  });

  it('answers 409 before approval, and 403 to an instructor', async () => {
    const g = await scoringGrading({ status: 'scoring', candidates: 1 });
    const admin = await createUser({ role: 'admin' });
    const res = await finalize(admin.token, g.grading.id);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('This grading cannot move from scoring to finalized');
    expect((await finalize(g.head.token, g.grading.id)).status).toBe(403);
  });

  it('a failure half-way writes nothing: no ledger row, no certificate, the grading still approved', async () => {
    const g = await approvedGrading();
    // A ledger row already holding the second passed candidate makes the batch fail after the first's rows.
    await testDb().insert(studentRanks).values({
      id: newId(),
      userId: g.students[3]!.id,
      programId: g.program.id,
      rankId: g.ranks[0]!.id,
      awardedOn: '2026-01-01',
      source: 'manual',
      candidateId: g.candidates[1]!.id,
    });
    const res = await finalize(g.admin.token, g.grading.id);
    expect(res.status).toBe(500);
    expect(await ledgerOf(g.students.slice(0, 3).map((s) => s.id))).toEqual([]);
    expect(await certificatesOf(g.students.map((s) => s.id))).toEqual([]);
    expect(await statusOf(g.grading.id)).toBe('approved');
    expect((await getUserRow(g.students[0]!.id))?.profile.grade).toBe('white');
  });

  it('lands in the audit log with the grading as its target', async () => {
    const g = await approvedGrading();
    await finalize(g.admin.token, g.grading.id);
    await settleDeferred();
    const entry = await testDb().select().from(auditLog).where(eq(auditLog.targetId, g.grading.id)).get();
    expect(entry).toMatchObject({ actorId: g.admin.id, route: '/api/gradings/:id/finalize', targetType: 'gradings', status: 200 });
  });

  it('tells passed and failed candidates their result', async () => {
    const g = await approvedGrading();
    await finalize(g.admin.token, g.grading.id);
    await settleDeferred();
    const notes = await testDb().select().from(notifications).where(eq(notifications.entityId, g.grading.id));
    expect(notes.map((n) => [n.userId, n.eventType]).sort()).toEqual(
      [
        [g.students[0]!.id, 'grading_passed'],
        [g.students[1]!.id, 'grading_passed'],
        [g.students[2]!.id, 'grading_failed'],
      ].sort(),
    );
  });
});
