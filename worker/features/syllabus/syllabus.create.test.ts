import { describe, expect, it } from 'vitest';
import { api, createUser, uniq } from '#test/helpers.ts';
import { FILES, failWritesTitled, file, formOf, keysNamed } from '#test/file-helpers.ts';
import { asAdmin, itemRow } from './syllabus.test-helpers.ts';

const post = (token: string | undefined, body: FormData) =>
  api('/api/syllabus', { method: 'POST', ...(token ? { token } : {}), raw: body });
const base = (extra: Record<string, string> = {}) => ({ title: `Kihon ${uniq()}`, grade: 'yellow', category: 'kihon', ...extra });

describe('POST /api/syllabus', () => {
  it('creates an item with links from the bracket syntax and stores each material privately', async () => {
    const admin = await asAdmin();
    const pdfName = `Kata notes ${uniq()}.pdf`;
    const res = await post(
      admin.token,
      formOf(
        {
          title: '  Heian Nidan ',
          description: 'Second kata',
          grade: 'Yellow Belt',
          category: 'Kata',
          'externalLinks[1][url]': 'https://example.com/article',
          'externalLinks[1][title]': 'History',
          'externalLinks[1][type]': 'article',
          'externalLinks[0][title]': 'Walkthrough',
          'externalLinks[0][url]': 'https://video.example/nidan',
          'externalLinks[0][type]': 'video',
        },
        [
          ['materials', file(FILES.pdf(), pdfName, 'text/html')],
          ['materials', file(FILES.png(), 'stance.png', 'image/png')],
          ['materials', file(FILES.mp4(), 'demo.mp4', 'video/mp4')],
          ['materials', file(FILES.docx(), 'terms.docx')],
        ],
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Syllabus item created successfully' });
    const item = res.body.data;
    expect(item).toMatchObject({
      _id: expect.any(String),
      title: 'Heian Nidan',
      description: 'Second kata',
      grade: 'yellow',
      category: 'kata',
      isActive: true,
      createdBy: admin.id,
      externalLinks: [
        { title: 'Walkthrough', url: 'https://video.example/nidan', type: 'video' },
        { title: 'History', url: 'https://example.com/article', type: 'article' },
      ],
    });
    expect(item).not.toHaveProperty('gradeRank');
    expect(item.materials.map((m: { kind: string; mimeType: string }) => [m.kind, m.mimeType])).toEqual([
      ['document', 'application/pdf'],
      ['image', 'image/png'],
      ['video', 'video/mp4'],
      ['document', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ]);
    expect(item.materials[0]).toMatchObject({ name: pdfName, filename: pdfName, size: 64 });
    expect(item.materials[1]).toMatchObject({ width: 9, height: 8 });
    for (const m of item.materials) {
      expect(m.url).toMatch(new RegExp(`^/api/syllabus/${item._id}/materials/${m._id}\\?uid=${admin.id}&exp=\\d+&sig=[A-Za-z0-9_-]{43}$`));
      expect(m).not.toHaveProperty('key');
    }
    const row = await itemRow(item._id);
    expect(row?.materials.map((m) => m.key)).toEqual(
      item.materials.map((m: { _id: string }, i: number) => `syllabus/${m._id}.${['pdf', 'png', 'mp4', 'docx'][i]}`),
    );
    expect(await keysNamed('syllabus/', pdfName)).toEqual([row!.materials[0]!.key]);
    expect((await api(`/api/files/${row!.materials[0]!.key}`)).status).toBe(404);
  });

  it('accepts JSON without files, with links as a list', async () => {
    const admin = await createUser({ role: 'grandmaster' });
    const res = await api('/api/syllabus', {
      method: 'POST',
      token: admin.token,
      body: { title: 'Dojo etiquette', grade: 'white', category: 'theory', externalLinks: [{ url: 'https://example.com/etiquette' }] },
    });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      materials: [],
      externalLinks: [{ title: 'https://example.com/etiquette', url: 'https://example.com/etiquette', type: 'other' }],
    });
  });

  it.each([
    [{ grade: 'white', category: 'kata' }, 'Title is required'],
    [{ title: '   ', grade: 'white', category: 'kata' }, 'Title is required'],
    [{ title: 'x'.repeat(201), grade: 'white', category: 'kata' }, 'Title must be at most 200 characters'],
    [{ title: 'T', category: 'kata' }, 'Grade is required'],
    [{ title: 'T', grade: 'rainbow', category: 'kata' }, expect.stringMatching(/^Grade must be one of: white, yellow, orange/)],
    [{ title: 'T', grade: 'white' }, 'Category is required'],
    [{ title: 'T', grade: 'white', category: 'dance' }, expect.stringMatching(/^Category must be one of: kata/)],
    [{ title: 'T', grade: 'white', category: 'kata', isActive: 'maybe' }, 'isActive must be true or false'],
  ])('refuses %j with 400 "%s"', async (fields, message) => {
    const admin = await asAdmin();
    const res = await post(admin.token, formOf(fields as Record<string, string>));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, code: 'BAD_REQUEST', message });
  });

  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(document.cookie)',
    'data:text/html,<script>alert(1)</script>',
    'vbscript:x',
    'ftp://files.example/x',
    '/relative/path',
    'https://',
  ])('refuses the link %s and stores nothing', async (url) => {
    const admin = await asAdmin();
    const name = `linked-${uniq()}.pdf`;
    const res = await post(
      admin.token,
      formOf({ ...base(), 'externalLinks[0][title]': 'Click', 'externalLinks[0][url]': url }, [['materials', file(FILES.pdf(), name)]]),
    );
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({
      message: 'External links must be http:// or https:// URLs',
      errors: [{ path: 'externalLinks.0.url' }],
    });
    expect(await keysNamed('syllabus/', name)).toEqual([]);
  });

  it('refuses a link without a URL, an unknown link type and more than 20 links', async () => {
    const admin = await asAdmin();
    const noUrl = await post(admin.token, formOf({ ...base(), 'externalLinks[0][title]': 'Only a title' }));
    expect(noUrl.body.message).toBe('Each external link needs a URL');
    const badType = await post(
      admin.token,
      formOf({ ...base(), 'externalLinks[0][url]': 'https://a.example', 'externalLinks[0][type]': 'podcast' }),
    );
    expect(badType.body.message).toBe('External link type must be one of: video, article, document, audio, website, other');
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`externalLinks[${i}][url]`, `https://a.example/${i}`]));
    const tooMany = await post(admin.token, formOf({ ...base(), ...many }));
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.message).toBe('A syllabus item can hold at most 20 external links');
  });

  it.each([
    ['plain text named .pdf', () => new TextEncoder().encode('just text'), 'notes.pdf'],
    ['an SVG', FILES.svg, 'logo.svg'],
    ['HTML', FILES.html, 'page.html'],
    ['a GIF', FILES.gif, 'anim.gif'],
    ['a ZIP that is no Office file', FILES.zip, 'archive.docx'],
    ['an Excel sheet', FILES.xlsx, 'marks.xlsx'],
    ['an empty file', () => new Uint8Array(0), 'empty.pdf'],
  ])('refuses %s with 415 and stores nothing of the request', async (_label, bytes, name) => {
    const admin = await asAdmin();
    const good = `good-${uniq()}.pdf`;
    const res = await post(
      admin.token,
      formOf(base(), [
        ['materials', file(FILES.pdf(), good)],
        ['materials', file(bytes(), name, 'application/pdf')],
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only PDF, Word (.docx), JPEG, PNG, WebP images and MP4 videos are allowed',
    });
    expect(await keysNamed('syllabus/', good)).toEqual([]);
  });

  it('refuses files over the limit of their kind with 413 and stores nothing', async () => {
    const admin = await asAdmin();
    const name = `big-${uniq()}`;
    const image = await post(admin.token, formOf(base(), [['materials', file(FILES.bigPng(5 * 1024 * 1024 + 1), `${name}.png`)]]));
    expect(image.status).toBe(413);
    expect(image.body).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', message: 'Image size must not exceed 5MB' });
    const doc = await post(admin.token, formOf(base(), [['materials', file(FILES.pdf(10 * 1024 * 1024 + 1), `${name}.pdf`)]]));
    expect(doc.status).toBe(413);
    expect(doc.body.message).toBe('Document size must not exceed 10MB');
    const video = await post(admin.token, formOf(base(), [['materials', file(FILES.mp4(8 * 1024 * 1024), `${name}.mp4`)]]));
    expect(video.status).toBe(201);
    expect(await keysNamed('syllabus/', `${name}.png`)).toEqual([]);
    expect(await keysNamed('syllabus/', `${name}.pdf`)).toEqual([]);
  });

  it('refuses a body declared over 30MB before reading it, and more than 10 files at once', async () => {
    const admin = await asAdmin();
    const declared = await api('/api/syllabus', {
      method: 'POST',
      token: admin.token,
      raw: new Uint8Array(1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(31 * 1024 * 1024) },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('The upload is too large: at most 30MB per request');
    const files = Array.from({ length: 11 }, (_, i): [string, File] => ['materials', file(FILES.pdf(), `${i}.pdf`)]);
    const many = await post(admin.token, formOf(base(), files));
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('You can upload at most 10 materials at a time');
  });

  it('leaves no object behind when the database write fails after the upload', async () => {
    const admin = await asAdmin();
    const marker = `Fails ${uniq()}`;
    const name = `orphan-${uniq()}.pdf`;
    const restore = await failWritesTitled('syllabus_items', 'INSERT', marker);
    try {
      const res = await post(
        admin.token,
        formOf(base({ title: marker }), [
          ['materials', file(FILES.pdf(), name)],
          ['materials', file(FILES.png(), `${name}.png`)],
        ]),
      );
      expect(res.status).toBe(500);
      expect(res.body).toMatchObject({ success: false, code: 'INTERNAL' });
      expect(JSON.stringify(res.body)).not.toContain('injected');
    } finally {
      await restore();
    }
    expect(await keysNamed('syllabus/', name)).toEqual([]);
    expect(await keysNamed('syllabus/', `${name}.png`)).toEqual([]);
  });

  it('answers 415 to a body that is neither multipart nor JSON, and 400 to broken multipart', async () => {
    const admin = await asAdmin();
    const xml = await api('/api/syllabus', {
      method: 'POST',
      token: admin.token,
      raw: '<x/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.status).toBe(415);
    const broken = await api('/api/syllabus', {
      method: 'POST',
      token: admin.token,
      raw: '--nope\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('The form data could not be read');
  });
});
