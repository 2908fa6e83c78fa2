import { newId } from '#core/ids.ts';
import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  UPLOAD_MESSAGES,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  type MediaType,
} from '#core/media/limits.ts';
import { tooLarge, unsupportedType } from '../../lib/errors.ts';
import { deleteObject, sniffType } from '../../lib/uploads.ts';
import { imageSize } from '../../lib/image-size.ts';
import { isSitePath } from './object-url.ts';

/** A file whose real type (magic bytes) and size were checked; images carry their pixel size when known. */
export type CheckedFile = {
  bytes: Uint8Array;
  mime: string;
  ext: string;
  kind: MediaType;
  size: number;
  name: string;
  width: number | null;
  height: number | null;
};

/** 'image': JPEG/PNG/WebP ≤ 5 MB; 'media': those, or MP4/WebM video ≤ 50 MB. */
export type Accept = 'image' | 'media';

const isImage = (mime: string) => (IMAGE_MIME_TYPES as readonly string[]).includes(mime);
const isVideo = (mime: string) => (VIDEO_MIME_TYPES as readonly string[]).includes(mime);

/** Sniffs the head of the file first, so an oversized file is refused before its bytes are copied. */
export async function checkFile(file: File, accept: Accept): Promise<CheckedFile> {
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  const type = sniffType(head);
  const typeMessage = accept === 'image' ? UPLOAD_MESSAGES.imageType : UPLOAD_MESSAGES.mediaType;
  if (!type) throw unsupportedType(typeMessage);
  const kind: MediaType | null = isImage(type.mime) ? 'image' : accept === 'media' && isVideo(type.mime) ? 'video' : null;
  if (!kind) throw unsupportedType(typeMessage);
  if (kind === 'image' && file.size > IMAGE_MAX_BYTES) throw tooLarge(UPLOAD_MESSAGES.imageTooLarge);
  if (kind === 'video' && file.size > VIDEO_MAX_BYTES) throw tooLarge(UPLOAD_MESSAGES.videoTooLarge);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const dims = kind === 'image' ? imageSize(bytes) : null;
  return {
    bytes,
    mime: type.mime,
    ext: type.ext,
    kind,
    size: bytes.byteLength,
    name: safeName(file.name),
    width: dims?.width ?? null,
    height: dims?.height ?? null,
  };
}

export const checkFiles = (files: File[], accept: Accept) => Promise.all(files.map((f) => checkFile(f, accept)));

const safeName = (name: string) => name.replace(/[\u0000-\u001f\u007f"\\/]/g, '_').slice(-200);

/** Puts each file under `<prefix>/<newId>.<ext>`; if one put fails the ones already stored are removed. */
export async function putFiles(storage: R2Bucket, prefix: string, files: CheckedFile[]): Promise<string[]> {
  const keys: string[] = [];
  try {
    for (const f of files) {
      const key = `${prefix}/${newId()}.${f.ext}`;
      await storage.put(key, f.bytes, { httpMetadata: { contentType: f.mime }, customMetadata: f.name ? { filename: f.name } : {} });
      keys.push(key);
    }
    return keys;
  } catch (err) {
    await removeObjects(storage, keys);
    throw err;
  }
}

/** Runs the database write for objects just stored; if it throws, the objects go too (no orphan). */
export async function writeOrRemove<T>(storage: R2Bucket, keys: readonly string[], write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    await removeObjects(storage, keys);
    throw err;
  }
}

/** Best-effort deletes; seeded site paths are not objects and are skipped. */
export const removeObjects = (storage: R2Bucket, keys: readonly (string | null | undefined)[]) =>
  Promise.all(keys.map((k) => (k && !isSitePath(k) ? deleteObject(storage, k) : undefined))).then(() => undefined);
