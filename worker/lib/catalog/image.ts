import { IMAGE_MAX_BYTES, IMAGE_MESSAGES } from '#core/catalog/images.ts';
import type { PublicPrefix } from '#worker/lib/public-files.ts';
import { tooLarge, unsupportedType } from '#worker/lib/errors.ts';
import { checkImageDimensions } from '#worker/lib/image-size.ts';
import { objectKey, withObjects } from '#worker/lib/stored-objects.ts';
import { IMAGE_TYPES, sniffType } from '#worker/lib/uploads.ts';

export type CheckedImage = { bytes: Uint8Array; mime: string; ext: string };

/**
 * Size first, then the real type from the magic bytes (never the name or the declared type), then the
 * pixel count its header claims. An empty file part means "no image".
 */
export async function checkImage(file: File | null): Promise<CheckedImage | null> {
  if (!file || file.size === 0) return null;
  if (file.size > IMAGE_MAX_BYTES) throw tooLarge(IMAGE_MESSAGES.tooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = sniffType(bytes);
  if (!type || !(IMAGE_TYPES as readonly string[]).includes(type.mime)) throw unsupportedType(IMAGE_MESSAGES.wrongType);
  checkImageDimensions(bytes);
  return { bytes, mime: type.mime, ext: type.ext };
}

/**
 * Stores the image (if any) under a server-made key, then runs the database write with that key; if
 * the write throws, the object just stored is deleted again, so no orphan is left behind.
 */
export function withStoredImage<T>(
  bucket: R2Bucket,
  prefix: PublicPrefix,
  image: CheckedImage | null,
  write: (key: string | null) => Promise<T>,
): Promise<T> {
  const key = image ? objectKey(prefix, image.ext) : null;
  const objects = image && key ? [{ key, bytes: image.bytes, contentType: image.mime }] : [];
  return withObjects(bucket, objects, () => write(key));
}

/** After a row is gone or its picture replaced: delete the objects it no longer points at. */
