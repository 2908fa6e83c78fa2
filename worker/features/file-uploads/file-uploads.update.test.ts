import { describe, expect, it } from 'vitest';
import { api, createUser, uniq } from '#test/helpers.ts';
import { FILES, exists, failWritesTitled, file, formOf, keysNamed } from '#test/file-helpers.ts';

type Stored = { key: string; url: string; filename: string };
const admin = () => createUser({ role: 'admin' });

async function createWithFiles(token: string) {
  const res = await api('/api/file-uploads', {
    method: 'POST',
    token,
    raw: formOf({ title: `Sheet ${uniq()}`, tags: 'a,b' }, [
      ['excelFile', file(FILES.xlsx(), 'first.xlsx')],
      ['images', file(FILES.png(), 'one.png')],
      ['images', file(FILES.jpeg(), 'two.jpg')],
      ['images', file(FILES.webp(), 'three.webp')],
    ]),
  });
  expect(res.status).toBe(201);
  return res.body.data as { _id: string; excelFile: Stored; images: Stored[] };
}

const put = (token: string, id: string, body: FormData) => api(`/api/file-uploads/${id}`, { method: 'PUT', token, raw: body });

describe('PUT /api/file-uploads/:id', () => {
  it('keeps the images listed (by key or url), adds new ones, and deletes the others after the write', async () => {
    const a = await admin();
    const up = await createWithFiles(a.token);
    const [one, two, three] = up.images as [Stored, Stored, Stored];
    const res = await put(
      a.token,
      up._id,
      formOf({ title: 'Renamed', tags: '', existingImages: [one.key, three.url] }, [['images', file(FILES.png(), 'four.png')]]),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'File upload updated successfully', data: { title: 'Renamed', tags: [] } });
    expect(res.body.data.images.map((i: Stored) => i.filename)).toEqual(['one.png', 'three.webp', 'four.png']);
    expect(res.body.data.excelFile.key).toBe(up.excelFile.key);
    expect(await exists(one.key)).toBe(true);
    expect(await exists(two.key)).toBe(false);
    expect(await exists(three.key)).toBe(true);
    expect(await exists(res.body.data.images[2].key)).toBe(true);
    expect(await exists(up.excelFile.key)).toBe(true);
  });

  it('keeps all files when the keep lists are absent, replaces the sheet with a new one, removes it with an empty existingExcelFile', async () => {
    const a = await admin();
    const up = await createWithFiles(a.token);
    const same = await put(a.token, up._id, formOf({ description: 'only text' }));
    expect(same.body.data.images.map((i: Stored) => i.key)).toEqual(up.images.map((i) => i.key));
    expect(same.body.data.excelFile.key).toBe(up.excelFile.key);
    const replaced = await put(
      a.token,
      up._id,
      formOf({ existingExcelFile: up.excelFile.url }, [['excelFile', file(FILES.csv(), 'second.csv')]]),
    );
    expect(replaced.body.data.excelFile).toMatchObject({ filename: 'second.csv', mimeType: 'text/csv' });
    expect(await exists(up.excelFile.key)).toBe(false);
    expect(await exists(replaced.body.data.excelFile.key)).toBe(true);
    const kept = await put(a.token, up._id, formOf({ existingExcelFile: replaced.body.data.excelFile.key }));
    expect(kept.body.data.excelFile.key).toBe(replaced.body.data.excelFile.key);
    const removed = await put(a.token, up._id, formOf({ existingExcelFile: '', existingImages: '[]' }));
    expect(removed.body.data).toMatchObject({ excelFile: null, images: [] });
    expect(await exists(replaced.body.data.excelFile.key)).toBe(false);
    for (const img of up.images) expect(await exists(img.key)).toBe(false);
  });

  it('counts kept images against the limit of 10, refuses bad files, 404 for an unknown id; nothing stored then', async () => {
    const a = await admin();
    const up = await createWithFiles(a.token);
    const name = `extra-${uniq()}`;
    const eight = Array.from({ length: 8 }, (_, i): [string, File] => ['images', file(FILES.png(), `${name}-${i}.png`)]);
    const tooMany = await put(a.token, up._id, formOf({}, eight));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A file upload can hold at most 10 images');
    expect(await keysNamed('file-uploads/', `${name}-0.png`)).toEqual([]);
    expect((await put(a.token, up._id, formOf({}, [['excelFile', file(FILES.docx(), 'x.xlsx')]]))).status).toBe(415);
    expect((await put(a.token, up._id, formOf({ title: '' }))).body.message).toBe('Title is required');
    const missing = await put(a.token, 'ghost', formOf({}, [['images', file(FILES.png(), `${name}.png`)]]));
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('File upload not found');
    expect(await keysNamed('file-uploads/', `${name}.png`)).toEqual([]);
  });

  it('leaves the row and its objects untouched, and no new object, when the database write fails', async () => {
    const a = await admin();
    const up = await createWithFiles(a.token);
    const before = (await api(`/api/file-uploads/${up._id}`, { token: a.token })).body.data;
    const marker = `Fails ${uniq()}`;
    const name = `new-${uniq()}.png`;
    const restore = await failWritesTitled('file_uploads', 'UPDATE', marker);
    try {
      const res = await put(
        a.token,
        up._id,
        formOf({ title: marker, existingImages: '' }, [
          ['images', file(FILES.png(), name)],
          ['excelFile', file(FILES.csv(), `${name}.csv`)],
        ]),
      );
      expect(res.status).toBe(500);
    } finally {
      await restore();
    }
    expect((await api(`/api/file-uploads/${up._id}`, { token: a.token })).body.data).toEqual(before);
    for (const key of [up.excelFile.key, ...up.images.map((i) => i.key)]) expect(await exists(key)).toBe(true);
    expect(await keysNamed('file-uploads/', name)).toEqual([]);
    expect(await keysNamed('file-uploads/', `${name}.csv`)).toEqual([]);
  });
});

describe('DELETE /api/file-uploads/:id and DELETE /api/file-uploads', () => {
  it('deletes the upload and all its objects', async () => {
    const a = await admin();
    const up = await createWithFiles(a.token);
    const res = await api(`/api/file-uploads/${up._id}`, { method: 'DELETE', token: a.token });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true, data: { _id: up._id }, message: 'File upload deleted successfully' });
    for (const key of [up.excelFile.key, ...up.images.map((i) => i.key)]) expect(await exists(key)).toBe(false);
    expect((await api(`/api/file-uploads/${up._id}`, { token: a.token })).status).toBe(404);
    expect((await api(`/api/file-uploads/${up._id}`, { method: 'DELETE', token: a.token })).status).toBe(404);
  });

  it('bulk-deletes the uploads named with their objects and counts them', async () => {
    const a = await admin();
    const one = await createWithFiles(a.token);
    const two = await createWithFiles(a.token);
    const res = await api('/api/file-uploads', { method: 'DELETE', token: a.token, body: { uploadIds: [one._id, two._id, 'ghost'] } });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ data: { deletedCount: 2 }, count: 2, message: '2 file uploads deleted successfully' });
    for (const up of [one, two])
      for (const key of [up.excelFile.key, ...up.images.map((i) => i.key)]) expect(await exists(key)).toBe(false);
  });

  it.each([{}, { uploadIds: [] }, { uploadIds: 'x' }, { uploadIds: [null] }, { uploadIds: [''] }, 'text', null])(
    'refuses %j with "Upload IDs array is required"',
    async (body) => {
      const a = await admin();
      const res = await api('/api/file-uploads', { method: 'DELETE', token: a.token, body });
      expect(res.status).toBe(400);
      expect(res.body.message).toBe('Upload IDs array is required');
    },
  );
});
