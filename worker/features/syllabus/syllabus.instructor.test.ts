import { beforeAll, describe, expect, it } from 'vitest';
import { api, createUser, type TestUser } from '#test/helpers.ts';
import { FILES, fetchRaw, file } from '#test/file-helpers.ts';
import { asAdmin, createItem, ids, mySyllabus } from './syllabus.test-helpers.ts';

type Item = { _id: string; grade: string; isActive: boolean; materials: { _id: string; url: string }[] };

let instructor: TestUser;
let yellow: Item;
let yellowHidden: Item;
let black: Item;

beforeAll(async () => {
  const admin = await asAdmin();
  yellow = await createItem(admin, { grade: 'yellow', files: [['materials', file(FILES.pdf(120), 'kihon.pdf')]] });
  yellowHidden = await createItem(admin, { grade: 'yellow', isActive: false, files: [['materials', file(FILES.pdf(80), 'draft.pdf')]] });
  black = await createItem(admin, { grade: 'black-1', category: 'kumite', files: [] });
  // An instructor's own grade (if any) does not limit what they read.
  instructor = await createUser({ role: 'instructor', profile: { firstName: 'Ina', grade: 'brown' } });
});

describe('instructors read the syllabus of every grade, active items only', () => {
  it('answers my-syllabus for any grade asked, and every grade when none is asked', async () => {
    const asked = await mySyllabus(instructor.token, '?grade=Yellow');
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ success: true, grade: 'yellow' });
    expect(asked.body.message).toBeUndefined();
    expect(ids(asked.body.data)).toContain(yellow._id);
    expect(ids(asked.body.data)).not.toContain(yellowHidden._id);
    expect(asked.body.data.every((i: Item) => i.grade === 'yellow' && i.isActive)).toBe(true);
    const all = await mySyllabus(instructor.token);
    expect(ids(all.body.data)).toEqual(expect.arrayContaining([yellow._id, black._id]));
    expect(ids(all.body.data)).not.toContain(yellowHidden._id);
  });

  it('opens an active item of any grade and answers 404 for an inactive one', async () => {
    expect((await api(`/api/syllabus/${black._id}`, { token: instructor.token })).status).toBe(200);
    const hidden = await api(`/api/syllabus/${yellowHidden._id}`, { token: instructor.token });
    expect(hidden.status).toBe(404);
    expect(hidden.body.message).toBe('Syllabus item not found');
  });

  it('downloads an active item’s material of another grade, never an inactive one’s', async () => {
    const ok = await fetchRaw(`/api/syllabus/${yellow._id}/materials/${yellow.materials[0]!._id}`, { token: instructor.token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toBe('application/pdf');
    const refused = await fetchRaw(`/api/syllabus/${yellowHidden._id}/materials/${yellowHidden.materials[0]!._id}`, {
      token: instructor.token,
    });
    expect(refused.status).toBe(404);
  });

  it("still keeps a student to their own grade (and the next one's single items, not an earlier one's)", async () => {
    const s = await createUser({ role: 'student', profile: { grade: 'orange' } });
    const res = await mySyllabus(s.token, '?grade=yellow');
    expect(res.body.data).toEqual([]);
    expect((await api(`/api/syllabus/${yellow._id}`, { token: s.token })).status).toBe(404);
  });
});
