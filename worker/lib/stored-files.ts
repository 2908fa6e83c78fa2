import {
  IMAGE_MAX_BYTES,
  IMAGE_MIME_TYPES,
  UPLOAD_MESSAGES,
  VIDEO_MAX_BYTES,
  VIDEO_MIME_TYPES,
  type MediaType,
} from '#core/media/limits.ts';
import { tooLarge, unsupportedType } from './errors.ts';
import { checkImageDimensions } from './image-size.ts';
import { isSitePath } from './public-files.ts';
import { deleteObjects, objectKey, putObjects, type PendingObject } from './stored-objects.ts';
import { sniffType } from './uploads.ts';

/**
 * The content uploads (media, assets, charts, testimonials, alliances, posts): one check of type,
 * size and image dimensions, the puts under server-made keys, and the best-effort deletes.
 */

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

/** Sniffs the head of the file first, so an oversized file is refused before its bytes are copied; images over the pixel limit are refused (400). */
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
  const dims = kind === 'image' ? checkImageDimensions(bytes) : null;
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

const safeName = (name: string) => name.replace(/[\p{Cc}"\\/]/gu, '_').slice(-200);

/** Puts the files under `<prefix>/<newId>.<ext>`, their names kept for downloads; if one put fails, none stay. */
export async function putFiles(storage: R2Bucket, prefix: string, files: CheckedFile[]): Promise<string[]> {
  const objects = files.map((f): PendingObject => ({
    key: objectKey(prefix, f.ext),
    bytes: f.bytes,
    contentType: f.mime,
    metadata: f.name ? { filename: f.name } : {},
  }));
  await putObjects(storage, objects);
  return objects.map((o) => o.key);
}

/** Best-effort deletes; seeded site paths are not objects and are skipped. */
export const removeObjects = (storage: R2Bucket, keys: readonly (string | null | undefined)[]) =>
  deleteObjects(
    storage,
    keys.filter((k) => !k || !isSitePath(k)),
  );
