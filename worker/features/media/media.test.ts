import { describe, expect, it } from 'vitest';
import { api, uniq } from '#test/helpers.ts';
import {
  bucket,
  expectAdminOnly,
  failingValue,
  formOf,
  HOSTILE_BODIES,
  jpeg,
  keyOf,
  keysUnder,
  mp4,
  png,
  sendForm,
  sendRaw,
  SVG,
  tokenOf,
  expectPixelBombRefused,
} from '#test/content-helpers.ts';

const owner = () => `owner-${uniq()}`;

describe('POST /api/media/:ownerId', () => {
  it('uploads images and videos for an owner, all with the alt text and caption sent', async () => {
    const ownerId = owner();
    const res = await sendForm(
      `/api/media/${ownerId}`,
      formOf(
        { altText: 'Seminar hall', caption: 'Autumn seminar' },
        {
          files: [
            { bytes: jpeg(), name: 'hall.jpg' },
            { bytes: mp4(), name: 'demo.mp4' },
          ],
        },
      ),
      { token: await tokenOf('admin') },
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, count: 2, message: 'Media uploaded successfully' });
    expect(res.body.data[0]).toMatchObject({
      ownerId,
      mediaType: 'image',
      mimeType: 'image/jpeg',
      width: 640,
      height: 480,
      fileName: 'hall.jpg',
      altText: 'Seminar hall',
      caption: 'Autumn seminar',
    });
    expect(res.body.data[1]).toMatchObject({ mediaType: 'video', mimeType: 'video/mp4', width: null });
    expect(res.body.data[0].url).toMatch(new RegExp(`^/api/files/media/${ownerId}/[0-9a-z]{24}\\.jpg$`));
    expect((await keysUnder(`media/${ownerId}/`)).sort()).toEqual(res.body.data.map((m: { url: string }) => keyOf(m.url)).sort());
    const served = await api(res.body.data[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/jpeg');
  });

  it('stores nothing when one file is refused (415) or too large (413)', async () => {
    const token = await tokenOf('admin');
    const ownerId = owner();
    const wrong = await sendForm(
      `/api/media/${ownerId}`,
      formOf(
        {},
        {
          files: [
            { bytes: await png(), name: 'ok.png' },
            { bytes: SVG, name: 'x.svg' },
          ],
        },
      ),
      { token },
    );
    expect(wrong.status).toBe(415);
    expect(wrong.body.message).toBe('Only JPEG, PNG, and WebP images or MP4 and WebM videos are allowed');
    const big = new Uint8Array(5 * 1024 * 1024 + 1);
    big.set(await png());
    const tooBig = await sendForm(
      `/api/media/${ownerId}`,
      formOf(
        {},
        {
          files: [
            { bytes: await png(), name: 'ok.png' },
            { bytes: big, name: 'big.png' },
          ],
        },
      ),
      { token },
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Image size must not exceed 5MB');
    expect(await keysUnder(`media/${ownerId}/`)).toEqual([]);
    expect((await api(`/api/media/${ownerId}`)).body.data).toEqual([]);
  });

  it('removes every stored object when the database write fails', async () => {
    const ownerId = owner();
    const caption = await failingValue('media', 'caption');
    const res = await sendForm(
      `/api/media/${ownerId}`,
      formOf(
        { caption },
        {
          files: [
            { bytes: await png(), name: 'a.png' },
            { bytes: mp4(), name: 'b.mp4' },
          ],
        },
      ),
      { token: await tokenOf('admin') },
    );
    expect(res.status).toBe(500);
    expect(await keysUnder(`media/${ownerId}/`)).toEqual([]);
  });

  it('needs form data with files and a well-formed owner id', async () => {
    const token = await tokenOf('admin');
    const json = await api(`/api/media/${owner()}`, { token, body: { files: [] } });
    expect(json.status).toBe(400);
    expect(json.body.message).toBe('Upload the files as multipart form data (field "files")');
    const none = await sendForm(`/api/media/${owner()}`, formOf({ caption: 'x' }), { token });
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Choose at least one image or video to upload');
    const badOwner = await sendForm('/api/media/has%20space', formOf({}, { files: { bytes: await png(), name: 'a.png' } }), { token });
    expect(badOwner.status).toBe(400);
    expect(badOwner.body.message).toBe('Invalid owner ID');
  });

  it('is for admin-capable roles only', async () => {
    const bytes = await png();
    await expectAdminOnly((token) =>
      sendForm(`/api/media/${owner()}`, formOf({}, { files: { bytes, name: 'a.png' } }), token ? { token } : {}),
    );
  });
});

describe('GET /api/media/:ownerId', () => {
  it('lists an owner’s media publicly, newest first, filterable by type', async () => {
    const token = await tokenOf('admin');
    const ownerId = owner();
    await sendForm(`/api/media/${ownerId}`, formOf({}, { files: { bytes: await png(), name: 'first.png' } }), { token });
    await sendForm(`/api/media/${ownerId}`, formOf({}, { files: { bytes: mp4(), name: 'second.mp4' } }), { token });
    const res = await api(`/api/media/${ownerId}`);
    expect(res.status).toBe(200);
    expect(res.body.data.map((m: { fileName: string }) => m.fileName)).toEqual(['second.mp4', 'first.png']);
    expect(res.body.media).toEqual(res.body.data);
    expect(res.body.pagination).toEqual({ page: 1, limit: 50, total: 2, totalPages: 1, hasMore: false });
    const images = await api(`/api/media/${ownerId}?mediaType=image`);
    expect(images.body.data.map((m: { fileName: string }) => m.fileName)).toEqual(['first.png']);
    expect((await api(`/api/media/${owner()}`)).body.data).toEqual([]);
  });
});

describe('DELETE /api/media/:ownerId/:mediaId', () => {
  it('deletes the item and its object; another owner’s id is 404', async () => {
    const token = await tokenOf('admin');
    const ownerId = owner();
    const up = await sendForm(`/api/media/${ownerId}`, formOf({}, { files: { bytes: await png(), name: 'a.png' } }), { token });
    const item = up.body.data[0];
    const wrongOwner = await api(`/api/media/${owner()}/${item._id}`, { method: 'DELETE', token });
    expect(wrongOwner.status).toBe(404);
    expect(wrongOwner.body.message).toBe('Media item not found');
    const res = await api(`/api/media/${ownerId}/${item._id}`, { method: 'DELETE', token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: { _id: item._id }, message: 'Media item deleted successfully' });
    expect(await bucket().head(keyOf(item.url))).toBeNull();
  });

  it('is for admin-capable roles only', async () => {
    const admin = await tokenOf('admin');
    const bytes = await png();
    await expectAdminOnly(async (token) => {
      const ownerId = owner();
      const up = await sendForm(`/api/media/${ownerId}`, formOf({}, { files: { bytes, name: 'a.png' } }), { token: admin });
      return api(`/api/media/${ownerId}/${up.body.data[0]._id}`, { method: 'DELETE', ...(token ? { token } : {}) });
    });
  });
});

describe('hostile bodies', () => {
  it('never answer a 5xx', async () => {
    const token = await tokenOf('admin');
    for (const raw of HOSTILE_BODIES) {
      const res = await sendRaw(`/api/media/${owner()}`, 'POST', raw, token);
      expect(res.status, raw.slice(0, 80)).toBeLessThan(500);
    }
  });
});

describe('image dimensions', () => {
  it('refuses a PNG header claiming 100000×100000 pixels with 400, storing nothing', async () => {
    const token = await tokenOf('admin');
    await expectPixelBombRefused((file) => sendForm(`/api/media/${owner()}`, formOf({}, { files: file }), { token }), 'media/');
  });
});
