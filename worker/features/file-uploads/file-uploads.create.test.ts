import { describe, expect, it } from 'vitest';
import { api, createUser, uniq } from '#test/helpers.ts';
import { FILES, exists, failWritesTitled, fetchRaw, file, formOf, keysNamed } from '#test/file-helpers.ts';
import { expectPixelBombRefused } from '#test/content-helpers.ts';
import { multipartForm } from '#test/fixtures/uploads.ts';

const post = (token: string | undefined, body: FormData) =>
  api('/api/file-uploads', { method: 'POST', ...(token ? { token } : {}), raw: body });
const admin = () => createUser({ role: 'admin' });
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('POST /api/file-uploads', () => {
  it('stores an xlsx and images under file-uploads/, served publicly: the sheet as an attachment under its name', async () => {
    const a = await admin();
    const sheet = `Grading results ${uniq()}.xlsx`;
    const res = await post(
      a.token,
      formOf(
        { title: ' Spring grading ', description: 'Results of the spring grading', tags: 'grading, results,Grading', category: 'Results' },
        [
          ['excelFile', file(FILES.xlsx(), sheet, 'text/html')],
          ['images', file(FILES.jpeg(), 'podium.jpg', 'image/jpeg')],
          ['images[1]', file(FILES.webp(), 'group.webp')],
        ],
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'File uploaded successfully',
      data: {
        _id: expect.any(String),
        title: 'Spring grading',
        description: 'Results of the spring grading',
        tags: ['grading', 'results'],
        category: 'results',
        isPublished: true,
        uploadedBy: a.id,
        excelFile: { filename: sheet, name: sheet, mimeType: XLSX, size: FILES.xlsx().length },
        images: [
          { filename: 'podium.jpg', mimeType: 'image/jpeg', width: 640, height: 480 },
          { filename: 'group.webp', mimeType: 'image/webp', width: 5, height: 4 },
        ],
      },
    });
    const { excelFile, images } = res.body.data;
    expect(excelFile.key).toMatch(/^file-uploads\/[0-9a-z]{24}\.xlsx$/);
    expect(excelFile.url).toBe(`/api/files/${excelFile.key}`);
    expect(images[0].key).toMatch(/^file-uploads\/[0-9a-z]{24}\.jpg$/);
    const served = await fetchRaw(excelFile.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(XLSX);
    expect(served.headers.get('content-disposition')).toBe(`attachment; filename*=UTF-8''${encodeURIComponent(sheet)}`);
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(FILES.xlsx());
    const image = await fetchRaw(images[0].url);
    expect(image.headers.get('content-disposition')).toBe('inline');
    await image.arrayBuffer();
  });

  it.each([
    ['an xls (OLE container)', () => FILES.xls(), 'marks.xls', 'application/vnd.ms-excel'],
    ['a CSV', () => FILES.csv(), 'marks.csv', 'text/csv'],
    ['a UTF-8 CSV with a BOM and accents', () => new TextEncoder().encode('\ufeffnom,ceinture\nZoé,jaune\n'), 'marks.txt', 'text/csv'],
  ])('accepts %s', async (_label, bytes, name, mime) => {
    const a = await admin();
    const res = await post(a.token, formOf({ title: 'Marks', tags: ['a', 'b'] }, [['excelFile', file(bytes(), name)]]));
    expect(res.status).toBe(201);
    expect(res.body.data.excelFile).toMatchObject({ mimeType: mime, filename: name });
    expect(res.body.data.tags).toEqual(['a', 'b']);
  });

  it('accepts an upload without files, with JSON tags and as JSON', async () => {
    const a = await createUser({ role: 'grandmaster' });
    const form = await post(a.token, formOf({ title: 'Timetable notice', tags: '["summer","timetable"]', isPublished: 'false' }));
    expect(form.status).toBe(201);
    expect(form.body.data).toMatchObject({
      excelFile: null,
      images: [],
      tags: ['summer', 'timetable'],
      category: 'general',
      isPublished: false,
    });
    const json = await api('/api/file-uploads', {
      method: 'POST',
      token: a.token,
      body: { title: 'From JSON', tags: ['x'], category: 'forms' },
    });
    expect(json.status).toBe(201);
    expect(json.body.data).toMatchObject({ title: 'From JSON', tags: ['x'], category: 'forms' });
  });

  it.each([
    [{}, 'Title is required'],
    [{ title: '' }, 'Title is required'],
    [{ title: 'x'.repeat(201) }, 'Title must be at most 200 characters'],
    [{ title: 'T', tags: Array.from({ length: 21 }, (_, i) => `t${i}`).join(',') }, 'At most 20 tags, each up to 50 characters'],
    [{ title: 'T', tags: 'x'.repeat(51) }, 'At most 20 tags, each up to 50 characters'],
    [{ title: 'T', isPublished: 'sometimes' }, 'isPublished must be true or false'],
  ])('refuses %j with 400', async (fields, message) => {
    const a = await admin();
    const res = await post(a.token, formOf(fields as Record<string, string>));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
  });

  it.each([
    ['a Word file', FILES.docx, 'notes.xlsx'],
    ['a plain ZIP', FILES.zip, 'data.xlsx'],
    ['a PDF', () => FILES.pdf(), 'sheet.xlsx'],
    ['a PNG', FILES.png, 'sheet.csv'],
    ['text with NUL bytes (UTF-16)', () => new Uint8Array([0xff, 0xfe, 0x61, 0x00, 0x2c, 0x00]), 'sheet.csv'],
    ['bytes that are not UTF-8', () => new Uint8Array([0x61, 0xc3, 0x28, 0x0a]), 'sheet.csv'],
    ['an empty file', () => new Uint8Array(0), 'sheet.csv'],
  ])('refuses %s as the spreadsheet with 415 and stores nothing', async (_label, bytes, name) => {
    const a = await admin();
    const image = `img-${uniq()}.png`;
    const res = await post(
      a.token,
      formOf({ title: 'T' }, [
        ['excelFile', file(bytes(), name)],
        ['images', file(FILES.png(), image)],
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Only Excel (.xlsx, .xls) and CSV files are allowed' });
    expect(await keysNamed('file-uploads/', image)).toEqual([]);
  });

  it.each([
    ['a GIF', FILES.gif],
    ['an SVG', FILES.svg],
    ['a PDF', () => FILES.pdf()],
    ['text', () => new TextEncoder().encode('hello')],
  ])('refuses %s as an image with 415', async (_label, bytes) => {
    const a = await admin();
    const sheet = `sheet-${uniq()}.csv`;
    const res = await post(
      a.token,
      formOf({ title: 'T' }, [
        ['excelFile', file(FILES.csv(), sheet)],
        ['images', file(bytes(), 'x.png', 'image/png')],
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body.message).toBe('Only JPEG, PNG, and WebP images are allowed');
    expect(await keysNamed('file-uploads/', sheet)).toEqual([]);
  });

  it('refuses a spreadsheet over 10MB and an image over 5MB with 413, a body declared over 25MB before reading it', async () => {
    const a = await admin();
    const sheet = await post(a.token, formOf({ title: 'T' }, [['excelFile', file(FILES.xls(10 * 1024 * 1024 + 1), 'big.xls')]]));
    expect(sheet.status).toBe(413);
    expect(sheet.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Excel file size must not exceed 10MB' });
    const name = `big-${uniq()}.png`;
    const image = await post(
      a.token,
      formOf({ title: 'T' }, [
        ['images', file(FILES.png(), `ok-${name}`)],
        ['images', file(FILES.bigPng(5 * 1024 * 1024 + 1), name)],
      ]),
    );
    expect(image.status).toBe(413);
    expect(image.body.message).toBe('Image size must not exceed 5MB');
    expect(await keysNamed('file-uploads/', `ok-${name}`)).toEqual([]);
    const declared = await api('/api/file-uploads', {
      method: 'POST',
      token: a.token,
      raw: new Uint8Array(10),
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(26 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('The upload is too large: at most 25MB per request');
  });

  it('refuses more than 10 images and more than one spreadsheet with 400', async () => {
    const a = await admin();
    const images = Array.from({ length: 11 }, (_, i): [string, File] => ['images', file(FILES.png(), `${i}.png`)]);
    const many = await post(a.token, formOf({ title: 'T' }, images));
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('A file upload can hold at most 10 images');
    const two = await post(
      a.token,
      formOf({ title: 'T' }, [
        ['excelFile', file(FILES.csv(), 'a.csv')],
        ['excelFile', file(FILES.csv(), 'b.csv')],
      ]),
    );
    expect(two.status).toBe(400);
    expect(two.body.message).toBe('Only one Excel or CSV file can be attached');
  });

  it('leaves no object behind when the database write fails', async () => {
    const a = await admin();
    const marker = `Fails ${uniq()}`;
    const name = `orphan-${uniq()}`;
    const restore = await failWritesTitled('file_uploads', 'INSERT', marker);
    try {
      const res = await post(
        a.token,
        formOf({ title: marker }, [
          ['excelFile', file(FILES.xlsx(), `${name}.xlsx`)],
          ['images', file(FILES.png(), `${name}.png`)],
        ]),
      );
      expect(res.status).toBe(500);
      expect(res.body.code).toBe('INTERNAL');
    } finally {
      await restore();
    }
    expect(await keysNamed('file-uploads/', `${name}.xlsx`)).toEqual([]);
    expect(await keysNamed('file-uploads/', `${name}.png`)).toEqual([]);
  });

  it('keeps the objects of a successful upload', async () => {
    const a = await admin();
    const res = await post(
      a.token,
      formOf({ title: 'Kept' }, [
        ['excelFile', file(FILES.csv(), 'k.csv')],
        ['images', file(FILES.png(), 'k.png')],
      ]),
    );
    expect(await exists(res.body.data.excelFile.key)).toBe(true);
    expect(await exists(res.body.data.images[0].key)).toBe(true);
  });
});

describe('file-uploads writes: the role matrix', () => {
  it('refuses visitors (401) and non-admin roles (403) on every write; admin-capable roles pass', async () => {
    const owner = await admin();
    const created = await post(owner.token, formOf({ title: 'Matrix' }));
    const id = created.body.data._id;
    const writes: [string, string, (() => FormData) | undefined, unknown?][] = [
      ['POST', '/api/file-uploads', () => formOf({ title: 'x' })],
      ['PUT', `/api/file-uploads/${id}`, () => formOf({ title: 'y' })],
      ['DELETE', '/api/file-uploads', undefined, { uploadIds: [id] }],
      ['DELETE', `/api/file-uploads/${id}`, undefined],
    ];
    for (const [method, path, form, json] of writes) {
      const init = () => ({ method, ...(form ? { raw: form() } : {}), ...(json ? { body: json } : {}) });
      expect((await api(path, init())).status, `${method} ${path}`).toBe(401);
      for (const role of ['student', 'member', 'instructor'] as const) {
        const u = await createUser({ role });
        const res = await api(path, { ...init(), token: u.token });
        expect(res.status, `${role} ${method} ${path}`).toBe(403);
      }
    }
    for (const role of ['admin', 'grandmaster', 'super-admin'] as const) {
      const u = await createUser({ role });
      const res = await post(u.token, formOf({ title: role }));
      expect(res.status).toBe(201);
      expect(res.body.data.uploadedBy).toBe(u.id);
      expect(
        (await api(`/api/file-uploads/${res.body.data._id}`, { method: 'PUT', token: u.token, raw: formOf({ title: `${role}!` }) })).body
          .data.title,
      ).toBe(`${role}!`);
      expect((await api(`/api/file-uploads/${res.body.data._id}`, { method: 'DELETE', token: u.token })).status).toBe(200);
    }
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const { token } = await createUser({ role: 'admin' });
    await expectPixelBombRefused(
      (file) => api('/api/file-uploads', { method: 'POST', token, raw: multipartForm({ title: 'Bomb' }, { images: file }) }),
      'file-uploads/',
    );
  });
});
