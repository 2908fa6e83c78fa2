import { describe, expect, it } from 'vitest';
import { fixtureBytes, paddedImage } from '#worker/lib/image-size.fixtures.ts';
import { api, createUser } from '#test/helpers.ts';
import { bucket, objectsBy, postSingle, uploadForm } from './upload.test-helpers.ts';
import { expectPixelBombRefused } from '#test/content-helpers.ts';
import { multipartForm } from '#test/fixtures/uploads.ts';

const MB = 1024 * 1024;
const admin = () => createUser({ role: 'admin' });
const pdf = (size = 0) => {
  const head = new TextEncoder().encode('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n');
  const out = new Uint8Array(Math.max(size, head.length));
  out.set(head);
  return out;
};

describe('POST /api/upload/single', () => {
  it('stores a PNG under a server-made key with its size, and serves it back', async () => {
    const u = await admin();
    const png = fixtureBytes('png9x8');
    const res = await postSingle(u.token, uploadForm('file', [{ bytes: png, name: '../../Dojo banner.png', type: 'text/html' }]));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'File uploaded successfully',
      data: {
        key: expect.stringMatching(/^uploads\/[0-9a-z]{24}\.png$/),
        contentType: 'image/png',
        size: png.byteLength,
        width: 9,
        height: 8,
        originalName: 'Dojo banner.png',
        folder: 'uploads',
        options: { quality: null, format: null, transformation: null },
      },
    });
    const { key, url } = res.body.data;
    expect(url).toBe(`/api/files/${key}`);
    expect(await objectsBy(u.id)).toEqual([key]);
    const object = await bucket().get(key);
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(png);
    expect(object!.customMetadata).toMatchObject({ filename: 'Dojo banner.png', uploadedBy: u.id, width: '9', height: '8' });
    const served = await api(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it.each([
    ['jpegBaseline640x480', 'image/jpeg', 'jpg', 640, 480],
    ['webpLossless5x4', 'image/webp', 'webp', 5, 4],
    ['gif7x6', 'image/gif', 'gif', 7, 6],
  ] as const)('accepts %s and records its dimensions', async (fixture, contentType, ext, width, height) => {
    const u = await admin();
    const res = await postSingle(u.token, uploadForm('file', [{ bytes: fixtureBytes(fixture), name: `photo.${ext}` }]));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ contentType, width, height, key: expect.stringMatching(new RegExp(`\\.${ext}$`)) });
  });

  it('stores a PDF without dimensions and serves it as a download under its name', async () => {
    const u = await admin();
    const res = await postSingle(u.token, uploadForm('file', [{ bytes: pdf(), name: 'Grading rules 2026.pdf' }], { folder: 'Posts' }));
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      contentType: 'application/pdf',
      width: null,
      height: null,
      folder: 'posts',
      key: expect.stringMatching(/^posts\/.+\.pdf$/),
    });
    const served = await api(res.body.data.url);
    expect(served.headers.get('content-type')).toBe('application/pdf');
    expect(served.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Grading%20rules%202026.pdf");
  });

  it('records quality, format and transformation without transforming the image', async () => {
    const u = await admin();
    const png = fixtureBytes('png9x8');
    const res = await postSingle(
      u.token,
      uploadForm('file', [{ bytes: png, name: 'a.png' }], {
        folder: 'media',
        quality: '80',
        format: 'WEBP',
        transformation: 'w_200,h_200,c_fill',
      }),
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      contentType: 'image/png',
      size: png.byteLength,
      options: { quality: '80', format: 'webp', transformation: 'w_200,h_200,c_fill' },
    });
    expect((await bucket().head(res.body.data.key))!.customMetadata).toMatchObject({
      quality: '80',
      format: 'webp',
      transformation: 'w_200,h_200,c_fill',
    });
  });

  it.each([
    [{ folder: 'avatars' }, /^Folder must be one of: assets, charts/],
    [{ folder: 'syllabus' }, /^Folder must be one of/],
    [{ folder: '../secret' }, /^Folder must be one of/],
    [{ quality: '0' }, /^Quality must be auto or a whole number from 1 to 100$/],
    [{ quality: '101' }, /^Quality must be auto/],
    [{ quality: 'best' }, /^Quality must be auto/],
    [{ format: 'bmp' }, /^Format must be one of: auto, jpg, jpeg, png, webp, gif, pdf$/],
    [{ transformation: 'x'.repeat(501) }, /^Transformation must be at most 500 characters$/],
  ])('refuses the options %j with 400 and stores nothing', async (fields, message) => {
    const u = await admin();
    const res = await postSingle(
      u.token,
      uploadForm('file', [{ bytes: fixtureBytes('png9x8'), name: 'a.png' }], fields as Record<string, string>),
    );
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
    expect(res.body.message).toMatch(message);
    expect(await objectsBy(u.id)).toEqual([]);
  });

  it.each([
    ['text named .png', 'hello, I am a png', 'a.png'],
    ['SVG', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a.svg'],
    ['HTML', '<!doctype html><script>alert(1)</script>', 'a.html'],
    ['ZIP', 'PK\x03\x04rest', 'a.zip'],
  ])('refuses %s with 415 and stores nothing', async (_label, bytes, name) => {
    const u = await admin();
    const res = await postSingle(u.token, uploadForm('file', [{ bytes, name, type: 'image/png' }]));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPEG, PNG, WebP and GIF images or PDF files are allowed',
    });
    expect(await objectsBy(u.id)).toEqual([]);
  });

  it('refuses an image over 5MB and a PDF over 10MB with 413 and stores nothing', async () => {
    const u = await admin();
    const image = await postSingle(u.token, uploadForm('file', [{ bytes: paddedImage('png9x8', 5 * MB + 1), name: 'big.png' }]));
    expect(image.status).toBe(413);
    expect(image.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Image size must not exceed 5MB' });
    const doc = await postSingle(u.token, uploadForm('file', [{ bytes: pdf(10 * MB + 1), name: 'big.pdf' }]));
    expect(doc.status).toBe(413);
    expect(doc.body.message).toBe('PDF size must not exceed 10MB');
    const body = await postSingle(u.token, uploadForm('file', [{ bytes: pdf(11 * MB), name: 'huge.pdf' }]));
    expect(body.status).toBe(413);
    expect(body.body.message).toBe('File size must not exceed 10MB');
    expect(await objectsBy(u.id)).toEqual([]);
  });

  it('refuses a declared Content-Length over the limit, and a streamed body as soon as it passes it', async () => {
    const u = await admin();
    const declared = await api('/api/upload/single', {
      method: 'POST',
      token: u.token,
      raw: new Uint8Array(12 * MB),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(declared.status).toBe(413);
    expect(declared.body.message).toBe('File size must not exceed 10MB');

    let pulled = 0;
    const endless = new ReadableStream<Uint8Array>({
      pull(controller) {
        pulled += 256 * 1024;
        controller.enqueue(new Uint8Array(256 * 1024));
        if (pulled > 100 * MB) controller.close();
      },
    });
    const streamed = await api('/api/upload/single', {
      method: 'POST',
      token: u.token,
      raw: endless,
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(streamed.status).toBe(413);
    expect(pulled).toBeLessThan(12 * MB);
  });

  it('answers 400 without a file or without multipart', async () => {
    const u = await admin();
    const none = await postSingle(u.token, uploadForm('file', [], { folder: 'uploads' }));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose a file to upload');
    const empty = await postSingle(u.token, uploadForm('file', [{ bytes: new Uint8Array(), name: '' }]));
    expect(empty.status).toBe(400);
    const json = await api('/api/upload/single', { method: 'POST', token: u.token, body: { file: 'iVBORw0KGgo=' } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Please send the upload as multipart form data');
  });

  it('stores and answers a 5 MB image (timing logged)', async () => {
    const u = await admin();
    const big = paddedImage('jpegBaseline640x480', 5 * MB);
    const form = uploadForm('file', [{ bytes: big, name: 'five-mb.jpg' }]);
    const started = performance.now();
    const res = await postSingle(u.token, form);
    const elapsed = performance.now() - started;
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ size: 5 * MB, width: 640, height: 480, contentType: 'image/jpeg' });
    expect((await bucket().head(res.body.data.key))?.size).toBe(5 * MB);
    console.log(`[measure] POST /api/upload/single with a 5 MB JPEG: ${Math.round(elapsed)} ms`);
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const { token } = await createUser({ role: 'admin' });
    await expectPixelBombRefused(
      (file) => api('/api/upload/single', { method: 'POST', token, raw: multipartForm({}, { file: file }) }),
      'uploads/',
    );
  });
});
