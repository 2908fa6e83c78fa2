/**
 * Files in R2 (the UPLOADS bucket) that a database row points at. Every upload keeps one order:
 * objects first, then the row; if the row write fails the new objects are removed again, so no
 * object is left without its row. An object a row no longer points at is deleted after that write.
 */
import { newId } from '#core/ids.ts';

/** A checked file ready to go to R2 under a server-made key. */
export type PendingObject = { key: string; bytes: Uint8Array; contentType: string; metadata?: Record<string, string> };

/** `<prefix>/<id>.<ext>`: made by the server, never from the name or path the client sent. */
export const objectKey = (prefix: string, ext: string) => `${prefix}/${newId()}.${ext}`;

/** Best effort: a failed clean-up is logged, never turned into a failed request. */
export async function deleteObject(bucket: R2Bucket, key: string | null | undefined): Promise<void> {
  if (!key) return;
  try {
    await bucket.delete(key);
  } catch (err) {
    console.error(JSON.stringify({ level: 'error', message: 'R2 delete failed', key, error: String((err as Error)?.message ?? err) }));
  }
}

export async function deleteObjects(bucket: R2Bucket, keys: readonly (string | null | undefined)[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteObject(bucket, key)));
}

/** Puts every object at once; if one put fails, the whole batch is removed again before the error goes on. */
export async function putObjects(bucket: R2Bucket, objects: readonly PendingObject[]): Promise<void> {
  const results = await Promise.allSettled(
    objects.map((o) =>
      bucket.put(o.key, o.bytes, { httpMetadata: { contentType: o.contentType }, ...(o.metadata ? { customMetadata: o.metadata } : {}) }),
    ),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (!failed) return;
  await deleteObjects(
    bucket,
    objects.map((o) => o.key),
  );
  throw failed.reason;
}

/** Runs the database write for objects just stored; if it throws, the objects go too (no orphan). */
export async function writeOrRemove<T>(bucket: R2Bucket, keys: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await deleteObjects(bucket, keys);
    throw err;
  }
}

/** Stores the objects, then runs the database write; a failed write removes them again. */
export async function withObjects<T>(bucket: R2Bucket, objects: readonly PendingObject[], write: () => Promise<T>): Promise<T> {
  await putObjects(bucket, objects);
  return writeOrRemove(
    bucket,
    objects.map((o) => o.key),
    write,
  );
}
