import { describe, expect, it } from 'vitest';
import { gradingScores, syllabusItems } from '#db/schema/index.ts';
import { createUser, send, tagged } from '#test/catalog-helpers.ts';
import { testDb } from '#test/helpers.ts';
import { awardRank, insertGrading } from '#test/progression-helpers.ts';
import { makeProgram } from './programs.test-helpers.ts';

describe('programs', () => {
  it('creates a program with a slug from its name, lists it with its rank count, and answers a taken slug with 409', async () => {
    const { token } = await makeProgram();
    const name = `Iaido ${tagged()}`;
    const created = await send('POST', '/api/programs', token, { name, audience: 'adults', attendanceWindow: 'all_time' });
    expect(created.status).toBe(201);
    expect(created.body.program).toMatchObject({
      slug: name.toLowerCase().replace(' ', '-'),
      name,
      audience: 'adults',
      attendanceWindow: 'all_time',
      isActive: true,
      rankCount: 0,
    });
    const again = await send('POST', '/api/programs', token, { name });
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('A program with this slug already exists');
    const list = await send('GET', '/api/programs', token);
    expect(list.body.programs.find((p: { slug: string }) => p.slug === created.body.program.slug)).toMatchObject({ rankCount: 0 });
  });

  it('hides an inactive program from students and shows it to admins', async () => {
    const { slug, token } = await makeProgram(0, { isActive: false });
    const student = await createUser({ role: 'student' });
    expect((await send('GET', `/api/programs/${slug}`, student.token)).status).toBe(404);
    expect((await send('GET', '/api/programs', student.token)).body.programs.map((p: { slug: string }) => p.slug)).not.toContain(slug);
    expect((await send('GET', `/api/programs/${slug}`, token)).status).toBe(200);
    expect((await send('GET', '/api/programs?active=false', token)).body.programs.map((p: { slug: string }) => p.slug)).toContain(slug);
  });

  it('refuses to delete a program with awards (409) and deletes one without, with its ladder', async () => {
    const used = await makeProgram(1);
    const user = await createUser({ role: 'student' });
    await awardRank(user.id, used.program._id, used.ranks[0]!._id, '2026-01-10');
    const refused = await send('DELETE', `/api/programs/${used.slug}`, used.token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This program has rank awards or gradings and cannot be deleted');
    const free = await makeProgram(2);
    expect((await send('DELETE', `/api/programs/${free.slug}`, free.token)).status).toBe(200);
    expect((await send('GET', `/api/programs/${free.slug}/ranks`, free.token)).status).toBe(404);
    expect((await send('DELETE', `/api/programs/${free.slug}`, free.token)).status).toBe(404);
  });
});

describe('ranks', () => {
  it('creates a rank with its requirements and techniques, and answers the ladder in position order', async () => {
    const { slug, token } = await makeProgram();
    const itemId = `item-${tagged()}`;
    await testDb()
      .insert(syllabusItems)
      .values({ id: itemId, title: 'Kata: Heian Shodan', grade: 'yellow', gradeRank: 1, category: 'kata' });
    const second = await send('POST', `/api/programs/${slug}/ranks`, token, {
      position: 2,
      name: 'Yellow belt',
      kind: 'kyu',
      colorHex: '#FACC15',
      stripeMax: 4,
      testFee: 25,
      gradeKey: 'yellow',
      requirements: [
        { type: 'min_days', mode: 'gate', value: 60 },
        { type: 'min_attendance_rate', mode: 'advisory', value: 60 },
        { type: 'instructor_approval', mode: 'gate' },
      ],
      techniques: [
        { syllabusItemId: itemId, maxScore: 10, passScore: 6, weight: 2, mandatory: true },
        { title: 'Kihon', category: 'kihon', maxScore: 5, passScore: 3 },
      ],
    });
    expect(second.status, JSON.stringify(second.body)).toBe(201);
    expect(second.body.rank).toMatchObject({
      position: 2,
      colorHex: '#facc15',
      testFee: '25.00',
      testFeeCents: 2500,
      gradeKey: 'yellow',
      requirements: [
        { type: 'min_days', mode: 'gate', value: 60, position: 0 },
        { type: 'min_attendance_rate', mode: 'advisory', value: 60, position: 1 },
        { type: 'instructor_approval', mode: 'gate', value: null, position: 2 },
      ],
      techniques: [
        { title: 'Kata: Heian Shodan', category: 'kata', syllabusItemId: itemId, weight: 2, mandatory: true },
        { title: 'Kihon', category: 'kihon', syllabusItemId: null, maxScore: 5, passScore: 3, weight: 1, mandatory: false },
      ],
    });
    await send('POST', `/api/programs/${slug}/ranks`, token, { position: 1, name: 'White belt' });
    const ladder = await send('GET', `/api/programs/${slug}/ranks`, token);
    expect(ladder.body.ranks.map((r: { name: string }) => r.name)).toEqual(['White belt', 'Yellow belt']);
    expect((await send('GET', `/api/programs/${slug}`, token)).body.program).toMatchObject({
      slug,
      rankCount: 2,
      ranks: ladder.body.ranks,
    });
  });

  it('answers a duplicate position with 409, on create and on edit', async () => {
    const { slug, token, ranks } = await makeProgram(2);
    const dup = await send('POST', `/api/programs/${slug}/ranks`, token, { position: 2, name: 'Again' });
    expect(dup.status).toBe(409);
    expect(dup.body.message).toBe('A rank already holds this position in the program');
    expect((await send('PATCH', `/api/programs/${slug}/ranks/${ranks[0]!._id}`, token, { position: 2 })).status).toBe(409);
  });

  it.each([
    [{ name: 'X', gradeKey: 'pink' }, 'gradeKey', /^gradeKey must be one of: white, yellow/],
    [{ name: 'X', colorHex: 'red' }, 'colorHex', /^colorHex must be a colour/],
    [{ name: 'X', kind: 'belt' }, 'kind', /^kind must be one of: kyu, dan, level/],
    [{ name: 'X', requirements: [{ type: 'min_height', value: 3 }] }, 'requirements.0.type', /^type must be one of: min_days/],
    [
      { name: 'X', techniques: [{ title: 'K', maxScore: 5, passScore: 6 }] },
      'techniques.0.passScore',
      /^passScore must not be more than maxScore$/,
    ],
  ])('refuses %j with 400 naming %s', async (body, path, message) => {
    const { slug, token } = await makeProgram();
    const res = await send('POST', `/api/programs/${slug}/ranks`, token, body);
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(message);
    expect(res.body.errors).toContainEqual({ path, message: expect.stringMatching(message) });
  });

  it('refuses an examiner minimum rank of another program (400) and a rank id of another program in the path (404)', async () => {
    const a = await makeProgram(1);
    const b = await makeProgram(1);
    const res = await send('POST', `/api/programs/${a.slug}/ranks`, a.token, { name: 'Dan', examinerMinRankId: b.ranks[0]!._id });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('examinerMinRankId must be a rank of this program');
    const patched = await send('PATCH', `/api/programs/${a.slug}/ranks/${b.ranks[0]!._id}`, a.token, { name: 'Stolen' });
    expect(patched.status).toBe(404);
    expect(patched.body.message).toBe('Rank not found');
    expect((await send('DELETE', `/api/programs/${a.slug}/ranks/${b.ranks[0]!._id}`, a.token)).status).toBe(404);
  });

  it('reorders the whole ladder in one go and refuses a partial list', async () => {
    const { slug, token, ranks } = await makeProgram(3);
    const ids = ranks.map((r) => r._id);
    const res = await send('POST', `/api/programs/${slug}/ranks/reorder`, token, { rankIds: [ids[2], ids[0], ids[1]] });
    expect(res.status).toBe(200);
    expect(res.body.ranks.map((r: { _id: string; position: number }) => [r._id, r.position])).toEqual([
      [ids[2], 1],
      [ids[0], 2],
      [ids[1], 3],
    ]);
    const partial = await send('POST', `/api/programs/${slug}/ranks/reorder`, token, { rankIds: [ids[0], ids[1]] });
    expect(partial.status).toBe(400);
    expect(partial.body.message).toBe('rankIds must list every rank of this program once');
  });

  it('refuses to delete an awarded rank (409) and deletes one nobody holds', async () => {
    const { slug, token, ranks, program } = await makeProgram(2);
    const user = await createUser({ role: 'student' });
    await awardRank(user.id, program._id, ranks[0]!._id, '2026-02-01');
    const refused = await send('DELETE', `/api/programs/${slug}/ranks/${ranks[0]!._id}`, token);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('This rank has been awarded and cannot be deleted');
    expect((await send('DELETE', `/api/programs/${slug}/ranks/${ranks[1]!._id}`, token)).status).toBe(200);
    expect((await send('GET', `/api/programs/${slug}/ranks`, token)).body.ranks).toHaveLength(1);
  });

  it('refuses to delete a rank that is a grading candidate\u2019s target (409)', async () => {
    const { slug, token, ranks, program } = await makeProgram(1);
    const user = await createUser({ role: 'student' });
    await insertGrading(program._id, { candidates: [{ userId: user.id, targetRankId: ranks[0]!._id }] });
    expect((await send('DELETE', `/api/programs/${slug}/ranks/${ranks[0]!._id}`, token)).status).toBe(409);
  });
});

describe('requirements and techniques', () => {
  it('replaces the requirements, names the unknown type\u2019s field, and refuses another program\u2019s rank with 400', async () => {
    const a = await makeProgram(1);
    const b = await makeProgram(1);
    const path = `/api/programs/${a.slug}/ranks/${a.ranks[0]!._id}/requirements`;
    const ok = await send('PUT', path, a.token, { requirements: [{ type: 'min_classes', mode: 'gate', value: 24 }] });
    expect(ok.status).toBe(200);
    const again = await send('PUT', path, a.token, { requirements: [{ type: 'min_age', mode: 'advisory', value: 16 }] });
    expect(again.body.rank.requirements).toMatchObject([{ type: 'min_age', mode: 'advisory', value: 16 }]);
    const unknown = await send('PUT', path, a.token, {
      requirements: [
        { type: 'min_days', value: 1 },
        { type: 'belt_colour', mode: 'gate', value: 1 },
      ],
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toContainEqual({ path: 'requirements.1.type', message: expect.stringMatching(/^type must be one of/) });
    const twice = await send('PUT', path, a.token, {
      requirements: [
        { type: 'min_days', value: 1 },
        { type: 'min_days', value: 2 },
      ],
    });
    expect(twice.status).toBe(400);
    const foreign = await send('PUT', `/api/programs/${a.slug}/ranks/${b.ranks[0]!._id}/requirements`, a.token, {
      requirements: [{ type: 'min_days', value: 1 }],
    });
    expect(foreign.status).toBe(400);
    expect(foreign.body.message).toBe('Requirements must belong to a rank of this program');
    expect((await send('GET', `/api/programs/${b.slug}/ranks`, b.token)).body.ranks[0].requirements).toEqual([]);
  });

  it('keeps the ids of techniques sent back with their _id and refuses to remove a scored one (409)', async () => {
    const { slug, token, ranks, program } = await makeProgram(1);
    const path = `/api/programs/${slug}/ranks/${ranks[0]!._id}/techniques`;
    const first = await send('PUT', path, token, {
      techniques: [
        { title: 'Kata', category: 'kata', maxScore: 10, passScore: 6, weight: 2, mandatory: true },
        { title: 'Kumite', category: 'kumite', maxScore: 10, passScore: 5, weight: 1, mandatory: false },
      ],
    });
    expect(first.status).toBe(200);
    const [kata, kumite] = first.body.rank.techniques;
    const second = await send('PUT', path, token, {
      techniques: [
        { ...kata, passScore: 7 },
        { title: 'Kihon', maxScore: 10, passScore: 6, weight: 1, mandatory: false },
      ],
    });
    expect(second.status).toBe(200);
    expect(second.body.rank.techniques.map((t: { _id: string; title: string; passScore: number }) => [t.title, t.passScore])).toEqual([
      ['Kata', 7],
      ['Kihon', 6],
    ]);
    expect(second.body.rank.techniques[0]._id).toBe(kata._id);
    expect(second.body.rank.techniques.map((t: { _id: string }) => t._id)).not.toContain(kumite._id);

    const student = await createUser({ role: 'student' });
    const examiner = await createUser({ role: 'instructor' });
    const { candidates } = await insertGrading(program._id, {
      status: 'scoring',
      candidates: [{ userId: student.id, targetRankId: ranks[0]!._id, status: 'present' }],
    });
    await testDb()
      .insert(gradingScores)
      .values({ candidateId: candidates[0]!.id, examinerUserId: examiner.id, techniqueId: kata._id, score: 8 });
    const removed = await send('PUT', path, token, { techniques: [] });
    expect(removed.status).toBe(409);
    expect(removed.body.message).toBe('This technique has scores and cannot be removed');
    const foreign = await send('PUT', path, token, { techniques: [{ _id: 'not-one-of-these', title: 'X', maxScore: 5, passScore: 1 }] });
    expect(foreign.status).toBe(400);
    expect(foreign.body.errors).toEqual([{ path: 'techniques.0._id', message: 'This technique is not one of the rank\u2019s techniques' }]);
  });
});
