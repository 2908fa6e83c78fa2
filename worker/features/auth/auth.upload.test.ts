import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { makePng, multipartForm } from '#test/fixtures/uploads.ts';
import { api, createUser, getUserRow } from '#test/helpers.ts';
import { pngClaiming } from '#worker/lib/image-size.fixtures.ts';
import { IMAGE_TOO_MANY_PIXELS } from '#worker/lib/image-size.ts';

const bucket = (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

const form = (field: string, bytes: Uint8Array<ArrayBuffer> | string, name: string, type: string) =>
  multipartForm({}, { [field]: { bytes, name, type } });

const upload = (token: string, body: FormData | undefined, type = 'profile-picture') =>
  api(`/api/auth/upload-asset/${type}`, { method: 'POST', token, ...(body ? { raw: body } : {}) });

const objectsOf = async (userId: string) => (await bucket.list({ prefix: `avatars/${userId}/` })).objects.map((o) => o.key);

describe('POST /api/auth/upload-asset/profile-picture', () => {
  it('stores a real PNG under a server-made key and serves it back with its type and nosniff', async () => {
    const u = await createUser({ role: 'student' });
    const png = await makePng();
    const res = await upload(u.token, form('file', png, '../../evil name.exe', 'text/html'));
    expect(res.status).toBe(200);
    expect(res.body.success).toBe(true);
    const url: string = res.body.data.url;
    expect(url).toMatch(new RegExp(`^/api/auth/assets/avatars/${u.id}/[0-9a-z]{24}\\.png$`));
    expect(res.body.user.profilePicture).toBe(url);
    expect((await getUserRow(u.id))!.profilePicture).toBe(url.replace('/api/auth/assets/', ''));

    const served = await api(url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-disposition')).toBe('inline');
    expect(served.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const object = await bucket.get(url.replace('/api/auth/assets/', ''));
    expect(new Uint8Array(await object!.arrayBuffer())).toEqual(png);
    expect((await api('/api/auth/me', { token: u.token })).body.data.profilePicture).toBe(url);
  });

  it('accepts the field name "files" too, and replacing a picture deletes the old object', async () => {
    const u = await createUser({ role: 'member' });
    const first = await upload(u.token, form('files', await makePng(), 'a.png', 'image/png'));
    const second = await upload(u.token, form('files', await makePng(), 'b.png', 'image/png'));
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(await objectsOf(u.id)).toEqual([second.body.data.url.replace('/api/auth/assets/', '')]);
    expect((await api(first.body.data.url)).status).toBe(404);
  });

  it('refuses a text file named .png with 415 and stores nothing', async () => {
    const u = await createUser({ role: 'member' });
    const res = await upload(u.token, form('file', 'just some text, honestly', 'photo.png', 'image/png'));
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      success: false,
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: 'Only JPEG, PNG, and WebP images are allowed',
    });
    expect(await objectsOf(u.id)).toEqual([]);
  });

  it('refuses a PNG whose header claims 100000 × 100000 pixels, and stores nothing', async () => {
    const u = await createUser({ role: 'student' });
    const res = await upload(u.token, form('file', pngClaiming(100_000, 100_000), 'huge.png', 'image/png'));
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ success: false, message: IMAGE_TOO_MANY_PIXELS });
    expect(await objectsOf(u.id)).toEqual([]);
    expect((await getUserRow(u.id))!.profilePicture).toBeNull();
  });

  it('refuses an SVG and a GIF with 415', async () => {
    const u = await createUser({ role: 'member' });
    const svg = await upload(
      u.token,
      form('file', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'a.svg', 'image/svg+xml'),
    );
    expect(svg.status).toBe(415);
    const gif = await upload(u.token, form('file', 'GIF89a\x01\x00\x01\x00', 'a.gif', 'image/gif'));
    expect(gif.status).toBe(415);
  });

  it.each([
    ['just over the limit', 2 * 1024 * 1024 + 1],
    ['far over the limit', 3 * 1024 * 1024],
  ])('refuses a file %s with 413 and leaves no object', async (_label, size) => {
    const u = await createUser({ role: 'member' });
    const big = new Uint8Array(size);
    big.set(await makePng());
    const res = await upload(u.token, form('file', big, 'big.png', 'image/png'));
    expect(res.status).toBe(413);
    expect(res.body).toMatchObject({ success: false, code: 'PAYLOAD_TOO_LARGE', message: 'File size must not exceed 2MB' });
    expect(await objectsOf(u.id)).toEqual([]);
    expect((await getUserRow(u.id))!.profilePicture).toBeNull();
  });

  it('refuses a too large declared Content-Length before reading the body', async () => {
    const u = await createUser({ role: 'member' });
    const res = await api('/api/auth/upload-asset/profile-picture', {
      method: 'POST',
      token: u.token,
      raw: new Uint8Array(3 * 1024 * 1024),
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    });
    expect(res.status).toBe(413);
  });

  it('answers 400 without a file, for an unknown asset type, and 401 without a token', async () => {
    const u = await createUser({ role: 'member' });
    const none = await upload(u.token, new FormData());
    expect(none.status).toBe(400);
    const wrongType = await upload(u.token, form('file', await makePng(), 'a.png', 'image/png'), 'banner');
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.message).toMatch(/^Unsupported asset type/);
    const anonymous = await api('/api/auth/upload-asset/profile-picture', {
      method: 'POST',
      raw: form('file', await makePng(), 'a.png', 'image/png'),
    });
    expect(anonymous.status).toBe(401);
  });
});

describe('DELETE /api/auth/upload-asset/profile-picture and GET /api/auth/assets/*', () => {
  it('removes the picture and its object', async () => {
    const u = await createUser({ role: 'member' });
    const up = await upload(u.token, form('file', await makePng(), 'a.png', 'image/png'));
    const res = await api('/api/auth/upload-asset/profile-picture', { method: 'DELETE', token: u.token });
    expect(res.status).toBe(200);
    expect(res.body.user.profilePicture).toBeNull();
    expect(await objectsOf(u.id)).toEqual([]);
    expect((await api(up.body.data.url)).status).toBe(404);
  });

  it('serves only avatar keys', async () => {
    await bucket.put('secret/notes.txt', 'private', { httpMetadata: { contentType: 'text/plain' } });
    expect((await api('/api/auth/assets/secret/notes.txt')).status).toBe(404);
    expect((await api('/api/auth/assets/avatars/../secret/notes.txt')).status).toBe(404);
    expect((await api('/api/auth/assets/avatars/x/y.png')).status).toBe(404);
  });
});
