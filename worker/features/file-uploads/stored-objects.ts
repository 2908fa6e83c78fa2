import { deleteObject } from '../../lib/uploads.ts';

/** A checked file ready to go to R2 under a server-made key. */
export type PendingObject = { key: string; bytes: Uint8Array; mimeType: string; filename: string };

/** The name a user gave a file, without any path, control characters or quotes; a default when nothing is left. */
export function cleanFileName(name: string | undefined, ext: string): string {
  const base = (name ?? '').split(/[\\/]/).pop() ?? '';
  const cleaned = base
    .replace(/[\u0000-\u001f\u007f"]/g, '')
    .trim()
    .slice(-200);
  return cleaned || `file.${ext}`;
}

/** Puts every object (filename kept in customMetadata for downloads); if one fails, the others are removed again. */
export async function putObjects(bucket: R2Bucket, objects: readonly PendingObject[]): Promise<void> {
  const results = await Promise.allSettled(
    objects.map((o) => bucket.put(o.key, o.bytes, { httpMetadata: { contentType: o.mimeType }, customMetadata: { filename: o.filename } })),
  );
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) {
    await deleteObjects(
      bucket,
      objects.map((o) => o.key),
    );
    throw failed.reason;
  }
}

export async function deleteObjects(bucket: R2Bucket, keys: readonly (string | null | undefined)[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteObject(bucket, key)));
}

/**
 * The write order of every upload here: objects first, then the row; when the database write fails
 * the new objects are removed before the error goes on, so no object is left without its row.
 */
export async function withObjects<T>(bucket: R2Bucket, objects: readonly PendingObject[], write: () => Promise<T>): Promise<T> {
  await putObjects(bucket, objects);
  try {
    return await write();
  } catch (err) {
    await deleteObjects(
      bucket,
      objects.map((o) => o.key),
    );
    throw err;
  }
}
