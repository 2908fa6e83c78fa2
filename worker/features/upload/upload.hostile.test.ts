import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { api, createUser } from '#test/helpers.ts';
import { objectsBy, uploadForm } from './upload.test-helpers.ts';

describe('upload under hostile input', () => {
  it('never answers a 5xx to random files, fields and raw bodies, and stores no unknown type', async () => {
    const admin = await createUser({ role: 'admin' });
    const failures: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/api/upload/single', '/api/upload/multiple'),
        fc.uint8Array({ maxLength: 200 }),
        fc.dictionary(fc.constantFrom('folder', 'quality', 'format', 'transformation', 'file', 'files'), fc.string({ maxLength: 40 })),
        fc.boolean(),
        async (path, bytes, fields, multipart) => {
          const form = uploadForm(path.endsWith('single') ? 'file' : 'files', [{ bytes: new Uint8Array(bytes), name: 'x.bin' }], fields);
          const res = multipart
            ? await api(path, { method: 'POST', token: admin.token, raw: form })
            : await api(path, {
                method: 'POST',
                token: admin.token,
                raw: new Uint8Array(bytes),
                headers: { 'content-type': 'multipart/form-data; boundary=zz' },
              });
          if (res.status >= 500) failures.push(`${path} ${multipart} ${JSON.stringify(fields)} → ${res.status}`);
          return res.status < 500;
        },
      ),
      { numRuns: 80 },
    );
    expect(failures).toEqual([]);
    expect(await objectsBy(admin.id)).toEqual([]);
  }, 90_000);
});
