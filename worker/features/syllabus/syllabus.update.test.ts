import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import { FILES, exists, failWritesTitled, file, formOf, keysNamed } from '#test/file-helpers.ts';
import { asAdmin, createItem, itemRow } from './syllabus.test-helpers.ts';

const put = (token: string, id: string, body: FormData) => api(`/api/syllabus/${id}`, { method: 'PUT', token, raw: body });
const keysOf = async (id: string) => (await itemRow(id))!.materials.map((m) => m.key);

describe('PUT /api/syllabus/:id', () => {
  it('keeps the materials listed in existingMaterials, adds new ones, deletes the rest from storage after the write', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin, {
      files: [
        ['materials', file(FILES.pdf(), 'a.pdf')],
        ['materials', file(FILES.png(), 'b.png')],
        ['materials', file(FILES.pdf(), 'c.pdf')],
      ],
    });
    const [a, b, c] = await keysOf(item._id);
    const added = `added-${uniq()}.pdf`;
    const res = await put(
      admin.token,
      item._id,
      formOf({ title: 'Renamed', grade: 'orange', existingMaterials: [item.materials[0]._id, item.materials[2].url] }, [
        ['materials', file(FILES.pdf(), added)],
      ]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Syllabus item updated successfully',
      data: { title: 'Renamed', grade: 'orange', category: 'kata' },
    });
    expect(res.body.data.materials.map((m: { filename: string }) => m.filename)).toEqual(['a.pdf', 'c.pdf', added]);
    expect(res.body.data.externalLinks).toEqual(item.externalLinks);
    const keys = await keysOf(item._id);
    expect(keys.slice(0, 2)).toEqual([a, c]);
    expect(await exists(a!)).toBe(true);
    expect(await exists(b!)).toBe(false);
    expect(await exists(c!)).toBe(true);
    expect(await keysNamed('syllabus/', added)).toEqual([keys[2]]);
    expect((await itemRow(item._id))!.gradeRank).toBe(2);
  });

  it('keeps every material when existingMaterials is absent and removes them all when it is sent empty (JSON list too)', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin);
    const before = await keysOf(item._id);
    const untouched = await put(admin.token, item._id, formOf({ description: 'New words' }));
    expect(untouched.status).toBe(200);
    expect(untouched.body.data.description).toBe('New words');
    expect(await keysOf(item._id)).toEqual(before);
    const cleared = await put(admin.token, item._id, formOf({ existingMaterials: '[]' }));
    expect(cleared.body.data.materials).toEqual([]);
    for (const key of before) expect(await exists(key)).toBe(false);
    const other = await createItem(admin);
    const json = await api(`/api/syllabus/${other._id}`, { method: 'PUT', token: admin.token, body: { existingMaterials: [] } });
    expect(json.status).toBe(200);
    expect(json.body.data.materials).toEqual([]);
  });

  it('replaces the links when any are sent, clears them with an empty value, and refuses a javascript: link', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin, { files: [] });
    const replaced = await put(
      admin.token,
      item._id,
      formOf({ 'externalLinks[0][url]': 'https://new.example/', 'externalLinks[0][type]': 'website' }),
    );
    expect(replaced.body.data.externalLinks).toEqual([{ title: 'https://new.example/', url: 'https://new.example/', type: 'website' }]);
    const hostile = await put(admin.token, item._id, formOf({ 'externalLinks[0][url]': 'javascript:alert(1)' }));
    expect(hostile.status).toBe(400);
    expect(hostile.body.message).toBe('External links must be http:// or https:// URLs');
    expect((await itemRow(item._id))!.externalLinks).toEqual(replaced.body.data.externalLinks);
    const cleared = await put(admin.token, item._id, formOf({ externalLinks: '' }));
    expect(cleared.body.data.externalLinks).toEqual([]);
  });

  it('refuses more than 20 materials in all, bad fields, bad files; 404 for an unknown id; stores nothing then', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin, {
      files: Array.from({ length: 10 }, (_, i): [string, File] => ['materials', file(FILES.pdf(), `${i}.pdf`)]),
    });
    const second = await put(
      admin.token,
      item._id,
      formOf(
        {},
        Array.from({ length: 10 }, (_, i): [string, File] => ['materials', file(FILES.pdf(), `x${i}.pdf`)]),
      ),
    );
    expect(second.status).toBe(200);
    const name = `extra-${uniq()}.pdf`;
    const third = await put(admin.token, item._id, formOf({}, [['materials', file(FILES.pdf(), name)]]));
    expect(third.status).toBe(400);
    expect(third.body.message).toBe('A syllabus item can hold at most 20 materials');
    expect(await keysNamed('syllabus/', name)).toEqual([]);
    expect((await put(admin.token, item._id, formOf({ title: ' ' }))).body.message).toBe('Title is required');
    expect((await put(admin.token, item._id, formOf({ grade: 'pink' }))).status).toBe(400);
    expect((await put(admin.token, item._id, formOf({}, [['materials', file(FILES.svg(), name)]]))).status).toBe(415);
    const missing = await put(admin.token, 'no-such-item', formOf({ title: 'x' }, [['materials', file(FILES.pdf(), name)]]));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Syllabus item not found');
    expect(await keysNamed('syllabus/', name)).toEqual([]);
  });

  it('leaves the stored item and its objects as they were, and no new object, when the database write fails', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin);
    const before = await itemRow(item._id);
    const marker = `Fails ${uniq()}`;
    const name = `new-${uniq()}.pdf`;
    const restore = await failWritesTitled('syllabus_items', 'UPDATE', marker);
    try {
      const res = await put(
        admin.token,
        item._id,
        formOf({ title: marker, existingMaterials: '' }, [['materials', file(FILES.pdf(), name)]]),
      );
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect(await itemRow(item._id)).toEqual(before);
    for (const m of before!.materials) expect(await exists(m.key)).toBe(true);
    expect(await keysNamed('syllabus/', name)).toEqual([]);
  });
});

describe('DELETE /api/syllabus/:id and DELETE /api/syllabus', () => {
  it('deletes the item and every object it had', async () => {
    const admin = await asAdmin();
    const item = await createItem(admin);
    const keys = await keysOf(item._id);
    const res = await api(`/api/syllabus/${item._id}`, { method: 'DELETE', token: admin.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { _id: item._id }, message: 'Syllabus item deleted successfully' });
    expect(await itemRow(item._id)).toBeUndefined();
    for (const key of keys) expect(await exists(key)).toBe(false);
    const again = await api(`/api/syllabus/${item._id}`, { method: 'DELETE', token: admin.token });
    expect(again.status).toBe(404);
  });

  it('bulk-deletes the items named and their objects, counting only those that existed', async () => {
    const admin = await asAdmin();
    const one = await createItem(admin);
    const two = await createItem(admin);
    const keep = await createItem(admin, { files: [] });
    const keys = [...(await keysOf(one._id)), ...(await keysOf(two._id))];
    const res = await api('/api/syllabus', {
      method: 'DELETE',
      token: admin.token,
      body: { syllabusIds: [one._id, two._id, two._id, 'ghost'] },
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      success: true,
      data: { deletedCount: 2 },
      count: 2,
      message: '2 syllabus items deleted successfully',
    });
    for (const key of keys) expect(await exists(key)).toBe(false);
    expect(await itemRow(keep._id)).toBeDefined();
  });

  it.each([{}, { syllabusIds: [] }, { syllabusIds: 'abc' }, { syllabusIds: [''] }, { syllabusIds: [42] }, [], null])(
    'refuses %j with "Syllabus IDs array is required"',
    async (body) => {
      const admin = await asAdmin();
      const res = await api('/api/syllabus', { method: 'DELETE', token: admin.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Syllabus IDs array is required');
    },
  );
});
