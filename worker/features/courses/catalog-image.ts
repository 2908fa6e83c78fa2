import { newId } from '#core/ids.ts';
import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#core/catalog/images.ts';
import type { PublicPrefix } from '../files/files.ts';
import { tooLarge, unsupportedType } from '../../lib/errors.ts';
import { deleteObject, IMAGE_TYPES, putObject, sniffType } from '../../lib/uploads.ts';

export type CheckedImage = { bytes: Uint8Array; mime: string; ext: string };

/** Size first, then the real type from the magic bytes (never the name or the declared type). An empty file part means "no image". */
export async function checkImage(file: File | null): Promise<CheckedImage | null> {
  if (!file || file.size === 0) return null;
  if (file.size > IMAGE_MAX_BYTES) throw tooLarge(IMAGE_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(IMAGE_MESSAGES.wrongType);
  return { bytes, mime: type.mime, ext: type.ext };
}

/**
 * Stores the image (if any) under a server-made key, then runs the database write with that key; if
 * the write throws, the object just stored is deleted again, so no orphan is left behind.
 */
export async function withStoredImage<T>(
  bucket: R2Bucket,
  prefix: PublicPrefix,
  image: CheckedImage | null,
  write: (key: string | null) => Promise<T>,
): Promise<T> {
  const key = image ? `${prefix}/${newId()}.${image.ext}` : null;
  if (image && key) await putObject(bucket, key, image.bytes, image.mime);
  try {
    return await write(key);
  } catch (err) {
    await deleteObject(bucket, key);
    throw err;
  }
}

/** After a row is gone or its picture replaced: delete the objects it no longer points at. */
export async function deleteImages(bucket: R2Bucket, keys: readonly (string | null | undefined)[]): Promise<void> {
  await Promise.all(keys.map((key) => deleteObject(bucket, key)));
}
