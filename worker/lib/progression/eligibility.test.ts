import { describe, expect, it } from 'vitest';
import { newId } from '#core/ids.ts';
import { attendanceCredits, gradingApprovals, techniqueChecks } from '#db/schema/index.ts';
import { batch } from '#worker/lib/sql.ts';
import { awardRank, insertProgram } from '#test/progression-helpers.ts';
import { insertClass } from '#test/session-helpers.ts';
import { createUser, getUserRow, testDb, testServiceCtx } from '#test/helpers.ts';
import { awardStatements } from './award.ts';
import { eligibilityFor } from './eligibility.ts';
import { attended, countingDb, recordEvent, schoolDayIn } from './eligibility.test-helpers.ts';

const gate = (type: 'min_classes' | 'min_days' | 'techniques_passed', value: number) => ({ type, mode: 'gate' as const, value });

async function ladder(window: 'since_last_promotion' | 'all_time' = 'since_last_promotion') {
  return insertProgram({ attendanceWindow: window, ranks: [{}, { requirements: [gate('min_classes', 3)] }, {}] });
}

async function one(programId: string, userId: string) {
  const map = await eligibilityFor(testServiceCtx(), { programId, userIds: [userId] });
  return map.get(userId)!;
}

describe('eligibilityFor', () => {
  it('counts effective presents on or after the award only: 2 → one remaining, 3 → eligible', async () => {
    const { program, ranks } = await ladder();
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    await attended(u.id, { daysAgo: 12 }); // before the award: never counts
    await attended(u.id, { daysAgo: 5 });
    await attended(u.id, { daysAgo: 4, kind: 'late' });
    let e = await one(program.id, u.id);
    expect(e.nextRank?._id).toBe(ranks[1]!.id);
    expect(e.checks[0]).toMatchObject({ type: 'min_classes', required: 3, actual: 2, met: false, remaining: 1 });
    expect(e.eligible).toBe(false);
    expect(e.window.since).toBe(await schoolDayIn(-10));
    await attended(u.id, { daysAgo: 3 });
    e = await one(program.id, u.id);
    expect(e.checks[0]).toMatchObject({ actual: 3, met: true, remaining: 0 });
    expect(e.eligible).toBe(true);
  });

  it('counts attendance before the award when the window is all_time', async () => {
    const { program, ranks } = await ladder('all_time');
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    await attended(u.id, { daysAgo: 20 });
    expect((await one(program.id, u.id)).checks[0]).toMatchObject({ actual: 1, remaining: 2 });
  });

  it("ignores another program's class, counts this program's and classes without a program", async () => {
    const { program, ranks } = await ladder();
    const other = await insertProgram();
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    await attended(u.id, { daysAgo: 2, classId: (await insertClass({ programId: other.program.id })).id });
    await attended(u.id, { daysAgo: 2, classId: (await insertClass({ programId: program.id })).id });
    await attended(u.id, { daysAgo: 2, classId: (await insertClass()).id });
    expect((await one(program.id, u.id)).checks[0]).toMatchObject({ actual: 2 });
  });

  it('follows the ledger: a staff void or absent removes, a kiosk absent after staff does not, two presents count once', async () => {
    const { program, ranks } = await ladder();
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    const voided = await attended(u.id, { daysAgo: 3, method: 'kiosk_qr' });
    await recordEvent(voided.id, u.id, { kind: 'void', method: 'admin', at: new Date(voided.startsAt.getTime() + 60_000) });
    const kept = await attended(u.id, { daysAgo: 2 });
    await recordEvent(kept.id, u.id, { kind: 'absent', method: 'kiosk_pin', at: new Date(kept.startsAt.getTime() + 60_000) });
    await recordEvent(kept.id, u.id, { kind: 'present', method: 'kiosk_qr', at: new Date(kept.startsAt.getTime() + 90_000) });
    const selfUndone = await attended(u.id, { daysAgo: 1, method: 'kiosk_qr' });
    await recordEvent(selfUndone.id, u.id, { kind: 'absent', method: 'kiosk_pin', at: new Date(selfUndone.startsAt.getTime() + 60_000) });
    expect((await one(program.id, u.id)).checks[0]).toMatchObject({ actual: 1 });
  });

  it('adds credits of the current rank; voided credits and credits of an earlier rank do not count', async () => {
    const { program, ranks } = await ladder();
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-10));
    const credit = (rankId: string | null, count: number, voided = false) =>
      testDb()
        .insert(attendanceCredits)
        .values({
          id: newId(),
          userId: u.id,
          programId: program.id,
          rankId,
          count,
          reason: 'before the product',
          voidedAt: voided ? new Date() : null,
        });
    await credit(ranks[0]!.id, 2);
    await credit(ranks[0]!.id, 5, true);
    await credit(null, 7);
    await attended(u.id, { daysAgo: 1 });
    const e = await one(program.id, u.id);
    expect(e.checks[0]).toMatchObject({ actual: 3, met: true });
    expect(e.facts.classesAttended).toBe(3);
  });

  it('counts days from the day the rank was reached: a later stripe row does not reset them', async () => {
    const { program, ranks } = await insertProgram({ ranks: [{ stripeMax: 4 }, { requirements: [gate('min_days', 30)] }] });
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-40));
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-5), { stripes: 1 });
    const e = await one(program.id, u.id);
    expect(e.currentRank).toMatchObject({ _id: ranks[0]!.id, stripes: 1, awardedOn: await schoolDayIn(-40) });
    expect(e.checks[0]).toMatchObject({ type: 'min_days', actual: 40, met: true });
  });

  it("lists the next rank's techniques with those passed, and the instructor's approval", async () => {
    const { program, ranks } = await insertProgram({
      ranks: [
        {},
        { techniques: 3, requirements: [gate('techniques_passed', 2), { type: 'instructor_approval', mode: 'advisory', value: null }] },
      ],
    });
    const u = await createUser();
    await awardRank(u.id, program.id, ranks[0]!.id, await schoolDayIn(-1));
    await testDb().insert(techniqueChecks).values({ userId: u.id, techniqueId: ranks[1]!.techniqueIds[0]! });
    await testDb().insert(gradingApprovals).values({ userId: u.id, rankId: ranks[1]!.id });
    const e = await one(program.id, u.id);
    expect(e.techniques.map((t) => t.passed)).toEqual([true, false, false]);
    expect(e.checks).toMatchObject([
      { type: 'techniques_passed', actual: 1, remaining: 1, met: false },
      { type: 'instructor_approval', mode: 'advisory', actual: true, met: true },
    ]);
  });

  it('makes the first rank the next one for a person never graded, and nothing next at the top', async () => {
    const { program, ranks } = await ladder();
    const fresh = await createUser();
    const top = await createUser();
    await awardRank(top.id, program.id, ranks[2]!.id, await schoolDayIn(-1));
    const map = await eligibilityFor(testServiceCtx(), { programId: program.id, userIds: [fresh.id, top.id] });
    expect(map.get(fresh.id)).toMatchObject({ currentRank: null, nextRank: { _id: ranks[0]!.id } });
    expect(map.get(top.id)).toMatchObject({ nextRank: null, eligible: false, checks: [] });
  });

  it('answers 1 or 60 people in one round trip', async () => {
    const { program, ranks } = await ladder();
    const people = await Promise.all(Array.from({ length: 60 }, () => createUser()));
    for (const p of people.slice(0, 10)) await awardRank(p.id, program.id, ranks[0]!.id, await schoolDayIn(-3));
    const { db, counter } = countingDb();
    await eligibilityFor({ db }, { programId: program.id, userIds: [people[0]!.id] }); // the client's first request, if any, is its own set-up
    counter.requests = 0;
    await eligibilityFor({ db }, { programId: program.id, userIds: [people[0]!.id] });
    expect(counter.requests).toBe(1);
    counter.requests = 0;
    const map = await eligibilityFor({ db }, { programId: program.id, userIds: people.map((p) => p.id) });
    expect(counter.requests).toBe(1);
    expect(map.size).toBe(60);
  });
});

describe('awardStatements', () => {
  it("appends the award and sets the profile's grade to the rank's gradeKey in one batch", async () => {
    const { program, ranks } = await insertProgram({ ranks: [{ gradeKey: 'white' }, { gradeKey: 'yellow' }] });
    const u = await createUser({ profile: { firstName: 'Ada', grade: 'white' } });
    const db = testDb();
    await batch(
      db,
      awardStatements(db, { userId: u.id, programId: program.id, rankId: ranks[1]!.id, awardedOn: '2026-01-10', source: 'manual' }),
    );
    const e = await one(program.id, u.id);
    expect(e.currentRank?._id).toBe(ranks[1]!.id);
    expect((await getUserRow(u.id))?.profile).toMatchObject({ firstName: 'Ada', grade: 'yellow' });
  });

  it('writes nothing for a rank of another program', async () => {
    const { program } = await insertProgram();
    const other = await insertProgram();
    const u = await createUser();
    const db = testDb();
    await batch(
      db,
      awardStatements(db, { userId: u.id, programId: program.id, rankId: other.ranks[0]!.id, awardedOn: '2026-01-10', source: 'manual' }),
    );
    expect((await one(program.id, u.id)).currentRank).toBeNull();
  });
});
