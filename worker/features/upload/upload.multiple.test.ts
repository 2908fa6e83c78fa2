import { describe, expect, it } from 'vitest';
import { fixtureBytes, paddedImage } from '#worker/lib/image-size.fixtures.ts';
import { createUser } from '#test/helpers.ts';
import { uploadMultiple } from './upload.service.ts';
import { bucket, objectsBy, postMultiple, postSingle, uploadForm } from './upload.test-helpers.ts';
import { readBody } from '#worker/lib/body.ts';
import type { ServiceCtx } from '#worker/lib/service-context.ts';

const MB = 1024 * 1024;
const admin = () => createUser({ role: 'admin' });

describe('POST /api/upload/multiple', () => {
  it('stores every file and answers them in order', async () => {
    const u = await admin();
    const res = await postMultiple(
      u.token,
      uploadForm(
        'files',
        [
          { bytes: fixtureBytes('png9x8'), name: 'one.png' },
          { bytes: fixtureBytes('jpegProgressive33x17'), name: 'two.jpg' },
          { bytes: fixtureBytes('webpLossy5x4'), name: 'three.webp' },
        ],
        { folder: 'events' },
      ),
    );
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ success: true, count: 3, message: '3 files uploaded successfully' });
    expect(res.body.data.map((d: { originalName: string; width: number; height: number }) => [d.originalName, d.width, d.height])).toEqual([
      ['one.png', 9, 8],
      ['two.jpg', 33, 17],
      ['three.webp', 5, 4],
    ]);
    for (const d of res.body.data) expect(d.key).toMatch(/^events\/[0-9a-z]{24}\.(png|jpg|webp)$/);
    expect(await objectsBy(u.id)).toEqual(res.body.data.map((d: { key: string }) => d.key).sort());
  });

  it('is all or nothing: one bad file refuses the call with its index, and nothing is stored', async () => {
    const u = await admin();
    const res = await postMultiple(
      u.token,
      uploadForm('files', [
        { bytes: fixtureBytes('png9x8'), name: 'ok.png' },
        { bytes: '<svg/>', name: 'bad.svg' },
      ]),
    );
    expect(res.status).toBe(415);
    expect(res.body).toMatchObject({
      message: 'Only JPEG, PNG, WebP and GIF images or PDF files are allowed',
      errors: [{ path: 'files.1', message: 'bad.svg: Only JPEG, PNG, WebP and GIF images or PDF files are allowed' }],
    });
    const tooBig = await postMultiple(
      u.token,
      uploadForm('files', [
        { bytes: fixtureBytes('png9x8'), name: 'ok.png' },
        { bytes: paddedImage('gif7x6', 5 * MB + 1), name: 'big.gif' },
      ]),
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.message).toBe('Image size must not exceed 5MB');
    expect(await objectsBy(u.id)).toEqual([]);
  });

  it('refuses no files, more than 10 files, and more than 30MB in all', async () => {
    const u = await admin();
    const none = await postMultiple(u.token, uploadForm('files', []));
    expect(none.status).toBe(400);
    expect(none.body.message).toBe('Please choose at least one file to upload');
    const eleven = Array.from({ length: 11 }, (_, i) => ({ bytes: fixtureBytes('png9x8'), name: `${i}.png` }));
    const many = await postMultiple(u.token, uploadForm('files', eleven));
    expect(many.status).toBe(400);
    expect(many.body.message).toBe('You can upload at most 10 files at once');
    const seven = Array.from({ length: 7 }, (_, i) => ({ bytes: paddedImage('png9x8', 5 * MB), name: `${i}.png` }));
    const heavy = await postMultiple(u.token, uploadForm('files', seven));
    expect(heavy.status).toBe(413);
    expect(heavy.body.message).toBe('Total upload size must not exceed 30MB');
    expect(await objectsBy(u.id)).toEqual([]);
  });

  it('deletes the objects already stored when a later put fails', async () => {
    const real = bucket();
    const stored: string[] = [];
    let calls = 0;
    const flaky = {
      put: async (key: string, value: Uint8Array, opts: R2PutOptions) => {
        if (++calls === 2) throw new Error('R2 is down');
        stored.push(key);
        return real.put(key, value, opts);
      },
      delete: (key: string) => real.delete(key),
    } as unknown as R2Bucket;
    const form = uploadForm('files', [
      { bytes: fixtureBytes('png9x8'), name: 'a.png' },
      { bytes: fixtureBytes('gif7x6'), name: 'b.gif' },
      { bytes: fixtureBytes('webpLossy5x4'), name: 'c.webp' },
    ]);
    const request = new Request('http://dojo.test/api/upload/multiple', { method: 'POST', body: form });
    const ctx = { storage: flaky, user: { id: 'flaky-test', role: 'admin' } } as unknown as ServiceCtx;
    const body = await readBody(request, { maxBytes: 1024 * 1024, tooLargeMessage: 'too large' });
    await expect(uploadMultiple(ctx, body)).rejects.toThrow('R2 is down');
    expect(stored.length).toBeGreaterThan(0);
    for (const key of stored) expect(await real.head(key)).toBeNull();
  });
});

describe('upload access', () => {
  const form = () => uploadForm('file', [{ bytes: fixtureBytes('png9x8'), name: 'a.png' }]);

  it('refuses a caller without a token (401) and non-admin roles (403), storing nothing', async () => {
    const anonymous = await postSingle(undefined, form());
    expect(anonymous.status).toBe(401);
    expect(anonymous.body).toMatchObject({ success: false, code: 'UNAUTHORIZED' });
    expect((await postMultiple(undefined, uploadForm('files', []))).status).toBe(401);
    for (const role of ['student', 'member', 'instructor'] as const) {
      const u = await createUser({ role });
      const single = await postSingle(u.token, form());
      expect(single.status, role).toBe(403);
      expect(single.body.code).toBe('FORBIDDEN');
      expect((await postMultiple(u.token, uploadForm('files', [{ bytes: fixtureBytes('png9x8'), name: 'a.png' }]))).status).toBe(403);
      expect(await objectsBy(u.id)).toEqual([]);
    }
  });

  it.each(['grandmaster', 'admin', 'super-admin'] as const)('lets a %s upload', async (role) => {
    const u = await createUser({ role });
    expect((await postSingle(u.token, form())).status).toBe(201);
    expect((await postMultiple(u.token, uploadForm('files', [{ bytes: fixtureBytes('png9x8'), name: 'a.png' }]))).status).toBe(201);
    expect(await objectsBy(u.id)).toHaveLength(2);
  });
});
