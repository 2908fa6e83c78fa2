import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bigPng,
  bucket,
  expectAdminOnly,
  failingValue,
  formOf,
  GIF,
  jpeg,
  keyOf,
  mp4,
  objectsNamed,
  png,
  sendForm,
  SVG,
  tokenOf,
  webm,
  webp,
} from '#test/content-helpers.ts';
import { external, tagged } from './assets.test-helpers.ts';

const MB = 1024 * 1024;

describe('POST /api/assets with an external link', () => {
  it('records an external asset and answers 201 with it', async () => {
    const token = await tokenOf('admin');
    const tag = tagged();
    const res = await api('/api/assets', {
      token,
      body: external(tag, { title: 'Summer camp', featured: true, altText: 'Kids on the beach' }),
    });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, message: 'Asset created successfully' });
    expect(res.body.data).toMatchObject({
      source: 'external',
      mediaType: 'image',
      title: 'Summer camp',
      featured: true,
      altText: 'Kids on the beach',
      tags: [tag],
    });
    expect(res.body.data.url).toBe(res.body.data.externalUrlLink);
    expect((await api(`/api/assets/${res.body.data._id}`)).body.data).toEqual(res.body.data);
  });

  it('lets admin-capable roles create, and nobody else', async () => {
    await expectAdminOnly((token) => api('/api/assets', { body: external(tagged()), ...(token ? { token } : {}) }));
  });

  it.each([
    ['javascript:alert(1)'],
    ['JavaScript:alert(document.cookie)'],
    ['data:text/html,<script>alert(1)</script>'],
    ['//evil.example/x.png'],
    ['ftp://files.example/x.png'],
    ['not a url'],
  ])('refuses the link %s with 400', async (link) => {
    const tag = tagged();
    const res = await api('/api/assets', { token: await tokenOf('admin'), body: external(tag, { externalUrlLink: link }) });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: 'External URL link must be an http:// or https:// address' });
    expect((await api(`/api/assets?tag=${tag}`)).body.data).toEqual([]);
  });

  it('needs a link and a media type of image or video', async () => {
    const token = await tokenOf('admin');
    const noLink = await api('/api/assets', { token, body: { mediaType: 'image' } });
    expect(noLink.status).toBe(400);
    expect(noLink.body.message).toBe('External URL link is required');
    const badType = await api('/api/assets', { token, body: { externalUrlLink: 'https://x.example/a.mp3', mediaType: 'audio' } });
    expect(badType.status).toBe(400);
    expect(badType.body.message).toBe('Media type must be image or video');
    const multipartNothing = await sendForm('/api/assets', formOf({ title: 'nothing' }), { token });
    expect(multipartNothing.status).toBe(400);
    expect(multipartNothing.body.message).toBe('Upload a file or give an externalUrlLink');
  });

  it('accepts a site path such as /images/gallery-1.svg (never //host)', async () => {
    const res = await api('/api/assets', {
      token: await tokenOf('admin'),
      body: { externalUrlLink: '/images/gallery-1.svg', mediaType: 'image' },
    });
    expect(res.status).toBe(201);
    expect(res.body.data.url).toBe('/images/gallery-1.svg');
  });
});

describe('POST /api/assets with a file', () => {
  it('stores a real PNG under a server-made key, records its size and serves it back', async () => {
    const token = await tokenOf('grandmaster');
    const name = `dojo-${uniq()}.png`;
    const bytes = await png(3, 2);
    const res = await sendForm(
      '/api/assets',
      formOf({ title: 'Dojo floor', featured: 'true', tags: 'dojo, floor' }, { file: { bytes, name: `../${name}`, type: 'text/html' } }),
      { token },
    );
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      source: 'upload',
      mediaType: 'image',
      mimeType: 'image/png',
      size: bytes.byteLength,
      width: 3,
      height: 2,
      title: 'Dojo floor',
      featured: true,
      tags: ['dojo', 'floor'],
      externalUrlLink: null,
    });
    expect(res.body.data.url).toMatch(/^\/api\/files\/assets\/[0-9a-z]{24}\.png$/);
    const served = await api(res.body.data.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    const stored = await bucket().get(keyOf(res.body.data.url));
    expect(new Uint8Array(await stored!.arrayBuffer())).toEqual(bytes);
  });

  it('takes JPEG and WebP images with their pixel size, and MP4/WebM videos as video', async () => {
    const token = await tokenOf('admin');
    const cases = [
      { bytes: jpeg(), name: 'a.jpg', mediaType: 'image', mimeType: 'image/jpeg', width: 640, height: 480 },
      { bytes: webp(), name: 'b.webp', mediaType: 'image', mimeType: 'image/webp', width: 5, height: 4 },
      { bytes: mp4(), name: 'c.mp4', mediaType: 'video', mimeType: 'video/mp4', width: null, height: null },
      { bytes: webm(), name: 'd.webm', mediaType: 'video', mimeType: 'video/webm', width: null, height: null },
    ];
    for (const { bytes, name, ...want } of cases) {
      const res = await sendForm('/api/assets', formOf({}, { file: { bytes, name } }), { token });
      expect(res.status, name).toBe(201);
      expect(res.body.data).toMatchObject({ ...want, source: 'upload', title: name.replace(/\..*$/, '') });
    }
  });

  it.each([
    ['a GIF', GIF, 'a.gif'],
    ['an SVG', SVG, 'a.svg'],
    ['text named .png', 'hello, I am a png', 'a.png'],
    ['an HTML page', '<!doctype html><script>alert(1)</script>', 'a.mp4'],
  ])('refuses %s with 415 and stores nothing', async (_label, bytes, ext) => {
    const name = `${uniq()}-${ext}`;
    const res = await sendForm('/api/assets', formOf({}, { file: { bytes, name, type: 'image/png' } }), { token: await tokenOf('admin') });
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPEG, PNG, and WebP images or MP4 and WebM videos are allowed',
    });
    expect(await objectsNamed('assets/', name)).toEqual([]);
  });

  it('refuses an image over 5 MB with 413 and stores nothing', async () => {
    const name = `big-${uniq()}.png`;
    const res = await sendForm('/api/assets', formOf({}, { file: { bytes: await bigPng(5 * MB + 1), name } }), {
      token: await tokenOf('admin'),
    });
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'Image size must not exceed 5MB' });
    expect(await objectsNamed('assets/', name)).toEqual([]);
  });

  it('refuses a video over 50 MB with 413 and stores nothing', async () => {
    const name = `long-${uniq()}.mp4`;
    const big = new Uint8Array(50 * MB + 1);
    big.set(mp4());
    const res = await sendForm('/api/assets', formOf({}, { file: { bytes: big, name } }), { token: await tokenOf('admin') });
    expect(res.status).toBe(413);
    expect(res.body.code).toBe('PAYLOAD_TOO_LARGE');
    expect(await objectsNamed('assets/', name)).toEqual([]);
  });

  it('refuses a declared body over the limit before reading it', async () => {
    const res = await api('/api/assets', {
      method: 'POST',
      token: await tokenOf('admin'),
      raw: new Uint8Array(1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(60 * MB) },
    });
    expect(res.status).toBe(413);
  });

  it('refuses a mediaType that contradicts the file', async () => {
    const res = await sendForm('/api/assets', formOf({ mediaType: 'video' }, { file: { bytes: await png(), name: 'p.png' } }), {
      token: await tokenOf('admin'),
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Media type does not match the uploaded file');
  });

  it('removes the stored object when the database write fails', async () => {
    const title = await failingValue('assets', 'title');
    const name = `orphan-${uniq()}.png`;
    const res = await sendForm('/api/assets', formOf({ title }, { file: { bytes: await png(), name } }), { token: await tokenOf('admin') });
    expect(res.status).toBe(500);
    expect(res.body.message).not.toMatch(/forced|sqlite|trigger/i);
    expect(await objectsNamed('assets/', name)).toEqual([]);
  });
});
