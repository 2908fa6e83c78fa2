import { env } from 'cloudflare:workers';
import { describe, expect, it, vi } from 'vitest';
import { deleteObject, deleteObjects, objectKey, putObjects, withObjects, writeOrRemove, type PendingObject } from './stored-objects.ts';

const bucket = (env as unknown as { UPLOADS: R2Bucket }).UPLOADS;

/** A fresh prefix per test, so listings only see that test's objects. */
const prefix = () => `test/stored-objects/${crypto.randomUUID()}`;
const keysUnder = async (p: string) => (await bucket.list({ prefix: `${p}/` })).objects.map((o) => o.key).sort();
const pending = (p: string, n: number): PendingObject[] =>
  Array.from({ length: n }, (_, i) => ({ key: objectKey(p, 'bin'), bytes: new Uint8Array([i, i, i]), contentType: 'application/pdf' }));

/** The real bucket, except that putting `badKey` fails (or every delete fails). */
const faulty = (o: { badKey?: string; failDeletes?: boolean }) =>
  ({
    put: (key: string, ...rest: unknown[]) =>
      key === o.badKey ? Promise.reject(new Error('put refused')) : (bucket.put as (...a: unknown[]) => unknown)(key, ...rest),
    delete: (key: string) => (o.failDeletes ? Promise.reject(new Error('delete refused')) : bucket.delete(key)),
  }) as unknown as R2Bucket;

describe('objectKey', () => {
  it('makes `<prefix>/<24-char id>.<ext>`, a new one each time', () => {
    const a = objectKey('avatars/u1', 'png');
    expect(a).toMatch(/^avatars\/u1\/[0-9a-z]{24}\.png$/);
    expect(objectKey('avatars/u1', 'png')).not.toBe(a);
  });
});

describe('putObjects', () => {
  it('stores every object with its content type, and its metadata only when given', async () => {
    const p = prefix();
    const [plain, named] = pending(p, 2);
    await putObjects(bucket, [plain!, { ...named!, metadata: { filename: 'notes.pdf' } }]);
    expect(await keysUnder(p)).toEqual([plain!.key, named!.key].sort());
    const first = await bucket.get(plain!.key);
    expect(first!.httpMetadata?.contentType).toBe('application/pdf');
    expect(first!.customMetadata).toEqual({});
    expect(new Uint8Array(await first!.arrayBuffer())).toEqual(new Uint8Array([0, 0, 0]));
    expect((await bucket.head(named!.key))!.customMetadata).toEqual({ filename: 'notes.pdf' });
  });

  it('leaves none of the batch behind when one put fails, and passes that error on', async () => {
    const p = prefix();
    const objects = pending(p, 3);
    await expect(putObjects(faulty({ badKey: objects[1]!.key }), objects)).rejects.toThrow('put refused');
    expect(await keysUnder(p)).toEqual([]);
  });
});

describe('writeOrRemove and withObjects', () => {
  it('keep the objects and return the write result when the write succeeds', async () => {
    const p = prefix();
    const objects = pending(p, 2);
    await expect(withObjects(bucket, objects, async () => 'row')).resolves.toBe('row');
    expect(await keysUnder(p)).toEqual(objects.map((o) => o.key).sort());
  });

  it('remove the new objects when the database write throws, and pass its error on', async () => {
    const p = prefix();
    const objects = pending(p, 2);
    await expect(
      withObjects(bucket, objects, async () => {
        expect(await keysUnder(p)).toHaveLength(2); // stored before the write runs
        throw new Error('insert failed');
      }),
    ).rejects.toThrow('insert failed');
    expect(await keysUnder(p)).toEqual([]);

    const [kept] = pending(p, 1);
    await putObjects(bucket, [kept!]);
    await expect(writeOrRemove(bucket, [kept!.key], () => Promise.reject(new Error('update failed')))).rejects.toThrow('update failed');
    expect(await keysUnder(p)).toEqual([]);
  });

  it('store nothing and never run the write when a put fails', async () => {
    const p = prefix();
    const objects = pending(p, 2);
    const write = vi.fn(async () => 'row');
    await expect(withObjects(faulty({ badKey: objects[0]!.key }), objects, write)).rejects.toThrow('put refused');
    expect(write).not.toHaveBeenCalled();
    expect(await keysUnder(p)).toEqual([]);
  });
});

describe('deleteObject(s)', () => {
  it('deletes the given keys and skips empty ones', async () => {
    const p = prefix();
    const objects = pending(p, 3);
    await putObjects(bucket, objects);
    await deleteObjects(bucket, [objects[0]!.key, null, undefined, '', objects[2]!.key]);
    expect(await keysUnder(p)).toEqual([objects[1]!.key]);
  });

  it('logs a failed delete instead of throwing it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await expect(deleteObject(faulty({ failDeletes: true }), 'some/key.png')).resolves.toBeUndefined();
      expect(logged).toHaveBeenCalledTimes(1);
      expect(JSON.parse(String(logged.mock.calls[0]![0]))).toMatchObject({
        level: 'error',
        message: 'R2 delete failed',
        key: 'some/key.png',
      });
    } finally {
      logged.mockRestore();
    }
  });
});
